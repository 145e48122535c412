"""The gRPC server: every game service, standard health checking and server reflection;
and beside it, unless turned off, the web port (server/web.py): the same services over the
Connect protocol and gRPC-Web, from the same servicer objects and tables.

Start-up: listen (SO_REUSEPORT off, so a taken port is an error, not shared traffic), report
NOT_SERVING while every worker thread builds its CP-SAT models, then SERVING. Stored tables
are not read at start-up: each is read when first asked for (server/tables.py), so start-up
takes as long with ten thousand stored tables as with none. Health is NOT_SERVING while the
table store takes no writes. Shutdown on SIGTERM or SIGINT: NOT_SERVING at once, in-flight
calls get the grace, the store is closed (an SQLite file is checkpointed: whole without its
-wal file), and the process exits after it even if a handler is stuck.
"""

from __future__ import annotations

import gc
import ipaddress
import logging
import os
import re
import signal
import sys
import threading
from concurrent import futures
from dataclasses import dataclass, field
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Any, Callable

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from moneycards.server.addresses import bracketed, is_loopback
from moneycards.server.interceptors import GuardInterceptor
from moneycards.server.kowah import KowahService
from moneycards.server.limits import RESERVED_THREADS, Limits
from moneycards.server.lukfu import LukFuService
from moneycards.server.reflection import enable as enable_reflection
from moneycards.server.store import TableStore
from moneycards.server.tables import StoreHealth, Tables, TableService
from moneycards.server.totom import TotomService
from moneycards.server.workers import SolverPool
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES, seeded
from moneycards.solver.hints import hint
from moneycards.solver.kowah.check import check_text as kowah_check
from moneycards.solver.totom.check import check_text as totom_check
from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, table_pb2,
                           table_pb2_grpc, totom_pb2, totom_pb2_grpc)

if TYPE_CHECKING:
    from moneycards.server.web import WebOptions, WebServer

# A generated add_..._to_server(servicer, server).
AddServicer = Callable[[Any, grpc.Server], None]
# (full service name, servicer, its add_..._to_server, service descriptor)
ServicerEntry = tuple[str, object, AddServicer, ServiceDescriptor]

TABLE_SERVICE = table_pb2.DESCRIPTOR.services_by_name["TableService"].full_name
MAX_MESSAGE_BYTES = 1 << 20  # requests are a few hundred bytes; bound what we accept

# (the generated module, the service's name, its add_..._to_server, the servicer class)
SERVICES: list[tuple[ModuleType, str, AddServicer, Callable[[], object]]] = [
    (totom_pb2, "TotomService", totom_pb2_grpc.add_TotomServiceServicer_to_server, TotomService),
    (kowah_pb2, "KowahService", kowah_pb2_grpc.add_KowahServiceServicer_to_server, KowahService),
    (lukfu_pb2, "LukFuService", lukfu_pb2_grpc.add_LukFuServiceServicer_to_server, LukFuService),
]

log = logging.getLogger("moneycards.server")


class BindError(OSError):
    """The address cannot be listened on (taken, not local, not an address)."""


@dataclass
class Service:
    server: grpc.Server
    port: int
    health: health.HealthServicer
    names: list[str]
    pool: SolverPool | None = None  # when solvers run in worker processes
    tables: Tables | None = None  # the open tables (server/tables.py)
    guard: GuardInterceptor | None = None  # the interceptor every call passes
    servicers: list[ServicerEntry] = field(default_factory=list)
    web: WebServer | None = None  # the web port (server/web.py), when it is on

    def set_status(self, status: int) -> None:
        for name in ["", *self.names]:
            self.health.set(name, status)

    def set_store_serving(self, ok: bool) -> None:
        """Health as the table store allows: with it, every service SERVING (the server
        is warm); without it, the tables' service and the server as a whole NOT_SERVING,
        while the games' rules services, which need no store, stay as they are (a balancer
        that checks them by name keeps sending them calls through an outage)."""
        if ok:
            self.set_status(health_pb2.HealthCheckResponse.SERVING)
            return
        for name in ["", *[n for n in self.names if n == TABLE_SERVICE]]:
            self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)


HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


def is_host(host: str) -> bool:
    """An IP address (IPv6 in brackets or not) or a host name of letters, digits and
    hyphens in dot-separated labels."""
    if not host or len(host) > 253:
        return False
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        pass
    return all(HOST_LABEL.fullmatch(label) for label in host.removesuffix(".").split("."))


def check_address(host: str, port: int, *, tls: bool, insecure: bool) -> None:
    """Bad addresses are input errors, found before anything starts."""
    if not 0 <= port <= 65535:
        raise InvalidInput(f"{port} is not 0-65535", field="--port")
    if not is_host(host):
        raise InvalidInput(f"{host!r} is not a host name or address", field="--host")
    if not tls and not insecure and not is_loopback(host):
        raise InvalidInput(f"{host} is not a loopback address: serve with --tls-cert and "
                           "--tls-key, or pass --insecure to send seat data in clear text",
                           field="--host")


def web_line(host: str, port: int, tls: bool) -> str:
    from moneycards.server.web import address

    return (f"moneycards web server listening on {address(host, port, tls)} "
            f"(Connect, gRPC-Web; {'TLS' if tls else 'plaintext'})")


def warm_up(threads: int, pool: futures.ThreadPoolExecutor) -> None:
    """Build every thread's models before the first call needs them: one warm-up task per
    pool thread (the barrier holds each thread until all have started)."""
    _warm_models()  # imports and shared tables once, before the threads race for them
    barrier = threading.Barrier(threads, timeout=60)

    def one() -> None:
        barrier.wait()
        _warm_models()

    for f in [pool.submit(one) for _ in range(threads)]:
        f.result()


def _warm_models() -> None:
    totom_check("2c2c 3c3c 4c4c 5c5c 6c6c 7c7c 8c8c 9c9c 2s2s 3s3s")
    kowah_check("2c3c4c 5c6c7c 8c8c")
    for game in list(GAMES):  # every registered game's first hint, plug-ins included
        state = seeded(game, 1)
        seat = state.current_seat()
        assert seat is not None  # a new deal has a seat to act
        hint(state.observation(seat), 20.0)


def start_service(host: str = "127.0.0.1", port: int = 0, workers: int = 8,
                  limits: Limits | None = None, tls: tuple[bytes, bytes] | None = None,
                  warm: bool = True, processes: int = 0, store: TableStore | None = None,
                  ai_budget_ms: float | None = None, reuseport: bool = False,
                  web: WebOptions | None = None, operator_token: str | None = None
                  ) -> Service:
    """A started server: NOT_SERVING until warmed (if `warm`), then SERVING. With
    `processes`, solver calls run in that many worker processes; with 0, in the server's
    threads. Tables live in `store` (default: in memory, gone with the process). With
    `reuseport`, the port is shared with the other server processes of `serve --processes`
    (server/processes.py checks it was free first), and so is the web port. With `web`
    (server/web.py's WebOptions), the web port serves the same services once warmed.
    `operator_token` is what ListTables needs (None: loopback callers only)."""
    if workers < 1:
        raise InvalidInput("at least 1 worker", field="workers")
    limits = limits or Limits(max_concurrent=workers)
    # A thread for each running and each waiting call; Watch streams hold a thread each and
    # get their own, so they never starve calls; health and reflection have RESERVED_THREADS.
    threads = limits.max_concurrent + limits.max_waiting + RESERVED_THREADS \
        + limits.max_watches
    pool = futures.ThreadPoolExecutor(max_workers=threads, thread_name_prefix="rpc")
    solvers = None
    if processes:
        solvers = SolverPool(processes, slots=limits.max_concurrent)
    guard = GuardInterceptor(limits, solvers)
    server = grpc.server(
        pool, interceptors=[guard],
        options=[("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                 ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
                 ("grpc.so_reuseport", 1 if reuseport else 0)],
    )
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)

    tables = Tables(store, ai_budget_ms=ai_budget_ms, ai_pace_ms=limits.ai_pace_ms,
                    max_open_tables=limits.max_open_tables)
    servicers: list[ServicerEntry] = []
    for module, service_name, add, make in [
            *SERVICES, (table_pb2, "TableService",
                        table_pb2_grpc.add_TableServiceServicer_to_server,
                        lambda: TableService(tables, max_watches=limits.max_watches,
                                             operator_token=operator_token))]:
        servicer, descriptor = make(), module.DESCRIPTOR.services_by_name[service_name]
        add(servicer, server)
        servicers.append((descriptor.full_name, servicer, add, descriptor))
    names = [name for name, *_ in servicers]
    enable_reflection([health.SERVICE_NAME, *names], server)
    service = Service(server, 0, health_servicer, names, solvers, tables, guard, servicers)
    service.set_status(health_pb2.HealthCheckResponse.NOT_SERVING)
    tables.health = StoreHealth(tables.store, service.set_store_serving)
    if not warm:
        tables.health.serving()
    address = f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"
    try:
        if tls:
            cert, key = tls
            creds = grpc.ssl_server_credentials([(key, cert)])
            service.port = server.add_secure_port(address, creds)
        else:
            service.port = server.add_insecure_port(address)
    except RuntimeError:
        service.port = 0
    if service.port == 0:
        if solvers is not None:
            solvers.kill()
        why = "the port is taken or the address is not this machine's"
        if tls:
            why += ", or the certificate and key are not a valid PEM pair"
        raise BindError(f"cannot listen on {address}: {why}")
    web_socket = None
    if web is not None:
        from moneycards.server import web as web_port

        try:
            web_socket = web_port.bind(host, web.port, reuseport=reuseport)
        except OSError:
            server.stop(None)
            if solvers is not None:
                solvers.kill()
            raise BindError(f"cannot listen on {web_port.address(host, web.port, False)} "
                            "(--web-port): the port is taken or the address is not this "
                            "machine's") from None
    server.start()
    if warm:
        if solvers is not None:
            solvers.warm()
        else:
            warm_up(limits.max_concurrent + RESERVED_THREADS, pool)  # not the watch threads
        # What is alive now (modules, models, tables of the solvers) lives as long as the
        # process: kept out of the collector's full passes, which took ~50 ms each under load.
        gc.freeze()
    if web is not None:
        assert web_socket is not None
        try:
            service.web = web_port.start_web(service, host, web, web_socket, tls, limits,
                                             MAX_MESSAGE_BYTES)
        except (OSError, ValueError, RuntimeError) as err:  # ssl.SSLError: an OSError
            server.stop(None)
            if solvers is not None:
                solvers.kill()
            raise BindError(f"cannot serve the web port: {err}") from None
    if warm:
        tables.health.serving()  # SERVING, unless the store takes no writes
    return service


def build_server(host: str = "127.0.0.1", port: int = 0, workers: int = 8,
                 limits: Limits | None = None, warm: bool = False) -> tuple[grpc.Server, int]:
    """A started server and the port it listens on (port 0 picks a free one). Calls run in
    its threads; unless `limits` say otherwise, up to 16 per worker are admitted."""
    service = start_service(host, port, workers, limits or Limits(max_concurrent=16 * workers),
                            warm=warm)
    return service.server, service.port


def serve_forever(host: str, port: int, workers: int, limits: Limits | None = None,
                  tls: tuple[bytes, bytes] | None = None, processes: int = 0,
                  store: TableStore | None = None, reuseport: bool = False,
                  on_ready: Callable[[Service], None] | None = None,
                  web: WebOptions | None = None,
                  operator_token: str | None = None) -> None:
    """Serve until SIGTERM or SIGINT. `on_ready` (default: print the listening lines) is
    called once the server is SERVING."""
    limits = limits or Limits(max_concurrent=workers)
    if operator_token is None:  # `serve --operator-token-file` passes it on this way
        operator_token = os.environ.get("MONEYCARDS_OPERATOR_TOKEN") or None
    service = start_service(host, port, workers, limits, tls, processes=processes,
                            store=store, reuseport=reuseport, web=web,
                            operator_token=operator_token)
    stopping = threading.Event()

    def stop(signum: int, _frame: FrameType | None) -> None:
        if stopping.is_set():
            return
        stopping.set()
        log.info("signal %d: NOT_SERVING; in-flight calls get %.1f s", signum, limits.grace_s)
        service.health.enter_graceful_shutdown()
        if service.tables is not None:  # Watch streams told now, not cut after the grace
            service.tables.stop_watches()
        if service.web is not None:
            service.web.stop()
        done = service.server.stop(limits.grace_s)
        if not done.wait(limits.grace_s + 1.0):
            log.warning("calls still running after the grace: exiting anyway")
        if service.pool is not None:
            service.pool.kill()
        try:  # checkpointed and closed: a stopped SQLite file is whole on its own
            assert service.tables is not None  # start_service opened them
            if service.tables.health is not None:
                service.tables.health.stop()  # no ping of a store being closed
            service.tables.store.close_connection()
        except Exception:  # noqa: BLE001 - exiting anyway; the WAL stays valid
            log.exception("closing the table store")
        log.info("stopped")  # the log's last line: the store closed, nothing left running
        logging.shutdown()
        sys.stdout.flush()
        os._exit(0)  # worker threads stuck in a solver must not keep the process alive

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    scheme = "TLS" if tls else "plaintext"
    if on_ready is not None:
        on_ready(service)
    else:
        print(f"moneycards gRPC server listening on {bracketed(host)}:{service.port} ({scheme})",
              flush=True)
        if service.web is not None:
            print(web_line(host, service.web.port, tls is not None), flush=True)
    # what an operator set, said once: the store (each replica's own log names it), the
    # limits and pace, and whether ListTables needs a token
    assert service.tables is not None  # start_service opened them
    log.info("serving on %s:%d: table store %s, %d solver processes, %d concurrent calls, "
             "hint cap %d ms, AI pace %g ms, %d watch streams, %d open tables a client, "
             "operator token %s, grace %.1f s", host, service.port,
             service.tables.store.where, processes, limits.max_concurrent,
             limits.hint_cap_ms, limits.ai_pace_ms, limits.max_watches,
             limits.max_open_tables, "set" if operator_token else "not set (loopback "
             "callers list tables)", limits.grace_s)
    service.server.wait_for_termination()
