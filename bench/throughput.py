"""The throughput targets of batch verdicts and of a server on every core, in one run.

    .venv/bin/python bench/throughput.py [--seconds 3]
    .venv/bin/python bench/throughput.py --seconds 2 --max-calls 2,4,8,16,64

Prints one table: in-process batch rates (Tổ Tôm win check and full scoring, Kowah
readiness), gRPC batches of 1,000 hands, single CheckHand (default engine) and CheckReady
against the trivial health call on the same server with 1 and 50 callers, and the
50-caller CheckHand rate of `serve --processes 2` against `--processes 1`. Servers are
real `moneycards serve --max-calls 64` processes on loopback (so 50 callers are admitted,
not shed); the callers are asyncio gRPC clients in
two client processes, on the same cores as the server (the machine is shared and noisy:
compare the ratios, measured in this one run, not the absolute rates). With `--max-calls`
it instead measures the single calls at 50 callers for each thread count per process.

Where h2load (Debian's nghttp2-client) is installed, the 50-caller rows are measured a
second time with it as the load: 50 HTTP/2 connections sending the same gRPC frames from
one C process, which leaves the server nearly both cores (a Python caller costs about as
much CPU per call as the server's own work). The two servers are measured in turn over
three rounds and the medians compared. Every h2load response is checked to carry the full
answer, so a shed or failed call cannot count.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import numpy as np  # noqa: E402

HOST = "127.0.0.1"
PAGE = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
CLIENTS = 2  # client processes for the many-caller rows


def totom_counts(n: int, seed: int = 99):
    from test_totom_differential import hands

    base = np.array(hands(seed, 2000), dtype=np.int8)
    return np.tile(base, (n // len(base) + 1, 1))[:n]


def kowah_texts(n: int, seed: int = 7) -> list[str]:
    from moneycards.solver.kowah import KOWAH

    rng = random.Random(seed)
    deck = [f for f in KOWAH.faces for _ in range(4)]
    return [KOWAH.render(rng.sample(deck, 8)) for _ in range(n)]


def timed(fn, *args, min_seconds: float = 1.0) -> float:
    """Seconds per call of fn(*args), repeated for at least min_seconds."""
    fn(*args)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < min_seconds:
        fn(*args)
        n += 1
    return (time.perf_counter() - start) / n


def in_process(seconds: float) -> list[tuple[str, float, str]]:
    from moneycards.solver.totom import TOTOM
    from moneycards.solver.kowah import batch as kb
    from moneycards.solver.totom import batch as tb

    rows = []
    big = totom_counts(1_000_000)
    rows.append(("Tổ Tôm win check, in process", len(big) / timed(tb.wins_only, big,
                                                                 min_seconds=seconds),
                 "≥ 1,000,000/s"))
    mid = big[:200_000]
    rows.append(("Tổ Tôm full TT-K scoring, in process",
                 len(mid) / timed(tb.check_many, mid, min_seconds=seconds), "≥ 200,000/s"))
    texts = [TOTOM.render(h) for h in big[:20_000].tolist()]
    rows.append(("  the same from notation text", len(texts) / timed(
        tb.check_texts, texts, min_seconds=seconds), ""))
    kt = kowah_texts(20_000)
    kc = kb.check_texts(kt).counts
    kc = np.tile(kc, (10, 1))
    kb.tables()
    rows.append(("Kowah readiness + waits, in process",
                 len(kc) / timed(kb.check_many, kc, min_seconds=seconds), "≥ 200,000/s"))
    kb.distance_tables()
    rows.append(("  with the distance to ready", len(kc) / timed(
        lambda c: kb.check_many(c, distance=True), kc, min_seconds=seconds), ""))
    rows.append(("  the same from notation text", len(kt) / timed(
        lambda t: kb.check_texts(t, distance=True), kt, min_seconds=seconds), ""))
    return rows


# -- servers and callers -------------------------------------------------------------------
def start_server(*args: str):
    # Server processes share their tables' store: a throw-away SQLite file.
    db = Path(tempfile.mkdtemp(prefix="moneycards-bench-")) / "tables.db"
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--host", HOST,
                             "--port", "0", "--db", str(db), "--max-calls", "64", *args],
                            stdout=subprocess.PIPE, text=True)
    m = re.search(r":(\d+) ", proc.stdout.readline())
    if not m:
        proc.kill()
        raise SystemExit("the server did not start")
    return proc, f"{HOST}:{m.group(1)}"


def stop_server(proc) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


def _requests(kind: str):
    from grpc_health.v1 import health_pb2

    from moneycards.solver.totom import TOTOM
    from moneycards.v1 import kowah_pb2, totom_pb2

    if kind == "health":
        return "/grpc.health.v1.Health/Check", health_pb2.HealthCheckRequest(), \
            health_pb2.HealthCheckResponse, 1
    if kind == "check_hand":
        return "/moneycards.v1.TotomService/CheckHand", totom_pb2.CheckHandRequest(
            hand=PAGE, context=totom_pb2.TotomWinContext(win_card="3c",
                                                         via=totom_pb2.WIN_VIA_OWN_DOOR)), \
            totom_pb2.CheckHandResponse, 1
    if kind == "check_ready":
        return "/moneycards.v1.KowahService/CheckReady", kowah_pb2.CheckReadyRequest(
            hand="55c55s5m 777c"), kowah_pb2.CheckReadyResponse, 1
    if kind == "check_hands":
        texts = [TOTOM.render(h) for h in totom_counts(1000, seed=3).tolist()]
        return "/moneycards.v1.TotomService/CheckHands", totom_pb2.CheckHandsRequest(
            hands=texts), totom_pb2.CheckHandsResponse, 1000
    if kind == "check_ready_many":
        return "/moneycards.v1.KowahService/CheckReadyMany", kowah_pb2.CheckReadyManyRequest(
            hands=kowah_texts(1000, seed=3)), kowah_pb2.CheckReadyManyResponse, 1000
    raise ValueError(kind)


async def _callers(address: str, kind: str, callers: int, seconds: float) -> int:
    import grpc

    method, request, response_cls, per_call = _requests(kind)
    channels = [grpc.aio.insecure_channel(address, options=[
        ("grpc.use_local_subchannel_pool", 1)]) for _ in range(min(callers, 8))]
    calls = [ch.unary_unary(method, request_serializer=lambda m: m.SerializeToString(),
                            response_deserializer=response_cls.FromString) for ch in channels]
    for call in calls:  # connect each channel (a shed call is tried again)
        while True:
            try:
                await call(request, timeout=30)
                break
            except grpc.aio.AioRpcError as err:
                if err.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                    raise
                await asyncio.sleep(0.1)
    done = 0
    end = time.perf_counter() + seconds

    async def one(k: int) -> None:
        nonlocal done
        call = calls[k % len(calls)]
        while time.perf_counter() < end:
            try:
                await call(request, timeout=30)
            except grpc.aio.AioRpcError as err:  # shed: retry after the advertised delay
                if err.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                    raise
                await asyncio.sleep(0.1)
                continue
            done += per_call

    await asyncio.gather(*(one(k) for k in range(callers)))
    for ch in channels:
        await ch.close()
    return done


def _client(args) -> int:
    return asyncio.run(_callers(*args))


def rate(address: str, kind: str, callers: int, seconds: float) -> float:
    """Items (calls, or hands for batches) per second: one client process for one caller,
    CLIENTS processes sharing the callers otherwise."""
    if callers == 1:
        return _client((address, kind, 1, seconds)) / seconds
    share = [callers // CLIENTS + (k < callers % CLIENTS) for k in range(CLIENTS)]
    with multiprocessing.get_context("spawn").Pool(CLIENTS) as pool:
        done = pool.map(_client, [(address, kind, c, seconds) for c in share])
    return sum(done) / seconds


def h2load_rate(address: str, kind: str, callers: int, seconds: float) -> float:
    """Calls per second from h2load: `callers` connections, one call in flight on each.
    Raises unless every response carried the full answer (an error response has no body)."""
    import grpc

    method, request, response_cls, per_call = _requests(kind)
    with grpc.insecure_channel(address) as ch:  # the answer's size, to check every response
        answer = ch.unary_unary(method, request_serializer=lambda m: m.SerializeToString(),
                                response_deserializer=response_cls.FromString)(request,
                                                                               timeout=30)
    expected = 5 + answer.ByteSize()  # gRPC frame: flag byte and length, then the message
    body = request.SerializeToString()
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(b"\0" + struct.pack(">I", len(body)) + body)
        f.flush()
        cmd = ["h2load", "-c", str(callers), "-m", "1", "-D", str(max(1, round(seconds))),
               "-d", f.name,
               "-H", "content-type: application/grpc", "-H", "te: trailers",
               f"http://{address}{method}"]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    done = int(re.search(r"requests: \d+ total, \d+ started, (\d+) done", out).group(1))
    data = int(re.search(r"traffic: .*\((\d+)\) data", out).group(1))
    seconds_taken = float(re.search(r"finished in ([\d.]+)s", out).group(1))
    if done == 0 or data < done * expected:
        raise SystemExit(f"h2load: {done} calls but {data} bytes of answers "
                         f"({expected} each): some calls failed")
    return done * per_call / seconds_taken


def threads(values: str, seconds: float, rounds: int = 3) -> None:
    """CheckHand and CheckReady at 50 callers against health, one server per thread count.
    The servers run side by side and are measured in turn, round after round, and each
    figure is the median over the rounds: the other jobs on the machine change the CPU left
    over from minute to minute, and this spreads that change over every setting."""
    import statistics

    counts = values.split(",")
    servers = {n: start_server("--processes", "1", "--max-calls", n) for n in counts}
    got: dict[tuple[str, str], list[float]] = {}
    try:
        for _ in range(rounds):
            for n, (_, address) in servers.items():
                for kind in ("health", "check_hand", "check_ready"):
                    got.setdefault((n, kind), []).append(rate(address, kind, 50, seconds))
    finally:
        for proc, _ in servers.values():
            stop_server(proc)
    print(f"{'--max-calls':<12}{'health':>8}{'CheckHand':>18}{'CheckReady':>18}"
          f"   (50 callers, median of {rounds} rounds)")
    for n in counts:
        med = {kind: statistics.median(got[n, kind])
               for kind in ("health", "check_hand", "check_ready")}
        base = med["health"]
        cells = [f"{med[k]:,.0f} ({med[k] / base:.2f}×)" for k in ("check_hand", "check_ready")]
        print(f"{n:<12}{base:>8,.0f}{cells[0]:>18}{cells[1]:>18}")


def h2load_rows(seconds: float, rounds: int = 3) -> list[tuple[str, float, str]]:
    """The 50-caller single calls and the two-process ratio again, with h2load as the load.
    A one-process and a two-process server run side by side (an idle server takes no CPU)
    and are measured in turn, round after round; each figure is the median over the rounds,
    so the drift of what else the machine runs falls on every figure alike."""
    import statistics

    got: dict[tuple[str, str], list[float]] = {}
    flags = {"1": ("--processes", "1"), "2": ("--processes", "2"),
             "2 unpinned": ("--processes", "2", "--no-cpu-affinity")}
    servers = {name: start_server(*args) for name, args in flags.items()}
    try:
        for _ in range(rounds):
            for name, kinds in (("1", ("health", "check_hand", "check_ready")),
                                ("2", ("health", "check_hand")),
                                ("2 unpinned", ("health", "check_hand"))):
                for kind in kinds:
                    got.setdefault((name, kind), []).append(
                        h2load_rate(servers[name][1], kind, 50, seconds))
    finally:
        for proc, _ in servers.values():
            stop_server(proc)
    med = {key: statistics.median(values) for key, values in got.items()}
    base = med["1", "health"]
    label = f"h2load (median of {rounds}): gRPC"
    rows = [(f"{label} health.Check, 50 callers", base, "")]
    for kind, name in (("check_hand", "CheckHand (cpsat)"), ("check_ready", "CheckReady")):
        r = med["1", kind]
        rows.append((f"{label} {name}, 50 callers", r, f"{r / base:.2f}× health"
                     + (" (≥ 0.5×)" if kind == "check_hand" else "")))
    for name, what in (("2", "--processes 2"), ("2 unpinned", "--processes 2 --no-cpu-affinity")):
        two = med[name, "check_hand"]
        rows.append((f"{label} CheckHand, 50 callers, {what}", two,
                     f"{two / med['1', 'check_hand']:.2f}× --processes 1"
                     + (" (≥ 1.7×)" if name == "2" else "")))
        rows.append((f"{label} health.Check, 50 callers, {what}", med[name, "health"],
                     f"{med[name, 'health'] / base:.2f}× --processes 1"))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    ap.add_argument("--max-calls", metavar="N,N,...",
                    help="instead: the single calls at 50 callers on `serve --processes 1 "
                         "--max-calls N` (the threads per process) for each N")
    args = ap.parse_args()
    s = args.seconds
    if args.max_calls:
        threads(args.max_calls, s)
        return
    rows = in_process(min(s, 2.0))

    proc, address = start_server("--processes", "1")
    try:
        for kind, name in (("check_hands", "Tổ Tôm CheckHands, batches of 1,000"),
                           ("check_ready_many", "Kowah CheckReadyMany, batches of 1,000")):
            rows.append((f"gRPC {name}, 1 caller", rate(address, kind, 1, s), "≥ 100,000/s"))
            rows.append((f"gRPC {name}, 4 callers", rate(address, kind, 4, s), ""))
        single = {}
        for callers in (1, 50):
            for kind in ("health", "check_hand", "check_ready"):
                single[kind, callers] = rate(address, kind, callers, s)
    finally:
        stop_server(proc)
    for callers in (1, 50):
        base = single["health", callers]
        rows.append((f"gRPC health.Check, {callers} caller(s)", base, ""))
        for kind, name in (("check_hand", "CheckHand (cpsat)"), ("check_ready", "CheckReady")):
            r = single[kind, callers]
            rows.append((f"gRPC {name}, {callers} caller(s)", r,
                         f"{r / base:.2f}× health" + (" (≥ 0.5×)" if kind == "check_hand"
                                                       else "")))
    proc, address = start_server("--processes", "2")
    try:
        two = rate(address, "check_hand", 50, s)
    finally:
        stop_server(proc)
    one = single["check_hand", 50]
    rows.append(("gRPC CheckHand, 50 callers, --processes 2", two,
                 f"{two / one:.2f}× --processes 1 (≥ 1.7×)"))
    if shutil.which("h2load"):
        rows.extend(h2load_rows(s))
    else:
        print("h2load not found (apt-get install nghttp2-client): its rows are left out",
              file=sys.stderr)

    width = max(len(name) for name, _, _ in rows) + 2
    print(f"{'measurement':<{width}}{'per second':>12}  target / ratio")
    for name, value, note in rows:
        print(f"{name:<{width}}{value:>12,.0f}  {note}".rstrip())


if __name__ == "__main__":
    main()
