from __future__ import annotations

import random
from typing import Any

from moneycards.solver.ranking import Ranked

from tests.toygame import DECK


def _rank(obs: Any) -> list[Ranked]:
    # Win the trick as cheaply as possible, else throw the lowest card.
    trick = [DECK.parse(c)[0] for c in obs.trick]
    out = []
    for act in obs.legal_actions:
        card = DECK.parse(act.split()[1])[0]
        if trick:
            value = 10 - card.rank if card.rank > trick[0].rank else -card.rank
            why = "wins the trick" if card.rank > trick[0].rank else "loses the trick cheaply"
        else:
            value, why = card.rank, "leads high"
        out.append(Ranked(act, float(value), why))
    return sorted(out, key=lambda r: -r.value)


def strong(obs: Any, seed: int | None = None, **options: Any) -> list[Ranked]:
    return _rank(obs)


heuristic = expert = strong


def greedy(obs: Any, rng: random.Random) -> str:
    return _rank(obs)[0].action
