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


def run(host: str, port: int, workers: int | None, max_calls: int | None, hint_cap_ms: int,
        grace: float, log_level: str, tls_cert: str | None, tls_key: str | None,
        insecure: bool, db: str | None = None, max_watches: int = 16,
        processes: int | None = None) -> None:
    # gRPC's own log would add lines to a one-line error; `--log-level debug` keeps it.
    os.environ.setdefault("GRPC_VERBOSITY", "DEBUG" if log_level.lower() == "debug" else "NONE")
    from moneycards.server.app import BindError, check_address, serve_forever
    from moneycards.server.limits import Limits

    if processes is not None:
        if not 1 <= processes <= 64:
            raise InvalidInput(f"{processes} processes: 1-64", field="--processes")
        if workers is not None:
            raise InvalidInput("--workers runs solver processes behind one server process; "
                               "with --processes every server process solves in its own "
                               "threads: give one or the other", field="--processes")
        workers = 1  # unused: each server process solves in its threads
    workers = min(os.cpu_count() or 1, 8) if workers is None else workers
    if not 1 <= workers <= 64:
        raise InvalidInput(f"{workers} workers: 1-64", field="--workers")
    if max_calls is None:
        max_calls = PROCESS_CALLS if processes is not None else 4 * workers
    if not 1 <= max_calls <= 10_000:
        raise InvalidInput(f"{max_calls} calls: 1-10000", field="--max-calls")
    if (tls_cert is None) != (tls_key is None):
        raise InvalidInput("TLS needs both --tls-cert and --tls-key", field="--tls-cert")
    limits = Limits(hint_cap_ms=hint_cap_ms, max_concurrent=max_calls, grace_s=grace,
                    max_watches=max_watches)
    check_address(host, port, tls=tls_cert is not None, insecure=insecure)
    tls = (read_pem(tls_cert, "--tls-cert"), read_pem(tls_key, "--tls-key")) \
        if tls_cert and tls_key else None
    logging.basicConfig(level=log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if processes is not None:
        serve_processes_or_exit(processes, host, port, max_calls, limits, tls, db, log_level)
        return
    store = open_store(db)
    try:
        serve_forever(host, port, max_calls, limits, tls, processes=workers, store=store)
    except BindError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)


PROCESS_CALLS = 8  # calls admitted at once per server process with --processes; more are shed


def serve_processes_or_exit(processes: int, host: str, port: int, max_calls: int, limits,
                            tls, db: str | None, log_level: str) -> None:
    """`serve --processes N` (server/processes.py): a taken port is one line and exit 2."""
    from moneycards.server.processes import PortTaken, serve_processes
    from moneycards.server.store import default_path

    open_store(db).close_connection()  # a bad --db is one line here, not N tracebacks
    path = str(default_path()) if db is None else db
    try:
        serve_processes(processes, host, port, max_calls, limits, tls, path, log_level)
    except PortTaken as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)
    except RuntimeError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)


def open_store(db: str | None):
    """The tables' store: a postgresql:// URL, else the SQLite file at `db` (default
    location when None)."""
    from moneycards.server.store import StoreUnavailable, default_path
    from moneycards.server.store import open_store as open_db

    try:
        return open_db(str(default_path()) if db is None else db)
    except StoreUnavailable as err:
        raise InvalidInput(str(err), field="--db") from None
