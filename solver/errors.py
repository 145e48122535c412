"""Errors for malformed input.

"Not a win" is never an error: verdicts carry rule ids. These exceptions are for input
that cannot be read or cannot exist. Each names what is wrong; `field` names the request
field (CLI argument or gRPC field) it came from, `rule` the rule id it breaks, if any.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable


# An observation with no legal actions to rank or check: most often one whose seat is not
# to act; a table view's observation leaves them to the view's own fields.
NO_LEGAL_ACTIONS = ("the observation lists no legal actions: it is not this seat's turn, the "
                    "deal is over, or it is a table view's, whose legal actions the view "
                    "carries (copy their texts in, or ask TableService.Hint)")


class InvalidInput(ValueError):
    """Input that the solver cannot answer. Base of every input error."""

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule

    def with_field(self, field: str) -> "InvalidInput":
        """Attach the request field the input came from (kept if one is already set)."""
        if self.field is None:
            self.field = field
        return self

    def __str__(self) -> str:
        prefix = f"{self.field}: " if self.field else ""
        suffix = f" [{self.rule}]" if self.rule else ""
        return f"{prefix}{self.message}{suffix}"

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its attributes, not its constructor's arguments (subclasses take
        # more, keyword-only): an error crosses a process pool whole.
        return _rebuilt, (type(self), self.args, dict(self.__dict__))


def _rebuilt(cls: type[InvalidInput], args: tuple[Any, ...],
             state: dict[str, Any]) -> InvalidInput:
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


class NotationError(InvalidInput):
    """Text that is not valid card notation (NOTATION.md); names the token and its position."""

    def __init__(self, message: str, *, token: str, position: int, field: str | None = None,
                 rule: str | None = None):
        super().__init__(f"{message}: {clip(token)!r} at position {position}", field=field,
                         rule=rule)
        self.token = token
        self.position = position


class ImpossibleCards(InvalidInput):
    """Cards that cannot exist together: more copies than the deck holds, the wrong count."""


class PlayerFailed(InvalidInput):
    """A player of one's own that raised or gave an action that is not legal: names the seat
    (`seat`, from 0) it sat at and the player as it was given (`player`, e.g.
    "mybots:Last"), so a caller can name the option that put it there."""

    def __init__(self, message: str, *, seat: int, player: str, rule: str | None = None):
        super().__init__(message, field="seats", rule=rule)
        self.seat = seat
        self.player = player


class SolveLimit(RuntimeError):
    """A solver stopped at its time limit without an answer: the question is not bad, the
    server could not answer it in time."""


class ContextError(InvalidInput):
    """A request whose parts contradict each other (a winning card not in the hand, ...)."""


ECHO_CHARS = 40  # echoed input is cut here, so an error always fits a line and gRPC trailers
MAX_DEPTH = 16  # records and observations nest at most four levels
MAX_DIGITS = 18  # every number in a record or an observation is far smaller
MAX_JSON_CHARS = 1 << 20  # the longest legal record is ~120 kB (solver/bounds.py)


def clip(text: Any, limit: int = ECHO_CHARS) -> str:
    """`text` as echoed in an error: the first `limit` characters and the full length."""
    shown = str(text)
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}…({len(shown)} chars)"


def _number(text: str, field: str, kind: Callable[[str], Any]) -> Any:
    value = kind(text) if len(text) <= MAX_DIGITS + 2 else None
    if value is None or value != value or value in (float("inf"), float("-inf")):
        raise InvalidInput(f"number too large: {clip(text, 20)}", field=field)
    return value


def _depth(data: Any, field: str, limit: int = MAX_DEPTH) -> None:
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            raise InvalidInput(f"nested deeper than {limit} levels", field=field)
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def snake_case(name: str) -> str:
    """A proto JSON or method name as the proto's own field or method name ("tableId" ->
    "table_id", "CreateTable" -> "create_table")."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def json_object(data: Any, *, field: str, what: str = "a JSON object") -> dict[str, Any]:
    """`data` (JSON text, or already parsed) as a dict; anything else is bad input.

    Strict: UTF-8 only, no NaN or Infinity, numbers of at most 18 digits, at most 16 levels
    of nesting, no key twice in one object (which of the two would count is a guess); each
    error names `field`. A leading byte-order mark, which some editors write, is dropped."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as err:
            raise InvalidInput(f"not UTF-8 text (byte {err.start + 1})", field=field) from None
    if isinstance(data, str):
        data = data.removeprefix("\ufeff")
        if len(data) > MAX_JSON_CHARS:
            raise InvalidInput(f"{len(data)} characters; at most {MAX_JSON_CHARS}", field=field)

        def constant(name: str) -> Any:
            raise InvalidInput(f"{name} is not a JSON number", field=field)

        def once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for key, value in pairs:
                if key in out:
                    raise InvalidInput(f"the key {clip(key, 40)!r} is given twice in one "
                                       f"object", field=field)
                out[key] = value
            return out

        try:
            data = json.loads(data, parse_int=lambda t: _number(t, field, int),
                              parse_float=lambda t: _number(t, field, float),
                              parse_constant=constant, object_pairs_hook=once)
        except json.JSONDecodeError as err:
            if not err.doc.strip():
                raise InvalidInput(f"empty, where {what} was expected", field=field) from None
            raise InvalidInput(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})",
                               field=field) from None
        except RecursionError:
            raise InvalidInput(f"nested deeper than {MAX_DEPTH} levels", field=field) from None
    if not isinstance(data, dict):
        raise InvalidInput(f"expected {what}", field=field)
    _depth(data, field)
    return data
