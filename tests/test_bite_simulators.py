"""The search simulators (the rollouts the strong AI trusts) rule by rule against the table
engine, on positions built to hit each rule: a rule that a whole random deal reaches once
in a thousand is reached here every time."""

from __future__ import annotations

import dataclasses
import random

import pytest

from moneycards.solver.lukfu import LUKFU
from moneycards.solver.totom import TOTOM
from moneycards.solver.games import spec
from moneycards.solver.lukfu import plays as lf_plays
from moneycards.solver.lukfu import search as lf_search
from moneycards.solver.lukfu.rules import LukFuRules

from tests.table_helpers import totom_deal


# -- Luk Fu ---------------------------------------------------------------------------------
def every_play() -> list:
    """Every single, set and run the Luk Fu deck can make (LF-L1)."""
    deck = [f for f in LUKFU.faces for _ in range(LUKFU.copies)]
    return lf_plays.plays_in(deck)


@pytest.mark.parametrize("ace_sets", [True, False])
def test_LF_F_the_simulator_beats_a_play_exactly_when_the_engine_does(ace_sets):
    """LF-F2-F5 over every pair of plays: a single by a higher one of its suit, a set by a
    higher set of its size (a set of 1s only by 9s, R-ace-sets), a run by a higher run of
    its suit or any run of a higher suit (LF-F4), Mau Gung and Bak Chi by nothing."""
    rules = dataclasses.replace(LukFuRules(), ace_sets_beaten_only_by_nines=ace_sets)
    plays = every_play()
    kinds = {p.kind for p in plays}
    assert len(plays) > 150 and len(kinds) == 3
    differ = [(a, b) for a in plays for b in plays
              if lf_search.beats(lf_search.play_of(a), lf_search.play_of(b), rules)
              != lf_plays.beats(a, b, rules)]
    assert not differ, differ[:5]


def test_LF_F4_a_run_of_a_lower_suit_never_beats_a_run_of_a_higher_one():
    higher = lf_search.play_of(lf_plays.classify(LUKFU.parse("234m")))
    lower_suit_higher_run = lf_search.play_of(lf_plays.classify(LUKFU.parse("789s")))
    rules = LukFuRules()
    assert not lf_search.beats(lower_suit_higher_run, higher, rules)
    assert lf_search.beats(higher, lower_suit_higher_run, rules)


def lukfu_world(state) -> lf_search.World:
    """The simulator's world of a new engine deal, every card known."""
    deal = state.deal_json()
    w = object.__new__(lf_search.World)
    w.hands = [{lf_search.card_of(f) for f in LUKFU.parse(h)} for h in deal["hands"]]
    w.seen = [set() for _ in range(3)]
    w.fu, w.master, w.rules = [0, 0, 0], deal["master"], state.rules_object()
    w.calls, w.caller = [], None
    w.leader, w.trick, w.best_seat, w.best = deal["master"], [], deal["master"], None
    w.played_on, w.winner, w.net, w.over = set(), None, (0, 0, 0), False
    w.proven = [frozenset()] * 3
    return w


def test_LF_F1_a_face_down_discard_is_seen_only_by_its_seat_in_the_simulator():
    """Deals played through the engine and the simulator side by side, a seat that cannot
    beat discarding face down whenever it may: after every action each seat's cards are
    the engine's, and each seat knows out of play exactly the cards played face up and its
    own face-down ones, never another seat's."""
    downs = 0
    for seed in range(4):
        state = spec("lukfu").new_state({"seed": seed})
        w = lukfu_world(state)
        public: set[int] = set()
        own: list[set[int]] = [set(), set(), set()]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_seat()
            legal = state.observation(seat).legal_actions
            down = [a for a in legal if a.startswith("down")]
            plays = [a for a in legal if not a.startswith(("claim", "end"))]
            action = rng.choice(down or plays or legal)
            state.apply(action)
            lf_search.apply_text(w, seat, action)
            verb, _, arg = action.partition(" ")
            cards = {lf_search.card_of(f) for f in LUKFU.parse(arg)} if verb in (
                "lead", "follow", "down") else set()
            if verb == "down":
                own[seat] |= cards
                downs += 1
            else:
                public |= cards
            for s in range(3):
                assert w.seen[s] == public | own[s], (seed, action, s)
            assert [len(h) for h in w.hands] == [
                len(LUKFU.parse(h)) if h else 0 for h in
                [state.observation(s).to_json()["hand"] for s in range(3)]]
    assert downs >= 5


# -- Tổ Tôm ---------------------------------------------------------------------------------
def totom_world(hand19: str, seat: int = 1):
    """The simulator's table and the engine's, seat `seat` holding `hand19`."""
    from moneycards.solver.totom.search import World

    hands = [""] * 4
    hands[seat] = hand19
    state = spec("totom").new_state({"deal": totom_deal(hands, ""), "rules": None})
    w = object.__new__(World)
    w.__dict__.update(state.clone().__dict__)
    return state, w


@pytest.mark.parametrize("hand19, card, wins", [
    # 6 Chắn and 4 Cạ: the fewest Chắn that win (TT-W4).
    ("22c 44c 55c 66c 22s 88s 3m 7c7s 5s5m 6s6m", "3c", True),
    # 7 Chắn and 3 Cạ.
    ("22c 44c 55c 66c 22s 88s 77m 7c7s 5s5m 6m", "6s", True),
    # 5 Chắn and 5 Cạ: one Chắn short (TT-W4).
    ("22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s", "4m", False),
])
def test_TT_W4_the_simulators_shortcut_wins_exactly_when_the_engine_does(hand19, card, wins):
    """The world's quick test (at least six Chắn, odd cards pairing as Cạ) before the full
    verdict never refuses a win the engine gives, six Chắn exactly included."""
    state, w = totom_world(hand19)
    face = TOTOM.parse(card)[0]
    assert sum(state.hands[1]) == 19
    assert state._wins_with(1, face) is wins
    assert w._wins_with(1, face) is wins


def test_TT_W4_the_simulators_keptwin_faces_are_the_ten_pairs_with_six_chan():
    """The count-vector simulator keeps, per seat, the offered faces that could complete
    ten pairs with at least six Chắn (`win_faces`); over random nineteen-card holdings
    (hand and exposed split at random) it is exactly the faces that pass the direct test:
    six Chắn or more, and the faces held an odd number of times paired two per rank,
    never Chi chi. The boundary cases above are among them."""
    from moneycards.solver.totom.sim import CHI, NF, RANK, win_faces

    def direct(counts: list[int], x: int) -> bool:
        c = list(counts)
        c[x] += 1
        if c[x] > 4 or sum(n // 2 for n in c) < 6:
            return False
        odd = [i for i, n in enumerate(c) if n % 2]
        if CHI in odd:
            return False
        return all(sum(1 for i in odd if RANK[i] == r) in (0, 2) for r in set(RANK))

    rng = random.Random(4)
    found = 0
    for _ in range(3000):
        deck = [f for f in range(NF) for _ in range(4)]
        rng.shuffle(deck)
        # Mostly pairs, so that winning holdings are frequent.
        held = sorted(deck[:19]) if rng.random() < 0.3 else _pairs_heavy(rng)
        hand, exp = [0] * NF, [0] * NF
        for f in held:
            (hand if rng.random() < 0.6 else exp)[f] += 1
        counts = [a + b for a, b in zip(hand, exp)]
        want = frozenset(x for x in range(NF) if counts[x] < 4 and direct(counts, x))
        got = win_faces(hand, exp)
        assert got - {x for x in range(NF) if counts[x] >= 4} == want, (held, got, want)
        found += bool(want)
    assert found > 300  # the winning side of the test is exercised


def _pairs_heavy(rng: random.Random) -> list[int]:
    """Nineteen cards of a shuffled deck drawn as identical and same-rank pairs."""
    from moneycards.solver.totom.sim import NF, SAME_RANK

    counts = [0] * NF
    n = 0
    while n < 18:
        f = rng.randrange(NF)
        g = f if rng.random() < 0.6 or not SAME_RANK[f] else rng.choice(SAME_RANK[f])
        if counts[f] < 4 and counts[g] < 4 - (f == g):
            counts[f] += 1
            counts[g] += 1
            n += 2
    while n < 19:
        f = rng.randrange(NF)
        if counts[f] < 4:
            counts[f] += 1
            n += 1
    return [f for f in range(NF) for _ in range(counts[f])]


def test_TT_S4_a_card_dying_at_a_dead_hands_doorway_rules_nothing_out():
    """A card dies at a live hand's doorway only if the hand does not hold its twin (it
    would have captured it as a Chắn), so the sampler deals that seat no such card; a dead
    hand may capture nothing (TT-S4), so a card dying at its doorway says nothing of it."""
    from moneycards.solver.totom.observation import SeatCard
    from moneycards.solver.totom.search import ruled_out
    state = spec("totom").new_state({"seed": 2})
    obs = state.observation(0)
    five, nine = TOTOM.parse("5c")[0], TOTOM.parse("9m")[0]
    obs = dataclasses.replace(obs, dead=(SeatCard(2, five), SeatCard(3, nine)),
                              dead_hand=(3,))
    out = ruled_out(obs)
    assert five in out[2]
    assert nine not in out[3] and out[3] == set()


# -- Kowah ----------------------------------------------------------------------------------
def test_R_take_limit_the_simulator_refuses_the_thirty_first_take_in_a_row_as_the_engine():
    from moneycards.solver.kowah.search import sample_world

    state = spec("kowah").new_state({"seed": 4})
    for _ in range(60):  # play until the seat to act may take the discard
        obs = state.observation(state.current_seat())
        if "take" in obs.legal_actions:
            break
        state.apply("draw" if "draw" in obs.legal_actions else obs.legal_actions[0])
    else:
        pytest.fail("no take offered")
    for takes, allowed in ((29, True), (30, False)):
        state.takes_in_row = takes
        obs = state.observation(state.current_seat())
        assert ("take" in obs.legal_actions) is allowed  # the engine (R-take-limit)
        deal = sample_world(obs, random.Random(takes))
        assert deal.may_take() is allowed  # the simulator
