"""Options that must reach their effect: `serve --max-watches` and `--grace` as an operator
sets them, and a solver's time limit told as the program's fault (exit 1), not bad input."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time

import grpc
import pytest
from click.testing import CliRunner
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.cli.main import cli
from moneycards.solver.errors import SolveLimit
from moneycards.solver.games import seeded
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

SERVE = [sys.executable, "-m", "moneycards", "serve"]
HAND = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


def reason_of(err: grpc.RpcError) -> str:
    status = rpc_status.from_call(err)
    for d in status.details if status else []:
        if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            d.Unpack(info)
            return info.reason
    return ""


def test_a_solver_time_limit_exits_1_not_2(monkeypatch):
    # The question was fine; the program could not answer it in time: exit 1, one line.
    import moneycards.solver.totom.check as check

    def stopped(*_args, **_kwargs):
        raise SolveLimit("the CP-SAT solver stopped at its time limit without an answer")

    monkeypatch.setattr(check, "check_text", stopped)
    r = CliRunner().invoke(cli, ["totom", "check", HAND])
    assert r.exit_code == 1, r.output
    assert r.output.strip() == ("error: the CP-SAT solver stopped at its time limit without "
                                "an answer")
    r = CliRunner().invoke(cli, ["totom", "check", HAND, "--json"])
    assert r.exit_code == 1
    assert json.loads(r.output.strip().splitlines()[-1])["error"]["message"].startswith(
        "the CP-SAT solver stopped")


def kowah_table(stub) -> tuple[str, str]:
    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
        common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
        for _ in range(2)]
    # a deal the person starts: AI seats that start would play first at the test's slow pace
    seed = next(k for k in range(100) if seeded("kowah", k).deal_json()["first"] == 0)
    r = stub.CreateTable(table_pb2.CreateTableRequest(game=common_pb2.GAME_KOWAH, seats=seats,
                                                      seed=seed), timeout=30)
    return r.table_id, r.seat_tokens[0].token


@pytest.mark.parametrize("grace", [0.3, 3.0])
def test_serve_max_watches_and_grace_reach_the_server(grace):
    # a slow AI pace: an action the AI seats answer stays in flight for seconds
    proc = subprocess.Popen([*SERVE, "--port", "0", "--no-web", "--processes", "1", "--db",
                             ":memory:", "--max-watches", "1", "--grace", str(grace),
                             "--ai-pace-ms", "5000", "--log-level", "info"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        m = re.search(r"listening on [^ ]+:(\d+)", proc.stdout.readline())
        assert m, proc.stderr.read()
        with grpc.insecure_channel(f"127.0.0.1:{m.group(1)}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            first, second = kowah_table(stub), kowah_table(stub)
            stream = stub.Watch(table_pb2.WatchRequest(table_id=first[0], seat_token=first[1]))
            def drain() -> None:
                try:
                    for _ in stream:
                        pass
                except grpc.RpcError:
                    pass  # the server stopped, or the test let go of the stream

            threading.Thread(target=drain, daemon=True).start()
            time.sleep(0.5)  # the first stream is open
            # --max-watches 1: another table's seat, with a token of its own, is refused
            with pytest.raises(grpc.RpcError) as info:
                list(stub.Watch(table_pb2.WatchRequest(table_id=second[0],
                                                       seat_token=second[1]), timeout=10))
            assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert reason_of(info.value) == "TOO_MANY_WATCHES"
            assert "1 watch streams are open on this server" in info.value.details()
            # An action whose AI replies keep a 5 s pace is in flight when the server is
            # told to stop: the pace ends at once and the action's answer arrives, played
            # and stored, well within the grace (it was cut with a bare error before).
            answers: list = []

            def act() -> None:
                try:
                    for _ in range(3):
                        v = stub.GetView(table_pb2.GetViewRequest(
                            table_id=second[0], seat_token=second[1]), timeout=30).view
                        if not v.legal_actions:
                            return
                        answers.append(stub.Act(table_pb2.ActRequest(
                            table_id=second[0], seat_token=second[1],
                            action=v.legal_actions[0].text), timeout=60))
                except grpc.RpcError as err:
                    answers.append(err)

            acting = threading.Thread(target=act, daemon=True)
            acting.start()
            time.sleep(1.0)  # the paced action is in flight
            started = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=30) == 0
            took = time.monotonic() - started
            acting.join(timeout=10)
            stream.cancel()
        assert answers and isinstance(answers[0], table_pb2.ActResponse), answers
        assert answers[0].view.version > 0
        assert took < 2.5, took  # not held for the pace, nor for the whole grace
        # --grace reaches the server (a call stuck past it: test_serve_startup.py)
        said = proc.stderr.read()
        # the options an operator set, in the start's log line
        assert re.search(r"serving on [^ ]+: table store .*:memory:.*, AI pace 5000 ms, 1 "
                         r"watch streams, 50 open tables a client, operator token not set",
                         said), said[:600]
        assert f"in-flight calls get {grace:.1f} s" in said
        assert said.rstrip().endswith(": stopped"), said[-300:]  # the log says it ended
    finally:
        if proc.poll() is None:
            proc.kill()


def serve_lines(*args: str, env: dict | None = None) -> tuple[subprocess.Popen, list[str]]:
    """A started `serve` and its listening lines (gRPC, then web if on)."""
    proc = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    lines = [proc.stdout.readline()]
    if "--no-web" not in args:
        lines.append(proc.stdout.readline())
    assert "listening on" in lines[0], lines[0] + proc.stderr.read()
    return proc, lines


def test_port_0_puts_the_web_port_on_a_free_port_too():
    proc, lines = serve_lines("--port", "0", "--processes", "1", "--db", ":memory:")
    try:
        m = re.search(r"web server listening on http://127.0.0.1:(\d+)/", lines[1])
        assert m and int(m.group(1)) not in (0, 8080), lines[1]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def test_two_processes_on_a_memory_store_are_refused():
    r = subprocess.run([*SERVE, "--port", "0", "--no-web", "--processes", "2", "--db",
                        ":memory:"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.startswith("error: --processes: --processes 2 with --db :memory:")


def test_the_operator_token_file_reaches_list_tables(tmp_path):
    token = "operator-" + "x" * 20
    (tmp_path / "token").write_text(token + "\n")
    (tmp_path / "token").chmod(0o644)  # readable by others: said on stderr
    proc, lines = serve_lines("--port", "0", "--no-web", "--processes", "1", "--db",
                              ":memory:", "--operator-token-file", str(tmp_path / "token"))
    try:
        port = re.search(r"listening on [^ ]+:(\d+)", lines[0]).group(1)
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            # from this machine but without the token: refused, as the token was set
            with pytest.raises(grpc.RpcError) as info:
                stub.ListTables(table_pb2.ListTablesRequest(), timeout=10)
            assert reason_of(info.value) == "OPERATOR_ONLY"
            stub.ListTables(table_pb2.ListTablesRequest(), timeout=10,
                            metadata=(("authorization", f"Bearer {token}"),))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    said = proc.stderr.read()
    assert (f"warning: --operator-token-file {tmp_path / 'token'} can be read by other users "
            "of this machine (mode 0644): chmod 600 it") in said, said


@pytest.mark.parametrize("value", ["0", "1000001"])
def test_max_open_tables_out_of_range_is_refused_naming_the_option(value):
    r = CliRunner().invoke(cli, ["serve", "--port", "0", "--max-open-tables", value,
                                 "--db", ":memory:"])
    assert r.exit_code == 2 and r.output == (
        "error: --max-open-tables: 1-1000000 open tables an address\n"), r.output
