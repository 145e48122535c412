"""One JSON vocabulary (docs/json.md): every CLI command with an RPC twin prints, under
--json, the proto JSON of its twin's response for the same input — the same keys, the same
enum spellings, the same presence — and nothing else but the CLI-only keys listed in
moneycards.cli.vocabulary.CLI_ONLY."""

from __future__ import annotations

import json
import random
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from google.protobuf import json_format

from moneycards.cli.main import cli
from moneycards.cli.vocabulary import CLI_ONLY, JSON_OPTIONS, NO_TWIN, TWINS
from moneycards.v1 import (common_pb2, kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc,
                           totom_pb2, totom_pb2_grpc)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
UCHI_TOM = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
WAITING = "22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m"
FIVE_CHAN = "22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s4m"  # does not win (TT-W4)
NO_WAIT = "22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 1h 9m"  # no card makes it win
LUKFU_RECORD = EXAMPLES / "lukfu-record.json"
STUBS = {"TotomService": totom_pb2_grpc.TotomServiceStub,
         "KowahService": kowah_pb2_grpc.KowahServiceStub,
         "LukFuService": lukfu_pb2_grpc.LukFuServiceStub}
RECORD_REQUESTS = {"totom": totom_pb2.TotomServiceCheckGameRecordRequest,
                   "kowah": kowah_pb2.KowahServiceCheckGameRecordRequest,
                   "lukfu": lukfu_pb2.LukFuServiceCheckGameRecordRequest}
HINT_REQUESTS = {"totom": totom_pb2.TotomServiceHintRequest,
                 "kowah": kowah_pb2.KowahServiceHintRequest,
                 "lukfu": lukfu_pb2.LukFuServiceHintRequest}


def lukfu_record() -> lukfu_pb2.LukFuRecord:
    return json_format.ParseDict(json.loads(LUKFU_RECORD.read_text()), lukfu_pb2.LukFuRecord())


def record_request(game: str, path: Path):
    return json_format.ParseDict(json.loads(path.read_text()), RECORD_REQUESTS[game]())


def _invalid_record(tmp: Path, game: str) -> Path:
    """The game's example record with a nonsense second action."""
    data = json.loads((EXAMPLES / f"{game}-game.json").read_text())
    data["actions"].insert(1, "nonsense")
    path = tmp / f"{game}-invalid.json"
    path.write_text(json.dumps(data))
    return path


def _unfinished_record(tmp: Path, game: str) -> Path:
    """The game's example record cut after five actions: valid, the deal goes on."""
    data = json.loads((EXAMPLES / f"{game}-game.json").read_text())
    data["actions"] = data["actions"][:5]
    path = tmp / f"{game}-unfinished.json"
    path.write_text(json.dumps(data))
    return path


def _practice_record(tmp: Path, game: str) -> Path:
    """The game's example record marked as a practice game."""
    data = json.loads((EXAMPLES / f"{game}-game.json").read_text())
    path = tmp / f"{game}-practice.json"
    path.write_text(json.dumps({**data, "practice": True}))
    return path


def _observation(tmp: Path, game: str, seed: int, steps: int) -> Path:
    """A seat's observation a few random actions into a seeded deal."""
    from moneycards.solver.games import seeded

    rng = random.Random(seed)
    state = seeded(game, seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_texts()))
    path = tmp / f"{game}-{seed}-{steps}.json"
    path.write_text(json.dumps(state.observation(state.current_seat()).to_json()))
    return path


def cases(tmp: Path):
    """(command, CLI arguments, RPC method, request): a few inputs per command, a winning
    and a losing hand, a bad-but-valid case."""
    out = [
        ("totom check", ["totom", "check", UCHI_TOM, "--win-card", "3c", "--via", "own-door"],
         "CheckHand", totom_pb2.CheckHandRequest(hand=UCHI_TOM, context=totom_pb2.TotomWinContext(
             win_card="3c", via=totom_pb2.WIN_VIA_OWN_DOOR))),
        ("totom check", ["totom", "check", FIVE_CHAN], "CheckHand",
         totom_pb2.CheckHandRequest(hand=FIVE_CHAN)),
        ("totom check", ["totom", "check", UCHI_TOM, "--win-card", "3c", "--via", "discard"],
         "CheckHand", totom_pb2.CheckHandRequest(hand=UCHI_TOM, context=totom_pb2.TotomWinContext(
             win_card="3c", via=totom_pb2.WIN_VIA_DISCARD))),
        ("totom check", ["totom", "check", UCHI_TOM, "--rules", "traditional", "--engine", "exact"],
         "CheckHand", totom_pb2.CheckHandRequest(
             hand=UCHI_TOM, rules=totom_pb2.TotomRules(
                 preset=totom_pb2.TOTOM_RULES_PRESET_TRADITIONAL),
             engine=totom_pb2.PARTITION_ENGINE_EXACT)),
        ("totom waits", ["totom", "waits", WAITING, "--via", "own-door", "--seen", "3m"],
         "FindWaits", totom_pb2.FindWaitsRequest(hand=WAITING, via=totom_pb2.WIN_VIA_OWN_DOOR,
                                                 seen="3m")),
        ("totom waits", ["totom", "waits", WAITING], "FindWaits",
         totom_pb2.FindWaitsRequest(hand=WAITING)),
        ("totom waits", ["totom", "waits", NO_WAIT], "FindWaits",
         totom_pb2.FindWaitsRequest(hand=NO_WAIT)),
        ("kowah check", ["kowah", "check", "55c55s5m 777c"], "CheckReady",
         kowah_pb2.CheckReadyRequest(hand="55c55s5m 777c")),
        ("kowah check", ["kowah", "check", "555c5s5m 777c"], "CheckReady",
         kowah_pb2.CheckReadyRequest(hand="555c5s5m 777c")),
        ("kowah check", ["kowah", "check", "55c55s5m 777c", "--seen", "5c5s"], "CheckReady",
         kowah_pb2.CheckReadyRequest(hand="55c55s5m 777c", seen="5c5s")),
        ("kowah check", ["kowah", "check", "1234c 5s 67m 9m"], "CheckReady",
         kowah_pb2.CheckReadyRequest(hand="1234c 5s 67m 9m")),
        ("kowah win", ["kowah", "win", "55c55s5m 777c", "--pair", "55c", "--card", "5c",
                       "--via", "self-draw"], "CheckWin",
         kowah_pb2.CheckWinRequest(hand="55c55s5m 777c", pair="55c", card="5c",
                                   via=kowah_pb2.KOWAH_VIA_SELF_DRAW)),
        ("kowah win", ["kowah", "win", "55c55s5m 777c", "--pair", "55c", "--card", "9c",
                       "--via", "discard"], "CheckWin",
         kowah_pb2.CheckWinRequest(hand="55c55s5m 777c", pair="55c", card="9c",
                                   via=kowah_pb2.KOWAH_VIA_DISCARD)),
        ("lukfu beats", ["lukfu", "beats", "9c9s9m", "--over", "1c1s1m"], "ComparePlays",
         lukfu_pb2.ComparePlaysRequest(play="9c9s9m", over="1c1s1m")),
        ("lukfu beats", ["lukfu", "beats", "9c", "--over", "1c"], "ComparePlays",
         lukfu_pb2.ComparePlaysRequest(play="9c", over="1c")),
        ("lukfu beats", ["lukfu", "beats", "9s9m9t", "--over", "1c1s1m", "--no-ace-rule"],
         "ComparePlays", lukfu_pb2.ComparePlaysRequest(
             play="9s9m9t", over="1c1s1m",
             rules=lukfu_pb2.LukFuRules(ace_sets_beaten_only_by_nines=False))),
        ("lukfu legal", ["lukfu", "legal", "1234c", "--hand", "1234c 5s 9t", "--role",
                         "master-passed"], "CheckPlay",
         lukfu_pb2.CheckPlayRequest(play="1234c", hand="1234c 5s 9t",
                                    role=lukfu_pb2.LUK_FU_ROLE_MASTER_PASSED)),
        ("lukfu legal", ["lukfu", "legal", "5s", "--hand", "1234c 5s 9t", "--role", "caller"],
         "CheckPlay", lukfu_pb2.CheckPlayRequest(play="5s", hand="1234c 5s 9t",
                                                 role=lukfu_pb2.LUK_FU_ROLE_CALLER)),
        ("lukfu legal", ["lukfu", "legal", "7c", "--hand", "789c 123m 56t", "--record",
                         str(LUKFU_RECORD)], "CheckPlay",
         lukfu_pb2.CheckPlayRequest(play="7c", hand="789c 123m 56t", record=lukfu_record())),
        ("lukfu old", ["lukfu", "old", "--hand", "7c 5m6m 1t2t 9t 5s 8t", "--record",
                       str(LUKFU_RECORD)], "ProveOld",
         lukfu_pb2.ProveOldRequest(hand="7c 5m6m 1t2t 9t 5s 8t", record=lukfu_record())),
        ("lukfu old", ["lukfu", "old", "--hand", "9c 9s 9m 9t 1c 1t 8t"], "ProveOld",
         lukfu_pb2.ProveOldRequest(hand="9c 9s 9m 9t 1c 1t 8t")),
        ("lukfu old", ["lukfu", "old", "--hand", "2c 3s 4m", "--seat", "2"], "ProveOld",
         lukfu_pb2.ProveOldRequest(hand="2c 3s 4m", seat=2)),
        ("lukfu score", ["lukfu", "score", "--fu", "8", "--winner", "0", "--caller", "1"],
         "Score", lukfu_pb2.ScoreRequest(fu=8, winner=0, caller=1)),
        ("lukfu score", ["lukfu", "score", "--fu", "6", "--winner", "2", "--caller", "2"],
         "Score", lukfu_pb2.ScoreRequest(fu=6, winner=2, caller=2)),
        ("lukfu score", ["lukfu", "score", "--drawn"], "Score", lukfu_pb2.ScoreRequest(drawn=True)),
    ]
    for game in ("totom", "kowah", "lukfu"):
        command = f"{game} check-record"
        for path in (EXAMPLES / f"{game}-game.json", _invalid_record(tmp, game),
                     _unfinished_record(tmp, game), _practice_record(tmp, game)):
            out.append((command, [game, "check-record", str(path)], "CheckGameRecord",
                        record_request(game, path)))
    edited = EXAMPLES / "totom-game-edited.json"
    out.append(("totom check-record", ["totom", "check-record", str(edited)], "CheckGameRecord",
                record_request("totom", edited)))
    for game in ("totom", "kowah", "lukfu"):
        for seed, steps in ((5, 0), (7, 6)):
            path = _observation(tmp, game, seed, steps)
            out.append((f"{game} hint", [game, "hint", "--state", str(path)], "Hint",
                        HINT_REQUESTS[game](observation_json=path.read_text())))
    return out


def rpc_json(channel, command: str, method: str, request) -> dict:
    service, twin_method = TWINS[command].split("/")
    assert twin_method == method
    response = getattr(STUBS[service](channel), method)(request, timeout=120)
    return json_format.MessageToDict(response, preserving_proto_field_name=True,
                                      always_print_fields_with_no_presence=True)


def cli_json(args: list[str]) -> dict:
    r = CliRunner().invoke(cli, args + ["--json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def all_cases(tmp_path_factory):
    return cases(tmp_path_factory.mktemp("vocabulary"))


def test_every_twinned_command_is_compared(all_cases):
    assert {c[0] for c in all_cases} == set(TWINS)


def test_the_cli_json_is_the_rpc_json(channel, all_cases):
    seen_cli_only: dict[str, set[str]] = {c: set() for c in CLI_ONLY}
    for command, args, method, request in all_cases:
        got, want = cli_json(args), rpc_json(channel, command, method, request)
        extra = set(got) - set(want)
        assert extra <= set(CLI_ONLY.get(command, {})), (args, extra)
        seen_cli_only.get(command, set()).update(extra)
        assert {k: v for k, v in got.items() if k not in extra} == want, args
    # every listed CLI-only key is printed by at least one case: the list is not stale
    assert {c: set(keys) for c, keys in CLI_ONLY.items()} == seen_cli_only


def test_the_cli_only_keys_are_not_fields_of_the_twin():
    from google.protobuf import descriptor_pool

    pool = descriptor_pool.Default()
    assert set(CLI_ONLY) <= set(TWINS)
    for command, twin in TWINS.items():
        service, method = twin.split("/")
        output = pool.FindServiceByName(f"moneycards.v1.{service}") \
            .FindMethodByName(method).output_type
        fields = {f.name for f in output.fields}
        assert not fields & set(CLI_ONLY.get(command, {})), command


def test_the_json_options_are_the_documented_ones():
    assert JSON_OPTIONS == {"preserving_proto_field_name": True,
                            "always_print_fields_with_no_presence": True}


def test_the_cli_only_values_use_the_proto_spellings(tmp_path):
    """A CLI-only value spelled by an enum of the contract is its proto name; a result is a
    DealResult in its proto JSON."""
    waits = cli_json(["totom", "waits", WAITING, "--via", "own-door"])
    assert waits["via"] == totom_pb2.WinVia.Name(totom_pb2.WIN_VIA_OWN_DOOR)
    assert cli_json(["totom", "waits", WAITING])["via"] == "WIN_VIA_STOCK"
    win = cli_json(["kowah", "win", "55c55s5m 777c", "--pair", "55c", "--card", "5c",
                    "--via", "self-draw"])
    assert win["via"] == "KOWAH_VIA_SELF_DRAW"
    for game in ("totom", "kowah", "lukfu"):
        d = cli_json([game, "check-record", str(EXAMPLES / f"{game}-game.json")])
        result = json_format.ParseDict(d["result"], common_pb2.DealResult())
        assert d["result"]["outcome"] == d["check"]["outcome"] == \
            common_pb2.DealOutcome.Name(result.outcome)
        assert "practice" not in d
        unfinished = cli_json([game, "check-record", str(_unfinished_record(tmp_path, game))])
        assert "result" not in unfinished
        assert unfinished["check"]["outcome"] == "DEAL_OUTCOME_UNSPECIFIED"


def test_a_practice_record_says_so(tmp_path):
    assert cli_json(["kowah", "check-record", str(_practice_record(tmp_path, "kowah"))])[
        "practice"] is True


def _json_commands(group: click.Group, prefix: str = "") -> set[str]:
    out = set()
    for name, command in group.commands.items():
        full = f"{prefix}{name}"
        if isinstance(command, click.Group):
            out |= _json_commands(command, f"{full} ")
        elif any("--json" in p.opts for p in command.params):
            out.add(full)
    return out


def test_every_json_command_has_a_twin_or_says_why_not():
    commands = _json_commands(cli)
    assert commands == set(TWINS) | set(NO_TWIN)
    assert not set(TWINS) & set(NO_TWIN)


def test_docs_json_lists_every_command_and_cli_only_key():
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    for command, twin in TWINS.items():
        service, method = twin.split("/")
        assert f"`moneycards {command}`" in text and f"`{service}.{method}`" in text, command
    for command in NO_TWIN:
        assert f"`moneycards {command}`" in text, command
    for command, keys in CLI_ONLY.items():
        for key in keys:
            assert f"`{key}`" in text, (command, key)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/json.md" in readme
    assert "json.md" in (ROOT / "docs" / "records.md").read_text(encoding="utf-8")


def _batch_lines(game: str, lines: list[str], *extra: str) -> list[dict]:
    r = CliRunner().invoke(cli, [game, "check", "--batch", "-", *extra],
                           input="\n".join(lines) + "\n", catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return [json.loads(line) for line in r.stdout.splitlines()]


TOTOM_BATCH = [UCHI_TOM, "22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s4m",
               json.dumps({"hand": UCHI_TOM, "win_card": "3c", "via": "own-door"}),
               json.dumps({"hand": UCHI_TOM, "win_card": "3c", "via": "discard"})]


def _totom_context(line: str) -> totom_pb2.TotomWinContext:
    if not line.startswith("{"):
        return totom_pb2.TotomWinContext()
    data = json.loads(line)
    return totom_pb2.TotomWinContext(win_card=data["win_card"], via=totom_pb2.WinVia.Value(
        "WIN_VIA_" + data["via"].upper().replace("-", "_")))


def test_a_totom_batch_line_is_its_hand_of_the_check_hands_columns(channel):
    """`totom check --batch`: each line holds hand i's entries of CheckHands' columns under
    the same names and enum names (the violations and bonuses as `rules` and
    `bonus_counts`); `--details` lines are CheckHand's response."""
    hands = [json.loads(x)["hand"] if x.startswith("{") else x for x in TOTOM_BATCH]
    stub = totom_pb2_grpc.TotomServiceStub(channel)
    resp = stub.CheckHands(totom_pb2.CheckHandsRequest(
        hands=hands, contexts=[_totom_context(x) for x in TOTOM_BATCH], details=True),
        timeout=120)
    columns = json_format.MessageToDict(resp, **JSON_OPTIONS)
    got = _batch_lines("totom", TOTOM_BATCH)
    for i, line in enumerate(got):
        want = {k: columns[k][i] for k in
                ("wins", "chan_count", "ca_count", "points", "scored_by", "main_bonus")}
        want["rules"] = [r for h, r in zip(resp.violation_hands, columns["violation_rules"])
                         if h == i]
        want["bonus_counts"] = {k: c for h, k, c in zip(
            resp.bonus_hands, columns["bonus_kinds"], resp.bonus_counts) if h == i}
        assert {k: v for k, v in line.items() if k not in ("line", "hand")} == want, i
        assert line["line"] == i + 1 and line["hand"] == columns["verdicts"][i]["hand"]
    assert any(line["bonus_counts"] for line in got) and any(line["rules"] for line in got)
    details = _batch_lines("totom", TOTOM_BATCH, "--details")
    assert [{k: v for k, v in d.items() if k != "line"} for d in details] == \
        columns["verdicts"]


def test_a_kowah_batch_line_is_its_hand_of_the_check_ready_many_columns(channel):
    """`kowah check --batch`: the columns of CheckReadyMany under the same names (a hand's
    `waits` as a list of cards where the column holds them in one string); `--details`
    lines are CheckReady's response."""
    hands = ["55c55s5m 777c", "555c5s5m 777c", "1234c 5s 67m 9m"]
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    resp = stub.CheckReadyMany(kowah_pb2.CheckReadyManyRequest(hands=hands, details=True),
                               timeout=120)
    columns = json_format.MessageToDict(resp, **JSON_OPTIONS)
    for i, line in enumerate(_batch_lines("kowah", hands)):
        want = {"ready": columns["ready"][i], "split_count": columns["split_count"][i],
                "distance": columns["distance"][i], "waits": columns["waits"][i].split(),
                "rules": [r for h, r in zip(resp.violation_hands, columns["violation_rules"])
                          if h == i]}
        assert {k: v for k, v in line.items() if k not in ("line", "hand")} == want, i
    details = _batch_lines("kowah", hands, "--details")
    assert [{k: v for k, v in d.items() if k != "line"} for d in details] == \
        columns["verdicts"]
