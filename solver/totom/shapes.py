"""Tổ Tôm hand shapes: Chắn/Cạ partitions (TT-W1–W3, TT-D3) and what the distance to a
winning hand depends on. The exact twins (exact.py) and the CP-SAT models (model.py) both
answer in these types, so each checks the other.

By TT-W3 every face held n times gives ⌊n/2⌋ Chắn, and at most one card of each face is
left to make a Cạ with a card of the same rank in another suit. Chi chi never forms a Cạ.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import AbstractSet, Sequence

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.rulebook import implements
from moneycards.solver.totom.rules import CHI_CHI

Counts = Sequence[int]
MIN_CHAN = 6  # TT-W4
HAND = 20  # TT-W1


@dataclass(frozen=True)
class Partition:
    """The pairs of a hand: Chắn faces (a Chíu gives two), Cạ face pairs, unpaired cards."""

    chan: tuple[Face, ...]
    ca: tuple[tuple[Face, Face], ...]
    left: tuple[Face, ...]

    @property
    def chan_count(self) -> int:
        return len(self.chan)

    @property
    def ca_count(self) -> int:
        return len(self.ca)

    @property
    def complete(self) -> bool:
        """Every card is in a pair."""
        return not self.left

    def pair_texts(self) -> list[str]:
        """Each pair in canonical notation: Chắn first, then Cạ."""
        return [_pair_text((f, f)) for f in self.chan] + [_pair_text(p) for p in self.ca]


@lru_cache(maxsize=None)  # at most 25 Chắn and 24 Cạ: each is written once
def _pair_text(pair: tuple[Face, Face]) -> str:
    return TOTOM.render(pair)


CHAN, CA = "chan", "ca"


@implements("R-Chi-chi-pairs", "Chi chi has no rank of the three suits: it never forms a Cạ")
@implements("TT-D3", "Chi chi pairs only with another Chi chi (a Chắn), never in a Cạ")
@implements("TT-W1", "a Chắn is two identical cards; a Cạ two of one rank in different suits")
def pair_kind(a: Face, b: Face) -> str | None:
    """What two cards make: a Chắn (CHAN), a Cạ (CA) or no pair (None)."""
    if a == b:
        return CHAN
    if a.rank == b.rank and a.suit != b.suit and CHI_CHI not in (a, b):
        return CA
    return None


@lru_cache(maxsize=None)
def partners_of(card: Face) -> tuple[Face, ...]:
    """The faces that pair `card` (TT-W1, TT-D3), in deck order: only they can capture it."""
    return tuple(h for h in TOTOM.faces if pair_kind(card, h) is not None)


# The Cạ candidates: two faces of one rank in different suits (TT-W1); never Chi chi (TT-D3).
CA_CANDIDATES: tuple[tuple[int, int], ...] = tuple(
    (TOTOM.index(a), TOTOM.index(b))
    for a, b in combinations(TOTOM.faces, 2)
    if pair_kind(a, b) == CA
)
assert len(CA_CANDIDATES) == 24


_FACES = TOTOM.faces
_CHI_CHI = TOTOM.index(CHI_CHI)
# Each face's Chắn for 0, 1 or 2 of them (a Chíu, four of a face, is two).
_CHAN_RUNS = tuple(tuple((f,) * k for k in range(TOTOM.copies // 2 + 1)) for f in TOTOM.faces)
# The faces of each rank that may form a Cạ, ranks ascending, each in suit order.
_RANK_GROUPS = tuple(
    tuple(i for i, f in enumerate(TOTOM.faces) if f.rank == rank and i != _CHI_CHI)
    for rank in sorted({f.rank for f in TOTOM.faces if f != CHI_CHI}))


@implements("TT-W3", "identical pairs are never split to make Cạ: a face held n times "
                     "gives n // 2 Chắn")
@implements("TT-W2", "a Chíu, four identical cards, counts as two Chắn")
def canonical_partition(counts: Counts) -> Partition:
    """The one way both engines write a partition. By TT-W3 a face held n times is in
    n // 2 Chắn and its odd card (n % 2) is outside them; the outside cards of each rank
    pair into Cạ in suit order, ranks ascending, and what remains is left (Chi chi always,
    TT-D3). Which of three same-rank cards stays single is a choice, not a fact of the
    hand; making it the same for both engines keeps verdicts and violations
    engine-independent. (On every single check's path: index arithmetic, no sorting of
    faces.)"""
    faces = _FACES
    chan: list[Face] = []
    for i, n in enumerate(counts):
        if n > 1:
            chan.extend(_CHAN_RUNS[i][n >> 1])
    ca: list[tuple[Face, Face]] = []
    left = [_CHI_CHI] if counts[_CHI_CHI] & 1 else []
    for group in _RANK_GROUPS:
        odd = [i for i in group if counts[i] & 1]
        for k in range(1, len(odd), 2):
            ca.append((faces[odd[k - 1]], faces[odd[k]]))
        if len(odd) & 1:
            left.append(odd[-1])
    left.sort()
    return Partition(tuple(chan), tuple(ca), tuple([faces[i] for i in left]))


@dataclass(frozen=True)
class Holding:
    """What the distance depends on, per face: held (concealed + exposed), exposed, the
    most copies the target may have, and whether the face may sit in a Cạ."""

    held: tuple[int, ...]
    exposed: tuple[int, ...]
    cap: tuple[int, ...]
    ca_ok: tuple[bool, ...]


def holding(concealed: Sequence[int], exposed: Sequence[int], unseen: Sequence[int],
            barred: AbstractSet[Face] = frozenset(),
            no_ca: AbstractSet[Face] = frozenset()) -> Holding:
    held = tuple(c + e for c, e in zip(concealed, exposed))
    cap = tuple(h if f in barred else min(TOTOM.copies, h + u)
                for f, h, u in zip(TOTOM.faces, held, unseen))
    return Holding(held, tuple(exposed), cap,
                   tuple(f not in no_ca and f != CHI_CHI for f in TOTOM.faces))


@dataclass(frozen=True)
class Distance:
    adds: int
    need: tuple[Face, ...]  # the faces to add, one per card
    target: tuple[int, ...]
