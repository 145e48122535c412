"""`moneycards serve` start-up and shutdown as an operator sees them: one line and exit 2 for
a bad flag, TLS, NOT_SERVING on SIGTERM and an exit after the grace even if a call is stuck."""

import re
import shutil
import signal
import subprocess
import sys
import time

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

SERVE = [sys.executable, "-m", "moneycards", "serve"]


def start(*args, env=None, cwd=None) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=cwd)
    line = proc.stdout.readline()
    m = re.search(r"listening on [^ ]+:(\d+)", line)
    if not m:
        proc.kill()
        pytest.fail(line + proc.stderr.read())
    return proc, int(m.group(1))


def one_line_exit_2(args) -> str:
    r = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


def test_a_second_server_on_a_taken_port_exits_2():
    proc, port = start("--port", "0", "--workers", "1")
    try:
        line = one_line_exit_2(["--port", str(port)])
        assert f"cannot listen on 127.0.0.1:{port}" in line
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


@pytest.mark.parametrize("args, needle", [
    (["--port", "99999"], "--port: 99999 is not 0-65535"),
    (["--port", "-1"], "--port: -1 is not 0-65535"),
    (["--workers", "0"], "--workers: 0 workers: 1-64"),
    (["--max-calls", "0"], "--max-calls: 0 calls: 1-10000"),
    (["--host", "0.0.0.0"], "not a loopback address"),
    (["--host", "bad host"], "--host: 'bad host' is not a host name or address"),
    # a bad name is told as such, not as a missing TLS certificate
    (["--host", "no..such"], "--host: 'no..such' is not a host name or address"),
    (["--db", "mysql://u@h/x"], "--db: mysql:// is not a store this server knows"),
    # an SQLite URI made a store at its path and an empty folder tree named file:/…
    (["--db", "file:/tmp/x.db"], "--db: 'file:/tmp/x.db' is an SQLite URI: give the file's "
                                 "path itself ('/tmp/x.db')"),
    (["--db", ""], "--db: no store named"),
    (["--host", "nosuch.invalid", "--insecure", "--port", "0"], "cannot listen on"),
    (["--tls-cert", "x.pem"], "TLS needs both --tls-cert and --tls-key"),
    (["--tls-cert", "/nonexistent.pem", "--tls-key", "/nonexistent.pem"], "cannot read"),
    (["--tls-cert", "pyproject.toml", "--tls-key", "pyproject.toml"], "is not a PEM file"),
    (["--hint-cap-ms", "0"], "--hint-cap-ms"),
    (["--port", "x"], "'x' is not a valid integer"),
])
def test_a_bad_flag_is_one_line_and_exit_2(args, needle):
    assert needle in one_line_exit_2(args)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_tls_serves_health_over_tls(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    proc, port = start("--port", "0", "--workers", "1", "--host", "localhost",
                       "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        creds = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
        with grpc.secure_channel(f"localhost:{port}", creds) as ch:
            r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=10)
            assert r.status == health_pb2.HealthCheckResponse.SERVING
        with grpc.insecure_channel(f"localhost:{port}") as ch:  # no clear text on a TLS port
            with pytest.raises(grpc.RpcError):
                health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=3)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_play_remote_with_the_wrong_authority_says_so_in_one_line(tmp_path):
    """A server over TLS whose certificate the --ca file did not sign: one line naming the
    certificate, and none of gRPC's own handshake log on the terminal."""
    import os
    import sys

    files = {}
    for name in ("server", "other"):
        cert, key = tmp_path / f"{name}.crt", tmp_path / f"{name}.key"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days",
                        "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                        "-keyout", str(key), "-out", str(cert)], check=True,
                       capture_output=True)
        files[name] = (cert, key)
    proc, port = start("--port", "0", "--workers", "1", "--host", "localhost", "--no-web",
                       "--db", ":memory:", "--tls-cert", str(files["server"][0]),
                       "--tls-key", str(files["server"][1]))
    try:
        env = {k: v for k, v in os.environ.items() if k != "GRPC_VERBOSITY"}
        r = subprocess.run([sys.executable, "-m", "moneycards", "kowah", "play", "--remote",
                            f"localhost:{port}", "--ca", str(files["other"][0])],
                           capture_output=True, text=True, timeout=60, input="", env=env)
        assert r.returncode == 2
        assert r.stderr == (f"error: --remote: the server at localhost:{port} answers over "
                            f"TLS, but its certificate is not signed by the authority in "
                            f"{files['other'][0]} (a private authority's certificate: --ca "
                            f"FILE)\n")
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


def test_a_certificate_that_is_not_one_is_one_line_and_exit_2(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert.write_text("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
    key.write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    line = one_line_exit_2(["--port", "0", "--tls-cert", str(cert), "--tls-key", str(key)])
    assert f"{cert} and {key} are not a certificate and its private key, in that order" \
        in line


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_a_key_of_another_certificate_or_an_encrypted_one_is_named(tmp_path):
    """Not "the port is taken": the key that does not belong, or that needs a passphrase."""
    def pair(name):
        cert, key = tmp_path / f"{name}.crt", tmp_path / f"{name}.key"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days",
                        "1", "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        return cert, key
    (c1, k1), (_, k2) = pair("one"), pair("two")
    line = one_line_exit_2(["--port", "0", "--tls-cert", str(c1), "--tls-key", str(k2)])
    assert f"--tls-key: {k2} is not the key of the certificate {c1}" in line
    sealed = tmp_path / "sealed.key"
    subprocess.run(["openssl", "pkey", "-in", str(k1), "-aes256", "-passout", "pass:pw", "-out",
                    str(sealed)], check=True, capture_output=True)
    line = one_line_exit_2(["--port", "0", "--tls-cert", str(c1), "--tls-key", str(sealed)])
    assert f"--tls-key: {sealed} is an encrypted key" in line
    line = one_line_exit_2(["--port", "0", "--tls-cert", str(k1), "--tls-key", str(c1)])
    assert "are not a certificate and its private key, in that order" in line


STUCK_SERVER = """
import sys, time
from moneycards.server.kowah import KowahService
from moneycards.server.app import serve_forever
from moneycards.server.limits import Limits

def stuck(self, request, context):
    while True:  # a handler that never looks at its deadline
        time.sleep(0.05)

KowahService.CheckWin = stuck
serve_forever("127.0.0.1", 0, 2, Limits(max_concurrent=2, grace_s=1.0), processes=0)
"""


def test_sigterm_turns_not_serving_and_exits_after_the_grace_even_if_a_call_is_stuck():
    from moneycards.v1 import kowah_pb2, kowah_pb2_grpc

    proc = subprocess.Popen([sys.executable, "-c", STUCK_SERVER], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    m = re.search(r":(\d+) ", proc.stdout.readline())
    assert m, proc.stderr.read()
    with grpc.insecure_channel(f"127.0.0.1:{m.group(1)}") as ch:
        stuck = kowah_pb2_grpc.KowahServiceStub(ch).CheckWin.future(
            kowah_pb2.CheckWinRequest(hand="x"), timeout=60)
        watch = health_pb2_grpc.HealthStub(ch).Watch(health_pb2.HealthCheckRequest(),
                                                      timeout=30)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        time.sleep(0.3)  # the stuck call is running
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
        assert proc.wait(timeout=10) == 0
        assert time.monotonic() - sent < 1.0 + 3.0  # the grace, then out
        with pytest.raises(grpc.RpcError):
            stuck.result(timeout=10)


def test_an_ipv6_address_is_told_in_brackets():
    """`--host ::1` listens at [::1]:PORT, as an address with a port is written."""
    import socket

    try:
        socket.socket(socket.AF_INET6).bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    proc = subprocess.Popen([*SERVE, "--host", "::1", "--port", "0", "--workers", "1",
                             "--no-web", "--db", ":memory:"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert re.search(r"listening on \[::1\]:\d+ ", line), line + proc.stderr.read()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_server_processes_start_stops_them_quietly(tmp_path, sig):
    """Ctrl-C or SIGTERM during the few seconds two server processes take to start: they
    stop, exit 0, and nothing is printed (it printed two KeyboardInterrupt tracebacks, or
    leaked-semaphore warnings and exit 143)."""
    proc = subprocess.Popen([*SERVE, "--db", str(tmp_path / "t.db"), "--port", "0",
                             "--web-port", "0", "--processes", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # the server processes are started and importing (not yet serving): the window
        # in which the signal left tracebacks; before it no process is started to leave
        deadline = time.monotonic() + 60
        while not _server_children(proc.pid) and proc.poll() is None:
            assert time.monotonic() < deadline, "no server process started"
            time.sleep(0.02)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # never left running, whatever failed
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "leaked" not in err and "KeyboardInterrupt" not in err


def _server_children(pid: int) -> list[int]:
    """The server processes `pid` has started (multiprocessing's spawned children, not its
    resource tracker), read from /proc."""
    try:
        kids = open(f"/proc/{pid}/task/{pid}/children").read().split()
    except OSError:
        return []
    out = []
    for kid in kids:
        try:
            cmd = open(f"/proc/{kid}/cmdline", "rb").read()
        except OSError:
            continue
        if b"spawn_main" in cmd and b"resource_tracker" not in cmd:
            out.append(int(kid))
    return out
