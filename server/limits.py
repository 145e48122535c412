"""What one call may cost: hint budgets, the concurrency limit, the shutdown grace.

A hint runs for min(its budget_ms, the time left before the client's deadline, the server
cap) and stops early when the call is cancelled. At most `max_concurrent` solver calls run
at once; a call beyond that waits for one to finish while its deadline allows (at most
`queue_wait_s` without a deadline), up to `queue` calls waiting, and is shed with
RESOURCE_EXHAUSTED only when it cannot start in time (or the queue is full). The thread
pool has a thread for each running and each waiting call, and `RESERVED_THREADS` more, so
health checks and reflection always find one free.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import spec
from moneycards.solver.tables import check_pace

RESERVED_THREADS = 2  # health and reflection never wait behind the solvers
# The time a hint leaves before its client's deadline to finish and send its answer: a
# tenth of the time left, at least 50 ms and at most 500 ms. A fixed 50 ms was less than a
# cold first search's set-up on a busy machine, so a hint could answer just too late.
DEADLINE_MARGIN_S = 0.05
DEADLINE_MARGIN_SHARE = 0.1
DEADLINE_MARGIN_MAX_S = 0.5
START_MARGIN_S = 0.1  # a waiting call starts only with at least this long left to run


@dataclass(frozen=True)
class Limits:
    hint_cap_ms: int = 2000  # no hint runs longer, whatever it asks for
    max_concurrent: int = 8  # solver calls running at once; more are shed
    grace_s: float = 5.0  # in-flight calls get this long after SIGTERM
    max_watches: int = 16  # TableService.Watch streams open at once, each on its own thread
    queue_wait_s: float = 5.0  # the longest a call without a deadline waits to start
    queue: int | None = None  # calls waiting at once; None: 4 per concurrent call, <= 256
    ai_pace_ms: float = 0.0  # a table's AI replies take at least this long each (Table.advance)
    # open tables one client address may have created (server/tables.py MAX_OPEN_TABLES):
    # behind a proxy every player shares the proxy's address
    max_open_tables: int = 50

    @property
    def max_waiting(self) -> int:
        return self.queue if self.queue is not None else min(4 * self.max_concurrent, 256)

    def __post_init__(self) -> None:
        if self.hint_cap_ms < 1:
            raise InvalidInput("the hint cap is at least 1 ms", field="--hint-cap-ms")
        if self.max_concurrent < 1:
            raise InvalidInput("at least one concurrent call", field="--max-calls")
        if not 0 <= self.max_watches <= 10_000:
            raise InvalidInput("0-10000 watch streams", field="--max-watches")
        if not 1 <= self.max_open_tables <= 1_000_000:
            raise InvalidInput("1-1000000 open tables an address", field="--max-open-tables")
        if not 0 <= self.grace_s <= 3600:
            raise InvalidInput("the grace is 0-3600 seconds", field="--grace")
        if not 0 <= self.queue_wait_s <= 600:
            raise InvalidInput("a call waits 0-600 seconds to start", field="queue_wait_s")
        if self.queue is not None and not 0 <= self.queue <= 10_000:
            raise InvalidInput("0-10000 calls waiting", field="--max-waiting")
        check_pace(self.ai_pace_ms, field="--ai-pace-ms")


def hint_budget_ms(requested: float, game: str, limits: Limits,
                   time_remaining: float | None) -> float:
    """The budget a hint runs with: never more than the cap or the client's deadline."""
    if not requested >= 0:  # NaN too, refused in the same words as a negative budget
        raise InvalidInput("budget_ms is 0 (the default) or a positive number of "
                           f"milliseconds (more than {limits.hint_cap_ms:g} counts as "
                           f"{limits.hint_cap_ms:g}), not {requested:g}", field="budget_ms")

    budget = float(min(requested or spec(game).hint_budget_ms, limits.hint_cap_ms))
    if time_remaining is not None:
        budget = min(budget, max(0.0, time_remaining - answer_margin_s(time_remaining)) * 1000)
    return max(budget, 0.0)


def answer_margin_s(time_remaining: float) -> float:
    """Seconds a hint keeps back from the `time_remaining` before its deadline."""
    return min(DEADLINE_MARGIN_MAX_S,
               max(DEADLINE_MARGIN_S, DEADLINE_MARGIN_SHARE * time_remaining))


class Gate:
    """A counting semaphore for the running calls, with a bounded line of waiting ones:
    enter(wait_s) is True once the call may run, False if it could not start within
    `wait_s` or `queue` calls are waiting already. A call that the line ahead of it would
    keep waiting longer than `wait_s` (as the calls' typical duration tells, kept by
    `leave`) is refused at once instead of waiting in vain."""

    def __init__(self, limit: int, queue: int = 0):
        self.limit = limit
        self.queue = queue
        self.running = 0
        self.waiting = 0
        self.typical_s = 0.0  # a moving average of the calls' durations
        self._cond = threading.Condition(threading.Lock())

    def enter(self, wait_s: float = 0.0) -> bool:
        with self._cond:
            if self.running < self.limit:
                self.running += 1
                return True
            expected = (self.waiting + 1) * self.typical_s / self.limit
            if wait_s <= 0 or self.waiting >= self.queue or expected > wait_s:
                return False
            self.waiting += 1
            try:
                until = time.monotonic() + wait_s
                while self.running >= self.limit:
                    left = until - time.monotonic()
                    if left <= 0:
                        return False
                    self._cond.wait(left)
                self.running += 1
                return True
            finally:
                self.waiting -= 1

    def leave(self, took_s: float | None = None) -> None:
        with self._cond:
            self.running -= 1
            if took_s is not None:
                self.typical_s = took_s if not self.typical_s \
                    else 0.9 * self.typical_s + 0.1 * took_s
            self._cond.notify()

    def wait_to_start(self, limits: Limits, time_remaining: float | None) -> float:
        return wait_to_start(limits, time_remaining, self.typical_s)


def wait_to_start(limits: Limits, time_remaining: float | None, typical_s: float = 0.0
                  ) -> float:
    """How long a call may wait for a running call to finish: while it would still have
    time to run (its deadline less a margin and the calls' typical duration), else
    `queue_wait_s` without a deadline."""
    if time_remaining is None:
        return limits.queue_wait_s
    return max(0.0, time_remaining - START_MARGIN_S - typical_s)
