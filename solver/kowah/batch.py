"""Kowah readiness for many hands at once (KW-R3–R6): ready or not, the waits, how many
splits, and the rules a hand that is not ready breaks — by table look-up with numpy.

Every split is two triplet types and a pair type, so every ready eight-card hand is one of
the count vectors exact.py enumerates (100,416). They are built once, each with its waits
(the faces of its pairs) and its number of splits, and sorted by an exact key of the hand
(its sorted face indices, five bits each); a batch of hands is then one `searchsorted`.
A second table holds the hands that split into two triplets and a pair when KW-R5 is
ignored: a hand there but not in the first breaks KW-R5, as check.why_not_ready says.
The same answers as check.check_ready hand by hand; the differential tests compare them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from moneycards.solver.batch import hand_keys, parse_many
from moneycards.solver.cards import KOWAH
from moneycards.solver.errors import InvalidInput
from moneycards.solver.kowah.exact import triplet_pairs
from moneycards.solver.kowah.shapes import PAIRS

Array = Any  # numpy arrays; numpy's own types add nothing here

NF = len(KOWAH.faces)
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
        return {"ready": bool(self.ready[i]), "waits": text.split() if text else [],
                "split_count": int(self.splits[i]), "rules": list(NOT_READY[int(self.why[i])])}


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


def check_many(counts: Array) -> Verdicts:
    """Readiness, waits and splits of every eight-card hand (rows of exactly eight cards)."""
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
                    np.where(ready, at, -1))


@dataclass(frozen=True)
class TextBatch:
    """Hands given as notation text: counts, verdicts and input errors (a hand with an
    error has a zero row and its verdict row means nothing)."""

    counts: Array
    verdicts: Verdicts
    errors: dict[int, InvalidInput]


def check_texts(hands: Sequence[str]) -> TextBatch:
    """Parse, validate and check many hands; a hand that is bad input gets the error
    check.check_text would raise for it, the others are answered."""
    from moneycards.solver.kowah.check import parse_hand

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
    return TextBatch(counts, check_many(counts), errors)
