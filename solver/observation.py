"""What every game's observation shares: reading its JSON form strictly.

An observation is what one seat sees of a table (docs/observations.md). Each game has a
typed form (`moneycards.solver.GAME.observation`) whose JSON is exactly the proto JSON
mapping of `moneycards.v1.<Game>Observation` (field names as in the .proto, enums by
name), with a JSON Schema in docs/observation.schema.json. Reading checks every field
(type, range, cards against the deck) and names the first that is wrong, so the engines
that take an observation can trust it.
"""

from __future__ import annotations

import builtins
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, TypeVar

from moneycards.solver.cards import Deck, Face
from moneycards.solver.errors import InvalidInput, clip, json_object
from moneycards.solver.games import spec

E = TypeVar("E", bound=Enum)


class Observation(Protocol):
    """What every game's typed observation offers (the engines' `observation(seat)`)."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def legal_actions(self) -> tuple[str, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class SeatCard:
    """A card at a seat: a discard, a dead card, a stock card drawn face up."""

    seat: int
    card: Face

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": self.card.text}


def check_own_size(r: "Reader", sizes: tuple[int, ...], seat: int, held: int) -> None:
    """A seat's own `hand_sizes` entry counts its own hand. A view that disagrees with
    itself is refused: a search would otherwise deal the other seats from a count of
    cards that no table ever had."""
    if sizes and sizes[seat] != held:
        raise InvalidInput(f"says seat {seat} holds {sizes[seat]} cards, but its hand has "
                           f"{held}", field=f"{r.sub('hand_sizes')}[{seat}]")


class Reader:
    """Typed access to one JSON object; every error names the field's path."""

    def __init__(self, data: Any, path: str):
        if not isinstance(data, dict):
            raise InvalidInput("must be a JSON object", field=path)
        self.data = data
        self.path = path

    def sub(self, key: str) -> str:
        return f"{self.path}.{key}"

    def check_keys(self, allowed: set[str]) -> None:
        unknown = sorted(set(self.data) - allowed)
        if unknown:
            raise InvalidInput(f"unknown field {clip(unknown[0])!r}", field=self.path)

    def present(self, key: str) -> bool:
        return self.data.get(key) is not None

    def int(self, key: str, lo: int, hi: int, *, default: int | None = None) -> int:
        value = self.data.get(key, default)
        if value is None and default is None and key not in self.data:
            raise InvalidInput("is required", field=self.sub(key))
        return check_int(value, lo, hi, self.sub(key))

    def optional_int(self, key: str, lo: builtins.int, hi: builtins.int) -> builtins.int | None:
        value = self.data.get(key)
        return None if value is None else check_int(value, lo, hi, self.sub(key))

    def bool(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            raise InvalidInput("must be true or false", field=self.sub(key))
        return value

    def str(self, key: str, *, default: str = "") -> str:
        value = self.data.get(key, default)
        if value is None:
            return default
        if not isinstance(value, str):
            raise InvalidInput("must be a string", field=self.sub(key))
        return value

    def list(self, key: builtins.str, *, max_len: builtins.int = 1000) -> list[Any]:
        value = self.data.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            raise InvalidInput("must be a list", field=self.sub(key))
        if len(value) > max_len:
            raise InvalidInput(f"holds more than {max_len} entries", field=self.sub(key))
        return value

    def ints(self, key: builtins.str, lo: builtins.int, hi: builtins.int, *,
             max_len: builtins.int) -> tuple[builtins.int, ...]:
        return tuple(check_int(v, lo, hi, f"{self.sub(key)}[{k}]")
                     for k, v in enumerate(self.list(key, max_len=max_len)))

    def per_seat(self, key: builtins.str, lo: builtins.int, hi: builtins.int, *,
                 seats: builtins.int) -> tuple[builtins.int, ...]:
        """One whole number per seat, or none at all (the field left out)."""
        values = self.ints(key, lo, hi, max_len=seats)
        if values and len(values) != seats:
            raise InvalidInput(f"one entry per seat ({seats}), or none", field=self.sub(key))
        return values

    def strs(self, key: builtins.str, *, max_len: builtins.int) -> tuple[builtins.str, ...]:
        out = []
        for k, v in enumerate(self.list(key, max_len=max_len)):
            if not isinstance(v, str):
                raise InvalidInput("must be a string", field=f"{self.sub(key)}[{k}]")
            out.append(v)
        return tuple(out)

    def cards(self, key: builtins.str, deck: Deck) -> tuple[Face, ...]:
        return tuple(deck.parse(self.str(key), field=self.sub(key)))

    def enum(self, key: builtins.str, enum: type[E], prefix: builtins.str) -> E:
        value = self.data.get(key)
        return enum_from_json(value, enum, prefix, self.sub(key))


def check_int(value: Any, lo: int, hi: int, path: str) -> int:
    # the proto JSON mapping writes an integer as a number or a string of its digits
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,18}", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput("must be a whole number", field=path)
    if not lo <= value <= hi:
        raise InvalidInput(f"must be {lo}-{hi}", field=path)
    return value


def enum_json(member: Enum, prefix: str) -> str:
    """The proto JSON name of an enum member: `TOTOM_PHASE_CLAIMS` for Phase.CLAIMS."""
    return f"{prefix}_{member.name}"


def enum_from_json(value: Any, enum: type[E], prefix: str, path: str) -> E:
    names = [enum_json(m, prefix) for m in enum]
    if isinstance(value, str) and value.startswith(prefix + "_"):
        name = value[len(prefix) + 1:]
        if name in enum.__members__:
            return enum.__members__[name]
    raise InvalidInput(f"must be one of {', '.join(names)}", field=path)


def card_text(text: str, deck: Deck, path: str, *, single: bool = True) -> str:
    """A card (or cards) in canonical notation; an error names the field."""
    faces = deck.parse(text, field=path)
    if single and len(faces) != 1:
        raise InvalidInput("must be one card", field=path)
    return deck.render(faces)


def read_observation(data: Any, *, field: str = "state") -> Any:
    """Any game's observation from its JSON form (text or a parsed object), typed."""
    obj = json_object(data, field=field, what="an observation (a JSON object)")
    game = spec(obj.get("game"), field=f"{field}.game")
    return game.module("observation").from_json(obj, field)
