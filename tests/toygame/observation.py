from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moneycards.solver.table import Outcome

from tests.toygame import DECK


@dataclass(frozen=True)
class HighCardObservation:
    seat: int
    to_act: int | None
    hand: tuple[str, ...]
    trick: tuple[str, ...]  # the cards of the trick in progress, the leader's first
    tricks_won: tuple[int, int]
    legal_actions: tuple[str, ...]
    result: Outcome | None = None
    game: str = "highcard"

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "to_act": self.to_act,
                "hand": " ".join(self.hand), "trick": list(self.trick),
                "tricks_won": list(self.tricks_won), "legal_actions": list(self.legal_actions),
                "result": self.result.to_json() if self.result is not None else None}


def read_hand(text: str) -> list[str]:
    return [f.text for f in DECK.parse(text)] if text else []
