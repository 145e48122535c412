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


def test_check_ready_counts_each_waits_unseen_copies_as_the_cli_does(stub):
    from moneycards.solver.kowah.check import check_text

    for seen in ("", "5c", "5c 5s 5s"):
        r = stub.CheckReady(pb.CheckReadyRequest(hand="55c 55s 5m 777c", seen=seen),
                            timeout=10)
        cli = check_text("55c 55s 5m 777c", seen=seen or None).to_dict()["unseen_waits"]
        assert dict(zip(r.waits, r.wait_unseen)) == cli
    assert list(r.wait_unseen) == [1, 0]  # 5c: one copy left; 5s: both seen


def test_check_ready_not_ready_has_distance(stub):
    r = stub.CheckReady(pb.CheckReadyRequest(hand="555c 5s 5m 777c"), timeout=10)
    assert not r.ready and [v.rule for v in r.violations] == ["KW-R5"]
    assert r.distance == 1 and list(r.draw) == ["5c"] and list(r.discard) == ["7c"]
    assert r.target.pair == "77c"


def test_check_ready_distance_is_absent_when_no_ready_hand_is_left(stub):
    # KW-R4..R6: every other copy is seen, so no exchange can make the hand ready.
    seen = " ".join(f"{r}{s}" * 4 for s in "csm" for r in range(1, 10)
                    if not (s == "c" and r <= 5 or s == "s" and r <= 3))
    seen += " " + " ".join(f"{r}{s}" * 3 for s, top in (("c", 5), ("s", 3))
                                          for r in range(1, top + 1))
    seen += " 1h1h1h1h 2h2h2h2h 3h3h3h3h"
    r = stub.CheckReady(pb.CheckReadyRequest(hand="12345c 123s", seen=seen), timeout=10)
    assert not r.ready and not r.HasField("distance") and not r.HasField("target")
    ready = stub.CheckReady(pb.CheckReadyRequest(hand="55c 55s 5m 777c"), timeout=10)
    assert ready.HasField("distance") and ready.distance == 0


def test_check_win_multiplier_is_absent_without_a_win_KW_K1(stub):
    r = stub.CheckWin(pb.CheckWinRequest(hand="222h 555c 99s", pair="99s", card="8s",
                                         via=pb.KOWAH_VIA_DISCARD), timeout=10)
    assert not r.wins and not r.HasField("multiplier") and r.violations


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
