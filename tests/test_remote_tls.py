"""`play --remote` over TLS: the system's certificate authorities or `--ca`, plaintext only
to this machine by default, and a failed handshake that says TLS."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.records import read_game_record
from moneycards.server.app import start_service
from moneycards.solver.games import check

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None,
                                reason="needs the openssl command")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    svc = start_service("localhost", 0, 2, tls=(cert.read_bytes(), key.read_bytes()),
                        warm=False)
    yield f"localhost:{svc.port}", str(cert)
    svc.server.stop(None)


def test_play_remote_over_tls_with_a_private_authority_plays_and_resumes(tls_server,
                                                                        tmp_path):
    address, ca = tls_server
    out = tmp_path / "deal.json"
    r = run("kowah", "play", "--level", "greedy", "--remote", address, "--ca", ca,
            "--record", str(out), input="1\n1\n")
    assert r.exit_code == 0, r.output
    assert "shuffled by the server" in r.output  # no seed chosen: the server draws one
    saved = json.loads(out.read_text())
    assert saved["tls"] is True and saved["ca"] == ca and "seed" not in saved
    r = run("kowah", "play", "--resume", str(out), input="1\n" * 400)  # TLS again
    assert r.exit_code == 0, r.output
    assert check("kowah", read_game_record("kowah", out.read_text())).complete


def test_plaintext_to_a_tls_server_says_tls(tls_server):
    address, _ = tls_server
    r = run("kowah", "play", "--remote", address, "--no-tls")
    assert r.exit_code == 2
    assert "in plaintext (TLS? a server started with --tls-cert needs --tls" in r.output


def test_tls_without_the_authority_fails_the_handshake_and_says_tls(tls_server):
    address, _ = tls_server  # a self-signed certificate: the system's authorities refuse it
    r = run("kowah", "play", "--remote", address, "--tls")
    assert r.exit_code == 2 and "--ca FILE" in r.output
    assert "answers over TLS, but its certificate is not signed by an authority this system " \
        "trusts" in r.output


def test_tls_options_need_a_remote_table():
    r = run("kowah", "play", "--ca", "cert.pem")
    assert r.exit_code == 2 and "--ca: --tls, --no-tls and --ca are for a server table" \
        in r.output
    r = run("kowah", "play", "--remote", "localhost:1", "--no-tls", "--ca", "x.pem")
    assert r.exit_code == 2 and "--ca is for TLS" in r.output
