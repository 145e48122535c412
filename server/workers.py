"""Solver calls in worker processes, so the serving process keeps its interpreter lock for
health checks, shedding and I/O however hard the solvers work.

A call travels as bytes: the method path, the serialized request and the absolute deadline;
it comes back as the serialized response, or the status the servicer aborted with, or the
traceback of an unexpected exception (logged by the serving process under the request id).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Callable, Literal, NoReturn, Union

from google.protobuf.message import DecodeError
from google.protobuf.message_factory import GetMessageClass
from google.rpc import status_pb2

from moneycards.server.errors import undecodable
from moneycards.server.limits import Limits
from moneycards.solver.errors import SolveLimit
from moneycards.solver.games import PLUGINS, load_plugins

if TYPE_CHECKING:
    from typing import TypeAlias

    import grpc
    from google.protobuf.message import Message

# What a worker answers for one call (run_call), by its first item.
CallResult = Union[tuple[Literal["ok"], bytes], tuple[Literal["status"], bytes],
                   tuple[Literal["solve_limit"], str], tuple[Literal["expired"]],
                   tuple[Literal["error"], str]]
# method path -> (the servicer's bound method, its request class)
MethodTable: TypeAlias = \
    "dict[str, tuple[Callable[[Message, ChildContext], Message], type[Message]]]"

_methods: MethodTable | None = None
# in a worker: the shared flags, one per call slot, set when a client leaves
_cancelled: Any = None


def _init(flags: Any, plugins: tuple[str, ...] = ()) -> None:
    global _cancelled
    _cancelled = flags
    _die_with_parent()
    if plugins:  # the games of one's own the server loaded (serve --plugin)
        load_plugins(plugins)


def _die_with_parent() -> None:
    """A worker ends when its server does, even a server killed with SIGKILL (which runs no
    shutdown): Linux delivers SIGKILL to the worker when its parent dies; elsewhere a
    thread watches for the parent to go."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:  # PR_SET_PDEATHSIG
                if os.getppid() != parent:  # the parent died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class _Aborted(Exception):
    def __init__(self, status_bytes: bytes):
        super().__init__("aborted")
        self.status_bytes = status_bytes


def _status_bytes(status: grpc.Status) -> bytes:
    key: str
    value: bytes
    for key, value in status.trailing_metadata or ():
        if key == "grpc-status-details-bin":
            return value

    serialized: bytes = status_pb2.Status(code=status.code.value[0],
                                          message=status.details).SerializeToString()
    return serialized


class ChildContext:
    """What a servicer needs of its context, inside a worker process."""

    def __init__(self, deadline_at: float | None, limits: Limits, slot: int | None = None):
        self.deadline_at = deadline_at
        self.limits = limits
        self.slot = slot

    def time_remaining(self) -> float | None:
        return None if self.deadline_at is None else max(0.0, self.deadline_at - time.time())

    def is_active(self) -> bool:
        return not self.cancelled()

    def cancelled(self) -> bool:
        if self.slot is not None and _cancelled is not None and _cancelled[self.slot]:
            return True
        return self.deadline_at is not None and time.time() >= self.deadline_at

    def abort_with_status(self, status: grpc.Status) -> NoReturn:
        raise _Aborted(_status_bytes(status))

    def abort(self, code: grpc.StatusCode, details: str) -> NoReturn:
        raise _Aborted(status_pb2.Status(code=code.value[0], message=details).SerializeToString())


def _method_table() -> MethodTable:
    global _methods
    if _methods is None:
        from moneycards.server.app import SERVICES  # lazy: cycle, app imports workers

        _methods = {}
        for module, name, _, servicer_cls in SERVICES:
            servicer = servicer_cls()
            svc = module.DESCRIPTOR.services_by_name[name]
            for m in svc.methods:
                _methods[f"/{svc.full_name}/{m.name}"] = (getattr(servicer, m.name),
                                                         GetMessageClass(m.input_type))
    return _methods


def run_call(method: str, request: bytes, deadline_at: float | None, limits: Limits,
             slot: int | None = None) -> CallResult:
    """In a worker: ("ok", response) | ("status", google.rpc.Status) | ("solve_limit", text)
    | ("expired",) | ("error", traceback)."""
    if deadline_at is not None and time.time() >= deadline_at:
        return ("expired",)
    try:
        fn, request_cls = _method_table()[method]
        context = ChildContext(deadline_at, limits, slot)
        try:
            decoded = request_cls.FromString(request)
        except DecodeError as err:  # bad input, not a failure of the server
            return ("status", undecodable(request_cls.DESCRIPTOR.full_name, err)
                    .SerializeToString())
        response = fn(decoded, context)
        return ("ok", response.SerializeToString())
    except _Aborted as err:
        return ("status", err.status_bytes)
    except SolveLimit as err:
        return ("solve_limit", str(err))
    except Exception:
        return ("error", traceback.format_exc())


def _warm() -> int:
    from moneycards.server.app import _warm_models  # lazy: cycle, app imports workers

    _method_table()
    _warm_models()
    time.sleep(0.2)  # hold this worker so the other warm-ups land on the other workers
    return os.getpid()


class SolverPool:
    """`processes` worker processes; a pool whose worker died is replaced."""

    def __init__(self, processes: int, slots: int = 64):
        self.processes = processes
        self._lock = threading.Lock()
        self._mp = multiprocessing.get_context("spawn")  # forking a gRPC process is unsafe
        self.flags = self._mp.Array("b", slots, lock=False)
        self._free = list(range(slots))
        self._pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.processes, mp_context=self._mp, initializer=_init,
                                   initargs=(self.flags, tuple(PLUGINS)))

    def slot(self) -> int | None:
        """A cancellation flag for one call, cleared; None if all are taken."""
        with self._lock:
            if not self._free:
                return None
            k = self._free.pop()
        self.flags[k] = 0
        return k

    def release(self, k: int | None) -> None:
        if k is not None:
            with self._lock:
                self._free.append(k)

    def cancel(self, k: int | None) -> None:
        """Tell the worker running the call in slot `k` that its client has gone."""
        if k is not None:
            self.flags[k] = 1

    def warm(self) -> None:
        futures = [self._pool.submit(_warm) for _ in range(self.processes)]
        for f in futures:
            f.result(timeout=120)

    def submit(self, method: str, request: bytes, deadline_at: float | None, limits: Limits,
               slot: int | None = None) -> Future[CallResult]:
        args = (method, request, deadline_at, limits, slot)
        with self._lock:
            try:
                return self._pool.submit(run_call, *args)
            except BrokenProcessPool:
                self._pool = self._new()
                return self._pool.submit(run_call, *args)

    def replace_if_broken(self) -> None:
        with self._lock:
            if getattr(self._pool, "_broken", False):
                self._pool = self._new()

    def kill(self) -> None:
        """Stop every worker now (shutdown: a stuck solver must not outlive the server)."""
        with self._lock:
            for p in list(getattr(self._pool, "_processes", {}).values()):
                p.kill()
            pool = self._pool
        # The killed workers are reaped and the pool's queues closed, so their semaphores
        # are released here rather than reported leaked when the server exits at once; a
        # pool that does not finish within a second is left to the exit.
        done = threading.Thread(target=pool.shutdown, kwargs={"cancel_futures": True},
                                daemon=True)
        done.start()
        done.join(1.0)
