"""Each game's place on the wire, once: its `Game` enum value, its service, and the fields and
messages that carry its rules, observation and record. The table service, the record
files, the CLI's JSON and its remote tables read this table instead of keeping maps of
their own.

The three games have messages of their own (proto/moneycards/v1). Any other game the
registry knows (solver/games.py: a plug-in, registered by its own package) travels in the
generic fields: named by `game_name`, its rules, observation and record as JSON objects
(`google.protobuf.Struct`), so a new game needs no proto change to be played over
TableService.

    >>> wire("lukfu").observation_field, wire_of_enum(wire("kowah").enum).game
    ('luk_fu', 'kowah')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.protobuf import struct_pb2

from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.games import GAMES
from moneycards.v1 import common_pb2, kowah_pb2, lukfu_pb2, observation_pb2, totom_pb2


@dataclass(frozen=True)
class Wire:
    """How one game travels in the API (proto/moneycards/v1)."""

    game: str  # the registry's name
    enum: common_pb2.Game  # its `moneycards.v1.Game` value
    service: str  # its stateless service (TotomService, ...)
    observation_field: str  # the TableView oneof field, and the observation's proto name
    observation: Any  # its observation message class
    rules_field: str  # the rules field of CreateTableRequest, TableView and a match record
    record_field: str  # the GetRecordResponse oneof field
    record: Any  # the record file message (its CheckGameRecord request)
    check_record_response: Any
    hint_response: Any
    match_deals_field: str = ""  # the MatchRecord field of its deals

    @property
    def plugin(self) -> bool:
        """Whether the game travels in the generic fields (JSON objects)."""
        return self.observation is struct_pb2.Struct


WIRES: dict[str, Wire] = {}
PLUGIN_FIELD = "plugin"  # the TableView and GetRecordResponse oneof field of a plug-in


def plugin_wire(game: str) -> Wire:
    """The generic entry of a registered game that has no messages of its own."""
    return Wire(game, common_pb2.GAME_UNSPECIFIED, "", PLUGIN_FIELD, struct_pb2.Struct,
                "plugin_rules", PLUGIN_FIELD, struct_pb2.Struct, None, None, "plugin_deals")


def register_wire(entry: Wire) -> Wire:
    """Put a game on the wire; a game already there under another entry is refused."""
    if WIRES.get(entry.game, entry) is not entry:
        raise ValueError(f"the game {entry.game!r} is already on the wire")
    WIRES[entry.game] = entry
    return entry


def wire(game: str, *, field: str = "game") -> Wire:
    """A game's entry by its registry name: its own, or the generic one of a registered
    game without messages; a game the registry does not know is bad input."""
    if game in WIRES:
        return WIRES[game]
    if game in GAMES:
        return plugin_wire(game)
    raise InvalidInput(f"unknown game {clip(game)!r}; one of: {', '.join(GAMES)}", field=field)


def wire_of_request(value: int, name: str) -> Wire:
    """The game a request names by its `Game` value, its `game_name`, or both (which must
    agree); neither, or an unknown one, is bad input."""
    by_enum = wire_of_enum(value) if value else None
    if value and by_enum is None:
        raise InvalidInput(f"unknown Game value {value}", field="game")
    if name:
        by_name = wire(name, field="game_name")
        if by_enum is not None and by_enum.game != by_name.game:
            raise InvalidInput(f"game {common_pb2.Game.Name(by_enum.enum)} and game_name "
                               f"{name!r} name different games", field="game_name")
        return by_name
    if by_enum is None:
        names = [common_pb2.Game.Name(w.enum) for w in WIRES.values()]
        raise InvalidInput(f"name the game: {', '.join(names[:-1])} or {names[-1]} (or "
                           "game_name, for any registered game)", field="game")
    return by_enum


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
                   totom_pb2.TotomServiceHintResponse, "totom_deals"))
register_wire(Wire("kowah", common_pb2.GAME_KOWAH, "KowahService", "kowah",
                   observation_pb2.KowahObservation, "kowah_rules", "kowah",
                   kowah_pb2.KowahServiceCheckGameRecordRequest,
                   kowah_pb2.KowahServiceCheckGameRecordResponse,
                   kowah_pb2.KowahServiceHintResponse, "kowah_deals"))
register_wire(Wire("lukfu", common_pb2.GAME_LUK_FU, "LukFuService", "luk_fu",
                   lukfu_pb2.LukFuObservation, "luk_fu_rules", "luk_fu",
                   lukfu_pb2.LukFuServiceCheckGameRecordRequest,
                   lukfu_pb2.LukFuServiceCheckGameRecordResponse,
                   lukfu_pb2.LukFuServiceHintResponse, "luk_fu_deals"))


def error_info(err: Any) -> Any:
    """The google.rpc.ErrorInfo of a failed call (a grpc.RpcError), or None when its status
    carries none: the reason (a rule id, or NOT_YOUR_TURN …) and metadata (`field`, `rule`,
    and for a refused action `why`, the rules' reason alone) that a client reads instead of
    parsing the message."""
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    status = rpc_status.from_call(err)
    for d in status.details if status else []:
        if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            d.Unpack(info)
            return info
    return None
