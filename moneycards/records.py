"""Record files are the proto JSON form of the messages that take them.

A game record file is exactly a `<Game>ServiceCheckGameRecordRequest` in its JSON mapping,
and a Luk Fu public record file a `LukFuRecord`, so a file goes to the API as it is. The CLI
and the server both read and write records here; the engines get plain dicts.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from google.protobuf import json_format, struct_pb2, timestamp_pb2
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from moneycards.solver import tables
from moneycards.solver.errors import (ContextError, InvalidInput, NotationError, clip, json_object,
                                      snake_case)
from moneycards.solver.games import GAMES, another_game, new_state, rules_for, spec
from moneycards.solver.lukfu import NAME as LUKFU
from moneycards.solver.rulebook import rules_of
from moneycards.solver.table import IllegalAction, Outcome, outcome_from_json
from moneycards.solver.tables import check_match, read_match
from moneycards.v1 import common_pb2, lukfu_pb2, table_pb2
from moneycards.wire import wire

if TYPE_CHECKING:
    from moneycards.solver.lukfu.rules import LukFuRules
    from moneycards.solver.tables import MatchCheck


class SeatDict(TypedDict):
    """A record's seat as the engines take it."""

    kind: str
    level: str
    name: str
    invited: NotRequired[bool]  # only when true, as a table's record writes it


class LukFuSeatView(TypedDict):
    """A Luk Fu game record seen from one seat (`lukfu_seat_view`)."""

    record: dict[str, Any]  # the public record that seat sees
    hand: str
    seat: int
    rules: LukFuRules
    ended: str | None  # the rule that ended the deal (LF-W2 a claim, LF-W4 …); None: in play


class LukFuPublicHistory(TypedDict):
    """A Luk Fu public record as `read_lukfu_history` gives it: no hand, no rules."""

    record: dict[str, Any]
    hand: None
    seat: int | None
    rules: None
    ended: None  # a public record does not say whether a claim ended it

TIMESTAMP = "google.protobuf.Timestamp"


def parse_json(data: Any, message: Message, *, field: str, what: str) -> Message:
    """Read JSON text (or a parsed object) into `message` by the proto JSON mapping; a
    problem is one line naming the key path."""
    obj = json_object(data, field=field, what=what)
    check_shape(obj, message.DESCRIPTOR, field)
    try:
        json_format.ParseDict(obj, message)
    except json_format.ParseError as err:  # what check_shape does not foresee
        raise _parse_error(str(err).splitlines()[0], field) from None
    return message


def stated(outcome: Outcome | None, said: dict[str, Any]) -> dict[str, Any]:
    """The keys of a record's `result` that it gives, each as the replay's result names it:
    every one must match the replay (docs/records.md), a key left out is not checked (an
    absent rule or bonus list is no claim that there is none)."""
    if outcome is None:
        return {}
    given = {snake_case(k) for k in said}
    return {k: v for k, v in outcome.to_dict().items() if k in given}


def _parse_error(text: str, field: str) -> InvalidInput:
    """The protobuf parser's sentence ("Failed to parse played_at field: … at
    TotomServiceCheckGameRecordRequest.played_at") as the key path and the problem, without
    the message type's internal name."""
    said = re.fullmatch(r"Failed to parse (\w+) field: (.*?)\.?(?: at [\w.\[\]]+)?", text)
    if said is None:
        return InvalidInput(_in_words(text.rstrip(".")), field=field)
    path, problem = f"{field}.{said[1]}", said[2]
    # a nested message's field: "Failed to parse points field: …" within the message's
    while (inner := re.fullmatch(r"(?:Failed to parse )?(\w+) field: (.*)", problem)):
        path, problem = f"{path}.{inner[1]}", inner[2]
    return InvalidInput(_in_words(problem.removeprefix("Failed to parse ").rstrip(".")),
                        field=path)


def _in_words(problem: str) -> str:
    """The parser's words for two problems it reports in its own terms: a number out of its
    field's range, and a time it cannot read (Python's strptime format)."""
    if (big := re.fullmatch(r"Value out of range: (-?\d+)", problem)):
        return f"{big[1]} is out of this field's range"
    if problem.startswith("time data "):
        return "not a date and time as 2026-12-05T21:40:00Z (RFC 3339, in UTC)"
    return problem


def check_shape(obj: dict[str, Any], descriptor: Descriptor, path: str) -> None:
    """Every key a field of `descriptor` (by its proto or JSON name) holding a value of the
    field's type; the first problem is raised with its key path."""
    fields = {**{f.name: f for f in descriptor.fields},
              **{f.json_name: f for f in descriptor.fields}}
    for key, value in obj.items():
        f = fields.get(key)
        if f is None:
            raise InvalidInput(f"unknown key {key!r}", field=path)
        where = f"{path}.{f.name}"
        if value is None:
            continue
        if f.message_type is not None and f.message_type.full_name == TIMESTAMP:
            if not isinstance(value, str):
                raise InvalidInput("expected a date and time as RFC 3339 text, e.g. "
                                   "\"2026-11-30T10:50:00Z\"", field=where)
            continue
        if f.is_repeated:
            if not isinstance(value, list):
                raise InvalidInput("expected a list", field=where)
            for k, item in enumerate(value):
                _check_value(f, item, f"{where}[{k}]")
        else:
            _check_value(f, value, where)


def _check_value(f: FieldDescriptor, value: Any, where: str) -> None:
    if f.type == f.TYPE_MESSAGE:
        if not isinstance(value, dict):
            raise InvalidInput("expected an object", field=where)
        check_shape(value, f.message_type, where)
    elif f.type == f.TYPE_ENUM:
        names = [v.name for v in f.enum_type.values]
        if not (isinstance(value, str) and value in names
                or isinstance(value, int) and not isinstance(value, bool)):
            raise InvalidInput(f"unknown value {value!r}; choose one of: {', '.join(names)}",
                               field=where)
    elif f.type == f.TYPE_STRING:
        if not isinstance(value, str):
            raise InvalidInput("expected a string", field=where)
    elif f.type == f.TYPE_BOOL:
        if not isinstance(value, bool):
            raise InvalidInput("expected true or false", field=where)
    elif f.type in (f.TYPE_DOUBLE, f.TYPE_FLOAT):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidInput("expected a number", field=where)
    elif isinstance(value, bool) or not (
            isinstance(value, int) or isinstance(value, str) and value.lstrip("-").isdigit()):
        raise InvalidInput("expected a whole number", field=where)


def preset_name(game: str, rules: Message, *, field: str = "rules.preset") -> str:
    """The engine's preset name of a rules message ("seed" when unspecified)."""
    value = rules.DESCRIPTOR.fields_by_name["preset"].enum_type.values_by_number.get(rules.preset)
    if value is None:
        raise InvalidInput(f"unknown enum value {rules.preset}", field=field)
    full = value.name
    name = full.removeprefix(GAMES[game].preset_enum).lower()
    return "seed" if name == "unspecified" else name


def rules_object(game: str, rules: Message, *, field: str = "rules") -> Any:
    """The engine's rules: the preset with every switch the message sets."""
    if isinstance(rules, struct_pb2.Struct):  # a plug-in's rules, as JSON
        return rules_from_json(game, json_format.MessageToDict(rules), field=field)
    base = rules_for(game, preset_name(game, rules, field=f"{field}.preset"),
                     field=f"{field}.preset")
    switches = {f.name: getattr(rules, f.name) for f in rules.DESCRIPTOR.fields
                if f.name != "preset" and rules.HasField(f.name)}
    for name, value in switches.items():
        if isinstance(getattr(base, name), tuple):  # faces, in notation
            switches[name] = faces_switch(game, value, getattr(base, name), f"{field}.{name}")
    return dataclasses.replace(base, **switches)


def rules_json(game: str, rules: Any) -> dict[str, Any]:
    """A plug-in's rules as their JSON object: the preset, and every switch that differs
    from it (as `rules_message` writes a rules message)."""
    name = (rules if isinstance(rules, str) else getattr(rules, "preset", "seed")) or "seed"
    out: dict[str, Any] = {"preset": name}
    if rules is None or isinstance(rules, str):
        return out
    base = spec(game).rules(name)
    for f in dataclasses.fields(rules):
        if f.init and f.name != "preset" and getattr(rules, f.name) != getattr(base, f.name):
            out[f.name] = switch_text(getattr(rules, f.name))
    return out


def rules_from_json(game: str, obj: Any, *, field: str = "rules") -> Any:
    """A plug-in's rules from their JSON object: the preset (default "seed") with the
    switches it names, each of the preset's type; an unknown switch is bad input."""
    if not isinstance(obj, dict):
        raise InvalidInput("expected an object: the preset and switches", field=field)
    preset = obj.get("preset", "seed")
    if not isinstance(preset, str):
        raise InvalidInput("expected a preset name", field=f"{field}.preset")
    if GAMES[game].preset_enum and preset.startswith(GAMES[game].preset_enum):
        preset = preset.removeprefix(GAMES[game].preset_enum).lower()  # the enum's form
    base = rules_for(game, preset or "seed", field=f"{field}.preset")
    switches: dict[str, Any] = {}
    names = [f.name for f in dataclasses.fields(base) if f.name != "preset"]
    for key, value in obj.items():
        if key == "preset":
            continue
        if key not in names:
            raise InvalidInput(f"unknown switch {clip(key)!r}; one of: {', '.join(names)}",
                               field=f"{field}.{key[:40]}")
        default = getattr(base, key)
        switches[key] = faces_switch(game, value, default, f"{field}.{key}") \
            if isinstance(default, tuple) else _json_value(value, type(default), f"{field}.{key}")
    return dataclasses.replace(base, **switches)


def faces_switch(game: str, text: Any, default: tuple[Any, ...], where: str) -> tuple[Any, ...]:
    """A switch that names faces (R-Tôm-cards' `tom_cards`): as many different faces of
    the game's deck as its default has, in notation, and one of the readings its ruling
    settles (the faces some preset gives it: the page's or tradition's Tôm), canonical."""
    if not isinstance(text, str):
        raise InvalidInput("expected cards in notation (text)", field=where)
    wanted = f"{len(default)} different faces, as in {' '.join(map(str, default))!r}"
    try:
        faces = spec(game).deck.parse(text, field=where)
    except NotationError as err:
        # the switch's form first: 'true' is no card, and the reader needs the form
        raise InvalidInput(f"{wanted}, not {clip(text)!r} ({clip(err.token)!r} is not a card)",
                           field=where) from None
    if len(faces) != len(default) or len(set(faces)) != len(faces):
        raise InvalidInput(f"{wanted}, not {clip(text)!r}", field=where)
    key = where.rpartition(".")[2]
    readings = {frozenset(r): r for r in (getattr(spec(game).rules(p), key)
                                          for p in spec(game).presets)}
    if frozenset(faces) not in readings:
        ruling = next((r.id for r in rules_of(game) if r.kind == "switch" and r.field == key),
                      None)
        told = " or ".join(repr(" ".join(map(str, r))) for r in readings.values())
        raise InvalidInput(f"{told}, the readings {ruling or 'the rules'} settles; not "
                           f"{clip(text)!r}", field=where, rule=ruling)
    # a set of faces: the preset's own, in another order, changes nothing (and is not listed
    # among the switches that differ from it); another reading, in its canonical order
    chosen = readings[frozenset(faces)]
    return default if set(chosen) == set(default) else chosen


def switch_text(value: Any) -> Any:
    """A switch as a record's `rules` and a rules message carry it: faces in notation."""
    return " ".join(str(f) for f in value) if isinstance(value, tuple) else value


def _json_value(value: Any, kind: type, where: str) -> Any:
    """A JSON value as the type a switch has (JSON objects of a Struct hold numbers as
    floats)."""
    if kind is bool:
        if not isinstance(value, bool):
            raise InvalidInput("expected true or false", field=where)
        return value
    if kind is int:
        if isinstance(value, bool) or not (isinstance(value, int) or isinstance(value, float)
                                           and value.is_integer()):
            raise InvalidInput("expected a whole number", field=where)
        return int(value)
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidInput("expected a number", field=where)
        return float(value)
    if not isinstance(value, kind):
        raise InvalidInput(f"expected a {kind.__name__}", field=where)
    return value


def whole_numbers(value: Any) -> Any:
    """A JSON value read from a Struct with its whole numbers as ints again."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: whole_numbers(v) for k, v in value.items()}
    return value


def check_game(game: str, expected: str, *, field: str = "game") -> None:
    if expected not in ("", game):
        raise InvalidInput(another_game(expected, game), field=field)


def engine_record(game: str, msg: Message) -> dict[str, Any]:
    """A game record message as the dict the engines replay."""
    if isinstance(msg, struct_pb2.Struct):
        return plugin_engine_record(game, json_format.MessageToDict(msg))
    check_game(game, msg.game)
    record: dict[str, Any] = {"game": game, "rules": rules_object(game, msg.rules),
                    "actions": list(msg.actions)}
    if msg.HasField("seed"):
        record["seed"] = msg.seed
    if msg.HasField("result"):  # what the record states; the replay must give it
        said = json_format.MessageToDict(msg.result, preserving_proto_field_name=True)
        outcome = outcome_from_json(said, "result", spec(game).seats)
        record["result"] = stated(outcome, said)
    if msg.seats:
        record["seats"] = read_seats(game, msg.seats)
    if msg.HasField("played_at"):
        try:
            record["played_at"] = msg.played_at.ToJsonString()
        except ValueError:
            raise InvalidInput("not a date from year 1 to 9999", field="played_at") from None
    if msg.HasField("deal"):
        seats = spec(game).seats
        if not 0 <= msg.deal.first_seat < seats:
            raise InvalidInput(f"a seat 0-{seats - 1}, not {msg.deal.first_seat}",
                               field="deal.first_seat")
        record["deal"] = {"hands": list(msg.deal.hands), "stock": msg.deal.stock,
                          spec(game).first_seat_key: msg.deal.first_seat}
    return record


PLUGIN_RECORD_KEYS = ("game", "rules", "seed", "deal", "seats", "played_at", "actions",
                      "result")


def plugin_engine_record(game: str, obj: dict[str, Any]) -> dict[str, Any]:
    """A plug-in's game record (its JSON object: the keys of a record file, the seed as
    text or a number) as the dict the engines replay; errors name the key."""
    obj = whole_numbers(json_object(obj, field="record", what="a game record"))
    for key in obj:
        if key not in PLUGIN_RECORD_KEYS:
            raise InvalidInput(f"unknown key {clip(key)!r}", field="record")
    check_game(game, obj.get("game", ""))
    actions = obj.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidInput("expected a list of actions (text)", field="actions")
    record: dict[str, Any] = {"game": game, "actions": list(actions),
                              "rules": rules_from_json(game, obj.get("rules", {}))}
    if obj.get("seed") is not None:
        seed = obj["seed"]
        if isinstance(seed, str) and seed.isdigit():
            seed = int(seed)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidInput("expected a whole number 0 or more", field="seed")
        record["seed"] = seed
    if obj.get("result"):
        outcome = outcome_from_json(obj["result"], "result", spec(game).seats)
        record["result"] = stated(outcome, obj["result"])
    if obj.get("seats"):
        seats = obj["seats"]
        if not isinstance(seats, list):
            raise InvalidInput("expected a list", field="seats")
        record["seats"] = read_seats(game, [
            parse_json(s, common_pb2.TableSeat(), field=f"seats[{k}]", what="a seat")
            for k, s in enumerate(seats)])
    if obj.get("played_at"):
        try:
            record["played_at"] = common_timestamp(obj["played_at"]).ToJsonString()
        except (ValueError, TypeError):
            raise InvalidInput("expected a date and time as RFC 3339 text",
                               field="played_at") from None
    if obj.get("deal"):
        deal = parse_json(obj["deal"], common_pb2.GameDeal(), field="deal", what="a deal")
        seats_n = spec(game).seats
        if not 0 <= deal.first_seat < seats_n:
            raise InvalidInput(f"a seat 0-{seats_n - 1}, not {deal.first_seat}",
                               field="deal.first_seat")
        record["deal"] = {"hands": list(deal.hands), "stock": deal.stock,
                          spec(game).first_seat_key: deal.first_seat}
    return record


def common_timestamp(text: Any) -> Any:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromJsonString(text)
    return stamp


def plugin_record_json(game: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """A plug-in's `record()` as its record's JSON object (`plugin_engine_record` reads it
    back): the seed as text, as the proto JSON mapping writes int64, so it stays exact."""
    out: dict[str, Any] = {"game": game, "rules": rules_json(game, record.get("rules"))}
    if record.get("seed") is not None:
        out["seed"] = str(record["seed"])
    deal = record.get("deal")
    if deal:
        out["deal"] = {"hands": list(deal["hands"]), "stock": deal.get("stock", ""),
                       "first_seat": deal[spec(game).first_seat_key]}
    if record.get("seats"):
        out["seats"] = [json_format.MessageToDict(seat_message(s)) for s in record["seats"]]
    if record.get("played_at"):
        out["played_at"] = record["played_at"]
    out["actions"] = list(record.get("actions", []))
    result = record.get("result")
    if result:
        out["result"] = result.to_json() if isinstance(result, Outcome) else \
            {**result, "outcome": "DEAL_OUTCOME_" + result["outcome"].upper()}
    return out


def _public_only_keys(game: str) -> set[str]:
    """The keys of a Luk Fu public record that a game record does not have."""
    public = lukfu_pb2.LukFuRecord.DESCRIPTOR.fields
    own = wire(game).record.DESCRIPTOR.fields_by_name
    return {f.name for f in public if f.name not in own} | \
        {f.json_name for f in public if f.name not in own}


def read_game_record(game: str, data: Any) -> dict[str, Any]:
    """A record file's text as the dict the engines replay; errors name the key path
    from `record`."""
    try:  # the game first: another game's record would fail on its rules' names instead
        peek = json.loads(data) if isinstance(data, (str, bytes)) else data
    except (ValueError, RecursionError):
        peek = None  # parse_json says what is wrong with it
    if is_match_record(peek):  # its `game` is the enum's name: say what it is instead
        raise InvalidInput("this is a match record (R-match), not one deal's game record",
                           field="record")
    if isinstance(peek, dict) and isinstance(peek.get("game"), str):
        check_game(game, peek["game"], field="record.game")
    if game == LUKFU and isinstance(peek, dict) and _public_only_keys(game) & peek.keys():
        # the other record a Luk Fu user holds: say which it is and what reads it
        raise InvalidInput("this is a public record of a deal so far (docs/lukfu-record.md, "
                           "read by `legal` and `old`), not a game record (docs/records.md: "
                           "a seed or a deal, and its actions)", field="record")
    msg = parse_json(data, wire(game).record(), field="record",
                     what="a game record (a JSON object)")
    try:
        return engine_record(game, msg)
    except InvalidInput as err:
        err.field = f"record.{err.field}" if err.field else "record"
        raise


def rules_message(game: str, rules: Any, msg: Message) -> None:
    """Fill a rules message from a preset name or an engine rules object: the preset, and
    every switch that differs from it."""
    if isinstance(msg, struct_pb2.Struct):
        msg.update(rules_json(game, rules))
        return
    name = rules if isinstance(rules, str) else getattr(rules, "preset", "seed")
    name = name or "seed"
    msg.preset = msg.DESCRIPTOR.fields_by_name["preset"].enum_type \
        .values_by_name[GAMES[game].preset_enum + name.upper()].number
    if isinstance(rules, str) or rules is None:
        return
    base = spec(game).rules(name)
    for f in msg.DESCRIPTOR.fields:
        if f.name != "preset" and getattr(rules, f.name) != getattr(base, f.name):
            setattr(msg, f.name, switch_text(getattr(rules, f.name)))


SEAT_KINDS = {"human": common_pb2.SEAT_KIND_HUMAN, "ai": common_pb2.SEAT_KIND_AI}
AI_LEVELS = {"random": common_pb2.AI_LEVEL_RANDOM, "greedy": common_pb2.AI_LEVEL_GREEDY,
             "strong": common_pb2.AI_LEVEL_STRONG,
             "heuristic": common_pb2.AI_LEVEL_HEURISTIC,
             "expert": common_pb2.AI_LEVEL_EXPERT}


def seat_message(seat: Mapping[str, Any]) -> common_pb2.TableSeat:
    return common_pb2.TableSeat(kind=SEAT_KINDS[seat["kind"]], name=seat.get("name", ""),
                                ai_level=AI_LEVELS.get(seat.get("level", ""),
                                                       common_pb2.AI_LEVEL_UNSPECIFIED),
                                invited=bool(seat.get("invited", False)))


def seat_dict(msg: common_pb2.TableSeat, *, field: str) -> SeatDict:
    """A TableSeat message as the engine's seat dict; an unknown enum is bad input."""
    kinds = {v: k for k, v in SEAT_KINDS.items()}
    if msg.kind not in kinds:
        raise InvalidInput("a seat is SEAT_KIND_HUMAN or SEAT_KIND_AI", field=f"{field}.kind")
    levels = {v: k for k, v in AI_LEVELS.items()} | {common_pb2.AI_LEVEL_UNSPECIFIED: ""}
    if msg.ai_level not in levels:
        raise InvalidInput(f"unknown AI level {msg.ai_level}", field=f"{field}.ai_level")
    out: SeatDict = {"kind": kinds[msg.kind], "level": levels[msg.ai_level], "name": msg.name}
    if msg.invited:
        out["invited"] = True
    return out


def read_seats(game: str, seats: Iterable[common_pb2.TableSeat], *, field: str = "seats"
               ) -> list[SeatDict]:
    """A record's header seats as the engine's seat dicts, checked as a table's seats are
    (solver/tables.py `read_seats`): one per seat of the game, names short and printable, a
    level only on an AI seat; every seat may be an AI's."""
    out = [seat_dict(seat, field=f"{field}[{k}]") for k, seat in enumerate(seats)]
    tables.read_seats(spec(game), [tables.Seat(s["kind"], s["level"], s["name"],
                                               s.get("invited", False)) for s in out],
                      field=field, require_person=False)  # self-play records have none
    return out


def game_record_message(game: str, record: Mapping[str, Any]) -> Message:
    """An engine's or a table's `record()` as its message (header, result included)."""
    if wire(game).plugin:
        out = struct_pb2.Struct()
        out.update(plugin_record_json(game, record))
        return out
    msg: Any = wire(game).record(game=game, actions=record.get("actions", []))
    rules_message(game, record.get("rules"), msg.rules)
    if record.get("seed") is not None:
        msg.seed = record["seed"]
    deal = record.get("deal")
    if deal:
        msg.deal.CopyFrom(common_pb2.GameDeal(hands=deal["hands"], stock=deal.get("stock", ""),
                                              first_seat=deal[spec(game).first_seat_key]))
    for seat in record.get("seats", []):
        msg.seats.append(seat_message(seat))
    if record.get("played_at"):
        msg.played_at.FromJsonString(record["played_at"])
    if record.get("result"):
        result = record["result"]
        as_json = result.to_json() if isinstance(result, Outcome) else \
            {**result, "outcome": "DEAL_OUTCOME_" + result["outcome"].upper()}
        json_format.ParseDict(as_json, msg.result)
    return msg


def game_record_json(game: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """An engine's `engine_record()` as the record file's JSON."""
    return record_file_json(game_record_message(game, record))


def record_file_json(msg: Message) -> dict[str, Any]:
    """A game record message as a record file's JSON: its message's JSON form, the seed
    written as a number (which the mapping accepts for int64)."""
    out: dict[str, Any] = json_format.MessageToDict(msg, preserving_proto_field_name=True)
    if isinstance(msg, struct_pb2.Struct):  # a plug-in's: its seed stays text, to stay exact
        return dict(whole_numbers(out))
    if "seed" in out:
        out["seed"] = int(out["seed"])
    return out


def lukfu_record_dict(rec: lukfu_pb2.LukFuRecord, *, field: str = "record") -> dict[str, Any]:
    """A LukFuRecord message as the JSON form the Luk Fu record parser reads."""
    check_game(LUKFU, rec.game, field=f"{field}.game")
    tricks = []
    for t in rec.tricks:
        plays = []
        for a in t.plays:
            entry: dict[str, Any]
            if a.down:
                entry = {"seat": a.seat, "down": a.down}
                if a.cards:
                    entry["cards"] = a.cards
            else:
                entry = {"seat": a.seat, "cards": a.cards}
            plays.append(entry)
        tricks.append({"leader": t.leader, "plays": plays})
    out: dict[str, Any] = {"master": rec.master, "calls": list(rec.calls), "tricks": tricks}
    if rec.HasField("rules"):
        if rec.rules.preset not in (lukfu_pb2.LUK_FU_RULES_PRESET_UNSPECIFIED,
                                    lukfu_pb2.LUK_FU_RULES_PRESET_SEED):
            raise InvalidInput(f"unknown preset {rec.rules.preset}", field=f"{field}.rules")
        out["rules"] = {f.name: getattr(rec.rules, f.name) for f in rec.rules.DESCRIPTOR.fields
                        if f.name != "preset" and rec.rules.HasField(f.name)}
    return out


def read_lukfu_record(data: Any) -> dict[str, Any]:
    """A Luk Fu public record file's text as the dict the record parser reads."""
    msg = parse_json(data, lukfu_pb2.LukFuRecord(), field="record",
                     what="a record (a JSON object)")
    return lukfu_record_dict(msg)


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=1)


def lukfu_seat_view(msg: Message, seat: int | None, *, field: str = "game_record"
                    ) -> LukFuSeatView:
    """A Luk Fu game record replayed and seen from `seat` (default: the seat to act): the
    public record that seat sees, its hand, the seat and the record's rules."""
    try:
        rec = engine_record(LUKFU, msg)
    except InvalidInput as err:
        err.field = f"{field}.{err.field}" if err.field else field
        raise
    try:
        state = new_state(LUKFU, rec)
    except InvalidInput as err:  # the deal: the engine names it from "record"
        err.field = field + (err.field or "record").removeprefix("record")
        raise
    for k, action in enumerate(rec["actions"]):
        try:
            state.apply(action)
        except IllegalAction as err:
            raise InvalidInput(f"action {k + 1} {action!r} is illegal: {err.message}",
                               field=f"{field}.actions[{k}]", rule=err.rule) from None
    ended = state.over_rule() if state.is_over else None
    seat = state.current_seat() if seat is None else seat
    if seat is None:
        raise ContextError(f"the deal is over ({ended}): no seat is to act; name the seat",
                           field="seat", rule=ended)
    if not 0 <= seat < spec(LUKFU).seats:
        raise InvalidInput(f"seat must be 0, 1 or 2, not {seat}", field="seat")
    obs = state.observation(seat).to_json()
    return {"record": obs["record"], "hand": obs["hand"], "seat": seat,
            "rules": state.record.rules,  # type: ignore[attr-defined]  # a Luk Fu state
            "ended": ended}


def read_lukfu_history(data: Any, seat: int | None) -> LukFuSeatView | LukFuPublicHistory:
    """A `--record` file: a public record (master, calls, tricks) or a game record (seed or
    deal, actions), both as their messages' JSON form; see `lukfu_seat_view`."""
    obj = json_object(data, field="record", what="a record (a JSON object)")
    if is_match_record(obj):
        raise InvalidInput("this is a match record (R-match), not one deal's record",
                           field="record")
    if isinstance(obj.get("game"), str):  # another game's record: say so first
        check_game(LUKFU, obj["game"], field="record.game")
    if {"seed", "deal", "actions"} & set(obj):
        msg = parse_json(obj, wire(LUKFU).record(), field="record",
                         what="a game record (a JSON object)")
        return lukfu_seat_view(msg, seat, field="record")
    return {"record": read_lukfu_record(obj), "hand": None, "seat": seat, "rules": None,
            "ended": None}


def match_record_message(game: str, record: Mapping[str, Any]) -> Message:
    """A table's `match_record()` as its MatchRecord message (R-match)."""
    g = spec(game)
    msg = table_pb2.MatchRecord(
        game=wire(game).enum, game_name=game,
        match_rules=table_pb2.MatchRules(deals=record["match"].get("deals", 0),
                                   to_points=record["match"].get("to_points", 0)),
        totals=record["totals"], wins=record["wins"])
    if record["seed"] is not None:  # None: sealed while the match is in play
        msg.seed = record["seed"]
    rules_message(game, record["rules"], getattr(msg, wire(game).rules_field))
    for seat in record.get("seats", []):
        msg.seats.append(seat_message(seat))
    msg.played_at.FromJsonString(record["played_at"])
    deals = getattr(msg, wire(game).match_deals_field)
    for deal in record["deals"]:
        deals.append(game_record_message(game, {**deal, "rules": record["rules"]}))
    assert g.seats == len(record["totals"])
    return msg


def match_record_json(game: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """A table's `match_record()` as a match record file's JSON."""
    out: dict[str, Any] = json_format.MessageToDict(match_record_message(game, record),
                                    preserving_proto_field_name=True)
    if "seed" in out:  # numbers, as a game record's seed is written
        out["seed"] = int(out["seed"])
    if "totals" in out:
        out["totals"] = [int(t) for t in out["totals"]]
    return out


def is_match_record(data: Any) -> bool:
    """Whether record text (or its parsed object) is a match record (R-match): it has the
    match's deals, where a game record has actions."""
    try:
        obj = json.loads(data) if isinstance(data, (str, bytes)) else data
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and any(k.endswith("_deals") or k.endswith("Deals")
                                         for k in obj)


def read_match_record(game: str, data: Any) -> dict[str, Any]:
    """A match record file's text as a dict: the header (seed, rules, match, seats, date),
    the deals as the engine dicts each game record gives, and the stated totals; errors
    name the key path from `record`."""
    msg: Any = parse_json(data, table_pb2.MatchRecord(), field="record",
                          what="a match record (a JSON object)")
    g = spec(game)
    on_wire = wire(game)
    if msg.game != on_wire.enum or msg.game_name not in ("", game) \
            or on_wire.plugin and msg.game_name != game:
        raise InvalidInput(f"this is not a match record of {g.title}", field="record.game")
    which = msg.WhichOneof("rules")
    if which not in (None, on_wire.rules_field):
        raise InvalidInput(f"{which} are not the rules of {g.title}", field=f"record.{which}")
    rules = rules_object(game, getattr(msg, on_wire.rules_field), field="record.rules")
    deals = []
    deals_field = on_wire.match_deals_field
    for k, deal in enumerate(getattr(msg, deals_field)):
        try:
            deals.append(engine_record(game, deal))
        except InvalidInput as err:
            err.field = f"record.{deals_field}[{k}].{err.field or ''}".rstrip(".")
            raise
    match = read_match(g, msg.match_rules.deals, msg.match_rules.to_points,
                       field="record.match_rules")
    return {"game": game, "seed": msg.seed if msg.HasField("seed") else None,
            "rules": rules, "match": match,
            "seats": read_seats(game, msg.seats) if msg.seats else [],
            "played_at": msg.played_at.ToJsonString() if msg.HasField("played_at") else "",
            "deals": deals, "totals": list(msg.totals) if msg.totals else None,
            "wins": list(msg.wins) if msg.wins else None}


def check_match_record(game: str, data: Any) -> MatchCheck:
    """Check a match record (R-match): every deal the one the ruling deals, every action
    legal, results and totals as the replay gives them."""
    rec = read_match_record(game, data)
    try:
        return check_match(spec(game), rec["seed"], rec["rules"], rec["match"], rec["deals"],
                           rec["totals"], rec["wins"])
    except InvalidInput as err:
        field = err.field or ""
        if field.startswith("deals["):
            field = wire(game).match_deals_field + field.removeprefix("deals")
        err.field = f"record.{field}" if field else "record"
        raise
