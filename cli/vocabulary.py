"""One JSON vocabulary for the CLI and the API (docs/json.md).

A command with an RPC twin prints, under `--json`, the proto JSON of the very response
message its twin answers for the same input (built by the same server function): field
names as in the .proto files (snake_case), enums by their proto names (`DEAL_OUTCOME_WIN`),
every field without presence written even at its default (`false`, `0`, `""`, `[]`), a
field with presence (`optional`, a message) only when set. The few keys a command adds
beside its twin's response are listed in CLI_ONLY, with what they hold; they follow the
same spellings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, TypeVar

from google.protobuf import json_format

from moneycards.cli.common import emit_json
from moneycards.server.records import ranked_messages, record_check_message
from moneycards.v1 import common_pb2
from moneycards.wire import WIRES, wire

if TYPE_CHECKING:
    from google.protobuf.descriptor import Descriptor
    from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper
    from google.protobuf.message import Message

    from moneycards.solver.ranking import Ranked
    from moneycards.solver.table import Outcome, RecordCheck

_K = TypeVar("_K", bound=int)

# MessageToDict's options: the API's JSON as the CLI prints it.
JSON_OPTIONS: dict[str, Any] = {"preserving_proto_field_name": True,
                                "always_print_fields_with_no_presence": True}

# Each game with a stateless service of its own, and that service.
GAMES = {w.game: w.service for w in WIRES.values()}

# Every command whose --json has an RPC twin, and the twin (service/method).
TWINS: dict[str, str] = {
    "totom check": "TotomService/CheckHand",
    "totom waits": "TotomService/FindWaits",
    "kowah check": "KowahService/CheckReady",
    "kowah win": "KowahService/CheckWin",
    "lukfu beats": "LukFuService/ComparePlays",
    "lukfu legal": "LukFuService/CheckPlay",
    "lukfu old": "LukFuService/ProveOld",
    "lukfu score": "LukFuService/Score",
    **{f"{game} check-record": f"{service}/CheckGameRecord" for game, service in GAMES.items()},
    **{f"{game} hint": f"{service}/Hint" for game, service in GAMES.items()},
}

# The commands with --json and no RPC twin, and why.
NO_TWIN: dict[str, str] = {
    **{f"{game} selfplay": "no RPC plays deals between AI seats and sums them up (an "
                           "ai_only table of TableService plays one table)" for game in GAMES},
    **{f"{game} rules": "the rules as written: the web port serves them as /rules.json "
                        "(docs/web.md), not an RPC" for game in GAMES},
    "rules": "the rules as written, any game's by id: as `GAME rules`",
    "tables list": "reads the store directly, closed tables too; TableService.ListTables "
                   "pages through the open ones",
    "tables purge": "an operator's change to the store itself, no RPC: the tables it "
                    "removed (or would remove)",
}

_RECORD_ONLY = {
    "result": "the deal's outcome in full, a DealResult (absent while the deal goes on)",
    "practice": "true for a practice game (absent otherwise)",
}

# The keys a command's JSON has beside its twin's response, and what each holds.
CLI_ONLY: dict[str, dict[str, str]] = {
    "totom waits": {"hand": "the hand in canonical notation",
                    "via": "the --via asked, as a WinVia name (WIN_VIA_STOCK by default)"},
    "kowah win": {"via": "the --via asked, as a KowahVia name"},
    "lukfu beats": {"play": "PLAY in canonical notation",
                    "over": "the --over play in canonical notation"},
    "lukfu old": {"seat": "the seat whose hand it is",
                  "about_to_lead": "whether the seat leads next (absent without a record)"},
    **{f"{game} check-record": _RECORD_ONLY for game in GAMES},
}


def message_json(msg: Message) -> dict[str, Any]:
    """A response message as the CLI prints it, keys in the .proto's order."""
    return _in_proto_order(msg.DESCRIPTOR, json_format.MessageToDict(msg, **JSON_OPTIONS))


def _in_proto_order(descriptor: Descriptor, data: dict[str, Any]) -> dict[str, Any]:
    """The same JSON object, its keys in the order the .proto declares the fields (the
    mapping writes fields set before those at their defaults); equal as a value."""
    out: dict[str, Any] = {}
    for f in descriptor.fields:
        if f.name not in data:
            continue
        value = data[f.name]
        sub = f.message_type
        if sub is not None and not sub.GetOptions().map_entry \
                and sub.full_name.startswith("moneycards."):
            value = [_in_proto_order(sub, v) for v in value] if isinstance(value, list) \
                else _in_proto_order(sub, value)
        out[f.name] = value
    return out


def answer_json(command: str, msg: Message, **extra: Any) -> dict[str, Any]:
    """The --json answer of `command`: its twin's response, then its CLI-only keys (a key
    whose value is None is absent, as an unset field is)."""
    unlisted = set(extra) - set(CLI_ONLY.get(command, {}))
    if command not in TWINS or unlisted:
        raise ValueError(f"{command}: no twin, or keys not in CLI_ONLY: {sorted(unlisted)}")
    return {**message_json(msg), **{k: v for k, v in extra.items() if v is not None}}


def emit_answer(command: str, msg: Message, **extra: Any) -> None:
    emit_json(answer_json(command, msg, **extra))


def enum_name(enum: EnumTypeWrapper, mapping: Mapping[_K, str | None], value: str | None
              ) -> str:
    """The proto name of a CLI choice ("own-door" -> "WIN_VIA_OWN_DOOR"), by the service's
    own table of the enum's values (number -> the solver's word)."""
    number = next(n for n, word in mapping.items() if word == value)
    return str(enum.Name(number))


def deal_result_json(result: Outcome | None) -> dict[str, Any] | None:
    """A deal's result (the engine's Outcome) as its DealResult's JSON, None while the deal
    goes on."""
    if result is None:
        return None

    return message_json(json_format.ParseDict(result.to_json(), common_pb2.DealResult()))


def record_check_json(game: str, check: RecordCheck, practice: bool) -> dict[str, Any]:
    """`check-record --json` of one deal: CheckGameRecord's response, and the CLI-only
    result and practice mark."""
    response = wire(game).check_record_response
    return answer_json(f"{game} check-record", response(check=record_check_message(check)),
                       result=deal_result_json(check.result), practice=practice or None)


def hint_json(game: str, seat: int, ranked: list[Ranked]) -> dict[str, Any]:
    """`hint --json`: the Hint RPC's response for the seat's ranked actions."""
    response = wire(game).hint_response
    return answer_json(f"{game} hint", response(seat=seat, actions=ranked_messages(ranked)))

