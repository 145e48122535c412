"""The Kowah rules of play that more than one reader asks, each written once with its id:
the engine (solver/kowah/table.py), the observation check (solver/kowah/facts.py) and the
search's simulator (solver/kowah/search.py) call these."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.exact import ready_pairs, splits_exact
from moneycards.solver.kowah.observation import KowahVerb as V, Phase
from moneycards.solver.rulebook import implements
from moneycards.solver.table import Action, make_action

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
    """The pairs a hand of eight may show when it declares (KW-R4, KW-R5): asked after
    every action for every seat, so read from the table of every ready hand once it is
    built (the server builds it while warming up; a test holds it equal to the exact
    search), else by the exact search, and remembered."""
    if ready_pairs.cache_info().currsize and sum(counts) == 8:
        return tuple(KOWAH.faces[p] for p in ready_pairs().get(bytes(counts), ()))
    return tuple(sorted({s.pair for s in splits_exact(counts)}))


@implements("KW-T2", "a turn: draw the top stock card or take the last discard, then discard")
def legal_actions(phase: Phase, hand: Sequence[int], pile: bool, first_turn: bool,
                  takes_in_row: int, may_stay: bool) -> list[Action]:
    """The actions of the seat to act in `phase`, holding `hand` (a count vector); `pile`:
    whether a discard lies on the pile; `may_stay`: whether a ready seat may decline to
    declare (R-declare's switch)."""
    if phase is Phase.DRAW:
        acts = [_DRAW]
        if may_take(pile, first_turn, takes_in_row):
            acts.append(_TAKE)
        return acts
    if phase is Phase.DISCARD:
        return [_DISCARDS[i] for i, n in enumerate(hand) if n]
    acts = [make_action(KOWAH, V.DECLARE, p, p) for p in shown_pairs(tuple(hand))]
    if may_stay:
        acts.append(_STAY)
    return acts


# The actions every deal lists again and again, made once.
_DRAW, _TAKE, _STAY = (make_action(KOWAH, v) for v in (V.DRAW, V.TAKE, V.STAY))
_DISCARDS = tuple(make_action(KOWAH, V.DISCARD, f) for f in KOWAH.faces)
