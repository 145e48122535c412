"""`moneycards serve --processes N`: N server processes on one port. A taken port is still
refused (one line, exit 2); connections are answered by several processes; every process
reports SERVING; SIGTERM stops them all."""

import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from moneycards.v1 import kowah_pb2, kowah_pb2_grpc, totom_pb2, totom_pb2_grpc

SERVE = [sys.executable, "-m", "moneycards", "serve", "--db", ":memory:"]
PAGE = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


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
    r = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=120)
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
])
def test_bad_process_flags(args, needle):
    assert needle in one_line_exit_2(args)


def test_calls_are_served_by_several_processes_and_sigterm_stops_them_all():
    proc, port = start("--processes", "2", "--port", "0")
    try:
        pids = children(proc.pid)
        assert len(pids) == 2
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
