"""The exact twins of the Kowah CP-SAT models (model.py): every split by exact search, and
the distance to ready by brute force over every ready eight-card hand (the oracles).

All ready hands (two triplets and a pair satisfying KW-R5, at most four copies of a face)
are enumerated once — 100,416 distinct count vectors — and stored as eight card
slots each: (face, copy number). For a hand, a target slot is kept when the hand holds that
copy, and a target is reachable when every slot's copy is held or still unseen. The
distance is eight minus the most slots any reachable target keeps.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.shapes import PAIRS, TRIPLETS, Split, structural_splits, two_two_one
from moneycards.solver.kowah import NF



@lru_cache(maxsize=1)
def triplet_pairs() -> tuple[Any, Any, Any, Any]:
    """Every unordered pair of triplet types as one count vector (`two`), the indices of
    its two triplets (`ii`, `jj`), and `ok[p, t]`: KW-R5 lets pair face p stand beside
    triplet t. The ready hands (here and in batch.py) are these plus a pair."""
    import numpy as np

    tvec = np.zeros((len(TRIPLETS), NF), dtype=np.int8)
    for i, t in enumerate(TRIPLETS):
        for face in t.faces:
            tvec[i, KOWAH.index(face)] += 1
    ii, jj = np.triu_indices(len(TRIPLETS))
    ok = np.array([[two_two_one(p, t) for t in TRIPLETS] for p in PAIRS])
    return tvec[ii] + tvec[jj], ii, jj, ok


@lru_cache(maxsize=1)
def ready_slots() -> tuple[Any, Any]:
    import numpy as np

    two, ii, jj, ok = triplet_pairs()
    rows = []
    for p in range(len(PAIRS)):
        keep = ok[p, ii] & ok[p, jj]
        cand = two[keep].copy()
        cand[:, p] += 2
        rows.append(cand[(cand <= KOWAH.copies).all(axis=1)])
    targets = np.unique(np.concatenate(rows), axis=0)
    # Eight slots per target: slot k holds (face, copy number of that face).
    faces = np.repeat(np.arange(NF)[None, :], len(targets), axis=0)
    slot_face = np.zeros((len(targets), 8), dtype=np.int64)
    slot_copy = np.zeros((len(targets), 8), dtype=np.int64)
    for r, row in enumerate(targets):
        k = 0
        for f in np.nonzero(row)[0]:
            for c in range(row[f]):
                slot_face[r, k], slot_copy[r, k] = f, c
                k += 1
    del faces
    # One small lookup table per hand answers every slot: key = face * 5 + copy number.
    return targets, slot_face * (KOWAH.copies + 1) + slot_copy


def distance_exact(counts: Sequence[int], caps: Sequence[int]) -> int | None:
    """Fewest exchanges to a ready hand using only held or unseen copies (None: none)."""
    import numpy as np

    _, slot_key = ready_slots()
    copy = np.arange(KOWAH.copies + 1)
    held = (copy[None, :] < np.asarray(counts)[:, None]).ravel()  # key -> copy is held
    free = (copy[None, :] < np.asarray(caps)[:, None]).ravel()  # key -> held or unseen
    reachable = free[slot_key].all(axis=1)
    if not reachable.any():
        return None
    kept = held[slot_key].sum(axis=1, dtype=np.int8)
    return 8 - int(kept[reachable].max())


@lru_cache(maxsize=1)
def ready_pairs() -> dict[bytes, tuple[int, ...]]:
    """Every ready eight-card hand (KW-R4, KW-R5) as its count bytes -> the faces of the
    pairs it may show (built once from the exact twin's enumeration): the table form of
    legal.shown_pairs."""
    two, ii, jj, ok = triplet_pairs()
    out: dict[bytes, set[int]] = {}
    for p in range(NF):
        keep = ok[p, ii] & ok[p, jj]
        cand = two[keep].copy()
        cand[:, p] += 2
        for row in cand[(cand <= KOWAH.copies).all(axis=1)]:
            out.setdefault(row.astype("uint8").tobytes(), set()).add(p)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def splits_exact(counts: Sequence[int]) -> list[Split]:
    """Every valid split (KW-R4, KW-R5) by exact search: the oracle."""
    return [s for s in structural_splits(counts) if s.valid()]
