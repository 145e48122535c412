"""The CP-SAT models of Tổ Tôm, built once and re-bounded per call.

* the partition model: a boolean per Cạ candidate, allowed when both faces are odd,
  maximising the Cạ under TT-W1–W3 and TT-D3 (TT-W3 fixes the Chắn); one per process,
  solving the hands of concurrent calls together;
* the distance model: the fewest cards to add for a winning twenty (TT-W1–W4) that keeps
  every exposed card and honours the restrictions binding the seat (TT-C3, TT-C4); one
  per thread.

Their exact twins are in exact.py; the differential tests compare them.
"""

from __future__ import annotations

from typing import Sequence

from moneycards.solver.totom import TOTOM
from moneycards.solver.cpsat import Combiner, PerThread, ReusableModel
from moneycards.solver.totom.rules import CHI_CHI
from moneycards.solver.totom import NF
from moneycards.solver.totom.shapes import (CA_CANDIDATES, HAND, MIN_CHAN, Counts, Distance,
                                            Holding, Partition, canonical_partition)


_CANDIDATES = len(CA_CANDIDATES)


class _PartitionModel(ReusableModel):
    """maximise the Cạ, subject to TT-W1–W3 and TT-D3, for `size` hands at once.

    TT-W3 fixes every face's Chắn count: identical pairs are never split, so a face held n
    times is in n // 2 Chắn and exactly its odd card (n % 2) is outside them. What is left
    to choose is which odd cards pair into Cạ: one boolean per Cạ candidate, allowed (upper
    bound 1, rewritten per call) only when both its faces are odd, and at most one Cạ per
    face (TT-W1, TT-W2; Chi chi has no candidates, TT-D3). The most Cạ leave the fewest cards
    over. The copies for several hands share no variable, so the optimum of their sum is
    each hand's own optimum.

    Measured: one hand solves in half the time of the model that also carried the parities
    as variables (and that one in two thirds of the time of the model with the held counts
    and the Chắn), with the same partitions (differential tests); 8 hands in one solve cost
    about 30 µs a hand instead of 125."""

    def __init__(self, size: int) -> None:
        super().__init__(time_limit_s=5.0)
        m = self.model
        self.ca = [[m.new_bool_var(f"ca{k}_{TOTOM.faces[a]}_{TOTOM.faces[b]}")
                    for a, b in CA_CANDIDATES] for k in range(size)]
        for ca in self.ca:
            for i in range(len(TOTOM.faces)):
                in_ca = [v for v, (a, b) in zip(ca, CA_CANDIDATES) if i in (a, b)]
                if len(in_ca) > 1:
                    m.add_at_most_one(in_ca)
        m.maximize(sum(v for ca in self.ca for v in ca))
        params = self.solver.parameters
        # Measured on this small model: no presolve, no LP relaxation, no symmetry
        # detection, no probing and core-based optimisation answer fastest (and the same);
        # core-based search also keeps a solve of several hands close to linear in them.
        params.cp_model_presolve = False
        params.linearization_level = 0
        params.symmetry_level = 0
        params.cp_model_probing_level = 0
        params.optimize_with_core = True
        self._uppers = [self.upper_bounds(ca) for ca in self.ca]
        assert [v.index for ca in self.ca for v in ca] == list(range(size * _CANDIDATES)), \
            "copy k's Cạ booleans are the variables k·24 … k·24 + 23"

    def partitions(self, hands: Sequence[Counts]) -> list[Partition]:
        allowed: list[list[int]] = []  # per hand, the variables of its allowed Cạ
        for k, bounds in enumerate(self._uppers):  # a copy without a hand allows no Cạ
            counts = hands[k] if k < len(hands) else None
            uppers = [counts[a] & counts[b] & 1 if counts else 0 for a, b in CA_CANDIDATES]
            bounds.set(uppers)
            if counts:
                allowed.append([k * _CANDIDATES + j for j, up in enumerate(uppers) if up])
        if not self.solve():
            raise RuntimeError("partition model infeasible: a model error")
        x = self.solution()  # read only the allowed Cạ: each read crosses into C++
        out = []
        for counts, chosen_vars in zip(hands, allowed):
            chosen = sum([x[i] for i in chosen_vars])
            part = canonical_partition(counts)
            if part.ca_count != chosen:
                raise RuntimeError("partition model not optimal: a model error")
            out.append(part)
        return out


_MOST_HANDS = 16  # per solve: beyond it a hand costs little less (measured 23 µs vs 31 at 8)
_SIZES = (1, 2, 4, 8, _MOST_HANDS)  # models built, each on first use; the smallest that fits
_partition_by_size: dict[int, _PartitionModel] = {}


def _partitions(hands: Sequence[Counts]) -> list[Partition]:
    """Partitions of up to _MOST_HANDS hands in one solve (called by one thread at a time:
    the Combiner's leader)."""
    size = next(n for n in _SIZES if n >= len(hands))
    model = _partition_by_size.get(size)
    if model is None:
        model = _partition_by_size[size] = _PartitionModel(size)
    return model.partitions(hands)


_partition_combiner: Combiner[Counts, Partition] = Combiner(_partitions, _MOST_HANDS)


def partitions_cpsat(hands: Sequence[Counts]) -> list[Partition]:
    """Partitions of several hands, up to 16 in each solve (shared with concurrent calls
    like any other request)."""
    return _partition_combiner.many(hands)


def partition_cpsat(counts: Counts) -> Partition:
    """Partition by the CP-SAT model. Hands asked for by several threads at once (a server's
    calls) are solved together, each answered as it would be alone."""
    return _partition_combiner(counts)


class _DistanceModel(ReusableModel):
    """t_f = 2·chan_f + odd_f; in each rank the odd faces pair up as one Cạ (0 or 2 odd
    faces), Chi chi never odd (TT-D3). Parity variables instead of one boolean per Cạ
    candidate keep the search small (measured: ~1 ms a solve instead of ~15 ms)."""

    def __init__(self) -> None:
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


_distance_models = PerThread(_DistanceModel)


def distance_cpsat(h: Holding) -> Distance | None:
    """Fewest cards to add for a winning twenty (None: no win can be built)."""
    return _distance_models.get().solve_for(h)
