"""The Kowah rules of play that more than one reader asks, each written once with its id:
the engine (solver/kowah/table.py), the observation check (solver/kowah/facts.py) and the
search's simulator (solver/kowah/search.py) call these."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.exact import splits_exact
from moneycards.solver.kowah.observation import Phase
from moneycards.solver.rulebook import implements

TAKE_LIMIT = 30  # R-take-limit: turns in a row that may take the discard instead of drawing


@implements("R-take-limit", "after 30 turns in a row without a stock draw the seat draws")
@implements("KW-T3", "the first turn of the deal draws from the stock")
def may_take(pile: bool, first_turn: bool, takes_in_row: int) -> bool:
    """Whether the seat to draw may take the last discard instead: there is one (KW-T2), it
    is not the deal's first turn (KW-T3), and fewer than TAKE_LIMIT turns in a row took
    the discard (R-take-limit)."""
    return pile and not first_turn and takes_in_row < TAKE_LIMIT


@implements("KW-T4", "a seat ready after its discard declares, choosing the pair it shows")
@lru_cache(maxsize=1 << 14)
def shown_pairs(counts: tuple[int, ...]) -> tuple[Face, ...]:
    """The pairs a hand of eight may show when it declares (KW-R4, KW-R5), by the exact
    search: asked after every action for every seat, of hands that recur, so remembered."""
    return tuple(sorted({s.pair for s in splits_exact(counts)}))


@implements("KW-T2", "a turn: draw the top stock card or take the last discard, then discard")
def legal_actions(phase: Phase, hand: Sequence[int], pile: bool, first_turn: bool,
                  takes_in_row: int, may_stay: bool) -> list[str]:
    """The actions of the seat to act in `phase`, holding `hand` (a count vector); `pile`:
    whether a discard lies on the pile; `may_stay`: whether a ready seat may decline to
    declare (R-declare's switch)."""
    if phase is Phase.DRAW:
        acts = ["draw"]
        if may_take(pile, first_turn, takes_in_row):
            acts.append("take")
        return acts
    if phase is Phase.DISCARD:
        return [f"discard {f}" for f, n in zip(KOWAH.faces, hand) if n]
    acts = [f"declare {KOWAH.render([p, p])}" for p in shown_pairs(tuple(hand))]
    if may_stay:
        acts.append("stay")
    return acts
