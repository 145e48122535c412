"""Tổ Tôm verdict throughput: in process (CP-SAT and exact) and over gRPC.

    python bench/totom_bench.py

Prints rates and ratios measured in this one run (the machine is shared and noisy, so the
ratios are the figures to compare, not the absolute rates).
"""

from __future__ import annotations

import random

from common import grpc_table, per_second, start_server

from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.check import check_hand, find_waits
from moneycards.solver.totom.scoring import WinContext


def main() -> None:
    import sys
    sys.path.insert(0, "tests")
    from test_totom_differential import hands  # the same random hands as the tests

    sample = hands(99, 2000)
    ctx = WinContext()
    rates = {}
    for engine in ("exact", "cpsat"):
        rates[engine] = per_second(lambda c, e=engine: check_hand(c, ctx, engine=e), sample)
    print("In process, CheckHand verdicts per second (random 20-card hands):")
    for engine, rate in rates.items():
        print(f"  {engine:<6} {rate:>10.0f}/s   {rate / rates['cpsat']:>6.1f}x cpsat")
    rng = random.Random(5)
    nineteen = []
    for c in sample[:200]:
        c = list(c)
        c[rng.choice([i for i, n in enumerate(c) if n])] -= 1
        nineteen.append(c)
    seen = [0] * 25
    for engine in ("exact", "cpsat"):
        r = per_second(lambda c, e=engine: find_waits(c, WinContext(via="stock"), seen, engine=e),
                       nineteen)
        print(f"  waits {engine:<6} {r:>8.0f}/s (25 candidate cards each)")

    from moneycards.v1 import totom_pb2 as pb
    from moneycards.v1 import totom_pb2_grpc

    server, channel = start_server()
    stub = totom_pb2_grpc.TotomServiceStub(channel)
    hand = TOTOM.render(sample[0])
    page = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
    request = pb.CheckHandRequest(hand=page, context=pb.TotomWinContext(
        win_card="3c", via=pb.WIN_VIA_OWN_DOOR))
    exact = pb.CheckHandRequest(hand=page, engine=pb.PARTITION_ENGINE_EXACT)
    print(f"\nOver gRPC on loopback (client and server share the cores); hand {hand!r}:")
    grpc_table(channel, {
        "TotomService.CheckHand (cpsat)": lambda: stub.CheckHand(request, timeout=10),
        "TotomService.CheckHand (exact)": lambda: stub.CheckHand(exact, timeout=10),
    })
    channel.close()
    server.stop(None)


if __name__ == "__main__":
    main()
