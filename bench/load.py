"""Load on a cold `moneycards serve`: N mixed callers for T seconds, for each N of
`--callers` (default 50, 100 and 200), then health-only callers as the baseline, with a 1 s
liveness probe every second throughout (loopback only).

    .venv/bin/python bench/load.py --callers 50,100,200 --seconds 30

Each caller sends its calls with a 5 s deadline. A call beyond the server's concurrent
calls waits for a slot while its deadline allows and is shed (RESOURCE_EXHAUSTED, which
callers retry after the advertised delay) only when it cannot start in time. Prints per row
requests per second, p50/p99 latency, the shed share (sheds among all answers), errors (any
other status a request did not ask for), then failed liveness probes and the server's RSS
growth. Exit 1 if there were errors or failed probes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import grpc  # noqa: E402
from grpc_health.v1 import health_pb2, health_pb2_grpc  # noqa: E402

HOST = "127.0.0.1"  # never anything but loopback
MAX_CALLERS, MAX_SECONDS = 1000, 600
SHED_BACKOFF_S = 0.1  # the RetryInfo delay the server advertises


# -- the request mix --------------------------------------------------------------------------
def request_mix(seed: int = 5) -> list[tuple[str, str, object, grpc.StatusCode]]:
    """(service, method, request, expected code): every RPC, valid and a few bad inputs."""
    from moneycards.records import game_record_message
    from moneycards.solver.games import seeded
    from moneycards.v1 import kowah_pb2, lukfu_pb2, totom_pb2

    ok, bad = grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT
    rng = random.Random(seed)
    mix = []
    hint_cls = {"totom": totom_pb2.TotomServiceHintRequest,
                "kowah": kowah_pb2.KowahServiceHintRequest,
                "lukfu": lukfu_pb2.LukFuServiceHintRequest}
    service = {"totom": "moneycards.v1.TotomService", "kowah": "moneycards.v1.KowahService",
               "lukfu": "moneycards.v1.LukFuService"}
    for game in ("totom", "kowah", "lukfu"):
        for deal in range(4):
            state = seeded(game, seed * 100 + deal)
            while not state.is_over:
                if rng.random() < 0.15:
                    obs = state.observation(state.current_seat()).to_json()
                    mix.append((service[game], "Hint",
                                hint_cls[game](observation_json=json.dumps(obs)), ok))
                    if game == "kowah" and obs["phase"] == "KOWAH_PHASE_DRAW":
                        mix.append((service[game], "CheckReady",
                                    kowah_pb2.CheckReadyRequest(hand=obs["hand"]), ok))
                state.apply(rng.choice(state.legal_texts()))
            mix.append((service[game], "CheckGameRecord",
                        game_record_message(game, state.engine_record()), ok))
        first = seeded(game, seed).deal_json()["hands"]
        if game == "totom":
            dealer = seeded(game, seed).dealer
            mix.append((service[game], "CheckHand",
                        totom_pb2.CheckHandRequest(hand=first[dealer]), ok))
            mix.append((service[game], "FindWaits",
                        totom_pb2.FindWaitsRequest(hand=first[(dealer + 1) % 4]), ok))
            mix.append((service[game], "CheckHand", totom_pb2.CheckHandRequest(hand="２２c"),
                        bad))
    mix += [
        ("moneycards.v1.KowahService", "CheckWin", kowah_pb2.CheckWinRequest(
            hand="1c2c3c 4c5c6c 7c7c", pair="7c7c", card="7c",
            via=kowah_pb2.KOWAH_VIA_DISCARD), ok),
        ("moneycards.v1.LukFuService", "ComparePlays",
         lukfu_pb2.ComparePlaysRequest(play="9c", over="1c"), ok),
        ("moneycards.v1.LukFuService", "Score",
         lukfu_pb2.ScoreRequest(fu=8, winner=1, caller=0), ok),
        ("moneycards.v1.LukFuService", "Score",
         lukfu_pb2.ScoreRequest(fu=2**31 - 1, winner=1, caller=0), bad),
        ("moneycards.v1.KowahService", "Hint",
         kowah_pb2.KowahServiceHintRequest(observation_json="[" * 5000), bad),
    ]
    return mix


# -- liveness probe (its own process, so a busy load generator cannot fail it) ---------------
def probe(address: str, stop, results) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    failed = sent = 0
    with grpc.insecure_channel(address) as ch:
        stub = health_pb2_grpc.HealthStub(ch)
        while not stop.is_set():
            started = time.monotonic()
            sent += 1
            try:
                r = stub.Check(health_pb2.HealthCheckRequest(), timeout=1.0)
                failed += r.status != health_pb2.HealthCheckResponse.SERVING
            except grpc.RpcError:
                failed += 1
            stop.wait(max(0.0, 1.0 - (time.monotonic() - started)))
    results.put((sent, failed))


# -- callers ------------------------------------------------------------------------------------
async def callers(address: str, n: int, seconds: float, mix) -> dict:
    from google.protobuf.message_factory import GetMessageClass

    from moneycards.server.app import SERVICES

    outputs = {}
    for module, name, _, _ in SERVICES:
        svc = module.DESCRIPTOR.services_by_name[name]
        for m in svc.methods:
            outputs[(svc.full_name, m.name)] = GetMessageClass(m.output_type)
    health_only = mix is None
    stats = {"latencies": [], "answered": 0, "shed": 0, "errors": Counter()}
    deadline = time.monotonic() + seconds
    async with grpc.aio.insecure_channel(address) as ch:
        calls = {}
        if health_only:
            check = health_pb2_grpc.HealthStub(ch).Check
        else:
            for (svc, method), out in outputs.items():
                calls[(svc, method)] = ch.unary_unary(
                    f"/{svc}/{method}", request_serializer=lambda m: m.SerializeToString(),
                    response_deserializer=out.FromString)

        async def one(k: int):
            rng = random.Random(k)
            while time.monotonic() < deadline:
                started = time.perf_counter()
                try:
                    if health_only:
                        await check(health_pb2.HealthCheckRequest(), timeout=5)
                        expected = grpc.StatusCode.OK
                    else:
                        svc, method, request, expected = rng.choice(mix)
                        await calls[(svc, method)](request, timeout=5)
                    code = grpc.StatusCode.OK
                except grpc.aio.AioRpcError as err:
                    code = err.code()
                if code == grpc.StatusCode.RESOURCE_EXHAUSTED:
                    stats["shed"] += 1
                    await asyncio.sleep(SHED_BACKOFF_S)
                    continue
                stats["latencies"].append((time.perf_counter() - started) * 1000)
                if code == expected:
                    stats["answered"] += 1
                else:
                    stats["errors"][code.name] += 1

        await asyncio.gather(*(one(k) for k in range(n)))
    stats["seconds"] = seconds
    return stats


def rss_kb(pid: int) -> int:
    m = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(m.group(1)) if m else 0


def rss_tree_kb(pid: int) -> int:
    """The server's RSS with its worker processes."""
    total = rss_kb(pid)
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        total += rss_tree_kb(int(child))
    return total


def line(name: str, n: int, stats: dict) -> str:
    lat = sorted(stats["latencies"]) or [0.0]
    p50 = statistics.median(lat)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    errors = sum(stats["errors"].values())
    detail = " " + ", ".join(f"{k} {v}" for k, v in stats["errors"].items()) if errors else ""
    shed_share = stats["shed"] / max(1, stats["shed"] + stats["answered"] + errors)
    return (f"{name:<12} {n:>4} callers, {stats['seconds']:.0f} s: "
            f"{stats['answered'] / stats['seconds']:8.1f} rps answered, p50 {p50:7.1f} ms, "
            f"p99 {p99:7.1f} ms, shed {stats['shed']} ({shed_share:.1%}), "
            f"errors {errors}{detail}"), p99


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--callers", default="50,100,200",
                    help="concurrent callers, one row each (comma-separated)")
    ap.add_argument("--seconds", type=float, default=30.0, help="per row")
    ap.add_argument("--health-seconds", type=float, default=15.0)
    ap.add_argument("--workers", type=int, help="serve --workers (default: serve's own)")
    ap.add_argument("--max-waiting", type=int,
                    help="serve --max-waiting (default: serve's own; 0 refuses at once)")
    args = ap.parse_args()
    try:
        counts = [int(c) for c in args.callers.split(",") if c.strip()]
    except ValueError:
        counts = []
    if not counts or not all(1 <= c <= MAX_CALLERS for c in counts) \
            or not 1 <= args.seconds <= MAX_SECONDS \
            or not 1 <= args.health_seconds <= MAX_SECONDS:
        ap.error(f"callers 1-{MAX_CALLERS} each (comma-separated), seconds 1-{MAX_SECONDS}")
    mix = request_mix()
    # A throw-away store file: with it `serve` runs its default, a server process per core.
    store = Path(tempfile.mkdtemp(prefix="load-")) / "tables.db"
    t0 = time.monotonic()
    extra = ["--workers", str(args.workers)] if args.workers else []
    if args.max_waiting is not None:
        extra += ["--max-waiting", str(args.max_waiting)]
    server = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--host", HOST,
                               "--port", "0", "--no-web", "--db", str(store), *extra],
                              stdout=subprocess.PIPE, text=True)
    try:
        m = re.search(r":(\d+) ", server.stdout.readline())
        if not m:
            print("the server did not start", file=sys.stderr)
            return 1
        address = f"{HOST}:{m.group(1)}"
        print(f"cold start   SERVING after {time.monotonic() - t0:.1f} s "
              f"({len(mix)} distinct requests in the mix)")
        stop, results = multiprocessing.Event(), multiprocessing.Queue()
        prober = multiprocessing.Process(target=probe, args=(address, stop, results))
        prober.start()
        rss0 = rss_tree_kb(server.pid)
        rows = []
        for n in counts:
            print(f"{n} mixed callers for {args.seconds:.0f} s ...", file=sys.stderr)
            rows.append((n, asyncio.run(callers(address, n, args.seconds, mix))))
        rss1 = rss_tree_kb(server.pid)
        health = asyncio.run(callers(address, max(counts), args.health_seconds, None))
        stop.set()
        sent, failed = results.get(timeout=10)
        prober.join(timeout=10)
        for n, mixed in rows:
            print(line("mixed", n, mixed)[0])
        print(line("health-only", max(counts), health)[0])
        print(f"liveness     {sent} probes (1 s deadline, one a second), {failed} failed")
        print(f"server RSS   {rss0 / 1024:.0f} MB -> {rss1 / 1024:.0f} MB over the mixed load, "
              f"workers included "
              f"({(rss1 - rss0) / 1024:+.0f} MB)")
        bad = sum(sum(m["errors"].values()) for _, m in rows) \
            + sum(health["errors"].values()) + failed
        return 1 if bad else 0
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(store.parent, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
