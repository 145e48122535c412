"""Tổ Tôm hand rules, one or more tests per rule id (rules/totom.md TT-D, TT-W, TT-K)."""

from dataclasses import replace

import pytest

from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import ContextError, ImpossibleCards, InvalidInput, NotationError
from moneycards.solver.totom import rules as R
from moneycards.solver.totom.batch import check_texts
from moneycards.solver.totom.check import check_text, waits_text
from moneycards.solver.totom.exact import partition_exact
from moneycards.solver.totom.shapes import CA_CANDIDATES
from moneycards.solver.totom.scoring import red_count

# Black filler: no Tôm, Lèo or red card.
UCHI_TOM = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"  # the page's example hand


def check(hand, **kw):
    return check_text(hand, **kw)


def keys(v):
    return {b.bonus.key: b.count for b in v.score.bonuses}


def rules_of(v):
    return [x.rule for x in v.violations]


# -- TT-D: cards ------------------------------------------------------------------------
def test_TT_D1_deck_is_25_faces_of_four():
    assert len(TOTOM.faces) == 25 and TOTOM.copies == 4 and TOTOM.size == 100
    ranks = {f"{r}{s}" for r in range(2, 10) for s in "csm"}
    assert {f.text for f in TOTOM.faces} == ranks | {"1h"}
    for bad in ("1m", "1c", "9h", "2h"):
        with pytest.raises(NotationError):
            TOTOM.parse(bad)


def test_TT_D2_red_faces():
    assert red_count([4] * 25) == 20
    assert {f.text for f in R.RED_FACES} == {"8m", "9m", "8s", "9s", "1h"}
    assert red_count(TOTOM.parse_counts("8c 9c 8s")) == 1  # 8 and 9 of Coins are black


def test_TT_D3_chi_chi_never_forms_a_ca():
    """TT-D3 with R-Chi-chi-pairs: Chi chi pairs only with itself."""
    assert all(TOTOM.faces[i].text != "1h" and TOTOM.faces[j].text != "1h"
               for i, j in CA_CANDIDATES)
    v = check("22c 44c 55c 66c 22s 44s 55s 3c3m 7c7s 1h 6m")
    assert not v.wins and "TT-D3" in rules_of(v)
    assert check("22c 44c 55c 66c 22s 44s 55s 3c3m 7c7s 11h").wins  # a Chắn of Chi chi


# -- TT-W: pairs and the winning hand -----------------------------------------------------
def test_TT_W1_chan_is_identical_ca_same_rank_other_suit():
    v = check("22c 44c 55c 66c 22s 44s 55s 3c3m 7c7s 6s6m")
    assert v.wins and v.partition.chan_count == 7 and v.partition.ca_count == 3
    v = check("22c 44c 55c 66c 22s 44s 55s 3c3m 7c7s 6s7m")  # 6s 7m: different ranks
    assert not v.wins and len(v.partition.left) == 2 and "6s" in {f.text for f in v.partition.left}


def test_TT_W2_chiu_counts_as_two_chan():
    v = check("2222c 44c 55c 22s 44s 3c3m 7c7s 5s5m 6s6m")
    assert v.wins and v.partition.chan_count == 6
    assert v.partition.pair_texts().count("22c") == 2


def test_TT_W3_identical_pairs_never_split_for_ca():
    # 555c 5s: 55c is a Chắn; 5c 5s is the Cạ; fine. But 55c + lone 5s cannot use a 5c.
    v = check("22c 44c 55c 66c 22s 44s 66s 3c3m 7c7s 5s 8m")
    assert not v.wins
    assert "TT-W3" in rules_of(v) and "TT-W4" in rules_of(v)
    assert partition_exact(TOTOM.parse_counts("555c 5s")).ca_count == 1


def test_TT_W4_ten_pairs_with_at_least_six_chan():
    assert check(UCHI_TOM).wins  # exactly 6 Chắn, 4 Cạ
    v = check("22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s4m")  # 5 Chắn, 5 Cạ
    assert not v.wins and rules_of(v) == ["TT-W4"] and "only 5 Chắn" in v.violations[0].message


def test_TT_W5_chi_chi_win_needs_exactly_six_chan_four_ca():
    """TT-W5 is the seed rule; R-Chi-chi-win's switch turns it off (traditional)."""
    seven_three = "22c 44c 55c 66c 22s 44s 11h 3c3m 7c7s 5s5m"
    v = check(seven_three, win_card="1h")
    assert not v.wins and rules_of(v) == ["TT-W5"]
    assert check(seven_three).wins  # without Chi chi as the winning card: fine
    assert check(seven_three, win_card="1h", rules="traditional").wins  # switch off
    six_four = "22c 44c 55c 66c 22s 11h 3c3m 7c7s 5s5m 6s6m"
    assert check(six_four, win_card="1h").wins


def test_TT_W6_a_discard_never_wins():
    v = check(UCHI_TOM, win_card="3c", via="discard")
    assert not v.wins and rules_of(v) == ["TT-W6"] and v.points == 0
    assert waits_text("22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m", via="discard") == []


def test_TT_W7_thien_u_dealer_opening_win():
    v = check(UCHI_TOM, thien_u=True)
    assert v.wins and "thien_u" in keys(v)
    with pytest.raises(ContextError) as err:
        check(UCHI_TOM, thien_u=True, win_card="3c")
    assert err.value.field == "thien_u" and err.value.rule == "TT-W7"


# -- TT-K: scoring -----------------------------------------------------------------------
XUONG = "22c 44c 55c 66c 22s 88s 44s 5s5m 6s6m 4c4m"  # 7 Chắn 3 Cạ, 2 red, no sets
# Dealt 2222c, which stay (TT-C2), and 18 more; won on 5s. Only Thiên khai scores.
THIEN_KHAI = "2222c 44c 55c 66c 88s 44s 5s5m 6s6m 4c4m"
THIEN_KHAI_OPENING = "2222c 44c 55c 66c 88s 44s 5m 6s6m 4c4m"


def test_TT_K1_u_xuong_scores_two():
    v = check(XUONG, win_card="5s")
    assert v.wins and v.score.bonuses == () and v.points == 2 and v.score.rule == "TT-K1"


def test_TT_K2_main_value_plus_dich_of_every_other_instance():
    # Two Tôm sets (3m 3c 7c twice) and Ù chì: 4 + 1 (second Tôm) + 1 (Ù chì) = 6.
    v = check("33m 33c 77c 22s 88s 44c 22c 5s5m 6s6m 4s4m", win_card="5s", via="own-door")
    assert keys(v) == {"tom": 2, "u_chi": 1}
    assert v.points == 6 and v.score.main == "tom" and v.score.rule == "TT-K2"


def test_TT_K2_tie_on_main_goes_to_the_higher_dich():
    table = dict(R.SEED.bonuses)
    table["u_chi"] = R.Bonus("u_chi", "Ù chì", 4, 3)  # ties Tôm's main value 4, higher dịch
    rules = replace(R.SEED, bonuses=table)
    from moneycards.solver.totom.check import check_hand, parse_context
    ctx = parse_context(win_card="3c", via="own-door")
    v = check_hand(TOTOM.parse_counts(UCHI_TOM), ctx, rules)
    assert v.score.main == "u_chi" and v.points == 4 + 1  # Ù chì main, Tôm's dịch 1


@pytest.mark.parametrize("bonus,hand,ctx,points", [
    ("u_chi", XUONG, dict(win_card="5s", via="own-door"), 3),
    ("thien_u", XUONG, dict(thien_u=True), 3),
    ("tom", "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 4s4m", dict(win_card="3c"), 4),
    ("bach_thu", "22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m 6s6m", dict(win_card="2c"), 4),
    ("leo", "22c 44c 55c 66c 22s 44s 11h 8s8c 9m9c 5s5m", dict(win_card="5s"), 5),
    ("thien_khai", THIEN_KHAI, dict(win_card="5s", opening=THIEN_KHAI_OPENING), 5),
    ("chiu_u", "2222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m",
     dict(win_card="2c", via="chiu", opening="222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s 9c"), 5),
    ("bon", "2222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m",
     dict(win_card="5s", opening="22c 44c 55c 22s 88s 3c3s 7c7s 5s 9c9m 6c 6s"), 5),
    ("bach_dinh", "22c 44c 55c 66c 22s 44s 55s 3c3m 6s6m 7s7m", dict(win_card="3c"), 7),
    ("tam_do", "22c 44c 55c 88s 99s 99m 88m 3c3s 5s5m 6s6m", dict(win_card="5s"), 8),
    ("kinh_tu_chi", "1111h 22c 44c 55c 66c 3c3s 7c7s 5s5m 6s6m", dict(win_card="5s"), 12),
    ("thap_thanh", "22c 44c 55c 66c 22s 88s 44s 55s 66s 55m", dict(win_card="2c"), 12),
])
def test_TT_K3_each_bonus_alone(bonus, hand, ctx, points):
    v = check(hand, **ctx)
    assert v.wins, v.violations
    assert keys(v) == {bonus: 1}
    assert v.points == points


def test_TT_K3_bach_thu_needs_no_ca_in_the_winning_rank():
    # Win card 2c completes the Chắn 22c; no other Cạ of rank 2: Bạch thủ.
    assert "bach_thu" in keys(check("22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m 6s6m", win_card="2c"))
    # Win card 5c completes 55c beside the Cạ 5s 5m: no Bạch thủ (R-Bạch-thủ-rank).
    v = check("22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m 6s6m", win_card="5c")
    assert v.wins and "bach_thu" not in keys(v) and v.points == 2
    # The winning card makes a Cạ, not a Chắn: no Bạch thủ.
    v = check("22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m 6s6m", win_card="7s")
    assert "bach_thu" not in keys(v)


def test_TT_K3_traditional_values_and_bach_thu_chi():
    assert check(THIEN_KHAI, win_card="5s", opening=THIEN_KHAI_OPENING,
                 rules="traditional").points == 3
    v = check("22c 44c 55c 66c 22s 11h 3c3m 7c7s 5s5m 6s6m", win_card="1h", rules="traditional")
    assert keys(v) == {"bach_thu_chi": 1} and v.points == 6
    v = check(XUONG, win_card="5s", via="stock", first_stock=True, won_previous=True,
              rules="traditional")
    assert keys(v) == {"thong": 1, "dia_u": 1} and v.points == 4
    # Seed has neither Thông nor Địa ù: asking for them there is refused (test below), and
    # the same hand without them is the plain Ù xuông.
    assert check(XUONG, win_card="5s").points == 2
    assert R.SEED.thong_and_dia_u is False


def test_TT_K4_sets_counted_by_smallest_face_count():
    """TT-K4, counted as R-Tôm-Lèo says: up to four sets of each kind."""
    # Tôm: 3m 3m 3c 3c 7c 7c -> two sets; Lèo: 8s 8s 9m 9m 11h -> two sets.
    v = check("33m 33c 77c 88s 99m 11h 22c 44c 5s5m 6s6m", win_card="2c")
    assert keys(v)["tom"] == 2 and keys(v)["leo"] == 2
    # 33m 33c 7c 7s: 3m and 3c doubled, 7c once: one Tôm.
    v = check("33m 33c 7c7s 22c 44c 55c 66c 88s 5s5m 6s6m", win_card="5s")
    assert keys(v)["tom"] == 1
    # Traditional Tôm is 3m 3s 7c: the page's hand has 3c, not 3s.
    assert "tom" not in keys(check(UCHI_TOM, win_card="3c", rules="traditional"))


def test_R_Bach_thu_six_chan_four_ca_the_winning_card_completing_a_chan():
    """R-Bạch-thủ: 6 Chắn and 4 Cạ, won on a card that completes a Chắn; for a Thiên ù,
    which has no winning card, the twenty cards being 6 Chắn and 4 Cạ."""
    six_four = "22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m 6s6m"
    assert keys(check(six_four, win_card="2c")) == {"bach_thu": 1}
    seven_three = "22c 44c 55c 66c 22s 88s 99s 3c3s 7c7s 5s5m"
    v = check(seven_three, win_card="2c")
    assert v.wins and "bach_thu" not in keys(v)
    assert keys(check(six_four, thien_u=True)) == {"thien_u": 1, "bach_thu": 1}
    assert "bach_thu" not in keys(check(seven_three, thien_u=True))


def test_R_Tom_cards_the_seed_follows_the_page_the_traditional_preset_tradition():
    """R-Tôm-cards: Tôm is 3m 3c 7c under `seed` (the page), 3m 3s 7c under
    `traditional`."""
    assert R.SEED.tom_cards == tuple(TOTOM.parse("3m 3c 7c"))
    assert R.TRADITIONAL.tom_cards == tuple(TOTOM.parse("3m 3s 7c"))
    page = "33m 33c 77c 22c 44c 55c 66c 88s 22s 44s"
    tradition = "33m 33s 77c 22c 44c 55c 66c 88s 22s 44s"
    assert keys(check(page, win_card="2c"))["tom"] == 2
    assert "tom" not in keys(check(tradition, win_card="2c"))
    assert keys(check(tradition, win_card="2c", rules="traditional"))["tom"] == 2
    assert "tom" not in keys(check(page, win_card="2c", rules="traditional"))


def test_TT_K5_thap_thanh_adds_every_main_value():
    # All ten pairs Chắn with two Tôm sets: 12 + 4 + 4 = 20.
    v = check("33m 33c 77c 22c 44c 55c 66c 88s 22s 44s", win_card="2c")
    assert keys(v) == {"thap_thanh": 1, "tom": 2}
    assert v.points == 20 and v.score.rule == "TT-K5"
    # Traditional: flat 12/9 under TT-K2 (Tôm is 3m 3s 7c there: none here).
    t = check("33m 33s 77c 22c 44c 55c 66c 88s 22s 44s", win_card="2c", rules="traditional")
    assert keys(t) == {"thap_thanh": 1, "tom": 2} and t.points == 12 + 1 + 1


def test_TT_K6_page_example_u_chi_and_one_tom_scores_five():
    v = check(UCHI_TOM, win_card="3c", via="own-door")
    assert keys(v) == {"tom": 1, "u_chi": 1}
    assert v.points == 5 and v.score.main == "tom"


def test_TT_K7_settlement_three_losers_pay():
    v = check(UCHI_TOM, win_card="3c", via="own-door")
    assert v.score.settlement == {"winner": 15, "each_loser": -5}
    v = check(UCHI_TOM[:-5] + " 6s7m")
    assert not v.wins and v.to_dict()["settlement"] == {"winner": 0, "each_loser": 0}


# -- waits ------------------------------------------------------------------------------
def test_waits_with_scores_and_unseen_copies():
    found = waits_text("22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m", via="own-door", seen="3m 3m")
    got = {w.card.text: (w.points, w.unseen) for w in found}
    # 3c: Chắn 33c (7 Chắn 3 Cạ) with Ù chì = 3; 3s: Cạ (Ù chì 3); 3m: Tôm + Ù chì = 5.
    assert got == {"3c": (3, 3), "3s": (3, 4), "3m": (5, 2)}


def test_waits_chiu_only_on_a_held_triple():
    found = waits_text("222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m", via="chiu")
    assert [w.card.text for w in found] == ["2c"]


# -- what an opening hand given beside a win makes impossible ----------------------------
# 2c is the winning card; the hand before it held three (two dealt, one captured, or three
# dealt). The opening hands differ only in their 2c and one card of another face.
OPEN_HAND = "222233445567c 225678s 58m"
OPENINGS = {4: "22223344556c 225678s 58m", 3: "2223344556c 225678s 58m 9m",
            2: "223344556c 225678s 58m 9m9s", 1: "23344556c 225678s 58m 9m9s7m"}


@pytest.mark.parametrize("via", ["stock", "own-door", "chiu"])
def test_TT_D1_an_opening_with_all_four_of_the_winning_face_leaves_none_to_win_on(via):
    with pytest.raises(ContextError, match="none was left to win on") as err:
        check(OPEN_HAND, win_card="2c", via=via, opening=OPENINGS[4])
    assert (err.value.field, err.value.rule) == ("opening", "TT-D1")


@pytest.mark.parametrize("dealt", [1, 2, 3])
def test_TT_P2_a_chiu_win_needs_a_dealt_triple_of_its_face(dealt):
    """Concealed cards were dealt (a capture lays its cards face up): a Chíu's three
    concealed copies were in the opening hand, exactly three of them."""
    if dealt == 3:
        assert check(OPEN_HAND, win_card="2c", via="chiu", opening=OPENINGS[3]).wins
        assert [w.card.text for w in waits_text(OPEN_HAND[1:], via="chiu",
                                                opening=OPENINGS[3])] == ["2c"]
        return
    with pytest.raises(ContextError, match=f"the opening hand held {dealt}") as err:
        check(OPEN_HAND, win_card="2c", via="chiu", opening=OPENINGS[dealt])
    assert (err.value.field, err.value.rule) == ("opening", "TT-P2")
    assert waits_text(OPEN_HAND[1:], via="chiu", opening=OPENINGS[dealt]) == []
    # by the stock the same card may win: two dealt and one captured, or one and two
    assert check(OPEN_HAND, win_card="2c", via="stock", opening=OPENINGS[dealt]).wins


def test_TT_C2_the_winning_card_is_not_one_of_the_dealt_pair():
    """A dealt pair is still in the hand before the win; the winning card came from outside,
    so a hand holding two of the pair's face beside it as the winning card broke the pair."""
    hand = "2233445566c7c 22s7s8s4s5s 8m4m5m"
    with pytest.raises(ContextError, match="before its winning card holds 1") as err:
        check(hand, win_card="2c", opening="2233445566c 22s7s8s4s5s 8m4m5m")
    assert (err.value.field, err.value.rule) == ("opening", "TT-C2")
    # the same hand won on a card the opening had no pair of stands
    assert check(hand, win_card="7c", opening="2233445566c 22s7s8s4s5s 8m4m5m").wins


def test_TT_C2_waits_refuse_a_hand_that_broke_a_dealt_pair():
    with pytest.raises(ContextError, match="the hand holds 3") as err:
        waits_text(OPEN_HAND[1:], opening=OPENINGS[4])
    assert (err.value.field, err.value.rule) == ("opening", "TT-C2")


def test_waits_on_the_first_stock_card_refuse_another_way_as_check_does():
    with pytest.raises(ContextError) as err:
        waits_text(OPEN_HAND[1:], via="discard", first_stock=True, rules="traditional")
    assert err.value.field == "first_stock"


# -- bad input --------------------------------------------------------------------------
@pytest.mark.parametrize("kw,field,exc", [
    (dict(hand="1m" + " 2c" * 19), "hand", NotationError),
    (dict(hand=UCHI_TOM + " 9h"), "hand", NotationError),
    (dict(hand=UCHI_TOM.replace("3c3m", "3q3m")), "hand", NotationError),
    (dict(hand=UCHI_TOM + " 22"), "hand", NotationError),
    (dict(hand="22222c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m"), "hand", ImpossibleCards),
    (dict(hand=UCHI_TOM[:-5] + " 6s"), "hand", ImpossibleCards),          # 19 cards
    (dict(hand=UCHI_TOM + " 9c"), "hand", ImpossibleCards),               # 21 cards
    (dict(hand=""), "hand", ImpossibleCards),
    (dict(hand=UCHI_TOM, win_card="9c"), "win_card", ContextError),
    (dict(hand=UCHI_TOM, win_card="3c 3m"), "win_card", InvalidInput),
    (dict(hand=UCHI_TOM, thien_u=True, win_card="3c"), "thien_u", ContextError),
    (dict(hand=UCHI_TOM, win_card="3c", via="chiu"), "via", ContextError),
    (dict(hand=UCHI_TOM, via="stock"), "win_card", ContextError),
    (dict(hand=UCHI_TOM, rules="house"), "rules", InvalidInput),
    (dict(hand=UCHI_TOM, win_card="3c", opening="2c"), "opening", ImpossibleCards),
])
def test_bad_input_names_the_field(kw, field, exc):
    with pytest.raises(exc) as err:
        check_text(**kw)
    assert err.value.field == field


def test_bad_waits_input():
    with pytest.raises(ImpossibleCards, match="19"):
        waits_text(UCHI_TOM)
    with pytest.raises(ImpossibleCards) as err:
        waits_text("22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m", seen="222c")
    assert err.value.field == "seen"


# -- engines ----------------------------------------------------------------------------
@pytest.mark.parametrize("hand", [
    "237789c 238s 345666789m 11h",  # 8c 8s 8m outside pairs: which one stays single?
    "22225667888c 38s 3555788m",
    "444467c 2233467s 2233499m",
])
def test_TT_W4_violations_do_not_depend_on_the_engine(hand):
    exact = check_text(hand, engine="exact")
    cpsat = check_text(hand, engine="cpsat")
    assert exact.to_dict() == cpsat.to_dict()
    assert exact.violations == cpsat.violations


def test_TT_W3_engines_agree_on_random_hands():
    import random
    rng = random.Random(11)
    deck = [i for i in range(25) for _ in range(4)]
    for _ in range(300):
        counts = [0] * 25
        for i in rng.sample(deck, 20):
            counts[i] += 1
        exact = check_text(TOTOM.render(counts), engine="exact")
        assert exact.to_dict() == check_text(TOTOM.render(counts), engine="cpsat").to_dict()


# -- TT-P6, R-thien-u-opening: scores read from the cards ------------------------------
CHIU_HAND = "2222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m"
CHIU_OPENING = "222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s 9c"


@pytest.mark.parametrize("via,points", [("chiu", 5), ("own-door", 6), ("stock", 5)])
def test_TT_P6_chiu_u_is_read_from_the_cards_not_the_claim(via, points):
    # The fourth 2c, a triple dealt to the winner: Chíu ù however the card was claimed.
    v = check(CHIU_HAND, win_card="2c", via=via, opening=CHIU_OPENING)
    assert v.wins and keys(v)["chiu_u"] == 1 and v.points == points
    # Without the dealt triple there is no Chíu ù; nor a Chíu, which claims the fourth
    # beside three concealed cards, dealt ones (TT-P2).
    plain = "22c 44c 55c 66c 22s 88s 3c3s 7c7s 5s 9c9m"
    if via == "chiu":
        with pytest.raises(ContextError, match="TT-P2|held 2"):
            check(CHIU_HAND, win_card="2c", via=via, opening=plain)
        return
    assert "chiu_u" not in keys(check(CHIU_HAND, win_card="2c", via=via, opening=plain))


def test_TT_K3_a_chiu_win_is_a_chiu_u_without_the_opening_hand():
    """A Chíu takes the fourth of three held concealed (TT-P2), and a concealed card was
    dealt (a capture lays its cards face up): via chiu the win scores Chíu ù though no
    opening hand is given; via the stock nothing tells whether the three were dealt (a pair
    dealt, the third captured beside it) — in a check, a batch and a wait search alike."""
    v = check(CHIU_HAND, win_card="2c", via="chiu")
    assert v.wins and keys(v)["chiu_u"] == 1 and v.points == 5
    assert "chiu_u" not in keys(check(CHIU_HAND, win_card="2c", via="stock"))
    batch = check_texts([CHIU_HAND, CHIU_HAND], [{"win_card": "2c", "via": "chiu"},
                                                 {"win_card": "2c", "via": "stock"}])
    assert [int(p) for p in batch.verdicts.points] == [5, 2]
    assert batch.verdicts.bonus_counts(0) == {"chiu_u": 1}
    assert batch.verdicts.bonus_counts(1) == {}
    nineteen = "222c 44c 55c 66c 22s 88s 3c3s 7c7s 5s5m"
    (wait,) = [w for w in waits_text(nineteen, via="chiu") if str(w.card) == "2c"]
    assert wait.points == 5


def test_R_thien_u_opening_the_dealt_hand_is_the_opening():
    hand = "2222c 44c 55c 66c 88s 44s 5s5m 6s6m 7c7m"
    v = check(hand, thien_u=True)
    assert keys(v) == {"thien_u": 1, "thien_khai": 1}
    assert v.points == 5 + 1  # Thiên khai's main value, Thiên ù's dịch
    assert check(hand, thien_u=True, opening=hand).points == v.points


UCHI = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


@pytest.mark.parametrize("flag, name", [({"won_previous": True}, "won_previous"),
                                        ({"first_stock": True}, "first_stock")])
def test_thong_and_dia_u_asked_for_under_rules_without_them_are_refused(flag, name):
    """Traditional Thông and Địa ù: under the seed rules nothing scores them, so asking is
    refused rather than silently dropped, in a check, a batch and a wait search alike."""
    with pytest.raises(ContextError) as err:
        check_text(UCHI, win_card="2c", via="stock", **flag)
    assert err.value.field == name
    got = check_text(UCHI, win_card="2c", via="stock", rules="traditional", **flag)
    assert {"thong" if name == "won_previous" else "dia_u"} <= {
        b.bonus.key for b in got.score.bonuses}
    batch = check_texts([UCHI], [{"win_card": "2c", "via": "stock", **flag}])
    assert batch.errors[0].field == name
    with pytest.raises(ContextError):
        waits_text("22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s", **flag)


def test_TT_W7_a_thien_u_is_not_won_on_the_first_stock_card():
    with pytest.raises(ContextError) as err:
        check_text(UCHI, thien_u=True, first_stock=True, rules="traditional")
    assert (err.value.field, err.value.rule) == ("first_stock", "TT-W7")


@pytest.mark.parametrize("opening, refused", [
    (THIEN_KHAI_OPENING, None),  # Thiên khai: 2222c still held
    ("222c 44c 55c 66c 88s 44s 5m 6s6m 4c4m 9m", None),  # a dealt triple, then a fourth
    ("22c 44c 55c 66c 88s 44s 5m 6s6m 4c4m 99m", "9m"),  # a dealt pair of 9m gone
    ("22c 44c 55c 66c 88s 44s 5m 6s6m 4c4m 9m 9m", "9m"),  # the same, written apart
    ("22c 44c 55c 66c 88s 44s 5m 6s6m 4c 4m 77m", "7m"),
])
def test_TT_C2_an_opening_whose_dealt_pair_the_hand_no_longer_holds_is_refused(opening,
                                                                               refused):
    """A concealed pair is never broken (TT-C2), so every dealt pair is still in the winning
    twenty: an opening that says otherwise contradicts the hand, and would otherwise score
    bonuses the hand cannot have (Thiên khai of cards it does not hold)."""
    if refused is None:
        assert check_text(THIEN_KHAI, win_card="5s", opening=opening).wins
        return
    with pytest.raises(ContextError) as err:
        check_text(THIEN_KHAI, win_card="5s", opening=opening)
    assert err.value.field == "opening" and err.value.rule == "TT-C2"
    assert f"held 2 {refused}, but the hand before its winning card holds 0" in err.value.message


def test_a_first_stock_win_not_via_a_stock_card_names_the_field_not_a_cli_flag():
    """The message reaches the API as well (context.first_stock): it speaks of the way the
    card came, not of a command-line option."""
    with pytest.raises(ContextError) as err:
        check_text(XUONG, win_card="5s", via="discard", first_stock=True, rules="traditional")
    assert err.value.field == "first_stock" and "--" not in err.value.message
    assert "via own-door or stock" in err.value.message


def test_a_first_stock_win_without_its_card_asks_for_the_card():
    """Địa ù is a win on a card (TT-W7 names none for Thiên ù only): asked for with no
    winning card, the error asks for the card, not for another way of winning."""
    with pytest.raises(ContextError) as err:
        check_text(XUONG, first_stock=True, rules="traditional")
    assert err.value.field == "win_card" and "give the winning card" in err.value.message
