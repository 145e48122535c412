"""`moneycards serve` as a real process: it listens, answers health checks and stops cleanly."""

import re
import signal
import subprocess
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def serve(*args: str) -> tuple[subprocess.Popen, str]:
    """`moneycards serve --port 0 ARGS` started, and the port it says it listens on."""
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    if not m:
        proc.kill()
        raise AssertionError(line + proc.stderr.read())
    return proc, m.group(1)


def test_serve_command_listens_and_answers():
    proc, port = serve()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=10)
            assert r.status == health_pb2.HealthCheckResponse.SERVING
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


def test_a_server_with_solver_workers_stops_on_sigterm_without_leaking_their_semaphores():
    proc, port = serve("--workers", "1", "--db", ":memory:")
    with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
        r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=30)
        assert r.status == health_pb2.HealthCheckResponse.SERVING
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=15) == 0
    err = proc.stderr.read()  # the resource tracker, which would warn, writes here too
    assert "leaked" not in err, err


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


def _workers(pid: int) -> list[int]:
    """The server's solver worker processes, the newest started first (a broken pool's
    workers may still be exiting beside the new pool's)."""
    import pathlib

    kids = []  # every process whose parent is the server, whichever thread spawned it
    for d in pathlib.Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            ppid = int(d.joinpath("stat").read_text().rsplit(")", 1)[1].split()[1])
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue  # a process that exited while read
        if ppid == pid:
            kids.append(d.name)
    out = []
    for c in kids:
        try:
            cmd = pathlib.Path(f"/proc/{c}/cmdline").read_bytes()
            started = int(pathlib.Path(f"/proc/{c}/stat").read_text().rsplit(")", 1)[1]
                          .split()[19])
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue  # a process that exited while read
        if b"spawn_main" in cmd and b"resource_tracker" not in cmd:
            out.append((started, int(c)))
    return [c for _, c in sorted(out, reverse=True)]


def _kill_a_worker(pid: int, call) -> None:
    """SIGKILL the newest solver worker of the server `pid`. A pool starts its workers as
    calls need them, and a broken pool's last ones may exit while listed: while none is
    found, `call()` asks the server something, which starts one."""
    import os
    import time

    deadline = time.monotonic() + 60
    while True:
        for worker in _workers(pid):
            try:
                os.kill(worker, signal.SIGKILL)
                return
            except ProcessLookupError:
                continue  # it exited since it was listed
        assert time.monotonic() < deadline, "the server started no solver worker in 60 s"
        call()
        time.sleep(0.1)


def test_a_call_sent_as_a_worker_dies_is_answered_by_the_replaced_pool():
    """A worker killed while idle breaks its pool, which fails every call in flight: a call
    that reaches the server at once is sent again to the new pool and answered, not failed
    as INTERNAL."""

    from moneycards.v1 import kowah_pb2 as pb
    from moneycards.v1 import kowah_pb2_grpc

    proc, port = serve("--workers", "2", "--db", ":memory:", "--no-web")
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = kowah_pb2_grpc.KowahServiceStub(ch)
            ask = pb.CheckReadyRequest(hand="55c 55s 5m 777c")
            for _ in range(3):
                assert stub.CheckReady(ask, timeout=60).ready
                _kill_a_worker(proc.pid, lambda: stub.CheckReady(ask, timeout=60))
                assert stub.CheckReady(ask, timeout=60).ready  # at once, no pause
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
