"""What every hint engine answers in: ranked actions, and the AI levels.

Kept apart from the dispatcher (hints.py), so the game hint modules import only this and
no game module imports the registry or another game.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from moneycards.solver.errors import NO_LEGAL_ACTIONS, InvalidInput

# `heuristic` is the one-ply ranking of the game's hint (the strong player before search);
# `strong` adds the game's search over sampled worlds where it has one; `expert` is the
# same search with a larger budget, for analysis (still counted in work).
LEVELS = ("random", "greedy", "heuristic", "strong", "expert")
SEARCHING = ("heuristic", "strong", "expert")  # the levels that answer with the game's hint
# The value of an action a hint has no rule for (none is legal that it does not know, so it
# only keeps a ranking total if the engines grow a verb the hint has not learnt): last.
UNKNOWN_ACTION = -99.0


@dataclass(frozen=True)
class Ranked:
    """One legal action with its value (higher is better) and a reason a person can read."""

    action: str
    value: float
    reason: str
    evaluated: bool = True  # False: the safety cap or a cancelled call stopped the hint
    # first; the value is -inf and only ranks it last (the reason says why)
    # True: the safety cap or a cancelled call stopped the hint before it valued this action
    # as it meant to — not at all (not evaluated), or a search before it played the action
    # out in every sampled deal it was to (the value is then the ranking's from before the
    # search; `cut_short` below)
    cut_short: bool = False
    # The settlement a deal the reason states for this action (net points, TT-K7 and LF-K3;
    # the multiplier won, KW-K1), the figure a reader takes from it; None when the reason
    # states none. `value` orders the ranking and may sit just below another option's where
    # the reason says this one is not surely better: `settlement` is what it is worth.
    settlement: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The CLI's and the API's form: the value rounded to 4 places, None when the
        action was not evaluated; whether the hint was cut short for it; the settlement
        its reason states, rounded alike (None when it states none)."""
        return {"action": self.action,
                "value": round(self.value, 4) if self.evaluated else None,
                "explanation": self.reason, "cut_short": self.cut_short,
                "settlement": round(self.settlement, 4) if self.settlement is not None
                else None}


_stop = threading.local()


class Cap:
    """How often the wall-clock safety cap stopped a decision, in this process. Budgets are
    counted in work (worlds, evaluations), so a decision never depends on the clock; the cap
    is only a safety net that normal play does not reach."""

    decisions = 0
    hits = 0
    _lock = threading.Lock()

    @classmethod
    def count(cls, hit: bool) -> None:
        with cls._lock:
            cls.decisions += 1
            cls.hits += int(hit)

    @classmethod
    def reset(cls) -> tuple[int, int]:
        """(decisions, hits) since the last reset; starts counting afresh."""
        with cls._lock:
            out = (cls.decisions, cls.hits)
            cls.decisions = cls.hits = 0
            return out


def stopped() -> bool:
    """True when the caller of the running hint has gone away or the safety cap ran out:
    engines check it between actions and rank what is left as not evaluated."""
    fn = getattr(_stop, "fn", None)
    if fn is not None and fn():
        _stop.cause = "the call was cancelled"
        _stop.why = "not evaluated: the call was cancelled"
        return True
    deadline = getattr(_stop, "deadline", None)
    if deadline is not None and time.perf_counter() > deadline:
        _stop.capped = True
        _stop.cause = f"the safety cap of {_stop.cap_ms:g} ms ran out"
        _stop.why = (f"not evaluated: the safety cap of {_stop.cap_ms:g} ms ran out first "
                     f"(the budget is counted in work; the cap only guards against a stall)")
        return True
    return False


@contextmanager
def capped(cap_ms: float, stop: Callable[[], bool] | None = None) -> Iterator[None]:
    """Run one decision under the safety cap (and the caller's cancel check); counts it."""
    _stop.fn, _stop.cap_ms, _stop.why, _stop.capped = stop, cap_ms, None, False
    _stop.cause = None
    _stop.deadline = time.perf_counter() + cap_ms / 1000
    try:
        yield
    finally:
        Cap.count(bool(_stop.capped))
        _stop.fn = _stop.deadline = None


def not_evaluated(action: str) -> Ranked:
    """An action the hint had no time left for: ranked last, with the reason."""
    why = getattr(_stop, "why", None) or "not evaluated: the call was stopped"
    return Ranked(action, -math.inf, why, evaluated=False, cut_short=True)


def cut_short(r: Ranked, done: int, asked: int) -> Ranked:
    """An option a search was to play out in `asked` sampled deals, stopped by the safety
    cap or a cancelled call after `done`: it keeps its value from the ranking before the
    search (a few deals would only be noise), and its reason says it was cut short."""
    if not r.evaluated:
        return r  # its reason already says why
    cause = getattr(_stop, "cause", None) or "the call was stopped"
    when = f"after {done} of its {asked}" if done else f"before any of its {asked}"
    return Ranked(r.action, r.value,
                  f"not played out: cut short {when} sampled deals ({cause}); {r.reason}",
                  r.evaluated, cut_short=True, settlement=r.settlement)


def ranked(items: list[Ranked]) -> list[Ranked]:
    """Best first; ties keep the legal-action order (stable)."""
    return sorted(items, key=lambda r: -r.value)


def legal_of(obs: Any) -> list[str]:
    """The legal actions of a typed observation (any game's)."""
    acts = obs.legal_actions
    if not acts:
        raise InvalidInput(NO_LEGAL_ACTIONS, field="state.legal_actions")
    return list(acts)
