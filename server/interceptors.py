"""One interceptor around every solver call: a request id, the concurrency limit, and no
exception ever leaving as UNKNOWN.

An unexpected exception becomes INTERNAL with a generic message and the request id; the
traceback is logged under that id. A solver that hits its own time limit is
RESOURCE_EXHAUSTED. Health checks and reflection pass through untouched.
"""

from __future__ import annotations

import logging
import os
import time
from concurrent.futures import Future, TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Callable

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from moneycards.server.errors import undecodable
from moneycards.server.limits import Gate, Limits
from moneycards.solver.errors import SolveLimit

if TYPE_CHECKING:
    from moneycards.server.workers import CallResult, SolverPool

log = logging.getLogger("moneycards.server")

DOMAIN = "moneycards"
UNGUARDED = ("/grpc.health.", "/grpc.reflection.")
IN_PROCESS = "/moneycards.v1.TableService/"  # tables live in the server process


class Undecodable:
    """A request body that did not decode: its INVALID_ARGUMENT status, for the handler to
    answer with (grpcio would answer a deserializer's exception with INTERNAL)."""

    def __init__(self, status: status_pb2.Status):
        self.status = status


def lenient(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    """`deserializer`, giving an `Undecodable` where it fails."""
    if deserializer is None:
        return None
    name = getattr(getattr(deserializer, "__self__", None), "DESCRIPTOR", None)
    full_name = name.full_name if name is not None else "request message"

    def decode(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception as err:  # DecodeError, or what a message's parser raises
            return Undecodable(undecodable(full_name, err))

    return decode


def decoded_stream(handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
    """A server-streaming handler (Watch) whose undecodable request is INVALID_ARGUMENT."""
    inner = handler.unary_stream
    if inner is None:
        return handler

    def stream(request: Any, context: grpc.ServicerContext) -> Any:
        if isinstance(request, Undecodable):
            context.abort_with_status(rpc_status.to_status(request.status))
        yield from inner(request, context)

    return grpc.unary_stream_rpc_method_handler(
        stream, request_deserializer=lenient(handler.request_deserializer),
        response_serializer=handler.response_serializer)


def _status(code: int, message: str, *details: Message) -> grpc.Status:
    packed = []
    for d in details:
        a = any_pb2.Any()
        a.Pack(d)
        packed.append(a)
    return rpc_status.to_status(status_pb2.Status(code=code, message=message, details=packed))


def internal_status(request_id: str) -> grpc.Status:
    return _status(code_pb2.INTERNAL, f"internal error (request id {request_id})",
                   error_details_pb2.ErrorInfo(reason="INTERNAL", domain=DOMAIN,
                                               metadata={"request_id": request_id}),
                   error_details_pb2.RequestInfo(request_id=request_id))


def overloaded_status(request_id: str, limit: int) -> grpc.Status:
    return _status(code_pb2.RESOURCE_EXHAUSTED,
                   f"server busy: {limit} calls running and none finished in time for this "
                   "one to start; retry shortly",
                   error_details_pb2.ErrorInfo(reason="OVERLOADED", domain=DOMAIN,
                                               metadata={"request_id": request_id}),
                   error_details_pb2.RetryInfo(retry_delay=duration_pb2.Duration(nanos=10**8)))


def solve_limit_status(request_id: str, err: SolveLimit) -> grpc.Status:
    return _status(code_pb2.RESOURCE_EXHAUSTED, f"{err} (request id {request_id})",
                   error_details_pb2.ErrorInfo(reason="SOLVER_TIME_LIMIT", domain=DOMAIN,
                                               metadata={"request_id": request_id}))


class CallContext:
    """The servicer context, remembering whether the handler aborted on purpose, with the
    request id and a cancellation check for cooperative solvers."""

    def __init__(self, context: grpc.ServicerContext, request_id: str, limits: Limits):
        self._context = context
        self.request_id = request_id
        self.limits = limits
        self.aborted = False
        self.released = False  # its call slot given back before it returned (`idle`)
        self._held: tuple[Gate, float] | None = None  # the slot and when it was taken
        self._deadline: float | None = None
        remaining = context.time_remaining()
        if remaining is not None:
            self._deadline = time.monotonic() + remaining

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)

    def abort(self, code: grpc.StatusCode, details: str) -> None:
        self.aborted = True
        self._context.abort(code, details)

    def abort_with_status(self, status: grpc.Status) -> None:
        self.aborted = True
        self._context.abort_with_status(status)

    def hold(self, gate: Gate, started: float) -> None:
        """The call slot this call runs in, taken at `started` (perf_counter)."""
        self._held = (gate, started)

    def idle(self, seconds: float) -> None:
        """Wait `seconds` with the work done (the AI pace, Table.advance): the call slot
        goes to a waiting call at once, and the wait does not count in the calls' typical
        duration, which decides how long a call may wait to start."""
        if self._held is not None and not self.released:
            gate, started = self._held
            self.released = True
            gate.leave(time.perf_counter() - started)
        time.sleep(seconds)

    def cancelled(self) -> bool:
        """True once the client is gone or its deadline has passed: stop working."""
        if self._deadline is not None and time.monotonic() >= self._deadline:
            return True
        return not self._context.is_active()


class GuardInterceptor(grpc.ServerInterceptor):  # type: ignore[misc]  # grpc is untyped
    """`pool` (a SolverPool) runs the calls in worker processes; None runs them here."""

    def __init__(self, limits: Limits, pool: SolverPool | None = None):
        self.limits = limits
        self.gate = Gate(limits.max_concurrent, limits.max_waiting)
        self.pool = pool
        # method -> its guarded handler, made once: every call asks for it again
        self._handlers: dict[str, grpc.RpcMethodHandler] = {}

    def intercept_service(
            self, continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],
            handler_call_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler | None:
        method = handler_call_details.method
        guarded = self._handlers.get(method)
        if guarded is not None:
            return guarded
        handler = continuation(handler_call_details)
        if handler is None or method.startswith(UNGUARDED):
            return handler
        if handler.unary_unary is None:
            guarded = self._handlers[method] = decoded_stream(handler)
        else:
            guarded = self._handlers[method] = self._guard(method, handler)
        return guarded

    def _guard(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        inner = handler.unary_unary
        gate, limits = self.gate, self.limits
        if self.pool is not None and not method.startswith(IN_PROCESS):
            return grpc.unary_unary_rpc_method_handler(self._pooled(method))

        def guarded(request: Message, context: grpc.ServicerContext) -> Message:
            if isinstance(request, Undecodable):
                context.abort_with_status(rpc_status.to_status(request.status))
            request_id = os.urandom(8).hex()
            ctx = CallContext(context, request_id, limits)
            if not gate.enter(gate.wait_to_start(limits, context.time_remaining())):
                log.debug("request %s %s shed: %d running", request_id, method, gate.limit)
                context.abort_with_status(overloaded_status(request_id, gate.limit))
            started = time.perf_counter()
            ctx.hold(gate, started)
            try:
                return inner(request, ctx)
            except SolveLimit as err:
                log.warning("request %s %s: %s", request_id, method, err)
                context.abort_with_status(solve_limit_status(request_id, err))
            except Exception:
                if ctx.aborted:
                    raise
                log.exception("request %s %s failed", request_id, method)
                context.abort_with_status(internal_status(request_id))
            finally:
                if not ctx.released:
                    gate.leave(time.perf_counter() - started)
                log.debug("request %s %s took %.1f ms", request_id, method,
                          (time.perf_counter() - started) * 1000)

        return grpc.unary_unary_rpc_method_handler(
            guarded, request_deserializer=lenient(handler.request_deserializer),
            response_serializer=handler.response_serializer)

    def _pooled(self, method: str) -> Callable[[bytes, grpc.ServicerContext], bytes]:
        """A handler that hands the request bytes to a worker process and waits, watching
        for the client to go away."""
        gate, limits, pool = self.gate, self.limits, self.pool
        assert pool is not None  # only _guard calls it, with a pool

        def pooled(request: bytes, context: grpc.ServicerContext) -> bytes:
            request_id = os.urandom(8).hex()
            if not gate.enter(gate.wait_to_start(limits, context.time_remaining())):
                log.debug("request %s %s shed: %d running", request_id, method, gate.limit)
                context.abort_with_status(overloaded_status(request_id, gate.limit))
            started = time.perf_counter()
            slot = pool.slot()
            future: Future[CallResult] | None = None
            try:
                remaining = context.time_remaining()
                deadline_at = None if remaining is None else time.time() + remaining
                for attempt in (1, 2):
                    future = pool.submit(method, request, deadline_at, limits, slot)
                    try:
                        while True:
                            try:
                                result = future.result(timeout=0.1)
                                break
                            except FutureTimeout:
                                if not context.is_active():  # the client left: stop the worker
                                    future.cancel()
                                    pool.cancel(slot)
                                    context.abort(grpc.StatusCode.CANCELLED,
                                                  "the call was cancelled")
                        break
                    except BrokenProcessPool:
                        pool.replace_if_broken()
                        if attempt == 1:
                            # A worker died, and the pool fails every call in flight with
                            # it, even those another worker ran or none took yet. A solver
                            # call has no side effects: it goes once more to the new pool
                            # (a call that kills its worker twice answers INTERNAL).
                            log.warning("request %s %s: sent again, a worker process died",
                                        request_id, method)
                            continue
                        log.error("request %s %s: a worker process died", request_id, method)
                        context.abort_with_status(internal_status(request_id))
            finally:
                if future is None:
                    pool.release(slot)
                else:  # a cancelled worker reads its flag until it stops: keep the slot till then
                    future.add_done_callback(lambda _done: pool.release(slot))
                gate.leave(time.perf_counter() - started)
                log.debug("request %s %s took %.1f ms", request_id, method,
                          (time.perf_counter() - started) * 1000)
            # result[0] is compared directly (not through a name) so mypy narrows the tuple
            if result[0] == "ok":
                return result[1]
            if result[0] == "status":
                context.abort_with_status(rpc_status.to_status(
                    status_pb2.Status.FromString(result[1])))
            elif result[0] == "solve_limit":
                log.warning("request %s %s: %s", request_id, method, result[1])
                context.abort_with_status(solve_limit_status(request_id, SolveLimit(result[1])))
            elif result[0] == "expired":
                context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "the deadline passed in the queue")
            else:
                log.error("request %s %s failed\n%s", request_id, method, result[1])
            context.abort_with_status(internal_status(request_id))
            raise AssertionError("abort_with_status returned")  # grpc's aborts always raise

        return pooled
