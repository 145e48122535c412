"""What a hint may believe of an observation: only facts that are consistent.

Each game's `facts` module (solver/<game>/facts.py, found through the game registry) checks
the facts a hint reads (types, seats in range, no card counted more often than the deck
holds) and returns the listed legal actions that those facts allow: a duplicate, or an
action the facts rule out, is refused with an error naming the field. A hint therefore
never ranks a forged action or states a forged total. The readers they share are here.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any, Callable, TypeVar

from moneycards.solver.cards import Deck, Face
from moneycards.solver.errors import ImpossibleCards, InvalidInput, clip

MAX_ACTIONS = 1000  # Luk Fu face-down choices reach C(12, 4) = 495 plus the plays


# -- shared readers -------------------------------------------------------------------------
def read(obs: dict[str, Any], key: str, kinds: Any, what: str, *,
         optional: bool = False) -> Any:
    if key not in obs:
        if optional:
            return None
        raise InvalidInput(f"missing ({what})", field=f"state.{key}")
    value = obs[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise InvalidInput(f"expected {what}", field=f"state.{key}")
    if not isinstance(value, kinds):
        raise InvalidInput(f"expected {what}", field=f"state.{key}")
    return value


P = TypeVar("P", bound=StrEnum)


def read_phase(obs: dict[str, Any], phases: type[P]) -> P:
    """The observation's phase, one of the engine's phases (its JSON value)."""
    what = ", ".join(p.value for p in phases)
    what = " or ".join(what.rsplit(", ", 1))
    value = read(obs, "phase", str, what)
    try:
        return phases(value)
    except ValueError:
        raise InvalidInput(f"expected {what}", field="state.phase") from None


def seat_of(value: Any, seats: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise InvalidInput(f"a seat is a whole number 0-{seats - 1}, not {clip(value, 20)}",
                           field=field)
    return value


def read_cards(deck: Deck, text: Any, field: str) -> list[Face]:
    if not isinstance(text, str):
        raise InvalidInput("expected card notation text", field=field)
    return deck.parse(text, field=field)


def read_card(deck: Deck, text: Any, field: str) -> Face:
    cards = read_cards(deck, text, field)
    if len(cards) != 1:
        raise InvalidInput("expected one card", field=field)
    return cards[0]


def read_seat_cards(deck: Deck, obs: dict[str, Any], key: str,
                    seats: int) -> list[tuple[int, Face]]:
    """A list of {"seat": n, "card": "5c"} entries."""
    items = read(obs, key, list, "a list of {seat, card}")
    out = []
    for k, d in enumerate(items):
        field = f"state.{key}[{k}]"
        if not isinstance(d, dict):
            raise InvalidInput("expected {seat, card}", field=field)
        out.append((seat_of(d.get("seat"), seats, f"{field}.seat"),
                    read_card(deck, d.get("card"), f"{field}.card")))
    return out


def count_cards(deck: Deck, faces: list[Face], field: str) -> Counter[Face]:
    n = Counter(faces)
    for f, k in n.items():
        if k > deck.copies:
            raise ImpossibleCards(f"{f} is counted {k} times; the deck holds {deck.copies}",
                                  field=field)
    return n


def listed_actions(obs: dict[str, Any], allowed: Callable[[str], str | None],
                   normalize: Callable[[str], str]) -> list[str]:
    """The listed legal actions, canonical; `allowed(action)` gives why one is not legal."""
    acts = obs.get("legal_actions")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise InvalidInput("expected a list of action strings", field="state.legal_actions")
    if not acts:
        raise InvalidInput("the observation has no legal actions: it is not this seat's turn "
                           "(or the deal is over)", field="state.legal_actions")
    seat, to_act = obs.get("seat"), obs.get("to_act")
    if isinstance(seat, int) and isinstance(to_act, int) and seat != to_act:
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
            raise InvalidInput(f"{clip(act)!r} is not legal here: {why}", field=field)
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
    import dataclasses

    from moneycards.solver.games import GAMES

    game = GAMES.get(obs.game) if isinstance(obs.game, str) else None
    if game is None:
        raise InvalidInput(f"unknown game {clip(obs.game, 20)!r}", field="state.game")
    check: Callable[[dict[str, Any]], list[str]] = game.module("facts").facts
    return dataclasses.replace(obs, legal_actions=tuple(check(obs.flat())))
