"""Kowah throughput: splits and distance in process (CP-SAT and exact), and over gRPC.

    python bench/kowah_bench.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from common import grpc_table, per_second, start_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from moneycards.solver.kowah.check import check_ready  # noqa: E402
from moneycards.solver.kowah.model import distance_cpsat, splits_cpsat  # noqa: E402
from moneycards.solver.kowah.exact import distance_exact, ready_slots  # noqa: E402
from moneycards.solver.kowah.exact import splits_exact  # noqa: E402
from test_kowah_differential import built_hand, dealt_hand  # noqa: E402


def main() -> None:
    rng = random.Random(11)
    ready = [built_hand(rng) for _ in range(500)]
    dealt = [dealt_hand(rng) for _ in range(500)]
    caps = [4] * 30
    ready_slots()  # the oracle's one-time table
    print("In process, per second:")
    rows = {
        "splits cpsat (built hands)": (splits_cpsat, ready),
        "splits exact (built hands)": (splits_exact, ready),
        "distance cpsat (dealt hands)": (lambda c: distance_cpsat(c, caps), dealt),
        "distance exact (dealt hands)": (lambda c: distance_exact(c, caps), dealt),
        "check_ready (mixed)": (check_ready, ready[:250] + dealt[:250]),
    }
    for name, (fn, items) in rows.items():
        print(f"  {name:<30} {per_second(fn, items):>8.0f}/s")

    from moneycards.v1 import kowah_pb2 as pb
    from moneycards.v1 import kowah_pb2_grpc

    server, channel = start_server()
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    ready_req = pb.CheckReadyRequest(hand="55c 55s 5m 777c")
    far_req = pb.CheckReadyRequest(hand="1c 3s 5m 7c 9s 1h 2h 3h")
    win_req = pb.CheckWinRequest(hand="222h 555c 99s", pair="99s", card="9s",
                                 via=pb.KOWAH_VIA_DISCARD)
    print("\nOver gRPC on loopback (client and server share the cores):")
    grpc_table(channel, {
        "KowahService.CheckReady (ready)": lambda: stub.CheckReady(ready_req, timeout=10),
        "KowahService.CheckReady (far)": lambda: stub.CheckReady(far_req, timeout=10),
        "KowahService.CheckWin": lambda: stub.CheckWin(win_req, timeout=10),
    })
    channel.close()
    server.stop(None)


if __name__ == "__main__":
    main()
