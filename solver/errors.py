"""Errors for malformed input.

"Not a win" is never an error: verdicts carry rule ids. These exceptions are for input
that cannot be read or cannot exist. Each names what is wrong; `field` names the request
field (CLI argument or gRPC field) it came from, `rule` the rule id it breaks, if any.
"""

from __future__ import annotations

from typing import Any


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


class NotationError(InvalidInput):
    """Text that is not valid card notation (NOTATION.md); names the token and its position."""

    def __init__(self, message: str, *, token: str, position: int, field: str | None = None):
        super().__init__(f"{message}: {token!r} at position {position}", field=field)
        self.token = token
        self.position = position


class ImpossibleCards(InvalidInput):
    """Cards that cannot exist together: more copies than the deck holds, the wrong count."""


class ContextError(InvalidInput):
    """A request whose parts contradict each other (a winning card not in the hand, ...)."""


def json_object(data: Any, *, field: str, what: str = "a JSON object") -> dict[str, Any]:
    """`data` (JSON text, or already parsed) as a dict; anything else is bad input."""
    import json

    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as err:
            raise InvalidInput(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})",
                               field=field) from None
    if not isinstance(data, dict):
        raise InvalidInput(f"expected {what}", field=field)
    return data
