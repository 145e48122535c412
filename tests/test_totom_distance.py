"""Distance to a winning Tổ Tôm hand: the CP-SAT model against the dynamic-programming
oracle on random holdings with exposed pairs, seen cards and capture restrictions."""

import random

import pytest

from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.check import check_hand
from moneycards.solver.totom.exact import distance_exact
from moneycards.solver.totom.model import distance_cpsat
from moneycards.solver.totom.shapes import holding

N = 600


def random_holding(rng):
    deck = [i for i in range(25) for _ in range(4)]
    cards = rng.sample(deck, 19 + rng.randrange(0, 30))
    concealed, seen, exposed = [0] * 25, [0] * 25, [0] * 25
    for i in cards[:19]:
        concealed[i] += 1
    for i in cards[19:]:
        seen[i] += 1
    for i in range(25):
        if concealed[i] >= 2 and rng.random() < 0.3:
            concealed[i] -= 2
            exposed[i] += 2
    unseen = [4 - concealed[i] - exposed[i] - seen[i] for i in range(25)]
    barred = {TOTOM.faces[i] for i in rng.sample(range(25), rng.randrange(0, 4))}
    no_ca = {TOTOM.faces[i] for i in rng.sample(range(25), rng.randrange(0, 4))}
    return holding(concealed, exposed, unseen, barred, no_ca)


# The first chunk runs by default; the second (the full sample) under the `slow` marker,
# which bench/differential.py runs.
@pytest.mark.parametrize("chunk", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_cpsat_distance_agrees_with_dp(chunk):
    rng = random.Random(chunk)
    for _ in range(N // 2):
        h = random_holding(rng)
        got = distance_cpsat(h)
        assert (got.adds if got else None) == distance_exact(h)
        if got:  # the target is a real win built within the limits
            assert check_hand(got.target).wins
            assert all(e <= t <= c for e, t, c in zip(h.exposed, got.target, h.cap))
