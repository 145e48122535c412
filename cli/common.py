"""Helpers shared by the command groups: error handling, JSON output, common options."""

from __future__ import annotations

import functools
import json
import sys

import click

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def answers(fn):
    """Turn the solver's input errors into a one-line message and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from moneycards.solver.errors import InvalidInput

        try:
            return fn(*args, **kwargs)
        except InvalidInput as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(2)

    return wrapper


def emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
