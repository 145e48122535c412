"""Old-card proofs: the exact search (solver/lukfu/worlds.py) against brute-force enumeration
of worlds (exact.py) and the CP-SAT model (model.py) (LF-O2, R-old-proof, LF-F1).

Positions come from random legal deals (the differential tests' helpers) and from random
synthetic positions, denser in constraints than play makes them, some of which no world
fits. A tiny node budget forces the CP-SAT fallback, at the start and within a query.
"""

import random

import pytest

from moneycards.solver.errors import ContextError
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.lukfu.exact import BruteWorlds
from moneycards.solver.lukfu.model import CpsatWorlds
from moneycards.solver.lukfu.old import Constraint, Location, Position, decider, prove_old
from moneycards.solver.lukfu.record import parse_record
from moneycards.solver.lukfu.table import random_deal
from moneycards.solver.lukfu.worlds import SearchThenModel, SearchWorlds
from tests.test_lukfu_old_differential import positions

MAX_WORLDS = 20_000


def synthetic(rng):
    """A random position seen by seat 0: the hands of seats 1 and 2 first, then face-down
    discards; each constraint caps a few cards in one seat's hand and its discards from a
    trick on, as a face-down follow does."""
    n = rng.randint(4, 10)
    unknown = LUKFU.faces[:n]
    kinds = [(1, "hand", -1), (2, "hand", -1)]
    kinds += [(rng.choice((1, 2)), "down", t) for t in range(rng.randint(0, 3))]
    sizes = [0] * len(kinds)
    for _ in range(n):
        sizes[rng.randrange(len(kinds))] += 1
    locations = tuple(Location(s, k, t, z) for (s, k, t), z in zip(kinds, sizes))
    constraints = []
    for _ in range(rng.randint(1, 6)):
        seat, trick = rng.choice((1, 2)), rng.randint(0, 3)
        locs = tuple(i for i, loc in enumerate(locations) if loc.seat == seat
                     and (loc.kind == "hand" or loc.trick >= trick))
        cards = tuple(rng.sample(unknown, rng.randint(1, min(4, n))))
        constraints.append(Constraint(cards, locs, rng.randrange(len(cards)), seat, trick,
                                      "6c"))
    pos = Position.__new__(Position)
    pos.unknown, pos.locations, pos.constraints = unknown, locations, tuple(constraints)
    return pos


def synthetic_positions(seed, want):
    rng = random.Random(seed)
    out = []
    while len(out) < want:
        pos = synthetic(rng)
        if pos.world_count() <= MAX_WORLDS:
            out.append(pos)
    return out


def check_answers(pos, worlds, brute, order):
    """Every card's answer: None exactly when no world puts it in another seat's hand, and
    otherwise a hand that holds it in some world. How many cards could be there."""
    possible = 0
    for h in order:
        at = worlds.where(h)
        assert (at is None) == (brute.where(h) is None), (h, pos.locations, pos.constraints)
        if at is not None:
            assert at in brute.hands_of[h], (h, at, pos.locations, pos.constraints)
            possible += 1
    return possible


def test_search_agrees_with_brute_force_on_deal_positions():
    constrained = possible = impossible = 0
    for k, (pos, _hands) in enumerate(positions(11, 150)):
        brute = BruteWorlds(pos)
        order = pos.unknown if k % 2 else pos.unknown[::-1]  # harvests differ by order
        n = check_answers(pos, SearchWorlds(pos, budget=None), brute, order)
        possible += n
        impossible += len(pos.unknown) - n
        constrained += bool(pos.constraints)
    assert constrained > 25 and impossible > 20 and possible > 1000


def test_search_agrees_with_brute_force_on_synthetic_positions():
    consistent = inconsistent = searched = 0
    for k, pos in enumerate(synthetic_positions(1, 600)):
        brute = BruteWorlds(pos)
        if brute.consistent == 0:
            with pytest.raises(ContextError) as err:
                SearchWorlds(pos, budget=None)
            assert err.value.rule == "LF-F1"
            inconsistent += 1
            continue
        search = SearchWorlds(pos, budget=None)
        check_answers(pos, search, brute, pos.unknown if k % 2 else pos.unknown[::-1])
        consistent += 1
        searched += search.nodes > 5
    assert consistent > 300 and inconsistent > 30 and searched > 50


def test_prove_old_is_the_same_on_every_engine_on_random_deals():
    rng = random.Random(21)
    compared = with_exact = 0

    def check(state):
        nonlocal compared, with_exact
        if state.is_over or not state.record.tricks or rng.random() > 0.5:
            return
        seat = rng.randrange(3)
        pos = Position(state.record.snapshot(), seat, state.hands[seat])
        if not pos.constraints:
            return
        engines = ["cpsat", "search", "model"]
        if pos.world_count() <= MAX_WORLDS:
            engines.append("exact")
            with_exact += 1
        proofs = [[(c.card, c.old, c.rule) for c in prove_old(pos, e).cards] for e in engines]
        assert all(p == proofs[0] for p in proofs), (engines, proofs, state.record)
        compared += 1

    for deal in range(16):
        random_deal(3000 + deal, on_step=check)
    assert compared > 30 and with_exact >= 2


def test_the_budget_falls_back_to_cpsat_with_the_cpsat_answer():
    """Budget 0: CP-SAT from the start. The budget of the first world alone: the search
    gives up within a later query, and CP-SAT answers from there."""
    pool = [p for p, _ in positions(12, 100) if p.constraints]
    pool += [p for p in synthetic_positions(2, 200) if BruteWorlds(p).consistent]
    at_start = within = 0
    for pos in pool:
        brute = BruteWorlds(pos)
        cpsat = CpsatWorlds(pos)
        first = SearchWorlds(pos, budget=None).nodes
        for budget in (0, first):
            worlds = SearchThenModel(pos, budget=budget)
            started = worlds.model is not None
            check_answers(pos, worlds, brute, pos.unknown)
            for h in pos.unknown:
                assert (worlds.where(h) is None) == (cpsat.where(h) is None)
            at_start += started
            within += not started and worlds.model is not None
    assert at_start > 50 and within > 20


def test_a_position_no_deal_fits_raises_lf_f1_on_every_engine():
    """Seats 1 and 2 both went face down on 6c: neither held 7c, 8c or 9c, and seat 0 does
    not hold them either — no deal fits (LF-F1)."""
    rec = parse_record({"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "6c"}, {"seat": 1, "down": 1},
                                {"seat": 2, "down": 1}]}]})
    pos = Position(rec, 0, LUKFU.parse("1s 2s 3s 4s 5s 6s 7s 8s 1m 2m 3m"))
    messages = set()
    for engine in ("cpsat", "search", "model"):
        with pytest.raises(ContextError) as err:
            prove_old(pos, engine)
        assert err.value.rule == "LF-F1" and err.value.field == "record"
        messages.add(err.value.message)
    assert len(messages) == 1
    # Where only a search finds the contradiction, the fallback to CP-SAT raises it too.
    hard = [p for p in synthetic_positions(3, 400) if not BruteWorlds(p).consistent]
    hard = [p for p in hard if _nodes_to_refute(p) > 0]
    assert len(hard) > 5
    for p in hard:
        with pytest.raises(ContextError) as err:
            SearchThenModel(p, budget=0)
        assert err.value.rule == "LF-F1"
        with pytest.raises(ContextError):
            decider(p, "cpsat")


def _nodes_to_refute(pos):
    """The nodes the search took to prove that no world fits."""
    search = SearchWorlds.__new__(SearchWorlds)
    search.pos, search.budget, search.nodes, search.seen_in_hand = pos, None, 0, {}
    search._prepare()
    assert not search._search(None)
    return search.nodes
