"""Deal rules by id that the scripted and random tests exercise only implicitly:
TT-S1–S3, TT-T1–T4, KW-T1–T2."""

import random
from collections import Counter

import pytest

from moneycards.solver.games import seeded
from moneycards.solver.kowah.table import KowahState
from moneycards.solver.table import IllegalAction, OutcomeKind
from moneycards.solver.totom.table import TotomState


def test_TT_S1_S2_four_seats_random_dealer_20_19_19_19_23():
    """TT-S1 (four seats, a random dealer) and TT-S2 (20, 19, 19, 19 and a stock of 23)."""
    dealers = Counter()
    for seed in range(40):
        state = TotomState(seed)
        dealers[state.dealer] += 1
        sizes = [sum(h) for h in state.hands]
        assert sizes[state.dealer] == 20 and sorted(sizes) == [19, 19, 19, 20]
        assert len(state.stock) == 23
    assert set(dealers) == {0, 1, 2, 3}


def test_TT_S3_dealer_discards_first():
    for seed in range(20):
        state = TotomState(seed)
        assert state.current_seat() == state.dealer or state.dead_hand
        assert all(a.startswith("discard ") or a in ("win", "decline")
                   for a in state.legal_texts())


def test_TT_T1_T2_T3_offer_capture_discard_pass_expose():
    rng = random.Random(2)
    checked = Counter()
    for seed in range(30):
        state = TotomState(seed)
        while not state.is_over:
            seat, phase = state.current_seat(), state.phase
            action = rng.choice(state.legal_texts())
            offer = state.offer
            state.apply(action)
            if state.is_over:
                break
            if action.startswith("discard ") and state.phase == "offer" and \
                    state.return_to is None and not state.claims:
                # TT-T1: a discard is offered to the next seat (unless a Chíu interrupted).
                assert state.offer.card.text == action.split()[1]
                checked["T1"] += 1
            if action.startswith("capture "):
                assert state.phase == "discard" and state.current_seat() == seat  # TT-T2
                checked["T2"] += 1
            if action == "pass" and phase == "offer" and offer.kind != "exposed" and \
                    state.phase in ("offer", "claims") and state.offer is not None:
                # TT-T3: passing exposes the top stock card at the seat's own doorway.
                assert state.offer.door == seat and state.offer.kind == "exposed"
                checked["T3 expose"] += 1
            if action == "pass" and phase == "offer" and offer.kind == "exposed":
                assert state.offer.kind == "passed" and state.offer.seat == (seat + 1) % 4
                checked["T3 pass on"] += 1
    assert all(checked[k] > 10 for k in ("T1", "T2", "T3 expose", "T3 pass on")), checked


def test_TT_T4_empty_stock_draws_the_deal():
    rng = random.Random(0)
    seen = 0
    for seed in range(30):
        state = TotomState(seed)
        while not state.is_over:
            acts = state.legal_texts()
            state.apply(rng.choice([a for a in acts if a not in ("win", "chiu")] or acts))
        if state.result.kind is OutcomeKind.DRAWN:
            assert state.result.rule == "TT-T4" and state.stock == []
            assert state.result.net == (0, 0, 0, 0)
            seen += 1
    assert seen


def test_KW_T1_three_seats_eight_cards_random_first_seat():
    firsts = {KowahState(seed).first for seed in range(30)}
    assert firsts == {0, 1, 2}
    state = KowahState(3)
    assert [sum(h) for h in state.hands] == [8, 8, 8] and len(state.stock) == 96


def test_KW_T2_draw_or_take_then_discard_back_to_eight():
    state = seeded("kowah", 6)
    rng = random.Random(1)
    for _ in range(40):
        seat = state.current_seat()
        before = sum(state.hands[seat])
        first = rng.choice(state.legal_texts())
        assert first in ("draw", "take")
        state.apply(first)
        if state.is_over:
            break
        assert sum(state.hands[seat]) == before + 1
        state.apply(rng.choice(state.legal_texts()))
        if state.is_over:
            break
        assert sum(state.hands[seat]) == 8
        while not state.is_over and state.phase == "declare":
            state.apply(state.legal_texts()[0])
        if state.is_over:
            break


def _ended(game, outcome, rng):
    for seed in range(200):
        state = seeded(game, seed)
        while not state.is_over:
            acts = state.legal_texts()
            wins = [a for a in acts if a in ("win", "claim")]
            state.apply(wins[0] if wins and outcome == "win" else rng.choice(
                [a for a in acts if a not in ("win", "claim")] or acts))
        if state.result.kind is OutcomeKind(outcome):
            return state
    raise AssertionError(f"no {outcome} deal of {game}")


def test_an_action_after_the_deal_cites_the_rule_that_ended_it():
    rng = random.Random(9)
    expected = {("totom", "drawn"): {"TT-T4"}, ("totom", "win"): {"TT-P1", "TT-P6", "TT-W7"},
                ("kowah", "drawn"): {"KW-K2"}, ("kowah", "win"): {"KW-X2", "KW-X4"},
                ("lukfu", "drawn"): {"LF-W4", "R-claim-timing"}, ("lukfu", "win"): {"LF-W2"}}
    for (game, outcome), rules in expected.items():
        state = _ended(game, outcome, rng)
        with pytest.raises(IllegalAction) as err:
            state.apply("pass")
        assert err.value.rule in rules, (game, outcome, err.value.rule)
        # the action quoted, as every refused action is (check-record's INVALID line)
        assert err.value.message.startswith("'pass' after the end: the deal is over: ")
