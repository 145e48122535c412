"""Each game's place on the wire is one entry (moneycards/wire.py) that the table service,
the record files and the CLI read: every entry must agree with the proto it names."""

from __future__ import annotations

import pytest

from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.v1 import common_pb2, table_pb2
from moneycards.wire import WIRES, Wire, register_wire, wire, wire_of_enum, wire_of_observation


def test_every_registered_game_is_on_the_wire_once():
    assert set(WIRES) == set(GAMES)
    assert len({w.enum for w in WIRES.values()}) == len(WIRES)
    assert {common_pb2.Game.Name(w.enum) for w in WIRES.values()} == \
        {"GAME_TOTOM", "GAME_KOWAH", "GAME_LUK_FU"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_entry_names_the_fields_and_messages_of_the_proto(game):
    w = wire(game)
    view = table_pb2.TableView.DESCRIPTOR
    field = view.fields_by_name[w.observation_field]
    assert field.containing_oneof.name == "observation"
    assert field.message_type is w.observation.DESCRIPTOR
    rules = table_pb2.CreateTableRequest.DESCRIPTOR.fields_by_name[w.rules_field]
    assert rules.containing_oneof.name == "rules"
    told = view.fields_by_name[w.rules_field]  # every seat's view names the same rules
    assert told.containing_oneof.name == "rules" and told.message_type is rules.message_type
    record = table_pb2.GetRecordResponse.DESCRIPTOR.fields_by_name[w.record_field]
    assert record.message_type is w.record.DESCRIPTOR
    service = w.record.DESCRIPTOR.file.services_by_name[w.service]
    assert service.methods_by_name["CheckGameRecord"].input_type is w.record.DESCRIPTOR
    assert service.methods_by_name["CheckGameRecord"].output_type is \
        w.check_record_response.DESCRIPTOR
    assert service.methods_by_name["Hint"].output_type is w.hint_response.DESCRIPTOR
    assert wire_of_enum(w.enum) is w and wire_of_observation(w.observation_field) is w


def test_unknown_games_and_a_second_entry_are_refused():
    assert wire_of_enum(common_pb2.GAME_UNSPECIFIED) is None
    assert wire_of_observation("chess") is None
    with pytest.raises(InvalidInput) as err:
        wire("chess")
    assert err.value.field == "game"
    kowah = wire("kowah")
    assert register_wire(kowah) is kowah
    with pytest.raises(ValueError):
        register_wire(Wire(**{**kowah.__dict__, "service": "OtherService"}))
