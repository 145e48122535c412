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
import json
import os
import sys
import threading
import time
from typing import Any, Callable, Protocol, runtime_checkable

from moneycards.solver.errors import InvalidInput
from moneycards.solver.observation import Observation, read_observation
from moneycards.solver.ranking import LEVELS

__all__ = ["LEVELS", "GRPC", "Player", "load_player", "seat_spec", "play_seat", "serve_seats"]

@runtime_checkable
class Player(Protocol):
    """A seat's decision maker: the seat's observation in, one of its legal actions out."""

    def act(self, observation: Observation) -> str: ...


def decider(player: Any) -> Callable[[Observation], Any]:
    """What decides for `player`: its `act`, or the player itself if it is a function."""
    return player.act if hasattr(player, "act") else player  # type: ignore[no-any-return]


class Loaded:
    """A player found by its import path, named by it in results and timings."""

    def __init__(self, label: str, player: Any):
        self.label = label
        self._act = decider(player)

    def act(self, observation: Observation) -> str:
        # as answered: an answer that is no text is refused as such, not as str(None)
        return self._act(observation)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return self.label


def load_player(path: str, *, field: str = "seats") -> Player:
    """The player at `module:attr` (attr may be dotted): an object with `act`, a class
    made with no arguments, or a function of the observation. The module is searched on
    PYTHONPATH, the installed packages and the current directory."""
    module_name, sep, attr = path.partition(":")
    if not sep or not module_name or not attr:
        raise InvalidInput(f"a player is module:attr, not {path!r}", field=field)

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


GRPC = "grpc:"  # a seat played over TableService by a separate process


def seat_spec(text: str, *, field: str = "seats") -> str:
    """A seat as written in `--seats`/`--seat`: a built-in level, `module:attr` (a
    Player) or `grpc:module:attr` (that Player at a person's seat of a TableService
    table, in a process of its own); anything else is bad input."""
    spec = text.strip()
    if spec in LEVELS or ":" in spec:  # a path is checked when it loads (resolve)
        return spec
    raise InvalidInput(f"unknown seat {spec!r}: an AI level ({', '.join(LEVELS)}), "
                       f"module:attr (a Player) or grpc:module:attr (a Player over gRPC)",
                       field=field)


def resolve(specs: list[str], *, field: str = "seats") -> list[str | Player]:
    """Seat specs as `play_deal` takes them: levels stay names, paths become players. A
    `grpc:` seat stays its text (it is played elsewhere), once its player has loaded here."""
    out: list[str | Player] = []
    for s in specs:
        if s.startswith(GRPC):
            load_player(s.removeprefix(GRPC), field=field)
            out.append(s)
        else:
            out.append(s if s in LEVELS else load_player(s, field=field))
    return out


def observation_of(view: Any) -> Observation:
    """The typed observation inside a TableService view (its `observation` oneof), with
    the game and the legal actions the view itself carries."""
    from google.protobuf import json_format

    from moneycards.wire import wire_of_observation

    from moneycards.records import whole_numbers

    which = view.WhichOneof("observation")
    data = json_format.MessageToDict(getattr(view, which), preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)
    # A view carries the game and the legal actions once, in its own fields
    # (docs/observations.md); the observation's copies are left empty.
    on_wire = wire_of_observation(which) if which else None
    if on_wire is None:  # a plug-in's observation: a JSON object, named by game_name
        data = whole_numbers(data)
    data["game"] = view.game_name or (on_wire.game if on_wire else "")
    data["legal_actions"] = [a.text for a in view.legal_actions]
    obs: Observation = read_observation(data, field="view")
    return obs


def play_seat(channel: Any, table_id: str, seat_token: str,
              player: Player | Callable[[Observation], str], *, timeout: float = 600.0) -> Any:
    """Play one person's seat at a TableService table with `player` (a Player, or a plain
    function of the observation, as everywhere a player is taken) until the deal (or match)
    is over; the last view. The loop any client follows:

    1. GetView (table id, seat token): the seat's observation and legal actions;
    2. when the seat has legal actions, Act with one of them and the view's version as
       `expected_version`: its answer is the new view (step 1 done); ABORTED means the
       table moved: go back to 1;
    3. otherwise Watch from the view's version, the same token, until an event arrives,
       then go back to 1.
    """
    import grpc

    from moneycards.v1 import table_pb2, table_pb2_grpc

    stub = table_pb2_grpc.TableServiceStub(channel)
    decide = decider(player)
    view = None
    while True:
        if view is None:
            view = stub.GetView(table_pb2.GetViewRequest(
                table_id=table_id, seat_token=seat_token), timeout=timeout).view
        if view.over and not (view.HasField("match_state") and not view.match_state.over):
            return view
        if view.legal_actions:
            action = decide(observation_of(view))
            if not isinstance(action, str):  # not sent: no rule of the game's refuses it
                raise TypeError(f"the player answered {action!r}, not an action's text (one "
                                "of the observation's legal_actions)")
            try:
                view = stub.Act(table_pb2.ActRequest(
                    table_id=table_id, seat_token=seat_token, action=action,
                    expected_version=view.version), timeout=timeout).view
            except grpc.RpcError as err:
                if err.code() != grpc.StatusCode.ABORTED:
                    raise
                view = None
            continue
        stream = stub.Watch(table_pb2.WatchRequest(table_id=table_id, seat_token=seat_token,
                                                   from_version=view.version), timeout=timeout)
        try:
            next(iter(stream))
        except StopIteration:
            pass
        finally:
            stream.cancel()
        view = None


class Timed:
    """A player whose decisions are timed (milliseconds), its last answer kept."""

    def __init__(self, player: Player):
        self.player = player
        self.times: list[float] = []
        self.last: str | None = None

    def act(self, observation: Observation) -> str:
        t = time.perf_counter()
        self.last = self.player.act(observation)
        self.times.append((time.perf_counter() - t) * 1000)
        return self.last


def serve_seats(address: str, player_path: str, lines: Any, out: Any) -> int:
    """Play person's seats at `address` with the player at `player_path`, one per line of
    `lines` ("TABLE_ID SEAT_TOKEN"; the tokens come on standard input, never in the
    arguments that other users of the machine can list). Each seat is played in a thread
    of its own from the moment its line is read, so seats of one table (which wait on each
    other) and tables that take long play together; a player given as a class gets an
    instance per seat. As each seat ends, one JSON line on `out`: the table id and the
    player's decision times in milliseconds, or an `error` when the seat could not be
    played to the end (an answer the table refused, a call that failed). Returns how many
    seats ended so."""
    import grpc

    from moneycards.cli.tables import remote_channel
    from moneycards.wire import error_info

    load_player(player_path, field="player")  # a bad path is refused before any seat
    channel, _, _ = remote_channel(address, tls=None, ca=None)
    said = threading.Lock()
    failed = []

    def seat(table_id: str, token: str) -> None:
        timed = Timed(load_player(player_path, field="player"))
        answer: dict[str, Any] = {"table_id": table_id}
        try:
            play_seat(channel, table_id, token, timed)
            answer["decisions_ms"] = timed.times
        except grpc.RpcError as err:
            refused = (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.INVALID_ARGUMENT)
            told = f"answered {timed.last!r}: " if timed.last is not None and \
                err.code() in refused else ""
            details = str(err.details())
            info = error_info(err)
            if told and info is not None and info.metadata.get("why"):
                # the table's message quotes the action and names the seat ("'stay' by Ana:
                # …"), said once before it: the rules' reason alone, and its rule
                details = info.metadata["why"] + (f" [{info.metadata['rule']}]"
                                                  if "rule" in info.metadata else "")
            answer["error"] = f"{told}{details}"
        except Exception as err:  # the player's own fault: reported, the other seats go on
            answer["error"] = f"{type(err).__name__}: {err}"
        with said:
            if "error" in answer:
                failed.append(table_id)
            out.write(json.dumps(answer) + "\n")
            out.flush()

    threads = []
    for line in lines:
        if not line.strip():
            continue
        table_id, _, token = line.strip().partition(" ")
        t = threading.Thread(target=seat, args=(table_id, token), name=f"seat-{table_id}")
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    channel.close()
    return len(failed)


def main(argv: list[str] | None = None) -> int:
    """`python -m moneycards.players ADDRESS module:attr`: a program that plays seats at
    TableService tables (docs/bots.md), reading "TABLE_ID SEAT_TOKEN" lines."""
    args = sys.argv[1:] if argv is None else argv
    usage = ("usage: python -m moneycards.players HOST:PORT module:attr "
             "(then one 'TABLE_ID SEAT_TOKEN' line per seat on standard input; "
             "docs/bots.md)")
    if args in (["-h"], ["--help"]):
        print(usage)
        return 0
    if len(args) != 2:
        print(usage, file=sys.stderr)
        return 2
    try:
        failed = serve_seats(args[0], args[1], sys.stdin, sys.stdout)
    except InvalidInput as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    return 1 if failed else 0  # each failed seat's error is on its JSON line


if __name__ == "__main__":
    raise SystemExit(main())
