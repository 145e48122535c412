"""Luk Fu rules by rule id (rules/lukfu.md LF-D, LF-C, LF-L, LF-F, LF-W, LF-O, LF-K, rulings)."""

import random

import pytest

from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput, NotationError
from moneycards.solver.games import check
from moneycards.solver.lukfu.check import beats_text, score_text
from moneycards.solver.lukfu.legal import check_follow, check_lead, settle
from moneycards.solver.lukfu.old import Position, prove_old
from moneycards.solver.lukfu.plays import PlayError, compare, parse_play, plays_in
from moneycards.solver.lukfu.rules import LukFuRules
from moneycards.solver.lukfu.record import RecordError, parse_record
from moneycards.solver.lukfu.table import LukFuState
from moneycards.solver.lukfu.observation import Phase
from moneycards.solver.table import IllegalAction, Outcome, OutcomeKind


def P(text):
    return parse_play(text)


def H(text):
    return set(LUKFU.parse(text))


def beats(play, over, **rules):
    return compare(P(play), P(over), LukFuRules(**rules))


def record(*tricks, master=0, calls=("play",)):
    return parse_record({"master": master, "calls": list(calls), "tricks": [
        {"leader": leader, "plays": plays} for leader, plays in tricks]})


# -- LF-D: cards -------------------------------------------------------------------------
def test_LF_D1_36_cards_one_of_each():
    assert LUKFU.size == 36 and LUKFU.copies == 1
    for bad in ("0c", "5h", "1h"):
        with pytest.raises(NotationError):
            LUKFU.parse(bad)
    with pytest.raises(PlayError, match="twice"):
        parse_play("5c 5c 5s")


def test_LF_D1_suit_order_for_runs():
    assert beats("123s", "789c").beats and beats("123m", "789s").beats
    assert beats("123t", "789m").beats and not beats("789c", "123s").beats


def test_LF_D2_nine_high_one_low_within_a_suit():
    assert beats("9s", "8s").beats and beats("2s", "1s").beats and not beats("1s", "2s").beats


def test_LF_D3_mau_gung_and_bak_chi():
    assert LUKFU.parse("mau-gung bak-chi") == LUKFU.parse("1c 1t")


# -- LF-L1: leads ------------------------------------------------------------------------
@pytest.mark.parametrize("text,kind", [("7c", "single"), ("5c5s5m", "set"),
                                       ("5c5s5m5t", "set"), ("345m", "run"),
                                       ("123456789t", "run")])
def test_LF_L1_plays(text, kind):
    assert P(text).kind == kind


@pytest.mark.parametrize("text,needle", [
    ("5c5s", "pair"), ("891c", "not a run"), ("357c", "not a run"), ("5c6s7c", "mixes"),
    ("56c", "two cards"),
])
def test_LF_L1_not_plays(text, needle):
    with pytest.raises(PlayError, match=needle) as err:
        P(text)
    assert err.value.rule == "LF-L1"


def test_LF_L1_every_play_in_a_hand():
    found = {p.text for p in plays_in(H("345c 5s 5m"))}
    assert found == {"3c", "4c", "5c", "5s", "5m", "345c", "5c 5s 5m"}


def test_LF_L2_master_who_passed_may_not_lead_four():
    hand = H("1234c 5c5s5m5t 9t")
    assert not check_lead(P("1234c"), hand, "master-passed", set()).legal
    assert check_lead(P("1234c"), hand, "master-passed", set()).rule == "LF-L2"
    assert not check_lead(P("5c5s5m5t"), hand, "master-passed", set()).legal
    assert check_lead(P("123c"), hand, "master-passed", set()).legal
    assert check_lead(P("5c5s5m"), hand, "master-passed", set()).legal
    assert check_lead(P("1234c"), hand, "non-caller", set()).legal


def test_R_master_lead_applies_to_every_lead_of_the_deal():
    with pytest.raises(RecordError) as err:
        record((0, [{"seat": 0, "cards": "9c"}, {"seat": 1, "down": 1}, {"seat": 2, "down": 1}]),
               (0, [{"seat": 0, "cards": "1234s"}]), calls=("pass", "play"))
    assert err.value.rule == "LF-L2" and "tricks[1]" in str(err.value)
    assert "at any lead of the deal: R-master-lead" in str(err.value)  # the ruling named


def test_LF_L3_non_caller_leads_old_single_only_when_all_old():
    hand = H("9c 5s")
    old = {f for f in LUKFU.parse("9c")}
    v = check_lead(P("9c"), hand, "non-caller", old)
    assert not v.legal and v.rule == "LF-L3"
    assert check_lead(P("5s"), hand, "non-caller", old).legal
    assert check_lead(P("9c"), H("9c 9s"), "non-caller", H("9c 9s")).legal


def _old_single_record(seat2_later):
    """Seat 0 calls and leads; seat 1 (not the caller) wins trick 1, leads the old 9s in
    trick 2 and shows 3m in trick 3, where seat 2 shows `seat2_later`."""
    third = [{"seat": 1, "cards": "3m"}]
    if seat2_later == "4m":
        third.append({"seat": 2, "cards": "4m"})
    else:
        third.append({"seat": 2, "down": 1})
    third.append({"seat": 0, "down": 1})
    return {"game": "lukfu", "master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "2c"}, {"seat": 1, "cards": "5c"},
                                {"seat": 2, "down": 1}]},
        {"leader": 1, "plays": [{"seat": 1, "cards": "9s"}, {"seat": 2, "down": 1},
                                {"seat": 0, "down": 1}]},
        {"leader": 1, "plays": third}]}


def test_LF_L3_a_record_with_an_old_single_led_beside_a_card_not_old_is_refused():
    # Seat 1 held 3m when it led 9s, and 4m was still in seat 2's hand: 3m was not old.
    with pytest.raises(RecordError) as err:
        parse_record(_old_single_record("4m"))
    assert err.value.rule == "LF-L3" and err.value.path == "tricks[1].plays[0]"
    assert "3m, which is not old (4m was still in Seat 2's hand)" in err.value.message
    # Nothing proves 3m was not old when no higher Myriads card shows up: accepted.
    assert parse_record(_old_single_record(None)).fu(1) == 3  # three single tricks


def test_LF_L4_caller_leads_old_single_any_time():
    v = check_lead(P("9c"), H("9c 5s"), "caller", H("9c"))
    assert v.legal and v.rule == "LF-L4"


def test_R_lead_advice_strict_switch():
    rules = LukFuRules(strict_non_caller_leads=True)
    hand = H("3c 4t 5t6t7t")
    assert check_lead(P("4t"), hand, "non-caller", set(), rules).legal
    assert not check_lead(P("3c"), hand, "non-caller", set(), rules).legal  # not highest suit
    assert not check_lead(P("567t"), hand, "non-caller", set(), rules).legal  # not a single
    assert check_lead(P("567t"), hand, "non-caller", set()).legal  # advice only by default


# -- LF-F: following ---------------------------------------------------------------------
def test_LF_F1_must_beat_when_able_else_same_number_face_down():
    best = P("7c")
    assert check_follow(P("9c"), (), H("9c 2s"), best).legal
    v = check_follow(None, tuple(LUKFU.parse("2s")), H("9c 2s"), best)
    assert not v.legal and v.rule == "LF-F1"
    assert check_follow(None, tuple(LUKFU.parse("2s")), H("5c 2s"), best).legal
    v = check_follow(None, tuple(LUKFU.parse("2s 5c")), H("5c 2s"), best)
    assert not v.legal and "same number" in v.reason
    assert not check_follow(P("5c"), (), H("5c 2s"), best).legal


def test_LF_F2_single_beaten_by_higher_card_of_same_suit():
    assert beats("8c", "7c").beats and not beats("8s", "7c").beats
    assert beats("8s", "7c").rule == "LF-F2"


def test_LF_F3_sets_by_rank_and_the_ace_rule():
    assert beats("6c6s6m", "5c5s5m").beats and not beats("4c4s4m", "5c5s5m").beats
    assert not beats("6c6s6m", "5c5s5m5t").beats  # same size only
    assert not beats("8c8s8m", "1c1s1m").beats and beats("9c9s9m", "1c1s1m").beats
    assert beats("8c8s8m", "1c1s1m", ace_sets_beaten_only_by_nines=False).beats


def test_LF_F4_runs_by_top_card_or_higher_suit():
    assert beats("456c", "345c").beats and not beats("234c", "345c").beats
    assert beats("123s", "789c").beats
    assert not beats("3456c", "345c").beats  # same length only


def test_LF_F5_mau_gung_and_bak_chi_unbeatable_led_alone():
    assert not beats("9c", "1c").beats and beats("9c", "1c").rule == "LF-F5"
    assert not beats("9t", "1t").beats
    assert beats("2s", "1s").beats


def test_LF_F6_LF_O3_face_down_cards_stay_hidden_from_other_seats():
    tricks = [(0, [{"seat": 0, "cards": "6c"}, {"seat": 1, "down": 1, "cards": "9s"},
                   {"seat": 2, "cards": "7c"}])]
    with_hidden = record(*tricks)
    hand = H("8s 2c3c4c5c 1m2m3m4m 5m 6m")
    # 9s was discarded by AI 1; seat 0 must not know that, so 8s is not old for it.
    proof = prove_old(Position(with_hidden, 0, hand))
    assert LUKFU.parse("8s")[0] not in proof.old


# -- LF-W: fu and claims -----------------------------------------------------------------
def test_LF_W1_winner_scores_the_cards_of_its_own_winning_play():
    rec = record((0, [{"seat": 0, "cards": "345c"}, {"seat": 1, "cards": "456s"},
                      {"seat": 2, "down": 3}]),
                 (1, [{"seat": 1, "cards": "7s"}, {"seat": 2, "cards": "8s"},
                      {"seat": 0, "down": 1}]))
    assert (rec.fu(0), rec.fu(1), rec.fu(2)) == (0, 3, 1)
    assert rec.to_act() == 2  # the winner leads next


def test_LF_W2_claim_with_old_cards_and_LF_K3_losing_caller_pays_both():
    deal = LukFuState.from_hands([
        "9c 9s 9m 9t 1c 1t 8t 7t 2c 2s 2m 3c",
        "3s 3m 3t 4c 4s 4m 4t 5c 5s 5m 5t 6c",
        "2t 6s 6m 6t 7c 7s 7m 8c 8s 8m 4c".replace(" 4c", " 1s 1m")], master=0)
    deal.apply("call pass")
    deal.apply("call play")  # seat 1 calls; the master (seat 0) leads
    assert "claim" in deal.legal_texts()  # R-claim-timing: before the first lead
    assert deal.claim_total(0) == 8  # four 9s, Mau Gung, Bak Chi, 8t and 7t below 9t
    # LF-L5 beside LF-L3: the old singles may not be led by this non-caller, yet they count
    # when laid down to claim.
    leads = [a for a in deal.legal_texts() if a.startswith("lead ")]
    assert "lead 9c" not in leads and "lead 2c" in leads
    deal.apply("claim")
    assert deal.result == Outcome(OutcomeKind.WIN, "LF-K3", winner=0, fu=8, caller=1,
                                  net=(6, -6, 0))
    # the result says who pays what: "3 points" beside +6 is the caller paying both shares
    assert deal.result_line() == (
        "Seat 0 claims with 8 fu, 3 points (LF-K2); the caller, Seat 1, lost and pays both "
        "losers' shares (LF-K3): Seat 0 +6, Seat 1 -6, Seat 2 +0.")


def test_LF_W3_a_seat_may_play_on_instead_of_claiming():
    deal = LukFuState.from_hands([
        "9c 9s 9m 9t 1c 1t 8t 7t 2c 2s 2m 3c",
        "3s 3m 3t 4c 4s 4m 4t 5c 5s 5m 5t 6c",
        "2t 6s 6m 6t 7c 7s 7m 8c 8s 8m 1s 1m"], master=0)
    deal.apply("call play")
    leads = [a for a in deal.legal_texts() if a.startswith("lead ")]
    assert "claim" in deal.legal_texts() and leads
    deal.apply(leads[0])
    assert not deal.is_over


def test_R_claim_timing_only_the_seat_about_to_lead_may_claim():
    deal = LukFuState.from_hands([
        "9c 9s 9m 9t 1c 1t 8t 7t 2c 2s 2m 3c",
        "3s 3m 3t 4c 4s 4m 4t 5c 5s 5m 5t 6c",
        "2t 6s 6m 6t 7c 7s 7m 8c 8s 8m 1s 1m"], master=0)
    deal.apply("call play")
    deal.apply("lead 2c")  # seat 0 plays on (LF-W3) with 8 already in reach
    assert deal.current_seat() == 1
    assert "claim" not in deal.legal_texts()  # following: no claim (R-claim-timing)


def _play_without_claims(seed):
    """Seeded random play in which no seat claims until the hands have run out."""
    rng = random.Random(seed)
    deal = LukFuState(seed)
    while not deal.is_over and "end" not in deal.legal_texts():
        acts = deal.legal_texts()
        deal.apply(rng.choice([a for a in acts if a != "claim"] or acts))
    return deal


def test_R_claim_timing_a_seat_that_played_on_has_no_claim_at_the_end():
    deal = _play_without_claims(0)
    winner = deal.record.to_act()
    # The last trick's winner could claim at an earlier lead and played on (LF-W3).
    assert not any(deal.hands) and winner in deal.played_on
    assert deal.record.fu(winner) >= 6
    assert deal.is_over and deal.result == Outcome(OutcomeKind.DRAWN, "R-claim-timing",
                                                   net=(0, 0, 0))
    assert "played on past a claim" in deal.result_line()
    got = check("lukfu", deal.engine_record())
    assert got.valid and got.complete and got.result == deal.result
    claimed = deal.engine_record()
    claimed["actions"].append("claim")
    got = check("lukfu", claimed)
    assert not got.valid and got.index == len(deal.history) and got.rule == "R-claim-timing"


def test_R_claim_timing_a_first_chance_at_the_end_may_claim():
    deal = _play_without_claims(42)
    winner = deal.record.to_act()
    assert not any(deal.hands) and winner not in deal.played_on
    assert deal.legal_texts() == ["claim", "end"]
    deal.apply("claim")
    assert deal.result.kind is OutcomeKind.WIN and deal.result.winner == winner


def test_LF_W4_hands_run_out_without_six_is_a_draw():
    from moneycards.solver.lukfu.table import random_deal
    deals = [random_deal(s, claim_prob=0.0) for s in range(40)]  # nobody ever claims
    assert {d.result.kind for d in deals} == {OutcomeKind.DRAWN, OutcomeKind.REDEAL}
    for d in deals:
        assert d.result.net == (0, 0, 0)
        if d.result.kind is OutcomeKind.DRAWN:
            assert not any(d.hands)  # played to the end


# -- LF-C: calling -----------------------------------------------------------------------
def test_LF_C1_three_seats_twelve_cards():
    deal = LukFuState(seed=5)
    assert [len(h) for h in deal.hands] == [12, 12, 12]
    assert set().union(*deal.hands) == set(LUKFU.faces)
    assert 0 <= deal.record.master < 3


def test_LF_C2_C3_master_calls_first_first_play_is_the_caller():
    deal = LukFuState(seed=8)
    m = deal.record.master
    assert deal.current_seat() == m
    deal.apply("call pass")
    assert deal.current_seat() == (m + 1) % 3
    deal.apply("call play")
    assert deal.record.caller == (m + 1) % 3
    assert deal.current_seat() == m  # the master leads whoever called
    with pytest.raises(RecordError) as err:
        parse_record({"master": 0, "calls": ["play", "pass"], "tricks": []})
    assert err.value.rule == "LF-C3"


def test_LF_C4_three_passes_redeal_and_R_settle_zero():
    deal = LukFuState(seed=2)
    for _ in range(3):
        deal.apply("call pass")
    assert deal.result == Outcome(OutcomeKind.REDEAL, "LF-C4", net=(0, 0, 0))


def test_the_deal_s_end_is_said_in_its_last_event_line():
    """The line that ends a deal says how, as Tổ Tôm's and Kowah's do: the winner with its
    fu and the points it is worth (LF-K2), three passes (LF-C4), a drawn deal (LF-W4 or
    R-claim-timing), for every seed of an AI-only table's first 40."""
    from moneycards.solver.lukfu.legal import win_points
    from moneycards.solver.tables import AI, Seat, Table

    deal = LukFuState(seed=2)
    for _ in range(2):
        deal.apply("call pass")
    mark = deal.narration_mark()
    deal.apply("call pass")
    assert deal.after_lines(mark) == ["three passes: the cards are to be dealt again (LF-C4)"]
    # The result line says the same at a single deal's table as at a match's, and nothing
    # of what follows: a match's next deal, or none after its last or at a table of one deal
    # (LF-C4 deals again; R-settle-zero, not LF-C4, settles the passed deal at 0)
    assert deal.result_line() == ("Three passes: the cards are to be dealt again (LF-C4); "
                                  "this deal settles 0 for everyone (R-settle-zero).")
    seen = set()
    for seed in range(40):
        t = Table.create("lukfu", [Seat(AI, "greedy", f"S{k}") for k in range(3)], seed=seed,
                         ai_only=True)
        r = t.state.result
        last = [e for e in t.events(0) if e.result is not None][-1].lines[-1]
        if r.kind is OutcomeKind.WIN:
            points = win_points(r.fu)
            pays = (" from each loser" if r.caller == r.winner  # LF-K3
                    else f" a loser, the caller paying both shares ({2 * points})")
            assert last == f"S{r.winner} wins with {r.fu} fu: {points} point" + \
                ("s" if points > 1 else "") + pays
            seen.add(pays.split(" (")[0])
        elif r.kind is OutcomeKind.DRAWN:
            assert last.startswith("the deal is drawn: ") and last.endswith(f"({r.rule})")
            assert r.net == (0, 0, 0)  # net points, every seat 0 (LF-K4, R-settle-zero)
        else:
            assert last.endswith("(LF-C4)")
        seen.add((r.kind, r.fu == 6))
    assert {(OutcomeKind.WIN, True), (OutcomeKind.WIN, False), (OutcomeKind.DRAWN, False),
            " from each loser", " a loser, the caller paying both shares"} <= seen


# -- LF-O: old cards ---------------------------------------------------------------------
def test_LF_O1_nines_mau_gung_bak_chi_always_old():
    proof = prove_old(Position(record(), 0, H("9c 1c 1t 9s 2c 3c 4c 5c 6c 7c 2s 3s")))
    assert set(proof.old) == H("9c 1c 1t 9s")
    assert all(c.rule == "LF-O1" for c in proof.cards if c.old)


def test_LF_O2_seen_cards_and_unbroken_sequence():
    rec = record((0, [{"seat": 0, "cards": "2s"}, {"seat": 1, "cards": "9s"},
                      {"seat": 2, "down": 1}]), master=0)
    hand = H("7s 8s 3c 4c 5c 6c 7c 8c 1m 2m 3m")
    proof = prove_old(Position(rec, 0, hand))
    old = set(proof.old)
    # 8s: 9s was played; 7s: held directly below 8s; 8c: 9c unseen -> not old.
    assert H("8s 7s") <= old and LUKFU.parse("8c")[0] not in old
    # the sequence clause is the reason given for 7s (LF-O2's second sentence)
    seven = next(c for c in proof.cards if c.card.text == "7s")
    assert (seven.rule, seven.reason) == ("LF-O2", "held directly below 8s, which is old, "
                                                   "in an unbroken sequence")


def test_LF_O2_inference_only_old_card_from_face_down_discards():
    rec = record((0, [{"seat": 0, "cards": "234s"}, {"seat": 1, "down": 3},
                      {"seat": 2, "down": 3}]),
                 (0, [{"seat": 0, "cards": "6c"}, {"seat": 1, "down": 1},
                      {"seat": 2, "down": 1}]))
    proof = prove_old(Position(rec, 0, H("7c 5m6m 1t2t 9t 5s 8t")))
    seven = next(c for c in proof.cards if c.card.text == "7c")
    assert seven.old and "went face down on 6c" in seven.reason
    # Without the face-down follows on 6c (both beat instead), 7c is not old.
    rec2 = record((0, [{"seat": 0, "cards": "234s"}, {"seat": 1, "down": 3},
                       {"seat": 2, "down": 3}]),
                  (0, [{"seat": 0, "cards": "5c"}, {"seat": 1, "cards": "6c"},
                       {"seat": 2, "down": 1}]))
    assert LUKFU.parse("7c")[0] not in prove_old(Position(rec2, 0, H("7c 5m6m 1t2t 9t 5s 8t"))).old


# -- LF-K: scoring -----------------------------------------------------------------------
def test_LF_K1_three_player_settlement_sums_to_zero():
    for fu in range(6, 12):
        for w in range(3):
            for c in range(3):
                assert sum(settle(fu, w, c)) == 0


def test_LF_K2_six_fu_one_point_plus_one_per_fu_over():
    assert settle(6, 0, 0) == [2, -1, -1]
    assert settle(9, 0, 0) == [8, -4, -4]


def test_LF_K3_caller_loses_pays_both_shares():
    assert settle(7, 2, 1) == [0, -4, 4]


def test_LF_W2_a_win_has_at_most_the_twelve_fu_of_the_winners_own_cards():
    """Fu are the winner's own cards (its winning plays, its old cards at the claim), and
    a seat is dealt 12 (LF-C1): 12 fu is the most, 13 is refused."""
    assert settle(12, 0, 1) == [14, -14, 0]
    with pytest.raises(InvalidInput) as err:
        settle(13, 0, 1)
    assert (err.value.field, err.value.rule) == ("fu", "LF-W2")


@pytest.mark.parametrize("given", [{"fu": 8}, {"winner": 0}])
def test_LF_W4_a_drawn_deal_given_a_winners_fu_or_seat_is_refused(given):
    kwargs = {"fu": None, "winner": None, "caller": 1, **given}
    with pytest.raises(InvalidInput) as err:
        score_text(drawn=True, **kwargs)
    assert (err.value.field, err.value.rule) == (next(iter(given)), "LF-W4")
    assert score_text(fu=None, winner=None, caller=1, drawn=True)["net"] == [0, 0, 0]


def test_LF_K4_net_points_and_bad_input():
    with pytest.raises(InvalidInput) as err:
        settle(-1, 0, 0)
    assert err.value.field == "fu"
    with pytest.raises(InvalidInput):
        settle(5, 0, 0)
    with pytest.raises(InvalidInput) as err:
        settle(6, 3, 0)
    assert err.value.field == "winner"


# -- records: bad input ------------------------------------------------------------------
@pytest.mark.parametrize("data,needle", [
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": [
        {"seat": 0, "cards": "7c"}, {"seat": 1, "cards": "5c"}]}]}, "does not beat"),
    # one card twice within a trick is LF-D1's, not a follow that fails to beat itself
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": [
        {"seat": 0, "cards": "7c"}, {"seat": 1, "cards": "7c"}]}]},
     r"7c was already played at tricks\[0\]\.plays\[0\]"),
    ({"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "7c"}, {"seat": 1, "cards": "8c"},
                                {"seat": 2, "down": 1}]},
        {"leader": 1, "plays": [{"seat": 1, "cards": "7c"}]}]}, "already played"),
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": [
        {"seat": 0, "cards": "7c"}, {"seat": 1, "down": 1}, {"seat": 2, "down": 1}]},
        {"leader": 0, "plays": [{"seat": 0, "cards": "2s"}, {"seat": 1, "cards": "9c"}]}]},
     "does not beat"),
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": [
        {"seat": 0, "cards": "7c"}, {"seat": 1, "down": 1}, {"seat": 2, "down": 1}]},
        {"leader": 0, "plays": [{"seat": 0, "cards": "2s"}, {"seat": 1, "cards": "3s"},
                                {"seat": 2, "down": 1}]},
        {"leader": 1, "plays": [{"seat": 1, "cards": "9c"}]}]}, "later showed"),
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 1, "plays": []}]}, "leads"),
    ({"master": 5, "calls": [], "tricks": []}, "master"),
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": [
        {"seat": 0, "cards": "891c"}]}]}, "not a run"),
    ({"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": [
        {"seat": 4, "cards": "8c"}]}]}, "seat"),
    ("{not json", "not JSON"),
])
def test_bad_records_are_rejected_with_where(data, needle):
    with pytest.raises(RecordError, match=needle):
        parse_record(data)


def test_hand_that_contradicts_the_record():
    rec = record((0, [{"seat": 0, "cards": "7c"}, {"seat": 1, "cards": "8c"},
                      {"seat": 2, "down": 1}]))
    with pytest.raises(InvalidInput, match="played face up"):
        Position(rec, 1, H("8c 1s2s3s4s5s6s7s8s9s 1m"))
    with pytest.raises(InvalidInput, match="holds 11 cards"):
        Position(rec, 1, H("1s2s3s4s5s6s7s8s9s 1m"))


def test_engine_rejects_an_illegal_action_and_changes_nothing():
    deal = LukFuState(seed=4)
    before = (list(deal.record.calls), [set(h) for h in deal.hands])
    with pytest.raises(IllegalAction) as err:
        deal.apply("lead 7c")
    assert err.value.rule == "LF-C2"
    assert (deal.record.calls, deal.hands) == before


@pytest.mark.parametrize("play, best, rule", [
    ("123c", "9s", "LF-F2"),     # a single falls only to a single
    ("5c5s5m5t", "7c7s7m", "LF-F3"),  # a set only to a set of its size
    ("1234c", "123s", "LF-F4"),  # a run only to a run of its length
    ("12345678c", "123c", "LF-F4"),
])
def test_LF_F2_F4_a_play_of_another_kind_or_size_never_beats_and_cites_the_best_plays_rule(
        play, best, rule):
    c = compare(parse_play(play), parse_play(best))
    assert not c.beats and c.rule == rule
    assert "card" in c.reason  # sizes are counted in cards, never read as ranks


def test_LF_L3_a_non_caller_holding_only_old_cards_may_lead_an_old_single():
    nine_t = LUKFU.parse("9t")[0]
    got = check_lead(parse_play("9t"), LUKFU.parse("9c 9t"), "non-caller",
                     old=set(LUKFU.parse("9c 9t")))
    assert got.legal and got.rule == "LF-L3"
    refused = check_lead(parse_play("9t"), LUKFU.parse("9c 9t"), "non-caller", old={nine_t})
    assert not refused.legal and refused.rule == "LF-L3"


def test_LF_D1_one_card_cannot_be_in_both_plays_compared():
    with pytest.raises(InvalidInput) as err:
        beats_text("9c", "9c")
    assert (err.value.field, err.value.rule) == ("play", "LF-D1")
    with pytest.raises(InvalidInput):
        beats_text("789c", "9c9s9m")


@pytest.mark.parametrize("caller, refused", [(-1, True), (0, False), (2, False), (3, True)])
def test_a_drawn_deal_checks_its_callers_seat_as_a_win_does(caller, refused):
    if not refused:
        assert score_text(fu=None, winner=None, caller=caller, drawn=True)["net"] == [0, 0, 0]
        return
    with pytest.raises(InvalidInput) as err:
        score_text(fu=None, winner=None, caller=caller, drawn=True)
    assert err.value.field == "caller"


@pytest.mark.parametrize("play, over, says, rule", [
    ("6c6s6m", "345t", "a run of 3 cards is beaten only by a run, not by a set", "LF-F4"),
    ("789t", "1c1s1m", "a set of 3 cards is beaten only by a set, not by a run", "LF-F3"),
    ("6789t", "345c", "a run of 3 cards is beaten only by a run of the same number of cards",
     "LF-F4"),
])
def test_a_play_of_another_kind_or_size_says_which_it_lacks(play, over, says, rule):
    """LF-F3, LF-F4: a set of the led run's size lacks the kind, not the size."""
    got = compare(parse_play(play), parse_play(over))
    assert (got.beats, got.reason, got.rule) == (False, says, rule)


def test_an_illegal_action_in_a_game_record_is_counted_from_one():
    """As check-record and replay count them: the eighth action is 'action 8', its path
    actions[7]."""
    import json

    from moneycards.records import read_lukfu_history

    record = json.loads(open("examples/lukfu-game.json").read())
    k = 7
    record["actions"] = record["actions"][:k] + ["lead 9c9s9m9t"]
    with pytest.raises(InvalidInput) as err:
        read_lukfu_history(json.dumps(record), None)
    assert err.value.field == f"record.actions[{k}]"
    assert err.value.message.startswith(f"action {k + 1} 'lead 9c9s9m9t' is illegal: ")


def test_refusals_at_the_table_name_the_rule_that_forbids_the_action():
    """A call that is neither play nor pass (LF-C2), a card token that is no card of the deck
    (LF-D1, in a lead and in a face-down follow alike), a card named twice face down
    (LF-D1); each refusal leaves the table as it was, and the boundary (as many distinct
    cards face down as the play to beat) is taken."""
    deal = LukFuState.from_hands(["123c 123t 456t 789t", "456c 789c 123s 456s",
                                  "789s 123m 456m 789m"], master=0)

    def refused(cases):
        for action, (rule, words) in cases.items():
            before = (list(deal.history), [set(h) for h in deal.hands], deal.current_seat(),
                      deal.legal_texts())
            with pytest.raises(IllegalAction) as err:
                deal.apply(action)
            assert (err.value.rule, words in str(err.value)) == (rule, True), str(err.value)
            assert before == (list(deal.history), [set(h) for h in deal.hands],
                              deal.current_seat(), deal.legal_texts())

    refused({"call maybe": ("LF-C2", "'maybe' is not a call"),
             "call": ("LF-C2", "'call' alone is not a call"),
             "lead 1c": ("LF-C2", "the calls come first")})
    deal.apply("call play")
    refused({"lead 5h": ("LF-D1", "no such card in Luk Fu: '5h'"),
             "lead 2x": ("LF-D1", "unknown suit letter")})
    deal.apply("lead 789t")  # nothing beats it: seat 1 goes three cards face down
    refused({"down 4c 5c 2x": ("LF-D1", "'2x'"), "follow 9z": ("LF-D1", "'9z'"),
             "down 4c 4c 5c": ("LF-D1", "4c appears twice; the Luk Fu deck holds one of each card"),
             "down 4c 5c": ("LF-F1", "the same number of cards")})
    deal.apply("down 4c 5c 6c")
    assert deal.current_seat() == 2


def test_a_dealt_deal_names_a_stock_and_a_card_dealt_twice():
    """LF-C1 deals all 36 cards, so a record's deal with a stock is refused naming it; a
    card dealt twice, in one hand or in two, is named with the deck's rule (LF-D1)."""
    hands = LukFuState(seed=3).initial["hands"]
    LukFuState(None, deal={"hands": hands, "master": 1})  # the boundary: accepted
    h0, h1 = (sorted(LUKFU.parse(h)) for h in hands[:2])
    cases = [({"stock": "5c"}, "record.deal.stock", "LF-C1", "no stock"),
             ({"hands": [LUKFU.render(h0[:-1] + h0[:1]), *hands[1:]]},
              "record.deal.hands[0]", "LF-D1", f"{h0[0]} appears twice"),
             ({"hands": [LUKFU.render(h0[:-1] + h1[:1]), *hands[1:]]},
              "record.deal.hands", "LF-D1", f"{h1[0]} appears twice")]
    for change, field, rule, words in cases:
        with pytest.raises(InvalidInput) as err:
            LukFuState(None, deal={"hands": hands, "master": 1, **change})
        assert (err.value.field, err.value.rule, words in err.value.message) == \
            (field, rule, True), err.value.message


def test_LF_D1_a_face_down_play_naming_a_card_twice_is_bad_input_as_a_lead_is():
    from moneycards.solver.lukfu.check import legal_text

    rec = {"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "1234c"}]}]}
    hand = "678c 789s 123m 456t"
    assert legal_text("678c 9s", hand=hand, record=rec, seat=1, face_down=True)["legal"]
    for play in ("66c7c8c", "678c 6c"):
        with pytest.raises(InvalidInput) as err:
            legal_text(play, hand=hand, record=rec, seat=1, face_down=True)
        assert (err.value.field, err.value.rule) == ("play", "LF-D1")
        assert "6c appears twice" in err.value.message


@pytest.mark.parametrize("seed, line", [
    (137, "Drawn: the hands ran out and no one reached six fu (LF-W4); everyone settles 0 "
          "(R-settle-zero)."),
    (100, "Drawn: Seat 0 wins the last trick, but it played on past a claim, so it has none "
          "now (R-claim-timing); everyone settles 0 (R-settle-zero)."),
    (107, "Drawn: Seat 0 could claim and played on instead, so it has no claim now "
          "(R-claim-timing); everyone settles 0 (R-settle-zero)."),
    (290, "Drawn: Seat 2 wins the last trick and does not claim (R-claim-timing); everyone "
          "settles 0 (R-settle-zero)."),
])
def test_a_drawn_deal_cites_the_rule_that_drew_it(seed, line):
    """LF-W4 draws a deal only when no seat reached six fu; a deal in which a seat could
    claim and did not (it played on past its claim, or won the last trick and ended the
    deal) is drawn by R-claim-timing, whoever won the last trick: seed 107's Seat 0 had
    reached six and played on, and the deal was said drawn by LF-W4, whose text excludes
    it. The zero is R-settle-zero's. Four deals of random seats, one of each case."""
    from moneycards.solver.hints import play_deal

    deal = play_deal("lukfu", seed, ["random"] * 3)
    assert deal.result_line() == line
    assert deal.result.rule == line.split("(")[1].split(")")[0]
    # the log's last line says the same reason: "the deal is drawn: ..."
    again = LukFuState(seed)
    for action in deal.history[:-1]:
        again.apply(action)
    mark = again.narration_mark()
    again.apply(deal.history[-1])
    assert again.after_lines(mark)[-1] == "the deal is drawn: " + line.removeprefix(
        "Drawn: ").split("; everyone")[0]
    got = check("lukfu", deal.engine_record())
    assert got.valid and got.complete and got.result == deal.result


def test_a_refusal_cites_the_rule_of_the_move_the_seat_makes():
    """Face down at a lead is LF-F1's (only a follower that cannot beat goes face down; it
    cited LF-L1, which says what a lead is); a word that is no action cites the rule of the
    move due: LF-L1 for a lead, LF-F1 for a follow (it cited LF-L1 for both)."""
    deal = LukFuState(seed=3)
    while deal.phase is Phase.CALL:
        deal.apply("call play" if "call play" in deal.legal_texts() else deal.legal_texts()[0])
    lead = deal.legal_texts()[0]
    for action, rule in (("down 9t", "LF-F1"), ("fly", "LF-L1")):
        with pytest.raises(IllegalAction) as refused:
            deal.apply(action)
        assert refused.value.rule == rule, action
    deal.apply(lead)
    while deal.record.current_best() is None:  # a lead that wins at once: lead again
        deal.apply(deal.legal_texts()[-1])
    with pytest.raises(IllegalAction) as refused:
        deal.apply("fly")
    assert refused.value.rule == "LF-F1"
    assert "face down only from a seat that cannot beat" not in refused.value.message
