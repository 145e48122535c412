"""Luk Fu rules at their edges: claims at exactly six, the master who passed, face-down
follows and the claim timing (rules/lukfu.md)."""

import pytest

from moneycards.solver.errors import ContextError
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.lukfu.legal import check_lead
from moneycards.solver.lukfu.old import Position, claim_total, prove_old
from moneycards.solver.lukfu.plays import compare, parse_play
from moneycards.solver.lukfu.record import RecordError, parse_record
from moneycards.solver.lukfu.table import LukFuState
from moneycards.solver.table import Outcome, OutcomeKind

SIX_OLD = "9c 9s 9m 9t 1c 1t 2s 2m 3s 3m 4s 4m"  # six always-old cards (LF-O1), six fresh


def H(text):
    return set(LUKFU.parse(text))


def test_LF_W2_a_claim_at_exactly_six_old_cards_before_the_first_lead():
    deal = LukFuState.from_hands([SIX_OLD, "2c 3c 4c 5c 6c 7c 8c 2t 3t 4t 5t 6t",
                                  "5s 6s 7s 8s 1s 5m 6m 7m 8m 1m 7t 8t"], master=0)
    deal.apply("call play")
    assert deal.claim_total(0) == 6
    assert deal.legal_texts()[0] == "claim"
    deal.apply("claim")
    # The master called and wins with six fu: 1 point (LF-K2) from each loser (LF-K3).
    assert deal.result == Outcome(OutcomeKind.WIN, "LF-K3", winner=0, fu=6, caller=0,
                                  net=(2, -1, -1))
    assert deal.result_line() == ("Seat 0 claims with 6 fu, 1 point (LF-K2), which each "
                                  "loser pays (LF-K3): Seat 0 +2, Seat 1 -1, Seat 2 -1.")


def test_LF_W2_the_old_card_proof_allows_a_claim_at_exactly_six():
    pos = Position(parse_record({"master": 0, "calls": ["play"], "tricks": []}), 0, H(SIX_OLD))
    assert claim_total(pos) == (0, 6, True)
    pos5 = Position(parse_record({"master": 0, "calls": ["play"], "tricks": []}), 0,
                    H(SIX_OLD.replace("1t", "5c")))
    assert claim_total(pos5) == (0, 5, False)


# Seed 4 played with these actions leaves seat 0 about to lead with 3 fu and 7m 7t 9t, all
# old: fu plus every card it holds is exactly six.
SEED4 = ["call play", "lead 4s", "follow 6s", "follow 8s", "lead 1m", "follow 2m",
         "follow 5m", "lead 2t", "follow 6t", "down 3t", "lead 2s", "follow 7s", "down 6m",
         "lead 5c", "down 5s", "follow 9c", "lead 4c", "follow 7c", "down 5t", "lead 9s",
         "down 8t", "down 4m", "lead 8m", "follow 9m", "down 1t", "lead 3m", "down 6c",
         "down 1c"]


def test_LF_W2_fu_plus_every_card_held_exactly_six_may_claim():
    deal = LukFuState(4)
    for action in SEED4:
        deal.apply(action)
    assert deal.current_seat() == 0 and deal.record.fu(0) == 3
    assert sorted(f.text for f in deal.hands[0]) == ["7m", "7t", "9t"]
    assert deal.claim_total(0) == 6 and "claim" in deal.legal_texts()
    deal.apply("claim")
    assert deal.result.winner == 0 and deal.result.fu == 6


def test_LF_L2_the_record_reader_refuses_a_set_of_four_led_by_a_master_who_passed():
    rec = {"master": 0, "calls": ["pass", "play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "5c5s5m5t"}]}]}
    with pytest.raises(RecordError) as err:
        parse_record(rec)
    assert err.value.rule == "LF-L2" and err.value.path == "tricks[0].plays[0]"
    rec["calls"] = ["play"]  # the master called: the same lead is fine
    assert parse_record(rec).role(0) == "caller"


def test_LF_L3_a_master_who_passed_leads_an_old_single_only_when_all_old():
    v = check_lead(parse_play("9c"), H("9c 5s"), "master-passed", H("9c"))
    assert not v.legal and v.rule == "LF-L3"
    assert check_lead(parse_play("9c"), H("9c 5s"), "caller", H("9c")).rule == "LF-L4"


def test_LF_F4_a_run_is_beaten_only_by_a_run_of_its_length():
    c = compare(parse_play("2345t"), parse_play("123s"))
    assert not c.beats and c.rule == "LF-F4"
    assert compare(parse_play("234t"), parse_play("123s")).beats


def test_LF_F1_face_down_cards_that_beat_the_play_are_refused():
    """R-old-proof: a seat that goes face down held no beating play, so its own face-down
    cards (when the record knows them) may not beat the play either."""
    rec = {"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "6c"}, {"seat": 1, "down": 1, "cards": "7c"},
                                {"seat": 2, "down": 1}]}]}
    with pytest.raises(RecordError) as err:
        parse_record(rec)
    assert err.value.rule == "LF-F1" and err.value.path == "tricks[0]"
    rec["tricks"][0]["plays"][1]["cards"] = "5s"
    assert parse_record(rec).fu(0) == 1


def test_R_old_proof_a_face_down_follow_proves_the_card_above_is_gone():
    """Seats 1 and 2 went face down on 6c in trick 2: neither held 7c or 8c then, so both
    sit in the trick-1 face-down discards, and seat 0's 7c is old (LF-O2)."""
    rec = parse_record({"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "234s"}, {"seat": 1, "down": 3},
                                {"seat": 2, "down": 3}]},
        {"leader": 0, "plays": [{"seat": 0, "cards": "6c"}, {"seat": 1, "down": 1},
                                {"seat": 2, "down": 1}]}]})
    proof = prove_old(Position(rec, 0, H("7c 5m6m 1t2t 9t 5s 8t")))
    assert {c.card.text for c in proof.cards if c.old} == {"7c", "9t", "8t", "1t"}


# A whole deal's public record as seat 0 sees it, up to seat 1 leading its last card.
# Seats 1 and 2 follow face up except once: seat 1 goes face down on 1s in trick 10.
_S, _D = "cards", "down"
LATE = [(0, [(0, _S, "7s"), (1, _S, "8s"), (2, _S, "9s")]),
        (2, [(2, _S, "3m"), (0, _S, "4m"), (1, _S, "6m")]),
        (1, [(1, _S, "2t"), (2, _S, "3t"), (0, _D, "1t")]),
        (2, [(2, _S, "8m"), (0, _D, "5s"), (1, _S, "9m")]),
        (1, [(1, _S, "7t"), (2, _S, "9t"), (0, _D, "4c")]),
        (2, [(2, _S, "4t"), (0, _D, "1m"), (1, _S, "6t")]),
        (1, [(1, _S, "2s"), (2, _S, "3s"), (0, _D, "8c")]),
        (2, [(2, _S, "2c"), (0, _S, "3c"), (1, _S, "5c")]),
        (1, [(1, _S, "2m"), (2, _S, "5m"), (0, _S, "7m")]),
        (0, [(0, _S, "1s"), (1, _D, None), (2, _S, "4s")]),
        (2, [(2, _S, "5t"), (0, _D, "9c"), (1, _S, "8t")]),
        (1, [(1, _S, "1c")])]


def _late_record():
    tricks = []
    for leader, plays in LATE:
        out = []
        for seat, kind, cards in plays:
            p = {"seat": seat, "cards": cards} if kind == _S else {"seat": seat, "down": 1}
            if kind == _D and cards:
                p["cards"] = cards  # seat 0 knows its own face-down cards
            out.append(p)
        tricks.append({"leader": leader, "plays": out})
    return parse_record({"master": 0, "calls": ["play"], "tricks": tricks})


def test_R_old_proof_a_face_down_card_held_no_beater_at_its_own_trick():
    """R-old-proof, the trick boundary: seat 1's face-down card of trick 10 was in its hand
    when it went down on 1s, so it is not a spade above 1. The two cards seat 0 has not
    seen are 6s and 7c: 6s must be seat 2's last card and 7c that face-down card, so no
    higher Coins card is in a hand and seat 0's 6c is old."""
    proof = prove_old(Position(_late_record(), 0, H("6c")))
    assert [(c.card.text, c.old, c.rule) for c in proof.cards] == [("6c", True, "LF-O2")]


def test_a_hand_that_contradicts_a_face_down_follow_names_LF_F1_once():
    """Seen from seat 1, its own 7c would have beaten the 6c it went face down on: the
    position cannot exist, and the error names the rule once (in `rule`, not the text)."""
    rec = parse_record({"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "234s"}, {"seat": 1, "down": 3},
                                {"seat": 2, "down": 3}]},
        {"leader": 0, "plays": [{"seat": 0, "cards": "6c"}, {"seat": 1, "down": 1},
                                {"seat": 2, "down": 1}]}]})
    with pytest.raises(ContextError) as err:
        prove_old(Position(rec, 1, H("7c 5m6m 1t2t 9t 5s 8t")))
    assert err.value.rule == "LF-F1" and str(err.value).count("LF-F1") == 1
    assert "went face down on 6c in trick 2 while holding 7c" in err.value.message
