"""Kowah hand rules, by rule id (rules/kowah.md KW-D, KW-R, KW-K and the rulings)."""

import re

import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import ContextError, ImpossibleCards, InvalidInput, NotationError
from moneycards.solver.kowah.check import check_text, win_text
from moneycards.solver.kowah.exact import splits_exact


def ready(hand):
    return check_text(hand).ready


def rules_of(v):
    return [x.rule for x in v.violations]


def test_KW_D1_deck():
    assert len(KOWAH.faces) == 30 and KOWAH.copies == 4 and KOWAH.size == 120
    for bad in ("4h", "5t", "0c"):
        with pytest.raises(NotationError):
            KOWAH.parse(bad)


def test_KW_D2_honours_are_distinct_kinds_never_wild():
    assert ready("111h 555c 77c")
    assert not ready("11h 2h 555c 77c")  # 1h 1h 2h is no triplet
    assert not ready("1h 55c 777c 99c")  # an honour does not complete 55c


def test_KW_R1_ordinary_triplet_suits_free():
    assert ready("5c5s5m 777c 99s")
    assert ready("5c5c5m 777c 99s")
    assert not ready("5c6c7c 777c 99s")  # a run is no triplet


def test_KW_R2_honour_triplet():
    v = check_text("222h 555c 99s")
    assert v.ready and [s.to_dict()["triplets"] for s in v.splits] == [["555c", "222h"]]


def test_KW_R3_pair_is_two_identical_cards():
    v = check_text("5c5s5m 7c7s7m 9c9s")  # 9c 9s: same rank, not identical
    assert not v.ready and rules_of(v) == ["KW-R3", "KW-R4"]


def test_R_honour_pair_waits_on_the_third_copy():
    v = check_text("11h 555c 777c")
    assert v.ready and [f.text for f in v.waits] == ["1h"]


def test_KW_R4_two_triplets_and_a_pair():
    assert ready("555c 777s 99m")
    v = check_text("555c 777s 9m8m")
    assert not v.ready and rules_of(v) == ["KW-R4"]


def test_KW_R5_page_example_either_two_card_suit_is_the_pair():
    v = check_text("55c 55s 5m 777c")
    assert v.ready
    assert {s.to_dict()["pair"] for s in v.splits} == {"55c", "55s"}
    assert {f.text for f in v.waits} == {"5c", "5s"}


def test_KW_R5_page_negative_three_coins_one_each_of_the_others():
    v = check_text("555c 5s 5m 777c")
    assert not v.ready and rules_of(v) == ["KW-R5"]
    assert v.distance.exchanges == 1
    # the message names the triplet that fails and the five cards it makes with the pair
    assert v.violations[0].message.startswith(
        "the pair 55c shares its rank with the triplet 5c 5s 5m, and 555c 5s 5m is not")
    assert "R-one-triplet-rule" not in v.violations[0].message


def test_R_one_triplet_rule_every_sharing_triplet_must_satisfy_2_2_1():
    # Pair 55c with 5s5s5m (2-2-1) and 5s5m5m (2-1-2): both satisfy, ready.
    assert ready("55c 555s 555m")
    # Pair 55c with 5s5s5m (fine) and 5c5c5s (4-1: breaks KW-R5): not ready.
    v = check_text("5555c 555s 5m")
    assert not v.ready and rules_of(v) == ["KW-R5"]
    message = v.violations[0].message  # the failing one of the two, and this ruling
    assert "with the triplet 555c, and 555c 55s is not two of one suit" in message, message
    assert message.endswith("(with both triplets of its rank, each must be: "
                            "R-one-triplet-rule)")


def test_R_same_rank_triplets():
    assert ready("555c 555s 77m")
    assert ready("5c5s5m 5c5s5m 77c")


def test_KW_R6_the_wait_is_identical_to_the_pair():
    assert win_text("55c55s5m 777c", pair="55c", card="5c", via="discard").wins
    v = win_text("55c55s5m 777c", pair="55c", card="5s", via="discard")
    assert not v.wins and rules_of(v) == ["KW-R6"] and v.multiplier == 0
    v = win_text("55c55s5m 777c", pair="55s", card="5s", via="draw")
    assert v.wins  # the other two-card suit may be the shown pair


@pytest.mark.parametrize("via,multiplier", [("self-draw", 3), ("draw", 1), ("discard", 2)])
def test_KW_K1_multipliers(via, multiplier):
    v = win_text("222h 555c 99s", pair="99s", card="9s", via=via)
    assert v.wins and v.multiplier == multiplier


def test_win_on_a_hand_that_is_not_ready_or_shows_an_impossible_pair():
    v = win_text("555c 5s 5m 777c", pair="55c", card="5c", via="discard")
    assert not v.wins and "KW-R5" in rules_of(v)
    v = win_text("555c 555s 77m", pair="55c", card="5c", via="discard")
    # 77m is the only pair it may show: beside 55c, 5c 555s 77m are no two triplets.
    assert not v.wins and rules_of(v) == ["KW-R4"]


def test_distance_counts_only_unseen_cards():
    v = check_text("555c 5s 5m 777c")
    assert v.distance.exchanges == 1 and [f.text for f in v.distance.draw] == ["5c"]
    # With the last 5c seen, that exchange is gone; another single exchange exists.
    w = check_text("555c 5s 5m 777c", seen="5c")
    assert w.distance.exchanges >= 1 and "5c" not in [f.text for f in w.distance.draw]
    target = list(w.distance.target.counts())
    assert splits_exact(target)


def test_distance_exchange_makes_the_target():
    v = check_text("1c 3s 5m 7c 9s 1h 2h 3h")
    d = v.distance
    assert d.exchanges == 5 == len(d.discard) == len(d.draw)
    hand = list(v.hand)
    for f in d.discard:
        hand[KOWAH.index(f)] -= 1
    for f in d.draw:
        hand[KOWAH.index(f)] += 1
    assert tuple(hand) == d.target.counts() and splits_exact(hand)


@pytest.mark.parametrize("kw,field,exc", [
    (dict(hand="555c 777s 9m"), "hand", ImpossibleCards),          # seven
    (dict(hand="555c 777s 99m 1c"), "hand", ImpossibleCards),      # nine
    (dict(hand="555c 777s 9m 4h"), "hand", NotationError),
    (dict(hand="55555c 777s"), "hand", ImpossibleCards),
    (dict(hand="555c 777s 9m 5t"), "hand", NotationError),
    (dict(hand=""), "hand", ImpossibleCards),
    (dict(hand="555c 777s 99m", seen="55c"), "seen", ImpossibleCards),
])
def test_bad_check_input(kw, field, exc):
    with pytest.raises(exc) as err:
        check_text(**kw)
    assert err.value.field == field


@pytest.mark.parametrize("kw,field,exc", [
    (dict(pair="88c", card="8c", via="discard"), "pair", ContextError),   # not in the hand
    (dict(pair="9m9c", card="9m", via="discard"), "pair", ContextError),  # not identical
    (dict(pair="99m", card="9m", via=None), "via", InvalidInput),
    (dict(pair="99m", card="9m", via="stolen"), "via", InvalidInput),
    (dict(pair="99m", card="9m9m", via="draw"), "card", InvalidInput),
    (dict(pair="99m", card="5t", via="draw"), "card", NotationError),
])
def test_bad_win_input(kw, field, exc):
    with pytest.raises(exc) as err:
        win_text("555c 777s 99m", **kw)
    assert err.value.field == field


# -- observations keep every public fact, and hints count them -----------------------------
def _unseen(state, seat, face):
    from moneycards.solver.kowah.hint import View
    return View(state.observation(seat)).unseen[KOWAH.index(KOWAH.parse(face)[0])]


def test_KW_T2_a_taken_discard_stays_in_every_view_with_who_took_it():
    from moneycards.solver.kowah.table import KowahState
    deal = {"hands": ["1c 3c 5s 7m 2s 4m 6c 8s", "1s 3s 5m 7c 2m 4c 6s 8m",
                      "9c 9s 9m 1m 3m 5c 7s 2c"], "first": 0}
    rest = [f for f in KOWAH.faces for _ in range(4)]
    for f in KOWAH.parse(" ".join(deal["hands"]) + " 5c"):
        rest.remove(f)
    deal["stock"] = " ".join(["5c"] + [f.text for f in rest])
    state = KowahState(None, deal=deal)
    assert _unseen(state, 2, "5c") == 3
    state.apply("draw")
    state.apply("discard 5c")
    state.apply("take")  # seat 1 takes 5c
    state.apply("discard 1s")
    for seat in range(3):
        assert state.observation(seat).to_json()["discards"] == [
            {"seat": 0, "card": "5c", "turn": 0, "taken_by": 1},
            {"seat": 1, "card": "1s", "turn": 1, "taken_by": None}]
    # Seat 2 holds one 5c and knows seat 1 holds another: two copies are live.
    assert _unseen(state, 2, "5c") == 2


def test_KW_X3_public_draws_kept_after_a_declaration_are_counted_as_seen():
    from tests.test_tables import kowah_after_declaration
    state = kowah_after_declaration("5c 5c")
    held = state.hands[2][KOWAH.index(KOWAH.parse("5c")[0])]
    assert held == 0 and state.hands[1][KOWAH.index(KOWAH.parse("5c")[0])] == 0
    state.apply("draw")  # seat 1 draws 5c in public and keeps it
    state.apply("discard 8s")
    assert state.observation(2).to_json()["public_draws"] == [{"seat": 1, "card": "5c", "turn": 1}]
    assert _unseen(state, 2, "5c") == 3
    state.apply("draw")  # seat 2 draws the next 5c in public and lets it go
    state.apply("discard 5c")
    # Seen by seat 1: its own 5c, and seat 2's 5c in the pile (counted once).
    assert _unseen(state, 1, "5c") == 2


def test_KW_R4_R5_a_shown_pair_no_split_shows_names_the_rule_it_breaks():
    # The other six cards are no two triplets: KW-R4, not the 2-2-1 rule.
    v = win_text("555c 777s 99m", pair="55c", card="5c", via="draw")
    assert not v.wins and [x.rule for x in v.violations] == ["KW-R4"]
    assert "may show 99m" in v.violations[0].message
    # With 11c or 11s shown the other six do form two triplets of 1s, but one of them
    # and the pair are five cards that are not 2-2-1 over the suits: KW-R5.
    for pair in ("11c", "11s"):
        v = win_text("111c 111s 11m", pair=pair, card=pair[:1] + pair[2:], via="draw")
        assert not v.wins and [x.rule for x in v.violations] == ["KW-R5"], pair
    assert win_text("111c 111s 11m", pair="11m", card="1m", via="draw").wins


# -- declared hands: who wins, and how a declared seat plays -------------------------------
def _kowah_state(hands, stock_top, first=0):
    from moneycards.solver.kowah.table import KowahState
    from tests.table_helpers import kowah_deal
    return KowahState(None, deal=kowah_deal(hands, stock_top, first))


def test_KW_X5_R_rotation_a_self_draw_first_then_the_seats_after_the_one_that_drew():
    """KW-X5 by R-rotation: a seat drawing its own wait wins by self-draw before anyone
    else; otherwise the waiting seats are tried in turn order from the seat after the one
    that drew or discarded the card. (Two seats cannot wait on one card in a real deal,
    each holding the pair of its wait: the order is set up by hand.)"""
    five = KOWAH.parse("5c")[0]
    state = _kowah_state(["", "", ""], "5c", first=1)
    state.declared = {0: five, 1: five}
    state.apply("draw")  # seat 1 draws its own wait
    assert state.result.winner == 1 and state.result.via == "self-draw"
    state = _kowah_state(["", "", ""], "5c", first=2)
    state.declared = {0: five, 1: five}
    state.apply("draw")  # seat 2 draws it: seat 0 comes first after seat 2
    assert state.result.winner == 0 and state.result.via == "draw"
    assert state._waiting_on(five, 0) == 1 and state._waiting_on(five, 1) == 0


def test_R_no_declaration_win_a_ready_seat_that_has_not_declared_wins_nothing():
    """R-no-declaration-win: seat 1 is dealt a ready hand waiting on 9m, but has not
    declared; seat 0's discard of 9m wins nothing, and play goes on."""
    state = _kowah_state(["9m 1c 1s 2c 3c 4s 5m 3h", "222h 777s 99m", ""], "8c")
    assert ready("222h 777s 99m")
    state.apply("draw")
    state.apply("discard 9m")
    assert state.result is None and state.current_seat() == 1


def test_KW_X4_another_seat_s_discard_of_a_declared_wait_wins_at_once_x2():
    """KW-X4 with KW-K1: seat 1 has declared, waiting on 9m; seat 0's discard of 9m wins
    for seat 1 at once, out of turn, on a discard (x2); a discard of any other card wins
    nothing."""
    nine = KOWAH.parse("9m")[0]
    state = _kowah_state(["9m 1c 1s 2c 3c 4s 5m 3h", "222h 777s 99m", ""], "8c")
    state.declared = {1: nine}
    state.apply("draw")
    state.apply("discard 8c")
    assert state.result is None
    state = _kowah_state(["9m 1c 1s 2c 3c 4s 5m 3h", "222h 777s 99m", ""], "8c")
    state.declared = {1: nine}
    state.apply("draw")
    state.apply("discard 9m")
    r = state.result
    assert (r.winner, r.via, r.card, r.multiplier, r.rule) == (1, "discard", "9m", 2, "KW-K1")
    assert state.over_rule() == "KW-X4"
    # the result names whose discard it was, not "another seat's"
    assert state.result_line() == "Seat 1 wins on 9m from Seat 0's discard: multiplier x2 (KW-K1)."


def test_KW_K1_a_win_on_another_seat_s_draw_or_discard_names_that_seat():
    """KW-K1/KW-X4: the result line, the event that ends the deal and the winner's cards
    name the seat whose draw or discard won: the seat that acted last, from every seat's
    table (the ending event is that seat's action), never the winner."""
    from moneycards.solver.screen import explain
    from moneycards.solver.table import possessive
    from moneycards.solver.tables import AI, Seat, Table

    names = ["Ana", "Binh", "Chi"]
    seen = set()
    for seed in range(120):
        t = Table.create("kowah", [Seat(AI, "greedy", n) for n in names], seed=seed,
                         ai_only=True)
        r = t.state.result
        if r.winner is None or r.via == "self-draw":
            continue
        # whose card won: the ending event's own seat, unless a declared seat's turn, played
        # by itself after that action, drew it (its line just before the win says so, KW-X3)
        ending = [e for e in t.events(0) if e.result is not None][-1]
        auto = re.fullmatch(rf"(\w+) \(declared\) drew {r.card} face up \(KW-X3\)",
                            ending.lines[-2])
        last = names.index(auto.group(1)) if auto else ending.seat
        assert last != r.winner
        whose = f"from {possessive(names[last])} {r.via}"
        assert t.result_line() == (f"{names[r.winner]} wins on {r.card} {whose}: "
                                   f"multiplier x{r.multiplier} (KW-K1).")
        assert f"{names[r.winner]} wins on {r.card} {whose}, x{r.multiplier}" in ending.lines
        assert f"+ {r.card} ({whose})" in explain(t.state, names)[0]
        seen.add((r.via, last))
    assert {v for v, _ in seen} == {"draw", "discard"} and len({s for _, s in seen}) == 3


def test_R_declared_take_a_declared_seat_draws_and_never_takes():
    """R-declared-take (KW-X1, KW-X2): a declared seat's turn plays itself from the stock; the
    discard before it stays on the pile, and its eight cards do not change."""
    from tests.test_tables import kowah_after_declaration
    state = kowah_after_declaration("5c")
    locked = list(state.hands[0])
    state.apply("draw")  # seat 1
    state.apply("discard 8s")
    stock = len(state.stock)
    while state.current_seat() == 2:  # seat 2 plays a plain turn
        state.apply(state.legal_texts()[0])
    assert state.result is None and state.current_seat() == 1
    assert len(state.stock) == stock - 2  # seat 2's draw and seat 0's
    assert state.hands[0] == locked
    drawn_by_0 = state.discard_log[-1]
    assert drawn_by_0[0] == 0 and all(e[3] is None for e in state.discard_log)


def test_refusals_name_the_rule_that_forbids_the_action():
    """A ready seat after its discard is told to declare (KW-T4) whatever else it tries; a
    turn that has its card is told to discard (KW-T2), the first turn's draw included; a
    discard names one card; a card outside the deck cites the deck (KW-D1). Each refusal
    leaves the table as it was."""
    from moneycards.solver.table import IllegalAction

    def refused(state, cases):
        for action, (rule, words) in cases.items():
            before = (list(state.history), [list(h) for h in state.hands], state.phase)
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert (err.value.rule, words in str(err.value)) == (rule, True), str(err.value)
            assert before == (list(state.history), [list(h) for h in state.hands],
                              state.phase)

    state = _kowah_state(["222h 777s 99m", "", ""], "8c")
    state.apply("draw")  # the deal's first turn, and it has its card
    refused(state, {"take": ("KW-T2", "this turn has its card: discard one"),
                    "draw": ("KW-T2", "this turn has its card: discard one"),
                    "discard 9m9m": ("KW-T2", "a discard names one card of the hand, not 2"),
                    "discard": ("KW-T2", "a discard names the card"),
                    "discard 5t": ("KW-D1", "no such card in Kowah: '5t'"),
                    "discard 4c": ("KW-T2", "4c is not in the hand")})
    state.apply("discard 8c")  # ready again: 222h 777s 99m
    for action in ("take", "draw", "discard 9m"):
        refused(state, {action: ("KW-T4", "ready after the discard: declare first")})
    state.apply("declare 9m9m")
    assert state.declared[0] == KOWAH.parse("9m")[0]
