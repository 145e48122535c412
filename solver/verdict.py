"""A rule a hand breaks: the verdicts of every game carry these, by rule id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Violation:
    rule: str  # the rule id of the rules documents (TT-W4, KW-R5, ...)
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}
