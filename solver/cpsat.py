"""Shared plumbing for the small CP-SAT models: lazy import, one solver, bound rewriting.

ortools costs ~0.45 s to import, so nothing imports it until a model is first built.
Each model is built once per shape; per call only variable domains are rewritten.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from moneycards.solver.errors import SolveLimit

_cp_model: Any = None

M = TypeVar("M")


def cp_model() -> Any:
    """The `ortools.sat.python.cp_model` module, imported on first use."""
    global _cp_model
    if _cp_model is None:
        from ortools.sat.python import cp_model as module

        _cp_model = module
    return _cp_model


class ReusableModel:
    """A CP-SAT model built once, solved many times with rewritten variable bounds."""

    def __init__(self, time_limit_s: float = 10.0):
        cp = cp_model()
        self.model = cp.CpModel()
        self.solver = cp.CpSolver()
        # Small models: one worker is faster than a portfolio on two cores.
        self.solver.parameters.num_workers = 1
        self.solver.parameters.max_time_in_seconds = time_limit_s
        # CP-SAT would otherwise take over SIGINT for good after its first solve, and a
        # Ctrl-C in the terminal `play` would kill the process instead of saving the deal.
        self.solver.parameters.catch_sigint_signal = False
        self._domains: dict[int, Any] = {}
        self._bounds: dict[int, tuple[int, int]] = {}  # what set_bounds last wrote

    def fix(self, var: Any, value: int) -> None:
        self.set_bounds(var, value, value)

    def set_bounds(self, var: Any, lo: int, hi: int) -> None:
        index = var.index
        if self._bounds.get(index) == (lo, hi):
            return  # as the last call left it: most bounds repeat from call to call
        self._bounds[index] = (lo, hi)
        domain = self._domains.get(index)
        if domain is None:  # kept: finding it again costs more than the write (measured)
            domain = self._domains[index] = self.model.proto.variables[index].domain
        domain[0] = lo
        domain[1] = hi

    def solve(self) -> bool:
        """Solve; True when an optimal (or, without objective, feasible) solution exists."""
        cp = cp_model()
        status = self.solver.solve(self.model)
        if status == cp.OPTIMAL:
            return True
        if status == cp.FEASIBLE:
            if self.model.proto.has_objective():
                raise RuntimeError("CP-SAT stopped before proving optimality (time limit)")
            return True
        if status == cp.INFEASIBLE:
            return False
        raise SolveLimit(f"the CP-SAT model gave no answer ({self.solver.status_name(status)})")

    def value(self, var: Any) -> int:
        return int(self.solver.value(var))

    def solution(self) -> Any:
        """The last solution, indexed by variable index (one call for every value)."""
        return self.solver.response_proto.solution


class PerThread(Generic[M]):
    """One model instance per thread: a model's bounds are rewritten on every call, so two
    threads (gRPC server workers) must never share one."""

    def __init__(self, factory: Callable[[], M]):
        import threading

        self._factory = factory
        self._local = threading.local()

    def get(self) -> M:
        model = getattr(self._local, "model", None)
        if model is None:
            model = self._local.model = self._factory()
        return model
