"""The `moneycards` command line.

Commands import the solver lazily, so `moneycards --help` stays fast and never loads
ortools. Exit codes: 0 for an answered question (a hand that does not win is an answer),
2 for bad input, with a one-line error on stderr.
"""

from __future__ import annotations

import click

from moneycards.cli.common import CONTEXT_SETTINGS


@click.group(context_settings=CONTEXT_SETTINGS)
@click.version_option(package_name="moneycards")
def cli():
    """Rules checker and solver for Tổ Tôm (Chắn), Kowah and Luk Fu.

    Cards use the notation of NOTATION.md: rank digit then suit letter (c Coins, s Strings,
    m Myriads, t Tens, h honours); digits written together share the letter: `223m`.
    """


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=50051, show_default=True, type=int,
              help="Port to listen on (0 picks a free one).")
@click.option("--workers", default=8, show_default=True, type=int, help="Server threads.")
def serve(host: str, port: int, workers: int):
    """Run the gRPC server (TotomService, KowahService, health, reflection)."""
    from moneycards.server.app import serve_forever

    serve_forever(host, port, workers)


def main() -> None:
    cli(prog_name="moneycards")


# Game groups are registered here; their commands import the solver only when they run.
from moneycards.cli.kowah import kowah  # noqa: E402
from moneycards.cli.lukfu import lukfu  # noqa: E402
from moneycards.cli.totom import totom  # noqa: E402

cli.add_command(totom)
cli.add_command(kowah)
cli.add_command(lukfu)


if __name__ == "__main__":
    main()
