"""Tổ Tôm rules at their edges: exact points, bonus counts and rule ids (rules/totom.md).

Each test pins one rule where a slip would otherwise go unnoticed: a boundary (exactly eight
red cards, no red card at all), a count per instance (R-per-face), every value of the TT-K3
table in both presets, the Ù chì path through a whole deal, and the TT-P3 priority order
from each doorway.
"""

import re
from pathlib import Path

import pytest

from moneycards.solver.totom.observation import Phase
from moneycards.solver.totom import TOTOM
from moneycards.solver.table import IllegalAction
from moneycards.solver.errors import ContextError
from moneycards.solver.totom import rules as R
from moneycards.solver.totom.check import check_text
from moneycards.solver.totom.table import Offer, TotomState
from tests.table_helpers import totom_deal

ROOT = Path(__file__).resolve().parents[1]
F = lambda t: TOTOM.parse(t)[0]  # noqa: E731


def keys(v):
    return {b.bonus.key: b.count for b in v.score.bonuses}


def scored(hand, rules=None, **ctx):
    """(bonus counts, points, main bonus, scoring rule) of a winning hand."""
    v = check_text(hand, rules=rules, engine="exact", **ctx)
    assert v.wins, v.violations
    return keys(v), v.points, v.score.main, v.score.rule


# -- TT-K3: the table, read from the rules text, in both presets -------------------------
def _spec_table():
    text = (ROOT / "docs/rules/totom.md").read_text(encoding="utf-8")
    seed = {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"^\| ([^|]+?) \| [^|]+ \| (\d+) / (\d+) \|$", text, re.M)}
    line = next(x for x in text.splitlines() if x.startswith("Where it differs from the page"))
    trad = {m.group(1): (int(m.group(2)), int(m.group(3))) for m in re.finditer(
        r"(Thiên khai|Chíu ù|Bòn|Bạch thủ chi|Thông|Địa ù)[^0-9;]*?(\d+)/(\d+)", line)}
    return seed, trad


def test_TT_K3_every_value_of_the_table_in_both_presets():
    seed, trad = _spec_table()
    assert len(seed) == 12 and len(trad) == 6
    by_name = {b.name: b for b in R.SEED.bonuses.values()}
    for name, value in seed.items():
        assert (by_name[name].main, by_name[name].dich) == value, name
    t_by_name = {b.name: b for b in R.TRADITIONAL.bonuses.values()}
    for name, value in {**seed, **trad}.items():
        assert (t_by_name[name].main, t_by_name[name].dich) == value, name


# Bạch định (0 red) beside Thập thành: the seed preset sums mains (TT-K5), the traditional
# preset scores Thập thành flat under TT-K2, so Bạch định's dịch shows.
ALL_BLACK_CHAN = "22c 33c 44c 55c 66c 77c 22s 33s 44s 55s"


def test_TT_K3_bach_dinh_dich_is_four_and_main_is_seven():
    assert scored(ALL_BLACK_CHAN, win_card="2c") == (
        {"thap_thanh": 1, "bach_dinh": 1}, 12 + 7, None, "TT-K5")
    assert scored(ALL_BLACK_CHAN, rules="traditional", win_card="2c") == (
        {"thap_thanh": 1, "bach_dinh": 1}, 12 + 4, "thap_thanh", "TT-K2")


def test_TT_K3_bach_dinh_needs_no_red_card_at_all():
    black = "22c 44c 55c 66c 22s 44s 7c7s 5s5m 6s6m 3c3s"
    assert scored(black, win_card="7c") == ({"bach_dinh": 1}, 7, "bach_dinh", "TT-K2")
    one_red = "22c 44c 55c 66c 22s 44s 8c8m 5s5m 6s6m 3c3s"  # 8m is red
    assert scored(one_red, win_card="8c") == ({}, 2, None, "TT-K1")
    # Ù chì's dịch beside Bạch định's main: 7 + 1.
    assert scored(black, win_card="7c", via="own-door") == (
        {"bach_dinh": 1, "u_chi": 1}, 8, "bach_dinh", "TT-K2")


def test_TT_K3_tam_do_is_exactly_eight_red_cards():
    eight = "88m 99m 88s 99s 22c 44c 55c 66c 2s2m 3c3s"
    assert scored(eight, win_card="2c") == ({"tam_do": 1}, 8, "tam_do", "TT-K2")
    nine = "88m 99m 88s 999s 9c 22c 44c 55c 66c 2s2m"
    assert scored(nine, win_card="2c") == ({}, 2, None, "TT-K1")
    ten = "88m 999m 88s 999s 22c 44c 55c 2s2m 3c3s"
    assert scored(ten, win_card="2c") == ({}, 2, None, "TT-K1")
    # Tám đỏ's dịch 5 under Thập thành's flat traditional main.
    assert scored("88m 99m 88s 99s 22c 44c 55c 66c 22s 44s", rules="traditional",
                  win_card="2c") == ({"thap_thanh": 1, "tam_do": 1}, 12 + 5, "thap_thanh",
                                     "TT-K2")


def test_TT_K3_kinh_tu_chi_needs_every_other_card_black():
    black = "1111h 22c 44c 55c 66c 22s 7c7s 5s5m 6s6m"
    assert scored(black, win_card="5s") == ({"kinh_tu_chi": 1}, 12, "kinh_tu_chi", "TT-K2")
    one_red = "1111h 22c 44c 55c 66c 22s 8c8m 5s5m 6s6m"
    assert scored(one_red, win_card="5s") == ({}, 2, None, "TT-K1")


def test_TT_K3_thap_thanh_is_all_ten_pairs_chan():
    nine_one = "22c 33c 44c 55c 66c 77c 22s 33s 44s 5s5m"  # 9 Chắn, 1 Cạ, all black
    assert scored(nine_one, win_card="2c") == ({"bach_dinh": 1}, 7, "bach_dinh", "TT-K2")


def test_TT_K5_counts_every_instance_at_its_main_value():
    # Two Tôm sets, Thập thành and Bạch định: 12 + 4 + 4 + 7.
    hand = "33m 33c 77c 22c 44c 55c 66c 22s 44s 55s"
    assert scored(hand, win_card="2c") == (
        {"thap_thanh": 1, "tom": 2, "bach_dinh": 1}, 27, None, "TT-K5")


def test_TT_K3_u_chi_only_at_the_winners_own_doorway():
    hand = "22c 44c 55c 66c 22s 88s 44s 5s5m 6s6m 4c4m"
    assert scored(hand, win_card="5s", via="stock") == ({}, 2, None, "TT-K1")
    assert scored(hand, win_card="5s", via="own-door") == ({"u_chi": 1}, 3, "u_chi", "TT-K2")


def test_TT_K3_thien_u_dich_and_lèo_main():
    # Thiên ù (3/1) beside one Lèo (5/2): 5 + 1.
    hand = "22c 44c 55c 66c 22s 44s 11h 8s8c 9m9c 5s5m"
    assert scored(hand, thien_u=True)[0:3] == ({"thien_u": 1, "leo": 1}, 6, "leo")
    # Two Lèo sets: 5 + 2 (TT-K4).
    assert scored("88s 99m 11h 22c 44c 55c 66c 22s 5s5m 6s6m", win_card="2c") == (
        {"leo": 2}, 7, "leo", "TT-K2")


def test_TT_K3_tom_dich_and_bach_thu_main():
    # Bạch thủ (4/1) and one Tôm (4/1): 4 + 1; a second Tôm set adds Tôm's dịch again.
    hand = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
    assert scored(hand, win_card="2c")[0:2] == ({"tom": 1, "bach_thu": 1}, 5)


# -- R-per-face: Thiên khai and Bòn count once per face -----------------------------------
def test_R_per_face_thien_khai_counts_each_four_dealt():
    hand = "2222c 4444c 55c 66c 22s 88s 5s5m 6s6m"
    opening = "2222c 4444c 55c 66c 22s 88s 5m 6s6m"
    assert scored(hand, win_card="5s", opening=opening) == (
        {"thien_khai": 2}, 5 + 2, "thien_khai", "TT-K2")
    assert scored(hand, rules="traditional", win_card="5s", opening=opening) == (
        {"thien_khai": 2}, 3 + 1, "thien_khai", "TT-K2")


def test_R_per_face_bon_counts_each_pair_grown_to_four():
    hand = "2222c 4444c 55c 66c 22s 88s 5s5m 6s6m"
    opening = "22c 44c 55c 66c 22s 88s 5m 6s6m 7c 8c 9c 3s 3m"
    assert scored(hand, win_card="5s", opening=opening) == ({"bon": 2}, 5 + 2, "bon", "TT-K2")
    assert scored(hand, rules="traditional", win_card="5s", opening=opening) == (
        {"bon": 2}, 3 + 1, "bon", "TT-K2")


def test_TT_K3_chiu_u_needs_three_dealt_not_a_pair():
    hand = "2222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m"
    # a dealt pair, its third copy captured beside it (ăn bòn), its fourth the winning card
    pair_dealt = "22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s 9c9m 6s"
    assert scored(hand, win_card="2c", via="stock", opening=pair_dealt) == (
        {"bon": 1}, 5, "bon", "TT-K2")
    with pytest.raises(ContextError):  # a Chíu needs three concealed, dealt, copies (TT-P2)
        scored(hand, win_card="2c", via="chiu", opening=pair_dealt)
    triple_dealt = "222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s 9c"
    assert scored(hand, win_card="2c", via="chiu", opening=triple_dealt) == (
        {"chiu_u": 1}, 5, "chiu_u", "TT-K2")
    # Chíu ù and Bòn together: 5 + 2, and 3 + 1 in the traditional preset.
    hand = "2222c 4444c 66c 22s 88s 3c3s 7c7s 5s5m"
    both = "222c 44c 66c 22s 88s 3c3s 7c7s 5s 9c9m 6s"
    assert scored(hand, win_card="2c", via="chiu", opening=both)[0:2] == (
        {"chiu_u": 1, "bon": 1}, 7)
    assert scored(hand, rules="traditional", win_card="2c", via="chiu",
                  opening=both)[0:2] == ({"chiu_u": 1, "bon": 1}, 4)


def test_R_Bach_thu_the_winning_card_completes_a_chan_not_a_ca():
    hand = "22c 44c 55c 66c 22s 44s 7c7s 5s5m 8c8m 3c3s"  # 6 Chắn, 4 Cạ, one red
    assert scored(hand, win_card="4s") == ({"bach_thu": 1}, 4, "bach_thu", "TT-K2")
    assert scored(hand, win_card="7c") == ({}, 2, None, "TT-K1")  # 7c completes a Cạ
    assert scored(hand, win_card="5c") == ({}, 2, None, "TT-K1")  # Cạ 5s5m in its rank
    seven_three = "22c 44c 55c 66c 22s 88s 44s 5s5m 6s6m 4c4m"  # 7 Chắn: never Bạch thủ
    assert scored(seven_three, win_card="2c") == ({}, 2, None, "TT-K1")


def test_R_Tom_cards_traditional_tom_is_three_strings():
    hand = "33m 33s 77c 22c 44c 55c 88s 22s 5s5m 6s6m"
    assert scored(hand, rules="traditional", win_card="2c")[0:2] == ({"tom": 2}, 5)
    assert scored(hand, win_card="2c")[0:2] == ({}, 2)


def test_TT_K3_traditional_thong_and_bach_thu_chi_values():
    xuong = "22c 44c 55c 66c 22s 88s 44s 5s5m 6s6m 4c4m"
    # Thông 3/1 and Địa ù 3/1 beside Lèo 5/2.
    leo = "22c 44c 55c 66c 22s 44s 11h 8s8c 9m9c 5s5m"
    assert scored(leo, rules="traditional", win_card="5s", won_previous=True)[0:2] == (
        {"leo": 1, "thong": 1}, 6)
    assert scored(xuong, rules="traditional", win_card="5s", won_previous=True)[0:2] == (
        {"thong": 1}, 3)
    # Bạch thủ chi 6/3 under a flat Thập thành is not possible (it needs 4 Cạ): with Lèo
    # (5/2) it is the main bonus, 6 + 2.
    v = check_text("88s 9m9c 22c 44c 55c 66c 11h 3c3m 7c7s 5s5m", rules="traditional",
                   win_card="1h")
    assert keys(v) == {"bach_thu_chi": 1, "leo": 1} and v.points == 6 + 2


# -- The table engine: the Ù chì path, priority, capture restrictions ---------------------
def offered(hand, card, seat=1, **memory):
    state = TotomState(None, deal=totom_deal(["", "", "", ""], ""))
    state.hands[seat] = list(TOTOM.parse_counts(hand))
    for key, value in memory.items():
        setattr(state.memory[seat], key, value)
    state.offer = Offer(F(card), seat, "discard", seat)
    state.phase, state.seat, state.claims = Phase.OFFER, seat, []
    return state


def refused(state, action):
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.rule


def test_TT_C2_one_card_of_a_concealed_four_is_never_discarded():
    state = offered("2222c 7c 8c 9c", "5c")
    state.apply("pass")  # exposes a stock card; put seat 1 back to discarding instead
    state.hands[1] = list(TOTOM.parse_counts("2222c 7c 8s 9m"))
    state.phase, state.seat, state.offer, state.claims = Phase.DISCARD, 1, None, []
    assert "discard 2c" not in state.legal_texts()
    assert refused(state, "discard 2c") == "TT-C2"
    assert sorted(state.legal_texts()) == ["discard 7c", "discard 8s", "discard 9m"]


def test_TT_C2_a_card_of_a_concealed_pair_never_makes_a_ca():
    state = offered("55s 7c 8c 9m 2s", "5c")
    assert state.legal_texts() == ["pass"]
    assert refused(state, "capture 5s") == "TT-C2"


def test_TT_C1_one_identical_card_held_means_chan_only():
    state = offered("5c 5s 7c 8s 9m", "5c")
    assert state.legal_texts() == ["capture 5c", "pass"]
    assert refused(state, "capture 5s") == "TT-C1"


def test_TT_C3_a_declined_chan_face_is_never_discarded():
    state = offered("5c 7c 8s 9m", "2c", declined_chan={F("5c")})
    state.hands[1] = list(TOTOM.parse_counts("5c 7c 8s 9m"))
    state.phase, state.offer = Phase.DISCARD, None
    assert "discard 5c" not in state.legal_texts()
    assert refused(state, "discard 5c") == "TT-C3"


def test_TT_C5_no_ca_capture_beside_a_concealed_ca_of_another_suit_pair():
    # The hand's Cạ is 5s 5m; the offered 5c would make a second Cạ in rank 5.
    state = offered("5s 5m 7c 8s 9m", "5c")
    assert state.legal_texts() == ["pass"]
    assert refused(state, "capture 5m") == "TT-C5"


def test_TT_C6_one_unpaired_card_left_means_no_ca_capture():
    state = offered("5s 77c 88c", "5c")
    assert state.legal_texts() == ["pass"]
    assert refused(state, "capture 5s") == "TT-C6"


def test_TT_C7_both_cards_of_a_ca_discarded_means_no_ca_capture():
    state = offered("5s 7c 8s 9m", "5c", discarded={F("2c"), F("2m")})
    assert state.legal_texts() == ["pass"]
    assert refused(state, "capture 5s") == "TT-C7"


def test_TT_C8_after_a_ca_capture_no_discard_completing_a_discarded_ca():
    state = offered("5s 7c 8s 2m", "5c", discarded={F("2c")})
    state.apply("capture 5s")
    assert sorted(state.legal_texts()) == ["discard 7c", "discard 8s"]
    assert refused(state, "discard 2m") == "TT-C8"


# A deal where seat 1's hand wins on 5s: 6 Chắn + 3 Cạ + single 5m (19 cards, not dealer).
WINNER = "22c 44c 55c 66c 22s 88s 3c3s 7c7s 5m 9c9m"


def _ready_deal(dealer, stock_top, hands):
    state = TotomState(None, deal=totom_deal(hands, stock_top, dealer=dealer))
    return state


def test_U_chi_a_deal_won_on_the_winners_own_stock_card_scores_u_chi():
    """TT-K3 Ù chì through a whole deal: seat 1 passes the dealer's discard, exposes 5s at its
    own doorway and wins: 3 points, each loser pays 3 and the winner receives 9 (TT-K7)."""
    state = _ready_deal(0, "5s", ["", WINNER, "", ""])
    # Drive the deal to seat 1's turn: the dealer discards, seat 1 passes and exposes.
    while state.current_seat() == 0 and state.phase in ("opening", "discard"):
        state.apply(next(a for a in state.legal_texts() if a.startswith("discard")))
    if state.phase == "claims":  # a Chíu on the dealer's discard: decline it
        while state.phase == "claims":
            state.apply("decline")
    assert state.current_seat() == 1 and state.phase == "offer"
    state.apply("pass")
    assert state.phase == "claims" and state.claims[0] == (1, "win")
    state.apply("win")
    r = state.result
    assert r.winner == 1 and r.via == "own-door" and r.points == 3
    assert [b["key"] for b in r.bonuses] == ["u_chi"]
    assert r.net == (-3, 9, -3, -3)


def test_U_chi_not_on_a_card_exposed_at_another_doorway():
    """The same stock card exposed at seat 0's doorway is a plain win for seat 1 (2 points)."""
    state = _ready_deal(0, "5s", ["", WINNER, "", ""])
    state.phase, state.seat, state.offer, state.claims = Phase.OFFER, 0, None, []
    state._expose(0)
    assert state.claims[0] == (1, "win")
    state.apply("win")
    r = state.result
    assert r.winner == 1 and r.via == "stock" and r.points == 2 and r.bonuses == ()
    assert r.net == (-2, 6, -2, -2)


@pytest.mark.parametrize("door", [0, 1, 2, 3])
def test_TT_P3_equal_claims_in_seat_order_from_the_doorway(door):
    """Three seats win on the same exposed 5s: the first asked is the doorway's seat, then
    seat order from there; a Chíu comes after every win."""
    state = TotomState(None, deal=totom_deal(["", "", "", ""], ""))
    for s in range(4):
        state.hands[s] = list(TOTOM.parse_counts(WINNER if s != 3 else "555s 2m"))
    state.offer = Offer(F("5s"), door, "exposed", door)
    state._open_claims(exclude=None, wins=True)
    wins = [(door + k) % 4 for k in range(4) if (door + k) % 4 != 3]
    assert state.claims == [(s, "win") for s in wins] + [(3, "chiu")]
    assert state.current_seat() == wins[0]


def test_TT_P4_after_a_chiu_the_discard_goes_back_to_the_interrupted_doorway():
    state = TotomState(None, deal=totom_deal(["", "", "", ""], ""))
    state.hands[3] = list(TOTOM.parse_counts("555s 7c 8s 9m"))
    state.hands[0] = list(TOTOM.parse_counts("2c 3c"))
    state.offer = Offer(F("5s"), 1, "discard", 1)  # seat 0 discarded 5s to seat 1
    state._open_claims(exclude=0, wins=False)
    assert state.claims == [(3, "chiu")]
    state.apply("chiu")
    assert state.phase == "discard" and state.current_seat() == 3
    state.apply("discard 7c")
    assert state.offer.seat == 1 and state.offer.door == 1 and state.current_seat() == 1


def test_TT_W6_no_win_is_offered_on_a_hand_discard():
    state = TotomState(None, deal=totom_deal(["", "", "", ""], ""))
    state.hands[1] = list(TOTOM.parse_counts(WINNER))
    state.hands[0] = list(TOTOM.parse_counts("5s 3c"))
    state.phase, state.seat, state.offer, state.claims = Phase.DISCARD, 0, None, []
    state.apply("discard 5s")
    assert state.phase == "offer" and state.claims == []
    assert "win" not in state.legal_texts()
    assert refused(state, "win") == "TT-W6"



def test_R_claim_privacy_only_the_asked_seat_sees_the_question_even_when_it_is_compulsory():
    """With the traditional must-Chíu switch the claim cannot be declined, so the window is
    not hidden; still only the asked seat's observation names the claim (TT-P2)."""
    import dataclasses

    from moneycards.solver.games import spec
    from moneycards.solver.totom.table import TotomState
    from tests.table_helpers import totom_deal

    rules = dataclasses.replace(spec("totom").rules("seed"), must_chiu=True)
    state = TotomState(None, rules, deal=totom_deal(["", "", "", ""], ""))
    for s, hand in enumerate(["5s 3c", "5m 7c 8s", "2c 3s 4m", "555s 7m 8m 9m"]):
        state.hands[s] = list(spec("totom").deck.parse_counts(hand))
    state.phase, state.seat, state.offer, state.claims = Phase.DISCARD, 0, None, []
    state.apply("discard 5s")
    assert state.current_seat() == 3 and state.legal_texts() == ["chiu"]
    assert state.observation(3).to_json()["claim"] == "CLAIM_CHIU"
    for seat in (0, 1, 2):
        assert state.observation(seat).to_json()["claim"] is None


# -- R-Bòn-triple: the fourth copy of a dealt triple scores Bòn or Chíu ù, never both -----
# Seat 1 is dealt 555c; the dealer opens with the fourth 5c, and the top stock card 3c
# completes seat 1's hand. The winner's twenty: 5555c 22s 33s 44s 66s 77s 88s 2c2m 3c3m.
TRIPLE_HAND = "5555c 22s 33s 44s 66s 77s 88s 2c2m 3c3m"
TRIPLE_OPENING = "555c 22s 33s 44s 66s 77s 88s 2c2m 9m 3m"
TRIPLE_DEAL = totom_deal([
    "5c 2c 3c 4c 6c 7c 8c 9c 9c 4m 5m 6m 7m 8m 2m 3m 4s 5s 9s 1h",
    "555c 22s 33s 44s 66s 77s 88s 2c2m 9m 3m",
    "2c 3c 4c 6c 7c 8c 9c 4m 5m 6m 7m 8m 2s 3s 4s 5s 9s 9m 1h",
    "2c 4c 4c 6c 7c 8c 4m 5m 6m 7m 8m 2m 9m 5s 6s 7s 8s 9s 1h"], "3c")
# Seat 1 is dealt 555c and 777s; the dealer opens with the fourth 7s, and the top stock
# card is the fourth 5c, which completes seat 1's hand.
TWO_TRIPLES_DEAL = totom_deal([
    "7s 2c 3c 4c 6c 7c 8c 9c 9c 4m 5m 6m 7m 8m 2m 3m 4s 5s 9s 1h",
    "555c 777s 22s 33s 44s 66s 88s 2c2m 9m",
    "2c 3c 4c 6c 7c 8c 9c 4m 5m 6m 7m 8m 3s 3m 4s 5s 9s 9m 1h",
    "3c 4c 4c 6c 7c 8c 4m 5m 6m 7m 8m 2m 9m 5s 6s 3m 8s 9s 1h"], "5c")


@pytest.mark.parametrize("via", ["stock", "own-door"])
def test_R_Bon_triple_a_fourth_copy_that_joined_before_the_win_scores_bon(via):
    # The fourth 5c joined (a Chắn capture with the third, or a Chíu that did not win);
    # the winning card is 3c: Bòn, and no Chíu ù.
    bonuses = {"bon": 1, "u_chi": 1} if via == "own-door" else {"bon": 1}
    assert scored(TRIPLE_HAND, win_card="3c", via=via, opening=TRIPLE_OPENING) == (
        bonuses, 5 + (via == "own-door"), "bon", "TT-K2")
    assert scored(TRIPLE_HAND, rules="traditional", win_card="3c", via=via,
                  opening=TRIPLE_OPENING)[0:2] == (bonuses, 3 + (via == "own-door"))


@pytest.mark.parametrize("via", ["stock", "own-door", "chiu"])
def test_R_Bon_triple_the_fourth_copy_as_the_winning_card_scores_chiu_u_only(via):
    opening = "555c 22s 33s 44s 66s 77s 88s 2c2m 3c 3m"
    got = scored(TRIPLE_HAND, win_card="5c", via=via, opening=opening)
    assert got[0] == ({"chiu_u": 1, "u_chi": 1} if via == "own-door" else {"chiu_u": 1})
    assert got[1] == 5 + (via == "own-door") and got[2] == "chiu_u"
    # Two dealt triples in one hand: each face scores once, by how its fourth came.
    hand, opening = "5555c 7777s 22s 33s 44s 66s 88s 2c2m", "555c 777s 22s 33s 44s 66s 88s 2c2m 9m"
    assert scored(hand, win_card="5c", via="stock", opening=opening)[0:2] == (
        {"bon": 1, "chiu_u": 1}, 5 + 2)
    assert scored(hand, win_card="7s", via="stock", opening=opening)[0:2] == (
        {"bon": 1, "chiu_u": 1}, 5 + 2)
    assert scored(hand, win_card="2c", via="stock", opening=opening)[0:2] == (
        {"bon": 2}, 5 + 2)


def test_R_Bon_triple_no_bon_without_a_fourth_copy_or_from_a_pair_alone():
    # A dealt triple whose fourth copy never joined: 555c stays three (one in the Cạ 5c5s).
    hand = "555c 5s 22s 33s 44s 66s 77s 88s 2c2m 9c9m"
    assert scored(hand, win_card="5s", opening="555c 22s 33s 44s 66s 77s 88s 2c2m 9m 3m") \
        == ({}, 2, None, "TT-K1")
    # A dealt pair that became three: nothing.
    assert scored(hand, win_card="5s", opening="55c 22s 33s 44s 66s 77s 88s 2c2m 9m 3m 4m") \
        == ({}, 2, None, "TT-K1")
    # A dealt pair that became four is TT-K3's own Bòn, whatever the winning card: the
    # ruling changes nothing for it, and it is never Chíu ù.
    pair_dealt = "55c 22s 33s 44s 66s 77s 88s 2c2m 3m 9m 4m"
    for win in ("5c", "3c"):
        assert scored(TRIPLE_HAND, win_card=win, opening=pair_dealt)[0] == {"bon": 1}


def test_R_Bon_triple_a_grown_triple_without_the_winning_card_is_refused():
    """Whether the fourth copy is Bòn or Chíu ù depends on the winning card: a check that
    does not give it is refused, naming the ruling, in a single check and a batch alike."""
    from moneycards.solver.errors import ContextError
    from moneycards.solver.totom.batch import check_texts

    with pytest.raises(ContextError) as err:
        check_text(TRIPLE_HAND, opening=TRIPLE_OPENING)
    assert (err.value.field, err.value.rule) == ("win_card", "R-Bòn-triple")
    assert "held three 5c and the hand holds four" in err.value.message
    batch = check_texts([TRIPLE_HAND], [{"opening": TRIPLE_OPENING}])
    assert (batch.errors[0].field, batch.errors[0].rule) == ("win_card", "R-Bòn-triple")


def test_R_Bon_triple_the_batch_scores_as_the_single_check():
    from moneycards.solver.totom.batch import check_texts

    cases = [(TRIPLE_HAND, {"win_card": "3c", "opening": TRIPLE_OPENING}),
             (TRIPLE_HAND, {"win_card": "5c", "via": "chiu",
                            "opening": "555c 22s 33s 44s 66s 77s 88s 2c2m 3c 3m"}),
             ("5555c 7777s 22s 33s 44s 66s 88s 2c2m",
              {"win_card": "5c", "opening": "555c 777s 22s 33s 44s 66s 88s 2c2m 9m"})]
    batch = check_texts([h for h, _ in cases], [c for _, c in cases])
    for i, (hand, ctx) in enumerate(cases):
        v = check_text(hand, engine="exact", **ctx)
        assert batch.verdicts.bonus_counts(i) == keys(v)
        assert int(batch.verdicts.points[i]) == v.points


def _triple_deal(rules, how):
    """TRIPLE_DEAL played out: the fourth 5c joins seat 1 by `how`, then 3c wins."""
    from moneycards.solver.totom.rules import totom_rules

    state = TotomState(None, totom_rules(rules), deal=TRIPLE_DEAL)
    state.apply("discard 5c")
    assert state.claims == [(1, "chiu")]
    if how == "capture":  # the Chíu declined, the offer captured with the third copy
        state.apply("decline")
        assert state.legal_texts() == ["capture 5c", "pass"]
        state.apply("capture 5c")
        assert state.exposed[1] == [(F("5c"), F("5c"))]
        assert state.hands[1][TOTOM.index(F("5c"))] == 2
    else:  # a Chíu that does not win: the seat discards and play goes on (TT-P4)
        state.apply("chiu")
        assert state.result is None and state.exposed[1] == [(F("5c"),) * 4]
    state.apply("discard 9m")
    state.apply("pass")  # seat 2 exposes 3c at its doorway: seat 1 may win on it
    assert state.claims == [(1, "win")]
    state.apply("win")
    return state


@pytest.mark.parametrize("how", ["capture", "chiu"])
@pytest.mark.parametrize("rules, points, bonuses", [
    ("seed", 5, ["bon"]),
    ("traditional", 4, ["bon", "dia_u"]),  # Bòn 3 + Địa ù's dịch 1 (the first stock card)
])
def test_R_Bon_triple_a_deal_whose_fourth_copy_joins_before_the_win_scores_bon(
        how, rules, points, bonuses):
    from moneycards.solver.games import check, replay

    state = _triple_deal(rules, how)
    r = state.result
    assert (r.winner, r.card, r.via, r.points) == (1, "3c", "stock", points)
    assert [b["key"] for b in r.bonuses] == bonuses
    assert r.net == (-points, 3 * points, -points, -points)
    assert state.twenty(1, F("3c")) == list(TOTOM.parse_counts(TRIPLE_HAND))
    # The record replays and checks to the same outcome, and says it in words.
    record = state.engine_record()
    got = check("totom", record)
    assert got.valid and got.complete and got.result == r
    names = "Bòn" if rules == "seed" else "Bòn, Địa ù"
    assert replay("totom", record)[-1] == (
        f"Seat 1 wins on 3c (stock card, {names}): {points} points; Seat 0 -{points}, "
        f"Seat 1 +{3 * points}, Seat 2 -{points}, Seat 3 -{points}.")


@pytest.mark.parametrize("claim", ["win", "chiu"])
def test_R_Bon_triple_a_deal_won_on_the_fourth_copy_scores_chiu_u_not_bon(claim):
    # 777s grew to four by a Chắn capture (Bòn); the fourth 5c is the winning card (Chíu ù,
    # however it is claimed, TT-P6): 5 + 2, each face once.
    state = TotomState(None, deal=TWO_TRIPLES_DEAL)
    state.apply("discard 7s")
    state.apply("decline")
    state.apply("capture 7s")
    state.apply("discard 9m")
    state.apply("pass")
    assert state.claims == [(1, "win"), (1, "chiu")]
    if claim == "chiu":
        state.apply("decline")
    state.apply(claim)
    r = state.result
    assert (r.winner, r.card, r.points) == (1, "5c", 7)
    assert sorted((b["key"], b["count"]) for b in r.bonuses) == [("bon", 1), ("chiu_u", 1)]
    assert r.net == (-7, 21, -7, -7)


def test_R_Bon_triple_hint_worlds_read_a_chiu_that_did_not_win_as_a_dealt_triple():
    """The hint's sampled worlds do not know the seat's opening hand; a Chíu it exposed
    says it was dealt three, so a win there scores the Bòn the table will score."""
    import random

    from moneycards.solver.totom import search as tt_search
    from moneycards.solver.totom.scoring import WinContext
    from moneycards.solver.totom.check import check_hand

    state = TotomState(None, deal=TRIPLE_DEAL)
    for action in ("discard 5c", "chiu", "discard 9m"):
        state.apply(action)
    w = tt_search.world(state.observation(1), random.Random(0))
    five = TOTOM.index(F("5c"))
    assert w.opening[1][five] == 3 and state.opening[1][five] == 3
    v = check_hand(w.twenty(1, F("3c")), WinContext(F("3c"), "stock", opening=w.opening[1]))
    assert keys(v) == {"bon": 1}
    # A Chắn capture with the third copy reads the same way.
    state = TotomState(None, deal=TRIPLE_DEAL)
    for action in ("discard 5c", "decline", "capture 5c", "discard 9m"):
        state.apply(action)
    w = tt_search.world(state.observation(1), random.Random(0))
    assert w.opening[1][five] == 3


def test_R_Bon_triple_the_cli_check_names_bon_and_refuses_a_missing_winning_card():
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    r = CliRunner().invoke(cli, ["totom", "check", TRIPLE_HAND, "--win-card", "3c",
                                 "--opening", TRIPLE_OPENING])
    assert r.exit_code == 0 and "Bòn           ×1  5/2 (main)" in r.output
    assert "Chíu ù" not in r.output and "Points: 5 " in r.output
    r = CliRunner().invoke(cli, ["totom", "check", TRIPLE_HAND, "--opening", TRIPLE_OPENING])
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == ("error: --win-card: the opening hand held three 5c and the hand holds "
                        "four: the fourth scores Bòn if it joined before the win and Chíu ù "
                        "if it is the winning card, so give the winning card [R-Bòn-triple]\n")
