"""Limits at their edges: Watch streams on threads of their own (a server with every watch
open still answers health at once), and zero watch streams a setting, not an error."""

from __future__ import annotations

import time

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from moneycards.server.app import start_service
from moneycards.server.limits import Limits
from moneycards.solver.errors import InvalidInput
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc


def test_every_watch_stream_open_leaves_health_and_calls_their_threads():
    svc = start_service("127.0.0.1", 0, 1, warm=False,
                        limits=Limits(max_concurrent=1, queue=0, max_watches=3))
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    streams = []
    try:
        stub = table_pb2_grpc.TableServiceStub(ch)
        seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
            common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                 ai_level=common_pb2.AI_LEVEL_RANDOM) for _ in range(2)]
        r = stub.CreateTable(table_pb2.CreateTableRequest(game=common_pb2.GAME_KOWAH,
                                                          seats=seats, seed=1))
        watch = table_pb2.WatchRequest(table_id=r.table_id, seat_token=r.seat_tokens[0].token,
                                       from_version=0)
        # Each waits for an event that never comes: each holds a server thread.
        streams = [stub.Watch(watch, timeout=30) for _ in range(3)]
        time.sleep(0.5)  # each has reached the server and holds its thread
        health = health_pb2_grpc.HealthStub(ch)
        for _ in range(3):
            assert health.Check(health_pb2.HealthCheckRequest(), timeout=2).status == \
                health_pb2.HealthCheckResponse.SERVING
        view = stub.GetView(table_pb2.GetViewRequest(table_id=r.table_id,
                                                     seat_token=r.seat_tokens[0].token),
                            timeout=2)
        assert view.view.table_id == r.table_id
    finally:
        for s in streams:
            s.cancel()
        ch.close()
        svc.server.stop(None)


@pytest.mark.parametrize("watches", [0, 10_000])
def test_max_watches_zero_and_the_maximum_are_settings(watches):
    assert Limits(max_watches=watches).max_watches == watches


@pytest.mark.parametrize("watches", [-1, 10_001])
def test_max_watches_outside_its_range_is_refused(watches):
    with pytest.raises(InvalidInput) as err:
        Limits(max_watches=watches)
    assert err.value.field == "--max-watches"
