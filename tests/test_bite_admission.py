"""Admission at its edges: a call that cannot start in time is refused at once (the gate
knows the calls' typical duration, which the interceptor teaches it), a reused call slot
starts uncancelled, and `serve --max-waiting` reaches the server's limits."""

from __future__ import annotations

import threading
import time
import types

import grpc
import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.server import interceptors, workers
from moneycards.server.interceptors import GuardInterceptor
from moneycards.server.limits import Gate, Limits
from moneycards.server.workers import ChildContext, SolverPool

METHOD = "/moneycards.v1.KowahService/CheckWin"


# -- the gate --------------------------------------------------------------------------------
def test_a_lone_call_the_running_ones_would_keep_past_its_deadline_is_refused_at_once():
    """No other call waits, but the running one typically takes 10 s: a call that may wait
    4 s is refused now rather than after waiting 4 s in vain."""
    gate = Gate(limit=1, queue=4)
    assert gate.enter()
    gate.leave(10.0)  # teaches the typical duration
    assert gate.typical_s == 10.0
    assert gate.enter()  # the one slot is taken again
    try:
        started = time.monotonic()
        assert gate.enter(4.0) is False
        assert time.monotonic() - started < 2.0
        assert gate.waiting == 0
    finally:
        gate.leave()


# -- the interceptor -------------------------------------------------------------------------
class Aborted(Exception):
    pass


class FakeContext:
    """The servicer context a guarded handler sees: a deadline, and aborts that raise."""

    def __init__(self, time_remaining: float | None = None):
        self._remaining = time_remaining
        self.code = None

    def time_remaining(self):
        return self._remaining

    def is_active(self):
        return True

    def abort_with_status(self, status):
        self.code = status.code
        raise Aborted(status.code)

    def abort(self, code, details):
        self.code = code
        raise Aborted(code)


class Clock:
    """perf_counter for the interceptor, moved on by the handler: a call 'takes' 10 s at
    once, so no test waits for a slow call."""

    def __init__(self):
        self.now = 1000.0

    def perf_counter(self):
        return self.now


def guarded_handler(interceptor: GuardInterceptor, behaviour):
    def continuation(details):
        return grpc.unary_unary_rpc_method_handler(behaviour)

    handler = interceptor.intercept_service(continuation, types.SimpleNamespace(method=METHOD))
    return handler.unary_unary


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(interceptors, "time",
                        types.SimpleNamespace(perf_counter=c.perf_counter,
                                              monotonic=time.monotonic))
    return c


def test_the_interceptor_teaches_the_gate_how_long_calls_take(clock):
    """Each finished call's duration reaches the gate as its typical duration."""
    guard = GuardInterceptor(Limits(max_concurrent=1, queue=4))

    def slow(request, context):
        clock.now += 10.0
        return "done"

    call = guarded_handler(guard, slow)
    assert call(b"", FakeContext()) == "done"
    assert guard.gate.typical_s == pytest.approx(10.0)
    assert guard.gate.running == 0


def test_after_slow_calls_a_call_that_cannot_start_before_its_deadline_is_refused_at_once(
        clock):
    """Calls take 10 s; with the one slot busy, a call with a 4 s deadline is refused with
    RESOURCE_EXHAUSTED at once, not after waiting out its deadline."""
    guard = GuardInterceptor(Limits(max_concurrent=1, queue=4))
    release, holding = threading.Event(), threading.Event()

    def handler(request, context):
        if request == b"hold":
            holding.set()
            assert release.wait(30)
        else:
            clock.now += 10.0
        return "done"

    call = guarded_handler(guard, handler)
    assert call(b"slow", FakeContext()) == "done"
    holder = threading.Thread(target=call, args=(b"hold", FakeContext()), daemon=True)
    holder.start()
    try:
        assert holding.wait(30)
        ctx = FakeContext(time_remaining=4.0)
        started = time.monotonic()
        with pytest.raises(Aborted):
            call(b"late", ctx)
        assert time.monotonic() - started < 2.0
        assert ctx.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    finally:
        release.set()
        holder.join(30)


# -- call slots in the worker pool -----------------------------------------------------------
def test_a_reused_call_slot_starts_without_the_cancellation_of_its_last_call(monkeypatch):
    """A slot whose last client left is handed out cleared: the next call is not cancelled."""
    pool = SolverPool(1, slots=1)  # one slot: the next call gets the same one
    try:
        monkeypatch.setattr(workers, "_cancelled", pool.flags)  # as a worker sees them
        first = pool.slot()
        pool.cancel(first)
        assert ChildContext(time.time() + 60, Limits(), slot=first).cancelled()
        pool.release(first)
        again = pool.slot()
        assert again == first
        assert not ChildContext(time.time() + 60, Limits(), slot=again).cancelled()
    finally:
        pool.kill()


# -- serve --max-waiting ---------------------------------------------------------------------
@pytest.mark.parametrize("waiting", [0, 3])
def test_serve_max_waiting_reaches_the_servers_limits(monkeypatch, waiting):
    """`serve --max-waiting N` starts the server with N calls allowed to wait."""
    from moneycards.server import app

    monkeypatch.setenv("GRPC_VERBOSITY", "NONE")  # serve sets it; keep it to this test
    monkeypatch.delenv("MONEYCARDS_OPERATOR_TOKEN", raising=False)
    seen = []

    def started(host, port, workers, limits=None, *args, **kwargs):
        seen.append(limits)

    monkeypatch.setattr(app, "serve_forever", started)
    r = CliRunner().invoke(cli, ["serve", "--port", "0", "--processes", "1", "--db",
                                 ":memory:", "--no-web", "--max-waiting", str(waiting)],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert len(seen) == 1
    assert seen[0].queue == waiting and seen[0].max_waiting == waiting
