"""Bring your own bot: a `Player` takes a seat's observation and answers an action.

A player is any object with `act(observation) -> str` (or a plain function of the
observation). The observation is the typed one an engine's `observation(seat)` gives
(docs/observations.md): the seat's cards, the public table and `legal_actions`; the answer
is one of those actions' text. Self-play and the strength bench seat one by its import
path, next to the built-in levels:

    moneycards kowah selfplay --seat 0=mybots:Cautious --deals 20
    python bench/strength.py --games kowah --seat mybots:Cautious

>>> import random
>>> class Lowest:
...     def act(self, observation):
...         return observation.legal_actions[0]
>>> from moneycards.solver.hints import play_deal
>>> play_deal("kowah", 3, [Lowest(), "greedy", "random"]).is_over
True

A program in any language plays a person's seat at a TableService table instead, by a loop
of GetView, Act and Watch (`play_seat` is that loop in Python): docs/bots.md.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol, runtime_checkable

from moneycards.solver.errors import InvalidInput
from moneycards.solver.observation import Observation
from moneycards.solver.ranking import LEVELS

__all__ = ["LEVELS", "Player", "load_player", "seat_spec", "play_seat"]

@runtime_checkable
class Player(Protocol):
    """A seat's decision maker: the seat's observation in, one of its legal actions out."""

    def act(self, observation: Observation) -> str: ...


class Loaded:
    """A player found by its import path, named by it in results and timings."""

    def __init__(self, label: str, player: Any):
        self.label = label
        self._act: Callable[[Observation], Any] = \
            player.act if hasattr(player, "act") else player

    def act(self, observation: Observation) -> str:
        return str(self._act(observation))

    def __repr__(self) -> str:
        return self.label


def load_player(path: str, *, field: str = "seats") -> Player:
    """The player at `module:attr` (attr may be dotted): an object with `act`, a class
    made with no arguments, or a function of the observation. The module is searched on
    PYTHONPATH, the installed packages and the current directory."""
    module_name, sep, attr = path.partition(":")
    if not sep or not module_name or not attr:
        raise InvalidInput(f"a player is module:attr, not {path!r}", field=field)
    import os
    import sys

    if os.getcwd() not in sys.path:  # as `python -m` would, for the console script too
        sys.path.append(os.getcwd())  # last, so it never shadows an installed module
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as err:
        raise InvalidInput(f"cannot import {module_name!r}: {err}", field=field) from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise InvalidInput(f"{module_name!r} has no {attr!r}", field=field) from None
    if isinstance(obj, type):
        obj = obj()
    if not (hasattr(obj, "act") or callable(obj)):
        raise InvalidInput(f"{path!r} is neither a Player (an object with act(observation)) "
                           "nor a function", field=field)
    return Loaded(path, obj)


def seat_spec(text: str, *, field: str = "seats") -> str:
    """A seat as written in `--seats`/`--seat`: a built-in level or `module:attr` (a
    Player); anything else is bad input."""
    spec = text.strip()
    if spec in LEVELS or ":" in spec:
        return spec
    raise InvalidInput(f"unknown seat {spec!r}: an AI level ({', '.join(LEVELS)}) or "
                       f"module:attr (a Player)", field=field)


def resolve(specs: list[str], *, field: str = "seats") -> list[str | Player]:
    """Seat specs as `play_deal` takes them: levels stay names, paths become players."""
    return [s if s in LEVELS else load_player(s, field=field) for s in specs]


def observation_of(view: Any) -> Observation:
    """The typed observation inside a TableService view (its `observation` oneof)."""
    from google.protobuf import json_format

    from moneycards.solver.observation import read_observation

    which = view.WhichOneof("observation")
    data = json_format.MessageToDict(getattr(view, which), preserving_proto_field_name=True)
    return read_observation(data, field="view")  # type: ignore[no-any-return]


def play_seat(channel: Any, table_id: str, seat_token: str, player: Player, *,
              timeout: float = 600.0) -> Any:
    """Play one person's seat at a TableService table with `player` until the deal (or
    match) is over; the last view. The loop any client follows:

    1. GetView (table id, seat token): the seat's observation and legal actions;
    2. when the seat has legal actions, Act with one of them and the view's version as
       `expected_version` (ABORTED means the table moved: go back to 1);
    3. otherwise Watch from the view's version, the same token, until an event arrives,
       then go back to 1.
    """
    import grpc

    from moneycards.v1 import table_pb2, table_pb2_grpc

    stub = table_pb2_grpc.TableServiceStub(channel)
    while True:
        view = stub.GetView(table_pb2.GetViewRequest(table_id=table_id, seat_token=seat_token),
                            timeout=timeout).view
        if view.over and not (view.HasField("match_state") and not view.match_state.over):
            return view
        if view.legal_actions:
            action = player.act(observation_of(view))
            try:
                stub.Act(table_pb2.ActRequest(table_id=table_id, seat_token=seat_token,
                                              action=action, expected_version=view.version),
                         timeout=timeout)
            except grpc.RpcError as err:
                if err.code() != grpc.StatusCode.ABORTED:
                    raise
            continue
        stream = stub.Watch(table_pb2.WatchRequest(table_id=table_id, seat_token=seat_token,
                                                   from_version=view.version), timeout=timeout)
        try:
            next(iter(stream))
        except StopIteration:
            pass
        finally:
            stream.cancel()
