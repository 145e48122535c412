"""A TableView carries the game and the legal actions once, in its own fields: the readers
of views (play_seat's observation_of, the terminal's RemoteTable) take them from there, and
the observation's copies inside a view are left empty (table.proto's TableView comment,
docs/observations.md)."""

from __future__ import annotations

import grpc
import pytest

from moneycards.players import observation_of
from moneycards.server.app import start_service
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

GAMES = {"totom": (common_pb2.GAME_TOTOM, 4, "totom"),
         "kowah": (common_pb2.GAME_KOWAH, 3, "kowah"),
         "lukfu": (common_pb2.GAME_LUK_FU, 3, "luk_fu")}


@pytest.fixture(scope="module")
def stub():
    svc = start_service("127.0.0.1", 0, 2, warm=False)
    channel = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    yield table_pb2_grpc.TableServiceStub(channel)
    channel.close()
    svc.server.stop(None)


def view_of(stub, game: str) -> table_pb2.TableView:
    enum, seats, _ = GAMES[game]
    chosen = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                   ai_level=common_pb2.AI_LEVEL_GREEDY) for _ in range(seats)]
    chosen[0] = common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="Ana")
    made = stub.CreateTable(table_pb2.CreateTableRequest(game=enum, seats=chosen, seed=3),
                            timeout=60)
    return stub.GetView(table_pb2.GetViewRequest(
        table_id=made.table_id, seat_token=made.seat_tokens[0].token), timeout=30).view


@pytest.mark.parametrize("game", GAMES)
def test_readers_take_the_game_and_legal_actions_from_the_view(stub, game):
    view = view_of(stub, game)
    assert view.legal_actions  # seat 0 is to act at the start of each game's seed-3 deal
    inner = getattr(view, GAMES[game][2])
    inner.ClearField("game")  # as a view carries it: once, in the view's own fields
    del inner.legal_actions[:]
    obs = observation_of(view)
    assert obs.game == game
    assert list(obs.legal_actions) == [a.text for a in view.legal_actions]


@pytest.mark.parametrize("game", GAMES)
def test_a_view_s_observation_leaves_game_and_legal_actions_to_the_view(stub, game):
    view = view_of(stub, game)
    inner = getattr(view, GAMES[game][2])
    assert view.game == GAMES[game][0] and view.legal_actions
    assert inner.game == "" and not inner.legal_actions
