"""The Kowah rules of play that more than one reader asks, each written once with its id:
the engine (solver/kowah/table.py) and the observation check (solver/kowah/facts.py) call
these. (The search's simulator, solver/kowah/search.py, keeps its own fast copy.)"""

from __future__ import annotations

from functools import lru_cache

from moneycards.solver.cards import Face
from moneycards.solver.kowah.exact import splits_exact

TAKE_LIMIT = 30  # R-take-limit: turns in a row that may take the discard instead of drawing


def may_take(pile: bool, first_turn: bool, takes_in_row: int) -> bool:
    """Whether the seat to draw may take the last discard instead: there is one (KW-T2), it
    is not the deal's first turn (KW-T3), and fewer than TAKE_LIMIT turns in a row took
    the discard (R-take-limit)."""
    return pile and not first_turn and takes_in_row < TAKE_LIMIT


@lru_cache(maxsize=1 << 14)
def shown_pairs(counts: tuple[int, ...]) -> tuple[Face, ...]:
    """The pairs a hand of eight may show when it declares (KW-R4, KW-R5), by the exact
    search: asked after every action for every seat, of hands that recur, so remembered."""
    return tuple(sorted({s.pair for s in splits_exact(counts)}))
