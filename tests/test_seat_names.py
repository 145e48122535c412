"""Seats named as the screen names them: a hint names seats from the asking seat's point of
view (a table's names when it has them), with the verb agreeing, and a refusal names the
acting seat as the table does."""

from __future__ import annotations

import random

import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.games import seeded
from moneycards.solver.hints import hint
from moneycards.solver.table import IllegalAction, named_seats


def kowah_207_seat_2_facing_a_wait():
    """Kowah seed 207: seat 2 to discard, holding the card seat 0 declared it waits on."""
    rng = random.Random(207)
    state = seeded("kowah", 207)
    while not state.is_over:
        seat = state.current_seat()
        obs = state.observation(seat)
        wait = obs.declared.get(0)
        if seat == 2 and obs.phase.name == "DISCARD" and wait is not None \
                and obs.hand[KOWAH.index(wait)]:
            return obs, wait
        acts = state.legal_texts()
        act = rng.choice(acts)
        state.apply(acts[0] if act == "stay" else act)
    pytest.fail("seat 2 never held seat 0's wait")


def test_a_kowah_hint_names_the_seats_as_the_asking_seat_sees_them():
    """KW-X4: the discard that hands seat 0 the win. Seat 2 asks: seat 0 is not "You"."""
    obs, wait = kowah_207_seat_2_facing_a_wait()
    loses = f"discard {wait}"

    def reason() -> str:
        return next(r.reason for r in hint(obs) if r.action == loses)

    assert reason().startswith(f"loses the deal: Seat 0 waits on {wait}: ")
    with named_seats(["AI 0", "AI 1", "You"]):  # as a table names them (its screen too)
        assert reason().startswith(f"loses the deal: AI 0 waits on {wait}: ")
    with named_seats(["You", "Ana", "Binh"]):  # the table's names stand: seat 0 is "You"
        assert reason().startswith(f"loses the deal: You wait on {wait}: ")


def test_a_refusal_names_the_seat_as_the_table_does():
    from moneycards.solver.tables import Seat, Table

    for name, said in (("You", "by you:"), ("Ana", "by Ana:")):
        table = Table.create("kowah", [Seat("human", "", name), Seat("ai", "greedy"),
                                       Seat("ai", "greedy")], seed=2)
        obs = table.observation(0)
        assert "draw" in obs.legal_actions  # a discard before drawing is refused (KW-T2)
        card = KOWAH.faces_of(list(obs.hand))[0]
        with pytest.raises(IllegalAction) as refused:
            table.act(0, f"discard {card}")
        assert said in refused.value.message and "seat 0" not in refused.value.message
    state = seeded("kowah", 2)  # no names: the seat's number
    seat = state.current_seat()
    with pytest.raises(IllegalAction) as refused:
        state.apply(f"discard {KOWAH.faces_of(list(state.hands[seat]))[0]}")
    assert f"by seat {seat}:" in refused.value.message
