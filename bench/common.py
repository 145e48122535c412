"""Shared benchmark helpers: a loopback server, timed loops and concurrent callers."""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import grpc  # noqa: E402
from grpc_health.v1 import health_pb2, health_pb2_grpc  # noqa: E402


def per_second(fn, items, min_seconds: float = 1.0) -> float:
    """Calls per second of fn over items, repeated until min_seconds have passed."""
    n, start = 0, time.perf_counter()
    while True:
        for item in items:
            fn(item)
        n += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return n / elapsed


def concurrent_rate(call, concurrency: int, total: int) -> float:
    """Requests per second with `concurrency` callers making `total` calls in all."""
    start = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(lambda _: call(), range(total)))
    return total / (time.perf_counter() - start)


def latencies_ms(call, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        call()
        out.append((time.perf_counter() - t) * 1000)
    return out


def pct(values, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def grpc_table(channel, calls: dict, total: int = 3000) -> None:
    """Print each call's rate at 1 and 50 callers beside the trivial health Check."""
    health = health_pb2_grpc.HealthStub(channel)
    trivial = lambda: health.Check(health_pb2.HealthCheckRequest(), timeout=10)  # noqa: E731
    rows = {"health.Check (trivial)": trivial, **calls}
    for fn in rows.values():  # warm up
        for _ in range(50):
            fn()
    base = {}
    print(f"{'call':<34}{'1 caller/s':>12}{'p50 ms':>9}{'50 callers/s':>14}{'ratio 1':>9}"
          f"{'ratio 50':>10}")
    for name, fn in rows.items():
        lat = latencies_ms(fn, total // 3)
        one = 1000 / statistics.mean(lat)
        fifty = concurrent_rate(fn, 50, total)
        if not base:
            base = {"one": one, "fifty": fifty}
        print(f"{name:<34}{one:>12.0f}{pct(lat, 0.5):>9.2f}{fifty:>14.0f}"
              f"{one / base['one']:>9.2f}{fifty / base['fifty']:>10.2f}")


def start_server():
    from moneycards.server.app import build_server

    server, port = build_server("127.0.0.1", 0, workers=16)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    grpc.channel_ready_future(channel).result(timeout=10)
    return server, channel
