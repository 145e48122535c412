"""`serve --plugin MODULE` serves a game of one's own beside the three (docs/plugins.md): the
toy game `highcard` (tests/toygame, which holds its spec as SPEC) is loaded by the server
and by every server process it starts, created by `game_name` and played to its end with
an AI seat; a module that cannot be imported or brings no game is one line and exit 2; a
stored table of a game the server was not started with is FAILED_PRECONDITION, kept for a
server that serves it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import grpc
import pytest
from google.protobuf import json_format

from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

from tests.test_serve_startup import start as start_serve

ROOT = Path(__file__).resolve().parent.parent
SERVE = [sys.executable, "-m", "moneycards", "serve", "--port", "0", "--no-web",
         "--ai-pace-ms", "0"]
PERSON = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="Ann")
GREEDY = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)


def start(*args: str) -> tuple[subprocess.Popen, int, list[str]]:
    """A server started from the checkout's root (where `tests.toygame` is found): the
    process, its port and, with a plug-in, the line that names the games it brought."""
    proc, port = start_serve(*SERVE[4:], *args, cwd=ROOT)
    return proc, port, [proc.stdout.readline().strip()] if "--plugin" in args else []


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0


def play_to_the_end(stub, tid: str, token: str) -> table_pb2.TableView:
    v = stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view
    while not v.over:
        v = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                          action=v.legal_actions[0].text,
                                          expected_version=v.version)).view
    return v


@pytest.mark.parametrize("mode", [["--processes", "2"], ["--workers", "2"]])
def test_a_plugin_is_served_by_every_process_the_server_starts(tmp_path, mode):
    db = tmp_path / "tables.db"
    proc, port, lines = start("--db", str(db), *mode, "--plugin", "tests.toygame")
    try:
        assert lines[0] == "games of one's own served: High card (highcard) (from tests.toygame)"
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            # what a lobby offers: the three games, then the game of one's own, from any
            # process that answers
            for _ in range(4):
                games = stub.ListGames(table_pb2.ListGamesRequest()).games
                assert [(g.name, g.game, g.seats, g.plugin) for g in games] == [
                    ("totom", common_pb2.GAME_TOTOM, 4, False),
                    ("kowah", common_pb2.GAME_KOWAH, 3, False),
                    ("lukfu", common_pb2.GAME_LUK_FU, 3, False),
                    ("highcard", common_pb2.GAME_UNSPECIFIED, 2, True)]
                assert games[3].title == "High card" and games[3].presets[0] == "seed"
                assert [g.settles_in_points for g in games[:3]] == [True, False, True]
            # several tables: with --processes each call may reach either process; with
            # --workers the AI seat's decisions and the hints run in the solver workers
            for seed in range(4):
                r = stub.CreateTable(table_pb2.CreateTableRequest(
                    game_name="highcard", seats=[PERSON, GREEDY], seed=seed))
                token = r.seat_tokens[0].token
                hint = stub.Hint(table_pb2.TableServiceHintRequest(table_id=r.table_id,
                                                                   seat_token=token))
                assert hint.actions  # the game's own hint module, wherever it runs
                v = play_to_the_end(stub, r.table_id, token)
                assert v.game_name == "highcard" and v.result_text
                rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=r.table_id,
                                                                seat_token=token))
                record = json_format.MessageToDict(rec.plugin)
                assert rec.complete and record["rules"] == {"preset": "seed"}
    finally:
        stop(proc)


def test_a_table_of_a_game_not_served_here_is_kept_for_a_server_that_serves_it(tmp_path):
    db = tmp_path / "tables.db"
    proc, port, _ = start("--db", str(db), "--processes", "1", "--plugin", "tests.toygame")
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            r = stub.CreateTable(table_pb2.CreateTableRequest(game_name="highcard",
                                                              seats=[PERSON, GREEDY], seed=5))
            tid, token = r.table_id, r.seat_tokens[0].token
            before = stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token))
    finally:
        stop(proc)
    proc, port, _ = start("--db", str(db), "--processes", "1")  # without the plug-in
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            for call in (lambda: stub.GetView(table_pb2.GetViewRequest(table_id=tid,
                                                                       seat_token=token)),
                         lambda: stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid,
                                                                           seat_token=token))):
                with pytest.raises(grpc.RpcError) as info:
                    call()
                assert info.value.code() == grpc.StatusCode.FAILED_PRECONDITION
                assert info.value.details() == (
                    f"table {tid!r} is a table of 'highcard', a game of one's own this server "
                    f"does not serve: start it with --plugin and the game's module "
                    f"(docs/plugins.md)")
            listed = stub.ListTables(table_pb2.ListTablesRequest(page_size=10)).tables
            assert [t.table_id for t in listed] == [tid]  # kept in the store
    finally:
        stop(proc)
    proc, port, _ = start("--db", str(db), "--processes", "1", "--plugin", "tests.toygame")
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            again = stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token))
            assert again == before
            assert play_to_the_end(stub, tid, token).over
    finally:
        stop(proc)
    # the store read from the command line: its game's module named as the server took it
    tables = [sys.executable, "-m", "moneycards", "tables"]
    for verb in ("show", "export"):
        r = subprocess.run([*tables, verb, tid, "--db", str(db)], capture_output=True,
                           text=True, timeout=120, cwd=ROOT)
        assert (r.returncode, r.stderr) == (2, (
            f"error: --plugin: table {tid!r} is a table of 'highcard', a game of one's own: "
            "give its module with --plugin MODULE, as the server was started with "
            "(docs/plugins.md)\n")), r.stderr
    r = subprocess.run([*tables, "export", tid, "--db", str(db), "--plugin", "tests.toygame"],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    record = json.loads(r.stdout)
    assert record["game"] == "highcard" and record["result"], record


@pytest.mark.parametrize("module, words", [
    ("no_such_module", "error: --plugin: no module 'no_such_module' on the Python path or "
                       "in the current directory"),
    ("json", "error: --plugin: json: imported, but it registers no game (it should call "
             "moneycards.solver.games.register(GameSpec(...)) or hold its spec as SPEC)"),
])
def test_a_plugin_that_brings_no_game_is_one_line_and_exit_2(module, words):
    r = subprocess.run([*SERVE, "--db", ":memory:", "--plugin", module], capture_output=True,
                       text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == words
    assert r.stdout == ""
