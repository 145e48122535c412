"""Another language over gRPC: the Node.js example client (examples/node) against a real
server, loading only the project's .proto files. Skipped where Node.js or the example's
packages (`npm ci` in examples/node; .ci/run does it, and sets MONEYCARDS_REQUIRE_NODE so
CI fails instead) are not installed."""

import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

CLIENT = pathlib.Path(__file__).resolve().parents[1] / "examples" / "node"
pytestmark = pytest.mark.skipif(
    (shutil.which("node") is None or not (CLIENT / "node_modules" / "@grpc" / "grpc-js").exists())
    and not os.environ.get("MONEYCARDS_REQUIRE_NODE"),
    reason="Node.js client not installed (run `npm ci` in examples/node)")


def call(address, *args):
    r = subprocess.run(["node", str(CLIENT / "client.js"), address, *args],
                       capture_output=True, text=True, timeout=60)
    return r.returncode, json.loads(r.stdout)


def test_node_client_checks_a_hand(server_address):
    code, out = call(server_address, "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", "3c")
    assert code == 0 and out["wins"] is True and out["points"] == 5
    assert {b["kind"] for b in out["bonuses"]} == {"TOTOM_BONUS_KIND_TOM", "TOTOM_BONUS_KIND_U_CHI"}
    assert out["scored_by"] == "TOTOM_SCORING_MAIN_PLUS_DICH" and out["chan_count"] == 6


def test_node_client_decodes_error_info_and_bad_request(server_address):
    code, out = call(server_address, "1m")
    assert code == 2 and out["code"] == 3 and "'1m'" in out["details"]
    assert out["reason"] == "TT-D1"  # a card of no deck: the deck's rule (TT-D1)
    assert out["errorInfo"]["domain"] == "moneycards"
    assert out["badRequest"]["fieldViolations"][0]["field"] == "hand"


def test_node_client_reason_names_the_kind_of_error_when_no_rule_is_broken(server_address):
    code, out = call(server_address, "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", "9m")
    assert code == 2 and out["reason"] == "CONTRADICTORY_REQUEST" and "9m" in out["details"]


@pytest.mark.parametrize("script", ["client.js", "table.js"])
def test_node_scripts_without_the_proto_files_say_where_to_find_them(tmp_path, script):
    """A copy of the example elsewhere finds the .proto files in $MONEYCARDS_PROTO; one that
    names a folder without them is told so in one line, exit 2 (not a loader's stack)."""
    r = subprocess.run(["node", str(CLIENT / script), "127.0.0.1:1", "kowah"],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "MONEYCARDS_PROTO": str(tmp_path)})
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (f"no moneycards .proto files in MONEYCARDS_PROTO ({tmp_path}): set "
                        "MONEYCARDS_PROTO to the project's proto folder (the one holding "
                        "moneycards/v1/table.proto)\n")


# -- a whole deal over TableService (table.js) ---------------------------------------------
# Seeds whose deals are played out (not redealt at once) and quick with greedy AI players.
DEALS = {"totom": 2, "kowah": 1, "lukfu": 5}


def play(address, game, seed=None):
    r = subprocess.run(["node", str(CLIENT / "table.js"), address, game,
                        *([] if seed is None else [str(seed)])],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def in_process_table(game, seed):
    from moneycards.solver.games import spec
    from moneycards.solver.tables import Seat, Table

    seats = [Seat("human", "", "Node")] + [Seat("ai", "greedy")] * (spec(game).seats - 1)
    return Table.create(game, seats, seed=seed)


@pytest.mark.parametrize("game", sorted(DEALS))
def test_node_client_plays_a_whole_deal_over_table_service(server_address, game):
    from moneycards.records import read_game_record
    from moneycards.solver.games import final_state
    from moneycards.solver.table import IllegalAction

    seed = DEALS[game]
    out = play(server_address, game, seed)
    record = out["record"]
    # 64-bit integers come as strings, as the proto JSON mapping writes them
    assert out["game"] == game and out["seed"] == str(seed) and record["seed"] == str(seed)
    assert out["result_text"] and out["own_actions"] >= 1
    assert out["record_actions"] == len(record["actions"])
    assert [s["name"] for s in record["seats"]][0] == "Node"
    assert {s["ai_level"] for s in record["seats"][1:]} == {"AI_LEVEL_GREEDY"}

    # The deliberate illegal action: FAILED_PRECONDITION with the rule the engine names.
    expected = in_process_table(game, seed)
    with pytest.raises(IllegalAction) as refused:
        expected.state.clone().apply(out["illegal"]["action"])
    assert out["illegal"]["code"] == 9 and out["illegal"]["domain"] == "moneycards"
    assert out["illegal"]["reason"] == refused.value.rule
    assert out["illegal"]["message"].endswith(f"[{refused.value.rule}]")

    # The malformed call: INVALID_ARGUMENT, the BadRequest naming the field.
    assert out["malformed"]["code"] == 3 and out["malformed"]["field"] == "table_id"
    assert out["malformed"]["reason"] == "INVALID_INPUT"

    # The record replays to the result the client saw...
    state = final_state(game, read_game_record(game, json.dumps(record)))
    result = state.result.to_dict()
    assert result["outcome"] == out["result"]["outcome"].removeprefix("DEAL_OUTCOME_").lower()
    assert result.get("winner") == out["result"].get("winner")
    assert result.get("net", []) == out["result"]["net"]
    # ...and the in-process table, given the same person's actions, plays the same deal.
    while not expected.is_over:  # the person acts where its view stands (the table may
        # have played on past its open decision, R-claim-privacy)
        expected.act(0, record["actions"][len(expected.view_state(0).history)])
    assert expected.state.history == record["actions"]
    assert expected.result_line() == out["result_text"]
    assert expected.state.result.to_dict() == result


def test_node_client_prints_a_server_chosen_seed_whole(server_address):
    """A seed the server chooses uses all 63 bits, beyond what a JS number holds exactly:
    the example prints it as the record's digits, and the record it prints replays (a
    rounded seed would deal other cards, and the record's actions would be refused)."""
    from moneycards.records import read_game_record
    from moneycards.solver.games import final_state

    out = play(server_address, "kowah")
    assert out["seed"] == out["record"]["seed"] and out["seed"].isdigit()
    state = final_state("kowah", read_game_record("kowah", json.dumps(out["record"])))
    assert state.is_over and state.history == out["record"]["actions"]


def test_the_readmes_node_table_example_prints_what_it_shows(server_address):
    """The README shows table.js playing Kowah seed 7: a run gives its figures (the seed
    fixes the deal, the AI players' moves and the hint the client plays)."""
    readme = (pathlib.Path(__file__).parents[1] / "README.md").read_text()
    shown = re.search(r"node table\.js \S+ kowah 7\n(\{.*)", readme).group(1)
    out = play(server_address, "kowah", 7)
    for key in ("own_actions", "version", "result_text"):
        assert f'"{key}":{json.dumps(out[key], ensure_ascii=False)},' in shown, key


def test_a_copy_of_the_example_finds_the_protos_it_is_told(server_address, tmp_path):
    """examples/node copied out of the checkout (as a bot author starts one): it loads
    `../../proto`, and finding none there says so in one line (exit 2, where a loader's
    stack trace said ENOENT); MONEYCARDS_PROTO names the project's proto folder."""
    copy = tmp_path / "mine"
    copy.mkdir()
    for script in ("client.js", "protos.js"):
        shutil.copy(CLIENT / script, copy / script)
    (copy / "node_modules").symlink_to(CLIENT / "node_modules")
    args = ["node", str(copy / "client.js"), server_address,
            "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", "3c"]
    lost = subprocess.run(args, capture_output=True, text=True, timeout=60,
                          env={k: v for k, v in os.environ.items() if k != "MONEYCARDS_PROTO"})
    assert lost.returncode == 2 and lost.stderr == (
        f"no moneycards .proto files in {copy.parents[1] / 'proto'}: set MONEYCARDS_PROTO to the "
        "project's proto folder (the one holding moneycards/v1/table.proto)\n")
    env = {**os.environ, "MONEYCARDS_PROTO": str(CLIENT.parents[1] / "proto")}
    found = subprocess.run(args, capture_output=True, text=True, timeout=60, env=env)
    assert found.returncode == 0 and json.loads(found.stdout)["points"] == 5, found.stderr
