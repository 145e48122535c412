"""The `moneycards` command line.

Commands import the solver lazily, so `moneycards --help` stays fast and never loads
ortools. Exit codes: 0 for an answered question (a hand that does not win is an answer),
2 for bad input, with a one-line error on stderr.
"""

from __future__ import annotations

import click

from moneycards.cli.common import CONTEXT_SETTINGS, OneLineGroup, answers


@click.group(cls=OneLineGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(package_name="moneycards")
def cli() -> None:
    """Rules checker and solver for Tổ Tôm (Chắn), Kowah and Luk Fu.

    Cards use the notation of NOTATION.md (docs/ of the package): rank digit then suit
    letter (c Coins, s Strings, m Myriads, t Tens, h honours); digits written together
    share the letter: `223m`.
    """


@cli.command(short_help="Run the gRPC server and the web table.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback needs TLS or --insecure.")
@click.option("--port", default=50051, show_default=True, type=int,
              help="Port to listen on, 0-65535 (0 picks a free one).")
@click.option("--workers", default=None, type=int,
              help="Instead of --processes: one server process whose solver calls run in N "
                   "worker processes.")
@click.option("--processes", default=None, type=int,
              help="Run N server processes on the port (SO_REUSEPORT), each solving in its "
                   "own threads, so every core answers calls (default: one per core; 1 with "
                   "--db :memory:, which cannot be shared). They share the tables' store, "
                   "so any of them serves any table.")
@click.option("--cpu-affinity/--no-cpu-affinity", default=True, show_default=True,
              help="With 2 or more --processes and at least as many cores: each server "
                   "process runs on a core of its own (a process is bound by its interpreter "
                   "lock, and moving between cores costs it); otherwise the scheduler places "
                   "them.")
@click.option("--max-calls", default=None, type=int,
              help="Solver calls run at once per server process, each on its own thread "
                   "(default: 16; 4 per worker with --workers); more wait (--max-waiting).")
@click.option("--max-waiting", default=None, type=int,
              help="Calls that may wait for a running one to finish, per server process "
                   "(default: 4 per --max-calls, at most 256; 0: refuse at once). A call "
                   "waits while its deadline leaves it time to run, else it is refused "
                   "with RESOURCE_EXHAUSTED.")
@click.option("--hint-cap-ms", default=2000, show_default=True, type=int,
              help="No hint runs longer than this, whatever budget it asks for.")
@click.option("--ai-pace-ms", default=300.0, show_default=True, type=float,
              help="At a table of people and AI seats, an answer takes at least this "
                   "long, and this long for each AI action everyone sees (four times for an "
                   "expert's), so its time tells nothing of the AI seats' hidden cards, and "
                   "each searching AI decision works a third of its pace, so the server's "
                   "load tells nothing either; 0 answers at once.")
@click.option("--grace", default=5.0, show_default=True, type=float,
              help="Seconds in-flight calls get after SIGTERM before the process exits.")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["debug", "info", "warning", "error"], case_sensitive=False),
              help="Server log on stderr; errors are logged with their request id.")
@click.option("--tls-cert", type=click.Path(dir_okay=False), help="PEM certificate chain.")
@click.option("--tls-key", type=click.Path(dir_okay=False), help="PEM private key.")
@click.option("--insecure", is_flag=True,
              help="Allow plaintext on an address other than loopback.")
@click.option("--max-watches", default=16, show_default=True, type=int,
              help="TableService.Watch streams open at once (each holds a thread); more "
                   "are refused with RESOURCE_EXHAUSTED.")
@click.option("--max-open-tables", default=50, show_default=True, type=int,
              help="Unfinished tables one client address may have created and not closed; "
                   "more are refused with RESOURCE_EXHAUSTED (behind a proxy every player "
                   "shares the proxy's address: raise it).")
@click.option("--db", default=None, metavar="PATH|URL",
              help="The tables' store: an SQLite file (default: $MONEYCARDS_DB, else "
                   "~/.local/share/moneycards/tables.db; ':memory:' keeps none), or a "
                   "postgresql:// URL, which several servers can share.")
@click.option("--web-port", default=None, type=int,
              help="The web port, on the same host: the same services over the Connect "
                   "protocol and gRPC-Web for browsers, and the web table (default: 8080; "
                   "0, as with --port 0, picks a free one).")
@click.option("--no-web", is_flag=True, help="Serve the gRPC port only.")
@click.option("--web-origin", "web_origins", multiple=True, metavar="ORIGIN",
              help="A web page's origin (https://cards.example.org) that may call the web "
                   "port from a browser, besides loopback origins; repeatable.")
@click.option("--operator-token-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="A file holding the operator token (16 or more characters), which "
                   "TableService.ListTables then needs ('authorization: Bearer TOKEN'); "
                   "default: $MONEYCARDS_OPERATOR_TOKEN, else ListTables answers callers "
                   "on this machine only.")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE",
              help="A game of one's own to serve beside the three (docs/plugins.md): its "
                   "module, whose import registers it (or holds it as SPEC), looked for on "
                   "the Python path and in the current directory; repeatable.")
@answers
def serve(host: str, port: int, workers: int | None, processes: int | None,
          max_calls: int | None, hint_cap_ms: int, ai_pace_ms: float, grace: float,
          log_level: str,
          tls_cert: str | None, tls_key: str | None, insecure: bool, max_watches: int,
          max_open_tables: int, max_waiting: int | None,
          db: str | None, cpu_affinity: bool, web_port: int | None, no_web: bool,
          web_origins: tuple[str, ...], operator_token_file: str | None,
          plugins: tuple[str, ...]) -> None:
    """Run the gRPC server (game services, tables, health, reflection) and the web port
    (the same services for browsers)."""
    from moneycards.cli.serve import run

    run(host, port, workers, max_calls, hint_cap_ms, grace, log_level, tls_cert, tls_key,
        insecure, db, max_watches, processes, cpu_affinity,
        web=(web_port, no_web, web_origins), operator_token_file=operator_token_file,
        max_waiting=max_waiting, ai_pace_ms=ai_pace_ms, max_open_tables=max_open_tables,
        plugins=plugins)


def main() -> None:
    cli(prog_name="moneycards")


# Game groups are registered here; their commands import the solver only when they run.
from moneycards.cli.kowah import kowah  # noqa: E402
from moneycards.cli.lukfu import lukfu  # noqa: E402
from moneycards.cli.rules import any_rules  # noqa: E402
from moneycards.cli.tables import tables  # noqa: E402
from moneycards.cli.totom import totom  # noqa: E402

cli.add_command(totom)
cli.add_command(kowah)
cli.add_command(lukfu)
cli.add_command(tables)
cli.add_command(any_rules)


if __name__ == "__main__":
    main()
