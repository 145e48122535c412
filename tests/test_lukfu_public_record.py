"""The Luk Fu observation's record is built straight from the engine's (solver/lukfu/record.py
`public_record`), not written to JSON and read back: it must equal what reading its JSON
form back would give, for every seat at every step of random deals."""

from __future__ import annotations

import random

from moneycards.solver.games import GAMES
from moneycards.solver.lukfu.record import parse_record, public_record, record_to_json


def json_seen_by(rec, seat: int) -> dict:
    """The record's JSON with every face-down card hidden, then the seat's own shown."""
    public = record_to_json(rec, with_hidden=False)
    for t, trick in enumerate(rec.tricks):
        for k, a in enumerate(trick.actions):
            if a.seat == seat and a.play is None and a.hidden:
                public["tricks"][t]["plays"][k]["cards"] = GAMES["lukfu"].deck.render(a.hidden)
    return public


def test_the_public_record_equals_its_json_read_back():
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        state = GAMES["lukfu"].seeded(seed)
        while not state.is_over:
            rec = state.record_
            for seat in range(3):
                public = json_seen_by(rec, seat)
                assert public_record(rec, seat) == parse_record(public, rec.rules)
                obs = state.observation(seat)
                assert obs.record == parse_record(public, rec.rules)
                assert obs.record_json == {k: v for k, v in public.items() if k != "game"}
                checked += 1
            state.apply(rng.choice(state.legal_texts()))
    assert checked > 300


def test_no_seat_sees_another_seats_face_down_cards():
    """LF-F1: in a seat's record, only its own face-down follows carry their cards."""
    rng = random.Random(4)
    downs = 0
    for seed in range(20):
        state = GAMES["lukfu"].seeded(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_texts()))
        for seat in range(3):
            for trick in public_record(state.record_, seat).tricks:
                for a in trick.actions:
                    if a.play is None:
                        downs += a.seat != seat
                        assert (a.hidden is not None) == (a.seat == seat)
    assert downs > 10


def test_a_follow_that_does_not_beat_is_refused_by_the_rule_it_fails_as_the_table_does():
    """A face-up follow that does not beat goes face down (LF-F1), and the reason is the
    rule that decides what beats: a set over a led set of 1s by LF-F3 (R-ace-sets), a single
    by LF-F2, a run by LF-F4 — as a game record's replay names it."""
    import pytest

    from moneycards.solver.errors import InvalidInput

    def refused(lead: str, follow: str, **rules) -> tuple[str, str]:
        data = {"master": 0, "calls": ["play"], "rules": rules,
                "tricks": [{"leader": 0, "plays": [{"seat": 0, "cards": lead},
                                                   {"seat": 1, "cards": follow}]}]}
        with pytest.raises(InvalidInput) as err:
            parse_record(data)
        return err.value.rule, err.value.message

    rule, said = refused("1c1s1m", "2c2s2m")
    assert rule == "LF-F3" and "a led set of 1s is beaten only by 9s, not 2s" in said
    assert refused("5c", "3c")[0] == "LF-F2"
    assert refused("567c", "234c")[0] == "LF-F4"
    parse_record({"master": 0, "calls": ["play"], "rules": {"ace_sets_beaten_only_by_nines":
                                                            False},
                  "tricks": [{"leader": 0, "plays": [{"seat": 0, "cards": "1c1s1m"},
                                                     {"seat": 1, "cards": "2c2s2m"}]}]})
