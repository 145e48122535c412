"""Concurrent calls on one server: each answer must be the answer to its own request.

The CP-SAT models are built once and re-bounded per call, so server threads must not share
one; this test fails if they do (wrong answers or crashes under load).
"""

import random
from concurrent.futures import ThreadPoolExecutor

from moneycards.v1 import kowah_pb2, kowah_pb2_grpc, totom_pb2, totom_pb2_grpc
from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM
from moneycards.solver.kowah.exact import splits_exact
from tests.test_kowah_differential import built_hand
from tests.test_totom_differential import hands, oracle


def test_concurrent_totom_checks_answer_their_own_hand(channel):
    stub = totom_pb2_grpc.TotomServiceStub(channel)
    sample = hands(77, 400)

    def call(counts):
        r = stub.CheckHand(totom_pb2.CheckHandRequest(hand=TOTOM.render(counts)), timeout=30)
        return (r.wins, r.chan_count, r.ca_count) == oracle(counts)[:3]

    with ThreadPoolExecutor(16) as pool:
        assert all(pool.map(call, sample))


def test_concurrent_kowah_checks_answer_their_own_hand(channel):
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    rng = random.Random(3)
    sample = [built_hand(rng) for _ in range(300)]

    def call(counts):
        r = stub.CheckReady(kowah_pb2.CheckReadyRequest(hand=KOWAH.render(counts)), timeout=30)
        return set(r.waits) == {s.wait.text for s in splits_exact(counts)}

    with ThreadPoolExecutor(16) as pool:
        assert all(pool.map(call, sample))
