"""CP-SAT models for Kowah: every split of a ready hand, and the distance to ready.

Both models share one shape: an integer per triplet type (0–2 copies, two in all), a
boolean per pair type (exactly one), KW-R5 as "pair p excludes triplet types that break
2-2-1 with it". They are built once; per call only the bounds of the count variables move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.cpsat import PerThread, ReusableModel, cp_model
from moneycards.solver.errors import SolveLimit
from moneycards.solver.kowah.shapes import PAIRS, TRIPLETS, Split, Triplet, make_split, two_two_one


# Per face: the triplet types whose lowest face it is, each with its (face index, copies of
# that face in it); a type is possible only when its lowest face is held.
_TRIPLETS_FROM: list[list[tuple[int, tuple[tuple[int, int], ...]]]] = [[] for _ in KOWAH.faces]
for _k, _t in enumerate(TRIPLETS):
    _uses = tuple((KOWAH.index(f), _t.faces.count(f)) for f in sorted(set(_t.faces)))
    _TRIPLETS_FROM[_uses[0][0]].append((_k, _uses))
_PAIR_INDEX = tuple(KOWAH.index(p) for p in PAIRS)


def _triplet_uppers(counts: Sequence[int]) -> list[int]:
    """The most copies (0-2) of each triplet type that `counts` can supply."""
    out = [0] * len(TRIPLETS)
    for i, n in enumerate(counts):
        if n:
            for k, uses in _TRIPLETS_FROM[i]:
                most = 2
                for j, copies in uses:
                    if counts[j] // copies < most:
                        most = counts[j] // copies
                out[k] = most
    return out


class _ShapeModel(ReusableModel):
    """Two triplets and a pair forming the target count vector `target`."""

    def __init__(self) -> None:
        super().__init__(time_limit_s=10.0)
        m = self.model
        self.trip = [m.new_int_var(0, 2, f"trip_{t.text}") for t in TRIPLETS]
        self.pair = [m.new_bool_var(f"pair_{p}") for p in PAIRS]
        # split_of_solution reads the triplet counts and then the pair booleans by position.
        assert [v.index for v in self.trip + self.pair] == list(range(len(TRIPLETS) + len(PAIRS)))
        self._trip_bounds = self.upper_bounds(self.trip)  # rewritten by bound_by
        self._pair_bounds = self.upper_bounds(self.pair)
        m.add(sum(self.trip) == 2)  # KW-R4: two triplets …
        m.add(sum(self.pair) == 1)  # … and one identical pair (KW-R3)
        self.target: list[Any] = []
        for f in KOWAH.faces:
            uses = [t.faces.count(f) * v for t, v in zip(TRIPLETS, self.trip) if f in t.faces]
            p = self.pair[PAIRS.index(f)]
            self.target.append(sum(uses) + 2 * p)
        # KW-R5 (and R-one-triplet-rule): a pair excludes every same-rank triplet type
        # that would not make the five cards 2-2-1. One constraint per pair: with the pair
        # the excluded triplets sum to 0; without it the sum is at most the two triplets
        # anyway: 30 constraints instead of 218, a few per cent off every solve (measured).
        for p, pv in zip(PAIRS, self.pair):
            excluded = [tv for t, tv in zip(TRIPLETS, self.trip) if not two_two_one(p, t)]
            if excluded:
                m.add(2 * pv + sum(excluded) <= 2)

    def bound_by(self, counts: Sequence[int]) -> None:
        """Give each triplet type and pair type no more copies than `counts` can supply:
        implied by the count constraints, so every solution stays one, but most types
        are then fixed at zero before the search starts (measured: an enumeration in a
        fraction of the time; the differential tests check the splits)."""
        trips = _triplet_uppers(counts)
        pairs = [1 if counts[i] >= 2 else 0 for i in _PAIR_INDEX]
        self._trip_bounds.set(trips)
        self._pair_bounds.set(pairs)
        # The types a solution can use: the only values split_of_solution needs to read.
        self._live_trips = [k for k, most in enumerate(trips) if most]
        self._live_pairs = [k for k, most in enumerate(pairs) if most]

    def split_of_solution(self, x: Sequence[int]) -> Split:
        """The split of a solution vector `x` (indexed by variable index) of the last solve,
        reading only the types bound_by left possible (each read crosses into C++)."""
        trips: list[Triplet] = [TRIPLETS[k] for k in self._live_trips for _ in range(x[k])]
        nt = len(TRIPLETS)
        pair = next(PAIRS[k] for k in self._live_pairs if x[nt + k])
        return make_split(trips, pair)


class SplitsModel(_ShapeModel):
    """Enumerate every split of exactly these eight cards."""

    def __init__(self) -> None:
        super().__init__()
        self.held = [self.model.new_int_var(0, KOWAH.copies, f"held_{f}") for f in KOWAH.faces]
        for expr, h in zip(self.target, self.held):
            self.model.add(expr == h)
        self._held = self.fixed_values(self.held)
        self._found: list[Split] = []
        self._collect = _collector(self)
        params = self.solver.parameters
        params.enumerate_all_solutions = True
        # Measured: without presolve, LP relaxation and symmetry detection an enumeration
        # takes about two thirds of the time, with the same splits (differential tests).
        params.cp_model_presolve = False
        params.linearization_level = 0
        params.symmetry_level = 0

    def splits(self, counts: Sequence[int]) -> list[Split]:
        self._held.set(counts)
        self.bound_by(counts)
        found: list[Split] = []  # filled by the callback during the solve
        self._found = found
        status = self.solver.solve(self.model, self._collect)
        cp = cp_model()
        if status not in (cp.OPTIMAL, cp.FEASIBLE, cp.INFEASIBLE):
            raise SolveLimit(f"the CP-SAT model gave no answer ({self.solver.status_name(status)})")
        return sorted(set(found))


_collector_type: type | None = None


def _collector(model: SplitsModel) -> Any:
    """A solution callback adding each solution's split to `model._found`; one per model,
    made once (a class made per call cost ~20 µs). Its class is made on first use, since
    cp_model is imported only then."""
    global _collector_type
    if _collector_type is None:
        class Collect(cp_model().CpSolverSolutionCallback):  # type: ignore[misc]
            def __init__(self, model: SplitsModel) -> None:
                super().__init__()
                self._model = model

            def on_solution_callback(self) -> None:
                x = self.response_proto.solution  # one read, not one call per variable
                self._model._found.append(self._model.split_of_solution(x))

        _collector_type = Collect
    return _collector_type(model)


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
        self._held = self.fixed_values(self.held)
        self._cap = self.fixed_values(self.cap)
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
        self._held.set(counts)
        self._cap.set(caps)
        self.bound_by(caps)  # a target uses no more than the available copies
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
