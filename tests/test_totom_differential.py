"""CP-SAT partition model against an independent oracle on 20,000 random hands (TT-W1–W5).

The oracle here is written from the rules alone, not from solver code: a hand wins iff
each face's odd card pairs with exactly one other odd card of its rank (Chi chi never),
and the Chắn count ⌊n/2⌋ summed over faces is at least six.
"""

import random

import pytest

from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.check import check_hand
from moneycards.solver.totom.exact import partition_exact
from moneycards.solver.totom.scoring import WinContext

N_HANDS = 20_000


def oracle(counts):
    chan = sum(n // 2 for n in counts)
    odd_by_rank = {}
    chi_chi_odd = False
    for f, n in zip(TOTOM.faces, counts):
        if n % 2:
            if f.suit == "h":
                chi_chi_odd = True
            else:
                odd_by_rank[f.rank] = odd_by_rank.get(f.rank, 0) + 1
    ca = sum(k // 2 for k in odd_by_rank.values())
    complete = not chi_chi_odd and all(k % 2 == 0 for k in odd_by_rank.values())
    return complete and chan >= 6, chan, ca, complete


def paired_hand(rng):
    """Ten random pairs (Chắn or Cạ) within the deck's four copies: often a win."""
    while True:
        counts = [0] * 25
        for _ in range(10):
            if rng.random() < 0.6:
                i = rng.randrange(25)
                counts[i] += 2
            else:
                rank = rng.randrange(2, 10)
                a, b = rng.sample("csm", 2)
                counts[TOTOM.index(TOTOM.parse(f"{rank}{a}")[0])] += 1
                counts[TOTOM.index(TOTOM.parse(f"{rank}{b}")[0])] += 1
        if max(counts) <= 4:
            return counts


def dealt_hand(rng):
    deck = [i for i in range(25) for _ in range(4)]
    counts = [0] * 25
    for i in rng.sample(deck, 20):
        counts[i] += 1
    return counts


def hands(seed, n):
    rng = random.Random(seed)
    return [paired_hand(rng) if k % 2 == 0 else dealt_hand(rng) for k in range(n)]


# The first chunk runs by default; the other three (the full sample) under the `slow`
# marker, which bench/differential.py runs.
@pytest.mark.parametrize("chunk", [0] + [pytest.param(k, marks=pytest.mark.slow)
                                         for k in (1, 2, 3)])
def test_cpsat_agrees_with_the_oracle(chunk):
    wins = 0
    for counts in hands(1000 + chunk, N_HANDS // 4):
        verdict = check_hand(counts, WinContext(), engine="cpsat")
        expected = oracle(counts)[:3]
        got = (verdict.wins, verdict.partition.chan_count, verdict.partition.ca_count)
        assert got == expected, TOTOM.render(counts)
        # The model's pairs use exactly the hand's cards.
        part = verdict.partition
        used = [f for f in part.chan for _ in (0, 1)] + [f for p in part.ca for f in p]
        assert TOTOM.counts(used + list(part.left)) == tuple(counts)
        wins += verdict.wins
    assert wins > N_HANDS // 20  # the paired half makes many wins


def test_exact_fast_path_agrees_with_the_oracle():
    for counts in hands(7, N_HANDS):
        part = partition_exact(counts)
        _, chan, ca, complete = oracle(counts)
        assert (part.chan_count, part.ca_count, part.complete) == (chan, ca, complete)
