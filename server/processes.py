"""`serve --processes N`: N server processes on one port, so every core answers calls.

One Python process serves with one interpreter lock; N processes share the listening
port through SO_REUSEPORT and the kernel spreads connections over them (the gRPC
multiprocessing pattern). The parent:

* checks the port is free with an ordinary bind first, so a port another program (or
  another `serve`) listens on is still refused with one line, as without --processes;
* then holds the port (bound with SO_REUSEPORT, not listening) for its lifetime, so no
  other program can take it while a server process restarts;
* spawns the N processes (spawn, not fork: forking a process that has started gRPC is
  unsafe), each on a core of its own when there are enough (`core_plan`), prints the
  listening line once every one of them is SERVING, replaces one that dies, and on SIGTERM
  or SIGINT passes SIGTERM to each: each turns NOT_SERVING at once and gives its in-flight
  calls the grace, as a single server does.

A process on a core of its own: one process is bound by its interpreter lock, and its
threads, handing the lock to each other from core to core, lose much of it to the hand-overs
(measured by bench/throughput.py with h2load, two runs: two processes answered 1.6-1.8× the
health calls and 1.25-1.4× the CheckHand calls of the same two processes left to the
scheduler). With more processes than cores, or `--no-cpu-affinity`, the scheduler places
them. One process is left to it too: its solves and gRPC's own threads use the other cores.

The web port (server/web.py) is shared the same way: the parent checks and holds it, and
every server process serves it with SO_REUSEPORT.

Each process answers health checks for itself (a connection sees the process it landed
on) and solves in its own threads. Tables (TableService) live in the store the processes
share (an SQLite file or PostgreSQL; never ':memory:', which cli/serve.py refuses with N > 1):
each process writes naming the table's store revision, so any process serves any table, as
separate replicas do (server/tables.py), and a Watch polls the store for the others' writes.
"""

from __future__ import annotations

import ctypes
import dataclasses
import logging
import multiprocessing
import os
import queue
import signal
import socket
import sys
import time
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any, Sequence

from moneycards.server.addresses import bracketed
from moneycards.server.limits import Limits
from moneycards.server.store import open_store
from moneycards.solver.games import PLUGINS, load_plugins, plugins_line

log = logging.getLogger("moneycards.server")

START_TIMEOUT_S = 180.0  # every process imports, builds its models and warms up


class PortTaken(OSError):
    pass


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket holding `port` (0: a free one) with SO_REUSEPORT, after checking nothing
    listens on it: the server processes then listen on the same port."""
    bare = host.strip("[]")
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    address = f"[{bare}]:{port}" if family == socket.AF_INET6 else f"{bare}:{port}"
    probe = socket.socket(family, socket.SOCK_STREAM)
    try:
        # SO_REUSEADDR lets old connections in TIME_WAIT be; a listener still refuses.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((bare, port))
        port = probe.getsockname()[1]
    except OSError:
        raise PortTaken(f"cannot listen on {address}: the port is taken or the address is "
                        "not this machine's") from None
    finally:
        probe.close()
    held = socket.socket(family, socket.SOCK_STREAM)
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        held.bind((bare, port))
    except OSError:
        held.close()
        raise PortTaken(f"cannot listen on {address}: the port was taken meanwhile") from None
    return held


def core_plan(n: int, cores: Sequence[int] | None = None, pin: bool = True) -> list[int | None]:
    """The core each of `n` server processes runs on (None: wherever the scheduler puts it):
    one each, in the order of the cores this process may use, when there are enough."""
    if cores is None:
        cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if not pin or n < 2 or n > len(cores):
        return [None] * n
    return list(cores[:n])


def _die_with_parent() -> None:
    """Linux: this process gets SIGTERM when the parent dies, even by SIGKILL."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _child(index: int, core: int | None, host: str, port: int, max_calls: int,
           limits: Limits, tls: tuple[bytes, bytes] | None, db: str, log_level: str,
           ready: Any, web: Any = None, plugins: tuple[str, ...] = ()) -> None:
    """One server process: serve on the shared port until told to stop (serving the games
    of one's own the parent loaded, `plugins`, too)."""
    # A terminal's Ctrl-C reaches every process of the group: the parent passes it on as
    # SIGTERM (this process's own handler, once serving, stops it gracefully); while it
    # imports, a KeyboardInterrupt here printed a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if core is not None:  # before gRPC starts a thread: every thread inherits it
        try:
            os.sched_setaffinity(0, {core})
        except OSError:
            core = None
    os.environ.setdefault("GRPC_VERBOSITY", "DEBUG" if log_level == "debug" else "NONE")
    logging.basicConfig(level=log_level.upper(), stream=sys.stderr,
                        format=f"%(asctime)s %(levelname)s %(name)s[{index}]: %(message)s")
    log.info("server process %d (pid %d) on %s", index, os.getpid(),
             "any core" if core is None else f"core {core}")
    # lazy: gRPC loads only after the core and GRPC_VERBOSITY above are set
    from moneycards.server.app import BindError, serve_forever

    try:
        load_plugins(plugins)
        serve_forever(host, port, max_calls, limits, tls, processes=0,
                      store=open_store(db), reuseport=True, web=web,
                      on_ready=lambda service: ready.put(("ready", index, os.getpid())))
    except BindError as err:
        ready.put(("error", index, str(err)))
    except BaseException as err:  # noqa: B036 - the parent must hear of any failure
        ready.put(("error", index, f"{type(err).__name__}: {err}"))
        raise


def serve_processes(n: int, host: str, port: int, max_calls: int, limits: Limits,
                    tls: tuple[bytes, bytes] | None, db: str, log_level: str,
                    pin: bool = True, web: Any = None) -> None:
    """Run `n` server processes on one port until SIGTERM or SIGINT (PortTaken if the port
    is not free; RuntimeError if a process cannot start); with `pin`, each on a core of its
    own when there are enough (core_plan). With `web` (server/web.py's WebOptions), they
    share the web port too."""
    held = reserve_port(host, port)
    port = held.getsockname()[1]
    held_web = None
    if web is not None:
        try:
            held_web = reserve_port(host, web.port)
        except PortTaken as err:
            held.close()
            raise PortTaken(f"{err} (--web-port)") from None
        web = dataclasses.replace(web, port=held_web.getsockname()[1])
    mp = multiprocessing.get_context("spawn")
    ready = mp.Queue()
    args = (host, port, max_calls, limits, tls, db, log_level.lower(), ready, web, tuple(PLUGINS))
    plan = core_plan(n, pin=pin)

    # a replacement runs on the core of the process it replaces
    def spawn(index: int) -> BaseProcess:
        p = mp.Process(target=_child, args=(index, plan[index], *args),
                       name=f"moneycards-serve-{index}", daemon=False)
        p.start()
        return p

    children: dict[int, BaseProcess] = {}
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        if stopping:
            return
        stopping = True
        log.info("signal %d: stopping %d server processes (grace %.1f s)", signum, n,
                 limits.grace_s)
        for p in children.values():
            if p.is_alive() and p.pid is not None:
                os.kill(p.pid, signal.SIGTERM)

    # From the first child on: a signal while they start stops them, quietly (it left
    # tracebacks and leaked semaphores, rc 143).
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for i in range(n):
        children[i] = spawn(i)

    def kill_all() -> None:
        for p in children.values():
            if p.is_alive():
                p.kill()

    started: set[int] = set()
    deadline = time.monotonic() + START_TIMEOUT_S
    while len(started) < n and not stopping:
        try:
            kind, index, detail = ready.get(timeout=0.5)
        except queue.Empty:
            dead = [i for i, p in children.items() if not p.is_alive()]
            if stopping:
                break
            if dead or time.monotonic() > deadline:
                kill_all()
                raise RuntimeError(f"server process {dead[0] if dead else '?'} did not "
                                   "start") from None
            continue
        if kind == "error" and not stopping:
            kill_all()
            raise RuntimeError(f"server process {index}: {detail}")
        started.add(index)
    if stopping:  # told to stop before every process served: none is left behind
        for p in children.values():
            p.join(limits.grace_s + 3.0)
        kill_all()
        ready.close()
        ready.join_thread()
        held.close()
        if held_web is not None:
            held_web.close()
        return
    scheme = "TLS" if tls else "plaintext"
    print(f"moneycards gRPC server listening on {bracketed(host)}:{port} ({scheme}, {n} processes)",
          flush=True)
    if web is not None:
        from moneycards.server.app import web_line  # lazy: as in _child

        print(web_line(host, web.port, tls is not None), flush=True)
    if PLUGINS:
        print(plugins_line(), flush=True)
    log.info("serving on %s:%d: %d server processes (pids %s), %d concurrent calls each",
             host, port, n, ", ".join(str(p.pid) for p in children.values()), max_calls)
    while not stopping:
        for i, p in list(children.items()):
            if not p.is_alive() and not stopping:
                log.error("server process %d (pid %s) exited with %s: starting another", i,
                          p.pid, p.exitcode)
                children[i] = spawn(i)
        time.sleep(0.2)
    end = time.monotonic() + limits.grace_s + 3.0
    for p in children.values():
        p.join(max(0.0, end - time.monotonic()))
    kill_all()
    held.close()
    if held_web is not None:
        held_web.close()
    logging.shutdown()
    sys.stdout.flush()
