"""The rollout players and world samplers of the search, on positions built to hit one rule
each: the move a rollout makes, the world a sampler deals, the value a played-out world
counts."""

from __future__ import annotations

import dataclasses
import random

import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.totom import TOTOM
from moneycards.solver.games import spec
from moneycards.solver.lukfu import search as lf_search
from moneycards.solver.lukfu.old import Position
from moneycards.solver.lukfu.rules import LukFuRules
from moneycards.solver.lukfu.table import LukFuState

from tests.table_helpers import totom_deal

# A dealer's opening twenty with a lone 5c to discard and no 2c or 3c.
DEALER = "5c 99s 99m 88m 77m 66m 2345m 11h 78s 6c"


# -- Tổ Tôm ---------------------------------------------------------------------------------
def test_TT_C_rollout_policy_the_simulator_takes_a_ca_as_the_engines_player_does():
    """Rollout policy (TT-C1-TT-C6): with no Chắn to take, the simulator's rollout player
    captures the offered card as a Cạ, as the engine's rollout player does, not passing."""
    from moneycards.solver.totom.search import rollout_policy
    from moneycards.solver.totom.sim import from_state, move_text

    # Seat 1 holds 5s but no 5c, and Chắn enough that the Cạ is allowed (TT-C5, TT-C6).
    hands = [DEALER, "22c 33c 44c 66c 77c 88c 99c 5s 2s 3s 4s 6s", "", ""]
    state = spec("totom").new_state({"deal": totom_deal(hands, "5c5c5c"), "rules": None})
    state.apply("discard 5c")
    assert state.current_seat() == 1
    assert state.observation(1).legal_actions == ("capture 5s", "pass")
    assert rollout_policy(state, random.Random(0)) == "capture 5s"
    sim = from_state(state)
    assert [move_text(m) for m in sim.legal()] == ["capture 5s", "pass"]
    assert move_text(sim.policy(random.Random(0))) == "capture 5s"


@pytest.mark.parametrize("dead_cards", [22, 23])
def test_TT_T3_sampled_worlds_keep_every_size_when_dead_cards_leave_no_allowed_room(
        dead_cards):
    """World sampler: three copies each of 2c and 3c died at seats 1, 2 and 3 (TT-T3), so
    their last copies may go only to a stock with room for fewer; every world still deals
    each hand and the stock its exact size and each face four times."""
    from moneycards.solver.observation import SeatCard
    from moneycards.solver.totom.search import sample_hidden, world

    deal = totom_deal([DEALER, "", "", ""], "2c2c2c 3c3c3c")
    obs = spec("totom").new_state({"deal": deal, "rules": None}).observation(0)
    stock = TOTOM.parse(deal["stock"])
    # As if the stock had been turned up from the top, every card dying at seats 1, 2, 3.
    dead = tuple(SeatCard(1 + k % 3, f) for k, f in enumerate(stock[:dead_cards]))
    obs = dataclasses.replace(obs, dead=dead, stock=len(stock) - dead_cards)
    for k in range(200):
        hands, rest = sample_hidden(obs, random.Random(k))
        assert hands[0] == list(obs.hand)
        assert [sum(h) for h in hands] == list(obs.hand_sizes) == [20, 19, 19, 19]
        assert len(rest) == obs.stock
        w = world(obs, random.Random(k))
        assert w.cards_accounted()  # four copies of every face, nothing invented


# -- Kowah ----------------------------------------------------------------------------------
def test_KW_X4_the_rollout_player_never_feeds_a_declared_wait_it_can_keep():
    """Rollout policy: a seat whose loneliest card is a declared seat's wait discards
    another card (KW-X4 would give that seat the deal)."""
    from moneycards.solver.kowah.observation import Phase
    from moneycards.solver.kowah.search import Deal

    def counts(text: str) -> list[int]:
        return list(KOWAH.counts(KOWAH.parse(text)))

    mine = counts("5c 1h1h 2h2h 9s9s 9m9m")  # no discard makes it ready
    waiting = counts("5c5c 7s7s7s 8m8m8m")  # declared, showing 5c5c (KW-X1)
    other = counts("2345c 6s 346m")  # the last 5c: none left to draw
    left = [KOWAH.copies - a - b - c for a, b, c in zip(mine, waiting, other)]
    stock = [f for f, n in enumerate(left) for _ in range(n)]
    random.Random(0).shuffle(stock)
    five = KOWAH.index(KOWAH.parse("5c")[0])
    for k in range(8):
        deal = Deal([list(mine), list(waiting), list(other)], list(stock), [], {1: five}, 0,
                    Phase.DISCARD, 5, 0)
        assert not deal._readying(list(mine))
        verb, face = deal.policy(random.Random(k))
        assert verb == "discard" and face != five
        deal.move(verb, face)
        assert not deal.over and deal.seat == 2  # seat 1 drew, discarded, no one won


def test_KW_R3_the_rollout_player_lets_go_first_the_lone_card_that_can_no_longer_pair():
    """Rollout policy: of two lone cards (the same company), the rollout player discards
    the honour whose other copies are all on the pile (no pair or triplet can use it,
    KW-R2, KW-R3) and keeps the 5c, whose copies and rank class are all still to meet."""
    from moneycards.solver.kowah.observation import Phase
    from moneycards.solver.kowah.search import Deal, discard_key

    def counts(text: str) -> list[int]:
        return list(KOWAH.counts(KOWAH.parse(text)))

    mine = counts("5c 1h 2h2h2h 9s9s9m 3m")  # nine cards: no discard makes it ready
    pile = [KOWAH.index(KOWAH.parse("1h")[0])] * 3
    one_h, five_c = KOWAH.index(KOWAH.parse("1h")[0]), KOWAH.index(KOWAH.parse("5c")[0])
    assert discard_key(mine, pile, one_h) == (2, 0)
    assert discard_key(mine, pile, five_c) == (2, 2 * 3 + 4 + 4)
    others = [counts("4567c 4567s"), counts("4567m 1234c")]
    left = [KOWAH.copies - a - b - c - pile.count(f)
            for f, (a, b, c) in enumerate(zip(mine, *others))]
    stock = [f for f, n in enumerate(left) for _ in range(n)]
    for k in range(8):
        deal = Deal([list(mine), *[list(o) for o in others]], list(stock), list(pile), {}, 0,
                    Phase.DISCARD, 5, 0)
        assert not deal._readying(list(mine))
        assert deal.policy(random.Random(k)) == ("discard", one_h)


def test_KW_R3_the_rollout_player_breaks_two_of_a_rank_before_a_pair():
    """Rollout policy: a card's company counts its identical copy once more than a card of
    its rank, as only identical cards pair (KW-R3): of 4c4c, 6c6s and 1h1h the player lets
    go a six, not a card of a pair (the 1h pair has the fewest copies left to meet)."""
    from moneycards.solver.kowah.observation import Phase
    from moneycards.solver.kowah.search import Deal

    def counts(text: str) -> list[int]:
        return list(KOWAH.counts(KOWAH.parse(text)))

    mine = counts("4c4c 6c6s 8c8s8m 1h1h")  # nine cards: no discard makes it ready
    others = [counts("2345s 2345m"), counts("7c7s7m 9c9s9m 3h3h")]
    left = [KOWAH.copies - a - b - c for a, b, c in zip(mine, *others)]
    stock = [f for f, n in enumerate(left) for _ in range(n)]
    sixes = {KOWAH.index(KOWAH.parse(t)[0]) for t in ("6c", "6s")}
    for k in range(8):
        deal = Deal([list(mine), *[list(o) for o in others]], list(stock), [], {}, 0,
                    Phase.DISCARD, 5, 0)
        assert not deal._readying(list(mine))
        verb, face = deal.policy(random.Random(k))
        assert verb == "discard" and face in sixes, KOWAH.faces[face].text


@pytest.mark.parametrize("nine, ready_after", [
    ("5c5c5s 5s5m 7s7s7m 3h", ["3h"]),  # KW-R5: a pair beside a triplet of its rank
    ("5c5c5s 7s7s7m 8c8s 3h", []),  # the counts fit, but 8c8s is no pair (KW-R3)
    ("5c5c 7s7s7m 8c8s8m 2h", ["2h"]),
    ("5c5c 7s7s7m 8c8s8m 8m", ["8c", "8s", "8m"]),  # four eights: any one of them goes
    ("5c5c5s 5m 7s7s7m 8c 3h", []),  # three classes off: no discard readies it
])
def test_KW_R4_the_rollout_players_readying_discards_are_every_face_that_leaves_ready(
        nine: str, ready_after: list[str]):
    """KW-R4, KW-R5: the rollout player's readiness test (`Deal._readying`, which looks up
    only the faces of a rank class whose count is off) finds exactly the discards that
    leave a ready eight, as trying every face against the ready table does, on the hands
    above and on random nine-card hands near readiness."""
    from moneycards.solver.kowah.exact import ready_pairs
    from moneycards.solver.kowah.search import NF, Deal

    ready = ready_pairs()

    def every_face(hand: list[int]) -> list[int]:
        out = []
        for f in range(NF):
            if hand[f]:
                after = list(hand)
                after[f] -= 1
                if bytes(after) in ready:
                    out.append(f)
        return out

    deal = Deal.__new__(Deal)
    deal.ready = ready
    hand = list(KOWAH.counts(KOWAH.parse(nine)))
    assert sum(hand) == 9
    want = [KOWAH.index(KOWAH.parse(c)[0]) for c in ready_after]
    assert every_face(hand) == sorted(want)  # the cases read as stated
    assert deal._readying(list(hand)) == sorted(want)
    rng = random.Random(7)
    keys = list(ready)
    found = 0
    for _ in range(3000):
        h = list(keys[rng.randrange(len(keys))])  # a ready eight and one card more,
        h[rng.choice([f for f in range(NF) if h[f] < KOWAH.copies])] += 1
        if rng.random() < 0.5:  # or a card swapped for another
            g = rng.choice([f for f in range(NF) if h[f]])
            h[g] -= 1
            h[rng.choice([f for f in range(NF) if h[f] < KOWAH.copies])] += 1
        assert deal._readying(list(h)) == every_face(h), h
        found += bool(every_face(h))
    assert found > 1000


# -- Luk Fu ---------------------------------------------------------------------------------
def _played_on_at_six():
    """The master calls, wins six fu with an unbeatable run of six (LF-F4), then leads a
    second unbeatable run instead of claiming (LF-W3); seat 1 is to go down."""
    mine = LUKFU.parse("345678t 123456m")
    rest = [f for f in LUKFU.faces if f not in mine]
    ones, twos = rest[:12], rest[12:]
    state = LukFuState.from_hands([mine, ones, twos], master=0)
    state.apply("call play")
    assert "claim" not in state.legal_texts()  # no old card yet
    state.apply("lead 345678t")
    state.apply("down " + LUKFU.render(ones[:6]))
    state.apply("down " + LUKFU.render(twos[:6]))
    assert state.record.fu(0) == 6 and "claim" in state.legal_texts()
    state.apply("lead 123456m")
    return state, ones[6:], twos[6:]


def test_R_claim_timing_a_world_remembers_a_lead_made_with_exactly_six_fu():
    """R-claim-timing: a seat that led with exactly six fu played on; a world sampled after
    it records so, and when that seat wins the last trick the deal is drawn, as the engine
    draws it."""
    state, ones, twos = _played_on_at_six()
    obs = state.observation(1)
    pos = Position(obs.record, 1, obs.hand)
    placements = lf_search.sample_placements(pos, 4, random.Random(0))
    assert placements
    for k, placement in enumerate(placements):
        w = lf_search.root_world(pos, placement)
        assert w.played_on == state.played_on == {0}
        lf_search.play_out(w, random.Random(k))
        assert w.over and w.winner is None and w.net == (0, 0, 0)
    state.apply("down " + LUKFU.render(ones))
    state.apply("down " + LUKFU.render(twos))
    assert state.result is not None and state.result.rule == "R-claim-timing"
    assert state.result.winner is None


def _end_of_hands(played_on: set[int]) -> lf_search.World:
    """A world when the hands have run out, seat 0 (the caller, twelve fu) to lead."""
    w = object.__new__(lf_search.World)
    w.hands, w.seen = [set(), set(), set()], [set(range(36)) for _ in range(3)]
    w.fu, w.master, w.calls, w.caller = [12, 0, 0], 0, [True], 0
    w.rules = LukFuRules()
    w.leader, w.trick, w.best_seat, w.best = 0, [], 0, None
    w.played_on, w.winner, w.net, w.over = set(played_on), None, (0, 0, 0), False
    w.proven = [frozenset()] * 3
    return w


def test_R_claim_timing_a_seat_that_played_on_has_no_claim_when_the_hands_run_out():
    """R-claim-timing: at the end of the hands the last trick's winner may claim (LF-W2)
    unless it played on earlier; then the simulator draws the deal (LF-W4)."""
    w = _end_of_hands(set())
    assert w.may_claim(0)
    lf_search.rollout_step(w, random.Random(0))
    assert w.over and w.winner == 0 and w.net == (14, -7, -7)  # LF-K2: 1 + 12 - 6 points
    w = _end_of_hands({0})
    assert not w.may_claim(0)
    lf_search.rollout_step(w, random.Random(0))
    assert w.over and w.winner is None and w.net == (0, 0, 0)


def test_LF_C4_three_passes_count_as_a_fresh_deals_one_win_in_three():
    """LF-C4: the last seat to speak after two passes redeals by passing, which the search
    counts as one win in three and no settlement."""
    state = LukFuState(3)
    for _ in range(2):
        state.apply("call pass")
    seat = state.current_seat()
    obs = state.observation(seat)
    pos = Position(obs.record, seat, obs.hand)
    out = lf_search.search(pos, ["call pass"], 6, seed=1)
    est = out["call pass"]
    assert est.worlds == 6
    assert est.win_share == pytest.approx(1 / 3) and est.mean_score == 0.0


def test_TT_W4_the_rollout_player_lets_go_first_the_single_that_can_no_longer_pair():
    """Rollout policy: between two cards with no partner in the hand, the rollout player
    discards the one whose copies and Cạ partners are exposed already (it can never pair,
    TT-W4), and keeps the one that still can; a partner in the hand outweighs live
    copies."""
    from moneycards.solver.totom.sim import discard_key

    hand = [0] * len(TOTOM.faces)
    exposed = [0] * len(TOTOM.faces)
    five_c, six_c, six_s = (TOTOM.index(TOTOM.parse(x)[0]) for x in ("5c", "6c", "6s"))
    hand[five_c] = hand[six_c] = 1
    for f in TOTOM.faces:  # every other 6 is in exposed pairs
        if f.rank == 6 and f.suit != "h":
            exposed[TOTOM.index(f)] = 4 - hand[TOTOM.index(f)]
    assert discard_key(hand, exposed, six_c) == (0, 0)
    assert discard_key(hand, exposed, five_c) == (0, 2 * 3 + 4 + 4)
    assert discard_key(hand, exposed, six_c) < discard_key(hand, exposed, five_c)
    hand[six_s] = 1  # now 6c has a Cạ partner in the hand: kept before the lone 5c
    exposed[six_s] -= 1
    assert discard_key(hand, exposed, five_c) < discard_key(hand, exposed, six_c)
