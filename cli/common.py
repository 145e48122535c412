"""Helpers shared by the command groups: error handling, JSON output, common options."""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Callable, NoReturn, ParamSpec, TypeVar

import click

from moneycards.solver.errors import InvalidInput, SolveLimit
from moneycards.solver.games import GAMES

_P = ParamSpec("_P")
_R = TypeVar("_R")
_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., Any])

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


MAX_ERROR_CHARS = 300  # one readable line, whatever the input was


class PositiveMs(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.5 only
    """Milliseconds above 0 (infinity: no cap). A safety cap of 0 ms would cut every search
    short before it began, and NaN is no number: both refused, not run."""
    name = "MS"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        try:
            ms = float(value)
        except (TypeError, ValueError):
            ms = math.nan
        if not ms > 0:
            self.fail(f"a number of milliseconds above 0, not {value!r}", param, ctx)
        return ms


POSITIVE_MS = PositiveMs()


class WholeNumber(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.5 only
    """A whole number from `low` to `high`, refused in words ("a whole number from 1 to
    1,000, not 'x'") where click's IntRange speaks of an "integer range"."""
    name = "N"

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int):
            n: int | None = value
        else:
            text = str(value).strip()
            n = int(text) if text.lstrip("+-").isdigit() and len(text) <= 12 else None
        if n is None or not self.low <= n <= self.high:
            self.fail(f"a whole number from {self.low:,} to {self.high:,}, not {value!r}",
                      param, ctx)
        return n


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, then exit: bad input is 2, a fault of this program 1."""
    line = " ".join(str(message).split())
    if len(line) > MAX_ERROR_CHARS:
        line = f"{line[:MAX_ERROR_CHARS]}…"
    click.echo(f"error: {line}", err=True)
    sys.exit(code)


def answers(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Turn the solver's input errors into a one-line message and exit code 2 (under --json
    a JSON object on stderr: `field`, `rule`, `message`); nothing ever ends in a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        def stop(message: str, code: int = 2, err: InvalidInput | None = None) -> NoReturn:
            if kwargs.get("as_json"):  # one JSON object on stderr, whatever went wrong
                error = error_dict(err) if err is not None else \
                    {"field": None, "rule": None, "message": " ".join(message.split())}
                click.echo(json.dumps({"error": error}, ensure_ascii=False), err=True)
                sys.exit(code)
            fail(message, code)

        try:
            return fn(*args, **kwargs)
        except InvalidInput as err:
            stop(str(as_option(err)), err=err)
        except UnicodeDecodeError as err:
            stop(f"{_input_name(kwargs)}is not UTF-8 text (byte {err.start + 1})")
        except RecursionError:
            stop("the input is nested too deeply")
        except SolveLimit as err:
            stop(str(err), 1)
        except BrokenPipeError:
            raise  # the reader stopped reading (`| head`): click ends quietly (exit 1)
        except OSError as err:
            said = InvalidInput(f"'{err.filename}': {err.strerror or err}" if err.filename
                                else str(err.strerror or err),
                                field=_file_option(err.filename, kwargs))
            stop(str(said), err=said)
        except click.exceptions.Exit:
            raise
        except (KeyboardInterrupt, SystemExit, click.ClickException, click.Abort):
            raise
        except Exception as err:  # a bug: say so in one line, never a traceback
            stop(f"internal error ({type(err).__name__}); please report the input", 1)

    return wrapper


def param_name(param: click.Parameter) -> str:
    """A parameter as a person typed it: an option's long spelling (`--win-card`), an
    argument's name as its usage line shows it (`FILE`)."""
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return param.human_readable_name


def as_option(err: InvalidInput) -> InvalidInput:
    """`err` naming the option a person typed (`--win-card`) where the solver named its
    request field (`win_card`): the command line speaks of its own options."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or not err.field:
        return err
    spelled = "--" + err.field.replace("_", "-")  # `record` is --record (record_file)
    for param in ctx.command.params:
        if isinstance(param, click.Option) and (param.name == err.field
                                                or spelled in param.opts):
            err.field = param_name(param)
            break
    return err


def _file_option(filename: Any, kwargs: dict[str, Any]) -> str | None:
    """The option that named the file a command could not open (`--batch`), if any."""
    ctx = click.get_current_context(silent=True)
    named = [p for p in (ctx.command.params if ctx and filename else [])
             if kwargs.get(p.name or "") == filename]
    return param_name(named[0]) if named else None


def _input_name(kwargs: dict[str, Any]) -> str:
    """The file a command read ("FILE: "), or "the input " when it cannot tell which."""
    names = [getattr(v, "name", None) for v in kwargs.values() if hasattr(v, "read")]
    names += [kwargs["batch"]] if isinstance(kwargs.get("batch"), str) else []
    names = [n for n in names if isinstance(n, str)]
    if len(names) != 1:
        return "the input "
    return "standard input " if names[0] in ("-", "<stdin>") else f"{names[0]}: the file "


def error_dict(err: InvalidInput) -> dict[str, Any]:
    """An input error as JSON: the same names as the API's field violation and ErrorInfo."""
    return {"field": err.field, "rule": err.rule, "message": err.message}


def progress(items: Iterable[_T], *, length: int, label: str) -> Iterator[_T]:
    """`items`, with a progress bar on stderr when stderr is a terminal (long runs would
    otherwise be silent); nothing is drawn into pipes or files."""
    if not sys.stderr.isatty():
        yield from items
        return
    with click.progressbar(items, length=length, label=label, file=sys.stderr,
                           show_pos=True, show_eta=True) as bar:
        yield from bar


def _folded(name: str) -> str:
    """A command name typed another way: lower case, no accents, no marks or spaces."""
    bare = unicodedata.normalize("NFKD", name.lower().replace("đ", "d"))
    return "".join(c for c in bare if c.isalnum() and not unicodedata.combining(c))


class OneLineGroup(click.Group):
    """The top-level group: a usage error (unknown option, bad value) is one line on stderr
    and exit 2, like every other bad input."""

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as err:
            # `moneycards TOTOM`, `tổ-tôm`, `chan`: the game's command suggested, as click
            # suggests `kowah` for `kowa` but not for another name of the game
            folded = _folded(err.command_name)
            meant = folded if folded in self.commands else next(
                (g.name for g in GAMES.values() if folded in g.other_names), None)
            if meant and not err.possibilities:
                raise click.exceptions.NoSuchCommand(
                    err.command_name, ctx=err.ctx,
                    message=f"No such command {err.command_name!r}. Did you mean {meant!r}?"
                ) from None
            raise

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        argv = sys.argv[1:] if args is None else list(args)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as err:  # `moneycards`, `moneycards totom`
            click.echo(err.ctx.get_help())
            sys.exit(0)
        except click.ClickException as err:
            param: click.Parameter | None = getattr(err, "param", None)
            message = err.format_message()
            ctx = getattr(err, "ctx", None)
            if message.startswith("Got unexpected extra argument") and ctx is not None and \
                    any("--hand" in p.opts for p in ctx.command.params):
                # `lukfu old "9c 9s"`: the cards were meant for --hand
                message += "; give the hand with --hand"
            named = isinstance(err, click.BadParameter) and param is not None and \
                not isinstance(err, click.MissingParameter)
            # a file given, not opened: no "(see --help)", help would not open it either
            unreadable = named and param is not None and isinstance(param.type, click.File)
            if named and param is not None:
                # named as the commands' own errors name an option: "--deals: …"
                message = f"{param_name(param)}: {err.message}"
            if "--json" in argv:  # errors stay JSON under --json, usage errors too
                error = {"field": param_name(param) if param else None, "rule": None,
                         "message": " ".join((err.message if named else message).split())}
                click.echo(json.dumps({"error": error}, ensure_ascii=False), err=True)
                sys.exit(err.exit_code)
            fail(message if unreadable else f"{message} (see --help)", err.exit_code)
        except click.Abort:
            fail("aborted", 1)
        sys.exit(rv if isinstance(rv, int) else 0)


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


def cards_argument(name: str, required: bool = True) -> Callable[[_F], _F]:
    """A positional of cards that may come as one quoted word ("55c55s5m 777c") or as the
    shell's several (55c55s5m 777c, 5c 5c 5s ...): the words are joined by spaces, which the
    notation reads as it reads them in one word (NOTATION.md), so nothing is guessed."""
    def joined(ctx: click.Context, param: click.Parameter, words: tuple[str, ...]) -> str | None:
        return " ".join(words) if words else None

    return click.argument(name, nargs=-1, required=required, callback=joined,
                          metavar=f"{name.upper()}..." if required else f"[{name.upper()}]...")


def quiet_grpc_log() -> None:
    """Before a client's first `import grpc`: gRPC's own log (a failed TLS handshake, once
    per retry) is not for the terminal; a call that fails is told in one line of ours. A
    GRPC_VERBOSITY the person set is kept."""
    os.environ.setdefault("GRPC_VERBOSITY", "NONE")
