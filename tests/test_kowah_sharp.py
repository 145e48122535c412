"""Kowah rules at their edges: exact waits, unseen copies, multipliers and the public draws
(rules/kowah.md)."""

from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.check import check_text
from moneycards.solver.kowah.table import KowahState
from tests.table_helpers import kowah_deal


def test_KW_R6_unseen_copies_of_each_wait_count_the_seen_cards():
    """The unseen copies shown for a wait: four, less the hand's, less the --seen cards."""
    hand = "55c 55s 5m 777c"  # waits on 5c or 5s (KW-R5)
    assert check_text(hand).to_dict()["unseen_waits"] == {"5c": 2, "5s": 2}
    v = check_text(hand, seen="5c 5s 5s")
    assert v.to_dict()["unseen_waits"] == {"5c": 1, "5s": 0}
    assert check_text("222h 555c 99s", seen="9s").to_dict()["unseen_waits"] == {"9s": 1}


def test_KW_R5_a_pair_beside_a_one_suit_triplet_of_its_rank_is_not_ready():
    """55c with 5s5s5s: three of one suit and two of another, not 2-2-1."""
    v = check_text("55c 555s 777m")
    assert not v.ready and [x.rule for x in v.violations] == ["KW-R5"]
    assert check_text("55c 55s 5m 777m").ready  # 2-2-1


def test_KW_X2_a_declared_seat_wins_on_drawing_its_own_wait():
    """Seat 0 declares 99s; its next automatic turn draws 9s: self-draw, x3."""
    deal = kowah_deal(["222h 555c 99s", "", ""], "1c 3h 3h 9s", first=0)
    state = KowahState(None, deal=deal)
    state.apply("draw")  # 1c
    state.apply("discard 1c")
    assert state.legal_texts() == ["declare 99s"]
    state.apply("declare 99s")
    # Seat 1 and 2 draw; then seat 0's automatic turn draws its wait.
    while not state.is_over:
        acts = state.legal_texts()
        state.apply("draw" if "draw" in acts else acts[-1])
    r = state.result
    assert r.winner == 0 and r.via == "self-draw" and r.multiplier == 3 and r.card == "9s"


def test_KW_X3_no_stock_draw_is_public_before_a_declaration():
    state = KowahState(None, deal=kowah_deal(["", "", ""], "3h", first=0))
    state.apply("draw")
    for seat in (1, 2):
        obs = state.observation(seat).to_json()
        assert obs["public_draws"] == [] and obs["hand"] == KOWAH.render(state.hands[seat])


def test_R_one_triplet_rule_in_both_engines():
    """Pair 55c beside 5c5c5s (4-1: breaks KW-R5) and 5s5s5m (2-2-1): not ready, in the
    exact engine as in the CP-SAT model; with every sharing triplet 2-2-1 it is ready."""
    for engine in ("exact", "cpsat"):
        v = check_text("5555c 555s 5m", engine=engine)
        assert not v.ready and [x.rule for x in v.violations] == ["KW-R5"], engine
        v = check_text("55c 555s 555m", engine=engine)
        assert v.ready and v.to_dict()["waits"] == ["5c"], engine
