"""What one call may cost: hint budgets, the concurrency limit, the shutdown grace.

A hint runs for min(its budget_ms, the time left before the client's deadline, the server
cap) and stops early when the call is cancelled. At most `max_concurrent` solver calls run
at once; a call beyond that is shed at once with RESOURCE_EXHAUSTED instead of queueing,
and the thread pool keeps `RESERVED_THREADS` more threads so health checks and reflection
always find one free.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from moneycards.solver.errors import InvalidInput

RESERVED_THREADS = 2  # health and reflection never wait behind the solvers
DEADLINE_MARGIN_S = 0.05  # leave time to send the answer before the client gives up


@dataclass(frozen=True)
class Limits:
    hint_cap_ms: int = 2000  # no hint runs longer, whatever it asks for
    max_concurrent: int = 8  # solver calls running at once; more are shed
    grace_s: float = 5.0  # in-flight calls get this long after SIGTERM
    max_watches: int = 16  # TableService.Watch streams open at once, each on its own thread

    def __post_init__(self):
        if self.hint_cap_ms < 1:
            raise InvalidInput("the hint cap is at least 1 ms", field="--hint-cap-ms")
        if self.max_concurrent < 1:
            raise InvalidInput("at least one concurrent call", field="--max-calls")
        if not 0 <= self.max_watches <= 10_000:
            raise InvalidInput("0-10000 watch streams", field="--max-watches")
        if not 0 <= self.grace_s <= 3600:
            raise InvalidInput("the grace is 0-3600 seconds", field="--grace")


def hint_budget_ms(requested: float, game: str, limits: Limits,
                   time_remaining: float | None) -> float:
    """The budget a hint runs with: never more than the cap or the client's deadline."""
    if requested < 0:
        raise InvalidInput("budget_ms is 0 (the default) or a positive number of "
                           "milliseconds", field="budget_ms")
    from moneycards.solver.games import spec

    budget = float(min(requested or spec(game).hint_budget_ms, limits.hint_cap_ms))
    if time_remaining is not None:
        budget = min(budget, max(0.0, time_remaining - DEADLINE_MARGIN_S) * 1000)
    return max(budget, 0.0)


class Gate:
    """A non-blocking counting semaphore: enter() is False when the limit is reached."""

    def __init__(self, limit: int):
        self.limit = limit
        self.running = 0
        self._lock = threading.Lock()

    def enter(self) -> bool:
        with self._lock:
            if self.running >= self.limit:
                return False
            self.running += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.running -= 1
