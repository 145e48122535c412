"""What every hint engine answers in: ranked actions, and the AI levels.

Kept apart from the dispatcher (hints.py), so the game hint modules import only this and
no game module imports the registry or another game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moneycards.solver.errors import InvalidInput

LEVELS = ("random", "greedy", "strong")


@dataclass(frozen=True)
class Ranked:
    """One legal action with its value (higher is better) and a reason a person can read."""

    action: str
    value: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "value": round(self.value, 4), "reason": self.reason}


def ranked(items: list[Ranked]) -> list[Ranked]:
    """Best first; ties keep the legal-action order (stable)."""
    return sorted(items, key=lambda r: -r.value)


def legal_of(obs: Any) -> list[str]:
    """The legal actions of a typed observation (any game's)."""
    acts = obs.legal_actions
    if not acts:
        raise InvalidInput("the observation has no legal actions: it is not this seat's turn "
                           "(or the deal is over)", field="state.legal_actions")
    return list(acts)
