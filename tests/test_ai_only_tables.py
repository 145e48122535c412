"""Self-play over TableService: a table of AI seats only, when the caller asks for it
(`ai_only`), played to its end within CreateTable and read by its id alone."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.records import read_game_record
from moneycards.server.app import start_service
from moneycards.server.tables import TableService
from moneycards.solver.games import check
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

GAMES = {"totom": (common_pb2.GAME_TOTOM, 4, "totom"),
         "kowah": (common_pb2.GAME_KOWAH, 3, "kowah"),
         "lukfu": (common_pb2.GAME_LUK_FU, 3, "luk_fu")}


@pytest.fixture(scope="module")
def served():
    svc = start_service("127.0.0.1", 0, 2, warm=False)
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    yield svc, table_pb2_grpc.TableServiceStub(ch)
    ch.close()
    svc.server.stop(None)


def ai_seats(n: int, level=common_pb2.AI_LEVEL_GREEDY):
    return [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=level)
            for _ in range(n)]


def refusal(err: grpc.RpcError) -> tuple[grpc.StatusCode, list[str], str]:
    status = rpc_status.from_call(err)
    fields, reason = [], ""
    for d in status.details if status else []:
        if d.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            d.Unpack(bad)
            fields += [v.field for v in bad.field_violations]
        if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            d.Unpack(info)
            reason = info.reason
    return err.code(), fields, reason


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_ai_only_table_is_played_to_its_end_and_read_by_its_id(served, game):
    _, stub = served
    enum, seats, field = GAMES[game]
    created = stub.CreateTable(table_pb2.CreateTableRequest(
        game=enum, seats=ai_seats(seats), seed=11, ai_only=True), timeout=120)
    assert not created.seat_tokens  # nobody to act: no tokens
    record = stub.GetRecord(table_pb2.GetRecordRequest(table_id=created.table_id), timeout=30)
    assert record.complete
    from google.protobuf import json_format

    text = json_format.MessageToJson(getattr(record, field))
    checked = check(game, read_game_record(game, text))  # as check-record takes it
    assert checked.valid and checked.complete
    # viewed without a token, the refusal says how such a table is read
    with pytest.raises(grpc.RpcError) as err:
        stub.GetView(table_pb2.GetViewRequest(table_id=created.table_id), timeout=30)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "a table with none, ai_only, is read by GetRecord" in err.value.details()


def test_an_ai_only_match_plays_every_deal(served):
    _, stub = served
    created = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=ai_seats(3, common_pb2.AI_LEVEL_RANDOM), seed=4,
        ai_only=True, match_rules=table_pb2.MatchRules(deals=3)), timeout=120)
    record = stub.GetRecord(table_pb2.GetRecordRequest(table_id=created.table_id), timeout=30)
    assert record.complete and len(record.match_record.kowah_deals) == 3


@pytest.mark.parametrize("request_kwargs, field", [
    ({}, "seats"),  # all AI seats without asking for it: a table needs a person
    ({"ai_only": True, "person": True}, "ai_only"),
    ({"ai_only": True, "match_rules": table_pb2.MatchRules(deals=21)}, "match_rules.deals"),
    # a match without a number of deals would never end within the call
    ({"ai_only": True, "match_rules": table_pb2.MatchRules()}, "match_rules.deals"),
])
def test_ai_only_is_asked_for_and_bounded(served, request_kwargs, field):
    _, stub = served
    kwargs = dict(request_kwargs)
    seats = ai_seats(3)
    if kwargs.pop("person", False):
        seats[1] = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)
    with pytest.raises(grpc.RpcError) as info:
        stub.CreateTable(table_pb2.CreateTableRequest(game=common_pb2.GAME_KOWAH, seats=seats,
                                                      **kwargs), timeout=30)
    code, fields, _ = refusal(info.value)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and fields == [field]


def test_a_table_with_a_person_still_needs_the_token_for_its_record(served):
    _, stub = served
    seats = ai_seats(3)
    seats[0] = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)
    created = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=seats), timeout=30)
    with pytest.raises(grpc.RpcError) as info:
        stub.GetRecord(table_pb2.GetRecordRequest(table_id=created.table_id), timeout=30)
    code, fields, _ = refusal(info.value)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and fields == ["seat_token"]


def test_a_server_plays_a_bounded_number_of_ai_only_tables_at_once(served):
    svc, stub = served
    service = next(s for _, s, *_ in svc.servicers if isinstance(s, TableService))
    held = 0
    while service._ai_tables.acquire(blocking=False):  # as if that many were being played
        held += 1
    try:
        assert held >= 1
        with pytest.raises(grpc.RpcError) as info:
            stub.CreateTable(table_pb2.CreateTableRequest(
                game=common_pb2.GAME_KOWAH, seats=ai_seats(3), ai_only=True), timeout=30)
        code, _, reason = refusal(info.value)
        assert code == grpc.StatusCode.RESOURCE_EXHAUSTED and reason == "TOO_MANY_AI_TABLES"
    finally:
        for _ in range(held):
            service._ai_tables.release()
    stub.CreateTable(table_pb2.CreateTableRequest(  # free again
        game=common_pb2.GAME_KOWAH, seats=ai_seats(3), ai_only=True), timeout=120)


def test_an_ai_only_match_of_the_most_deals_is_played(served):
    _, stub = served  # 20 deals is the bound, and allowed
    created = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=ai_seats(3, common_pb2.AI_LEVEL_RANDOM), seed=8,
        ai_only=True, match_rules=table_pb2.MatchRules(deals=20)), timeout=300)
    record = stub.GetRecord(table_pb2.GetRecordRequest(table_id=created.table_id), timeout=30)
    assert record.complete and len(record.match_record.kowah_deals) == 20
