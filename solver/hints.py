"""What the hint engines and AI players of the three games share.

A hint ranks every legal action of one seat's observation (what an engine's
`observation(seat)` gives — never more) with a value and a reason a person can read. An AI
seat is a client of the same call: `strong` plays the top hint, `heuristic` the top of
the one-ply ranking the search builds on, `greedy` a simple immediate rule, `random` a
uniformly random legal action.

Decisions are reproducible: the search is counted in work (worlds sampled, evaluations),
never in milliseconds, so a decision is a function of the observation, the level and the
seed. A millisecond budget is only a wall-clock safety cap; `Cap` counts how often it
stopped a decision.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from moneycards.solver.errors import InvalidInput, PlayerFailed, clip
from moneycards.solver.games import spec
from moneycards.solver.ranking import LEVELS, SEARCHING, Cap, Ranked, legal_of
from moneycards.solver.table import IllegalAction, Outcome, told_to
from moneycards.solver.facts import checked
from moneycards.solver.observation import read_observation

if TYPE_CHECKING:
    from moneycards.solver.table import TableState

__all__ = ["LEVELS", "Cap", "Ranked", "hint", "choose", "ai_rng", "play_deal", "seat_score"]


def hint(obs: Any, budget_ms: float | None = None, stop: Callable[[], bool] | None = None,
         **options: Any) -> list[Ranked]:
    """Every legal action of an observation (typed, or its JSON form), ranked, best first,
    as the `strong` AI sees them. JSON is read against the game's schema first (errors name
    the field), so an exception from the engine after that is a bug, not bad input.
    `budget_ms` is a wall-clock safety cap (None: the game's default), not the search
    budget: the same observation gets the same hint on every call and every machine.
    Options: `level` ("strong", "heuristic" or "expert"), `seed` (None: fixed by the observation),
    and the game's own (Tổ Tôm `engine`). Reasons name seats as `named_seats` does (a
    table's names), else the asking seat "You" and the others "Seat 0", "Seat 1", ..."""
    if not hasattr(obs, "legal_actions"):
        obs = read_observation(obs, field="state")
    if budget_ms is not None:
        check_budget(budget_ms)
    legal_of(obs)
    obs = checked(obs)  # the facts allow exactly the listed actions (never trusted)
    with told_to(obs.seat):  # reasons name seats as the asking seat sees them
        return spec(obs.game).hint(obs, budget_ms, stop=stop, **options)


def check_budget(budget_ms: Any) -> None:
    if isinstance(budget_ms, bool) or not isinstance(budget_ms, (int, float)) \
            or not math.isfinite(budget_ms) or budget_ms < 0:
        raise InvalidInput("the budget (a safety cap) is a number of milliseconds, 0 or more",
                           field="budget_ms")


def choose(state: TableState, level: str, rng: random.Random,
           budget_ms: float | None = None) -> str:
    """The action an AI seat of `level` plays now (it sees only its observation). The
    search seed comes from `rng`, so the same table seed plays the same deal on any
    machine; `budget_ms` is only the safety cap."""
    seat = state.current_seat()
    assert seat is not None  # an AI acts only while the deal is on
    obs = state.observation(seat)
    acts = legal_of(obs)
    game = spec(obs.game)
    if level == "random":
        return rng.choice(acts)
    if level == "greedy":
        return game.greedy(obs, rng)
    if level in SEARCHING:
        return game.hint(obs, budget_ms, level=level, seed=rng.getrandbits(32))[0].action
    raise InvalidInput(f"unknown AI level {level!r}; choose one of: {', '.join(LEVELS)}",
                       field="seats")


def ai_rng(seed: int, public_count: int, seat: int) -> random.Random:
    """The generator an AI seat decides by: seeded by the deal's seed, the actions every
    seat has seen so far (a private decline is not one: R-claim-privacy) and the seat. A
    table of the service seeds its AI seats the same way (solver/tables.py), so a seeded
    deal is played alike here, at a table and at a table with a person's seat."""
    return random.Random(f"{seed}/{public_count}/{seat}")


def play_deal(game: str, seed: int, levels: Sequence[Any], budget_ms: float | None = None,
              timings: dict[str, list[float]] | None = None,
              rules: str | None = None) -> TableState:
    """One seeded deal with an AI of the given level in each seat, or a player of one's own
    (moneycards/players.py: an object with `act(observation) -> str`); the final state. A
    player's answer must be one of its legal actions, or the deal stops with an error
    naming the seat. `rules`: the game's rules preset (None: the seed page's)."""
    if budget_ms is not None:
        check_budget(budget_ms)
    state = spec(game).seeded(seed, rules)
    if any(level in SEARCHING for level in levels):
        spec(game).warm_up()  # before the first decision, not charged to it
    if len(levels) != state.seats:
        raise InvalidInput(f"{game} has {state.seats} seats, got {len(levels)} levels",
                           field="seats")
    steps = public = 0
    while not state.is_over:
        seat = state.current_seat()
        assert seat is not None  # the deal is on
        t = time.perf_counter()
        level = levels[seat]
        decline = state.private_decline()
        label = level if isinstance(level, str) else str(getattr(level, "label", level))
        if isinstance(level, str):
            action = choose(state, level, ai_rng(seed, public, seat), budget_ms)
        else:  # one's own player sees only its observation, as an AI seat does
            try:
                action = level.act(state.observation(seat))
            except Exception as err:  # its fault, not this program's: name the seat
                raise PlayerFailed(f"seat {seat} ({label}) failed: {type(err).__name__}: "
                                   f"{clip(str(err))} (deal seed {seed})", seat=seat,
                                   player=label) from None
        if timings is not None:
            timings.setdefault(label, []).append((time.perf_counter() - t) * 1000)
        if not isinstance(action, str):  # no action at all: no rule of the game's refuses it
            raise PlayerFailed(f"seat {seat} ({label}) answered {clip(repr(action))}, not an "
                               f"action's text (one of the observation's legal_actions) "
                               f"(deal seed {seed})", seat=seat, player=label)
        try:
            state.apply(action)
        except InvalidInput as err:
            if isinstance(level, str):
                raise
            why = err.why if isinstance(err, IllegalAction) else err.message
            raise PlayerFailed(f"seat {seat} ({label}) answered {clip(action)!r}: "
                               f"{why} (deal seed {seed})", seat=seat, player=label,
                               rule=err.rule) from None
        public += decline is None or state.history[-1] != decline
        steps += 1
        if steps > 5000:
            raise RuntimeError("a deal did not end")
    return state


def seat_score(game: str, result: Outcome, seat: int) -> float:
    """A seat's settlement for one deal: net points (Tổ Tôm TT-K7, Luk Fu LF-K3); Kowah
    shows a multiplier only (KW-K1), so a Kowah winner scores its multiplier, others 0."""
    if result.net is not None:
        return float(result.net[seat])
    return float(result.multiplier or 0) if result.winner == seat else 0.0
