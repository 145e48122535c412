"""Another language, typed: the TypeScript example (examples/ts) generates its code from the
project's .proto files with buf and protoc-gen-es, compiles with tsc, and calls a real server
over gRPC. Skipped where Node.js or the example's packages (`npm ci` in examples/ts; .ci/run
does it, and sets MONEYCARDS_REQUIRE_NODE so CI fails instead) are not installed."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from tests.conftest import ts_example_in

CLIENT = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ts"
INSTALLED = shutil.which("node") is not None and (CLIENT / "node_modules" / ".bin" / "tsc").exists()
pytestmark = [
    pytest.mark.skipif(not INSTALLED and not os.environ.get("MONEYCARDS_REQUIRE_NODE"),
                       reason="TypeScript client not installed (run `npm ci` in examples/ts)"),
    pytest.mark.xdist_group("ts-client"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    where = ts_example_in(tmp_path_factory.mktemp("ts") / "ts")
    assert (where / "gen" / "moneycards" / "v1" / "kowah_pb.ts").exists()
    return where / "dist" / "client.js"


def call(script, address, *args):
    r = subprocess.run(["node", str(script), address, *args], capture_output=True, text=True,
                       timeout=60)
    assert r.stdout.strip(), f"no answer (exit {r.returncode}): {r.stderr}"
    return r.returncode, json.loads(r.stdout)


def test_ts_client_reads_typed_answers(built, server_address):
    code, out = call(built, server_address, "55c 55s 5m 777c")
    assert code == 0 and out["ready"] is True and out["distance"] == 0
    assert sorted(out["waits"]) == ["5c", "5s"]
    code, out = call(built, server_address, "555c 5s 5m 777c")
    assert code == 0 and out["ready"] is False and out["distance"] == 1
    assert [v["rule"] for v in out["violations"]] == ["KW-R5"]


def test_ts_client_decodes_the_rule_id_of_a_bad_hand_KW_R4(built, server_address):
    code, out = call(built, server_address, "55c 5m")
    assert code == 2 and out["code"] == "InvalidArgument"
    assert (out["reason"], out["domain"], out["field"]) == ("KW-R4", "moneycards", "hand")
    assert "3 cards" in out["description"]


def test_ts_client_decodes_a_notation_error(built, server_address):
    code, out = call(built, server_address, "55c 5x")
    assert code == 2 and out["reason"] == "INVALID_NOTATION" and "'5x'" in out["description"]
