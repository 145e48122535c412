"""Kowah CP-SAT models against exact oracles on 20,000 random hands (KW-R1–R6).

Readiness, every split, the set of waits and the distance to ready (with random seen
cards on a quarter of the hands) must agree; the model's exchange must make its target.
"""

import random

import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.model import distance_cpsat, splits_cpsat
from moneycards.solver.kowah.exact import distance_exact
from moneycards.solver.kowah.exact import splits_exact
from moneycards.solver.kowah.shapes import PAIRS, TRIPLETS

N_HANDS = 20_000
DECK = [i for i in range(len(KOWAH.faces)) for _ in range(KOWAH.copies)]


def built_hand(rng):
    """Two random triplet types and a random pair, within four copies: often ready."""
    while True:
        counts = [0] * len(KOWAH.faces)
        for t in rng.choices(TRIPLETS, k=2):
            for f in t.faces:
                counts[KOWAH.index(f)] += 1
        counts[KOWAH.index(rng.choice(PAIRS))] += 2
        if max(counts) <= KOWAH.copies:
            return counts


def dealt_hand(rng):
    counts = [0] * len(KOWAH.faces)
    for i in rng.sample(DECK, 8):
        counts[i] += 1
    return counts


def seen_cards(rng, counts):
    rest = []
    for i, n in enumerate(counts):
        rest += [i] * (KOWAH.copies - n)
    seen = [0] * len(KOWAH.faces)
    for i in rng.sample(rest, rng.choice([0, 0, 0, 12])):
        seen[i] += 1
    return seen


CHUNKS, PARTS = 4, 8  # 32 slices of 625 hands
SLICES = [(c, p) for c in range(CHUNKS) for p in range(PARTS)]


def chunk_hands(chunk):
    """The chunk's hands, each with the cards seen by then (in the order they are drawn)."""
    rng = random.Random(4000 + chunk)
    out = []
    for k in range(N_HANDS // CHUNKS):
        counts = built_hand(rng) if k % 2 == 0 else dealt_hand(rng)
        out.append((counts, seen_cards(rng, counts)))
    return out


# The first slice runs by default; the other 31 (the full sample) under the `slow` marker,
# which bench/differential.py runs.
@pytest.mark.parametrize("chunk, part", [SLICES[0]] + [
    pytest.param(*s, marks=pytest.mark.slow) for s in SLICES[1:]])
def test_models_agree_with_oracles(chunk, part):
    hands = chunk_hands(chunk)
    size = len(hands) // PARTS
    n_ready = 0
    for counts, seen in hands[part * size:(part + 1) * size]:
        caps = [KOWAH.copies - s for s in seen]
        exact = splits_exact(counts)
        model = splits_cpsat(counts)
        assert model == exact, KOWAH.render(counts)
        assert {s.wait for s in model} == {s.wait for s in exact}
        n_ready += bool(exact)
        want = 0 if exact else distance_exact(counts, caps)
        got = distance_cpsat(counts, caps) if not exact else None
        if exact:
            assert distance_exact(counts, caps) == 0
            continue
        assert (got.exchanges if got else None) == want, KOWAH.render(counts)
        if got:
            target = got.target.counts()
            assert splits_exact(target), "the target must be ready"
            assert all(t <= c for t, c in zip(target, caps)), "only unseen copies are drawn"
            assert sum(max(0, t - h) for t, h in zip(target, counts)) == got.exchanges
    assert n_ready > size // 10


def test_KW_R4_the_oracle_enumerates_every_ready_count_vector_once():
    import re

    from moneycards.solver.kowah import exact as oracle
    targets, _ = oracle.ready_slots()
    assert len(targets) == len({tuple(t) for t in targets}) == 100_416
    assert (targets.sum(axis=1) == 8).all()
    stated = re.search(r"([\d,]+) distinct count vectors", oracle.__doc__).group(1)
    assert int(stated.replace(",", "")) == len(targets)  # the docstring says the count
