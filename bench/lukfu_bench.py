"""Luk Fu: old-card proof times on the differential positions, and gRPC rates.

    python bench/lukfu_bench.py [N_POSITIONS]

Prints the median, 99th percentile and worst proof time (CP-SAT, and the brute-force
oracle) over the same kind of positions the differential tests use — random legal deals at
random points — and the large positions of whole deals, then ComparePlays and ProveOld
over gRPC beside the trivial health Check.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

from common import grpc_table, pct, start_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from moneycards.solver.lukfu.old import Position, prove_old  # noqa: E402
from moneycards.solver.lukfu.table import random_deal  # noqa: E402
from test_lukfu_old_differential import positions  # noqa: E402


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def summary(name, ms):
    print(f"  {name:<34} n={len(ms):<5} median {statistics.median(ms):7.2f} ms   "
          f"p99 {pct(ms, 0.99):7.2f} ms   worst {max(ms):7.2f} ms")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    prove_old(positions(1, 1)[0][0])  # warm up: the first proof imports ortools
    small = [p for chunk in range(4) for p, _ in positions(chunk + 1, n // 4)]
    print(f"Old-card proofs on {len(small)} differential positions (<= 20,000 worlds):")
    summary("cpsat (as served)", [timed(lambda p=p: prove_old(p)) for p in small])
    summary("exact (brute force oracle)", [timed(lambda p=p: prove_old(p, "exact")) for p in small])

    rng = random.Random(3)
    large = []

    def keep(state):
        if state.record.tricks and not state.is_over and rng.random() < 0.3:
            seat = rng.randrange(3)
            large.append(Position(state.record.snapshot(), seat, set(state.hands[seat])))

    for seed in range(60):
        random_deal(10_000 + seed, on_step=keep)
    constrained = [p for p in large if p.constraints]
    print(f"Whole-deal positions: {len(large)} ({len(constrained)} with face-down "
          f"constraints):")
    summary("cpsat, all", [timed(lambda p=p: prove_old(p)) for p in large])
    summary("cpsat, with constraints", [timed(lambda p=p: prove_old(p)) for p in constrained])

    from moneycards.v1 import lukfu_pb2 as pb
    from moneycards.v1 import lukfu_pb2_grpc

    record = json.loads((ROOT / "examples" / "lukfu-record.json").read_text())
    msg = pb.LukFuRecord(master=record["master"], calls=record["calls"], tricks=[
        pb.LukFuTrick(leader=t["leader"], plays=[
            pb.LukFuAction(seat=a["seat"], cards=a.get("cards", ""), down=a.get("down", 0))
            for a in t["plays"]]) for t in record["tricks"]])
    server, channel = start_server()
    stub = lukfu_pb2_grpc.LukFuServiceStub(channel)
    cmp_req = pb.ComparePlaysRequest(play="9c9s9m", over="1c1s1m")
    old_req = pb.ProveOldRequest(hand="7c 5m6m 1t2t 9t 5s 8t", record=msg)
    print("\nOver gRPC on loopback (client and server share the cores):")
    grpc_table(channel, {
        "LukFuService.ComparePlays": lambda: stub.ComparePlays(cmp_req, timeout=10),
        "LukFuService.ProveOld (example)": lambda: stub.ProveOld(old_req, timeout=10),
    }, total=1500)
    channel.close()
    server.stop(None)


if __name__ == "__main__":
    main()
