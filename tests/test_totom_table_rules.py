"""Tổ Tôm capture restrictions in the deal engine, one test per rule (TT-C1–C9).

Each test sets up one seat's concealed hand and memory, offers it a card, and checks the
legal actions and the rule id an illegal attempt is refused with.
"""

import pytest

from moneycards.solver.totom import TOTOM
from moneycards.solver.table import IllegalAction
from moneycards.solver.totom.table import Offer, Phase, TotomState
from tests.table_helpers import totom_deal

F = lambda t: TOTOM.parse(t)[0]  # noqa: E731


def offered(hand, card, **memory):
    """Seat 1, holding `hand` (concealed), is offered `card` as a discard."""
    state = TotomState(None, deal=totom_deal(["", "", "", ""], ""))
    state.hands[1] = list(TOTOM.parse_counts(hand))
    for key, value in memory.items():
        setattr(state.memory[1], key, value)
    state.offer = Offer(F(card), 1, "discard", 1)
    state.phase, state.seat, state.claims = Phase.OFFER, 1, []
    return state


def refused(state, action):
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.rule


def test_TT_T2_naming_the_offered_card_is_answered_with_the_captures_that_take_it():
    """'capture 5c' for the offered 5c, not held: a capture names the hand card, and the
    refusal lists the ones that may take it (or says none may); nothing changes."""
    state = offered("5s 6c 7c 8c 9c", "5c")
    with pytest.raises(IllegalAction) as err:
        state.apply("capture 5c")
    assert err.value.rule == "TT-T2"
    said = str(err.value)
    assert said.endswith("a capture names the hand card that takes 5c, and 5c is not in the "
                         "concealed hand: 'capture 5s' [TT-T2]"), said
    assert state.phase == Phase.OFFER and state.hands[1] == list(TOTOM.parse_counts(
        "5s 6c 7c 8c 9c"))
    with pytest.raises(IllegalAction, match="takes 5c.*; no hand card may capture it"):
        offered("7c 8c 9c", "5c").apply("capture 5c")
    with pytest.raises(IllegalAction, match=r"^.*: 7m is not in the concealed hand \[TT-T2\]$"):
        offered("5s 7c 8c 9c", "5c").apply("capture 7m")


def test_TT_C1_identical_card_held_only_chan():
    state = offered("5c 5s 7c 8c 9c", "5c")
    assert "capture 5c" in state.legal_texts() and "capture 5s" not in state.legal_texts()
    assert refused(state, "capture 5s") == "TT-C1"


def test_TT_C2_pairs_never_broken_but_a_triple_gives_its_third():
    state = offered("55s 7c 8c 9c", "5c")  # 5s is a concealed pair
    assert refused(state, "capture 5s") == "TT-C2"
    assert "capture 5s" in offered("555s 7c 8c 9c", "5c").legal_texts()  # a triple
    state = offered("55c 7c 8c 9c", "5c")
    assert "capture 5c" in state.legal_texts()  # ăn bòn: Chắn with one card of a pair
    state.apply("capture 5c")
    assert (F("5c"), F("5c")) in state.exposed[1] and state.phase == "discard"


def test_TT_C3_declined_chan_face_never_discarded_or_used_in_ca():
    state = offered("5s 7c 8c 9c", "5c", declined_chan={F("5s")})
    assert refused(state, "capture 5s") == "TT-C3"
    state = offered("5c 7c 8c 9c 2s", "5c")
    state.apply("pass")  # declines the Chắn of 5c
    assert F("5c") in state.memory[1].declined_chan


def test_TT_C4_own_discarded_or_ca_faces_not_captured_later():
    assert refused(offered("5s 7c 8c 9c", "5c", discarded={F("5c")}), "capture 5s") == "TT-C4"
    assert refused(offered("5s 7c 8c 9c", "5c", ca_from_hand={F("5c")}),
                   "capture 5s") == "TT-C4"


def test_R_own_faces_tt_c4_binds_only_the_seat_that_let_the_face_go():
    """R-own-faces: another seat's discard of a face, or its Cạ from hand, does not keep
    this seat from capturing that face."""
    state = offered("5s 7c 8c 9c", "5c")
    state.memory[0].discarded.add(F("5c"))
    state.memory[2].ca_from_hand.add(F("5c"))
    assert "capture 5s" in state.legal_texts()
    assert refused(offered("5s 7c 8c 9c", "5c", discarded={F("5c")}), "capture 5s") == "TT-C4"


def test_TT_C5_no_ca_capture_in_a_rank_with_a_concealed_ca():
    assert refused(offered("5s 5m 7c 8c 9c", "5c"), "capture 5s") == "TT-C5"
    # A triple's third card is outside its pair (TT-C2), so 555s 5m holds the Cạ 5s5m.
    assert refused(offered("555s 5m 7c 8c 9c", "5c"), "capture 5m") == "TT-C5"


def test_TT_C5_a_concealed_identical_pair_is_not_half_a_ca():
    # 5s beside the pair 5m5m: identical pairs are never split (TT-W3), so no Cạ in rank 5.
    state = offered("5s 55m 7c 8c 9c", "5c")
    assert state.legal_texts() == ["capture 5s", "pass"]
    state.apply("capture 5s")
    assert (F("5s"), F("5c")) in state.exposed[1] and state.phase == "discard"


def test_TT_C6_no_ca_capture_with_one_unpaired_card_left():
    assert refused(offered("5s 77c 88c", "5c"), "capture 5s") == "TT-C6"


def test_TT_C6_a_concealed_ca_counts_as_paired():
    # Chắn 77c 88c, Cạ 6c6m, one single 5s: the hand waits for its win, no Cạ capture.
    state = offered("5s 6c6m 77c 88c", "5c")
    assert state.legal_texts() == ["pass"]
    assert refused(state, "capture 5s") == "TT-C6"
    # Two singles left (5s, 9c): the capture is legal.
    assert "capture 5s" in offered("5s 6c6m 77c 9c", "5c").legal_texts()
    # A single Chi chi is unpaired too: 5s and 1h leave two.
    assert "capture 5s" in offered("5s 6c6m 77c 1h", "5c").legal_texts()


def test_TT_C7_after_discarding_both_cards_of_a_ca_no_ca_captures():
    state = offered("5s 7c 8c 9c", "5c", discarded={F("2c"), F("2m")})
    assert refused(state, "capture 5s") == "TT-C7"


def test_TT_C8_after_capturing_a_ca_no_discard_completing_a_discarded_ca():
    state = offered("5s 7c 8c 2m", "5c", discarded={F("2c")})
    state.apply("capture 5s")  # a Cạ capture
    assert refused(state, "discard 2m") == "TT-C8"
    assert "discard 7c" in state.legal_texts()


def test_R_dead_hand_a_declined_thien_u_without_a_discard_leaves_a_dead_hand():
    """R-dead-hand keeps TT-S4 for the dealer whose twenty are all pairs (no legal discard,
    TT-C2) and who declines its Thiên ù: for the rest of the deal it only exposes stock
    cards, and never captures nor wins."""
    deal = totom_deal(["22c 33c 44c 55c 66c 22s 33s 44s 55s 66s", "", "", ""], "")
    state = TotomState(None, deal=deal)
    assert state.legal_texts() == ["win", "decline"]
    state.apply("decline")
    assert state.dead_hand == {0} and state.offer.kind == "exposed" and state.offer.door == 0
    card = state.offer.card
    assert not state._wins_with(0, card) and state._captures(0, card) == []
    if state.current_seat() == 0:
        assert state.legal_texts() == ["pass"]


def test_TT_C9_capture_only_if_a_legal_discard_remains():
    # After 5s5c, only 77c (a pair) would be left: nothing may be discarded.
    assert refused(offered("5s 77c 9c", "5c", declined_chan={F("9c")}), "capture 5s") == "TT-C9"


# -- what a refused action says ---------------------------------------------------------------
def _refusal(state, action):
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value


def test_a_discard_or_capture_without_its_card_is_told_so():
    """'discard' alone where the dealer opens, 'capture' alone where a card is offered:
    the action lacks its card (TT-T2), not the phase."""
    from moneycards.solver.games import seeded
    state = seeded("totom", 1)
    err = _refusal(state, "discard")
    assert err.rule == "TT-T2"
    assert str(err).endswith(": 'discard' names a card of the hand (e.g. 'discard 5s') [TT-T2]")
    while state.phase is not Phase.OFFER:
        state.apply(state.legal_texts()[-1])
    err = _refusal(state, "capture")
    assert err.rule == "TT-T2" and "'capture' names a card of the hand" in str(err)


def test_a_refusal_s_reason_is_given_whole():
    """A win the dealer's twenty do not support names every unpaired card and the Chắn
    count in one line, never cut mid-sentence."""
    import json
    import pathlib

    from moneycards.records import read_game_record
    from moneycards.solver.games import new_state
    rec = json.loads((pathlib.Path(__file__).parents[1] / "examples" /
                      "totom-game.json").read_text())
    state = new_state("totom", read_game_record("totom", rec))  # its deal, none played
    err = _refusal(state, "win")
    assert "…(" not in str(err)
    assert str(err).endswith("; a win is 10 pairs, at least 6 of them Chắn [TT-W4]")


@pytest.mark.parametrize("switch, words", [
    ("no_discard_of_captured_face", "a seat may not discard a face it captured this deal")])
def test_a_traditional_discard_error_cites_the_preset_and_its_switch(switch, words):
    """The traditional errors the page lacks have no rule id: a refusal cites the
    `traditional` preset and names its switch, never an unrelated TT-C rule. Played side by
    side with the default rules until a discard the switch alone refuses."""
    import dataclasses
    import random

    from moneycards.solver.games import GAMES
    g = GAMES["totom"]
    on = dataclasses.replace(g.rules(), **{switch: True})
    found = 0
    for seed in range(60):
        plain = g.seeded(seed)
        strict = g.new_state({"deal": plain.deal_json(), "rules": on})
        rng = random.Random(seed)
        while not strict.is_over and not plain.is_over:
            both = [a for a in strict.legal_texts() if a in plain.legal_texts()]
            for a in plain.legal_texts():
                if a.startswith("discard ") and a not in strict.legal_texts():
                    err = _refusal(strict, a)
                    assert err.rule == "traditional" and words in str(err)
                    assert switch in str(err)
                    found += 1
            if not both:
                break
            a = rng.choice(both)
            plain.apply(a)
            strict.apply(a)
        if found >= 3:
            break
    assert found >= 3


def test_declining_a_compulsory_thien_u_cites_r_decline_win():
    """Under must_take_win a dealer whose twenty win may not decline nor discard
    (R-decline-win), and the refusal says so, not that no claim window is open."""
    import dataclasses

    from moneycards.solver.games import GAMES
    g = GAMES["totom"]
    rules = dataclasses.replace(g.rules(), must_take_win=True)
    for seed in range(20000):
        deal = g.seeded(seed)
        if deal.legal_texts()[:1] == ["win"]:
            break
    else:
        pytest.fail("no Thiên ù in 20,000 deals")
    state = g.new_state({"deal": deal.deal_json(), "rules": rules})
    assert state.legal_texts() == ["win"]
    for action in ("decline", "discard " + str(deal.legal_texts()[-1]).split()[-1]):
        err = _refusal(state, action)
        assert err.rule == "R-decline-win" and "Thiên ù" in str(err), action


def test_refusals_cite_the_deck_chi_chi_and_the_traditional_must_chiu():
    """A token that is no card of the deck cites TT-D1; a capture of Chi chi with another
    face, or of a card with Chi chi, cites TT-D3 (Chi chi is in no Cạ); declining a Chíu
    under the traditional switch must_chiu cites the traditional list, not TT-P5 (which
    lets a seat decline). Each refusal leaves the table as it was."""
    import dataclasses

    from moneycards.solver.games import spec
    from moneycards.solver.totom.legal import not_partners

    state = offered("5s 5m 1h 7c", "1h")
    before = (list(state.hands[1]), state.phase, state.offer)
    for action, rule, words in (("capture 5s", "TT-D3", "Chi chi pairs only with another"),
                                ("capture 1m", "TT-D1", "no such card in Tổ Tôm: '1m'"),
                                ("discard 1m", "TT-D1", "'1m'")):
        err = _refusal(state, action)
        assert (err.rule, words in str(err)) == (rule, True), str(err)
        assert before == (list(state.hands[1]), state.phase, state.offer)
    assert not_partners(F("1h"), F("5s"))[0] == "TT-D3"
    assert not_partners(F("5s"), F("1h"))[0] == "TT-D3"
    assert not_partners(F("5s"), F("6m"))[0] == "TT-W1"
    assert not_partners(F("1h"), F("1h")) is None and not_partners(F("5s"), F("5m")) is None
    assert state.legal_texts()[0] == "capture 1h"  # the boundary: Chi chi with Chi chi

    rules = dataclasses.replace(spec("totom").rules("seed"), must_chiu=True)
    state = TotomState(None, rules, deal=totom_deal(["", "", "", ""], ""))
    for s, hand in enumerate(["5s 3c", "5m 7c 8s", "2c 3s 4m", "555s 7m 8m 9m"]):
        state.hands[s] = list(TOTOM.parse_counts(hand))
    state.phase, state.seat, state.offer, state.claims = Phase.DISCARD, 0, None, []
    state.apply("discard 5s")
    err = _refusal(state, "decline")
    assert err.rule == "traditional" and "switch must_chiu" in str(err), str(err)
    assert state.legal_texts() == ["chiu"]
