"""`moneycards serve --processes N`: N server processes on one port (by default one per
core). A taken port is still refused (one line, exit 2); connections are answered by
several processes; every process reports SERVING; SIGTERM stops them all after their
in-flight calls; a table opened through one process is played and watched through another;
`--db :memory:` cannot be shared, so an explicit N > 1 with it is refused and the default
falls back to one process with a note."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from moneycards.cli.serve import cores
from moneycards.server.processes import core_plan
from moneycards.solver.games import seeded
from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, table_pb2,
                           table_pb2_grpc, totom_pb2, totom_pb2_grpc)
from tests.test_table_service import create, view

SERVE = [sys.executable, "-m", "moneycards", "serve"]
PAGE = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


@pytest.fixture(autouse=True)
def tables_file(tmp_path, monkeypatch):
    """The server processes share a table store: an SQLite file of the test's own."""
    monkeypatch.setenv("MONEYCARDS_DB", str(tmp_path / "tables.db"))


def start(*args):
    proc = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    line = proc.stdout.readline()
    m = re.search(r"listening on [^ ]+:(\d+) \(plaintext, (\d+) processes\)", line)
    if not m:
        proc.kill()
        pytest.fail(line + proc.stderr.read())
    return proc, int(m.group(1))


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0


def children(pid):
    """The server processes (not multiprocessing's resource tracker)."""
    out = []
    for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes():
            out.append(int(c))
    return out


def threads_cores(pid):
    """The cores the threads of process `pid` may run on (all of them together)."""
    out = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out |= os.sched_getaffinity(int(task.name))
        except OSError:  # the thread ended meanwhile
            pass
    return out


def test_a_core_each_when_there_are_enough():
    assert core_plan(2, [0, 1]) == [0, 1]
    assert core_plan(2, [3, 5, 7]) == [3, 5]  # the cores this process may use, in order
    assert core_plan(3, [0, 1]) == [None] * 3  # more processes than cores: the scheduler's
    assert core_plan(1, [0, 1]) == [None]  # one process keeps every core for its solves
    assert core_plan(2, [0, 1], pin=False) == [None, None]


@pytest.mark.skipif(cores() < 2, reason="needs two cores")
def test_no_cpu_affinity_leaves_the_processes_to_the_scheduler():
    proc, _ = start("--processes", "2", "--port", "0", "--no-cpu-affinity")
    try:
        pids = children(proc.pid)
        assert len(pids) == 2
        assert all(threads_cores(pid) == os.sched_getaffinity(0) for pid in pids)
    finally:
        stop(proc)


def socket_inodes(pid):
    out = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            m = re.fullmatch(r"socket:\[(\d+)\]", str(fd.readlink()))
        except OSError:
            continue
        if m:
            out.add(m.group(1))
    return out


def established_on(port):
    """Inodes of the server ends of established TCP connections on `port`."""
    out = set()
    for table in ("tcp", "tcp6"):  # gRPC listens on v4-mapped IPv6 sockets
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            f = line.split()
            if int(f[1].split(":")[1], 16) == port and f[3] == "01":
                out.add(f[9])
    return out


def one_line_exit_2(args):
    r = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=120,
                       env=os.environ)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


def test_a_taken_port_is_refused_before_anything_starts():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_exit_2(["--processes", "2", "--port", str(port)])
    assert f"cannot listen on 127.0.0.1:{port}" in line


@pytest.mark.parametrize("args, needle", [
    (["--processes", "0"], "--processes: 0 processes: 1-64"),
    (["--processes", "2", "--workers", "2"], "give one or the other"),
    (["--processes", "2", "--db", ":memory:"],
     "--processes: --processes 2 with --db :memory:: each process would keep its own tables; "
     "give --db a file or a postgresql:// URL, or --processes 1"),
])
def test_bad_process_flags(args, needle):
    assert needle in one_line_exit_2(args)


def test_calls_are_served_by_several_processes_and_sigterm_stops_them_all():
    proc, port = start("--processes", "2", "--port", "0")
    try:
        pids = children(proc.pid)
        assert len(pids) == 2
        if cores() >= 2:  # each on a core of its own, every thread of it too
            placed = [threads_cores(pid) for pid in pids]
            assert all(len(c) == 1 for c in placed), placed
            assert placed[0] != placed[1]
            assert set().union(*placed) <= os.sched_getaffinity(0)
        # Another server on the same port is refused, even one that shares ports itself.
        assert f"cannot listen on 127.0.0.1:{port}" in one_line_exit_2(
            ["--processes", "2", "--port", str(port)])
        channels = [grpc.insecure_channel(f"127.0.0.1:{port}",
                                          options=[("grpc.use_local_subchannel_pool", 1)])
                    for _ in range(24)]
        for ch in channels:
            status = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(),
                                                          timeout=30).status
            assert status == health_pb2.HealthCheckResponse.SERVING
            assert totom_pb2_grpc.TotomServiceStub(ch).CheckHand(
                totom_pb2.CheckHandRequest(hand=PAGE), timeout=30).wins
            assert list(totom_pb2_grpc.TotomServiceStub(ch).CheckHands(
                totom_pb2.CheckHandsRequest(hands=[PAGE, "22c"]), timeout=30).wins) == [
                True, False]
            assert kowah_pb2_grpc.KowahServiceStub(ch).CheckReadyMany(
                kowah_pb2.CheckReadyManyRequest(hands=["55c55s5m 777c"]), timeout=30).ready[0]
        live = established_on(port)
        serving = [pid for pid in pids if socket_inodes(pid) & live]
        assert sorted(serving) == sorted(pids)  # 24 connections: both processes have some
        for ch in channels:
            ch.close()
    finally:
        stop(proc)
    for pid in pids:
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"


def test_the_default_falls_back_to_one_process_on_an_unshared_store():
    proc = subprocess.Popen([*SERVE, "--port", "0", "--db", ":memory:"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert re.search(r"listening on 127\.0\.0\.1:\d+ \(plaintext\)$", line.strip()), line
        assert not children(proc.pid)  # it serves in its own threads
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    note = proc.stderr.read().strip()
    if cores() > 1:
        assert note == (f"note: --db :memory: cannot be shared by {cores()} server processes: "
                        "serving with 1 (give --db a file for one per core)")


def channel_on(port, live, pids):
    """A new connection to `port` and the server process that accepted it."""
    ch = grpc.insecure_channel(f"127.0.0.1:{port}", options=[("grpc.use_local_subchannel_pool", 1)])
    status = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=30)
    assert status.status == health_pb2.HealthCheckResponse.SERVING
    new = established_on(port) - live
    live |= new
    return ch, next(pid for pid in pids if socket_inodes(pid) & new)


def slow_hint(ch):
    state = seeded("lukfu", 3)
    while state.legal_texts()[0].startswith("call"):
        state.apply("call play")
    obs = json.dumps(state.observation(state.current_seat()).to_json())
    return lukfu_pb2_grpc.LukFuServiceStub(ch).Hint(
        lukfu_pb2.LukFuServiceHintRequest(observation_json=obs, budget_ms=1500), timeout=30)


@pytest.mark.skipif(cores() < 2, reason="one core: the default is one server process")
def test_by_default_a_process_per_core_shares_tables_and_stops_gracefully():
    proc, port = start("--port", "0")  # the default; tables in the test's SQLite file
    channels = []
    try:
        pids = children(proc.pid)
        assert len(pids) == cores()
        live = established_on(port)
        by_pid = {}
        for _ in range(40):  # connections until two processes have one each
            ch, pid = channel_on(port, live, pids)
            channels.append(ch)
            by_pid.setdefault(pid, ch)
            if len(by_pid) == 2:
                break
        one, other = (table_pb2_grpc.TableServiceStub(c) for c in list(by_pid.values())[:2])
        # Opened through one process, seen and played through the other...
        tid, tokens = create(one, "kowah", 8)
        v = view(other, tid, tokens[0])
        arrived = []
        watch = one.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[0],
                                                 from_version=v.version), timeout=60)

        def read():
            try:
                for event in watch:
                    arrived.append(event)
            except grpc.RpcError:
                pass  # cancelled below

        reader = threading.Thread(target=read)
        reader.start()
        time.sleep(0.3)
        other.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                       action=v.legal_actions[0].text,
                                       expected_version=v.version), timeout=30)
        deadline = time.monotonic() + 10
        while not arrived and time.monotonic() < deadline:
            time.sleep(0.01)
        watch.cancel()
        reader.join(10)
        # ...and the Watch on the first streams what was done through the second.
        assert arrived
        assert view(one, tid, tokens[0]).version > v.version
        # SIGTERM while each process runs a call: both calls finish, then all exit 0.
        answers = {}
        calls = [threading.Thread(target=lambda c=c, p=p: answers.__setitem__(p, slow_hint(c)))
                 for p, c in by_pid.items()]
        for t in calls:
            t.start()
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        for t in calls:
            t.join(30)
        assert len(answers) == 2 and all(a.actions for a in answers.values())
        assert proc.wait(timeout=30) == 0
    finally:
        for ch in channels:
            ch.close()
        if proc.poll() is None:
            stop(proc)
