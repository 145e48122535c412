"""Kowah hand shapes (KW-R1–R6): triplet and pair types, the 2-2-1 rule, exact split search.

A split of eight cards is two triplets and one identical pair. Triplets are typed by their
kind (a rank, or one honour) and, for ranks, by their suit multiset (10 per rank), so a
split is a multiset of two triplet types plus a pair type — no ordering symmetry.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations_with_replacement
from typing import Any, Sequence

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.rulebook import data, implements

SUITS = "csm"
HONOURS = tuple(f for f in KOWAH.faces if f.suit == "h")


@implements("KW-R2", "honour triplet: three cards of the same honour")
@implements("KW-R1", "ordinary triplet: three cards of one rank, suits free")
@dataclass(frozen=True, order=True)
class Triplet:
    """Three cards of one rank, suits free (KW-R1), or three of one honour (KW-R2)."""

    faces: tuple[Face, Face, Face]  # sorted

    @property
    def kind(self) -> tuple[str, int]:
        f = self.faces[0]
        return ("h", f.rank) if f.suit == "h" else ("r", f.rank)

    @cached_property  # written once per triplet type: every answer shows its triplets
    def text(self) -> str:
        return KOWAH.render(self.faces)


@implements("KW-D2", "the three honours are three distinct kinds, never wild")
def _triplet_types() -> tuple[Triplet, ...]:
    """Every triplet type: per rank each suit multiset (KW-R1); per honour, three of itself
    (KW-R2), so no honour stands in for another (KW-D2)."""
    out = []
    for rank in range(1, 10):
        for suits in combinations_with_replacement(SUITS, 3):
            out.append(Triplet(tuple(sorted(Face("csmth".index(s), rank) for s in suits))))  # type: ignore[arg-type]
    for h in HONOURS:
        out.append(Triplet((h, h, h)))
    return tuple(out)


TRIPLETS: tuple[Triplet, ...] = _triplet_types()
PAIRS: tuple[Face, ...] = KOWAH.faces  # a pair is two identical cards (KW-R3)
assert len(TRIPLETS) == 93 and len(PAIRS) == 30
data("KW-R3", "a pair: two identical cards, same rank and suit or the same honour", __name__,
     "PAIRS")
data("R-honour-pair", "a pair of one honour is allowed; it waits on the third copy", __name__,
     "PAIRS")


@implements("KW-R5", "a pair sharing a triplet's rank: the five cards are 2-2-1 over the suits")
def two_two_one(pair: Face, triplet: Triplet) -> bool:
    """KW-R5: a pair sharing a triplet's rank makes five cards split 2-2-1 over the suits.

    True when the rule is satisfied or does not apply (different kinds, or honours).
    """
    if pair.suit == "h" or triplet.faces[0].suit == "h" or pair.rank != triplet.faces[0].rank:
        return True
    per_suit = Counter(f.suit for f in triplet.faces)
    per_suit[pair.suit] += 2
    return sorted(per_suit.get(s, 0) for s in SUITS) == [1, 2, 2]


def triplet_order(t: Triplet) -> tuple[bool, int, tuple[Face, Face, Face]]:
    """Ranks ascending, then honours: the order a person reads a split in."""
    return (t.faces[0].suit == "h", t.faces[0].rank, t.faces)


def make_split(triplets: Sequence[Triplet], pair: Face) -> "Split":
    a, b = sorted(triplets, key=triplet_order)
    return Split((a, b), pair)


@implements("KW-R6", "the wait is the card identical to the shown pair")
@dataclass(frozen=True, order=True)
class Split:
    """Two triplets and a pair; the pair is shown, its identical card is the wait (KW-R6)."""

    triplets: tuple[Triplet, Triplet]  # in triplet_order: build with make_split
    pair: Face

    @property
    def wait(self) -> Face:
        return self.pair

    def counts(self) -> tuple[int, ...]:
        faces = [f for t in self.triplets for f in t.faces] + [self.pair, self.pair]
        return KOWAH.counts(faces)

    @implements("R-one-triplet-rule", "KW-R5 holds for each triplet sharing the pair's rank")
    def valid(self) -> bool:
        """KW-R5 for every triplet that shares the pair's rank (R-one-triplet-rule)."""
        return all(two_two_one(self.pair, t) for t in self.triplets)

    def to_dict(self) -> dict[str, Any]:
        return {"triplets": [t.text for t in self.triplets],
                "pair": _pair_text(self.pair), "wait": self.pair.text}


@lru_cache(maxsize=None)  # one per face: every answer shows its pair
def _pair_text(face: Face) -> str:
    return KOWAH.render([face, face])


@implements("R-same-rank-triplets", "two triplets of the same rank are allowed")
@implements("KW-R4", "ready: the eight cards form two triplets and one pair")
def structural_splits(counts: Sequence[int]) -> list[Split]:
    """Every split into two triplets and an identical pair, before KW-R5 (exact search)."""
    out: set[Split] = set()
    for p, n in enumerate(counts):
        if n < 2:
            continue
        rest = list(counts)
        rest[p] -= 2
        for i, t1 in enumerate(TRIPLETS):
            c1 = _take(rest, t1)
            if c1 is None:
                continue
            for t2 in TRIPLETS[i:]:
                if _take(c1, t2) is not None and sum(c1) == 3:
                    out.add(make_split((t1, t2), KOWAH.faces[p]))
    return sorted(out)


def _take(counts: Sequence[int], t: Triplet) -> list[int] | None:
    left = list(counts)
    for f in t.faces:
        i = KOWAH.index(f)
        if left[i] == 0:
            return None
        left[i] -= 1
    return left
