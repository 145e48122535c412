"""A seat played by a separate process over TableService (`grpc:module:attr`): in
`selfplay` and in the strength bench it plays the same deals, and the same results, as the
same player in process; its results are read from the finished records."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]

BOT = textwrap.dedent('''
    """The greedy rule as a player of one's own, its ties broken by the observation alone
    (so it decides alike in any process); each process that makes one says its id."""

    import os
    import random

    import moneycards


    class Greedy:
        def __init__(self):
            with open("pids.txt", "a") as fh:
                fh.write(f"{os.getpid()}\\n")

        def act(self, observation):
            rng = random.Random(" ".join(observation.legal_actions))
            return moneycards.load_game(observation.game).greedy(observation, rng)


    def cheat(observation):
        return "discard 9x"


    def stay(observation):
        return "stay"


    def nothing(observation):
        pass
''')


@pytest.fixture
def bot_dir(tmp_path, monkeypatch):
    (tmp_path / "gbots.py").write_text(BOT)
    monkeypatch.chdir(tmp_path)  # found as a module of the current directory, in both processes
    yield tmp_path
    sys.modules.pop("gbots", None)


@pytest.fixture
def table_server():
    """A server of this process on a free loopback port: its address and a TableService
    stub."""
    import grpc

    from moneycards.server.app import start_service
    from moneycards.v1 import table_pb2_grpc

    svc = start_service("127.0.0.1", 0, 2, warm=False)
    channel = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    try:
        yield f"127.0.0.1:{svc.port}", table_pb2_grpc.TableServiceStub(channel)
    finally:
        channel.close()
        svc.server.stop(None)


def greedy_seats(person: int, name: str) -> list:
    """Kowah's three seats: greedy AI players, and a person's seat named `name`."""
    from moneycards.v1 import common_pb2

    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                  ai_level=common_pb2.AI_LEVEL_GREEDY) for _ in range(3)]
    seats[person] = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name=name)
    return seats


def selfplay(*args: str) -> dict:
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "20", "--seed", "40",
                                   "--seats", "greedy,random,greedy", *args, "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def pids(where: Path) -> set[int]:
    return {int(x) for x in (where / "pids.txt").read_text().split()}


def test_selfplay_over_grpc_plays_the_deals_played_in_process(bot_dir):
    here = selfplay("--seat", "1=gbots:Greedy", "--records", str(bot_dir / "here"))
    assert pids(bot_dir) == {os.getpid()}
    remote = selfplay("--seat", "1=grpc:gbots:Greedy", "--records", str(bot_dir / "remote"))
    others = pids(bot_dir) - {os.getpid()}
    assert len(others) == 1  # the seat was played by another process
    assert remote["summary"]["seats"] == ["greedy", "grpc:gbots:Greedy", "greedy"]
    assert remote["deals"] == here["deals"]  # results and settlements, deal by deal
    assert remote["summary"]["wins"] == here["summary"]["wins"]
    assert here["summary"]["wins"][1] > 0 and sum(here["summary"]["wins"]) > 5  # not all drawn
    # --records: the same deals' records, read back from the tables the remote seat sat at
    for seed in range(40, 60):
        mine = json.loads((bot_dir / "here" / f"kowah-{seed}.json").read_text())
        theirs = json.loads((bot_dir / "remote" / f"kowah-{seed}.json").read_text())
        assert theirs["seats"][1]["name"] == "Seat 1 (grpc:gbots:Greedy)"
        del mine["seats"], theirs["seats"]
        assert mine == theirs, seed


def test_the_strength_bench_over_grpc_gives_the_in_process_rows(bot_dir):
    rows = {}
    for name, seat in (("here", "gbots:Greedy"), ("remote", "grpc:gbots:Greedy")):
        out = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "strength.py"), "--games", "kowah",
             "--deals", "20", "--seat", seat, "--opponents", "greedy", "--workers", "1",
             "--seed-base", "500", "--json", str(bot_dir / f"{name}.json")],
            capture_output=True, text=True, timeout=300, cwd=bot_dir,
            env={**os.environ, "PYTHONPATH": ""})
        assert out.returncode in (0, 1), out.stderr  # 1: the intervals overlap
        rows[name] = json.loads((bot_dir / f"{name}.json").read_text())[0]
    here, remote = rows["here"], rows["remote"]
    assert remote["tested"] == "grpc:gbots:Greedy" and remote["deals"] == 20
    for key in ("strong_win", "opponent_win", "strong_settlement", "opponent_settlement"):
        assert remote[key] == here[key], key
    assert 0 < here["strong_win"][0] < 1
    assert remote["decision_ms"]["n"] == here["decision_ms"]["n"] > 0  # the seat's own


def test_a_grpc_seat_at_a_given_server(bot_dir, table_server):
    """--server: the tables are that server's (here one started by the test)."""
    from moneycards.v1 import table_pb2

    address, stub = table_server
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "3", "--seats",
                                   "greedy,greedy,greedy", "--seat", "0=grpc:gbots:Greedy",
                                   "--server", address, "--json"])
    assert out.exit_code == 0, out.output
    assert len(json.loads(out.output)["deals"]) == 3
    listed = stub.ListTables(table_pb2.ListTablesRequest(), timeout=30)  # an operator's call
    assert not listed.tables  # each table was closed once its record was read


@pytest.mark.parametrize("args, says", [
    (["--seat", "2=grpc:gbots:cheat"],
     "seat 2 (grpc:gbots:cheat) answered 'discard 9x': action: unknown suit letter"),
    # the action quoted once, the table's reason after it, as in-process (test_players)
    (["--seat", "2=grpc:gbots:stay"],
     "error: --seat: seat 2 (grpc:gbots:stay) answered 'stay': no seat stays silent"),
    # no text at all: said so, not sent (the table called 'None' no action, under KW-T2)
    (["--seat", "2=grpc:gbots:nothing"], "the player answered None, not an action's text"),
    (["--seat", "2=grpc:gbots:Nobody"], "--seat: 'gbots' has no 'Nobody'"),
    (["--seat", "2=grpc:gbots:Greedy", "--server", "127.0.0.1:1"],
     "--server: no server answers at 127.0.0.1:1"),
    (["--seat", "1=grpc:gbots:Greedy", "--seat", "2=gbots:Greedy"],
     "one grpc: seat, no other module:attr"),
    (["--seat", "1=grpc:gbots:Greedy", "--backend", "ray"], "plays with --backend local"),
    (["--server", "127.0.0.1:1"], "--server is where a grpc: seat plays"),
])
def test_a_bad_grpc_seat_is_one_line(bot_dir, args, says):
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", *args])
    assert out.exit_code == 2 and says in out.output, out.output
    assert len(out.output.strip().splitlines()) == 1


def test_the_seat_program_as_documented(bot_dir, table_server):
    """`python -m moneycards.players ADDRESS module:attr`, a 'TABLE_ID SEAT_TOKEN' line per
    seat on standard input, a JSON line per seat played out."""
    from moneycards.v1 import common_pb2, table_pb2

    address, stub = table_server
    seats = greedy_seats(2, "bot")
    made = [stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=seats, seed=s), timeout=60) for s in (1, 2)]
    # Two seats of one table, which wait on each other: played together, not one
    # after the other (the first would wait for the second's turn for ever).
    seats[0] = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="bot 2")
    both = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_LUK_FU, seats=seats, seed=3), timeout=60)
    pairs = [(m.table_id, m.seat_tokens[0].token) for m in made] + \
        [(both.table_id, t.token) for t in both.seat_tokens]
    lines = "".join(f"{tid} {token}\n" for tid, token in pairs)
    out = subprocess.run([sys.executable, "-m", "moneycards.players", address, "gbots:Greedy"],
                         input=lines, capture_output=True, text=True, timeout=120,
                         cwd=bot_dir)
    assert out.returncode == 0, out.stderr
    answers = [json.loads(x) for x in out.stdout.splitlines()]
    assert sorted(a["table_id"] for a in answers) == sorted(tid for tid, _ in pairs)
    assert all(a.get("decisions_ms") for a in answers), answers
    for tid, token in pairs:
        view = stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token),
                            timeout=30).view
        assert view.over
    # A seat that cannot be played (its table is unknown) is its own error line,
    # and the program then exits 1, as a failed run should.
    bad = subprocess.run([sys.executable, "-m", "moneycards.players", address, "gbots:Greedy"],
                         input=f"nosuchtable {pairs[0][1]}\n", capture_output=True,
                         text=True, timeout=120, cwd=bot_dir)
    said = [json.loads(x) for x in bad.stdout.splitlines()]
    assert bad.returncode == 1 and [a["table_id"] for a in said] == ["nosuchtable"]
    assert "nosuchtable" in said[0]["error"], said
    usage = subprocess.run([sys.executable, "-m", "moneycards.players"],
                           capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2 and "usage: python -m moneycards.players" in usage.stderr
    helped = subprocess.run([sys.executable, "-m", "moneycards.players", "--help"],
                            capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: ")


def test_a_refusal_is_worded_from_its_reason_whatever_the_seat_is_called(bot_dir,
                                                                         table_server):
    """The seat program says a refused answer as the action quoted once, then the rules'
    reason and rule, read from ErrorInfo's metadata `why`: a seat named 'Lan: bot' (a ': '
    in the name, which cut the table's message at the wrong place) changes nothing."""
    import grpc

    from moneycards.v1 import common_pb2, table_pb2
    from moneycards.wire import error_info

    address, stub = table_server
    made = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=greedy_seats(0, "Lan: bot"), seed=1), timeout=60)
    token = made.seat_tokens[0].token
    with pytest.raises(grpc.RpcError) as refused:
        stub.Act(table_pb2.ActRequest(table_id=made.table_id, seat_token=token,
                                      action="stay"), timeout=30)
    info = error_info(refused.value)
    assert refused.value.details().startswith("'stay' by Lan: bot: ")
    assert info.metadata["why"] and info.metadata["why"] in refused.value.details()
    assert not info.metadata["why"].startswith(("'stay'", "bot:"))
    out = subprocess.run([sys.executable, "-m", "moneycards.players", address, "gbots:stay"],
                         input=f"{made.table_id} {token}\n", capture_output=True,
                         text=True, timeout=120, cwd=bot_dir)
    said = json.loads(out.stdout)["error"]
    rule = info.metadata["rule"]
    assert said == f"answered 'stay': {info.metadata['why']} [{rule}]", said


@pytest.mark.slow
@pytest.mark.parametrize("game, seats", [("totom", "greedy,random,greedy,random"),
                                         ("lukfu", "greedy,random,greedy")])
def test_selfplay_over_grpc_in_the_other_games(bot_dir, game, seats):
    runs = []
    for seat in ("gbots:Greedy", "grpc:gbots:Greedy"):
        out = CliRunner().invoke(cli, [game, "selfplay", "--deals", "20", "--seats", seats,
                                       "--seat", f"1={seat}", "--json"])
        assert out.exit_code == 0, out.output
        runs.append(json.loads(out.output)["deals"])
    assert runs[0] == runs[1]
