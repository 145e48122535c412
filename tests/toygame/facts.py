from __future__ import annotations

from moneycards.solver.facts import listed_actions, normalizer

from tests.toygame import DECK
from tests.toygame.observation import HighCardObservation


def facts(obs: HighCardObservation) -> list[str]:
    """The hand is cards of the deck, and the listed actions play cards of it (HC-1)."""
    hand = DECK.parse(" ".join(obs.hand), field="state.hand")

    def allowed(act: str) -> str | None:
        verb, _, arg = act.partition(" ")
        if verb != "play" or not arg:
            return "actions are: play CARD"
        return None if DECK.parse(arg)[0] in hand else f"{arg} is not in the hand (HC-1)"

    return listed_actions(obs, allowed, normalizer(DECK, ("play",)))
