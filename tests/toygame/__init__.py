"""High card: a tiny two-seat game that lives only in the test suite, to show that a game is
one package plus one registration line (`moneycards.solver.games.register`).

Nine coins 1c-9c, one copy each; each seat is dealt three. Three tricks: the leader plays a
card, the other seat plays one, the higher card wins the trick and leads the next (HC-1).
After three tricks the seat with more tricks wins one point from the other (HC-2).
"""

from __future__ import annotations

from moneycards.solver.cards import Deck, Face
from moneycards.solver.games import GameSpec

DECK = Deck(game="highcard", faces=tuple(Face(0, r) for r in range(1, 10)), copies=1,
            aliases={}, names={})

SPEC = GameSpec("highcard", "High card", 2, (3, 3), DECK, "leader", 1000.0, ("seed",),
                "highcard.md", True, "leader_rotates", "leads", 6, "HC-1", "HIGHCARD_RULES_PRESET_",
                package="tests.toygame")
