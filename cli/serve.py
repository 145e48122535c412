"""`moneycards serve`: checks every flag before anything starts, so a bad one is one line."""

from __future__ import annotations

import logging
import os
import ssl
import sys
from typing import TYPE_CHECKING

import click

from moneycards.server.addresses import bracketed
from moneycards.server.limits import Limits
from moneycards.server.store import (StoreUnavailable, TableStore, default_path,
                                     open_store as open_db)
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import load_plugins, plugins_line

if TYPE_CHECKING:
    from moneycards.server.app import Service
    from moneycards.server.web import WebOptions


def read_pem(path: str, field: str) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(1 << 20)
    except OSError as err:
        raise InvalidInput(f"cannot read {path}: {err.strerror}", field=field) from None
    if b"-----BEGIN" not in data:
        raise InvalidInput(f"{path} is not a PEM file", field=field)
    return data


def check_tls_pair(cert: str, key: str) -> None:
    """The certificate and key as TLS will load them, so that a wrong pair is named here
    rather than read as a port that cannot be bound."""
    def no_password() -> bytes:
        raise InvalidInput(f"{key} is an encrypted key: give the key without a passphrase "
                           f"(openssl pkey -in KEY -out PLAIN)", field="--tls-key")

    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(cert, key, password=no_password)
    except ssl.SSLError as err:
        said = (err.reason or str(err)).lower().replace("_", " ")
        if "mismatch" in said:
            raise InvalidInput(f"{key} is not the key of the certificate {cert}",
                               field="--tls-key") from None
        raise InvalidInput(f"{cert} and {key} are not a certificate and its private key, "
                           f"in that order", field="--tls-cert") from None


def cores() -> int:
    """The cores this process may run on (its affinity), else the machine's count."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run(host: str, port: int, workers: int | None, max_calls: int | None, hint_cap_ms: int,
        grace: float, log_level: str, tls_cert: str | None, tls_key: str | None,
        insecure: bool, db: str | None = None, max_watches: int = 16,
        processes: int | None = None, cpu_affinity: bool = True,
        web: tuple[int | None, bool, tuple[str, ...]] = (None, True, ()),
        operator_token_file: str | None = None, max_waiting: int | None = None,
        ai_pace_ms: float = 0.0, max_open_tables: int = 50,
        plugins: tuple[str, ...] = ()) -> None:
    # gRPC's own log would add lines to a one-line error; `--log-level debug` keeps it.
    os.environ.setdefault("GRPC_VERBOSITY", "DEBUG" if log_level.lower() == "debug" else "NONE")
    from moneycards.server.app import BindError, check_address, serve_forever

    # here first: a module that fails is one line, exit 2; server processes load them again
    brought = load_plugins(plugins)

    path = str(default_path()) if db is None else db
    note = None
    if processes is not None:
        if not 1 <= processes <= 64:
            raise InvalidInput(f"{processes} processes: 1-64", field="--processes")
        if workers is not None:
            raise InvalidInput("--workers runs solver processes behind one server process; "
                               "with --processes every server process solves in its own "
                               "threads: give one or the other", field="--processes")
        if processes > 1 and path == ":memory:":
            raise InvalidInput(f"--processes {processes} with --db :memory:: each process "
                               "would keep its own tables; give --db a file or a "
                               "postgresql:// URL, or --processes 1", field="--processes")
    elif workers is None:  # the default: a server process per core
        processes = min(cores(), 64)
        if processes > 1 and path == ":memory:":
            note = (f"note: --db :memory: cannot be shared by {processes} server processes: "
                    "serving with 1 (give --db a file for one per core)")
            processes = 1
    if processes is not None:
        workers = 1  # unused: each server process solves in its threads
    assert workers is not None
    if not 1 <= workers <= 64:
        raise InvalidInput(f"{workers} workers: 1-64", field="--workers")
    if max_calls is None:
        max_calls = PROCESS_CALLS if processes is not None else 4 * workers
    if not 1 <= max_calls <= 10_000:
        raise InvalidInput(f"{max_calls} calls: 1-10000", field="--max-calls")
    if (tls_cert is None) != (tls_key is None):
        raise InvalidInput("TLS needs both --tls-cert and --tls-key", field="--tls-cert")
    limits = Limits(hint_cap_ms=hint_cap_ms, max_concurrent=max_calls, grace_s=grace,
                    max_watches=max_watches, queue=max_waiting, ai_pace_ms=ai_pace_ms,
                    max_open_tables=max_open_tables)
    check_address(host, port, tls=tls_cert is not None, insecure=insecure)
    web_options = web_options_or_none(port, *web)
    operator_token(operator_token_file)
    tls = (read_pem(tls_cert, "--tls-cert"), read_pem(tls_key, "--tls-key")) \
        if tls_cert and tls_key else None
    if tls_cert and tls_key:
        check_tls_pair(tls_cert, tls_key)
    logging.basicConfig(level=log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if processes is not None and processes > 1:
        serve_processes_or_exit(processes, host, port, max_calls, limits, tls, path,
                                log_level, cpu_affinity, web_options)
        return
    store = open_store(path)

    def listening(service: Service) -> None:  # the note only once nothing can fail any more,
        if note:  # and before the listening line, which tells a caller the server is up
            click.echo(note, err=True)
        print(f"moneycards gRPC server listening on {bracketed(host)}:{service.port} "
              f"({'TLS' if tls else 'plaintext'})", flush=True)
        if service.web is not None:
            print(web_line(host, service.web.port, tls is not None), flush=True)
        if brought:
            print(plugins_line(), flush=True)

    from moneycards.server.app import web_line

    try:  # one process: solver calls in a --workers pool, or (processes=1) in its threads
        serve_forever(host, port, max_calls, limits, tls,
                      processes=0 if processes == 1 else workers, store=store,
                      on_ready=listening, web=web_options)
    except BindError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)


def operator_token(path: str | None) -> None:
    """Read the operator token (from `path`, else $MONEYCARDS_OPERATOR_TOKEN) and check it;
    it reaches every server process through $MONEYCARDS_OPERATOR_TOKEN (never the command
    line, which other users of the machine can read)."""
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                token = f.read(4096).strip()
        except (OSError, UnicodeDecodeError) as err:
            raise InvalidInput(f"cannot read {path}: {getattr(err, 'strerror', err)}",
                               field="--operator-token-file") from None
        field = "--operator-token-file"
        mode = os.stat(path).st_mode & 0o777
        if mode & 0o077:  # a secret others on the machine can read: said, not refused
            click.echo(f"warning: --operator-token-file {path} can be read by other users "
                       f"of this machine (mode {mode:04o}): chmod 600 it", err=True)
    else:
        token = os.environ.get("MONEYCARDS_OPERATOR_TOKEN", "")
        field = "MONEYCARDS_OPERATOR_TOKEN"
        if not token:
            return
    if len(token) < 16 or not token.isprintable() or any(c.isspace() for c in token):
        raise InvalidInput("the operator token is 16 or more printable characters without "
                           "spaces", field=field)
    os.environ["MONEYCARDS_OPERATOR_TOKEN"] = token


# Calls admitted at once per server process (each on a thread of its own); more are shed.
# Measured (bench/throughput.py --max-calls): 16 answered the most single calls at 50
# callers, 2 and 4 fewest, 64 no more than 16.
PROCESS_CALLS = 16


def web_options_or_none(port: int, web_port: int | None, no_web: bool,
                        origins: tuple[str, ...]) -> WebOptions | None:
    """The web port's options (server/web.py), None with --no-web. Its default is 8080,
    or a free port when --port 0 asks for one."""
    if no_web:
        if web_port is not None or origins:
            raise InvalidInput("--no-web turns the web port off: give no --web-port or "
                               "--web-origin with it", field="--no-web")
        return None
    from moneycards.server.web import DEFAULT_PORT, WebOptions, check_origin

    if web_port is None:
        web_port = 0 if port == 0 else DEFAULT_PORT
    if not 0 <= web_port <= 65535:
        raise InvalidInput(f"{web_port} is not 0-65535", field="--web-port")
    if web_port and web_port == port:
        raise InvalidInput(f"{web_port} is the gRPC port (--port) too: give another",
                           field="--web-port")
    return WebOptions(web_port, tuple(check_origin(o) for o in origins))


def serve_processes_or_exit(processes: int, host: str, port: int, max_calls: int,
                            limits: Limits, tls: tuple[bytes, bytes] | None, db: str,
                            log_level: str, cpu_affinity: bool = True,
                            web: WebOptions | None = None) -> None:
    """`serve --processes N` (server/processes.py): a taken port is one line and exit 2."""
    from moneycards.server.processes import PortTaken, serve_processes

    open_store(db).close_connection()  # a bad --db is one line here, not N tracebacks
    try:
        serve_processes(processes, host, port, max_calls, limits, tls, db, log_level,
                        pin=cpu_affinity, web=web)
    except PortTaken as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)
    except RuntimeError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)


def open_store(db: str) -> TableStore:
    """The tables' store: a postgresql:// URL, else the SQLite file at `db`."""
    try:
        return open_db(db)
    except StoreUnavailable as err:
        raise InvalidInput(str(err), field="--db") from None
