"""Kowah readiness for many hands at once (KW-R3–R6): ready or not, the waits, how many
splits, and the rules a hand that is not ready breaks — by table look-up with numpy.

Every split is two triplet types and a pair type, so every ready eight-card hand is one of
the count vectors exact.py enumerates (100,416). They are built once, each with its waits
(the faces of its pairs) and its number of splits, and sorted by an exact key of the hand
(its sorted face indices, five bits each); a batch of hands is then one `searchsorted`.
A second table holds the hands that split into two triplets and a pair when KW-R5 is
ignored: a hand there but not in the first breaks KW-R5, as check.why_not_ready says.
The same answers as check.check_ready hand by hand; the differential tests compare them.

The distance to ready (check.check_ready's `distance` when no card is seen) is eight less
the most cards a hand shares with a ready hand. A hand shares k cards with one when some k
of its cards are all inside one, so `Distances` holds, by the rank of a multiset of faces
(the combinatorial number system), whether a 7-card multiset lies inside a ready hand and
how many cards of a 6-card one at most do; a hand is then 8 + 28 look-ups of its 7- and
6-card parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any, Sequence

import numpy as np

from moneycards.solver.batch import hand_keys, parse_many
from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import InvalidInput
from moneycards.solver.kowah.check import parse_hand
from moneycards.solver.kowah.exact import triplet_pairs
from moneycards.solver.kowah.shapes import PAIRS
from moneycards.solver.kowah import NF

Array = Any  # numpy arrays; numpy's own types add nothing here

HAND = 8

# Why a hand is not ready, as check.why_not_ready lists the rule ids (0: it is ready).
NOT_READY = ((), ("KW-R3", "KW-R4"), ("KW-R5",), ("KW-R4",))
READY, NO_PAIR, BREAKS_221, NO_SHAPE = range(4)


@dataclass(frozen=True)
class Tables:
    ready_keys: Array  # sorted int64 keys of every ready hand
    ready_counts: Array  # int8 (n, faces), the same hands in key order
    waits: Array  # int64 bit mask of the waiting faces, per ready hand
    splits: Array  # int16 number of splits, per ready hand
    wait_text: tuple[str, ...]  # the waits in notation, per ready hand
    shaped_keys: Array  # sorted keys of the hands with a split when KW-R5 is ignored


def _rows(valid_only: bool) -> tuple[Array, Array]:
    """Every (hand, pair face) of a split: count vectors and the pair's face index."""
    two, ii, jj, ok = triplet_pairs()
    hands, pairs = [], []
    for p in range(len(PAIRS)):
        cand = two.copy()
        cand[:, p] += 2
        keep = (cand <= KOWAH.copies).all(axis=1)
        if valid_only:
            keep &= ok[p, ii] & ok[p, jj]
        hands.append(cand[keep])
        pairs.append(np.full(int(keep.sum()), p, dtype=np.int64))
    return np.concatenate(hands), np.concatenate(pairs)


@lru_cache(maxsize=1)
def tables() -> Tables:
    hands, pairs = _rows(valid_only=True)
    keys = hand_keys(hands, HAND)
    order = np.argsort(keys, kind="stable")
    keys, hands, pairs = keys[order], hands[order], pairs[order]
    first = np.concatenate(([True], keys[1:] != keys[:-1]))
    starts = np.nonzero(first)[0]
    waits = np.bitwise_or.reduceat(np.int64(1) << pairs, starts)
    splits = np.diff(np.append(starts, len(keys))).astype(np.int16)
    text = tuple(" ".join(KOWAH.faces[f].text for f in range(NF) if int(w) >> f & 1)
                 for w in waits)
    shaped, _ = _rows(valid_only=False)
    return Tables(keys[starts], hands[starts], waits, splits, text,
                  np.unique(hand_keys(shaped, HAND)))


def _find(sorted_keys: Array, keys: Array) -> tuple[Array, Array]:
    at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
    return sorted_keys[at] == keys, at


@dataclass(frozen=True)
class Verdicts:
    """The readiness of n hands, as columns. Row i is what check_ready answers for hand i
    (without the distance and the unseen counts)."""

    ready: Array  # bool
    splits: Array  # int16: how many splits (0 when not ready)
    waits: Array  # int64 bit mask of the waiting faces, in KOWAH's face order
    why: Array  # int8: index into NOT_READY
    table_row: Array  # int64: the ready hand's row in tables(), -1 when not ready
    distance: Array | None = None  # int8 exchanges to ready (distance_many), if asked

    def __len__(self) -> int:
        return len(self.ready)

    def wait_text(self, i: int) -> str:
        """The waits in notation, one card each, space-separated ("" when not ready)."""
        r = int(self.table_row[i])
        return tables().wait_text[r] if r >= 0 else ""

    def wait_texts(self, keep: Array | None = None) -> list[str]:
        """wait_text of every hand ("" where `keep` is False)."""
        rows = self.table_row if keep is None else np.where(keep, self.table_row, -1)
        return np.take(_wait_text_array(), rows).tolist()  # type: ignore[no-any-return]

    def violation_pairs(self, keep: Array | None = None) -> tuple[list[int], list[str]]:
        """Every (hand, rule id) the hands that are not ready break, hands in order."""
        why = self.why if keep is None else np.where(keep, self.why, READY)
        lengths = _RULE_COUNTS[why]
        hands = np.repeat(np.arange(len(why)), lengths)
        first = np.repeat(np.cumsum(lengths) - lengths, lengths)
        rules = _RULE_TABLE[why[hands], np.arange(len(hands)) - first]
        return hands.tolist(), rules.tolist()

    def row(self, i: int) -> dict[str, Any]:
        text = self.wait_text(i)
        out = {"ready": bool(self.ready[i]), "waits": text.split() if text else [],
               "split_count": int(self.splits[i]), "rules": list(NOT_READY[int(self.why[i])])}
        if self.distance is not None:
            out["distance"] = int(self.distance[i])
        return out


_RULE_COUNTS = np.array([len(r) for r in NOT_READY])
_RULE_TABLE = np.array([list(r) + [""] * (2 - len(r)) for r in NOT_READY], dtype=object)


@lru_cache(maxsize=1)
def _wait_text_array() -> Array:
    """Every ready hand's waits in notation, then "" (row -1: not ready)."""
    return np.array(tables().wait_text + ("",), dtype=object)


def ready_many(counts: Array) -> Array:
    """Readiness alone: bool per eight-card hand."""
    found, _ = _find(tables().ready_keys, hand_keys(np.asarray(counts), HAND))
    return found


def check_many(counts: Array, *, distance: bool = False) -> Verdicts:
    """Readiness, waits and splits of every eight-card hand (rows of exactly eight cards),
    and with `distance` the exchanges to ready (no card seen)."""
    t = tables()
    h = np.asarray(counts, dtype=np.int8)
    keys = hand_keys(h, HAND)
    ready, at = _find(t.ready_keys, keys)
    shaped, _ = _find(t.shaped_keys, keys)
    has_pair = (h >= 2).any(axis=1)
    why = np.where(ready, READY, np.where(~has_pair, NO_PAIR,
                                          np.where(shaped, BREAKS_221, NO_SHAPE)))
    return Verdicts(ready, np.where(ready, t.splits[at], 0).astype(np.int16),
                    np.where(ready, t.waits[at], 0), why.astype(np.int8),
                    np.where(ready, at, -1), distance_many(h, ready) if distance else None)


# -- the distance to ready ------------------------------------------------------------------
_BINOMIAL = np.array([[comb(b, i) for i in range(HAND + 1)] for b in range(NF + HAND)],
                     dtype=np.int32)


def _faces(counts: Array) -> Array:
    """Each row's face indices, ascending (rows of equal size)."""
    n, nf = counts.shape
    size = int(counts[0].sum()) if n else 0
    return np.repeat(np.tile(np.arange(nf, dtype=np.int32), n),
                     counts.ravel().astype(np.int64)).reshape(n, size)


@lru_cache(maxsize=None)
def _combos(width: int, k: int) -> Array:
    return np.array(list(combinations(range(width), k)), dtype=np.intp).reshape(-1, k)


def _ranks(faces: Array, k: int) -> Array:
    """The rank of every k-card part of each row of ascending faces: (rows, C(width, k))."""
    combos = _combos(faces.shape[1], k)
    rank = np.zeros((len(faces), len(combos)), dtype=np.int32)
    for j in range(k):  # the j-th smallest card of a part adds C(face + j, j + 1)
        term = np.take(_BINOMIAL[:, j + 1], faces + j)
        rank += term[:, combos[:, j]]
    return rank


def _inside(faces: Array, k: int) -> Array:
    """Whether each k-card multiset (by rank) lies inside one of the rows `faces`."""
    table = np.zeros(comb(NF + k - 1, k), dtype=bool)
    for start in range(0, len(faces), 20_000):
        table[_ranks(faces[start:start + 20_000], k).ravel()] = True
    return table


@dataclass(frozen=True)
class Distances:
    inside7: Array  # bool by the rank of a 7-card multiset: inside a ready hand
    most6: Array  # int8 by the rank of a 6-card multiset: most cards inside a ready hand


@lru_cache(maxsize=1)
def distance_tables() -> Distances:
    ready = _faces(tables().ready_counts)
    inside = {k: _inside(ready, k) for k in (7, 6, 5, 4)}
    five = np.array(list(combinations_with_replacement(range(NF), 5)), dtype=np.int32)
    # At most how many cards of each 5-card multiset: 5, 4, else 3 (every 3 fit in one).
    most5 = np.where(inside[5][_ranks(five, 5)[:, 0]], 5,
                     np.where(inside[4][_ranks(five, 4)].any(axis=1), 4, 3)).astype(np.int8)
    # A 6-card multiset not inside a ready hand keeps what its best 5-card part keeps: give
    # each 5-card multiset plus each face that part's value, larger values written last.
    face = np.arange(NF, dtype=np.int32)
    at = np.zeros((len(five), NF), dtype=np.int32)  # where the added face goes, per (row, face)
    for k in range(5):
        at += five[:, k, None] <= face
    j = np.arange(5, dtype=np.int32)
    before = np.take(_BINOMIAL, (five + j) * (HAND + 1) + j + 1)
    after = np.take(_BINOMIAL, (five + j + 1) * (HAND + 1) + j + 2)
    zero = np.zeros((len(five), 1), np.int32)
    prefix = np.concatenate((zero, before.cumsum(axis=1, dtype=np.int32)), 1).ravel()
    suffix = np.concatenate((after[:, ::-1].cumsum(axis=1, dtype=np.int32)[:, ::-1], zero),
                            1).ravel()
    flat = at + (np.arange(len(five), dtype=np.int32) * 6)[:, None]
    six = (np.take(prefix, flat) + np.take(suffix, flat)
           + np.take(_BINOMIAL, (face + at) * (HAND + 1) + at + 1))
    most6 = np.zeros(comb(NF + 5, 6), dtype=np.int8)
    for value in (3, 4, 5):
        most6[six[most5 == value].ravel()] = value
    most6[inside[6]] = 6
    return Distances(inside[7], most6)


def distance_many(counts: Array, ready: Array | None = None) -> Array:
    """Exchanges to a ready hand of every eight-card hand when no card is seen (KW-R4,
    KW-R5): 0 when ready, at most 5."""
    h = np.asarray(counts, dtype=np.int8)
    if ready is None:
        ready = ready_many(h)
    if not len(h):
        return np.zeros(0, dtype=np.int8)
    d = distance_tables()
    faces = _faces(h)
    one = d.inside7[_ranks(faces, 7)].any(axis=1)
    far = HAND - d.most6[_ranks(faces, 6)].max(axis=1)
    return np.where(ready, 0, np.where(one, 1, far)).astype(np.int8)


@dataclass(frozen=True)
class TextBatch:
    """Hands given as notation text: counts, verdicts and input errors (a hand with an
    error has a zero row and its verdict row means nothing)."""

    counts: Array
    verdicts: Verdicts
    errors: dict[int, InvalidInput]


def check_texts(hands: Sequence[str], *, distance: bool = False) -> TextBatch:
    """Parse, validate and check many hands (with `distance`, also the exchanges to ready);
    a hand that is bad input gets the error check.check_text would raise for it, the
    others are answered."""
    counts, errors = parse_many(KOWAH, hands)
    for i in np.nonzero(counts.sum(axis=1) != HAND)[0].tolist():
        if i in errors:
            continue
        try:
            parse_hand(hands[i])
        except InvalidInput as err:
            errors[i] = err
        counts[i] = 0
    for i in errors:  # a zero row cannot be keyed: answer an 8-card stand-in, ignored
        counts[i, 0] = HAND // 2
        counts[i, 1] = HAND // 2
    return TextBatch(counts, check_many(counts, distance=distance), errors)
