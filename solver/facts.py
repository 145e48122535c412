"""What a hint may believe of an observation: only facts that are consistent.

Each game's `facts` module (solver/<game>/facts.py, found through the game registry) checks
the facts a hint reads from the typed observation (seats in range, no card counted more
often than the deck holds) and returns the listed legal actions that those facts allow: a
duplicate, or an action the facts rule out, is refused with an error naming the field. A
hint therefore never ranks a forged action or states a forged total. The checks they share
are here.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Callable, Protocol

from moneycards.solver.cards import Deck, Face
from moneycards.solver.errors import NO_LEGAL_ACTIONS, ImpossibleCards, InvalidInput, clip
from moneycards.solver.games import GAMES

MAX_ACTIONS = 1000  # Luk Fu face-down choices reach C(12, 4) = 495 plus the plays


class Listing(Protocol):
    """What `listed_actions` reads of any game's typed observation."""

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def legal_actions(self) -> tuple[str, ...]: ...


# -- shared checks ---------------------------------------------------------------------------
def seat_of(value: int, seats: int, field: str) -> int:
    # A typed observation can still be built by hand: its seats are checked, not trusted.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise InvalidInput(f"a seat is a whole number 0-{seats - 1}, not {clip(value, 20)}",
                           field=field)
    return value


def read_card(deck: Deck, text: str, field: str) -> Face:
    """The one card an action names."""
    cards = deck.parse(text, field=field)
    if len(cards) != 1:
        raise InvalidInput("expected one card", field=field)
    return cards[0]


def count_cards(deck: Deck, faces: list[Face], field: str) -> Counter[Face]:
    n = Counter(faces)
    for f, k in n.items():
        if k > deck.copies:
            raise ImpossibleCards(f"{f} is counted {k} times; the deck holds {deck.copies}",
                                  field=field)
    return n


# Why an action is not legal: the rule that refuses it (None when no one rule does) and
# the reason in words; the refusal's error carries the rule in its rule field. A plug-in
# game's `allowed` may give the words alone (a str), as before rules travelled as data.
Why = tuple[str | None, str]


def listed_actions(obs: Listing, allowed: Callable[[str], Why | str | None],
                   normalize: Callable[[str], str]) -> list[str]:
    """The listed legal actions, canonical; `allowed(action)` gives why one is not legal:
    the rule and the reason (`Why`), or the reason alone."""
    acts = list(obs.legal_actions)
    if not all(isinstance(a, str) for a in acts):
        raise InvalidInput("expected a list of action strings", field="state.legal_actions")
    if not acts:
        raise InvalidInput(NO_LEGAL_ACTIONS, field="state.legal_actions")
    seat, to_act = obs.seat, obs.to_act
    if to_act is not None and seat != to_act:
        # Only the seat to act has actions: a view that says otherwise was edited.
        raise InvalidInput(f"the view is seat {seat}'s but seat {to_act} is to act: only the "
                           "seat to act has actions to rank", field="state.to_act")
    if len(acts) > MAX_ACTIONS:
        raise InvalidInput(f"{len(acts)} actions listed; no position has more than "
                           f"{MAX_ACTIONS}", field="state.legal_actions")
    out: list[str] = []
    for k, raw in enumerate(acts):
        field = f"state.legal_actions[{k}]"
        try:
            act = normalize(raw)
        except InvalidInput as err:
            raise InvalidInput(err.message, field=field) from None
        if act in out:
            raise InvalidInput(f"{clip(act)!r} is listed twice", field=field)
        why = allowed(act)
        if why:
            rule, reason = (None, why) if isinstance(why, str) else why
            raise InvalidInput(f"{clip(act)!r} is not legal here: {reason}", field=field,
                               rule=rule)
        out.append(act)
    return out


def normalizer(deck: Deck, verbs: tuple[str, ...]) -> Callable[[str], str]:
    def normalize(action: str) -> str:
        verb, _, arg = action.strip().partition(" ")
        if verb in verbs and arg:
            return f"{verb} {deck.render(deck.parse(arg))}"
        return " ".join(action.split())

    return normalize


def checked(obs: Any) -> Any:
    """The typed observation with its legal actions replaced by the checked, canonical ones:
    derived from the facts by the game's own check (its `facts` module), never trusted (a
    listed action the facts do not allow is an error naming it)."""
    game = GAMES.get(obs.game) if isinstance(obs.game, str) else None
    if game is None:
        raise InvalidInput(f"unknown game {clip(obs.game, 20)!r}", field="state.game")
    check: Callable[[Any], list[str]] = game.module("facts").facts
    return dataclasses.replace(obs, legal_actions=tuple(check(obs)))
