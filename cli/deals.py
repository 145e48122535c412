"""Self-play deals run here or spread over a Ray cluster, with the same results.

Each deal is fixed by its game, seed and seat levels (`hints.play_deal`: the AI seats draw
from random generators seeded by the deal), so where it runs changes nothing but the time:
`local` plays the deals one after the other in this process; `ray` sends them, a chunk of
deals per task, to a Ray cluster (`address`, or a Ray instance started here for the run)
and gives the results back in the deals' order. Ray is an optional extra:
`pip install 'moneycards[ray]'`, on every machine of the cluster.

Every AI level decides by work (sampled worlds), not by time, so strong seats give the same
results on either backend too; only the wall-clock safety cap, which normal play does not
reach, could make a decision differ. A seat may also be a player of one's own, named by its
import path (`module:attr`, moneycards/players.py): it is imported where the deal runs (on
Ray, every machine needs it), and what it decides is its own affair.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import subprocess
import sys
import tempfile
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from moneycards.cli.common import quiet_grpc_log
from moneycards.cli.tables import remote_channel
from moneycards.players import GRPC, LEVELS, resolve
from moneycards.records import game_record_json
from moneycards.solver.errors import InvalidInput, PlayerFailed
from moneycards.solver.games import final_state
from moneycards.solver.hints import play_deal
from moneycards.solver.tables import AI, HUMAN, MAX_NAME

BACKENDS = ("local", "ray")
CHUNK = 8  # deals per Ray task: a task costs about a millisecond, a deal 10 ms to seconds


@dataclass
class Deal:
    seed: int
    levels: list[str]
    result: Any  # the engine's Outcome
    timings: dict[str, list[float]] = field(default_factory=dict)  # level -> decision ms
    summary: str = ""  # how the deal ended, in words (the engine's result line)
    record: dict[str, Any] | None = None  # the game record file's JSON, when asked for


def selfplay_seats(levels: list[str]) -> list[dict[str, str]]:
    """A self-play record's seats: each named by its seat and player ("Seat 1 (greedy)"), an
    AI level as an AI seat, a player of one's own (module:attr) as a seat of its own."""
    out = []
    for s, level in enumerate(levels):
        name = f"Seat {s} ({level})"
        name = name if len(name) <= MAX_NAME else name[:MAX_NAME - 2] + "…)"
        out.append({"kind": AI, "level": level, "name": name} if level in LEVELS
                   else {"kind": HUMAN, "name": name})
    return out


def play_chunk(game: str, jobs: list[tuple[int, list[str]]],
               budget_ms: float | None, server: str | None = None,
               records: bool = False) -> list[Deal]:
    out = []
    players: dict[tuple[str, ...], list[Any]] = {}  # one player object per seat for the run
    for seed, levels in jobs:
        seat = grpc_seat(levels)
        if seat is not None:
            out.append(table_seats(game, levels[seat], budget_ms, server)
                       .play(seed, levels, seat))
            continue
        timings: dict[str, list[float]] = {}
        seats = players.setdefault(tuple(levels), resolve(levels))
        state = play_deal(game, seed, seats, budget_ms, timings=timings)
        record = None
        if records:
            record = game_record_json(game, {**state.engine_record(), "result": state.result,
                                             "seats": selfplay_seats(levels)})
        out.append(Deal(seed, levels, state.result, timings, state.result_line(), record))
    return out


def grpc_seat(levels: list[str], *, field: str = "--seat") -> int | None:
    """The seat played over gRPC (`grpc:module:attr`), if any; the other seats are then the
    server's AI players, so they must be built-in levels."""
    remote = [s for s, lv in enumerate(levels) if lv.startswith(GRPC)]
    if not remote:
        return None
    if len(remote) > 1 or any(lv not in LEVELS for s, lv in enumerate(levels)
                              if s != remote[0]):
        raise InvalidInput("a grpc: seat plays at a table whose other seats are the "
                           f"server's AI levels ({', '.join(LEVELS)}): one grpc: seat, "
                           "no other module:attr", field=field)
    return remote[0]


class TableSeats:
    """Seeded deals at TableService tables, one seat a person's played over gRPC by a
    separate process (`python -m moneycards.players ADDRESS module:attr`, the loop of
    docs/bots.md), the others the server's AI levels. The server is `server` (HOST:PORT)
    or one started in this process. A table with one person plays on past its private
    decisions (R-claim-privacy) and seeds its AI seats by the actions that stand, as
    `play_deal` does, so each deal is the one played in process with the same player at
    that seat."""

    def __init__(self, game: str, player: str, budget_ms: float | None,
                 server: str | None = None):
        quiet_grpc_log()
        import grpc

        from moneycards.v1 import table_pb2_grpc

        self.game, self.label = game, player
        self.service = None
        if server is None:
            from moneycards.server.app import start_service

            self.service = start_service("127.0.0.1", 0, workers=4, warm=False,
                                         ai_budget_ms=budget_ms)
            server = f"127.0.0.1:{self.service.port}"
        self.channel, tls, _ = remote_channel(server, tls=None, ca=None)
        try:
            grpc.channel_ready_future(self.channel).result(timeout=5)
        except grpc.FutureTimeoutError:
            self.close()
            how = "over TLS" if tls else "in plaintext"  # plaintext to this machine only
            raise InvalidInput(f"no server answers at {server} {how}", field="--server") \
                from None
        self.stub = table_pb2_grpc.TableServiceStub(self.channel)
        self.errors = tempfile.TemporaryFile(mode="w+")  # the seat process's own words
        self.process = subprocess.Popen(
            [sys.executable, "-m", "moneycards.players", server,
             player.removeprefix("grpc:")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, text=True,
            cwd=os.getcwd())

    def play(self, seed: int, levels: list[str], seat: int) -> Deal:
        from moneycards.records import AI_LEVELS, engine_record
        from moneycards.wire import wire
        from moneycards.v1 import common_pb2, table_pb2

        seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name=self.label)
                 if s == seat else
                 common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=AI_LEVELS[lv])
                 for s, lv in enumerate(levels)]
        made = self.stub.CreateTable(table_pb2.CreateTableRequest(
            game=wire(self.game).enum, seats=seats, seed=seed), timeout=600)
        token = made.seat_tokens[0].token
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(f"{made.table_id} {token}\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # it has ended: said below
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            said = self.errors.read().strip().splitlines()
            raise InvalidInput(f"seat {seat} ({self.label}): its process ended (exit "
                               f"{self.process.wait()}){': ' + said[-1] if said else ''}",
                               field="--seat")
        answer = json.loads(line)
        if "error" in answer:  # worded as a player failing in this process is
            why = str(answer["error"])
            why = why if why.startswith("answered ") else f"failed: {why}"
            raise PlayerFailed(f"seat {seat} ({self.label}) {why} (deal seed {seed})", seat=seat,
                               player=self.label)
        # The result is read from the finished record, as any client would.
        got = self.stub.GetRecord(table_pb2.GetRecordRequest(
            table_id=made.table_id, seat_token=token), timeout=60)
        if not got.complete:
            raise InvalidInput(f"seat {seat} ({self.label}): the table {made.table_id} "
                               "ended its seat's play before the deal was over", field="--seat")
        record = engine_record(self.game, getattr(got, got.WhichOneof("record")))
        self.stub.CloseTable(table_pb2.CloseTableRequest(table_id=made.table_id,
                                                         seat_token=token), timeout=60)
        state = final_state(self.game, record)
        return Deal(seed, levels, state.result, {self.label: answer["decisions_ms"]},
                    state.result_line(), game_record_json(self.game, {
                        **record, "seats": selfplay_seats(levels), "played_at": None}))

    def close(self) -> None:
        process = getattr(self, "process", None)
        if process is not None:
            if process.stdin is not None:
                process.stdin.close()  # its end of input: it stops
            try:
                process.wait(timeout=30)
            except Exception:
                process.kill()
            if process.stdout is not None:
                process.stdout.close()
            self.errors.close()
        self.channel.close()
        if self.service is not None:
            self.service.server.stop(None)


_TABLE_SEATS: dict[tuple[Any, ...], TableSeats] = {}


def table_seats(game: str, player: str, budget_ms: float | None,
                server: str | None) -> TableSeats:
    """One server and seat process per game, player and server for the whole run (a
    worker of the strength bench keeps its own); closed at exit."""
    key = (game, player, budget_ms, server)
    if key not in _TABLE_SEATS:
        if not _TABLE_SEATS:
            atexit.register(close_table_seats)
        _TABLE_SEATS[key] = TableSeats(game, player, budget_ms, server)
    return _TABLE_SEATS[key]


def close_table_seats() -> None:
    while _TABLE_SEATS:
        _TABLE_SEATS.popitem()[1].close()


def ray_module(address: str | None) -> Any:
    """Ray, connected to the cluster at `address` (a local instance when None)."""
    try:
        import ray
    except ImportError:
        raise InvalidInput("the ray backend needs Ray: pip install 'moneycards[ray]'",
                           field="--backend") from None
    if not ray.is_initialized():
        # Ray warns on stderr that a new local cluster has token authentication on by
        # default (it should): a second line beside a run's progress or its one-line
        # error, and nothing for the person to do. Its other warnings stay.
        logging.getLogger("ray._private.authentication.authentication_token_setup"
                          ).setLevel(logging.ERROR)
        # A local instance (no address) can miss its start-up deadline on a busy machine:
        # it is started once more before giving up.
        attempts = 2 if address is None else 1
        for attempt in range(1, attempts + 1):
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
                break
            except Exception as err:  # Ray's start-up raises many kinds; all mean "no cluster"
                ray.shutdown()
                if attempt == attempts:
                    where = f"at {address}" if address else "on this machine"
                    why = " ".join(str(err).split())  # Ray's text may run over lines
                    raise InvalidInput(f"cannot start or reach a Ray cluster {where}: {why}",
                                       field="--address") from None
    return ray


def play_deals(game: str, jobs: Iterable[tuple[int, list[str]]], budget_ms: float | None,
               backend: str = "local", address: str | None = None,
               chunk: int = CHUNK, server: str | None = None,
               records: bool = False) -> Iterator[Deal]:
    """The deals (seed, seat levels) played on `backend`, in the order given; a `grpc:`
    seat's deals at tables of `server` (default: one started here); with `records`, each
    deal's game record too."""
    if backend not in BACKENDS:
        raise InvalidInput(f"backend is one of {', '.join(BACKENDS)}", field="--backend")
    if address is not None and backend != "ray":
        raise InvalidInput("--address names a Ray cluster: use it with --backend ray",
                           field="--address")
    if backend == "local":
        try:
            for job in jobs:
                yield from play_chunk(game, [job], budget_ms, server, records)
        finally:
            close_table_seats()
        return
    ray = ray_module(address)
    task = ray.remote(play_chunk)
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending: deque[Any] = deque()
    batch: list[tuple[int, list[str]]] = []
    for job in jobs:
        batch.append(job)
        if len(batch) == chunk:
            pending.append(task.remote(game, batch, budget_ms, None, records))
            batch = []
            while len(pending) >= window:
                yield from ray.get(pending.popleft())
    if batch:
        pending.append(task.remote(game, batch, budget_ms, None, records))
    while pending:
        yield from ray.get(pending.popleft())
