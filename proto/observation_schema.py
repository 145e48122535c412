"""Write docs/observation.schema.json: the JSON Schema of the observations, from the protos.

The observation JSON is the proto JSON mapping of `moneycards.v1.*Observation`, so its schema
is derived from those messages, not written twice: `python proto/observation_schema.py` rewrites the
file and tests/test_observations.py checks it is current and that engine output validates.
"""

from __future__ import annotations

import json
import pathlib

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor

from moneycards.v1 import lukfu_pb2, observation_pb2

ROOT = pathlib.Path(__file__).resolve().parents[1]

OUT = ROOT / "docs" / "observation.schema.json"
SCALARS = {
    FieldDescriptor.TYPE_INT32: {"type": "integer", "minimum": -2**31, "maximum": 2**31 - 1},
    FieldDescriptor.TYPE_STRING: {"type": "string"},
    FieldDescriptor.TYPE_BOOL: {"type": "boolean"},
}


def _enum(e: EnumDescriptor) -> dict:
    return {"type": "string", "enum": [v.name for v in e.values if v.number != 0]}


def _field(f: FieldDescriptor, defs: dict) -> dict:
    if f.message_type is not None and f.message_type.GetOptions().map_entry:
        key, value = f.message_type.fields_by_name["key"], f.message_type.fields_by_name["value"]
        assert key.type == FieldDescriptor.TYPE_INT32
        return {"type": "object", "propertyNames": {"pattern": "^-?[0-9]+$"},
                "additionalProperties": _single(value, defs)}
    schema = _single(f, defs)
    if f.is_repeated:
        return {"type": "array", "items": schema}
    if f.has_presence:
        return {"anyOf": [schema, {"type": "null"}]}
    return schema


def _single(f: FieldDescriptor, defs: dict) -> dict:
    if f.type == FieldDescriptor.TYPE_MESSAGE:
        _message(f.message_type, defs)
        return {"$ref": f"#/$defs/{f.message_type.name}"}
    if f.type == FieldDescriptor.TYPE_ENUM:
        return _enum(f.enum_type)
    return dict(SCALARS[f.type])


def _message(m: Descriptor, defs: dict) -> None:
    if m.name in defs:
        return
    defs[m.name] = {}  # recursion guard
    props = {f.name: _field(f, defs) for f in m.fields}
    defs[m.name] = {"type": "object", "properties": props, "additionalProperties": False}


def schema() -> dict:
    defs: dict = {}
    games = {"totom": "TotomObservation", "kowah": "KowahObservation",
             "lukfu": "LukFuObservation"}
    files = (observation_pb2.DESCRIPTOR, lukfu_pb2.DESCRIPTOR)
    for name in games.values():
        _message(next(f.message_types_by_name[name] for f in files
                      if name in f.message_types_by_name), defs)
    for game, name in games.items():
        defs[name]["properties"]["game"] = {"const": game}
        # proto JSON leaves out default values (seat 0, an empty hand): only these are
        # always written
        defs[name]["required"] = ["game", "phase"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "moneycards observation",
        "description": "What one seat sees of a Tổ Tôm, Kowah or Luk Fu table: the proto JSON "
                       "mapping of moneycards.v1.*Observation (docs/observations.md).",
        "oneOf": [{"$ref": f"#/$defs/{n}"} for n in games.values()],
        "$defs": dict(sorted(defs.items())),
    }


def text() -> str:
    return json.dumps(schema(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
