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
