"""Shared plumbing for the small CP-SAT models: lazy import, one solver, bound rewriting.

ortools costs ~0.45 s to import, so nothing imports it until a model is first built.
Each model is built once per shape; per call only variable domains are rewritten. The
requests of concurrent callers can share one solve (Combiner).
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Generic, Sequence, TypeVar

from moneycards.solver.errors import SolveLimit

_cp_model: Any = None

M = TypeVar("M")
Q = TypeVar("Q")
R = TypeVar("R")


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

    def upper_bounds(self, variables: Sequence[Any]) -> "UpperBounds":
        """A group of variables whose upper bounds are rewritten together (lower bounds stay
        as built); bound them only through the group."""
        return UpperBounds([self.model.proto.variables[v.index].domain for v in variables])

    def fixed_values(self, variables: Sequence[Any]) -> "FixedValues":
        """A group of variables fixed together, each to one value per call; fix them only
        through the group."""
        return FixedValues([self.model.proto.variables[v.index].domain for v in variables])

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


class UpperBounds:
    """The upper bounds of a group of variables, compared with what was last written and
    rewritten in one pass: a call per variable through set_bounds costs three times as
    much on the partition model's 24 variables (measured)."""

    def __init__(self, domains: list[Any]):
        self._domains = domains
        self._last = [int(d[1]) for d in domains]

    def set(self, uppers: list[int]) -> None:
        last = self._last
        if uppers != last:
            for domain, old, new in zip(self._domains, last, uppers):
                if old != new:
                    domain[1] = new
            self._last = uppers


class FixedValues:
    """A group of variables fixed to given values, rewritten in one pass like UpperBounds
    (only the values that changed since the last call are written)."""

    def __init__(self, domains: list[Any]):
        self._domains = domains
        self._last: list[int | None] = [None] * len(domains)

    def set(self, values: Sequence[int]) -> None:
        last = self._last
        for k, (domain, new) in enumerate(zip(self._domains, values)):
            if last[k] != new:
                domain[0] = new
                domain[1] = new
                last[k] = new


class PerThread(Generic[M]):
    """One model instance per thread: a model's bounds are rewritten on every call, so two
    threads (gRPC server workers) must never share one."""

    def __init__(self, factory: Callable[[], M]):
        self._factory = factory
        self._local = threading.local()

    def get(self) -> M:
        model = getattr(self._local, "model", None)
        if model is None:
            model = self._local.model = self._factory()
        return model


class _Waiting:
    """One request in a Combiner: its queries (one, or a caller's group), then their answers
    (or an error), or the lead."""

    __slots__ = ("queries", "results", "error", "lead", "ready")

    def __init__(self, queries: Sequence[Any]):
        self.queries = queries
        self.results: Sequence[Any] = ()
        self.error: BaseException | None = None
        self.lead = False
        # Made only for a request that waits, held until its answer (or the lead) is ready:
        # a bare lock wakes the waiter without the bookkeeping of an Event's Condition.
        self.ready: Any = None


class Combiner(Generic[Q, R]):
    """Solve the requests that arrive while a solve runs together, in the next solve.

    Most of a small CP-SAT solve is its fixed cost (about 0.1 ms), so one model holding
    the independent copies of several requests answers them for little more than one
    (group commit). A request arriving while no solve runs is solved at once, alone: a
    single caller waits no longer than before. Otherwise it joins the queue; when a solve
    ends, its leader answers its batch and hands the lead to the oldest waiting request,
    which solves the next batch (requests in arrival order, up to `most` queries), so no
    caller serves others for long. `solve_many(queries)` must answer each query as it
    would alone. `many(queries)` sends a caller's own group, `most` at a time."""

    def __init__(self, solve_many: Callable[[Sequence[Q]], Sequence[R]], most: int):
        self._solve_many = solve_many
        self._most = most
        self._lock = threading.Lock()
        self._queue: list[_Waiting] = []
        self._busy = False  # a leader is solving, or has been handed the lead

    def __call__(self, query: Q) -> R:
        result: R = self._request([query])[0]
        return result

    def many(self, queries: Sequence[Q]) -> list[R]:
        out: list[R] = []
        for start in range(0, len(queries), self._most):
            out.extend(self._request(queries[start:start + self._most]))
        return out

    def _request(self, queries: Sequence[Q]) -> Sequence[R]:
        me = _Waiting(queries)
        with self._lock:
            self._queue.append(me)
            lead = me.lead = not self._busy
            self._busy = True
            if not lead:
                ready = me.ready = threading.Lock()
                ready.acquire()
        if not lead:
            ready.acquire()  # until _lead releases it, once: for the answer or the lead
            me.ready = None  # awake: a lead taken now is not released again at its end
        if me.lead:
            self._lead()
        if me.error is not None:
            raise me.error
        return me.results

    def _lead(self) -> None:
        with self._lock:  # the oldest requests, as many as fit (the first always does)
            size, taken = 0, 0
            for w in self._queue:
                if taken and size + len(w.queries) > self._most:
                    break
                size += len(w.queries)
                taken += 1
            batch, self._queue = self._queue[:taken], self._queue[taken:]
        try:
            results = self._solve_many([q for w in batch for q in w.queries])
            start = 0
            for w in batch:
                w.results = results[start:start + len(w.queries)]
                start += len(w.queries)
        except BaseException as err:  # every request of the batch fails with it
            for w in batch:
                w.error = err
        with self._lock:
            if self._queue:  # every queued request waits on its lock
                self._queue[0].lead = True
                self._queue[0].ready.release()
            else:
                self._busy = False
        for w in batch:
            w.lead = False
            if w.ready is not None:
                w.ready.release()
