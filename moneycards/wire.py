"""Each game's place on the wire, once: its `Game` enum value, its service, and the fields and
messages that carry its rules, observation and record. The table service, the record
files, the CLI's JSON and its remote tables read this table instead of keeping maps of
their own; a game the registry knows (solver/games.py) is on the wire once it has an entry.

    >>> wire("lukfu").observation_field, wire_of_enum(wire("kowah").enum).game
    ('luk_fu', 'kowah')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moneycards.solver.errors import InvalidInput
from moneycards.v1 import common_pb2, kowah_pb2, lukfu_pb2, observation_pb2, totom_pb2


@dataclass(frozen=True)
class Wire:
    """How one game travels in the API (proto/moneycards/v1)."""

    game: str  # the registry's name
    enum: common_pb2.Game  # its `moneycards.v1.Game` value
    service: str  # its stateless service (TotomService, ...)
    observation_field: str  # the TableView oneof field, and the observation's proto name
    observation: Any  # its observation message class
    rules_field: str  # the rules field of CreateTableRequest and of a match record
    record_field: str  # the GetRecordResponse oneof field
    record: Any  # the record file message (its CheckGameRecord request)
    check_record_response: Any
    hint_response: Any


WIRES: dict[str, Wire] = {}


def register_wire(entry: Wire) -> Wire:
    """Put a game on the wire; a game already there under another entry is refused."""
    if WIRES.get(entry.game, entry) is not entry:
        raise ValueError(f"the game {entry.game!r} is already on the wire")
    WIRES[entry.game] = entry
    return entry


def wire(game: str) -> Wire:
    """A game's entry by its registry name; a game with none is bad input."""
    if game not in WIRES:
        raise InvalidInput(f"the game {game[:40]!r} has no place in the API; one of: "
                           f"{', '.join(WIRES)}", field="game")
    return WIRES[game]


def wire_of_enum(value: int) -> Wire | None:
    """The entry of a `Game` enum value, or None (unset or unknown)."""
    return next((w for w in WIRES.values() if w.enum == value), None)


def wire_of_observation(field: str) -> Wire | None:
    """The entry whose observation rides in this TableView oneof field, or None."""
    return next((w for w in WIRES.values() if w.observation_field == field), None)


register_wire(Wire("totom", common_pb2.GAME_TOTOM, "TotomService", "totom",
                   observation_pb2.TotomObservation, "totom_rules", "totom",
                   totom_pb2.TotomServiceCheckGameRecordRequest,
                   totom_pb2.TotomServiceCheckGameRecordResponse,
                   totom_pb2.TotomServiceHintResponse))
register_wire(Wire("kowah", common_pb2.GAME_KOWAH, "KowahService", "kowah",
                   observation_pb2.KowahObservation, "kowah_rules", "kowah",
                   kowah_pb2.KowahServiceCheckGameRecordRequest,
                   kowah_pb2.KowahServiceCheckGameRecordResponse,
                   kowah_pb2.KowahServiceHintResponse))
register_wire(Wire("lukfu", common_pb2.GAME_LUK_FU, "LukFuService", "luk_fu",
                   lukfu_pb2.LukFuObservation, "luk_fu_rules", "luk_fu",
                   lukfu_pb2.LukFuServiceCheckGameRecordRequest,
                   lukfu_pb2.LukFuServiceCheckGameRecordResponse,
                   lukfu_pb2.LukFuServiceHintResponse))
