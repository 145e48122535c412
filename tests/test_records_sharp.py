"""Records, the API's mapping of record checks and the command line at their edges: index 0,
seed 0, seat bounds, stderr and the numbering of `check-record` (README: Whole deals, gRPC).
Everything here runs in process: no server, no subprocess."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.wire import wire
from moneycards.records import (engine_record, game_record_json,
                                game_record_message, read_game_record)
from moneycards.server.records import record_check_message
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import check, seeded
from moneycards.solver.kowah.table import KowahState
from moneycards.v1 import common_pb2
from tests.table_helpers import kowah_deal


def test_api_first_illegal_is_set_when_the_first_action_is_illegal():
    record = {"game": "kowah", "rules": "seed", "seed": 3, "actions": ["take", "discard 1c"]}
    got = check("kowah", record)
    assert (got.valid, got.index, got.rule) == (False, 0, "KW-T3")
    msg = record_check_message(got)
    assert msg.HasField("first_illegal") and msg.first_illegal == 0
    assert not msg.valid and msg.rule == "KW-T3" and msg.actions == 0


def test_api_a_redeal_is_reported_as_a_redeal():
    record = {"game": "lukfu", "rules": "seed", "seed": 1,
              "actions": ["call pass", "call pass", "call pass"]}
    msg = record_check_message(check("lukfu", record))
    assert msg.valid and msg.complete and msg.outcome == common_pb2.DEAL_OUTCOME_REDEAL
    assert list(msg.net) == [0, 0, 0] and not msg.HasField("winner")


def test_api_a_kowah_win_on_a_draw_carries_its_multiplier_of_one():
    """KW-K1: seat 0 declares 99s and seat 1 draws 9s: seat 0 wins x1 (seat 0, not absent)."""
    state = KowahState(None, deal=kowah_deal(["222h 555c 99s", "", ""], "1c 9s", first=0))
    for action in ("draw", "discard 1c", "declare 99s", "draw"):
        state.apply(action)
    msg = record_check_message(check("kowah", state.engine_record()))
    assert msg.outcome == common_pb2.DEAL_OUTCOME_WIN
    assert msg.HasField("winner") and msg.winner == 0
    assert msg.HasField("multiplier") and msg.multiplier == 1


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_records_seed_zero_is_a_seed(game):
    state = seeded(game, 0)
    assert state.engine_record()["seed"] == 0
    as_json = game_record_json(game, state.engine_record())
    assert as_json["seed"] == 0 and "deal" not in as_json
    msg = game_record_message(game, state.engine_record())
    assert msg.HasField("seed") and msg.seed == 0
    back = engine_record(game, wire(game).record.FromString(msg.SerializeToString()))
    assert back["seed"] == 0
    assert read_game_record(game, json.dumps(as_json))["seed"] == 0


def test_records_the_first_seat_is_one_of_the_games_seats():
    record = json.loads(json.dumps(game_record_json("kowah", KowahState(None, deal=kowah_deal(
        ["", "", ""], "", first=2)).engine_record())))
    assert read_game_record("kowah", json.dumps(record))["deal"]["first"] == 2
    record["deal"]["first_seat"] = 3
    with pytest.raises(InvalidInput) as err:
        read_game_record("kowah", json.dumps(record))
    assert err.value.field == "record.deal.first_seat"


def test_cli_errors_go_to_stderr_and_nothing_to_stdout():
    r = CliRunner().invoke(cli, ["totom", "check", "22c 44c"])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("error: ") and "20" in r.stderr


def test_cli_check_record_numbers_actions_from_one(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "kowah", "seed": 3,
                                "actions": ["take", "discard 1c"]}))
    r = CliRunner().invoke(cli, ["kowah", "check-record", str(path)])
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.startswith("INVALID at action 1: ") and r.stdout.rstrip().endswith("[KW-T3]")
    r = CliRunner().invoke(cli, ["kowah", "check-record", str(path), "--json"])
    assert json.loads(r.stdout)["check"]["first_illegal"] == 0


@pytest.mark.parametrize("game, other", [("kowah", "totom"), ("totom", "lukfu"),
                                         ("lukfu", "kowah")])
def test_a_record_of_another_game_is_refused_by_its_game_first(game, other):
    """Not by the first field that fails to parse as this game's (its rules preset)."""
    from moneycards.records import read_game_record, read_lukfu_history

    text = (Path(__file__).resolve().parents[1] / "examples" / f"{other}-game.json") \
        .read_text(encoding="utf-8")
    with pytest.raises(InvalidInput) as err:
        read_game_record(game, text)
    from moneycards.solver.games import GAMES

    said = f"a record of {GAMES[other].title}, not of {GAMES[game].title}"  # their names
    assert err.value.field == "record.game" and said in err.value.message
    if game == "lukfu":
        with pytest.raises(InvalidInput) as err:
            read_lukfu_history(text, None)
        assert err.value.field == "record.game"


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_record_file_reads_back_into_the_deal_it_describes(game):
    """A record file's object (rules as JSON, the deal's first seat as `first_seat`, as
    `game_record()` and records.md write it) read by read_game_record starts the same deal;
    given to new_state as it is, it is refused naming that reader; a bad first seat is named
    by its key path, as `check-record` names it."""
    from moneycards.records import read_game_record
    from moneycards.solver.games import spec

    g = spec(game)
    state = g.seeded(42)
    deal = state.deal_json()
    first = deal.pop(g.first_seat_key)
    record = {"game": game, "rules": state.game_record()["rules"], "actions": [],
              "deal": {**deal, "first_seat": first}}
    assert g.new_state(read_game_record(game, record)).deal_json() == state.deal_json()
    assert g.new_state(read_game_record(game, state.game_record())).deal_json() == \
        state.deal_json()
    with pytest.raises(InvalidInput) as err:
        g.new_state(record)
    assert "read_game_record" in err.value.message
    with pytest.raises(InvalidInput) as err:
        read_game_record(game, {**record, "deal": {**deal, "first_seat": 9}})
    assert err.value.field == "record.deal.first_seat"


def test_a_played_at_that_is_no_date_is_named_by_its_key_without_internal_names():
    from moneycards.records import read_game_record

    with pytest.raises(InvalidInput) as err:
        read_game_record("totom", {"game": "totom", "seed": 1, "actions": [],
                                   "played_at": "yesterday"})
    assert err.value.field == "record.played_at"
    assert "timestamp" in err.value.message and "Request" not in err.value.message


def test_observe_names_an_illegal_action_by_its_place_in_the_record(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "totom", "seed": 1, "actions": ["pass"]}))
    r = CliRunner().invoke(cli, ["totom", "observe", str(path)])
    assert r.exit_code == 2
    assert r.output.startswith("error: record.actions[0]: 'pass' by seat 1:"), r.output
    assert r.output.rstrip().endswith("[TT-S3]") and r.output.count("\n") == 1
