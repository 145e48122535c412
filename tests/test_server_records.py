"""CheckGameRecord in every service, and records through protobuf and back."""

import random

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2,
                           totom_pb2_grpc)
from moneycards.v1 import common_pb2
from moneycards.server.records import game_record_dict, game_record_message
from moneycards.solver.games import GAMES, final_state, seeded

SERVICES = {
    "totom": (totom_pb2_grpc.TotomServiceStub, totom_pb2.TotomServiceCheckGameRecordRequest),
    "kowah": (kowah_pb2_grpc.KowahServiceStub, kowah_pb2.KowahServiceCheckGameRecordRequest),
    "lukfu": (lukfu_pb2_grpc.LukFuServiceStub, lukfu_pb2.LukFuServiceCheckGameRecordRequest),
}


def played(game, seed):
    rng = random.Random(seed)
    state = seeded(game, seed)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply("win" if "win" in acts else rng.choice(acts))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_state_round_trips_through_protobuf(game):
    state = played(game, 5)
    wire = game_record_message(state.game_record()).SerializeToString()
    back = common_pb2.GameRecord.FromString(wire)
    again = final_state(game, game_record_dict(back))
    assert again.result == state.result
    for s in range(state.seats):
        assert again.observation(s).to_json() == state.observation(s).to_json()


@pytest.mark.parametrize("game", GAMES)
def test_check_game_record_valid_and_invalid(channel, game):
    stub_cls, request_cls = SERVICES[game]
    stub = stub_cls(channel)
    state = played(game, 9)
    msg = game_record_message(state.game_record())
    r = stub.CheckGameRecord(request_cls(record=msg), timeout=30).check
    assert r.valid and r.complete and r.first_illegal == -1
    assert r.outcome == state.result["outcome"]
    msg.actions.insert(2, "pass pass")
    r = stub.CheckGameRecord(request_cls(record=msg), timeout=30).check
    assert not r.valid and r.first_illegal == 2 and r.rule


def test_check_game_record_with_an_explicit_deal(channel):
    state = seeded("kowah", 3)
    record = state.game_record()
    record.pop("seed")
    record["deal"] = state.deal_json()
    msg = game_record_message(record)
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    r = stub.CheckGameRecord(kowah_pb2.KowahServiceCheckGameRecordRequest(record=msg),
                             timeout=30).check
    assert r.valid and not r.complete and r.actions == 0


def test_malformed_record_is_invalid_argument(channel):
    stub = totom_pb2_grpc.TotomServiceStub(channel)
    bad = common_pb2.GameRecord(deal=common_pb2.GameDeal(hands=["2c"], stock="", first_seat=0))
    with pytest.raises(grpc.RpcError) as info:
        stub.CheckGameRecord(totom_pb2.TotomServiceCheckGameRecordRequest(record=bad),
                             timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    detail = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(detail)
    assert detail.field_violations[0].field.startswith("record")
