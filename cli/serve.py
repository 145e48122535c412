"""`moneycards serve`: checks every flag before anything starts, so a bad one is one line."""

from __future__ import annotations

import logging
import os
import sys

import click

from moneycards.solver.errors import InvalidInput


def read_pem(path: str, field: str) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(1 << 20)
    except OSError as err:
        raise InvalidInput(f"cannot read {path}: {err.strerror}", field=field) from None
    if b"-----BEGIN" not in data:
        raise InvalidInput(f"{path} is not a PEM file", field=field)
    return data


def run(host: str, port: int, workers: int, hint_cap_ms: int, grace: float, log_level: str,
        tls_cert: str | None, tls_key: str | None, insecure: bool) -> None:
    # gRPC's own log would add lines to a one-line error; `--log-level debug` keeps it.
    os.environ.setdefault("GRPC_VERBOSITY", "DEBUG" if log_level.lower() == "debug" else "NONE")
    from moneycards.server.app import BindError, check_address, serve_forever
    from moneycards.server.limits import Limits

    if workers < 1:
        raise InvalidInput(f"{workers} workers: at least 1", field="--workers")
    if (tls_cert is None) != (tls_key is None):
        raise InvalidInput("TLS needs both --tls-cert and --tls-key", field="--tls-cert")
    limits = Limits(hint_cap_ms=hint_cap_ms, max_concurrent=workers, grace_s=grace)
    check_address(host, port, tls=tls_cert is not None, insecure=insecure)
    tls = (read_pem(tls_cert, "--tls-cert"), read_pem(tls_key, "--tls-key")) if tls_cert else None
    logging.basicConfig(level=log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        serve_forever(host, port, workers, limits, tls)
    except BindError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)
