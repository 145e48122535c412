"""A plug-in game is served by TableService with no proto change: the toy game `highcard`
(tests/toygame, registered by the test alone) is created by `game_name`, seen, acted on,
hinted and recorded over gRPC, its rules, observation and record in the generic JSON
fields; a rejected action or bad input changes nothing; a stored table survives a new
server on the same store."""

from __future__ import annotations

import grpc
import pytest
from google.protobuf import json_format, struct_pb2

from moneycards.records import engine_record
from moneycards.server.app import start_service
from moneycards.server.store import SqliteStore
from moneycards.solver.games import GAMES, register
from moneycards.v1 import common_pb2, kowah_pb2, table_pb2, table_pb2_grpc

from tests.test_table_service import error

BIG_SEED = 2**62 + 12345  # not exact as a JSON double: the record must keep it as text
PERSON = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="Ann")
GREEDY = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
STRONG = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_STRONG)


@pytest.fixture(scope="module")
def highcard():
    from tests.toygame import SPEC

    register(SPEC)
    yield SPEC
    del GAMES[SPEC.name]


@pytest.fixture(scope="module")
def served(highcard, tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "tables.db"
    svc = start_service("127.0.0.1", 0, 4, warm=False, store=SqliteStore(str(path)))
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    yield table_pb2_grpc.TableServiceStub(ch), path
    ch.close()
    svc.server.stop(None)


def rules(**switches):
    out = struct_pb2.Struct()
    out.update(switches)
    return out


def create(stub, seats=(PERSON, GREEDY), **kw):
    r = stub.CreateTable(table_pb2.CreateTableRequest(game_name="highcard", seats=seats, **kw))
    return r.table_id, {t.seat: t.token for t in r.seat_tokens}


def view(stub, tid, token):
    return stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view


def test_a_plugin_game_is_played_over_table_service(served):
    stub, _ = served
    tid, tokens = create(stub, seed=BIG_SEED, plugin_rules=rules(preset="seed"))
    v = view(stub, tid, tokens[0])
    assert (v.game, v.game_name) == (common_pb2.GAME_UNSPECIFIED, "highcard")
    assert v.WhichOneof("observation") == "plugin"
    obs = json_format.MessageToDict(v.plugin)
    assert "game" not in obs and "legal_actions" not in obs  # the view's own fields carry them
    assert len(obs["hand"].split()) == 3
    assert v.chosen_seed == BIG_SEED
    assert v.WhichOneof("rules") == "plugin_rules"  # the table's rules, told to the seat
    assert json_format.MessageToDict(v.plugin_rules) == {"preset": "seed"}
    acted = 0
    while not v.over:
        assert v.legal_actions, "the person is to act or the deal is over"
        assert all(a.verb_name == "play" and a.verb == table_pb2.ACTION_VERB_UNSPECIFIED
                   and a.cards and a.text == f"play {a.cards}" for a in v.legal_actions)
        ranked = stub.Hint(table_pb2.TableServiceHintRequest(table_id=tid,
                                                             seat_token=tokens[0])).actions
        assert {r.action for r in ranked} == {a.text for a in v.legal_actions}
        r = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                          action=ranked[0].action,
                                          expected_version=v.version))
        assert r.events and r.events[0].action == ranked[0].action
        v, acted = r.view, acted + 1
    # the game's own words name the table's seats (solver/table.py says)
    assert acted == 3 and v.result_text.startswith(("Ann wins ", "AI 1 wins ")), v.result_text
    rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=tokens[0]))
    assert rec.complete and rec.WhichOneof("record") == "plugin"
    as_json = json_format.MessageToDict(rec.plugin)
    assert as_json["game"] == "highcard" and as_json["seed"] == str(BIG_SEED)
    assert len(as_json["actions"]) == 6 and as_json["result"]["rule"] == "HC-2"
    # The record replays through the registry's engine to the result it states.
    replay = engine_record("highcard", rec.plugin)
    assert replay["seed"] == BIG_SEED and replay["seats"][0]["name"] == "Ann"
    state = GAMES["highcard"].new_state(replay)
    for action in replay["actions"]:
        state.apply(action)
    assert state.result is not None and state.result.to_dict() == replay["result"]


def test_a_plugin_tables_rejected_action_changes_nothing(served):
    stub, _ = served
    tid, tokens = create(stub, seats=(PERSON, common_pb2.TableSeat(
        kind=common_pb2.SEAT_KIND_HUMAN, name="Bo")), seed=4)
    seat = next(s for s in (0, 1) if view(stub, tid, tokens[s]).legal_actions)
    before = view(stub, tid, tokens[seat])
    held = {a.cards for a in before.legal_actions}
    other = next(f"{r}c" for r in range(1, 10) if f"{r}c" not in held)
    code, message, details = error(stub.Act, table_pb2.ActRequest(
        table_id=tid, seat_token=tokens[seat], action=f"play {other}"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert details["ErrorInfo"].reason == "HC-1" and other in message
    assert view(stub, tid, tokens[seat]) == before
    code, _, _ = error(stub.Act, table_pb2.ActRequest(
        table_id=tid, seat_token=tokens[1 - seat], action=before.legal_actions[0].text))
    assert code == grpc.StatusCode.FAILED_PRECONDITION  # not that seat's turn


@pytest.mark.parametrize("request_kw, field, words", [
    ({"game_name": "lowcard"}, "game_name", "unknown game 'lowcard'"),
    ({"game_name": "highcard", "game": common_pb2.GAME_KOWAH}, "game_name",
     "name different games"),
    ({}, "game", "name the game"),
    ({"game_name": "highcard", "plugin_rules": rules(colour="red")}, "plugin_rules.colour",
     "unknown switch 'colour'"),
    ({"game_name": "highcard", "plugin_rules": rules(leader_rotates="yes")},
     "plugin_rules.leader_rotates", "expected true or false"),
    ({"game_name": "highcard", "plugin_rules": rules(preset="house")}, "plugin_rules.preset",
     "house"),
    ({"game_name": "highcard", "kowah_rules": kowah_pb2.KowahRules()}, "kowah_rules",
     "not the rules of High card"),
])
def test_bad_plugin_requests_name_the_field(served, request_kw, field, words):
    stub, _ = served
    code, message, details = error(stub.CreateTable, table_pb2.CreateTableRequest(
        seats=(PERSON, GREEDY), **request_kw))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert words in message
    assert [v.field for v in details["BadRequest"].field_violations] == [field]


def test_a_plugin_match_is_played_and_recorded(served):
    stub, _ = served
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game_name="highcard", seats=(STRONG, GREEDY), seed=9, ai_only=True,
        plugin_rules=rules(leader_rotates=True), match_rules=table_pb2.MatchRules(deals=3)))
    rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=r.table_id))
    m = rec.match_record
    assert rec.complete and m.game_name == "highcard" and m.game == common_pb2.GAME_UNSPECIFIED
    assert m.WhichOneof("rules") == "plugin_rules"
    assert json_format.MessageToDict(m.plugin_rules) == {"preset": "seed",
                                                         "leader_rotates": True}
    assert len(m.plugin_deals) == 3 and sum(m.totals) == 0 and sum(m.wins) == 3
    leaders = [json_format.MessageToDict(d)["actions"] for d in m.plugin_deals]
    assert all(len(a) == 6 for a in leaders)
    # The deals' own record files read back as the engine's records of that match.
    for deal in m.plugin_deals:
        assert engine_record("highcard", deal)["rules"].leader_rotates


def test_a_stored_plugin_table_is_served_by_a_new_server(served):
    stub, path = served
    tid, tokens = create(stub, seed=21)
    v = view(stub, tid, tokens[0])
    first = v.legal_actions[0].text
    v = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[0], action=first)).view
    other = start_service("127.0.0.1", 0, 2, warm=False, store=SqliteStore(str(path)))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{other.port}") as ch:
            again = view(table_pb2_grpc.TableServiceStub(ch), tid, tokens[0])
    finally:
        other.server.stop(None)
    assert again.plugin == v.plugin and again.version == v.version
    listed = stub.ListTables(table_pb2.ListTablesRequest()).tables
    mine = next(t for t in listed if t.table_id == tid)
    assert (mine.game, mine.game_name) == (common_pb2.GAME_UNSPECIFIED, "highcard")
