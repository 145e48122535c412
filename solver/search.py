"""Determinised search shared by the games' `strong` players: Perfect Information Monte
Carlo (PIMC).

A seat sees only its observation. To value its candidate actions it samples W worlds — full
deals consistent with everything the observation shows (the game's own sampler: unseen
cards dealt to the hidden places, respecting what the public record rules out) — and, in
each world, plays every candidate followed by a fast rollout policy for every seat to the
end of the deal (or to a horizon, where the game's leaf value takes over). All candidates
are played in the same worlds with the same rollout seeds (common random numbers), so the
difference between two actions is not the noise of different deals.

The budget is counted in work (the number of worlds), never in time: the same observation
and seed give the same values on any machine. The wall-clock safety cap (ranking.capped)
and the caller's cancel check are checked between worlds; a search they stop marks every
candidate `cut_short`, and the hint then keeps the ranking it had before the search and
says so (ranking.cut_short): values from fewer deals than asked would depend on the clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from moneycards.solver.ranking import stopped

if TYPE_CHECKING:
    from moneycards.solver.table import TableState

# A rollout policy: the action the seat to act plays in a fully known world.
Policy = Callable[["TableState", random.Random], str]
# The value of a world for a seat: (win share 0-1, settlement). Exact when the deal is
# over; the game's estimate at the horizon otherwise.
Value = Callable[["TableState", int], tuple[float, float]]


@dataclass
class Estimate:
    """What the sampled worlds say of one candidate action."""

    action: str
    wins: float = 0.0  # the sum of win shares over the worlds
    score: float = 0.0  # the sum of settlements over the worlds
    score2: float = 0.0  # the sum of their squares, for the interval
    worlds: int = 0
    cut_short: bool = False  # the safety cap or a cancelled call stopped the search first
    # (win share, settlement) of each world in turn: options that end every sampled deal
    # alike are told apart from options whose sums merely agree (`alike`).
    per_world: list[tuple[float, float]] = field(default_factory=list, repr=False)

    @property
    def win_share(self) -> float:
        """The estimated chance to win the deal after this action."""
        return self.wins / self.worlds if self.worlds else 0.0

    @property
    def mean_score(self) -> float:
        """The estimated settlement per deal after this action."""
        return self.score / self.worlds if self.worlds else 0.0

    def add(self, win: float, score: float) -> None:
        """One more world: its win share and settlement."""
        self.wins += win
        self.score += score
        self.score2 += score * score
        self.worlds += 1
        self.per_world.append((win, score))

    def interval(self) -> tuple[float, float]:
        """A normal 95% interval of the settlement per deal over the worlds played."""
        n = self.worlds
        if n < 2:
            return -math.inf, math.inf
        m = self.mean_score
        var = max(0.0, (self.score2 - n * m * m) / (n - 1))
        half = 1.96 * math.sqrt(var / n)
        return m - half, m + half

    def said(self, unit: str = "points a deal", digits: int = 1,
             alike: Sequence[str] = (), signed: bool = True) -> str:
        """The settlement first, then the share of deals won, as a hint prints them:
        "+1.6 points a deal (95% interval +0.4 to +2.8) over 32 sampled deals played out,
        wins 25%". Below HONEST_SAMPLE deals an interval would claim more than the sample
        knows: the figures are then "about" ones. `alike`: the other options that ended
        every one of these deals as this one did, named so a reader sees the choice is
        free."""
        words = settlement_words(self.mean_score, self.interval(), self.worlds,
                                 self.win_share, unit, digits, signed)
        if alike:
            every = "the one" if self.worlds == 1 else f"each of the {self.worlds}"
            # Three or more are counted, not listed: each of them says the same of the
            # others, and five such lines filled a phone's move panel with card names.
            said = and_list(alike) if len(alike) <= 2 else \
                f"{alike[0]} and {len(alike) - 1} other options"
            words += f", exactly as {said} in {every}"
        return words


def alike(estimates: Iterable[Estimate]) -> dict[str, list[str]]:
    """Per option, the other options whose sampled deals all ended as its own did (the
    same win and settlement in every world, in order): between those, the sample cannot
    choose. Options with no world played are alike with none."""
    groups: dict[tuple[tuple[float, float], ...], list[str]] = {}
    for e in estimates:
        if e.worlds:
            groups.setdefault(tuple(e.per_world), []).append(e.action)
    return {a: [b for b in group if b != a] for group in groups.values() for a in group}


SIGNIFICANT = 2.0  # the paired z-score at which sampled deals overrule a default choice


def paired_z(a: Sequence[float], b: Sequence[float]) -> float:
    """How surely `a` settles more of the same sampled deals than `b`: the mean difference
    over its standard error (0 when they never differ, infinite when `a` is ahead in every
    deal that differs and they differ alike)."""
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    if n == 0:
        return 0.0
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    if var == 0.0:
        return 0.0 if m <= 0 else math.inf
    return m / math.sqrt(var / n)


def and_list(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# From this many sampled deals on, a hint gives the interval of its settlement; below it,
# the word "about" (a normal interval of a few deals is not an honest one).
HONEST_SAMPLE = 30


def settlement_words(mean: float, interval: tuple[float, float], n: int, win_share: float,
                     unit: str = "points a deal", digits: int = 1, signed: bool = True) -> str:
    """Expected settlement first, then the chance to win, with the sample behind them.
    `signed`: a net that can be lost ("+1.6 points", "-0.4 points"); unsigned, an amount
    that is never below zero (Kowah's multiplier won: a "+" read as a net), its interval
    cut at 0."""
    d = digits
    sign = "+" if signed else ""
    deals = f"{n} sampled deal{'' if n == 1 else 's'} played out"
    if n >= HONEST_SAMPLE:
        lo, hi = interval if signed else (max(0.0, interval[0]), interval[1])
        # The interval is labelled: a bare "[-2.9, +3.9]" reads as a range of outcomes
        return (f"{mean:{sign}.{d}f} {unit} (95% interval {lo:{sign}.{d}f} to "
                f"{hi:{sign}.{d}f}) over {deals}, wins {win_share:.0%}")
    return f"about {mean:{sign}.{d}f} {unit} over {deals}, wins about {win_share:.0%}"


def play_out(state: TableState, policy: Policy, rng: random.Random,
             horizon: int | None = None) -> TableState:
    """Play `state` on with `policy` for every seat, to the end of the deal or for
    `horizon` actions; the state itself, changed."""
    steps = 0
    while not state.is_over and (horizon is None or steps < horizon):
        state.apply(policy(state, rng))
        steps += 1
        if steps > 5000:
            raise RuntimeError("a rollout did not end")
    return state


def pimc(worlds: Iterable[TableState], candidates: Sequence[str], seat: int,
         policy: Policy, value: Value, seed: int,
         horizon: int | None = None) -> dict[str, Estimate]:
    """Every candidate (a legal action of `seat`, the seat to act in every world) valued
    over the worlds: applied in a copy of each world, then played out by `policy` with a
    rollout seed shared by all candidates of that world. Stops between worlds when the
    caller has gone or the safety cap ran out (`stopped`): every estimate is then
    `cut_short`."""
    out = {a: Estimate(a) for a in candidates}
    for w, world in enumerate(worlds):
        if stopped():
            for e in out.values():
                e.cut_short = True
            break
        for action in candidates:
            state = world.clone()
            state.apply(action)
            play_out(state, policy, random.Random(f"{seed}/{w}"), horizon)
            out[action].add(*value(state, seat))
    return out
