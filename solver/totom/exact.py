"""The exact twins of the Tổ Tôm CP-SAT models (model.py): plain Python, much faster, the
oracles of the differential tests and the fast path on hot loops.

* `partition_exact`: the most pairs allowed by TT-W1–W3, by a direct count argument.
* `distance_exact`: the fewest cards to add for a winning twenty, by dynamic programming
  rank by rank.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.rules import CHI_CHI
from moneycards.solver.totom.shapes import (HAND, MIN_CHAN, Counts, Holding, Partition,
                                            canonical_partition)


def partition_exact(counts: Counts) -> Partition:
    """Exact partition by counting (oracle and fast path): TT-W3 fixes the Chắn, and each
    rank's cards outside them give ⌊odd faces / 2⌋ Cạ (canonical_partition)."""
    return canonical_partition(counts)


@lru_cache(maxsize=100_000)
def _rank_options(held: tuple[int, ...], lo: tuple[int, ...], hi: tuple[int, ...],
                  ca_ok: tuple[bool, ...]) -> tuple[tuple[int, int, int], ...]:
    """For one rank's faces: every reachable (cards, chan) with the fewest adds."""
    best: dict[tuple[int, int], int] = {}
    for ts in product(*[range(a, b + 1) for a, b in zip(lo, hi)]):
        odd = [k for k, t in enumerate(ts) if t % 2]
        if len(odd) not in (0, 2) or any(not ca_ok[k] for k in odd):
            continue
        key = (sum(ts), sum(t // 2 for t in ts))
        adds = sum(max(0, t - h) for t, h in zip(ts, held))
        if adds < best.get(key, 99):
            best[key] = adds
    return tuple((c, ch, a) for (c, ch), a in best.items())


def _rank_groups() -> tuple[tuple[int, ...], ...]:
    """The faces of each rank, Chi chi alone (it pairs only with itself, TT-D3)."""
    groups: dict[str | int, list[int]] = {}
    for i, f in enumerate(TOTOM.faces):
        groups.setdefault("h" if f == CHI_CHI else f.rank, []).append(i)
    return tuple(tuple(g) for g in groups.values())


RANK_GROUPS = _rank_groups()


def distance_exact(h: Holding) -> int | None:
    """The same minimum by dynamic programming over ranks (cards, Chắn capped at six)."""
    states = {(0, 0): 0}
    for idxs in RANK_GROUPS:
        lo = tuple(h.exposed[i] for i in idxs)
        hi = tuple(h.cap[i] for i in idxs)
        if any(a > b for a, b in zip(lo, hi)):
            return None
        options = _rank_options(tuple(h.held[i] for i in idxs), lo, hi,
                                tuple(h.ca_ok[i] for i in idxs))
        nxt: dict[tuple[int, int], int] = {}
        for (cards, chan), adds in states.items():
            for c, ch, a in options:
                n = cards + c
                if n > HAND:
                    continue
                k = (n, chan + ch if chan + ch < MIN_CHAN else MIN_CHAN)
                if adds + a < nxt.get(k, 99):
                    nxt[k] = adds + a
        states = nxt
    return states.get((HAND, MIN_CHAN))
