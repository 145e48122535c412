"""KowahService over a real loopback server."""

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.v1 import kowah_pb2 as pb
from moneycards.v1 import kowah_pb2_grpc


@pytest.fixture(scope="module")
def stub(channel):
    return kowah_pb2_grpc.KowahServiceStub(channel)


def test_check_ready_page_example(stub):
    r = stub.CheckReady(pb.CheckReadyRequest(hand="55c 55s 5m 777c"), timeout=10)
    assert r.ready and set(r.waits) == {"5c", "5s"} and r.distance == 0
    assert {s.pair for s in r.splits} == {"55c", "55s"}


def test_check_ready_not_ready_has_distance(stub):
    r = stub.CheckReady(pb.CheckReadyRequest(hand="555c 5s 5m 777c"), timeout=10)
    assert not r.ready and [v.rule for v in r.violations] == ["KW-R5"]
    assert r.distance == 1 and list(r.draw) == ["5c"] and list(r.discard) == ["7c"]
    assert r.target.pair == "77c"


@pytest.mark.parametrize("via,mult", [(pb.KOWAH_VIA_SELF_DRAW, 3), (pb.KOWAH_VIA_DRAW, 1),
                                      (pb.KOWAH_VIA_DISCARD, 2)])
def test_check_win(stub, via, mult):
    r = stub.CheckWin(pb.CheckWinRequest(hand="222h 555c 99s", pair="99s", card="9s", via=via),
                      timeout=10)
    assert r.wins and r.multiplier == mult


@pytest.mark.parametrize("call,request_,field", [
    ("CheckReady", pb.CheckReadyRequest(hand="555c 777s 9m"), "hand"),
    ("CheckReady", pb.CheckReadyRequest(hand="555c 777s 99m 5t"), "hand"),
    ("CheckWin", pb.CheckWinRequest(hand="222h 555c 99s", pair="99s", card="9s"), "via"),
    ("CheckWin", pb.CheckWinRequest(hand="222h 555c 99s", pair="9s9m", card="9s",
                                    via=pb.KOWAH_VIA_DRAW), "pair"),
])
def test_invalid_argument(stub, call, request_, field):
    with pytest.raises(grpc.RpcError) as info:
        getattr(stub, call)(request_, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    bad = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(bad)
    assert bad.field_violations[0].field == field
