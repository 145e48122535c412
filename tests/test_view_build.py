"""The table view's observation is built by the message constructor (server/tables.py
`own_message`), not json_format: it must equal what json_format reads from the same JSON,
for every seat at every step of random deals of every game (Kowah's declared map, whose
number keys JSON writes as text, included)."""

from __future__ import annotations

import random

import pytest
from google.protobuf import json_format

from moneycards.server.tables import own_message
from moneycards.wire import wire
from moneycards.solver.games import GAMES
from moneycards.v1 import common_pb2


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_the_views_observation_equals_json_format_read(game):
    cls = wire(game).observation
    declared = 0
    for seed in range(8):
        state = GAMES[game].seeded(seed)
        rng = random.Random(seed)
        while True:
            for seat in range(state.seats):
                data = state.observation(seat).to_json()
                declared += bool(data.get("declared"))
                assert own_message(cls, data) == json_format.ParseDict(data, cls())
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_texts()))
        result = state.result.to_json()
        assert own_message(common_pb2.DealResult, result) == \
            json_format.ParseDict(result, common_pb2.DealResult())
    assert game != "kowah" or declared
