"""Another language over gRPC: the Node.js example client (examples/node) against a real
server, loading only the project's .proto files. Skipped where Node.js or the example's
packages (`npm ci` in examples/node; .ci/run does it, and sets MONEYCARDS_REQUIRE_NODE so
CI fails instead) are not installed."""

import json
import os
import pathlib
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
    assert out["reason"] == "INVALID_NOTATION"
    assert out["errorInfo"]["domain"] == "moneycards"
    assert out["badRequest"]["fieldViolations"][0]["field"] == "hand"


def test_node_client_reason_names_the_kind_of_error_when_no_rule_is_broken(server_address):
    code, out = call(server_address, "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m 4s", "3c")
    assert code == 2 and out["reason"] == "IMPOSSIBLE_CARDS" and "21" in out["details"]
