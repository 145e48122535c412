"""Helpers shared by the command groups: error handling, JSON output, common options."""

from __future__ import annotations

import functools
import json
import sys

import click

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def answers(fn):
    """Turn the solver's input errors into a one-line message and exit code 2; under
    --json the message is a JSON object on stderr (`field`, `rule`, `message`)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from moneycards.solver.errors import InvalidInput

        try:
            return fn(*args, **kwargs)
        except InvalidInput as err:
            if kwargs.get("as_json"):
                click.echo(json.dumps({"error": error_dict(err)}, ensure_ascii=False), err=True)
            else:
                click.echo(f"error: {err}", err=True)
            sys.exit(2)

    return wrapper


def error_dict(err) -> dict:
    """An input error as JSON: the same names as the API's field violation and ErrorInfo."""
    return {"field": err.field, "rule": err.rule, "message": err.message}


def progress(items, *, length: int, label: str):
    """`items`, with a progress bar on stderr when stderr is a terminal (long runs would
    otherwise be silent); nothing is drawn into pipes or files."""
    if not sys.stderr.isatty():
        yield from items
        return
    with click.progressbar(items, length=length, label=label, file=sys.stderr,
                           show_pos=True, show_eta=True) as bar:
        yield from bar


def emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
