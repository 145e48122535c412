"""Helpers shared by the command groups: error handling, JSON output, common options."""

from __future__ import annotations

import functools
import json
import sys

import click

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


MAX_ERROR_CHARS = 300  # one readable line, whatever the input was


def fail(message: str, code: int = 2):
    """One line on stderr, then exit: bad input is 2, a fault of this program 1."""
    line = " ".join(str(message).split())
    if len(line) > MAX_ERROR_CHARS:
        line = f"{line[:MAX_ERROR_CHARS]}…"
    click.echo(f"error: {line}", err=True)
    sys.exit(code)


def answers(fn):
    """Turn the solver's input errors into a one-line message and exit code 2; nothing
    ever ends in a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from moneycards.solver.errors import InvalidInput, SolveLimit

        try:
            return fn(*args, **kwargs)
        except InvalidInput as err:
            fail(str(err))
        except UnicodeDecodeError as err:
            fail(f"the input is not UTF-8 text (byte {err.start + 1})")
        except RecursionError:
            fail("the input is nested too deeply")
        except SolveLimit as err:
            fail(str(err), 1)
        except OSError as err:
            fail(f"{err.filename + ': ' if err.filename else ''}{err.strerror or err}")
        except click.exceptions.Exit:
            raise
        except (KeyboardInterrupt, SystemExit, click.ClickException, click.Abort):
            raise
        except Exception as err:  # a bug: say so in one line, never a traceback
            fail(f"internal error ({type(err).__name__}); please report the input", 1)

    return wrapper


class OneLineGroup(click.Group):
    """The top-level group: a usage error (unknown option, bad value) is one line on stderr
    and exit 2, like every other bad input."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.ClickException as err:
            fail(f"{err.format_message()} (see --help)", err.exit_code)
        except click.Abort:
            fail("aborted", 1)
        sys.exit(rv if isinstance(rv, int) else 0)


def emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
