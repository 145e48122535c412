"""CP-SAT models for Kowah: every split of a ready hand, and the distance to ready.

Both models share one shape: an integer per triplet type (0–2 copies, two in all), a
boolean per pair type (exactly one), KW-R5 as "pair p excludes triplet types that break
2-2-1 with it". They are built once; per call only the bounds of the count variables move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from moneycards.solver.cards import KOWAH, Face
from moneycards.solver.cpsat import PerThread, ReusableModel, cp_model
from moneycards.solver.errors import SolveLimit
from moneycards.solver.kowah.shapes import PAIRS, TRIPLETS, Split, Triplet, make_split, two_two_one


class _ShapeModel(ReusableModel):
    """Two triplets and a pair forming the target count vector `target`."""

    def __init__(self) -> None:
        super().__init__(time_limit_s=10.0)
        m = self.model
        self.trip = [m.new_int_var(0, 2, f"trip_{t.text}") for t in TRIPLETS]
        self.pair = [m.new_bool_var(f"pair_{p}") for p in PAIRS]
        m.add(sum(self.trip) == 2)  # KW-R4: two triplets …
        m.add(sum(self.pair) == 1)  # … and one identical pair (KW-R3)
        self.target: list[Any] = []
        for f in KOWAH.faces:
            uses = [t.faces.count(f) * v for t, v in zip(TRIPLETS, self.trip) if f in t.faces]
            p = self.pair[PAIRS.index(f)]
            self.target.append(sum(uses) + 2 * p)
        # KW-R5 (and R-one-triplet-rule): a pair excludes every same-rank triplet type
        # that would not make the five cards 2-2-1.
        for p, pv in zip(PAIRS, self.pair):
            for t, tv in zip(TRIPLETS, self.trip):
                if not two_two_one(p, t):
                    m.add(2 * pv + tv <= 2)

    def split_of_solution(self, x: Sequence[int]) -> Split:
        """The split of a solution vector `x` (indexed by variable index)."""
        if not hasattr(self, "_trip_index"):
            self._trip_index = [(t, v.index) for t, v in zip(TRIPLETS, self.trip)]
            self._pair_index = [(p, v.index) for p, v in zip(PAIRS, self.pair)]
        trips: list[Triplet] = []
        for t, i in self._trip_index:
            if x[i]:
                trips.extend([t] * int(x[i]))
        pair = next(p for p, i in self._pair_index if x[i])
        return make_split(trips, pair)


class SplitsModel(_ShapeModel):
    """Enumerate every split of exactly these eight cards."""

    def __init__(self) -> None:
        super().__init__()
        self.held = [self.model.new_int_var(0, KOWAH.copies, f"held_{f}") for f in KOWAH.faces]
        for expr, h in zip(self.target, self.held):
            self.model.add(expr == h)
        params = self.solver.parameters
        params.enumerate_all_solutions = True
        # Measured: without presolve, LP relaxation and symmetry detection an enumeration
        # takes about two thirds of the time, with the same splits (differential tests).
        params.cp_model_presolve = False
        params.linearization_level = 0
        params.symmetry_level = 0

    def splits(self, counts: Sequence[int]) -> list[Split]:
        for var, n in zip(self.held, counts):
            self.fix(var, n)
        found: list[Split] = []
        model = self

        class Collect(cp_model().CpSolverSolutionCallback):  # type: ignore[misc]
            def on_solution_callback(self) -> None:
                x = self.response_proto.solution  # one read, not one call per variable
                found.append(model.split_of_solution(x))

        status = self.solver.solve(self.model, Collect())
        cp = cp_model()
        if status not in (cp.OPTIMAL, cp.FEASIBLE, cp.INFEASIBLE):
            raise SolveLimit(f"the CP-SAT model gave no answer ({self.solver.status_name(status)})")
        return sorted(set(found))


@dataclass(frozen=True)
class Distance:
    """Fewest exchanges to a ready hand, and one target that achieves it."""

    exchanges: int
    discard: tuple[Face, ...]
    draw: tuple[Face, ...]
    target: Split


class DistanceModel(_ShapeModel):
    """Maximise the hand cards kept in a ready target built only from available cards."""

    def __init__(self) -> None:
        super().__init__()
        m = self.model
        self.held = [m.new_int_var(0, KOWAH.copies, f"held_{f}") for f in KOWAH.faces]
        self.cap = [m.new_int_var(0, KOWAH.copies, f"cap_{f}") for f in KOWAH.faces]
        self.keep = [m.new_int_var(0, KOWAH.copies, f"keep_{f}") for f in KOWAH.faces]
        for expr, h, cap, k in zip(self.target, self.held, self.cap, self.keep):
            m.add(expr <= cap)  # held copies plus unseen copies
            m.add(k <= h)
            m.add(k <= expr)
        m.maximize(sum(self.keep))
        # Measured: presolve costs ~16 ms of a ~18 ms solve on this tiny model; without
        # it a solve takes ~2 ms with the same optimum (differential tests check it).
        self.solver.parameters.cp_model_presolve = False
        self.solver.parameters.symmetry_level = 0  # measured: a quarter faster, same optimum

    def distance(self, counts: Sequence[int], caps: Sequence[int]) -> Distance | None:
        for var, n in zip(self.held, counts):
            self.fix(var, n)
        for var, n in zip(self.cap, caps):
            self.fix(var, n)
        if not self.solve():
            return None  # no ready hand can be built from what is left
        x = self.solution()
        split = self.split_of_solution(x)
        target = split.counts()
        discard = KOWAH.faces_of([max(0, h - t) for h, t in zip(counts, target)])
        draw = KOWAH.faces_of([max(0, t - h) for h, t in zip(counts, target)])
        return Distance(len(draw), tuple(discard), tuple(draw), split)


_splits = PerThread(SplitsModel)
_distance = PerThread(DistanceModel)


def splits_cpsat(counts: Sequence[int]) -> list[Split]:
    return _splits.get().splits(counts)


def distance_cpsat(counts: Sequence[int], caps: Sequence[int]) -> Distance | None:
    """caps[f]: the most copies of face f a target may hold (held + unseen)."""
    return _distance.get().distance(counts, caps)
