"""The command line: output, exit codes, errors and lazy imports."""

import json
import pathlib
import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.solver.games import seeded

UCHI_TOM = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_check_json_fields():
    r = run("totom", "check", UCHI_TOM, "--win-card", "3c", "--via", "own-door", "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["wins"] is True and d["points"] == 5 and (d["chan_count"], d["ca_count"]) == (6, 4)
    assert "3c 3m" in d["pairs"] and "22c" in d["pairs"]
    assert {b["name"]: (b["main"], b["dich"], b["count"]) for b in d["bonuses"]} == {
        "Tôm": (4, 1, 1), "Ù chì": (3, 1, 1)}
    assert d["settlement"] == {"winner": 15, "each_loser": -5}
    assert d["violations"] == []
    assert (d["scored_by"], d["main_bonus"]) == ("TOTOM_SCORING_MAIN_PLUS_DICH",
                                                 "TOTOM_BONUS_KIND_TOM")
    assert {b["kind"] for b in d["bonuses"]} == {"TOTOM_BONUS_KIND_TOM", "TOTOM_BONUS_KIND_U_CHI"}


def test_check_human_output_names_pairs_and_bonuses():
    r = run("totom", "check", UCHI_TOM, "--win-card", "3c", "--via", "own-door")
    assert r.exit_code == 0
    assert "Tam văn + Tam vạn" in r.output and "Tôm" in r.output and "Points: 5" in r.output


def test_four_alike_are_one_line_of_two_chan():
    """TT-W2: four identical cards count as two Chắn, listed once with that said (they read
    as the same Chắn twice, "Chắn 33s Tam sách" on two lines); the count says two."""
    r = run("totom", "check", "3333s 22c 44c 55c 66c 88s 3c3m 7c7s 5s5m")
    lines = r.output.splitlines()
    assert r.exit_code == 0 and lines[1] == "WINS: 7 Chắn, 3 Cạ"
    assert "  Chắn 3333s   Tam sách, four alike: two Chắn (TT-W2)" in lines
    assert sum(line.startswith("  Chắn ") for line in lines) == 6


@pytest.mark.parametrize("preset, note", [
    ("traditional", "note: this deal is played by the traditional preset, which the "
                    "observation leaves out: hint it with --rules traditional\n"),
    ("seed", ""),
])
def test_observe_says_a_preset_the_observation_leaves_out(tmp_path, preset, note):
    """A Tổ Tôm observation's JSON leaves its table's rules out: a hint on it took the seed
    page's, silently (a Chắn player's trial: capture 8s +0.188, +0.344 with --rules
    traditional). `observe` says so on stderr; the JSON alone goes down the pipe."""
    from moneycards.records import game_record_json

    state = seeded("totom", 3, preset)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(game_record_json("totom", state.engine_record())))
    r = CliRunner().invoke(cli, ["totom", "observe", str(path)])
    assert r.exit_code == 0 and json.loads(r.stdout)["seat"] == state.current_seat()
    assert r.stderr == note


def test_a_hand_that_does_not_win_is_an_answer():
    r = run("totom", "check", "22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s4m", "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["wins"] is False and d["points"] == 0
    assert [v["rule"] for v in d["violations"]] == ["TT-W4"]
    assert d["scored_by"] == "TOTOM_SCORING_UNSPECIFIED"


def test_waits_json():
    r = run("totom", "waits", "22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m", "--via", "own-door",
            "--seen", "3m", "--json")
    assert r.exit_code == 0
    waits = {w["card"]: (w["points"], w["unseen"]) for w in json.loads(r.output)["waits"]}
    assert waits == {"3c": (3, 3), "3s": (3, 4), "3m": (5, 3)}


@pytest.mark.parametrize("args,needle", [
    (["totom", "check", UCHI_TOM.replace("22c", "1m1m")], "'1m'"),
    (["totom", "check", UCHI_TOM.replace("22c", "9h9h")], "'9h'"),
    (["totom", "check", UCHI_TOM.replace("22c", "2x2c")], "'2x'"),
    (["totom", "check", UCHI_TOM.replace("22c", "22")], "digits without a suit"),
    (["totom", "check", UCHI_TOM.replace("22c", "22222c")], "5 copies of 2c"),
    (["totom", "check", UCHI_TOM.replace(" 6s6m", " 6s")], "19 cards"),
    (["totom", "check", UCHI_TOM + " 9c"], "21 cards"),
    (["totom", "check", ""], "empty"),
    (["totom", "check", UCHI_TOM, "--win-card", "9c"], "--win-card"),
    (["totom", "check", UCHI_TOM, "--win-card", "3c", "--thien-u"], "--thien-u"),
    (["totom", "check", UCHI_TOM, "--rules", "house"],
     "--rules: 'house' is not one of 'seed', 'traditional'"),
    (["totom", "waits", UCHI_TOM, "--rules", "house"],
     "--rules: 'house' is not one of 'seed', 'traditional'"),
    (["totom", "waits", UCHI_TOM], "20 cards"),
])
def test_bad_input_exits_2_with_one_line(args, needle):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    assert needle in r.output
    assert r.output.strip().count("\n") == 0 or "Usage" in r.output


def bad_input(args, starts):
    """Bad input: exit 2, nothing on stdout, one line on stderr starting with `starts`."""
    r = CliRunner().invoke(cli, args)
    assert (r.exit_code, r.stdout) == (2, ""), r.output
    assert r.stderr.startswith(f"error: {starts}") and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_selfplay_takes_the_seeds_a_table_takes(game):
    """Deal k of a run has seed SEED + k, which `play --seed` must take to replay it: a
    negative seed, or one whose last deal's seed passes 2^63-1, is refused as a table's is."""
    seats = ",".join(["random"] * (4 if game == "totom" else 3))
    top = (1 << 63) - 1
    bad_input([game, "selfplay", "--seats", seats, "--seed", "-5", "--deals", "2"],
              "--seed: the seed is a whole number 0 to 2^63-1")
    bad_input([game, "selfplay", "--seats", seats, "--seed", str(top), "--deals", "2"],
              "--seed: the seed is a whole number 0 to 2^63-1; deal k has seed SEED + k, so "
              "with --deals 2 SEED is at most 2^63-2")
    r = CliRunner().invoke(cli, [game, "selfplay", "--seats", seats, "--seed", str(top - 1),
                                 "--deals", "2"])
    assert r.exit_code == 0 and f"(seed {top})" in r.stdout, r.output


def test_bad_option_value_exits_2():
    bad_input(["totom", "check", UCHI_TOM, "--via", "air"], "--via: 'air'")


@pytest.mark.parametrize("argv", [["--help"], ["totom", "--help"], ["totom", "check", "--help"]])
def test_help_does_not_import_ortools(argv):
    code = ("import sys\nfrom moneycards.cli.main import cli\n"
            f"try:\n    cli({argv!r}, prog_name='moneycards')\nexcept SystemExit:\n    pass\n"
            "assert 'ortools' not in sys.modules, 'ortools imported'\n"
            "assert 'grpc' not in sys.modules, 'grpc imported'\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "Usage" in r.stdout


def test_console_script_runs():
    r = subprocess.run([sys.executable, "-m", "moneycards", "totom", "check", UCHI_TOM, "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout)["wins"] is True


def test_kowah_check_json():
    r = run("kowah", "check", "55c55s5m 777c", "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["ready"] is True and d["waits"] == ["5c", "5s"] and d["distance"] == 0
    assert d["wait_unseen"] == [2, 2]
    assert {"triplets": ["55s 5m", "777c"], "pair": "55c", "wait": "5c"} in d["splits"]
    assert d["violations"] == []


@pytest.mark.parametrize("hand,said", [
    ("55c55s5m 777c", "2 ways to split it, 2 pairs to choose from when declaring (KW-R5, "
                      "KW-T4)"),
    ("555c 555s 11h", "2 ways to split it, one pair to show"),  # 555c+555s or 55c5s+5c55s
    ("555c 777s 11h", "1 way to split it, one pair to show")])
def test_kowah_check_says_how_many_pairs_the_splits_leave_to_show(hand, said):
    """KW-T4: a declaring seat chooses the pair it shows where KW-R5 allows two; splits that
    differ only in their triplets leave one pair, and the count of splits says no more."""
    r = run("kowah", "check", hand)
    assert r.exit_code == 0
    assert r.output.splitlines()[1] == f"READY (checki): {said}"


def test_kowah_check_not_ready_human():
    r = run("kowah", "check", "555c5s5m 777c")
    assert r.exit_code == 0 and "KW-R5" in r.output and "Distance to ready: 1" in r.output


def test_kowah_win_json():
    r = run("kowah", "win", "55c55s5m 777c", "--pair", "55c", "--card", "5c", "--via",
            "self-draw", "--json")
    assert r.exit_code == 0 and json.loads(r.output) == {
        "wins": True, "multiplier": 3, "violations": [], "via": "KOWAH_VIA_SELF_DRAW"}


@pytest.mark.parametrize("args,starts", [
    (["kowah", "check", "555c 777s 9m"], "hand: the hand has 7 cards"),
    (["kowah", "check", "555c 777s 99m 4h"], "hand: no such card in Kowah: '4h'"),
    (["kowah", "win", "555c 777s 99m", "--pair", "99m", "--card", "9m"],
     "Missing option '--via'"),
    (["kowah", "win", "555c 777s 99m", "--pair", "99m", "--card", "9m", "--via", "air"],
     "--via: 'air'"),
    (["kowah", "win", "555c 777s 99m", "--pair", "9m9s", "--card", "9m", "--via", "draw"],
     "--pair: the shown pair must be two identical cards, not '9m9s' [KW-R3]"),
    (["kowah", "win", "555c 777s 99m", "--pair", "88m", "--card", "8m", "--via", "draw"],
     "--pair: the shown pair 88m is not in the hand"),
])
def test_kowah_bad_input_exits_2(args, starts):
    bad_input(args, starts)


EXAMPLE_RECORD = str(__import__("pathlib").Path(__file__).parents[1] / "examples" /
                     "lukfu-record.json")


def test_lukfu_beats_json():
    d = json.loads(run("lukfu", "beats", "9c9s9m", "--over", "1c1s1m", "--json").output)
    assert d["beats"] is True and d["rule"] == "LF-F3"
    assert d["play_kind"] == d["over_kind"] == "LUK_FU_PLAY_KIND_SET"
    d = json.loads(run("lukfu", "beats", "123s", "--over", "789c", "--json").output)
    assert d["beats"] is True and d["rule"] == "LF-F4"
    d = json.loads(run("lukfu", "beats", "9c", "--over", "1c", "--json").output)
    assert d["beats"] is False and d["rule"] == "LF-F5"


def test_lukfu_old_with_the_example_record():
    r = run("lukfu", "old", "--hand", "7c 5m6m 1t2t 9t 5s 8t", "--record", EXAMPLE_RECORD,
            "--json")
    d = json.loads(r.output)
    assert d["old"] == ["7c", "1t", "8t", "9t"] and d["can_claim"] is True
    assert {x["card"]: x["rule"] for x in d["reasons"]}["1t"] == "LF-O1"


def test_lukfu_legal_and_score():
    d = json.loads(run("lukfu", "legal", "1234c", "--hand", "1234c 5s 9t", "--role",
                       "master-passed", "--json").output)
    assert d["legal"] is False and d["rule"] == "LF-L2"
    assert (d["turn"], d["role"]) == ("LUK_FU_TRICK_TURN_LEAD", "LUK_FU_ROLE_MASTER_PASSED")
    assert "to_beat" not in d  # a lead has nothing to beat
    d = json.loads(run("lukfu", "score", "--fu", "8", "--winner", "0", "--caller", "1",
                       "--json").output)
    assert d["net"] == [6, -6, 0] and d["outcome"] == "DEAL_OUTCOME_WIN"
    # the amount cites LF-K2, who pays it LF-K3 (it cited LF-K3 for both)
    assert run("lukfu", "score", "--fu", "8", "--winner", "0", "--caller", "1").output == (
        "3 points (LF-K2), the caller, Seat 1, paying both shares (LF-K3): Seat 0 +6, "
        "Seat 1 -6, Seat 2 +0\n")
    assert run("lukfu", "score", "--fu", "7", "--winner", "1", "--caller", "1").output == (
        "2 points (LF-K2), each loser paying it (LF-K3): Seat 0 -2, Seat 1 +4, Seat 2 -2\n")


@pytest.mark.parametrize("play,reason", [
    ("1c 1s", "1c 1s is a pair, and pairs are never played"),
    ("13c", "13c: two cards are never a play (a run needs three)"),
    ("1c 2s 3c", "1c 2s 3c mixes ranks and suits: a run is one suit, a set one rank"),
    ("124c", "124c is not a run: ranks must be consecutive, 1–9 without wrapping"),
])
def test_lukfu_legal_answers_a_shape_that_makes_no_play_illegal_by_lf_l1(play, reason, tmp_path):
    """Real cards that make no play are a question the rule answers (ILLEGAL, exit 0), as a
    lead and as a follow; only text naming no card, or a card twice, is bad input."""
    r = run("lukfu", "legal", play, "--hand", "1234c 1s 2s 9t", "--role", "caller")
    assert r.output == f"ILLEGAL as a lead by seat 0 (caller): {reason} [LF-L1]\n"
    d = json.loads(run("lukfu", "legal", play, "--hand", "1234c 1s 2s 9t", "--role", "caller",
                       "--json").output)
    assert (d["legal"], d["rule"], d["explanation"]) == (False, "LF-L1", reason)
    rec = tmp_path / "record.json"
    rec.write_text(json.dumps({"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "6c"}]}]}))
    d = json.loads(run("lukfu", "legal", play, "--hand", "1234c 1s 2s 9t 5m 6m 7m 8m 9m",
                       "--record", str(rec),
                       "--json").output)
    assert (d["legal"], d["rule"], d["turn"]) == (False, "LF-L1", "LUK_FU_TRICK_TURN_FOLLOW")


@pytest.mark.parametrize("args,starts", [
    (["lukfu", "beats", "0c", "--over", "7c"], "play: no such card in Luk Fu: '0c'"),
    (["lukfu", "beats", "5h", "--over", "7c"], "play: no such card in Luk Fu: '5h'"),
    (["lukfu", "beats", "5c5s", "--over", "7c"], "play: 5c5s is a pair"),
    # the cards as typed: sorted, 189c would hide the wrap that makes it no run
    (["lukfu", "beats", "891c", "--over", "4c"], "play: 891c is not a run: ranks must be "
                                                 "consecutive, 1–9 without wrapping [LF-L1]"),
    (["lukfu", "legal", "7c", "--hand", "7c 7c", "--role", "caller"],
     "--hand: 7c appears twice; the Luk Fu deck holds one of each card [LF-D1]"),
    (["lukfu", "legal", "7c 7c", "--hand", "7c", "--role", "caller"],
     "play: 7c appears twice; the Luk Fu deck holds one of each card [LF-D1]"),
    (["lukfu", "legal", "7c", "--hand", "7c 7c 7c", "--role", "caller"],
     "--hand: 7c appears 3 times; the Luk Fu deck holds one of each card [LF-D1]"),
    (["lukfu", "legal", "5c5c5c5c5c", "--hand", "7c", "--role", "caller"],
     "play: 5c appears 5 times; the Luk Fu deck holds one of each card [LF-D1]"),
    (["lukfu", "legal", " ", "--hand", "7c", "--role", "caller"],
     "play: a play needs at least one card [LF-L1]"),
    (["lukfu", "old", "--hand", "7c", "--seat", "3"], "--seat: seat must be 0, 1 or 2, not 3"),
    (["lukfu", "score", "--fu", "-1", "--winner", "0", "--caller", "1"],
     "--fu: fu cannot be negative (-1)"),
    (["lukfu", "score", "--fu", "7", "--winner", "4", "--caller", "1"],
     "--winner: seat must be 0, 1 or 2, not 4"),
])
def test_lukfu_bad_input_exits_2(args, starts):
    bad_input(args, starts)


def test_lukfu_bad_record_file_exits_2(tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text('{"master": 0, "calls": ["play"], "tricks": [{"leader": 0, "plays": ['
                   '{"seat": 0, "cards": "7c"}, {"seat": 1, "cards": "7c"}]}]}')
    r = CliRunner().invoke(cli, ["lukfu", "old", "--hand", "8c", "--record", str(bad)])
    assert r.exit_code == 2 and "tricks[0].plays[1]" in r.output


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_replay_and_check_record(tmp_path, game):
    import random

    from moneycards.solver.games import seeded

    rng = random.Random(2)
    state = seeded(game, 2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_texts()))
    from moneycards.records import game_record_json

    path = tmp_path / "deal.json"
    path.write_text(json.dumps(game_record_json(game, state.engine_record())))
    r = run(game, "replay", str(path))
    assert r.exit_code == 0 and "  1. " in r.output
    d = json.loads(run(game, "check-record", str(path), "--json").output)
    assert d["check"]["valid"] is True and d["check"]["complete"] is True
    assert d["result"] == {"bonuses": [], "net": [], **state.result.to_json()}
    record = game_record_json(game, state.engine_record())
    record["actions"].insert(1, "nonsense")
    path.write_text(json.dumps(record))
    r = run(game, "check-record", str(path), "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["check"]["valid"] is False and d["check"]["first_illegal"] == 1
    assert d["check"]["rule"] and "result" not in d


@pytest.mark.parametrize("content,says", [
    ("{not json", "record: not JSON"), ('{"game": "kowah"}', "record.game: this is a record of"),
    ('{"game": "GAME_TOTOM"}',
     "record.game: a deal's record names its game 'totom', not 'GAME_TOTOM'"),
    ('{"game": "GAME_KOWAH"}', "record.game: this is a record of 'GAME_KOWAH', not of"),
    ('[1, 2]', "record: expected a game record"),
    ('{"seed": "x"}', "record.seed: expected a whole number"),
    ('{"seed": -5}', "record.seed: the seed is a whole number 0 to 2^63-1"),
    ('{"seed": 1, "actions": [1]}', "record.actions[0]: expected a string"),
    ('{"seed": 1, "rules": "seed"}', "record.rules: expected an object"),
    ('{"seed": 1, "rules": {"preset": "SEED"}}', "record.rules.preset: unknown value 'SEED'"),
    ('{"seed": 1, "dealer": 0}', "record: unknown key 'dealer'"),
    ('{"actions": []}', "record: needs a 'seed' or a 'deal'"),
    ('{"deal": {"hands": [], "first_seat": 9}}', "record.deal.first_seat: a seat 0-3, not 9")])
def test_malformed_record_exits_2(tmp_path, content, says):
    path = tmp_path / "bad.json"
    path.write_text(content)
    r = CliRunner().invoke(cli, ["totom", "check-record", str(path)])
    assert r.exit_code == 2 and r.output.startswith(f"error: {says}"), r.output
    assert len(r.output.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["replay", "check-record"])
def test_a_luk_fu_public_record_is_named_where_a_game_record_is_asked(command):
    """The example public record (docs/lukfu-record.md) given to replay or check-record is
    named as what it is, not refused for its first unknown key."""
    public = pathlib.Path(__file__).parents[1] / "examples" / "lukfu-record.json"
    r = CliRunner().invoke(cli, ["lukfu", command, str(public)])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output
    assert r.output.startswith("error: record: this is a public record of a deal so far "
                               "(docs/lukfu-record.md"), r.output
    assert "not a game record (docs/records.md" in r.output
    # a game record with a stray key of that form is still refused for the key
    r = CliRunner().invoke(cli, ["totom", "check-record", "-"],
                           input='{"seed": 1, "tricks": []}')
    assert r.output.startswith("error: record: unknown key 'tricks'"), r.output


def test_check_record_human_output_has_no_python_repr():
    r = run("kowah", "check-record", str(pathlib.Path(__file__).parents[1] / "examples" /
                                         "kowah-game.json"))
    assert r.exit_code == 0
    assert r.output.strip() == ("VALID: 152 actions, deal complete. Seat 2 wins on 6c from "
                                "Seat 1's draw: multiplier x1 (KW-K1).")


@pytest.mark.parametrize("args,error", [
    (["kowah", "check", "55c 5m", "--json"],
     {"field": "hand", "rule": "KW-R4", "message": "the hand has 3 cards; a Kowah hand has 8"}),
    (["totom", "check", "22c 5x", "--json"],
     {"field": "hand", "rule": None, "message": "unknown suit letter: '5x' at position 5"}),
    (["lukfu", "beats", "9c", "--over", "1c9", "--json"],
     {"field": "--over", "rule": None,
      "message": "digits without a suit letter: '9' at position 3"}),
])
def test_errors_are_json_on_stderr_under_json(args, error):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2 and r.stdout == ""
    assert json.loads(r.stderr) == {"error": error}


def test_errors_stay_one_line_of_text_without_json():
    r = CliRunner().invoke(cli, ["kowah", "check", "55c 5m"])
    assert r.exit_code == 2
    assert r.stderr == "error: hand: the hand has 3 cards; a Kowah hand has 8 [KW-R4]\n"


@pytest.mark.parametrize("hand, told", [("55c55s5m 777c 1h", True), ("55c55s5m 77c", False)])
def test_kowah_nine_cards_are_told_how_a_win_is_checked(hand, told):
    """KW-R4 counts eight; nine cards are most likely a won hand with its winning card."""
    r = CliRunner().invoke(cli, ["kowah", "check", hand])
    assert r.exit_code == 2 and "a Kowah hand has 8" in r.stderr
    assert ("give the card it wins on apart" in r.stderr) == told


def test_progress_is_drawn_on_stderr_only_for_a_terminal(monkeypatch):
    import io

    from moneycards.cli.common import progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    assert list(progress(range(3), length=3, label="deals")) == [0, 1, 2]
    assert pipe.getvalue() == ""
    tty = Terminal()
    monkeypatch.setattr("sys.stderr", tty)
    assert list(progress(range(3), length=3, label="deals")) == [0, 1, 2]
    assert "deals" in tty.getvalue() and "3/3" in tty.getvalue()


def test_lukfu_old_and_legal_take_a_game_record(tmp_path):
    # One record format: `play --record` files work for `old` and `legal` as they are,
    # seen from the seat (LF-O3: only its own face-down cards).
    import random

    from moneycards.records import game_record_json
    from moneycards.solver.games import seeded

    rng, state = random.Random(1), seeded("lukfu", 1)
    for _ in range(9):
        state.apply(rng.choice(state.legal_texts()))
    game = tmp_path / "game.json"
    game.write_text(json.dumps(game_record_json("lukfu", state.engine_record())))
    for seat in range(3):
        obs = state.observation(seat).to_json()
        public = tmp_path / f"public{seat}.json"
        public.write_text(json.dumps(obs["record"]))
        by_game = json.loads(run("lukfu", "old", "--record", str(game), "--seat", str(seat),
                                 "--json").output)
        by_view = json.loads(run("lukfu", "old", "--hand", obs["hand"], "--record", str(public),
                                 "--seat", str(seat), "--json").output)
        assert by_game == by_view
    seat = state.current_seat()
    verb, _, cards = state.legal_texts()[0].partition(" ")
    args = [cards] + (["--down"] if verb == "down" else [])
    d = json.loads(run("lukfu", "legal", *args, "--record", str(game), "--json").output)
    assert d["legal"] is True and d["seat"] == seat


JSON_COMMANDS = [
    ["totom", "check", "22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s4m", "--json"],
    ["kowah", "check", "555c 5s 5m 777c", "--json"],
    ["kowah", "win", "55c55s5m 777c", "--pair", "55c", "--card", "9c", "--via", "discard",
     "--json"],
    ["lukfu", "beats", "9c9s9m", "--over", "1c1s1m", "--json"],
    ["lukfu", "legal", "1234c", "--hand", "1234c 5s 9t", "--role", "master-passed", "--json"],
    ["lukfu", "old", "--hand", "7c 5m6m 1t2t 9t 5s 8t", "--record", EXAMPLE_RECORD, "--json"],
    ["lukfu", "score", "--fu", "8", "--winner", "0", "--caller", "1", "--json"],
]


def keyed(data, out=None):
    """Every (key, value) pair in a JSON document, at any depth."""
    out = [] if out is None else out
    if isinstance(data, dict):
        for k, v in data.items():
            out.append((k, v))
            keyed(v, out)
    elif isinstance(data, list):
        for v in data:
            keyed(v, out)
    return out


def test_one_json_shape_per_concept_across_the_games():
    import re

    pairs = [kv for args in JSON_COMMANDS for kv in keyed(json.loads(run(*args).output))]
    keys = {k for k, _ in pairs}
    assert {"rule", "message", "explanation"} <= keys
    assert not keys & {"reason", "as", "index"}
    rule_id = re.compile(r"^((TT|KW|LF)-[A-Z]\d+|R-[a-z-]+)$")
    assert all(rule_id.match(v) for k, v in pairs if k == "rule" and v is not None)
    assert all(isinstance(v, str) and " " in v for k, v in pairs
               if k in ("message", "explanation"))


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_record_result_must_match_the_replay(tmp_path, game):
    from moneycards.solver.games import seeded

    rng = random.Random(3)
    state = seeded(game, 5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_texts()))
    from moneycards.records import game_record_json

    record = game_record_json(game, state.engine_record())
    path = tmp_path / "deal.json"
    record["result"] = state.result.to_json()  # a record may state its result
    path.write_text(json.dumps(record))
    r = run(game, "check-record", str(path))
    assert r.exit_code == 0 and r.output.startswith("VALID: ")
    assert state.result_line() in r.output and "{" not in r.output  # words, not a dict
    record["result"]["outcome"] = ("DEAL_OUTCOME_WIN" if state.result.kind.value != "win"
                                   else "DEAL_OUTCOME_DRAWN")
    path.write_text(json.dumps(record))
    for command in ("check-record", "replay"):
        r = CliRunner().invoke(cli, [game, command, str(path)])
        assert r.exit_code == 2 and "record.result" in r.output
        assert "the record says outcome" in r.output


def test_LF_W2_lukfu_old_without_a_record_does_not_guess_the_claim():
    d = json.loads(run("lukfu", "old", "--hand", "9c 9s 9m 9t 1c 1t 8t", "--json").output)
    assert d["claim_total"] == 7 and "about_to_lead" not in d and "can_claim" not in d
    r = run("lukfu", "old", "--hand", "9c 9s 9m 9t 1c 1t 8t")
    assert r.exit_code == 0
    assert "= 7: a claim needs the seat about to lead, which only a record shows" in r.output


@pytest.mark.parametrize("args", [[], ["totom"], ["kowah"], ["lukfu"]])
def test_a_bare_command_shows_its_help_and_exits_0(args):
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Usage: ") and "Commands:" in r.output
    assert "error" not in r.output.lower()


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_replay_whose_reader_stopped_reading_ends_quietly(game):
    """`replay FILE | head -1`: the reader closing the pipe is not bad input. The pipe's
    read end is closed before the replay starts, so its first line already meets it."""
    import os

    root = pathlib.Path(__file__).resolve().parents[1]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-m", "moneycards", game, "replay",
                               str(root / "examples" / f"{game}-game.json")],
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 1  # click's exit for a closed pipe, not 2 (bad input)


def test_a_file_that_is_not_utf8_is_named_in_the_error(tmp_path):
    bad = tmp_path / "hands.txt"
    bad.write_bytes(b"\xff\xfe22c")
    for args in (["totom", "replay", str(bad)],
                 ["lukfu", "old", "--record", str(bad), "--seat", "0"]):
        r = run(*args)
        assert r.exit_code == 2, args
        assert f"{bad}: the file is not UTF-8 text (byte 1)" in r.output, args


def test_an_empty_winning_card_is_refused_not_taken_for_none():
    r = run("totom", "check", UCHI_TOM, "--win-card", "")
    assert r.exit_code == 2 and "--win-card: an empty winning card" in r.output


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_observe_on_a_finished_deal_without_a_seat_says_the_deal_is_over(game):
    root = pathlib.Path(__file__).resolve().parents[1]
    r = run(game, "observe", str(root / "examples" / f"{game}-game.json"))
    assert r.exit_code == 2 and "--seat: the deal is over, so no seat is to act" in r.output
    assert run(game, "observe", str(root / "examples" / f"{game}-game.json"),
               "--seat", "1").exit_code == 0


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_observe_actions_shows_the_seat_to_act_after_the_first_n(game):
    """`observe --actions N` replays the record's first N actions only: the observation
    of the seat to act then, as the engine gives it; N past the record is refused."""
    from moneycards.records import read_game_record
    from moneycards.solver.games import new_state

    path = pathlib.Path(__file__).resolve().parents[1] / "examples" / f"{game}-game.json"
    record = read_game_record(game, path.read_text())
    actions = record["actions"]
    for n in (0, 1, len(actions) // 2, len(actions) - 1):
        state = new_state(game, {k: v for k, v in record.items()
                                 if k not in ("actions", "result")})
        for a in actions[:n]:
            state.apply(a)
        r = run(game, "observe", str(path), "--actions", str(n))
        assert r.exit_code == 0, r.output
        assert json.loads(r.output) == state.observation(state.current_seat()).to_json()
    for bad in (-1, len(actions) + 1):
        r = run(game, "observe", str(path), "--actions", str(bad))
        assert r.exit_code == 2 and r.output == (
            f"error: --actions: the deal has actions 0-{len(actions)}, not {bad}\n")


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_hint_lines_name_each_action_once(game, tmp_path):
    """The action stands in its own column; the reason beside it does not start by
    naming it again."""
    from moneycards.solver.games import spec

    state = spec(game).seeded(3)
    path = tmp_path / "view.json"
    path.write_text(json.dumps(state.observation(state.current_seat()).to_json()))
    r = CliRunner().invoke(cli, [game, "hint", "--state", str(path), "--budget-ms", "5000"])
    assert r.exit_code == 0, r.output
    rows = r.output.splitlines()
    assert rows and rows[0].startswith("->")
    for row in rows:
        action = " ".join(row[3:19].split())
        reason = row[30:]
        assert action and not reason.startswith(action), row


def test_hint_s_column_is_the_figure_each_reason_states():
    """`hint`'s column is each action's settlement where its reason states one (the order
    is the list's): Kowah's sample record after 7 actions lists discard 8c (+0.88) below
    the race's choice discard 4m (+0.67), its value kept just below 4m's."""
    root = pathlib.Path(__file__).resolve().parents[1]
    obs = run("kowah", "observe", str(root / "examples" / "kowah-game.json"), "--actions", "7")
    shown = CliRunner().invoke(cli, ["kowah", "hint", "--state", "-"], input=obs.output)
    said = CliRunner().invoke(cli, ["kowah", "hint", "--state", "-", "--json"],
                              input=obs.output)
    actions = json.loads(said.output)["actions"]
    rows = shown.output.splitlines()
    # the order that departs from the figures is said once, under the list
    assert rows.pop() == ("   (discard 8c: more in these sampled deals than discard 4m, but "
                          "not surely more; the surer choice stays first)")
    assert len(rows) == len(actions)
    for row, a in zip(rows, actions):
        figure = a["settlement"] if a["settlement"] is not None else a["value"]
        assert " ".join(row[3:19].split()) == a["action"]
        assert float(row[19:28]) == pytest.approx(figure, abs=5.1e-4), (row, a)
    assert any(a["settlement"] > a["value"] + 0.1 for a in actions[1:]
               if a["settlement"] is not None)


def test_hint_shows_no_figure_for_an_option_not_played_out(tmp_path):
    """A Luk Fu ranking in points lists its options not played out with "-": their values
    only order them below the rest (-1.364, -1.374, … in steps of 0.01, read as points by a
    reader). Seed 7's fifth decision, three strong seats: a follow with 20 face-down
    choices."""
    from moneycards.records import game_record_json
    from moneycards.solver.hints import play_deal

    state = play_deal("lukfu", 7, ["strong"] * 3)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(game_record_json("lukfu", state.engine_record())))
    obs = run("lukfu", "observe", str(path), "--actions", "4")
    shown = CliRunner().invoke(cli, ["lukfu", "hint", "--state", "-"], input=obs.output)
    said = CliRunner().invoke(cli, ["lukfu", "hint", "--state", "-", "--json"],
                              input=obs.output)
    actions = json.loads(said.output)["actions"]
    rows = shown.output.splitlines()
    quiet = [row for row, a in zip(rows, actions) if a.get("settlement") is None]
    assert len(quiet) > 5 and all(row[19:28].strip() == "-" for row in quiet)
    assert all("not played out" in a["explanation"] for a in actions
               if a.get("settlement") is None)


@pytest.mark.parametrize("args, says", [
    (["kowah", "selfplay", "--deals", "0"], "--deals: a whole number from 1 to 100,000, not '0'"),
    (["kowah", "selfplay", "--deals", "x"], "--deals: a whole number from 1 to 100,000, not 'x'"),
    (["kowah", "selfplay", "--deals", "100001"], "from 1 to 100,000, not '100001'"),
    (["lukfu", "play", "--deals", "1001"], "--deals: a whole number from 1 to 1,000, not '1001'"),
    (["totom", "play", "--to", "-3"], "--to: a whole number from 1 to 100,000, not '-3'"),
    (["kowah", "selfplay", "--backend", "air"], "--backend: 'air' is not one of 'local', 'ray'"),
])
def test_a_bad_option_value_is_named_as_the_commands_name_it(args, says):
    """A value click refuses reads like the commands' own errors ("error: --deals: …"),
    one line, exit 2; under --json the field is apart from the message."""
    r = CliRunner().invoke(cli, args, input="")
    assert r.exit_code == 2 and r.output.startswith("error: ") and says in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1
    if args[1] == "selfplay":
        r = CliRunner().invoke(cli, [*args, "--json"])
        error = json.loads(r.output)["error"]
        assert error["field"] == args[2] and says.split(": ", 1)[-1] in error["message"]
        assert not error["message"].startswith("--")


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
@pytest.mark.parametrize("command", ["hint", "selfplay"])
@pytest.mark.parametrize("budget", ["0", "-5", "nan", "soon"])
def test_a_budget_of_no_time_is_refused_not_run(game, command, budget, tmp_path):
    """A safety cap of 0 ms would cut every search short before it began and mark the one
    option it reached as best: --budget-ms is refused at 0 or below, exit 2, naming it."""
    state = seeded(game, 3)
    path = tmp_path / "view.json"
    path.write_text(json.dumps(state.observation(state.current_seat()).to_json()))
    more = ["--state", str(path)] if command == "hint" else ["--deals", "1"]
    r = CliRunner().invoke(cli, [game, command, *more, "--budget-ms", budget])
    assert r.exit_code == 2, r.output
    assert f"error: --budget-ms: a number of milliseconds above 0, not '{budget}'" in r.output, \
        r.output
    assert len(r.output.strip().splitlines()) == 1, r.output


@pytest.mark.parametrize("args, named", [
    (["lukfu", "old", "--record", "no-such.json"], "--record"),
    (["kowah", "check-record", "no-such.json"], "FILE"),
    (["totom", "check", "--batch", "no-such.json"], "--batch"),
    (["lukfu", "hint", "--state", "no-such.json"], "--state"),
])
def test_a_missing_file_is_named_alike_by_every_command(args, named, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    assert r.output == f"error: {named}: 'no-such.json': No such file or directory\n"
    r = CliRunner().invoke(cli, [*args, "--json"])
    assert r.exit_code == 2 and json.loads(r.stderr)["error"] == {
        "field": named, "rule": None, "message": "'no-such.json': No such file or directory"}


def test_lukfu_old_without_a_hand_says_what_to_give():
    r = CliRunner().invoke(cli, ["lukfu", "old"])
    assert r.exit_code == 2
    assert r.output.startswith("error: --hand: give the seat's hand, or --record")
    r = CliRunner().invoke(cli, ["lukfu", "old", "--record", str(
        pathlib.Path(__file__).parents[1] / "examples" / "lukfu-record.json")])
    assert r.exit_code == 2 and "a public record does not show the seat's hand" in r.output


@pytest.mark.parametrize("args, said", [
    (["totom", "hint"], "Missing option '--state'."),
    (["kowah", "check-record"], "Missing argument 'FILE'."),
    (["lukfu", "check-record"], "Missing argument 'FILE'."),
])
def test_a_file_left_out_is_named_as_missing(args, said):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2 and r.output == f"error: {said} (see --help)\n"
    r = CliRunner().invoke(cli, [*args, "--json"])
    assert r.exit_code == 2 and json.loads(r.stderr)["error"]["message"] == said


def test_too_many_seen_copies_say_which_card_and_how_many():
    r = CliRunner().invoke(cli, ["totom", "waits", "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s",
                                 "--seen", "2c 2c 2c"])
    assert r.exit_code == 2
    assert r.output == "error: --seen: 2c: 2 in the hand and 3 seen, but the deck holds 4\n"
    from moneycards.solver.errors import ImpossibleCards
    from moneycards.solver.kowah import KOWAH
    from moneycards.solver.kowah.check import parse_seen

    with pytest.raises(ImpossibleCards, match="^seen: 5c: 3 in the hand and 2 seen, but the"):
        parse_seen("5c5c", KOWAH.parse_counts("555c 777s 99m"))


def test_messages_name_the_game_as_people_write_it():
    r = CliRunner().invoke(cli, ["totom", "check", "55555c"])
    assert "the Tổ Tôm deck holds 4" in r.output
    r = CliRunner().invoke(cli, ["kowah", "check", "555c 777s 99m 4h"])
    assert "no such card in Kowah" in r.output


def test_a_hand_given_without_its_option_is_pointed_to_hand():
    """`lukfu old "9c 9s"`: the cards meant for --hand; a command whose hand is an argument
    does not get the hint."""
    r = CliRunner().invoke(cli, ["lukfu", "old", "9c 9s 1t"])
    assert r.exit_code == 2 and r.output == (
        "error: Got unexpected extra argument (9c 9s 1t); give the hand with --hand "
        "(see --help)\n")
    r = CliRunner().invoke(cli, ["kowah", "win", "5c", "b", "--pair", "55c", "--card", "5c",
                                 "--via", "draw"])
    assert r.exit_code == 2 and "--hand" not in r.output


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_record_with_both_a_seed_and_a_deal_is_refused(game, tmp_path):
    """docs/records.md: `deal` is instead of `seed`; given both, the seed would deal other
    cards than the record names, so neither is guessed."""
    from moneycards.solver.games import GAMES

    g = GAMES[game]
    record = g.seeded(3).game_record()
    dealt = g.new_state({"deal": g.seeded(3).deal_json()}).game_record()
    path = tmp_path / "both.json"
    path.write_text(json.dumps({**record, "deal": dealt["deal"]}))
    for command in ("check-record", "replay"):
        r = CliRunner().invoke(cli, [game, command, str(path)])
        assert r.exit_code == 2
        assert r.stderr == ("error: record.deal: a record gives its 'seed' or its 'deal' (the "
                            "cards dealt), not both\n")


@pytest.mark.parametrize("card, says, rule", [
    ("5t", "no such card in Kowah: '5t'", "KW-D1"),
    ("4h", "no such card in Kowah: '4h'", "KW-D1"),
    ("chichi", "alias of another game, not kowah: 'chichi'", "KW-D1"),
    ("5c", "5c is not in the hand", "KW-T2"),
])
def test_a_kowah_record_names_a_card_outside_the_deck_not_as_missing_KW_D1(tmp_path, card,
                                                                          says, rule):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "kowah", "seed": 3,
                                "actions": ["draw", f"discard {card}"]}))
    r = run("kowah", "check-record", str(path))
    assert r.exit_code == 0 and r.output == (
        f"INVALID at action 2: 'discard {card}' by seat 1: {says}"
        f"{' at position 9' if card != '5c' else ''} [{rule}]\n"), r.output


def test_kowah_selfplay_tallies_multipliers_won_not_signed_points_KW_K1():
    r = run("kowah", "selfplay", "--deals", "12", "--seats", "random,random,random", "--seed",
            "3")
    assert r.exit_code == 0
    tally = r.output.splitlines()[-3:]
    assert tally[1] == "Seat 1 (random): 1 win, multipliers won 3, 0.250 a deal", tally
    assert not any("+" in line for line in tally)


def test_kowah_win_names_the_card_in_notation_and_another_seats_draw_plainly_KW_K1():
    r = run("kowah", "win", "777c 111h 22h", "--pair", "22h", "--card", "red-flower",
            "--via", "draw")
    assert (r.exit_code, r.output) == (0, "WINS on 2h by another seat's stock draw (KW-X4): "
                                          "multiplier x1 (KW-K1)\n")


@pytest.mark.parametrize("args", [
    ["kowah", "check", "55c55s5m 777c"],
    ["kowah", "win", "55c55s5m 777c", "--pair", "55c", "--card", "5c", "--via", "discard"],
    ["totom", "check", "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"],
    ["totom", "waits", "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s"],
    ["lukfu", "beats", "9c 9s 9m", "--over", "1c1s1m"],
    ["lukfu", "legal", "5m 6m", "--hand", "7c 5m6m 1t2t 9t 5s 8t", "--role", "caller"],
])
def test_cards_may_come_as_the_shells_words(args):
    """A hand or play typed unquoted, as the shell splits it (`kowah check 5c 5c 5s ...`),
    reads as the same cards quoted: the words are joined by spaces (it was refused as
    'unexpected extra arguments')."""
    quoted = run(*args)
    at = next(k for k, a in enumerate(args) if " " in a)
    split = run(*args[:at], *args[at].split(), *args[at + 1:])
    assert quoted.exit_code == split.exit_code and quoted.output == split.output
    assert quoted.output and "error" not in quoted.output


def test_cards_words_missing_are_named():
    r = CliRunner().invoke(cli, ["kowah", "check"])
    assert r.exit_code == 2 and "error: hand: give a HAND" in r.output
    r = CliRunner().invoke(cli, ["lukfu", "beats", "--over", "1c"])
    assert r.exit_code == 2 and "Missing argument 'PLAY...'" in r.output


@pytest.mark.parametrize("value", [{}, [], 7, None])
def test_hint_reads_a_game_that_is_no_name_as_bad_input(tmp_path, value):
    """An observation's "game" may hold any JSON value (found by the CLI fuzz test: an
    object): one that is no game's name is refused in one line naming the field, exit 2,
    never an internal error."""
    from moneycards.solver.games import seeded

    state = seeded("lukfu", 3)
    obs = state.observation(state.current_seat()).to_json()
    obs["game"] = value
    path = tmp_path / "obs.json"
    path.write_text(json.dumps(obs))
    r = run("lukfu", "hint", "--state", str(path))
    assert r.exit_code == 2 and "internal error" not in r.output
    assert r.output.startswith("error: state.game: ") and r.output.count("\n") == 1


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_record_s_result_is_checked_on_the_keys_it_gives(tmp_path, game):
    """docs/records.md: every field of `result` given must match the replay; a field left
    out (the rule, the bonuses) is no claim that it is empty. One given wrongly is refused
    with the replay's value."""
    root = pathlib.Path(__file__).resolve().parents[1]
    example = root / "examples" / f"{game}-game.json"
    full = json.loads(run(game, "check-record", str(example), "--json").output)["result"]
    rec = json.loads(example.read_text())
    rec["result"] = {"outcome": full["outcome"]}
    if "winner" in full:
        rec["result"]["winner"] = full["winner"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    r = run(game, "check-record", str(path))
    assert r.exit_code == 0 and r.output.startswith("VALID"), r.output
    if "winner" in full:
        rec["result"]["winner"] = (full["winner"] + 1) % (4 if game == "totom" else 3)
        path.write_text(json.dumps(rec))
        r = run(game, "check-record", str(path))
        assert r.exit_code == 2
        assert f"the record says winner {rec['result']['winner']}, the replay gives " \
               f"{full['winner']}" in r.output
    # said as the record file writes it: the outcome's enum name, a value the game's result
    # leaves out as none (not null, nor the engine's own words)
    other = "DEAL_OUTCOME_DRAWN" if full["outcome"] != "DEAL_OUTCOME_DRAWN" else \
        "DEAL_OUTCOME_WIN"
    absent = {"totom": "fu", "kowah": "net", "lukfu": "multiplier"}[game]
    for said, gives in [({"outcome": other}, f"outcome {other}, the replay gives "
                                             f"{full['outcome']}:"),
                        ({"outcome": full["outcome"], absent: [1, 0, 0] if absent == "net"
                          else 2}, "the replay gives none:")]:
        path.write_text(json.dumps({**rec, "result": said}))
        r = run(game, "check-record", str(path))
        assert r.exit_code == 2 and gives in r.output, r.output
    path.write_text(json.dumps({**rec, "result": {"winner": 0}}))
    r = run(game, "check-record", str(path))
    assert r.exit_code == 2 and r.output.startswith(
        "error: record.result.outcome: missing: a result names its outcome, one of "), r.output


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_an_action_after_the_end_is_illegal_in_a_deal_that_is_complete(tmp_path, game):
    """`complete` tells whether the deal reached its end: a record with one action more than
    its deal is invalid at that action, and complete."""
    root = pathlib.Path(__file__).resolve().parents[1]
    rec = json.loads((root / "examples" / f"{game}-game.json").read_text())
    n = len(rec["actions"])
    rec["actions"].append(rec["actions"][-1])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    d = json.loads(run(game, "check-record", str(path), "--json").output)["check"]
    assert (d["valid"], d["complete"], d["first_illegal"]) == (False, True, n)


def test_a_name_that_another_seat_has_is_refused_naming_the_option(tmp_path):
    """docs/json.md: the command line names its own options. `--name` taken by an AI seat's
    default name is refused as --name's, not as the table's seats[0].name."""
    r = run("kowah", "play", "--name", "AI 1", "--record", str(tmp_path / "d.json"))
    assert r.exit_code == 2
    assert r.output.startswith("error: --name: seats 0 and 1 have the same name 'AI 1'")
    assert not (tmp_path / "d.json").exists()


@pytest.mark.parametrize("game, enum", [("kowah", "GAME_KOWAH"), ("lukfu", "GAME_LUK_FU")])
def test_a_deal_record_that_names_its_game_by_the_enum_is_told_the_name(tmp_path, game, enum):
    """The match record's `game` is the enum, a deal's record's the name: the refusal says
    which name the deal's record wants, as every game's reader does."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"game": enum, "seed": 5, "actions": []}))
    r = CliRunner().invoke(cli, [game, "check-record", str(path)])
    assert r.exit_code == 2, r.output
    assert r.output == (f"error: record.game: a deal's record names its game {game!r}, "
                        f"not {enum!r} (a match record's enum)\n")


@pytest.mark.parametrize("hands, pair, cites", [
    # three honour triplets: KW-R2's alone; ranks with an honour: both rules
    (["1h1h1h 2h2h2h 3h 1m", "5c5s5m 6c6s6m 2s 1s", "7c 8s9s 8m9m 4c 1c 2c"], "33h",
     "111h, 222h and 333h: three triplets (KW-R2)"),
    (["5c5s5m 6c6s6m 3h 1m", "1h1h1h 2h2h2h 2s 1s", "7c 8s9s 8m9m 4c 1c 2c"], "33h",
     "5c 5s 5m, 6c 6s 6m and 333h: three triplets (KW-R1, KW-R2)")])
def test_a_kowah_win_cites_the_rule_of_each_kind_of_triplet(tmp_path, hands, pair, cites):
    """KW-R1 is a rank's triplet, KW-R2 an honour's: the replay's win names the ones the
    winning hand has."""
    stock = ("3h 7s 5s 3h 1c 1c 1c 2c 2c 2c 3c 3c 3c 3c 4c 4c 4c 5c 5c 5c 6c 6c 6c 7c 7c "
             "7c 8c 8c 8c 8c 9c 9c 9c 9c 1s 1s 1s 2s 2s 2s 3s 3s 3s 3s 4s 4s 4s 4s 5s 5s "
             "6s 6s 6s 7s 7s 7s 8s 8s 8s 9s 9s 9s 1m 1m 1m 2m 2m 2m 2m 3m 3m 3m 3m 4m 4m "
             "4m 4m 5m 5m 5m 6m 6m 6m 7m 7m 7m 7m 8m 8m 8m 9m 9m 9m 1h 2h 3h")
    record = {"game": "kowah", "deal": {"hands": hands, "stock": stock, "first_seat": 0},
              "actions": ["draw", "discard 1m", f"declare {pair}", "draw", "discard 7s",
                          "draw", "discard 5s"]}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    r = CliRunner().invoke(cli, ["kowah", "replay", str(path)])
    assert r.exit_code == 0, r.output
    assert f"  {cites}\n" in r.output, r.output



# Luk Fu: seat 0 wins the last trick with every card played and 8 fu (R-claim-timing's
# moment to claim; after it, only `end`, a draw)
LAST_TRICK_WON_WITH_8_FU = {
    "game": "lukfu", "deal": {"hands": ["2c2s2m2t 3456c 3456t", "3456s 6789m 1c1s1m1t",
                                        "789c 789s 345m 789t"], "first_seat": 0},
    "actions": ["call play", "lead 2c2s2m2t", "down 1c 1s 1m 1t", "down 789c 9s", "lead 3456c",
                "follow 3456s", "down 78s 34m", "lead 6789m", "down 5m 789t", "follow 3456t"]}


def test_LF_W2_lukfu_old_on_a_game_record_whose_seat_holds_no_card(tmp_path):
    """Seat 0 has won the last trick with every card played (R-claim-timing's moment to
    claim): its hand is empty, which a game record still shows, and `old` answers the claim
    instead of asking for the hand as a public record would."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(LAST_TRICK_WON_WITH_8_FU))
    r = run("lukfu", "old", "--record", str(path))
    assert r.exit_code == 0, r.output
    assert "Fu won 8 + old cards 0 = 8: may claim now" in r.output


def test_R_claim_timing_the_hint_values_end_past_a_claim_as_the_draw_it_is(tmp_path):
    """After the last trick its winner holds 8 fu and may claim; `end` instead is a drawn
    deal (R-claim-timing: a claim not made then is lost) that settles 0 (R-settle-zero):
    the hint says so and values it 0, not just below the claim's +6."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(LAST_TRICK_WON_WITH_8_FU))
    obs = run("lukfu", "observe", str(path))
    assert obs.exit_code == 0, obs.output
    r = CliRunner().invoke(cli, ["lukfu", "hint", "--state", "-", "--json"], input=obs.output)
    assert r.exit_code == 0, r.output
    ranked = {a["action"]: a for a in json.loads(r.output)["actions"]}
    assert ranked["claim"]["value"] == 6.0
    assert ranked["end"]["value"] == 0.0
    assert "R-claim-timing" in ranked["end"]["explanation"]
    assert "six is not reached" not in ranked["end"]["explanation"]



def test_a_ready_undeclared_kowah_hand_that_draws_keeps_its_chance(tmp_path):
    """Kowah seed 7 with optional declaration (R-declare's switch): seat 0 stayed with a
    ready hand (3499c 34s 34m). Drawing keeps it ready (it may discard the card drawn and
    declare): the hint gives the draw the ready hand's wait, not "0 from ready, 0 live cards
    help" at 0%."""
    actions = ["draw", "discard 2s", "draw", "discard 2s", "draw", "discard 7s", "draw",
               "discard 5c", "draw", "discard 1h", "draw", "discard 2h", "draw", "discard 7m",
               "take", "discard 4c", "take", "discard 8s", "draw", "discard 3h", "draw",
               "discard 7c", "draw", "discard 1c", "draw", "discard 8m", "draw", "discard 5s",
               "draw", "discard 1m", "stay", "draw", "discard 2h", "draw", "discard 2s"]
    record = {"game": "kowah", "seed": 7, "actions": actions,
              "rules": {"preset": "KOWAH_RULES_PRESET_SEED", "optional_declaration": True}}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    obs = run("kowah", "observe", str(path))
    assert obs.exit_code == 0, obs.output
    assert json.loads(obs.output)["hand"] == "3499c 34s 34m"
    r = CliRunner().invoke(cli, ["kowah", "hint", "--state", "-", "--json"], input=obs.output)
    assert r.exit_code == 0, r.output
    draw = {a["action"]: a for a in json.loads(r.output)["actions"]}["draw"]
    assert "ready now (KW-R4) and not declared" in draw["explanation"]
    assert "waiting on 9c (KW-R6) with 2 unseen" in draw["explanation"]
    assert "0 live cards help" not in draw["explanation"] and draw["value"] > 0


@pytest.mark.parametrize("hand, pair", [("55c 555s 777m", "55c"), ("55s 555m 777c", "55s"),
                                        ("33c 333m 1h1h1h", "33c")])
def test_KW_R5_a_declared_hand_not_ready_is_told_about_the_pair_it_shows(hand, pair):
    """The five cards of the shown pair's rank are 3-2 or 3-1-1 over the suits, not 2-2-1
    (KW-R5): the refusal names the pair given with --pair, not another the hand holds."""
    r = run("kowah", "win", hand, "--pair", pair, "--card", pair[1:], "--via", "self-draw",
            "--json")
    assert r.exit_code == 0, r.output
    said = json.loads(r.output)
    assert said["wins"] is False
    assert said["violations"] == [{"rule": "KW-R5", "message": (
        f"the declared hand is not ready: with {pair} as the pair the five cards of its rank "
        f"are not 2-2-1 over the suits")}]


def test_no_command_list_cuts_a_summary_short():
    """Every group's --help lists its commands with whole summaries (each command's short
    help), not a first sentence cut at the terminal's width ("…by...")."""
    import click

    def groups(cmd, path):
        if isinstance(cmd, click.Group):
            yield path
            for name, sub in cmd.commands.items():
                yield from groups(sub, [*path, name])

    for path in groups(cli, []):
        out = CliRunner().invoke(cli, [*path, "--help"], terminal_width=80).output
        listed = out.split("Commands:", 1)[1].splitlines()
        assert listed and not any(line.rstrip().endswith("...") for line in listed), path


@pytest.mark.parametrize("seed, rule", [(1, "LF-W2"), (5, "LF-W4")])
def test_lukfu_old_and_legal_on_an_ended_deal_say_it_is_over(tmp_path, seed, rule):
    """A game record whose deal has ended (a claim, LF-W2; all cards played, LF-W4): `old`
    still proves each seat's old cards but offers no claim ("may claim now" was printed
    after the claim had ended the deal), and `legal` refuses any play, from every seat."""
    import random

    from moneycards.records import game_record_json
    from moneycards.solver.games import seeded

    rng, state = random.Random(seed), seeded("lukfu", seed)
    while not state.is_over:
        legal = state.legal_texts()
        state.apply(next((a for a in ("claim", "call play") if a in legal), None)
                    or rng.choice(legal))
    assert state.over_rule() == rule
    game = tmp_path / "game.json"
    game.write_text(json.dumps(game_record_json("lukfu", state.engine_record())))
    for seat in range(3):
        r = run("lukfu", "old", "--record", str(game), "--seat", str(seat))
        assert r.exit_code == 0
        assert r.output.splitlines()[-1].endswith(
            f"; the deal is over ({rule}): no claim follows its end"), r.output
        assert "may claim" not in r.output
        d = json.loads(run("lukfu", "old", "--record", str(game), "--seat", str(seat),
                           "--json").output)
        assert d["can_claim"] is False and d["about_to_lead"] is False
        hand = state.observation(seat).to_json()["hand"]
        card = hand.split()[0] if hand else "9m"
        r = run("lukfu", "legal", card, "--record", str(game), "--seat", str(seat))
        assert r.exit_code == 2
        assert f"the deal is over ({rule}): no play follows its end [{rule}]" in r.output
        assert r.output.startswith("error: --record: ")
    r = run("lukfu", "legal", "9m", "--record", str(game))  # no seat is to act
    assert r.exit_code == 2 and f"the deal is over ({rule}): no seat is to act" in r.output


def test_kowah_replay_says_each_card_drawn_in_private(tmp_path):
    """A replay shows every hand, so it tells each draw's card as the drawer's own log does
    ("draw (drew 3m)"), where it said a bare "draw"; a card drawn face up (KW-X3) is told
    once, by its own line. Over seeded deals of random play, every draw is told one way."""
    import random
    import re

    from moneycards.records import game_record_json
    from moneycards.solver.games import seeded

    told = 0
    for seed in range(1, 7):
        rng, state = random.Random(seed), seeded("kowah", seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_texts()))
        path = tmp_path / f"k{seed}.json"
        path.write_text(json.dumps(game_record_json("kowah", state.engine_record())))
        lines = run("kowah", "replay", str(path)).output.splitlines()
        for k, line in enumerate(lines):
            if re.search(r"^ *\d+\. .*: draw", line):
                face_up = k + 1 < len(lines) and "face up (KW-X3)" in lines[k + 1]
                assert bool(re.search(r": draw \(drew \d[csmh]\)$", line)) != face_up, line
                told += 1
    assert told > 20


@pytest.mark.parametrize("typed, meant", [("TOTOM", "totom"), ("Tổ-Tôm", "totom"),
                                          ("chan", "totom"), ("tomtom", "totom"),
                                          ("cheki", "kowah"), ("Kowah", "kowah"),
                                          ("kowa", "kowah"), ("hakka", "lukfu"),
                                          ("Luk Fu", "lukfu")])
def test_another_name_of_a_game_suggests_its_command(typed, meant):
    """A game's name typed another way (case, accents, a space, another name of it) is
    answered with its command as a suggestion, one line and exit 2; never run in its place."""
    r = CliRunner().invoke(cli, [typed, "--help"])
    assert r.exit_code == 2
    assert r.output.strip() == f"error: No such command {typed!r}. Did you mean {meant!r}? " \
                               "(see --help)"


def test_an_unknown_command_suggests_nothing_it_cannot_read():
    r = CliRunner().invoke(cli, ["xyz"])
    assert r.exit_code == 2
    assert r.output.strip() == "error: No such command 'xyz'. (see --help)"


@pytest.mark.parametrize("command", ["legal", "old"])
def test_lukfu_a_switch_the_record_s_rules_contradict_is_refused_not_dropped(tmp_path,
                                                                            command):
    """R-ace-sets, R-lead-advice: a record is judged by its own rules (a game record's, or
    the switches a public record names); a switch given beside it that says otherwise was
    dropped without a word, and a player read an answer of other rules than asked."""
    root = pathlib.Path(__file__).parents[1] / "examples"
    game = json.loads((root / "lukfu-game.json").read_text())
    cut = tmp_path / "game.json"
    cut.write_text(json.dumps({**game, "actions": game["actions"][:4]}))
    public = tmp_path / "public.json"
    public.write_text(json.dumps({**json.loads((root / "lukfu-record.json").read_text()),
                                  "rules": {"ace_sets_beaten_only_by_nines": False}}))
    args = {"legal": ["1s"], "old": []}[command]
    hand = ["--hand", "7c 5m6m 1t2t 9t 5s 8t"]
    for record, extra, flag, ruling, kept in [
            (cut, [], "--strict-leads", "R-lead-advice", "off"),  # the seed's, unwritten
            (cut, [], "--no-ace-rule", "R-ace-sets", "on"),
            (public, hand, "--ace-rule", "R-ace-sets", "off")]:  # a switch it names
        r = run("lukfu", command, *args, "--record", str(record), *extra, flag)
        assert r.exit_code == 2, r.output
        assert r.output.strip() == (
            f"error: {flag}: the record's rules have {ruling} {kept}, and a deal is judged by "
            f"the rules it is played by: leave the switch out [{ruling}]")
    # the same switch as the record's, or one a public record leaves to the command line
    assert run("lukfu", command, *args, "--record", str(cut), "--advice-leads").exit_code == 0
    r = run("lukfu", command, *(["7c"] if args else []), "--record", str(public), *hand,
            "--strict-leads")
    assert r.exit_code == 0, r.output
