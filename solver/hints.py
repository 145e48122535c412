"""What the hint engines and AI players of the three games share.

A hint ranks every legal action of one seat's observation (the dict an engine's
`observation(seat)` gives — never more) with a value and a reason a person can read. An AI
seat is a client of the same call: `strong` plays the top hint, `greedy` a simple
immediate rule, `random` a uniformly random legal action.
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass
from typing import Callable

from moneycards.solver.errors import InvalidInput, clip

LEVELS = ("random", "greedy", "strong")


@dataclass(frozen=True)
class Ranked:
    action: str
    value: float
    reason: str

    def to_dict(self) -> dict:
        return {"action": self.action, "value": round(self.value, 4), "reason": self.reason}


def ranked(items: list[Ranked]) -> list[Ranked]:
    """Best first; ties keep the legal-action order (stable)."""
    return sorted(items, key=lambda r: -r.value)


_stop = threading.local()


def stopped() -> bool:
    """True when the caller of the running hint has gone away: engines check it between
    actions and rank what is left as not evaluated."""
    fn = getattr(_stop, "fn", None)
    return bool(fn is not None and fn())


def legal_of(obs: dict) -> list[str]:
    acts = obs.get("legal_actions") or []
    if not acts:
        raise InvalidInput("the observation has no legal actions: it is not this seat's turn "
                           "(or the deal is over)", field="state.legal_actions")
    return list(acts)


def _engines(game: str) -> tuple[Callable, Callable]:
    if game == "totom":
        from moneycards.solver.totom.hint import greedy, hint
    elif game == "kowah":
        from moneycards.solver.kowah.hint import greedy, hint
    elif game == "lukfu":
        from moneycards.solver.lukfu.hint import greedy, hint
    else:
        raise InvalidInput(f"unknown game {game!r}", field="state.game")
    return hint, greedy


def check_budget(budget_ms) -> None:
    if isinstance(budget_ms, bool) or not isinstance(budget_ms, (int, float)) \
            or not math.isfinite(budget_ms) or budget_ms < 0:
        raise InvalidInput("the budget is a number of milliseconds, 0 or more",
                           field="budget_ms")


def hint(obs: dict, budget_ms: float = 100.0, stop: Callable[[], bool] | None = None,
         **options) -> list[Ranked]:
    """Every legal action of the observation, ranked, best first. The observation's facts
    are checked first (solver/observations.py): a hint ranks only actions they allow.
    `stop()` True (the caller is gone) ends the evaluation early."""
    from moneycards.solver.observations import checked

    if not isinstance(obs, dict):
        raise InvalidInput("the state is a JSON object (an engine observation)", field="state")
    check_budget(budget_ms)
    h, _ = _engines(obs.get("game"))
    _stop.fn = stop
    try:
        return h(checked(obs), budget_ms, **options)
    except InvalidInput as err:
        raise err.with_field("state") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise InvalidInput(f"not a complete {obs.get('game')} observation (the "
                           f"{type(err).__name__} {clip(err, 60)})", field="state") from None
    finally:
        _stop.fn = None


def choose(state, level: str, rng: random.Random, budget_ms: float = 100.0) -> str:
    """The action an AI seat of `level` plays now (it sees only its observation)."""
    obs = state.observation(state.current_seat())
    acts = legal_of(obs)
    if level == "random":
        return rng.choice(acts)
    h, g = _engines(obs["game"])
    if level == "greedy":
        return g(obs, rng)
    if level == "strong":
        return h(obs, budget_ms)[0].action
    raise InvalidInput(f"unknown AI level {level!r}; choose one of: {', '.join(LEVELS)}",
                       field="seats")


def play_deal(game: str, seed: int, levels: list[str], budget_ms: float = 100.0,
              timings: dict | None = None):
    """One seeded deal with an AI of the given level in each seat; the final state."""
    from moneycards.solver.games import seeded

    check_budget(budget_ms)
    state = seeded(game, seed)
    rngs = [random.Random(seed * 1000 + s) for s in range(state.seats)]
    if len(levels) != state.seats:
        raise InvalidInput(f"{game} has {state.seats} seats, got {len(levels)} levels",
                           field="seats")
    steps = 0
    while not state.is_over:
        seat = state.current_seat()
        t = time.perf_counter()
        action = choose(state, levels[seat], rngs[seat], budget_ms)
        if timings is not None:
            timings.setdefault(levels[seat], []).append((time.perf_counter() - t) * 1000)
        state.apply(action)
        steps += 1
        if steps > 5000:
            raise RuntimeError("a deal did not end")
    return state


def seat_score(game: str, result: dict, seat: int) -> float:
    """A seat's settlement for one deal: net points (Tổ Tôm TT-K7, Luk Fu LF-K3); Kowah
    shows a multiplier only (KW-K1), so a Kowah winner scores its multiplier, others 0."""
    if game == "kowah":
        return float(result.get("multiplier", 0)) if result.get("winner") == seat else 0.0
    return float(result.get("net", [0] * 4)[seat]) if "net" in result else 0.0
