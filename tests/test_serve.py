"""`moneycards serve` as a real process: it listens, answers health checks and stops cleanly."""

import re
import signal
import subprocess
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def test_serve_command_listens_and_answers():
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, line + proc.stderr.read()
        with grpc.insecure_channel(f"127.0.0.1:{m.group(1)}") as ch:
            r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=10)
            assert r.status == health_pb2.HealthCheckResponse.SERVING
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


def test_a_server_killed_with_sigkill_leaves_no_worker_process_behind():
    import os
    import pathlib
    import time

    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--workers", "1", "--db", ":memory:"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert "listening on" in line, line + proc.stderr.read()
    children = [int(p) for p in pathlib.Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
                .read_text().split()]
    assert children  # the solver worker process
    proc.kill()
    proc.wait(10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{c}") and
                                              "Z" not in _state(c) for c in children):
        time.sleep(0.1)
    assert not [c for c in children if os.path.exists(f"/proc/{c}") and "Z" not in _state(c)]


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
