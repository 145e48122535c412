"""CheckGameRecord in every service, and records through protobuf and back."""

import random

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2,
                           totom_pb2_grpc)
from moneycards.v1 import common_pb2
from moneycards.wire import wire
from moneycards.records import engine_record, game_record_message
from moneycards.solver.games import GAMES, final_state, seeded
from moneycards.solver.table import OutcomeKind

SERVICES = {
    "totom": (totom_pb2_grpc.TotomServiceStub, totom_pb2.TotomServiceCheckGameRecordRequest),
    "kowah": (kowah_pb2_grpc.KowahServiceStub, kowah_pb2.KowahServiceCheckGameRecordRequest),
    "lukfu": (lukfu_pb2_grpc.LukFuServiceStub, lukfu_pb2.LukFuServiceCheckGameRecordRequest),
}


def played(game, seed):
    rng = random.Random(seed)
    state = seeded(game, seed)
    while not state.is_over:
        acts = state.legal_texts()
        state.apply("win" if "win" in acts else rng.choice(acts))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_state_round_trips_through_protobuf(game):
    state = played(game, 5)
    sent = game_record_message(game, state.engine_record()).SerializeToString()
    back = wire(game).record.FromString(sent)
    again = final_state(game, engine_record(game, back))
    assert again.result == state.result
    for s in range(state.seats):
        assert again.observation(s).to_json() == state.observation(s).to_json()


@pytest.mark.parametrize("game", GAMES)
def test_check_game_record_valid_and_invalid(channel, game):
    stub_cls, request_cls = SERVICES[game]
    stub = stub_cls(channel)
    state = played(game, 9)
    msg = game_record_message(game, state.engine_record())
    r = stub.CheckGameRecord(msg, timeout=30).check
    assert r.valid and r.complete and not r.HasField("first_illegal")
    assert r.outcome == {OutcomeKind.WIN: common_pb2.DEAL_OUTCOME_WIN,
                         OutcomeKind.DRAWN: common_pb2.DEAL_OUTCOME_DRAWN,
                         OutcomeKind.REDEAL: common_pb2.DEAL_OUTCOME_REDEAL}[state.result.kind]
    assert r.HasField("winner") == (state.result.kind is OutcomeKind.WIN)
    msg.actions.insert(2, "pass pass")
    r = stub.CheckGameRecord(msg, timeout=30).check
    assert not r.valid and r.first_illegal == 2 and r.rule


def test_check_game_record_with_an_explicit_deal(channel):
    state = seeded("kowah", 3)
    record = state.engine_record()
    record.pop("seed")
    record["deal"] = state.deal_json()
    msg = game_record_message("kowah", record)
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    r = stub.CheckGameRecord(msg, timeout=30).check
    assert r.valid and not r.complete and r.actions == 0


def test_malformed_record_is_invalid_argument(channel):
    stub = totom_pb2_grpc.TotomServiceStub(channel)
    bad = totom_pb2.TotomServiceCheckGameRecordRequest(
        deal=common_pb2.GameDeal(hands=["2c"], stock="", first_seat=0))
    with pytest.raises(grpc.RpcError) as info:
        stub.CheckGameRecord(bad, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    detail = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(detail)
    assert detail.field_violations[0].field == "deal.hands"


@pytest.mark.parametrize("request_,field,needle", [
    (kowah_pb2.KowahServiceCheckGameRecordRequest(game="totom", seed=1), "game", "Tổ Tôm"),
    (kowah_pb2.KowahServiceCheckGameRecordRequest(rules=kowah_pb2.KowahRules(preset=9), seed=1),
     "rules.preset", "unknown enum value 9"),
    (kowah_pb2.KowahServiceCheckGameRecordRequest(
        seed=1, deal=common_pb2.GameDeal(hands=["1c", "2c", "3c"], stock="", first_seat=7)),
     "deal.first_seat", "seat 0-2"),
    (kowah_pb2.KowahServiceCheckGameRecordRequest(  # a 3-seat game: seats 0-2
        seed=1, result=common_pb2.DealResult(outcome=common_pb2.DEAL_OUTCOME_WIN, winner=3)),
     "result.winner", "must be 0-2"),
    (kowah_pb2.KowahServiceCheckGameRecordRequest(
        seed=1, result=common_pb2.DealResult(outcome=9)), "result.outcome",
     "unknown enum value 9"),
    (kowah_pb2.KowahServiceCheckGameRecordRequest(  # states an end the actions do not reach
        seed=1, result=common_pb2.DealResult(outcome=common_pb2.DEAL_OUTCOME_DRAWN)),
     "result", "the actions do not end the deal"),
])
def test_record_errors_name_the_request_field(channel, request_, field, needle):
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    with pytest.raises(grpc.RpcError) as info:
        stub.CheckGameRecord(request_, timeout=10)
    detail = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(detail)
    assert detail.field_violations[0].field == field
    assert needle in detail.field_violations[0].description


def test_a_rule_switch_in_a_record_changes_the_replay_R_declare(channel):
    # KW R-declare: with optional declaration a ready seat may `stay`; by default it may not.
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    for seed in range(200):
        state = seeded("kowah", seed)
        rng = random.Random(seed)
        while not state.is_over and "declare" not in " ".join(state.legal_texts()):
            state.apply(rng.choice(state.legal_texts()))
        if not state.is_over:
            break
    record = state.engine_record()
    msg = game_record_message("kowah", record)
    msg.actions.append("stay")
    strict = stub.CheckGameRecord(msg, timeout=30).check
    assert not strict.valid and strict.first_illegal == len(record["actions"])
    msg.rules.optional_declaration = True
    assert stub.CheckGameRecord(msg, timeout=30).check.valid


# -- a record's seats are a table's seats ---------------------------------------------------
HUMAN, AI = common_pb2.SEAT_KIND_HUMAN, common_pb2.SEAT_KIND_AI


def with_seats(game, seats):
    msg = game_record_message(game, seeded(game, 4).engine_record())
    msg.seats.extend(seats)
    return msg


def seats_of(game, **changes):
    """One seat per seat of the game, a person first; `changes` maps a seat to its message."""
    n = GAMES[game].seats
    seats = [common_pb2.TableSeat(kind=HUMAN, name="Ana")] + [
        common_pb2.TableSeat(kind=AI, ai_level=common_pb2.AI_LEVEL_GREEDY) for _ in range(n - 1)]
    for k, seat in changes.items():
        seats[int(k[1:])] = seat
    return seats


def bad_seats(game):
    """(seats, field, words) the check refuses: the count, a long or two-line name, a name
    twice, a person's level."""
    n = GAMES[game].seats
    return [
        (seats_of(game)[:-1], "seats", f"has {n} seats, got {n - 1}"),
        (seats_of(game) + [common_pb2.TableSeat(kind=AI)], "seats", f"got {n + 1}"),
        (seats_of(game, s1=common_pb2.TableSeat(kind=HUMAN, name="x" * 41)), "seats[1].name",
         "a name is at most 40 characters, not 41"),
        (seats_of(game, s0=common_pb2.TableSeat(kind=HUMAN, name="Ana\x07")), "seats[0].name",
         "a name is printable characters on one line; it holds '\\x07' at position 4"),
        # a line break or a tab is refused, not folded into a space that makes one line of
        # the log read like another seat's action
        (seats_of(game, s1=common_pb2.TableSeat(kind=HUMAN, name="Bo\nP2: claim")),
         "seats[1].name", "it holds '\\n' at position 3"),
        (seats_of(game, s1=common_pb2.TableSeat(kind=HUMAN, name="Bo\tBo")), "seats[1].name",
         "printable"),
        (seats_of(game, s2=common_pb2.TableSeat(kind=HUMAN, name=" Ana ")), "seats[2].name",
         "seats 0 and 2 have the same name 'Ana'"),
        # a name typed into seat 0 that an unnamed seat gets by default: the typed one is
        # blamed, before the seat (2) or after it (1), not the seat the caller left unnamed
        (seats_of(game, s0=common_pb2.TableSeat(kind=HUMAN, name="AI 2")), "seats[0].name",
         "seats 0 and 2 have the same name 'AI 2'; seat 2 is named so by default"),
        (seats_of(game, s2=common_pb2.TableSeat(kind=HUMAN, name="AI 1")), "seats[2].name",
         "seats 1 and 2 have the same name 'AI 1'; seat 1 is named so by default"),
        (seats_of(game, s2=common_pb2.TableSeat(kind=HUMAN, ai_level=common_pb2.AI_LEVEL_STRONG)),
         "seats[2].ai_level", "only an AI seat has a level"),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_check_game_record_checks_the_seats(channel, game):
    stub_cls, _ = SERVICES[game]
    stub = stub_cls(channel)
    good = stub.CheckGameRecord(with_seats(game, seats_of(game)), timeout=30).check
    assert good.valid
    for seats, field, words in bad_seats(game):
        with pytest.raises(grpc.RpcError) as info:
            stub.CheckGameRecord(with_seats(game, seats), timeout=30)
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        detail = error_details_pb2.BadRequest()
        rpc_status.from_call(info.value).details[0].Unpack(detail)
        assert detail.field_violations[0].field == field
        assert words in detail.field_violations[0].description


@pytest.mark.parametrize("game", GAMES)
def test_check_record_in_the_cli_checks_the_seats_alike(tmp_path, game):
    import json

    from click.testing import CliRunner

    from moneycards.cli.main import cli
    from moneycards.records import record_file_json

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record_file_json(with_seats(game, seats_of(game)))))
    assert CliRunner().invoke(cli, [game, "check-record", str(path)]).exit_code == 0
    for seats, field, words in bad_seats(game):
        path.write_text(json.dumps(record_file_json(with_seats(game, seats))))
        r = CliRunner().invoke(cli, [game, "check-record", str(path)])
        assert r.exit_code == 2 and r.output.startswith(f"error: record.{field}: "), r.output
        assert words in r.output and len(r.output.strip().splitlines()) == 1
        r = CliRunner().invoke(cli, [game, "check-record", str(path), "--json"])
        assert r.exit_code == 2 and json.loads(r.stderr)["error"]["field"] == f"record.{field}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("hand,words", [("2c", "has 1"), ("2c zz", "'zz' at position 4")])
def test_a_bad_dealt_hand_is_named_by_its_index(channel, game, hand, words):
    import json

    from click.testing import CliRunner

    from moneycards.cli.main import cli
    from moneycards.records import record_file_json

    state = seeded(game, 2)
    record = state.engine_record()
    record.pop("seed")
    record["deal"] = state.deal_json()
    msg = game_record_message(game, record)
    msg.deal.hands[1] = hand
    with pytest.raises(grpc.RpcError) as info:
        SERVICES[game][0](channel).CheckGameRecord(msg, timeout=10)
    detail = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(detail)
    assert detail.field_violations[0].field == "deal.hands[1]"
    assert words in detail.field_violations[0].description
    r = CliRunner().invoke(cli, [game, "check-record", "-"],
                           input=json.dumps(record_file_json(msg)))
    assert r.exit_code == 2 and r.output.startswith("error: record.deal.hands[1]: "), r.output
