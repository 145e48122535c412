from __future__ import annotations

from typing import Any

from moneycards.solver.facts import listed_actions, normalizer, read, read_cards

from tests.toygame import DECK


def facts(obs: dict[str, Any]) -> list[str]:
    """The hand is cards of the deck, and the listed actions play cards of it (HC-1)."""
    hand = read_cards(DECK, read(obs, "hand", str, "cards"), "state.hand")

    def allowed(act: str) -> str | None:
        verb, _, arg = act.partition(" ")
        if verb != "play" or not arg:
            return "actions are: play CARD"
        return None if DECK.parse(arg)[0] in hand else f"{arg} is not in the hand (HC-1)"

    return listed_actions(obs, allowed, normalizer(DECK, ("play",)))
