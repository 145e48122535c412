"""The web port beside the gRPC port: `TableService.Act` with the AI replies it causes,
over gRPC and over the web port's protocols, on one `moneycards serve` process, in one run.

    .venv/bin/python bench/web_bench.py [--seconds 20] [--callers 1,4] [--rounds 4]

Each caller (a client thread with its own channel or Connect client) plays Kowah tables
with one person's seat (seat 0) and two AI seats (random and greedy): the person plays its
first legal action with the view's version as `expected_version`, and every `Act` is
timed — it returns once the AI seats have answered. A table that is over is closed and a
new one opened (not timed). Every protocol plays the same seeds, so the same deals.
Protocols: gRPC (grpcio), Connect with binary messages and with JSON, and gRPC-Web, the
last three from connect-python's generated client, uncompressed as gRPC is. The rounds
alternate the protocols (a machine that gets busier during the run weighs on each alike).

Prints, per number of callers, each protocol's Act calls per second (the callers' timed
calls over the time spent in them), p50 and p99 latency, and its ratio to gRPC.
Exit 1 if any call failed.
"""

from __future__ import annotations

import argparse
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import common  # noqa: F401  (puts the project on the path)
from common import pct

import grpc

from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

SEATS = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="Bench"),
         common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_RANDOM),
         common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)]
PROTOCOLS = ["gRPC", "Connect (binary)", "Connect (JSON)", "gRPC-Web"]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # ms
    busy: float = 0.0  # seconds inside timed calls, summed over callers
    errors: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, latencies: list[float], busy: float, errors: Counter) -> None:
        with self.lock:
            self.latencies += latencies
            self.busy += busy
            self.errors.update(errors)


class GrpcClient:
    def __init__(self, address: str):
        self.channel = grpc.insecure_channel(address)
        stub = table_pb2_grpc.TableServiceStub(self.channel)
        self.create, self.view, self.act, self.close_table = (
            stub.CreateTable, stub.GetView, stub.Act, stub.CloseTable)

    def close(self) -> None:
        self.channel.close()


class WebClient:
    def __init__(self, base: str, protocol: str):
        from connectrpc.protocol import ProtocolType

        from moneycards.v1.table_connect import TableServiceClientSync

        kind = ProtocolType.GRPC_WEB if protocol == "gRPC-Web" else ProtocolType.CONNECT
        self.client = TableServiceClientSync(base, protocol=kind,
                                             proto_json=protocol == "Connect (JSON)",
                                             accept_compression=(), send_compression=None)
        c = self.client
        self.create, self.view, self.act, self.close_table = (
            c.create_table, c.get_view, c.act, c.close_table)

    def close(self) -> None:
        self.client.close()


def caller(make, until: float, tally: Tally, first_seed: int) -> None:
    client = make()
    lat, busy, errors, seed = [], 0.0, Counter(), first_seed
    try:
        while time.monotonic() < until:
            made = client.create(table_pb2.CreateTableRequest(game=common_pb2.GAME_KOWAH,
                                                              seats=SEATS, seed=seed))
            seed += 1
            who = {"table_id": made.table_id, "seat_token": made.seat_tokens[0].token}
            view = client.view(table_pb2.GetViewRequest(**who)).view
            while not view.over and time.monotonic() < until:
                request = table_pb2.ActRequest(**who, action=view.legal_actions[0].text,
                                               expected_version=view.version)
                t = time.perf_counter()
                try:
                    view = client.act(request).view
                except Exception as err:  # noqa: BLE001 - counted and shown
                    errors[type(err).__name__] += 1
                    print(f"\nseed {seed - 1}: Act {request.action!r}: {err}", file=sys.stderr)
                    break
                d = time.perf_counter() - t
                busy += d
                lat.append(d * 1000)
            client.close_table(table_pb2.CloseTableRequest(**who))
    finally:
        client.close()
    tally.add(lat, busy, errors)


def measure(make, callers: int, seconds: float, tally: Tally, seeds: int) -> None:
    until = time.monotonic() + seconds
    threads = [threading.Thread(target=caller, args=(make, until, tally, seeds + 1000 * k))
               for k in range(callers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def launch() -> tuple[subprocess.Popen, str, str]:
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--web-port", "0", "--db", ":memory:"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first, second = proc.stdout.readline(), proc.stdout.readline()
    grpc_at = re.search(r"listening on (127\.0\.0\.1:\d+)", first)
    web_at = re.search(r"listening on (http://127\.0\.0\.1:\d+)/", second)
    if not grpc_at or not web_at:
        proc.kill()
        raise SystemExit(f"the server did not start: {first}{second}{proc.stderr.read()}")
    return proc, grpc_at.group(1), web_at.group(1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="timed seconds per protocol and number of callers")
    parser.add_argument("--callers", default="1,4", help="numbers of callers, comma-separated")
    parser.add_argument("--rounds", type=int, default=4,
                        help="the seconds are split into this many alternating rounds")
    args = parser.parse_args()
    proc, grpc_address, base = launch()
    makers = {"gRPC": lambda: GrpcClient(grpc_address)}
    for name in PROTOCOLS[1:]:
        makers[name] = lambda name=name: WebClient(base, name)
    failed = False
    try:
        print(f"Act with AI replies (Kowah: a person, a random and a greedy AI), one "
              f"`moneycards serve` process; {args.seconds:g} s per row in {args.rounds} "
              "alternating rounds", flush=True)
        for callers in (int(c) for c in args.callers.split(",")):
            for make in makers.values():  # warm-up: connections, first tables
                measure(make, 1, 0.5, Tally(), 9_000_000)
            tallies = {name: Tally() for name in makers}
            for r in range(args.rounds):
                for name, make in makers.items():
                    print(f"  {callers} callers, round {r + 1}: {name} ...", end="\r",
                          file=sys.stderr, flush=True)
                    measure(make, callers, args.seconds / args.rounds, tallies[name],
                            100_000 * r)
            base_rate = 0.0
            print(f"\n{callers} caller{'s' if callers > 1 else ''}:")
            print(f"  {'protocol':<18} {'Act/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
                  f"{'calls':>7} {'vs gRPC':>8}")
            for name, t in tallies.items():
                rate = len(t.latencies) / t.busy * callers if t.busy else 0.0
                base_rate = base_rate or rate
                p50 = statistics.median(t.latencies) if t.latencies else float("nan")
                p99 = pct(t.latencies, 0.99) if t.latencies else float("nan")
                print(f"  {name:<18} {rate:8.1f} {p50:8.2f} {p99:8.2f} "
                      f"{len(t.latencies):7d} {rate / (base_rate or 1):7.2f}x")
                if t.errors or not t.latencies:
                    failed = True
                    print(f"    errors: {dict(t.errors)}")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
