"""Would an asyncio gRPC server answer single CheckHand calls closer to health? (It does not.)

    .venv/bin/python bench/asyncio_server.py [--seconds 3] [--rounds 3]

Starts, side by side on loopback, the product's `moneycards serve --processes 1` and
several `grpc.aio` servers built here from the product's own parsing, checking and
response code, which answer health and `TotomService.CheckHand` only, and differ in where
the CP-SAT partition solve runs:

* `inline`: in the event loop, one solve per call;
* `thread`: batched on one solver thread (the calls that arrive while a solve runs wait
  for the next, up to 16 hands);
* `process`: batched in a solver process, hands and answers sent over a pipe;
* `process-turn`: the same, a batch sent once per turn of the loop;
* `exact`: no solve, the exact partition (the `engine: EXACT` path);

and the `--pair` server (default `process-turn`) again as two processes sharing one port,
left to the scheduler and then a core each, for the two-process target (1.7×).

Each server is measured with h2load (50 connections, one call in flight on each) for
health and CheckHand, in turn, over `--rounds` rounds; the table gives the medians, the
ratio of CheckHand to health on the same server (the throughput target: 0.5×) and the
mean batch of the batched servers. Needs h2load (apt-get install nghttp2-client).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from concurrent import futures
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

MODES = ("inline", "thread", "process", "process-turn", "exact")
MOST = 16  # hands per solve, as the product's Combiner


class Batcher:
    """Hands awaiting a partition, solved together by `send` (which answers by calling
    `done` on the loop): the asyncio form of the product's Combiner."""

    def __init__(self, per_turn: bool = False):
        self.pending: list[tuple[Any, asyncio.Future]] = []
        self.busy = False
        self.per_turn = per_turn
        self.inflight: list[tuple[Any, asyncio.Future]] = []
        self.batches = self.hands = 0

    async def __call__(self, counts) -> Any:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self.pending.append((counts, fut))
        if not self.busy:
            self.busy = True
            if self.per_turn:
                loop.call_soon(self._kick)
            else:
                self._kick()
        return await fut

    def _kick(self) -> None:
        batch, self.pending = self.pending[:MOST], self.pending[MOST:]
        self.batches += 1
        self.hands += len(batch)
        self.inflight = batch
        self.send([c for c, _ in batch])

    def send(self, hands: list) -> None:
        raise NotImplementedError

    def done(self, results: list | None, error: BaseException | None = None) -> None:
        self.busy = False
        for (_, fut), result in zip(self.inflight, results or [None] * len(self.inflight)):
            if fut.done():  # the call was cancelled meanwhile
                continue
            if error is not None:
                fut.set_exception(error)
            else:
                fut.set_result(result)
        if self.pending:
            self.busy = True
            self._kick()


class ThreadBatcher(Batcher):
    def __init__(self, loop) -> None:
        super().__init__()
        from moneycards.solver.totom.model import _partitions

        self.solve = _partitions
        self.loop = loop
        self.pool = futures.ThreadPoolExecutor(1)

    def send(self, hands: list) -> None:
        def answered(f):
            err = f.exception()
            self.loop.call_soon_threadsafe(self.done, None if err else f.result(), err)

        self.pool.submit(self.solve, hands).add_done_callback(answered)


def _solver_process(conn) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from moneycards.solver.totom import TOTOM
    from moneycards.solver.totom.model import _partitions

    n = len(TOTOM.faces)
    while True:
        data = conn.recv_bytes()
        hands = [tuple(data[k:k + n]) for k in range(0, len(data), n)]
        conn.send_bytes(bytes(p.ca_count for p in _partitions(hands)))


class ProcessBatcher(Batcher):
    def __init__(self, loop, per_turn: bool) -> None:
        super().__init__(per_turn)
        import multiprocessing

        self.conn, child = multiprocessing.Pipe()
        self.solver = multiprocessing.get_context("fork").Process(
            target=_solver_process, args=(child,), daemon=True)
        self.solver.start()
        loop.add_reader(self.conn.fileno(), self._answered)

    def send(self, hands: list) -> None:
        self.conn.send_bytes(b"".join(bytes(h) for h in hands))

    def _answered(self) -> None:
        self.done(list(self.conn.recv_bytes()))


async def _serve(mode: str, port: int = 0) -> None:
    import gc

    import grpc
    from grpc_health.v1 import health, health_pb2_grpc

    from moneycards.server.totom import VIA, _rules, enum_value, verdict_message
    from moneycards.solver.totom import TOTOM
    from moneycards.solver.totom.check import check_hand, check_text, parse_context, validate
    from moneycards.solver.totom.model import _partitions
    from moneycards.solver.totom.shapes import canonical_partition
    from moneycards.v1 import totom_pb2_grpc

    loop = asyncio.get_running_loop()
    batcher: Batcher | None = None
    if mode == "thread":
        batcher = ThreadBatcher(loop)
    elif mode.startswith("process"):
        batcher = ProcessBatcher(loop, per_turn=mode == "process-turn")

    class Totom(totom_pb2_grpc.TotomServiceServicer):
        async def CheckHand(self, request, context):
            c = request.context
            counts = TOTOM.parse_counts(request.hand, field="hand")
            ctx = parse_context(win_card=c.win_card or None, via=enum_value(VIA, c.via, "via"),
                                thien_u=c.thien_u, opening=c.opening or None,
                                won_previous=c.won_previous, first_stock=c.first_stock)
            rules = _rules(request.rules)
            validate(counts, ctx, rules=rules)
            if mode == "exact":
                return verdict_message(check_hand(counts, ctx, rules, "exact"))
            if batcher is None:
                part = _partitions([counts])[0]
            else:
                part = await batcher(counts)
                if isinstance(part, int):  # a solver process answers the Cạ count
                    ca, part = part, canonical_partition(counts)
                    assert part.ca_count == ca, "the solver process disagrees"
            return verdict_message(check_hand(counts, ctx, rules, "cpsat", part=part))

    server = grpc.aio.server(options=[("grpc.so_reuseport", 1 if port else 0)])
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    totom_pb2_grpc.add_TotomServiceServicer_to_server(Totom(), server)
    port = server.add_insecure_port(f"127.0.0.1:{port}")
    check_text("2c2c 3c3c 4c4c 5c5c 6c6c 7c7c 8c8c 9c9c 2s2s 3s3s")  # models built
    await server.start()
    gc.freeze()

    def stop(*_):
        if batcher is not None:
            print(f"batches {batcher.batches} hands {batcher.hands}", flush=True)
        if isinstance(batcher, ProcessBatcher):
            batcher.solver.kill()  # it holds our stdout open
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    print(f"listening on 127.0.0.1:{port} ", flush=True)
    await server.wait_for_termination()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(cmd: list[str]):
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    m = re.search(r":(\d+) ", proc.stdout.readline())  # type: ignore[union-attr]
    if not m:
        proc.kill()
        raise SystemExit(f"{cmd[-1]}: the server did not start")
    return proc, f"127.0.0.1:{m.group(1)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pair", choices=MODES, default="process-turn",
                        help="the asyncio server also run as two processes on one port, a "
                             "core each (default: process-turn)")
    parser.add_argument("--serve", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--core", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        if args.core is not None:  # before any thread starts: they all inherit it
            os.sched_setaffinity(0, {args.core})
        asyncio.run(_serve(args.serve, args.port))
        return
    if not shutil.which("h2load"):
        raise SystemExit("h2load not found (apt-get install nghttp2-client)")
    from throughput import h2load_rate

    db = Path(tempfile.mkdtemp(prefix="moneycards-bench-")) / "tables.db"
    servers = {"threaded (product)": _start(
        [sys.executable, "-m", "moneycards", "serve", "--host", "127.0.0.1", "--port", "0",
         "--db", str(db), "--max-calls", "64", "--processes", "1"])}
    for mode in MODES:
        servers[f"asyncio, {mode}"] = _start([sys.executable, __file__, "--serve", mode])
    extra = []
    for pinned in (False, True):  # two processes on one port, left to the scheduler or not
        pair = f"asyncio, {args.pair}, 2 processes" + (", a core each" if pinned else "")
        port = str(free_port())
        first, second = (_start([sys.executable, __file__, "--serve", args.pair, "--port", port]
                                + (["--core", str(k)] if pinned else [])) for k in (0, 1))
        servers[pair] = first
        extra.append(second[0])
    rates: dict[tuple[str, str], list[float]] = {}
    try:
        for r in range(args.rounds):
            print(f"round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
            for name, (_, address) in servers.items():
                for kind in ("health", "check_hand"):
                    rates.setdefault((name, kind), []).append(
                        h2load_rate(address, kind, 50, args.seconds))
    finally:
        for proc in extra:
            proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=20)
        batches = {}
        for name, (proc, _) in servers.items():
            proc.send_signal(signal.SIGTERM)
            out, _ = proc.communicate(timeout=20)
            m = re.search(r"batches (\d+) hands (\d+)", out or "")
            if m and int(m.group(1)):
                batches[name] = int(m.group(2)) / int(m.group(1))
    print(f"{'server (50 callers, h2load, median of ' + str(args.rounds) + ')':50} "
          f"{'health':>8} {'CheckHand':>10} {'ratio':>7} {'mean batch':>11}")
    for name in servers:
        health_rate = statistics.median(rates[name, "health"])
        check = statistics.median(rates[name, "check_hand"])
        batch = f"{batches[name]:.1f}" if name in batches else ""
        print(f"{name:50} {health_rate:8,.0f} {check:10,.0f} {check / health_rate:6.2f}× "
              f"{batch:>11}")
    one = statistics.median(rates[f"asyncio, {args.pair}", "check_hand"])
    for name in servers:
        if "2 processes" in name:
            two = statistics.median(rates[name, "check_hand"])
            print(f"CheckHand, {name[len('asyncio, '):]}, over one: {two / one:.2f}× "
                  "(target 1.7×)")


if __name__ == "__main__":
    main()
