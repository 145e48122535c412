"""Distance to a winning Tổ Tôm hand: how many more cards a seat needs (hint engine).

A seat holds concealed cards and exposed pairs (fixed). A target is a winning twenty
(TT-W1–W4: ten pairs, at least six Chắn, TT-W3 counting) that keeps every exposed card and
adds only faces still unseen by the seat and not barred to it: a face it discarded or used
in a Cạ may not be captured again (TT-C4), and a face whose Chắn it declined may not go in a
Cạ (TT-C3). The distance is the fewest cards to add; each one is a capture or the winning
card.

* `distance_cpsat`: a CP-SAT model, built once per thread, re-bounded per call.
* `distance_exact`: dynamic programming rank by rank (the oracle of the differential tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Sequence

from moneycards.solver.cards import TOTOM, Face
from moneycards.solver.cpsat import PerThread, ReusableModel
from moneycards.solver.totom.rules import CHI_CHI

NF = len(TOTOM.faces)
MIN_CHAN = 6
HAND = 20


@dataclass(frozen=True)
class Holding:
    """What the distance depends on, per face: held (concealed + exposed), exposed, the
    most copies the target may have, and whether the face may sit in a Cạ."""

    held: tuple[int, ...]
    exposed: tuple[int, ...]
    cap: tuple[int, ...]
    ca_ok: tuple[bool, ...]


def holding(concealed: Sequence[int], exposed: Sequence[int], unseen: Sequence[int],
            barred: set[Face] = frozenset(), no_ca: set[Face] = frozenset()) -> Holding:
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


class _DistanceModel(ReusableModel):
    """t_f = 2·chan_f + odd_f; in each rank the odd faces pair up as one Cạ (0 or 2 odd
    faces), Chi chi never odd (TT-D3). Parity variables instead of one boolean per Cạ
    candidate keep the search small (measured: ~1 ms a solve instead of ~15 ms)."""

    def __init__(self):
        super().__init__(time_limit_s=5.0)
        m = self.model
        self.t = [m.new_int_var(0, 4, f"t_{f}") for f in TOTOM.faces]
        self.held = [m.new_int_var(0, 4, f"held_{f}") for f in TOTOM.faces]
        self.keep = [m.new_int_var(0, 4, f"keep_{f}") for f in TOTOM.faces]
        self.chan = [m.new_int_var(0, 2, f"chan_{f}") for f in TOTOM.faces]
        self.ca_use = [m.new_int_var(0, 1, f"odd_{f}") for f in TOTOM.faces]
        for i in range(NF):
            m.add(2 * self.chan[i] + self.ca_use[i] == self.t[i])  # all paired, TT-W3
            m.add(self.keep[i] <= self.t[i])  # adds = t - keep
            m.add(self.keep[i] <= self.held[i])
        for rank in range(2, 10):
            idx = [i for i, f in enumerate(TOTOM.faces) if f.rank == rank and f != CHI_CHI]
            ca = m.new_bool_var(f"ca_{rank}")  # TT-W1: one Cạ of this rank, or none
            m.add(sum(self.ca_use[i] for i in idx) == 2 * ca)
        m.add(sum(self.t) == HAND)
        m.add(sum(self.chan) >= MIN_CHAN)
        m.maximize(sum(self.keep))
        self.solver.parameters.cp_model_presolve = False  # measured faster on this model

    def solve_for(self, h: Holding) -> Distance | None:
        for i in range(NF):
            self.fix(self.held[i], h.held[i])
            self.set_bounds(self.t[i], h.exposed[i], h.cap[i])
            self.set_bounds(self.ca_use[i], 0, 1 if h.ca_ok[i] else 0)  # TT-C3, TT-D3
        if not self.solve():
            return None
        target = tuple(self.value(v) for v in self.t)
        need = [f for f, t, n in zip(TOTOM.faces, target, h.held) for _ in range(max(0, t - n))]
        return Distance(len(need), tuple(need), target)


_models = PerThread(_DistanceModel)


def distance_cpsat(h: Holding) -> Distance | None:
    """Fewest cards to add for a winning twenty (None: no win can be built)."""
    return _models.get().solve_for(h)


@lru_cache(maxsize=100_000)
def _rank_options(held: tuple, lo: tuple, hi: tuple, ca_ok: tuple) -> tuple:
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


def distance_exact(h: Holding) -> int | None:
    """The same minimum by dynamic programming over ranks (cards, Chắn capped at six)."""
    groups: dict = {}
    for i, f in enumerate(TOTOM.faces):
        groups.setdefault("h" if f == CHI_CHI else f.rank, []).append(i)
    states = {(0, 0): 0}
    for idxs in groups.values():
        held = tuple(h.held[i] for i in idxs)
        lo = tuple(h.exposed[i] for i in idxs)
        hi = tuple(h.cap[i] for i in idxs)
        ok = tuple(h.ca_ok[i] for i in idxs)
        if any(a > b for a, b in zip(lo, hi)):
            return None
        options = _rank_options(held, lo, hi, ok)
        nxt: dict[tuple[int, int], int] = {}
        for (cards, chan), adds in states.items():
            for c, ch, a in options:
                k = (cards + c, min(MIN_CHAN, chan + ch))
                if k[0] <= HAND and adds + a < nxt.get(k, 99):
                    nxt[k] = adds + a
        states = nxt
    return states.get((HAND, MIN_CHAN))
