"""Table engines: random simulations with invariants, scripted deals with exact outcomes,
records that replay and records with an illegal action (all three games)."""

import json
import random
import re
import zlib
from collections import Counter

import pytest

from moneycards.solver.totom import TOTOM
from moneycards.solver.games import GAMES, check, final_state, seeded
from moneycards.solver.kowah.table import KowahState
from moneycards.solver.table import IllegalAction, Outcome, OutcomeKind
from moneycards.solver.errors import InvalidInput
from moneycards.solver.tables import AI, HUMAN, Seat, Table
from moneycards.solver.totom.check import check_hand
from moneycards.solver.totom.rules import totom_rules
from moneycards.solver.totom.table import TotomState
from tests.table_helpers import kowah_deal, totom_deal

F = lambda t: TOTOM.parse(t)[0]  # noqa: E731

DEALS = 150
MAX_STEPS = {"totom": 2000, "kowah": 2000, "lukfu": 200}


def hand_sizes_ok(state):
    if state.game == "totom":  # 19 at rest (concealed + exposed); 20 while discarding
        for s in range(4):
            n = sum(state.twenty(s, None))
            acting = state.current_seat() == s and state.phase in ("discard", "opening")
            assert n == (20 if acting or (state.is_over and n == 20) else 19), (s, n)
    elif state.game == "kowah":
        for s in range(3):
            n = sum(state.hands[s])
            assert n == (9 if s == state.current_seat() and state.phase == "discard" else 8)
    else:
        played = [state.record.played_count(s) for s in range(3)]
        assert all(len(state.hands[s]) + played[s] == 12 for s in range(3))


def swap_hidden(state, seat, rng):
    """A clone where two other seats exchange one concealed card: what `seat` must not see."""
    other = [s for s in range(state.seats) if s != seat]
    a, b = rng.sample(other, 2)
    clone = state.clone()
    if state.game == "lukfu":
        ha, hb = clone.hands[a], clone.hands[b]
        if not ha or not hb:
            return None
        x, y = sorted(ha)[0], sorted(hb)[0]
        ha.remove(x), hb.remove(y), ha.add(y), hb.add(x)
        clone._proofs.clear()
        return clone
    ha, hb = clone.hands[a], clone.hands[b]
    xs = [i for i, n in enumerate(ha) if n]
    ys = [i for i, n in enumerate(hb) if n]
    if not xs or not ys:
        return None
    x, y = rng.choice(xs), rng.choice(ys)
    ha[x] -= 1; hb[x] += 1; hb[y] -= 1; ha[y] += 1  # noqa: E702
    return clone


def masked(obs):
    obs = dict(obs)
    obs.pop("legal_actions", None)  # the acting seat's own options
    return obs


# A third of the deals run by default; the rest (the full sample) under the `slow` marker,
# which bench/differential.py runs.
PARTS = 3


@pytest.mark.parametrize("game, part", [(g, 0) for g in GAMES] + [
    pytest.param(g, p, marks=pytest.mark.slow) for g in GAMES for p in range(1, PARTS)])
def test_random_deals_keep_every_invariant(game, part):
    size = DEALS // PARTS
    for seed in range(part * size, (part + 1) * size):
        rng = random.Random(zlib.crc32(f"{game} {seed}".encode()))  # the same in every process
        state = seeded(game, seed)
        steps = 0
        while not state.is_over:
            assert state.cards_accounted(), (seed, steps)
            hand_sizes_ok(state)
            acts = state.legal_texts()
            assert acts, (seed, steps)
            if steps % 7 == 0:  # observations hide the other seats' cards
                seat = rng.randrange(state.seats)
                other = swap_hidden(state, seat, rng)
                if other is not None:
                    assert masked(other.observation(seat).to_json()) == \
                        masked(state.observation(seat).to_json())
            state.apply(rng.choice(acts))
            steps += 1
            assert steps < MAX_STEPS[game], "the deal must end"
        assert state.cards_accounted()
        assert state.result.kind in OutcomeKind
        if state.result.net is not None:
            assert sum(state.result.net) == 0


@pytest.mark.parametrize("game", GAMES)
def test_records_replay_to_the_same_result(game):
    rng = random.Random(7)
    for seed in range(20):
        state = seeded(game, seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_texts()))
        record = json.loads(json.dumps(state.engine_record()))
        result = check(game, record)
        assert result.valid and result.complete and result.result == state.result
        assert final_state(game, record).observation(0).to_json() == state.observation(0).to_json()


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_is_reported_at_its_index(game):
    rng = random.Random(3)
    state = seeded(game, 11)
    for _ in range(6):
        state.apply(rng.choice(state.legal_texts()))
    record = state.engine_record()
    bad = {"totom": "discard 1h1h", "kowah": "declare 55c", "lukfu": "call play"}[game]
    if bad in state.legal_texts():
        bad = "win"
    record["actions"].append(bad)
    result = check(game, record)
    assert not result.valid and result.index == 6 and result.rule
    assert result.rule.split("-")[0] in ({"totom": "TT", "kowah": "KW", "lukfu": "LF"}[game],
                                         "R")


@pytest.mark.parametrize("game", GAMES)
def test_a_rejected_action_changes_nothing(game):
    rng = random.Random(5)
    state = seeded(game, 4)
    for _ in range(5):
        state.apply(rng.choice(state.legal_texts()))
    before = [json.dumps(state.observation(s).to_json(), sort_keys=True)
              for s in range(state.seats)]
    history = list(state.history)
    for bad in ("discard 9h", "capture 1m", "lead 891c", "draw draw", "take", "claim", "win",
                "declare 99c", "follow 5h"):
        if bad in state.legal_texts():
            continue
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert [json.dumps(state.observation(s).to_json(), sort_keys=True)
                for s in range(state.seats)] == before
        assert state.history == history


# -- Tổ Tôm scripted deals ---------------------------------------------------------------
# Seat 3 waits on 5c with 5s (a Cạ), the dealer (seat 0) waits with 5m, seat 2 holds three
# 5c; the stock's top card is 5c, exposed at seat 1's doorway after seat 1 passes.
WIN_AND_CHIU = totom_deal([
    "22s 33s 44s 66s 77s 88s 6c6m 7c7m 8c8m 5m 9c",
    "2c 3c 4c 6c 7c 8c 9c 9c 2s 3s 4s 6s 7s 8s 9s 9s 2m 3m 4m",
    "555c 2c 3c 4c 9c 6s 7s 8s 5s 2m 3m 4m 6m 7m 8m 9m 1h",
    "22c 33c 44c 66c 77c 88c 2s2m 3s3m 4s4m 5s"], "5c")


def scripted():
    state = TotomState(None, deal=WIN_AND_CHIU)
    state.apply("discard 9c")
    assert state.current_seat() == 1 and state.legal_texts() == ["capture 9c", "pass"]
    state.apply("pass")
    return state


def test_TT_C1_holding_the_identical_card_captures_only_as_chan():
    state = TotomState(None, deal=WIN_AND_CHIU)
    state.apply("discard 9c")
    with pytest.raises(IllegalAction) as err:
        state.apply("capture 9s")
    assert err.value.rule == "TT-C1"


def test_TT_C3_a_declined_chan_is_remembered():
    state = scripted()
    assert "9c" in state.observation(1).to_json()["memory"]["declined_chan"]


def test_TT_P1_P3_two_winners_and_a_chiu_on_one_stock_card():
    state = scripted()
    # Wins before Chíu; equal claims in seat order from the doorway (seat 1): 3, then 0.
    assert state.claims == [(3, "win"), (0, "win"), (2, "chiu")]
    first = state.clone()
    first.apply("win")
    assert first.result.winner == 3 and first.result.via == "stock"
    assert first.result.net == (-8, -8, -8, 24)
    second = state.clone()
    second.apply("decline")
    assert second.current_seat() == 0
    second.apply("win")
    assert second.result.winner == 0 and second.result.points == 2


def test_TT_P2_P4_out_of_turn_chiu_discard_goes_back_to_the_interrupted_doorway():
    state = scripted()
    state.apply("decline")
    state.apply("decline")
    assert state.current_seat() == 2 and state.legal_texts() == ["chiu", "decline"]
    state.apply("chiu")
    assert ("5c",) * 4 in [tuple(f.text for f in g) for g in state.exposed[2]]
    state.apply("discard 1h")
    # Not seat 3 (after the claimant): seat 1, whose exposure was interrupted.
    assert state.current_seat() == 1 and state.offer.kind == "discard"
    assert state.offer.card.text == "1h"


def test_TT_P5_declining_every_claim_leaves_the_exposing_seat_its_card():
    state = scripted()
    for _ in range(3):
        state.apply("decline")
    assert state.current_seat() == 1 and state.phase == "offer"
    assert state.offer.kind == "exposed" and "pass" in state.legal_texts()
    state.apply("pass")  # TT-T3: a passed stock card goes on to the next seat
    assert state.current_seat() == 2 and state.offer.kind == "passed"


def test_TT_W7_S3_thien_u_and_TT_S4_dead_hand():
    deal = totom_deal(["22c 33c 44c 55c 66c 22s 33s 44s 55s 66s", "", "", ""], "")
    state = TotomState(None, deal=deal)
    assert state.legal_texts() == ["win", "decline"]  # all pairs: no legal discard
    won = state.clone()
    won.apply("win")
    assert won.result.via == "thien-u" and won.result.winner == 0
    assert {b["key"] for b in won.result.bonuses} >= {"thien_u", "thap_thanh"}
    state.apply("decline")  # R-decline-win, then TT-S4
    assert state.dead_hand == {0}
    assert state.offer.kind == "exposed" and state.offer.door == 0


def test_TT_P6_a_chiu_that_completes_the_hand_wins_at_once():
    # Seat 1 holds 555c and eight pairs: the fourth 5c completes ten pairs (Chíu ù).
    deal = totom_deal(["5c 9m 9m", "555c 22s 33s 44s 66s 77s 88s 22m 33m", "", ""], "")
    state = TotomState(None, deal=deal)
    state.apply("discard 5c")
    assert state.claims[0] == (1, "chiu")
    state.apply("chiu")
    assert state.result.winner == 1 and state.result.via == "chiu"
    assert "chiu_u" in {b["key"] for b in state.result.bonuses}


# Whole deals for TT-C5 and TT-C6: the dealer opens with 5c, offered to seat 1.
CAPTURE_DEALER = "5c 9c 2c 3c 4c 6c 7c 8c 2m 3m 4m 6m 7m 8m 9m 2s 3s 4s 9s 1h"
CAPTURE_SEAT2 = "2c 3c 4c 6c 7c 8c 9c 2m 3m 4m 5m 6m 7m 8m 9m 1h 1h 9s 8s"


def capture_deal(seat1):
    return totom_deal([CAPTURE_DEALER, seat1, CAPTURE_SEAT2, ""], "5c 5c 5c")


def whole_deal(deal, opening):
    """The record of a deal that starts with `opening` and plays on to its end."""
    rng = random.Random(4)
    state = TotomState(None, deal=deal)
    for action in opening:
        state.apply(action)
    while not state.is_over:
        state.apply(rng.choice(state.legal_texts()))
    return {"game": "totom", "deal": deal, "actions": state.history}, state


@pytest.mark.parametrize("rule,seat1,legal", [
    # The pair 55m is not half a Cạ: 5s may capture 5c.
    ("TT-C5", "22c 33c 44c 66c 77c 88c 2s 9m 3s3m 5s 55m", True),
    ("TT-C5", "22c 33c 44c 66c 77c 88c 2s 9m 3s3m 5s 5m 8m", False),
    # Chắn and Cạ (6c6m 7c7m 8c8m) plus the single 5s: it waits for its win.
    ("TT-C6", "22s 33s 44s 66s 77s 88s 6c6m 7c7m 8c8m 5s", False),
    ("TT-C6", "22s 33s 44s 66s 77s 88s 6c6m 7c7m 8c 9m 5s", True),
])
def test_TT_C5_C6_whole_deals_engine_and_check_record_agree(rule, seat1, legal):
    deal = capture_deal(seat1)
    if legal:
        record, state = whole_deal(deal, ["discard 5c", "capture 5s"])
        assert (F("5s"), F("5c")) in state.exposed[1]
        got = check("totom", record)
        assert got.valid and got.complete and got.result == state.result
    else:
        record, state = whole_deal(deal, ["discard 5c"])
        start = TotomState(None, deal=deal)
        start.apply("discard 5c")
        assert start.legal_texts() == ["pass"]
        assert check("totom", record).valid  # the deal played on without the capture
        record["actions"][1:] = ["capture 5s"]
        got = check("totom", record)
        assert not got.valid and got.index == 1 and got.rule == rule


# Seat 1 was dealt 555c and waits on the fourth 5c, the top stock card: it passes the
# dealer's 4m and exposes 5c at its own doorway, the first stock card of the deal.
FOURTH_COPY = totom_deal([
    "9c 8c 7c 6c 4c 9s 8s 7s 6s 5s 4s 9m 8m 7m 6m 5m 4m 1h 6c 7c",
    "555c 22s 33s 44s 66s 77s 88s 2c2m 3c3m", "", ""], "5c")


@pytest.mark.parametrize("rules,points,bonuses", [
    ("seed", 6, {"chiu_u", "u_chi"}),  # Chíu ù 5 + Ù chì's dịch 1
    ("traditional", 5, {"chiu_u", "u_chi", "dia_u"}),  # 3 + 1 + 1, Địa ù included
])
def test_TT_P6_a_win_and_a_chiu_on_the_fourth_copy_score_the_same(rules, points, bonuses):
    state = TotomState(None, totom_rules(rules), deal=FOURTH_COPY)
    state.apply("discard 4m")
    state.apply("pass")
    assert state.claims == [(1, "win"), (1, "chiu")]
    won = state.clone()
    won.apply("win")
    chiu = state.clone()
    chiu.apply("decline")
    chiu.apply("chiu")
    assert won.result.via == "own-door" and chiu.result.via == "chiu"
    for r in (won.result, chiu.result):
        assert r.winner == 1 and r.card == "5c" and r.points == points
        assert {b["key"] for b in r.bonuses} == bonuses
        assert r.net == (-points, 3 * points, -points, -points)


def test_TT_T4_is_not_cited_after_a_won_deal():
    state = TotomState(None, deal=FOURTH_COPY)
    state.apply("discard 4m")
    state.apply("pass")
    state.apply("win")
    with pytest.raises(IllegalAction) as err:
        state.apply("pass")
    assert err.value.rule == "TT-P1" and "Seat 1 wins" in err.value.message
    record = state.engine_record()
    record["actions"].append("pass")
    got = check("totom", record)
    assert not got.valid and got.index == 3 and got.rule == "TT-P1"


def test_R_wrong_win_a_stock_card_that_does_not_complete_the_hand_breaks_TT_W4():
    state = TotomState(None, deal=FOURTH_COPY)
    state.apply("discard 4m")
    state.apply("pass")
    for _ in range(2):
        state.apply("decline")
    assert state.current_seat() == 1 and state.offer.kind == "exposed"
    with pytest.raises(IllegalAction) as err:
        state.apply("win")  # the card wins, but the seat declined that claim
    assert err.value.rule == "R-decline-win"
    state.apply("pass")  # 5c goes on to seat 2, whose hand it does not complete
    assert state.current_seat() == 2 and state.offer.kind == "passed"
    with pytest.raises(IllegalAction) as err:
        state.apply("win")
    assert err.value.rule == "TT-W4" and "5c does not complete the hand" in err.value.message
    # A hand discard is not a card a win is claimed on: TT-W6.
    state = TotomState(None, deal=FOURTH_COPY)
    state.apply("discard 4m")
    with pytest.raises(IllegalAction) as err:
        state.apply("win")
    assert err.value.rule == "TT-W6"
    # ... also while the seat is asked about a Chíu of that discard (it may chiu or
    # decline; a win on it is still TT-W6, not a wrong answer to the window, TT-P3).
    state = TotomState(None, deal=totom_deal([
        "9c 8c 7c 6c 4c 9s 8s 7s 6s 5s 4s 9m 8m 7m 6m 5m 5c 1h 6c 7c",
        "555c 22s 33s 44s 66s 77s 88s 2c2m 3c3m", "", ""], "4m"))
    state.apply("discard 5c")
    assert state.observation(1).legal_actions == ("chiu", "decline")
    with pytest.raises(IllegalAction) as err:
        state.apply("win")
    assert err.value.rule == "TT-W6" and "a hand discard never wins" in err.value.message


def test_an_opening_win_that_is_no_win_breaks_TT_W4_even_with_a_lone_chi_chi():
    """The dealer's twenty that are not ten pairs with six Chắn break TT-W4, said in one
    line; a lone Chi chi (TT-D3) is among the cards left unpaired, never the rule cited in
    its place."""
    from moneycards.solver.games import spec

    lone_chi_chi = 0
    for seed in range(40):
        state = spec("totom").seeded(seed)
        if "win" in state.legal_texts():
            continue
        lone_chi_chi += state.hands[state.current_seat()][TOTOM.index(F("1h"))] == 1
        with pytest.raises(IllegalAction) as err:
            state.apply("win")
        assert err.value.rule == "TT-W4", (seed, err.value.message)
        # one line: the best pairing, what it leaves unpaired, what a win needs
        said = re.fullmatch(r"'win' by seat \d: the dealer's twenty do not win: "
                            r"(\d+) Chắn and (\d+) Cạ"
                            r"(?:; unpaired ([^;(]+?)(?: \(no Chắn is split for a Cạ, "
                            r"TT-W3\))?)?; a win is 10 pairs, at least 6 of them Chắn",
                            err.value.message)
        assert said, err.value.message
        part = check_hand(state.hands[state.current_seat()], engine="exact").partition
        assert (int(said[1]), int(said[2])) == (part.chan_count, part.ca_count)
        assert TOTOM.parse(said[3] or "") == list(part.left)
    assert lone_chi_chi >= 3  # the case that cited TT-D3 is among them


def c5_c6_from_the_rules(hand, card):
    """TT-C5 and TT-C6 read from the rules text alone: identical pairs are never split
    (TT-W3), so only a face's odd card is outside its Chắn; two such cards of one rank in
    different suits are a Cạ (never Chi chi); what pairs with nothing is single."""
    outside = [f for f, n in zip(TOTOM.faces, hand) if n % 2]
    per_rank = Counter(f.rank for f in outside if f.suit != "h")
    singles = sum(k % 2 for k in per_rank.values()) + sum(f.suit == "h" for f in outside)
    return per_rank[card.rank] >= 2, singles == 1


def test_TT_C5_C6_table_differential_engine_against_the_rules_and_the_checker():
    """Random deals: every Cạ capture the engine allows or refuses agrees with TT-C5/TT-C6
    read from the rules, and every win it offers agrees with the hand checker."""
    from moneycards.solver.totom.check import check_text
    rng = random.Random(12)
    seen = Counter()
    for seed in range(40):
        state = seeded("totom", seed)
        while not state.is_over:
            seat, o = state.current_seat(), state.offer
            if state.phase == "offer" and seat not in state.dead_hand:
                hand = state.hands[seat]
                c5, c6 = c5_c6_from_the_rules(hand, o.card)
                for h in TOTOM.faces:
                    if not hand[TOTOM.index(h)] or h == o.card or h.rank != o.card.rank \
                            or "h" in (h.suit, o.card.suit):
                        continue
                    rule = (state._capture_rule(seat, o.card, h) or (None,))[0]
                    assert (rule is None) == (f"capture {h}" in state.legal_texts())
                    if rule in (None, "TT-C5", "TT-C6", "TT-C7", "TT-C9"):  # past TT-C1–C4
                        want = "TT-C5" if c5 else "TT-C6" if c6 else None
                        assert (rule if rule in ("TT-C5", "TT-C6") else None) == want, \
                            (seed, TOTOM.render(hand), o.card.text, h.text, rule)
                        seen[want] += 1
            if state.phase == "claims" and state.claims[0][1] == "win":
                via = "own-door" if o.door == seat else "stock"
                v = check_text(TOTOM.render(state.twenty(seat, o.card)), win_card=o.card.text,
                               via=via, opening=TOTOM.render(state.opening[seat]))
                won = state.clone()
                won.apply("win")
                assert v.wins and won.result.points == v.points
                seen["win"] += 1
            state.apply(rng.choice(state.legal_texts()))
    assert seen["TT-C5"] and seen["TT-C6"] and seen[None] and seen["win"], seen


# -- Kowah scripted deals ----------------------------------------------------------------
# Seat 0 starts ready with 222h 777s 99m, draws 3c and discards it: it must declare 99m.
def kowah_after_declaration(stock_next):
    deal = kowah_deal(["222h 777s 99m", "9m 1s 2s 3s 4s 5s 6s 8s", ""], "3c " + stock_next)
    state = KowahState(None, deal=deal)
    state.apply("draw")
    state.apply("discard 3c")
    assert state.legal_texts() == ["declare 99m"]  # compulsory (R-declare)
    state.apply("declare 99m")
    return state


def test_KW_X4_out_of_turn_win_on_another_seats_draw():
    state = kowah_after_declaration("9m")
    state.apply("draw")  # seat 1 draws the wait
    assert state.result.winner == 0 and state.result.via == "draw"
    assert state.result.multiplier == 1


def test_KW_X4_out_of_turn_win_on_a_discard():
    state = kowah_after_declaration("5c")
    state.apply("draw")
    state.apply("discard 9m")
    assert state.result == Outcome(OutcomeKind.WIN, "KW-K1", winner=0, via="discard", card="9m",
                                   multiplier=2)


def test_KW_X2_self_draw_and_KW_X3_public_draws():
    state = kowah_after_declaration("5c 6c 9m")
    state.apply("draw")  # seat 1 draws 5c
    assert state.observation(2).to_json()["public_draws"] == [{"seat": 1, "card": "5c",
                                                               "turn": 1}]
    state.apply("discard 5c")
    state.apply("draw")  # seat 2 draws 6c
    state.apply("discard 6c")  # seat 0 then draws 9m itself
    assert state.result.winner == 0 and state.result.multiplier == 3


def test_KW_T3_first_turn_draws_and_KW_X1_declared_hand_is_locked():
    state = KowahState(None, deal=kowah_deal(["222h 777s 99m", "", ""], "3c"))
    with pytest.raises(IllegalAction) as err:
        state.apply("take")
    assert err.value.rule == "KW-T3"
    state = kowah_after_declaration("5c")
    assert 0 in state.declared and state.current_seat() == 1


def test_KW_K2_last_stock_card_without_a_win_is_a_draw():
    rng = random.Random(1)
    drawn = 0
    for seed in range(20):
        state = seeded("kowah", seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_texts()))
        if state.result.kind is OutcomeKind.DRAWN:
            drawn += 1
            assert state.stock == [] and state.result.rule == "KW-K2"
    assert drawn > 0


def test_KW_T4_the_seat_chooses_which_pair_to_show_and_R_declare_switch():
    # 55c 55s 5m + 777c: either two-card suit may be shown (KW-R5, KW-T4).
    deal = kowah_deal(["55c 55s 5m 777c", "", ""], "3h")
    state = KowahState(None, deal=deal)
    state.apply("draw")
    state.apply("discard 3h")
    assert state.legal_texts() == ["declare 55c", "declare 55s"]
    with pytest.raises(IllegalAction) as err:
        state.apply("stay")
    assert err.value.rule == "KW-T4" and "no seat stays silent" in err.value.message
    from moneycards.solver.kowah.rules import KowahRules
    optional = KowahState(None, KowahRules(optional_declaration=True), deal=deal)
    default = KowahState(None, deal=deal)
    for phase, action in (("draws or takes a card", "draw"), ("discards", "discard 3h")):
        # Before the cards are ready there is nothing to stay silent about: the turn goes
        # on (KW-T2). Under the default rules staying is never a choice at all (R-declare):
        # the refusal says so, not that it waits for ready cards.
        with pytest.raises(IllegalAction) as err:
            optional.clone().apply("stay")
        assert err.value.rule == "KW-T2" and f"now it {phase}" in err.value.message
        with pytest.raises(IllegalAction) as err:
            default.clone().apply("stay")
        assert err.value.rule == "KW-T4" and "no seat stays silent" in err.value.message
        for table in (optional, default):
            table.apply(action)
    assert optional.legal_texts() == ["declare 55c", "declare 55s", "stay"]
    optional.apply("stay")
    assert 0 not in optional.declared and optional.current_seat() == 1


@pytest.mark.parametrize("hand, action, rule", [
    ("44c 44s 4444m", "declare 44m", "KW-R5"),  # two triplets of 4m: only 2-2-1 refuses it
    ("55c 55s 5m 777c", "declare 77c", "KW-R4"),  # 55c55s5m is no two triplets
    ("55c 55s 5m 777c", "declare 99m", "KW-R3"),  # not held
    ("55c 55s 5m 777c", "declare 5c", "KW-R3"),  # not a pair
])
def test_a_pair_the_ready_cards_may_not_show_cites_the_rule_that_refuses_it(hand, action,
                                                                            rule):
    """As `kowah win --pair` says it (check_win): KW-R5 only when the 2-2-1 rule alone
    refuses the pair, KW-R4 when the other six cards are no two triplets."""
    state = KowahState(None, deal=kowah_deal([hand, "", ""], "3h"))
    state.apply("draw")
    state.apply("discard 3h")
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.rule == rule and "it may show " in err.value.message


def test_TT_T2_a_capture_or_discard_of_two_cards_says_it_names_one():
    state = seeded("totom", 17)
    while True:
        obs = state.observation(state.current_seat())
        caps = [a for a in obs.legal_actions if a.startswith("capture ")]
        if caps:
            break
        state.apply(obs.legal_actions[-1])
    card = caps[0].split()[1]
    with pytest.raises(IllegalAction) as err:
        state.clone().apply(f"capture {card} {card}")
    assert err.value.rule == "TT-T2" and "names one card of the hand, not 2" in err.value.message
    assert err.value.message.startswith(f"'capture {card} {card}' by seat")  # as typed


@pytest.mark.parametrize("seed, words", [
    (0, "Seat 3 wins on 3c (stock card, Ù xuông): 2 points;"),
    # Dealt 888s, a Chíu of the fourth that did not win: Bòn (R-Bòn-triple).
    (3, "Seat 2 wins on 3m (own stock card, Bòn, Ù chì): 6 points;"),
    (11, "Seat 1 wins on the dealt twenty (Bạch thủ, Thiên ù): 5 points;"),
    (38, "Seat 2 wins on 3m (Chíu, Chíu ù): 5 points;"),
])
def test_a_totom_result_says_how_the_deal_was_won_in_words(seed, words):
    """Every way of winning (TT-P1 on a stock card, own or another's, TT-P6 Chíu, TT-W7
    Thiên ù) in words with its card, never the record's key ('own-door', 'thien-u')."""
    state = seeded("totom", seed)
    rng = random.Random(seed)
    while not state.is_over:  # every seat wins or claims as soon as it may
        acts = state.legal_texts()
        wins = [a for a in acts if a in ("win", "chiu")]
        state.apply(wins[0] if wins else rng.choice(acts))
    line = state.result_line()
    assert line.startswith(words), line
    assert not any(key in line for key in ("own-door", "thien-u", "(stock,", "chiu,"))


def test_KW_X3_a_win_on_a_drawn_card_says_who_drew_it():
    """Every seat saw the card drawn face up (KW-X3): the log names the seat that drew it
    right before the win, also when a declared seat's own turn draws it (KW-X2, KW-X4)."""
    from moneycards.solver.kowah.check import WON
    from moneycards.solver.tables import Seat, Table

    ways = set()
    for seed in range(1, 40):
        t = Table.create("kowah", [Seat("human", "", "Ana"), Seat("ai", "greedy", ""),
                                   Seat("ai", "greedy", "")], seed=seed)
        while not t.is_over:
            acts = t.observation(0).legal_actions
            t.act(0, next((a for a in acts if a.startswith("declare")), acts[0]))
        r = t.state.result
        if r.via not in ("draw", "self-draw"):
            continue
        for seat in range(3):
            lines = t.events(seat)[-1].lines
            drew = lines[-2].split(" drew ")[0].removesuffix(" (declared)")
            how = WON[r.via] if r.via == "self-draw" else f"from {drew}'s draw"
            assert lines[-1].endswith(f"wins on {r.card} {how}, x{r.multiplier}")
            assert f" drew {r.card} face up (KW-X3)" in lines[-2], lines
        ways.add((r.via, "(declared)" in t.events(0)[-1].lines[-2]))
    assert ways == {("draw", True), ("draw", False), ("self-draw", True)}


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_refused_action_is_echoed_cut_to_one_line(game):
    """An action of 100,000 characters is quoted cut to its start and its length, as every
    echoed input is (docs/operations.md), in the refusal and in a record's check."""
    state = seeded(game, 1)
    first = state.legal_texts()[0]
    state.apply(first)
    huge = "discard " + "x" * 100_000
    with pytest.raises(IllegalAction) as err:
        state.apply(huge)
    assert len(err.value.message) < 300 and "…(100008 chars)" in err.value.message
    result = check(game, {"game": game, "seed": 1, "actions": [first, huge]})
    assert not result.valid and result.index == 1 and len(result.message) < 300


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_of_given_cards_opens_without_a_seed(game):
    """A deal given as cards (a deal JSON, a match's later deals) has no seed: its
    opening line says so rather than "seed None"; a seeded deal names its seed."""
    seeded_state = seeded(game, 7)
    assert "seed 7;" in seeded_state.opening_lines()[0]
    given = type(seeded_state)(None, seeded_state.rules_object(), seeded_state.deal_json())
    first = given.opening_lines()[0]
    assert "None" not in first and "cards as recorded" in first


@pytest.mark.parametrize("action, position", [("capture 9x", 9), ("discard 9x", 9),
                                              ("discard 5c 9x", 12)])
def test_a_bad_card_in_an_action_is_placed_in_the_action_as_typed(action, position):
    """The position counts from the start of what was typed, where a person looks."""
    state = seeded("totom", 3)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert f"unknown suit letter: '9x' at position {position}" in err.value.message
    assert action[position - 1:position + 1] == "9x"


@pytest.mark.parametrize("game, action, position", [
    ("totom", "capture 9x", 9), ("totom", "discard 5c 9x", 12), ("lukfu", "down 2s 9x", 9),
    ("lukfu", "lead 9x", 6), ("kowah", "discard 9x", 9)])
def test_a_bad_card_at_a_table_is_placed_in_the_action_as_typed(game, action, position):
    """A table (the terminal's, the web's, TableService's) checks an action's notation
    before its turn; the position counts from the start of what was typed there too, and
    the table is left as it was."""
    from moneycards.solver.errors import NotationError
    from moneycards.solver.tables import Seat, Table

    n = seeded(game, 3).seats
    table = Table.create(game, [Seat("human")] + [Seat("ai", "random")] * (n - 1), seed=3)
    before = table.version(0)
    with pytest.raises(NotationError) as err:
        table.act(0, action)
    assert f"'9x' at position {position}" in err.value.message
    assert action[position - 1:position + 1] == "9x"
    assert err.value.field == "action" and table.version(0) == before


def test_the_kowah_actions_named_in_help_include_stay_only_where_it_exists():
    """R-declare: under the default rules no seat stays silent, so `stay` is not offered
    in the words that list the actions either."""
    from moneycards.solver.kowah.rules import KowahRules

    assert KowahState(1).actions_help == "actions are: draw, take, discard CARD, declare PAIR"
    optional = KowahState(1, KowahRules(optional_declaration=True))
    assert optional.actions_help.endswith("declare PAIR, stay")


def test_a_card_verb_without_cards_is_answered_with_an_example_of_its_own_kind():
    """Kowah's 'declare' names the shown pair (KW-T4): its example is a pair, not '5c'."""
    from moneycards.solver.errors import InvalidInput
    from moneycards.solver.tables import AI, HUMAN, Seat, Table

    table = Table.create("kowah", [Seat(HUMAN, name="Lan"), Seat(AI, "random"),
                                   Seat(AI, "random")], seed=5)
    for verb, example in (("declare", "'declare 99m'"), ("discard", "'discard 5c'")):
        with pytest.raises(InvalidInput) as err:
            table.act(0, verb)
        assert err.value.message == f"'{verb}' names its cards (e.g. {example})"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_record_action_with_words_no_action_takes_is_refused_for_that(game):
    """'draw 5c' in a record (check-record applies the state itself) is refused as the
    table refuses it, "'draw' takes nothing after it", not with the reason of a move the
    rules refuse; and the state is left as it was."""
    state = seeded(game, 5)
    plain = sorted(v for v in state.verbs
                   if v not in state.card_verbs and v not in state.word_verbs)
    for verb in plain:
        before = state.engine_record()
        with pytest.raises(IllegalAction, match=f"'{verb}' takes nothing after it"):
            state.apply(f"{verb} 5c")
        assert state.engine_record() == before


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_action_is_answered_with_the_game_s_own_actions(game, text):
    """No action at all is bad input naming the game's actions ('pass' is Tổ Tôm's alone),
    and the table is left as it was."""
    n = seeded(game, 3).seats
    table = Table.create(game, [Seat("human")] + [Seat("ai", "random")] * (n - 1), seed=3)
    before = table.version(0)
    with pytest.raises(InvalidInput) as err:
        table.act(0, text)
    assert err.value.message == f"an action is needed: {table.state.actions_help}"
    assert err.value.field == "action" and table.version(0) == before


def test_a_version_ahead_of_the_table_is_said_to_be_unreached_not_stale():
    """expected_version behind the seat's: the table moved on (read the view again); ahead
    of it: no view of this seat at this table said it (another seat's, another table's)."""
    from moneycards.solver.tables import StaleVersion

    t = Table.create("kowah", [Seat(HUMAN), Seat(AI, "greedy"), Seat(AI, "greedy")], seed=3)
    now = t.version(0)
    with pytest.raises(StaleVersion, match="which this seat has not reached"):
        t.act(0, t.observation(0).legal_actions[0], now + 5)
    assert t.version(0) == now  # refused: nothing played
    t.act(0, t.observation(0).legal_actions[0], now)
    if t.observation(0).legal_actions:
        with pytest.raises(StaleVersion, match="read the view again"):
            t.act(0, t.observation(0).legal_actions[0], now)
