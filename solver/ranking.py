"""What every hint engine answers in: ranked actions, and the AI levels.

Kept apart from the dispatcher (hints.py), so the game hint modules import only this and
no game module imports the registry or another game.
"""

from __future__ import annotations

import threading
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
    evaluated: bool = True  # False: the budget ran out first; the value only ranks it last

    def to_dict(self) -> dict[str, Any]:
        """The CLI's and the API's form: the value rounded to 4 places, None when the
        action was not evaluated."""
        return {"action": self.action,
                "value": round(self.value, 4) if self.evaluated else None,
                "explanation": self.reason}


_stop = threading.local()


def stopped() -> bool:
    """True when the caller of the running hint has gone away: engines check it between
    actions and rank what is left as not evaluated."""
    fn = getattr(_stop, "fn", None)
    return bool(fn is not None and fn())


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
