"""Old-card proofs: CP-SAT against brute-force enumeration of worlds (LF-O2, R-old-proof).

Positions come from random legal deals at random points, seen by a random seat. On every
position the proof is also checked against the real deal: a card proven old has no higher
card of its suit in another seat's actual hand.
"""

import random
from functools import lru_cache

import pytest

from moneycards.solver.lukfu import LUKFU
from moneycards.solver.lukfu.exact import BruteWorlds
from moneycards.solver.lukfu.model import CpsatWorlds
from moneycards.solver.lukfu.old import FIXED_OLD, Position, prove_old
from moneycards.solver.lukfu.table import random_deal

N_POSITIONS = 2000
MAX_WORLDS = 20_000


def positions(seed, want):
    """(position, actual hands) pairs small enough to enumerate, from random deals."""
    rng = random.Random(seed)
    out = []
    deal = 0
    while len(out) < want:
        snaps = []

        def keep(state, snaps=snaps):
            if state.record.tricks and not state.is_over:
                rec = state.record.snapshot()
                hands = [frozenset(h) for h in state.hands]
                for seat in range(3):
                    pos = Position(rec, seat, hands[seat])
                    if pos.world_count() <= MAX_WORLDS and rng.random() < 0.5:
                        snaps.append((pos, hands))

        random_deal(seed * 100_000 + deal, on_step=keep)
        deal += 1
        out += snaps
    return out[:want]


def truly_old(card, seat, hands):
    if card in FIXED_OLD:  # LF-O1: old by definition
        return True
    return not any(f.suit == card.suit and f.rank > card.rank
                   for s in range(3) if s != seat for f in hands[s])


CHUNKS, PARTS = 4, 4  # 16 slices of 125 positions
SIZE = N_POSITIONS // CHUNKS // PARTS


@lru_cache(maxsize=CHUNKS)
def chunk_positions(chunk):
    """A chunk's positions, made once per worker (a chunk's slices share one)."""
    return positions(chunk + 1, N_POSITIONS // CHUNKS)


# The first slice runs by default; the other 15 (the full sample) under the `slow` marker,
# which bench/differential.py runs. A slice is a stretch of its chunk's positions (the
# first `want` positions of a seed do not depend on `want`).
@pytest.mark.parametrize("chunk, part", [(0, 0)] + [
    pytest.param(c, p, marks=[pytest.mark.slow, pytest.mark.xdist_group(f"lukfu-old-{c}")])
    for c in range(CHUNKS) for p in range(PARTS) if (c, p) != (0, 0)])
def test_cpsat_agrees_with_brute_force(chunk, part):
    pool = positions(chunk + 1, SIZE) if part == 0 else chunk_positions(chunk)
    with_constraints = 0
    for pos, hands in pool[part * SIZE:(part + 1) * SIZE]:
        brute = BruteWorlds(pos)
        assert brute.consistent >= 1, "the real deal is a consistent world"
        cp = CpsatWorlds(pos)
        for h in pos.unknown:
            assert (cp.where(h) is None) == (brute.where(h) is None), (h, pos.record)
        exact_old = prove_old(pos, "exact").old
        assert prove_old(pos, "cpsat").old == exact_old
        for f in exact_old:
            assert truly_old(f, pos.seat, hands), f
        with_constraints += bool(pos.constraints)
    assert with_constraints > SIZE // 8  # face-down inferences are exercised


def test_proofs_are_sound_on_large_positions():
    rng = random.Random(9)
    checked = 0
    for deal in range(40):
        def check(state):
            nonlocal checked
            if state.is_over or not state.record.tricks or rng.random() > 0.3:
                return
            seat = rng.randrange(3)
            pos = Position(state.record.snapshot(), seat, state.hands[seat])
            for f in prove_old(pos).old:
                assert truly_old(f, seat, state.hands), (f, LUKFU.render(state.hands[seat]))
            checked += 1

        random_deal(500 + deal, on_step=check)
    assert checked > 50
