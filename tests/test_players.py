"""Players of one's own: a bot written here plays 20 deals in `selfplay` and in the
strength bench next to the built-in levels, and plays a person's seat over TableService
by the documented loop (GetView, Act, Watch)."""

import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.players import Player, load_player, observation_of, play_seat
from moneycards.solver.games import GAMES
from moneycards.solver.hints import play_deal

ROOT = Path(__file__).resolve().parents[1]

BOT = textwrap.dedent('''
    """A bot of one's own: it plays the last legal action, and counts its decisions."""

    calls = []


    class Last:
        def act(self, observation):
            calls.append(observation.seat)
            return observation.legal_actions[-1]


    def cheat(observation):
        return "discard 9x"


    def crash(observation):
        return 1 / 0


    def stay(observation):
        return "stay"


    def nothing(observation):
        pass
''')


@pytest.fixture
def bot_dir(tmp_path, monkeypatch):
    (tmp_path / "mybots.py").write_text(BOT)
    monkeypatch.chdir(tmp_path)  # found as a module of the current directory
    yield tmp_path
    sys.modules.pop("mybots", None)


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_plays_twenty_deals_of_selfplay(game, bot_dir):
    seats = GAMES[game].seats
    out = CliRunner().invoke(cli, [game, "selfplay", "--deals", "20", "--seats",
                                   ",".join(["random"] * seats), "--seat", "1=mybots:Last",
                                   "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["summary"]["seats"][1] == "mybots:Last" and data["summary"]["deals"] == 20
    assert len(data["deals"]) == 20
    import mybots

    assert mybots.calls and set(mybots.calls) == {1}  # it saw only its own seat
    # the same deals as the bot's seat played directly: the results are the bot's
    again = [play_deal(game, k, ["random", load_player("mybots:Last")] +
                       ["random"] * (seats - 2)).result.to_json() for k in range(3)]
    assert [d["result"] for d in data["deals"][:3]] == again
    # one vocabulary: a deal's result is spelled as the API's DealResult (docs/json.md)
    assert all(d["result"]["outcome"].startswith("DEAL_OUTCOME_") for d in data["deals"])


def test_a_bot_that_answers_an_illegal_action_is_named(bot_dir):
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", "--seat",
                                   "2=mybots:cheat"])
    assert out.exit_code == 2
    # named by the option that gave the seat, --seat here
    assert "error: --seat: seat 2 (mybots:cheat) answered 'discard 9x'" in out.output
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", "--seats",
                                   "greedy,greedy,mybots:cheat"])
    assert "error: --seats: seat 2 (mybots:cheat) answered 'discard 9x'" in out.output
    # the action quoted once, then the rules' reason and rule (as over gRPC: test_grpc_seat)
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", "--seat",
                                   "2=mybots:stay"])
    assert out.output.startswith("error: --seat: seat 2 (mybots:stay) answered 'stay': no seat "
                                 "stays silent") and out.output.count("'stay'") == 1, out.output
    assert out.output.rstrip().endswith("[KW-T4]")
    # a player that answers no text: said so, with no rule of the game's (it cited KW-T2)
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", "--seat",
                                   "2=mybots:nothing"])
    assert out.exit_code == 2
    assert out.output.startswith("error: --seat: seat 2 (mybots:nothing) answered None, not "
                                 "an action's text"), out.output
    assert "[" not in out.output, out.output


def test_a_failing_player_error_carries_its_seat(bot_dir):
    # the seat is a field of the error, not only words in its message
    from moneycards.solver.errors import PlayerFailed

    for seat in range(3):
        levels: list = ["greedy"] * 3
        levels[seat] = load_player("mybots:crash")
        with pytest.raises(PlayerFailed) as err:
            play_deal("kowah", 1, levels)
        assert err.value.seat == seat and err.value.field == "seats"
        assert err.value.player == "mybots:crash"
        # it crosses a process pool whole (the strength bench plays deals in workers)
        again = pickle.loads(pickle.dumps(err.value))
        assert (type(again), str(again), again.seat, again.player) == (
            PlayerFailed, str(err.value), seat, "mybots:crash")
        assert err.value.message.startswith(f"seat {seat} (mybots:crash) failed")
        assert err.value.message.endswith("(deal seed 1)")  # the deal to play again


def test_a_bot_that_raises_is_named_not_reported_as_a_bug(bot_dir):
    out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", "--seat",
                                   "1=mybots:crash"])
    assert out.exit_code == 2, out.output  # the bot's fault, not this program's
    assert "seat 1 (mybots:crash) failed: ZeroDivisionError: division by zero" in out.output
    assert "internal error" not in out.output and len(out.output.splitlines()) == 1


def test_a_bad_seat_is_one_line(bot_dir):
    for args, says in ((["--seat", "1=mybots:Nobody"], "--seat: 'mybots' has no 'Nobody'"),
                       (["--seat", "5=mybots:Last"], "N a seat 0-2"),
                       (["--seats", "strong,me,random"], "unknown seat 'me'"),
                       (["--seat", "0=nomodule:X"], "--seat: cannot import 'nomodule'"),
                       # the option that named the seat, not the other one
                       (["--seats", "strong,random,mybots:No"], "--seats: 'mybots' has no")):
        out = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", *args])
        assert out.exit_code == 2 and says in out.output, out.output
        assert len(out.output.strip().splitlines()) == 1


def test_a_bot_in_the_strength_bench(bot_dir):
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "strength.py"), "--games", "kowah", "--deals",
         "20", "--seat", "mybots:Last", "--opponents", "random", "--workers", "1",
         "--json", str(bot_dir / "rows.json")],
        capture_output=True, text=True, timeout=600, cwd=bot_dir,
        env={**os.environ, "PYTHONPATH": ""})
    assert out.returncode in (0, 1), out.stderr  # 1: the intervals overlap
    rows = json.loads((bot_dir / "rows.json").read_text())
    assert rows[0]["tested"] == "mybots:Last" and rows[0]["deals"] == 20
    assert rows[0]["decision_ms"]["n"] > 0  # the bot's own decisions were timed
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "strength.py"), "--seat",
                          "mybots:Nobody"], capture_output=True, text=True, cwd=bot_dir)
    assert out.returncode == 2 and "'mybots' has no 'Nobody'" in out.stderr
    # a bot that fails in a worker process: one line naming it and its option, as selfplay
    for option, bot, says in (("--seat", "mybots:crash", "failed: ZeroDivisionError"),
                              ("--opponents", "mybots:cheat", "answered 'discard 9x'")):
        args = ["--seat", bot, "--opponents", "random"] if option == "--seat" else \
            ["--seat", "random", "--opponents", bot]
        out = subprocess.run([sys.executable, str(ROOT / "bench" / "strength.py"), "--games",
                              "kowah", "--deals", "3", "--workers", "1", *args],
                             capture_output=True, text=True, timeout=600, cwd=bot_dir,
                             env={**os.environ, "PYTHONPATH": ""})
        assert out.returncode == 2, out.stderr
        last = out.stderr.strip().splitlines()[-1]
        assert last.startswith(f"error: {option}: seat ") and f"({bot}) {says}" in last, last
        assert "Traceback" not in out.stderr


def test_load_player_takes_objects_classes_and_functions(bot_dir):
    import moneycards

    state = moneycards.load_game("kowah").seeded(1)
    obs = state.observation(state.current_seat())
    assert load_player("mybots:Last").act(obs) == obs.legal_actions[-1]
    assert load_player("mybots:cheat").act(obs) == "discard 9x"
    assert isinstance(load_player("mybots:Last"), Player)
    with pytest.raises(ValueError, match="module:attr"):
        load_player("mybots")


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_plays_a_seat_over_table_service(game, channel):
    """The loop of docs/bots.md: a person's seat played to the end of a deal by a bot."""
    from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

    stub = table_pb2_grpc.TableServiceStub(channel)
    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                  ai_level=common_pb2.AI_LEVEL_RANDOM)
             for _ in range(GAMES[game].seats)]
    seats[1] = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="Bot")
    enum = {"totom": common_pb2.GAME_TOTOM, "kowah": common_pb2.GAME_KOWAH,
            "lukfu": common_pb2.GAME_LUK_FU}[game]
    made = stub.CreateTable(table_pb2.CreateTableRequest(game=enum, seats=seats, seed=4),
                            timeout=60)
    token = made.seat_tokens[0].token
    seen = []

    class Last:
        def act(self, observation):
            seen.append(observation.seat)
            return observation.legal_actions[-1]

    view = play_seat(channel, made.table_id, token, Last(), timeout=120)
    assert view.over and seen and set(seen) == {1}
    assert observation_of(view).seat == 1 and observation_of(view).result is not None
    # a plain function is a player here too, as everywhere a player is taken (README)
    again = stub.CreateTable(table_pb2.CreateTableRequest(game=enum, seats=seats, seed=4),
                             timeout=60)
    last = play_seat(channel, again.table_id, again.seat_tokens[0].token,
                     lambda observation: observation.legal_actions[-1], timeout=120)
    assert last.over and last.result_text == view.result_text  # the same seed, same moves


def test_the_readme_s_python_table_example_plays_as_shown(server_address, capsys):
    """README's Play over gRPC: its Python block, run against a real server, prints the
    result its last comment shows."""
    text = (ROOT / "README.md").read_text()
    block = next(b for b in text.split("```python\n")[1:] if "play_seat(channel" in b)
    code = block.split("```", 1)[0]
    shown = code.rsplit("# ", 1)[1].strip()
    scope: dict = {}
    exec(compile(code.replace("127.0.0.1:50051", server_address), "README.md", "exec"), scope)
    assert capsys.readouterr().out.strip() == shown
    # the next block reads the refusal of an action sent after that deal's end
    block = next(b for b in text.split("```python\n")[1:] if "error_info(err)" in b)
    code = block.split("```", 1)[0]
    shown = code.rsplit("# ", 1)[1].strip()
    exec(compile(code, "README.md", "exec"), scope)
    assert capsys.readouterr().out.strip() == shown
