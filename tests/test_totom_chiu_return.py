"""TT-P4: after an out-of-turn Chíu the claimant's discard goes back to the interrupted
doorway. Every seat's observation says where (`discard_to`: public, all saw the Chíu); the
hint's sampled worlds send it there (they sent it to the next seat); the moves say it — in
English ("discard, back to Seat 2's doorway") and in Chắn words ("Trả cửa", where they said
"Đánh", a Chắn player's trial)."""

from __future__ import annotations

import random

import pytest

from moneycards.solver.games import seeded
from moneycards.solver.totom import TOTOM, search as tt_search
from moneycards.solver.totom.chan import chan_action, chan_turn, read_chan
from moneycards.solver.totom.observation import from_json
from moneycards.solver.totom.screen import view
from moneycards.solver.totom.sim import from_state, move_of
from tests.test_web_words import ESBUILD, WEB, say

NAMES = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]


def after_a_chiu(seed: int):
    """A deal played at random, a Chíu always claimed, until a claimant discards after an
    out-of-turn Chíu: the state, or None."""
    state, rng = seeded("totom", seed), random.Random(seed)
    while not state.is_over:
        obs = state.observation(state.current_seat())
        if obs.discard_to is not None:
            return state
        acts = obs.legal_actions
        state.apply("chiu" if "chiu" in acts else rng.choice(acts))
    return None


def states(n: int = 4):
    found = [s for s in (after_a_chiu(seed) for seed in range(40)) if s is not None]
    assert len(found) >= n
    return found[:n]


def test_every_seat_sees_where_the_discard_goes_and_it_goes_there():
    for state in states():
        seat = state.current_seat()
        back = state.return_to
        assert back is not None and back != seat
        for s in range(4):  # public: every seat saw the Chíu
            obs = state.observation(s)
            assert obs.discard_to == back
            assert from_json(obs.to_json()).discard_to == back  # and its JSON says it
        action = state.observation(seat).legal_actions[0]
        state.apply(action)
        assert state.offer.seat == back and state.offer.door == back
        assert state.observation(seat).discard_to is None  # said once, then gone


def test_the_sampled_worlds_send_the_discard_back():
    for k, state in enumerate(states()):
        obs = state.observation(state.current_seat())
        action = obs.legal_actions[0]
        world = tt_search.world(obs, random.Random(k))
        assert world.return_to == obs.discard_to
        sim = from_state(world)
        sim.apply(move_of(action))
        world.apply(action)
        assert world.offer.seat == obs.discard_to and sim.offer[1] == obs.discard_to


def test_the_moves_say_the_discard_goes_back():
    state = states(1)[0]
    obs = state.observation(state.current_seat())
    back = NAMES[obs.discard_to]
    assert f"discard, back to {back}'s doorway (TT-P4)" in view(obs, NAMES)[0]
    # in Chắn words the doorway is a cửa, as the web table says it (below)
    assert f"discard, back to {back}'s cửa (TT-P4)" in view(obs, NAMES, chan=True)[0]
    action = obs.legal_actions[0]
    card = action.split()[1]
    assert chan_action(obs, action) == f"Trả cửa {TOTOM.name(TOTOM.parse(card)[0])}"
    assert chan_turn(obs, "discard").startswith("trả cửa — ")
    assert read_chan(["tra", "cua", card], obs) == action
    if not (ESBUILD.exists() and (WEB / "src" / "gen").exists()):
        pytest.skip("the web table's packages are not installed (npm ci in web/)")


def test_the_web_table_says_the_same(tmp_path):
    if not (ESBUILD.exists() and (WEB / "src" / "gen").exists()):
        pytest.skip("the web table's packages are not installed (npm ci in web/)")
    said = say(tmp_path, "[w.chanWords({ phase: 2, discardTo: 2 }, 'discard 3c', []), "
                         "w.chanWords({ phase: 2 }, 'discard 3c', []), "
                         "w.chanTurn({ phase: 2, discardTo: 2 }, ['discard 3c'], "
                         "['You', 'AI 1', 'AI 2', 'AI 3']), "
                         "w.turnWhat('totom', { phase: 2 }, ['discard 3c'])]")
    assert said == ["Trả cửa Tam văn", "Đánh Tam văn",
                    "trả cửa — discard, back to AI 2's cửa (TT-P4)", "discard"]


def test_the_log_says_where_the_discard_goes_and_calls_it_tra_cua(tmp_path):
    """The discard after an out-of-turn Chíu is logged with where it goes ("6c goes back to
    Seat 2's doorway (TT-P4)"): the log named only the discard, and its Chắn verb said
    "đánh" where the moves said "Trả cửa"; an ordinary discard's entry says neither."""
    from moneycards.solver.tables import AI, Seat, Table
    from moneycards.solver.totom.chan import chan_log_verb

    state = states(1)[0]
    seat, back = state.current_seat(), state.return_to
    action = state.observation(seat).legal_actions[0]
    card = action.split()[1]
    mark = len(state.events)
    state.apply(action)
    lines = state.events[mark:]
    assert lines[:1] == [f"{card} goes back to Seat {back}'s doorway (TT-P4)"]
    name = TOTOM.name(TOTOM.parse(card)[0])  # the card by its name, as the moves say it
    assert chan_log_verb(action, lines, False) == f"trả cửa {name}"
    t = Table.create("totom", [Seat(AI, "greedy", n) for n in NAMES], seed=3, ai_only=True)
    plain = [e for e in t.events(0) if e.action.startswith("discard ")]
    assert plain and all(chan_log_verb(e.action, e.lines, False)
                         == f"đánh {TOTOM.name(TOTOM.parse(e.action.split()[1])[0])}"
                         for e in plain)
    assert not any("goes back" in x for e in plain for x in e.lines)
    if ESBUILD.exists() and (WEB / "src" / "gen").exists():
        said = say(tmp_path, f"[w.chanLogVerb({action!r}, {lines!r}, false), "
                             "w.chanLogVerb('discard 3c', [], false)]")
        assert said == [f"trả cửa {name}", "đánh Tam văn"]
