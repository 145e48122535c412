"""The hint and the AI play by the table's rules (TT-W5 and the `traditional` preset): at a
table where R-Chi-chi-win is off, a hand of 7 Chắn and 3 Cạ won on Chi chi wins, and the
hint that ranked it by the seed page's rules said "no card makes this hand win (TT-W5)"
of a hand one card from a win, and refused the win a table offered as not a win."""

from __future__ import annotations

import dataclasses
import random

import pytest

from moneycards.solver import hints
from moneycards.solver.errors import InvalidInput
from moneycards.solver.totom import TOTOM, hint as tt_hint, search as tt_search, sim
from moneycards.solver.totom.observation import from_json
from moneycards.solver.totom.rules import SEED, TRADITIONAL
from moneycards.solver.totom.table import TotomState

# Seven Chắn and three Cạ with Chi chi as the twentieth card (TT-W5 refuses it; tradition
# does not): 33c 66c 66c 66s 44m 77s 1h1h, and 2c2m 8c8m 9c9s.
NINETEEN = "33c 6666c 66s 44m 77s 2c2m 8c8m 9c9s 1h"


def observation(phase: str, legal: list[str], offer: dict | None, claim: str | None = None):
    data = {
        "game": "totom", "seat": 1, "to_act": 1, "phase": phase, "dealer": 0,
        "hand": NINETEEN, "hand_sizes": [19, 19, 19, 19], "stock": 10,
        "exposed": [{"pairs": []}] * 4, "legal_actions": legal,
    }
    if offer:
        data["offer"] = offer
    if claim:
        data["claim"] = claim
    return from_json(data)


def win_offer(rules):
    obs = observation("TOTOM_PHASE_CLAIMS", ["win", "decline"],
                      {"card": "1h", "seat": 1, "kind": "OFFER_KIND_EXPOSED", "door": 1},
                      "CLAIM_WIN")
    return dataclasses.replace(obs, rules=rules)


def test_a_traditional_table_s_win_on_chi_chi_is_ranked_not_refused():
    ranked = hints.hint(win_offer(TRADITIONAL))
    assert ranked[0].action == "win"
    # the seed page's rules refuse it: the facts name TT-W5's hand as no win
    with pytest.raises(InvalidInput, match="does not win with 1h"):
        hints.hint(win_offer(SEED))


@pytest.mark.parametrize("rules, waits", [(SEED, 0), (TRADITIONAL, 3)])
def test_the_wait_on_chi_chi_is_counted_by_the_table_s_rules(rules, waits):
    """The nineteen waits on Chi chi alone: 3 unseen copies wait at a traditional table; at
    the seed page's none does, and the hint says why (TT-W5)."""
    obs = dataclasses.replace(observation("TOTOM_PHASE_DISCARD", [], None), rules=rules)
    view = tt_hint.View(obs)
    exposed = [0] * len(TOTOM.faces)
    assert view.live_waits(obs.hand, exposed) == waits
    why = view.why_no_win(obs.hand, exposed)
    assert (why is None) == (rules is TRADITIONAL)
    if why is not None:
        assert "TT-W5" in why


def test_the_search_plays_other_rules_out_by_the_engine(monkeypatch):
    """The simulator plays the seed page's rules; a table of other rules is played out by
    the table engine (the traditional preset's values, Thông and Địa ù, its errors)."""
    assert sim.plays(SEED) and sim.plays(dataclasses.replace(SEED, dealer_rotates=True))
    assert not sim.plays(TRADITIONAL)
    assert not sim.plays(dataclasses.replace(SEED, must_take_win=True))
    state = TotomState(seed=5, rules=TRADITIONAL)
    while state.current_seat() is not None and not tt_search.searchable(
            state.observation(state.current_seat())):
        state.apply(state.legal_texts()[0])
    obs = state.observation(state.current_seat())
    assert obs.rules is TRADITIONAL  # the table's observation carries its rules
    cands = list(obs.legal_actions)[:3]
    called = []
    real = sim.from_state
    monkeypatch.setattr(tt_search, "from_state", lambda s: called.append(1) or real(s))
    by_engine = tt_search.simulated(obs, cands, 4, seed=1)
    assert called == [] and all(by_engine[a].worlds == 4 for a in cands)
    seeded = tt_search.simulated(dataclasses.replace(obs, rules=SEED), cands, 4, seed=1)
    assert called and all(seeded[a].worlds == 4 for a in cands)


def test_strong_plays_whole_traditional_deals():
    """Every decision of `strong` at a traditional table is one of the table's legal
    actions, to each deal's end (a hint by the seed page's rules failed on a Chi chi win)."""
    for seed in range(3):
        state = TotomState(seed=seed, rules=TRADITIONAL)
        rng = random.Random(seed)
        steps = 0
        while state.current_seat() is not None:
            action = hints.choose(state, "strong" if state.current_seat() == 0 else "greedy",
                                  rng)
            assert action in state.legal_texts()
            state.apply(action)
            steps += 1
        assert state.result is not None and steps > 10


DISCARD_STATE = {
    "game": "totom", "seat": 1, "to_act": 1, "phase": "TOTOM_PHASE_DISCARD", "dealer": 0,
    "hand": NINETEEN + " 5s", "hand_sizes": [19, 20, 19, 19], "stock": 10,
    "exposed": [{"pairs": []}] * 4, "legal_actions": ["discard 5s", "discard 1h"],
}


@pytest.mark.parametrize("rules, said", [
    (None, "no card makes this hand win: with 1h, won on Chi chi, the hand needs exactly "
           "6 Chắn and 4 Cạ, not 7 and 3 (TT-W5)"),
    ("traditional", "waiting: 3 live winning cards"),
])
def test_hint_is_told_the_table_s_rules_beside_the_json_observation(tmp_path, rules, said):
    """The observation's JSON leaves the rules out: `hint --rules` tells them, and the
    discard that keeps the wait on Chi chi is judged by them."""
    import json

    from click.testing import CliRunner

    from moneycards.cli.main import cli

    path = tmp_path / "obs.json"
    path.write_text(json.dumps(DISCARD_STATE))
    args = ["totom", "hint", "--state", str(path)] + (["--rules", rules] if rules else [])
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    line = next(x for x in r.output.splitlines() if "discard 5s" in x)
    assert said in line, line
    bad = CliRunner().invoke(cli, ["totom", "hint", "--state", str(path), "--rules", "x"])
    assert bad.exit_code == 2 and "--rules" in bad.output


def test_the_hint_call_is_told_the_table_s_rules(channel):
    import json

    from moneycards.v1 import totom_pb2 as pb
    from moneycards.v1 import totom_pb2_grpc

    stub = totom_pb2_grpc.TotomServiceStub(channel)
    text = json.dumps(DISCARD_STATE)

    def why(**rules) -> str:
        r = stub.Hint(pb.TotomServiceHintRequest(observation_json=text, **rules), timeout=60)
        return next(a.explanation for a in r.actions if a.action == "discard 5s")

    assert "(TT-W5)" in why()
    assert "waiting: 3 live winning cards" in why(
        rules=pb.TotomRules(preset=pb.TOTOM_RULES_PRESET_TRADITIONAL))
    assert "waiting: 3 live winning cards" in why(  # the switch alone
        rules=pb.TotomRules(chi_chi_win_needs_six_four=False))
