"""The stateless Hint ranks the actions of the seat to act only: a view whose seat is not
the one to act was edited, and is refused naming the field, in every game."""

import json

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.solver.games import seeded, spec
from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2,
                           totom_pb2_grpc)

SERVICES = {"totom": (totom_pb2_grpc.TotomServiceStub, totom_pb2.TotomServiceHintRequest),
            "kowah": (kowah_pb2_grpc.KowahServiceStub, kowah_pb2.KowahServiceHintRequest),
            "lukfu": (lukfu_pb2_grpc.LukFuServiceStub, lukfu_pb2.LukFuServiceHintRequest)}


def bad_fields(err: grpc.RpcError) -> list[str]:
    status = rpc_status.from_call(err)
    out = []
    for d in status.details if status else []:
        if d.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            d.Unpack(bad)
            out += [v.field for v in bad.field_violations]
    return out


@pytest.mark.parametrize("game", sorted(SERVICES))
def test_a_view_whose_seat_is_not_to_act_is_refused_naming_to_act(channel, game):
    stub_cls, request_cls = SERVICES[game]
    stub = stub_cls(channel)
    state = seeded(game, 3)
    seat = state.current_seat()
    view = state.observation(seat).to_json()
    answered = stub.Hint(request_cls(observation_json=json.dumps(view), budget_ms=50),
                         timeout=30)
    assert answered.seat == seat and answered.actions  # the seat to act is answered
    for other in range(spec(game).seats):
        if other == seat:
            continue
        edited = dict(view, to_act=other)
        with pytest.raises(grpc.RpcError) as info:
            stub.Hint(request_cls(observation_json=json.dumps(edited), budget_ms=50),
                      timeout=30)
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert bad_fields(info.value) == ["observation_json.to_act"]
        assert f"seat {other} is to act" in info.value.details()
