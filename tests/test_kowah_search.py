"""Kowah determinised search (solver/kowah/search.py): the fast simulator plays the
engine's rules, sampled worlds agree with the observation, and the strong hint values the
options it plays out as shares of sampled deals won."""

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.hints import hint
from moneycards.solver.kowah import search
from moneycards.solver.kowah.hint import SEARCH_CANDIDATES, greedy, strong
from moneycards.solver.kowah.observation import Phase
from moneycards.solver.kowah.table import KowahState


@pytest.fixture(scope="module", autouse=True)
def tables():
    search.warm_up()


def _known(state):
    """The engine's state as a fully known simulator deal."""
    return search.Deal([list(h) for h in state.hands], [KOWAH.index(f) for f in state.stock],
                       [KOWAH.index(f) for _, f in state.discards],
                       {s: KOWAH.index(f) for s, f in state.declared.items()}, state.seat,
                       state.phase, state.turns, state.takes_in_row)


def test_the_simulator_plays_the_engines_rules_to_the_same_end():
    endings = {"self-draw": 0, "draw": 0, "discard": 0, "drawn": 0}
    for seed in range(120):
        state = KowahState(seed)
        deal = _known(state)
        rng = random.Random(seed)
        while not state.is_over:
            assert not deal.over
            move = deal.policy(rng)
            text = search.move_text(*move)
            assert text in state.legal_texts()
            state.apply(text)
            deal.move(*move)
            assert deal.hands == state.hands and deal.seat == state.seat or deal.over
        r = state.result
        assert deal.over
        if r.kind.value == "win":
            assert (deal.winner, deal.multiplier) == (r.winner, r.multiplier)
            endings[r.via] += 1
        else:
            assert deal.winner is None
            endings["drawn"] += 1
    assert endings["self-draw"] and sum(endings.values()) == 120  # KW-X2 met


def test_the_ready_table_is_the_exact_twins():
    from moneycards.solver.kowah.exact import splits_exact

    rng = random.Random(7)
    cards = [f for f in range(len(KOWAH.faces)) for _ in range(4)]
    ready = search.ready_pairs()
    hits = 0
    for _ in range(3000):
        hand = [0] * len(KOWAH.faces)
        for f in rng.sample(cards, 8):
            hand[f] += 1
        pairs = tuple(sorted({KOWAH.index(s.pair) for s in splits_exact(hand)}))
        assert ready.get(bytes(hand), ()) == pairs
    for key, pairs in list(ready.items())[::997]:  # ready hands, from the table's side
        hand = list(key)
        assert tuple(sorted({KOWAH.index(s.pair) for s in splits_exact(hand)})) == pairs
        hits += 1
    assert hits > 50


def _positions(n, seed):
    rng = random.Random(seed)
    out, k = [], 0
    while len(out) < n:
        state = KowahState(900 + k)
        k += 1
        while not state.is_over:
            seat = state.current_seat()
            obs = state.observation(seat)
            if rng.random() < 0.3:
                out.append(obs)
            state.apply(greedy(obs, rng))
    return out


def test_every_sampled_world_agrees_with_the_observation():
    positions = _positions(300, seed=3)
    declared_seen = ready_ok = 0
    for i, obs in enumerate(positions):
        world = search.sample_world(obs, random.Random(i))
        me = obs.seat
        assert world.hands[me] == list(obs.hand)
        assert [sum(h) for h in world.hands] == list(obs.hand_sizes)
        assert len(world.stock) == obs.stock
        assert world.pile == [KOWAH.index(d.card) for d in obs.discards if d.taken_by is None]
        total = [0] * len(KOWAH.faces)
        for h in world.hands:
            total = [a + b for a, b in zip(total, h)]
        for f in world.stock + world.pile:
            total[f] += 1
        assert total == [4] * len(KOWAH.faces)  # every card once (KW-D1)
        for seat, held in search.known_holdings(obs).items():
            if seat not in obs.declared:
                assert all(world.hands[seat][f] >= n for f, n in enumerate(held))
        for seat, face in obs.declared.items():
            assert world.declared[seat] == KOWAH.index(face)
            if seat != me:
                declared_seen += 1
                pairs = world.ready.get(bytes(world.hands[seat]), ())
                ready_ok += KOWAH.index(face) in pairs  # a locked ready hand (KW-X1)
        assert world.seat == me and world.phase is obs.phase
    assert declared_seen > 20 and ready_ok == declared_seen


def _played(r):
    return "sampled deals played out" in r.reason.split("; ")[0]


def test_strong_values_are_multipliers_won_in_sampled_deals_and_reproducible():
    searched = 0
    for obs in _positions(40, seed=5):
        ranked = strong(obs)
        assert sorted(r.action for r in ranked) == sorted(obs.legal_actions)
        assert all(0.0 <= r.value <= 3.0 for r in ranked)  # KW-K1: at most x3, else 0
        played = [r for r in ranked if _played(r)]
        if played:
            searched += 1
            # one share of deals won a played-out option: the sampled deals', not beside it
            # the race's own win chance too (a player read "wins about 46%" and "win chance
            # 10%" as two answers); the race's value, which ranks, is still said
            for r in played:
                assert "race estimate " in r.reason and "win chance" not in r.reason, r.reason
                assert len(re.findall(r"\d+%", r.reason)) <= 1, r.reason
            assert 2 <= len(played) <= SEARCH_CANDIDATES
            assert len({r.reason for r in ranked}) == len(ranked)  # every reason its own
            # searched options rank above the ones only estimated
            last = max(i for i, r in enumerate(ranked) if _played(r))
            assert all(_played(r) for r in ranked[:last + 1])
            # the ones only estimated keep the race's order: tied only where the race is
            rest = [r for r in ranked if r.reason.startswith("not played out")]
            values = [r.value for r in rest]
            assert values == sorted(values, reverse=True)
            races = [r.reason.partition("race estimate ")[2].partition(", below")[0]
                     for r in rest]
            assert all(a.value > b.value for a, b, ra, rb in zip(rest, rest[1:], races,
                                                                 races[1:]) if ra != rb)
        assert [r.to_dict() for r in strong(obs)] == [r.to_dict() for r in ranked]
    assert searched >= 10


def test_options_not_played_out_keep_the_race_order_when_capped_below_the_played():
    """Two discards whose race estimates differ (0.16 and 0.14 multiplier won a deal) both
    lie above the value of the last option played out (0.04): each is capped below it, and
    they stay apart, in the race's order."""
    obs = _positions(82, seed=5)[81]
    rest = [r for r in strong(obs) if r.reason.startswith("not played out")]
    assert [r.action for r in rest[:2]] == ["discard 8s", "discard 8m"]
    assert [r.reason.partition("race estimate ")[2][:5] for r in rest[:2]] == ["0.16 ", "0.14 "]
    played = [r for r in strong(obs) if _played(r)]
    assert rest[0].value > rest[1].value and rest[0].value < min(r.value for r in played)


def test_a_discard_that_makes_the_hand_ready_on_a_live_wait_is_played_first():
    # 5c 5c 5s | 7c 7s 7m | 9c 9c + 2h drawn: discarding 2h leaves two triplets and a 9c
    # pair waiting on 9c (two copies unseen); any other discard breaks a set.
    hands = ["5c 5c 5s 7c 7s 7m 9c 9c", "1c 1s 2c 2s 3c 3s 4c 4s", "1m 2m 3m 4m 6c 6s 6m 8c"]
    rest = [f for f in KOWAH.faces for _ in range(4)]
    for h in hands:
        for f in KOWAH.parse(h):
            rest.remove(f)
    rest.remove(KOWAH.parse("2h")[0])
    state = KowahState(deal={"hands": hands, "first": 0,
                             "stock": "2h " + " ".join(f.text for f in rest)})
    state.apply("draw")
    obs = state.observation(0)
    assert obs.phase is Phase.DISCARD
    top = hint(obs)[0]
    assert top.action == "discard 2h", top
    assert top.value > 0.3 and "waiting on 9c" in top.reason


def test_the_search_overrules_the_race_only_on_a_significant_difference():
    from moneycards.solver.kowah.hint import race
    from moneycards.solver.search import SIGNIFICANT, paired_z as _paired_z

    assert _paired_z([1, 0, 1, 0], [1, 0, 1, 0]) == 0.0  # the same deals won: no difference
    assert _paired_z([1] * 20 + [0] * 4, [0] * 20 + [0] * 4) > SIGNIFICANT
    assert _paired_z([1, 0] * 12, [0, 1] * 12) < SIGNIFICANT  # as many won as lost
    overruled = 0
    for obs in _positions(60, seed=11):
        safe, _ = race(obs)
        race_top = max(safe, key=lambda r: r.value).action if safe else None
        top = strong(obs)[0]
        if top.action != race_top:
            overruled += 1
            assert _played(top)  # only a played-out option overrules
    assert overruled < 60  # the race's choice stands unless the deals say otherwise


def test_an_observation_without_hand_sizes_is_ranked_by_the_race():
    """hand_sizes may be left out of an observation sent to Hint: with no deal to sample,
    the race decides (once, this raised an internal error)."""
    import json

    from moneycards.solver.hints import hint
    from moneycards.solver.kowah.hint import as_settlement, race, ranked
    from moneycards.solver.kowah.observation import from_json

    obs = from_json(json.loads(
        '{"game": "kowah", "seat": 2, "to_act": 2, "phase": "KOWAH_PHASE_DRAW", '
        '"hand": "138c 2s 2449m", "declared": {}, "discards": [{"seat": 1, "card": "5c", '
        '"turn": 0, "taken_by": null}], "public_draws": [], "stock": 95, '
        '"first_turn": false, "takes_in_row": 0, "legal_actions": ["draw", "take"]}'))
    assert obs.hand_sizes == ()
    safe, unsafe = race(obs)
    got = [(r.action, r.value) for r in hint(obs, 2000.0)]
    assert got == [(r.action, r.value) for r in
                   [as_settlement(r) for r in ranked(safe)] + ranked(unsafe)]
    assert {a for a, _ in got} == {"draw", "take"}


def _both_others_declared(deals):
    """Positions where the two other seats have both declared (KW-X1), in seeded deals."""
    out = []
    for k in deals:
        state, rng = KowahState(5000 + k), random.Random(k)
        while not state.is_over:
            obs = state.observation(state.current_seat())
            if len([s for s in obs.declared if s != obs.seat]) == 2:
                out.append(obs)
            state.apply(greedy(obs, rng))
    return out


def test_two_declared_hands_are_dealt_ready_together():
    # Dealt one after the other, the first declared hand could take a card the second
    # needs, and the second was then dealt without its ready shape (deal 25, worlds 2, 8).
    positions = _both_others_declared(range(40))
    assert len(positions) > 40
    for obs in positions:
        for i in range(10):
            world = search.sample_world(obs, random.Random(i))
            for seat, face in obs.declared.items():
                if seat != obs.seat:
                    assert KOWAH.index(face) in world.ready.get(bytes(world.hands[seat]), ())


def test_the_search_weighs_deals_by_the_multiplier_won_not_their_number():
    """KW-K1: a self-draw wins x3, a discard x2, a draw x1. Where an option played out wins
    fewer sampled deals than another but more multiplier, it is the better one: the value
    is the multiplier won a deal, and the share of deals won only follows it in words."""

    disagree = 0
    for obs in _positions(120, seed=7):
        played = []
        for r in strong(obs):
            m = re.search(r": about ([\d.]+) multiplier won a deal \(KW-K1\) over 24 "
                          r"sampled deals played out, wins about (\d+)%", r.reason.split("; ")[0])
            if m and "not surely better" not in r.reason:
                played.append((r, float(m.group(1)), int(m.group(2))))
        for r, mult, _share in played:
            assert abs(r.value - mult) < 0.006 + 0.01 * mult  # the value is what it says
        if len(played) >= 2:
            (a, ma, sa), (b, mb, sb) = played[0], played[1]
            if ma > mb and sa < sb:
                disagree += 1
                assert a.value > b.value
    assert disagree >= 1


def test_an_option_ranked_below_a_lower_mean_says_why_in_its_first_clause():
    """The significance gate can keep the race's choice first over an option whose sampled
    deals won more: that option says so in the clause a short hint shows (the terminal
    shows only the first), so a listed value that looks higher never goes unexplained."""

    from moneycards.cli.screen import first_clause

    def mean(r):
        m = re.search(r"about (\d[\d.]*) multiplier won a deal \(KW-K1\) over", r.reason)
        return float(m.group(1)) if m else None

    seen = 0
    for obs in _positions(120, seed=7):
        ranking = strong(obs)
        top = mean(ranking[0])
        for r in ranking[1:]:
            if top is not None and mean(r) is not None and mean(r) > top:
                seen += 1
                assert "not surely better than" in first_clause(r.action, r.reason), r
                # and the option kept first says why, in its own first clause
                said = first_clause(ranking[0].action, ranking[0].reason)
                assert "first by the race estimate" in said
                # with the race estimates that rank it first, two decimals as every
                # figure of a hint: its own, then the higher mean's, never above its own;
                # or "just ahead" when two decimals show no difference
                told = re.search(r"first by the race estimate, (\d[\d.]*) against "
                                 r"(\d[\d.]*) for ", said)
                if told:
                    ahead, behind = (float(x) for x in told.groups())
                    assert ahead > behind  # never "0.17 against 0.17"
                else:
                    assert re.search(r"first by the race estimate, just ahead of .+, both "
                                     r"about \d\.\d\d,", said), said
    assert seen  # the gate kept a lower mean first somewhere in these positions


def test_two_race_estimates_are_said_in_two_decimals_or_as_just_ahead():
    from moneycards.solver.kowah.hint import _ahead

    assert _ahead(0.5, 0.25, "discarding 2h") == "0.50 against 0.25 for discarding 2h"
    assert _ahead(0.1696, 0.1695, "discarding 2h") == \
        "just ahead of discarding 2h, both about 0.17"
    assert _ahead(0.126, 0.124, "taking 5c") == "0.13 against 0.12 for taking 5c"


def test_the_rollout_variants_bench_plays_each_variant_paired_and_against_greedy():
    """bench/kowah_policies.py (docs/strength.md): a row per variant with its interval, and
    the policy and greedy against greedy seats, on a few deals."""
    bench = Path(__file__).resolve().parents[1] / "bench" / "kowah_policies.py"
    out = subprocess.run([sys.executable, str(bench), "--deals", "30"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    for name in ("live-wait", "never-take", "take-beside-declared", "draw-beside-declared"):
        assert f"\n| {name} | " in out and "[" in out.split(f"| {name} | ")[1].split("\n")[0]
    assert "\n| policy | " in out and "\n| greedy | " in out
    assert "\n| feed-aware: sees the next seat's hand" in out
    assert "\n| stock-aware: sees which unseen copies are in the stock | " in out
    # --only plays the variants named so, and names them all when none is
    only = subprocess.run([sys.executable, str(bench), "--deals", "30", "--only", "never"],
                          capture_output=True, text=True, timeout=300, check=True).stdout
    assert "| never-take | " in only and "| live-wait | " not in only
    bad = subprocess.run([sys.executable, str(bench), "--only", "zzz"], capture_output=True,
                         text=True, timeout=300)
    assert bad.returncode == 2 and "no variant's name starts 'zzz'" in bad.stderr
    assert "feed-aware" in bad.stderr.splitlines()[-1]


def test_feeding_the_next_seat_is_read_from_its_hand():
    """The feed-aware variant's test (bench/kowah_policies.py, KW-T2): the next seat takes
    an identical card or one of a rank class it holds twice, and a declared seat takes
    nothing (R-declared-take)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from kowah_policies import feeds_next, new_deal

    deal = new_deal(1)
    nxt = (deal.seat + 1) % 3
    deal.hands[nxt] = [0] * len(deal.hands[nxt])
    five_c, five_s, five_m, nine_c = (KOWAH.index(KOWAH.parse(c)[0])
                                      for c in ("5c", "5s", "5m", "9c"))
    deal.hands[nxt][five_c] = 1
    assert feeds_next(deal, five_c) and not feeds_next(deal, five_s)
    deal.hands[nxt][five_s] = 1
    assert feeds_next(deal, five_m) and not feeds_next(deal, nine_c)
    deal.declared[nxt] = five_c
    assert not feeds_next(deal, five_c)


def _counts(text):
    out = [0] * len(KOWAH.faces)
    for f in KOWAH.parse(text):
        out[KOWAH.index(f)] += 1
    return out


def test_KW_R6_a_hand_one_from_ready_counts_its_outs_and_the_waits_they_leave():
    """Two triplets and two singles: drawing a copy of a single pairs it (KW-R3), and the
    hand then waits on that face (KW-R6) with one unseen copy fewer. 2c with two unseen
    copies leaves a wait with one; 4c with three, a wait with two; 6c with one, a dead wait.
    Another seat's declared wait is no out (KW-X4)."""
    from moneycards.solver.kowah.hint import one_from_ready
    unseen = [0] * len(KOWAH.faces)
    for text, n in (("2c", 2), ("3c", 2), ("4c", 3), ("6c", 1)):
        unseen[KOWAH.index(KOWAH.parse(text)[0])] = n
    near = one_from_ready(_counts("5c 5s 5m 7c 7s 7m 2c 3c"), unseen)
    assert (near.outs, near.wait_live) == (4, 1.0)
    near = one_from_ready(_counts("5c 5s 5m 7c 7s 7m 4c 6c"), unseen)
    assert (near.outs, near.wait_live) == (4, (3 * 2 + 1 * 0) / 4)
    # no unseen copy of either single: nothing makes it ready
    assert one_from_ready(_counts("5c 5s 5m 7c 7s 7m 8c 9c"), unseen) == (0, 0.0)
    # 4c is another seat's declared wait: drawing it wins that seat the deal (KW-X4)
    barred = {KOWAH.index(KOWAH.parse("4c")[0])}
    assert one_from_ready(_counts("5c 5s 5m 7c 7s 7m 4c 6c"), unseen, barred) == (1, 0.0)


def test_KW_R6_the_race_values_a_hand_one_from_ready_by_how_live_its_waits_are():
    """Equal outs (four cards make each hand ready), waits of 1.0 and 1.5 unseen copies on
    average: the race puts the livelier ahead."""
    from types import SimpleNamespace

    from moneycards.solver.kowah.hint import Race, one_from_ready
    unseen = [2] * len(KOWAH.faces)
    for text, n in (("2c", 2), ("3c", 2), ("4c", 3), ("6c", 1)):
        unseen[KOWAH.index(KOWAH.parse(text)[0])] = n
    race = Race(SimpleNamespace(seat=0, stock=60, declared={}), unseen)
    dull = one_from_ready(_counts("5c 5s 5m 7c 7s 7m 2c 3c"), unseen)
    live = one_from_ready(_counts("5c 5s 5m 7c 7s 7m 4c 6c"), unseen)
    assert dull.outs == live.outs == 4
    assert race.chance(1, 4, 0.0, True, live) > race.chance(1, 4, 0.0, True, dull) > 0


def test_a_take_given_back_says_the_hand_stays_and_no_stock_card_is_drawn_kw_t2_kw_x4():
    """Taking the last discard to discard it again (KW-T2) keeps the hand as it was: the
    reason says so, and that it draws no stock card, which after a declaration may be a
    declared seat's wait (KW-X4); a take that discards another card says neither."""
    from moneycards.solver.kowah.hint import heuristic, race
    from moneycards.solver.tables import Seat, Table

    seen = set()
    for seed in range(400):
        table = Table.create("kowah", [Seat("human", "", "You"), Seat("ai", "greedy"),
                                       Seat("ai", "greedy")], seed=seed)
        while not table.is_over:
            obs = table.observation(0)
            if "take" in obs.legal_actions:
                top = obs.discards[-1].card.text
                declared = any(s != 0 for s in obs.declared)
                safe, risky = race(obs)
                for r in [*heuristic(obs), *safe, *risky]:
                    if r.action != "take" or ", discard " not in r.reason:
                        continue
                    back = f"take {top}, discard {top} " in r.reason
                    assert ("the hand stays as it was" in r.reason) == back, r.reason
                    assert ("declared seat's wait, KW-X4" in r.reason) == (back and declared)
                    if back:
                        seen.add(declared)
            table.act(0, obs.legal_actions[0])
        if seen == {False, True}:
            return
    raise AssertionError(f"no take given back seen with and without a declaration: {seen}")
