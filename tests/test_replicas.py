"""Several server replicas on one table store (an SQLite file, then PostgreSQL): any replica
serves any table. A client alternating between two server processes plays whole deals of
every game exactly as one server would; two Acts decided on one version and sent to both
at once end with exactly one accepted; a Watch on one replica streams what the other
applies; a claim on one replica takes back what was played on the other; killing one replica
loses no accepted action."""

from __future__ import annotations

import datetime

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

import grpc
import pytest
from google.protobuf import json_format

from moneycards.server.app import start_service
from moneycards.server.store import Conflict, SqliteStore, open_store
from moneycards.solver.games import GAMES
from moneycards.v1 import table_pb2, table_pb2_grpc
from tests.test_store import at_once
from tests.test_table_service import create, error, play_in_process, view


def test_two_server_processes_on_one_store_serve_every_table_as_one_server(store_db):
    """The checks below in turn, on two server processes started once (starting them is
    most of the cost): both play, race, watch, and one is killed last."""
    procs = [launch(store_db) for _ in range(2)]
    servers = [connect(p) for p in procs]
    stubs = [s for _, _, s in servers]
    try:
        check_two_replicas_in_turn_play_every_game_as_one_server(stubs)
        check_acts_on_one_version_sent_to_both_replicas_end_with_exactly_one_accepted(stubs)
        check_a_stale_act_on_the_other_replica_is_refused_as_on_one_server(stubs)
        check_watch_on_one_replica_sees_the_others_act_within_a_poll(stubs)
        check_killing_a_replica_loses_no_accepted_action(servers, store_db)
    finally:
        for proc, ch, _ in servers:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(20)
            ch.close()


def launch(db):
    return subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--db", str(db), "--workers", "1",
                             "--ai-pace-ms", "0"],  # the AI pace is tested apart
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its solver workers in its group


def connect(proc):
    line = proc.stdout.readline()
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert m, line + proc.stderr.read()
    ch = grpc.insecure_channel(f"127.0.0.1:{m.group(1)}")
    return proc, ch, table_pb2_grpc.TableServiceStub(ch)


def act(stub, tid, token, action, version=None):
    return stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action=action,
                                         expected_version=version))


def record(stub, tid, token):
    rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=token))
    return rec, json_format.MessageToDict(getattr(rec, rec.WhichOneof("record")),
                                          preserving_proto_field_name=True) \
        if rec.complete else None


def check_two_replicas_in_turn_play_every_game_as_one_server(stubs):
    for n, game in enumerate(GAMES):
        seed = 40 + n
        tid, tokens = create(stubs[n % 2], game, seed)
        token, mine, rng = tokens[0], [], random.Random(seed)
        watched: list = []
        watch = stubs[1].Watch(table_pb2.WatchRequest(table_id=tid, seat_token=token),
                               timeout=120)
        reader = threading.Thread(target=lambda w=watch, out=watched:
                                  out.extend(m.event for m in w))
        reader.start()
        v, k = view(stubs[0], tid, token), 0
        while not v.over:
            k += 1
            here, there = stubs[k % 2], stubs[(k + 1) % 2]
            action = rng.choice(v.legal_actions).text
            r = act(here, tid, token, action, v.version)
            mine.append(action)
            assert view(there, tid, token) == r.view, (game, k)  # the other replica agrees
            v = r.view
        reader.join(30)
        assert not reader.is_alive()
        assert [e.version for e in watched] == list(range(1, v.version + 1))
        recs = [record(s, tid, token) for s in stubs]
        assert recs[0] == recs[1]
        local = play_in_process(game, seed, mine)
        assert recs[0][1]["actions"] == local.state.history, game
        listed = [stubs[1].ListTables(table_pb2.ListTablesRequest()) for _ in (0, 1)]
        assert any(t.table_id == tid and t.over for t in listed[0].tables)


def check_acts_on_one_version_sent_to_both_replicas_end_with_exactly_one_accepted(stubs):
    for seed in range(10):
        tid, tokens = create(stubs[0], "lukfu", seed)
        v = view(stubs[1], tid, tokens[0])
        if len(v.legal_actions) < 2:
            continue
        for _ in range(3):  # a few rounds, each with both replicas racing
            if v.over or len(v.legal_actions) < 2:
                break
            args = [(s, tid, tokens[0], a.text, v.version)
                    for s, a in zip(stubs, (v.legal_actions[0], v.legal_actions[-1]))]
            outcomes = at_once([lambda a=a: outcome(act, *a) for a in args])
            assert sorted(map(str, outcomes)) == sorted(["ok", str(grpc.StatusCode.ABORTED)])
            views = [view(s, tid, tokens[0]) for s in stubs]
            assert views[0] == views[1] and views[0].version > v.version
            v = views[0]
        # Every accepted action is in the record once; the refused ones left nothing.
        recs = [stubs[k].GetRecord(table_pb2.GetRecordRequest(
            table_id=tid, seat_token=tokens[0])) for k in (0, 1)]
        assert recs[0] == recs[1]
        return
    raise AssertionError("no Luk Fu deal starting with two choices for seat 0")


def outcome(call, *args):
    try:
        call(*args)
        return "ok"
    except grpc.RpcError as err:
        return err.code()


def check_a_stale_act_on_the_other_replica_is_refused_as_on_one_server(stubs):
    tid, tokens = create(stubs[0], "kowah", 5)
    v = view(stubs[0], tid, tokens[0])
    act(stubs[0], tid, tokens[0], v.legal_actions[0].text, v.version)
    code, _, d = error(act, stubs[1], tid, tokens[0], v.legal_actions[0].text, v.version)
    assert code == grpc.StatusCode.ABORTED and d["ErrorInfo"].reason == "STALE_VERSION"
    stubs[1].CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=tokens[0]))
    code, _, d = error(view, stubs[0], tid, tokens[0])
    assert code == grpc.StatusCode.NOT_FOUND


def check_killing_a_replica_loses_no_accepted_action(servers, db):
    stubs = [s for _, _, s in servers]
    tables = {}
    for n, game in enumerate(GAMES):
        tid, tokens = create(stubs[n % 2], game, 60 + n)
        v = view(stubs[0], tid, tokens[0])
        for k in range(4):
            if v.over:
                break
            v = act(stubs[k % 2], tid, tokens[0], v.legal_actions[-1].text, v.version).view
        tables[game] = (tid, tokens[0], v)
    proc, _, _ = servers[0]
    os.killpg(proc.pid, signal.SIGKILL)  # the server and its solver workers, as a machine
    proc.wait(10)
    for game, (tid, token, before) in tables.items():
        after = view(stubs[1], tid, token)
        assert after == before, game
        while not after.over:
            after = act(stubs[1], tid, token, after.legal_actions[0].text,
                        after.version).view
    servers[0][1].close()
    servers[0] = again = connect(launch(db))  # stopped with the others
    for tid, token, _ in tables.values():
        assert record(again[2], tid, token) == record(stubs[1], tid, token)


def test_a_claim_on_one_replica_takes_back_what_was_played_on_the_other(store_db):
    """Tổ Tôm with four people (R-claim-privacy): while one decides a win or a Chíu,
    another plays on one replica at once; the decider claims on the other, which takes the
    move back: both replicas then show the mover the claim with the move taken back, the
    same views and the same record."""
    services = [start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
                for _ in range(2)]
    channels = [grpc.insecure_channel(f"127.0.0.1:{s.port}") for s in services]
    stubs = [table_pb2_grpc.TableServiceStub(ch) for ch in channels]
    try:
        for seed in range(80):
            tid, tokens = create(stubs[0], "totom", seed, humans=(0, 1, 2, 3))
            rng = random.Random(seed)
            for k in range(400):
                views = {s: view(stubs[k % 2], tid, t) for s, t in tokens.items()}
                if all(v.over for v in views.values()):
                    break
                deciding = [s for s, v in views.items()
                            if "decline" in [a.text for a in v.legal_actions]]
                if deciding:
                    c = deciding[0]
                    claims = [a.text for a in views[c].legal_actions if a.text != "decline"]
                    movers = [s for s, v in views.items()
                              if s not in deciding and v.legal_actions]
                    if claims and movers:
                        s = movers[0]
                        mover = views[s].legal_actions[0].text
                        r = act(stubs[0], tid, tokens[s], mover)
                        assert r.events and r.events[0].seat == s  # played at once
                        act(stubs[1], tid, tokens[c], claims[0])
                        after = [view(stub, tid, tokens[s]) for stub in stubs]
                        assert after[0] == after[1]
                        assert after[0].version == r.view.version + 1
                        got = stubs[0].GetRecord(table_pb2.GetRecordRequest(
                            table_id=tid, seat_token=tokens[s])).events[-1]
                        assert got.seat == c and got.action == claims[0]
                        assert (got.taken_back[0].seat, got.taken_back[0].action) == (s, mover)
                        return
                    act(stubs[k % 2], tid, tokens[c], "decline")
                    continue
                actor = next((s for s, v in views.items() if v.legal_actions), None)
                if actor is None:
                    break
                act(stubs[(k + 1) % 2], tid, tokens[actor],
                    rng.choice(views[actor].legal_actions).text)
        pytest.fail("no claim window with another seat to act in 80 deals")
    finally:
        for ch in channels:
            ch.close()
        for s in services:
            s.server.stop(None)


def check_watch_on_one_replica_sees_the_others_act_within_a_poll(stubs):
    """Watch reads the store for other replicas' writes every WATCH_POLL_S (0.25 s)."""
    tid, tokens = create(stubs[0], "kowah", 8)
    v = view(stubs[0], tid, tokens[0])
    arrived: list[float] = []
    watch = stubs[1].Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[0],
                                                  from_version=v.version), timeout=60)
    def read():
        try:
            for _ in watch:
                arrived.append(time.monotonic())
        except grpc.RpcError:
            pass  # cancelled below

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.5)
    sent = time.monotonic()
    act(stubs[0], tid, tokens[0], v.legal_actions[0].text, v.version)
    deadline = time.monotonic() + 10
    while not arrived and time.monotonic() < deadline:
        time.sleep(0.01)
    watch.cancel()
    reader.join(10)
    assert arrived and arrived[0] - sent < 2.0


class BusyStore(SqliteStore):
    """A store on which every write to a table's actions loses to another server."""

    def append(self, *args, **kwargs):
        raise Conflict("another server wrote first")


def test_an_act_that_keeps_losing_to_other_servers_is_store_conflict_and_changes_nothing():
    service = start_service("127.0.0.1", 0, 2, warm=False, store=BusyStore(":memory:"))
    ch = grpc.insecure_channel(f"127.0.0.1:{service.port}")
    stub = table_pb2_grpc.TableServiceStub(ch)
    try:
        tid, tokens = create(stub, "kowah", 3)
        before = view(stub, tid, tokens[0])
        code, message, d = error(act, stub, tid, tokens[0], before.legal_actions[0].text,
                                 before.version)
        assert code == grpc.StatusCode.ABORTED and d["ErrorInfo"].reason == "STORE_CONFLICT"
        assert "read the view" in message
        assert view(stub, tid, tokens[0]) == before
    finally:
        ch.close()
        service.server.stop(None)


def test_a_match_alternating_between_two_replicas_equals_the_match_in_process(store_db):
    """R-match across replicas: a three-deal Luk Fu match whose person acts on one replica
    and then the other, deal boundaries included, ends as the same match in process."""
    from moneycards.records import match_record_json
    from moneycards.solver.tables import AI, HUMAN, Match, Seat, Table
    from moneycards.v1 import common_pb2

    services = [start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
                for _ in range(2)]
    channels = [grpc.insecure_channel(f"127.0.0.1:{s.port}") for s in services]
    stubs = [table_pb2_grpc.TableServiceStub(ch) for ch in channels]
    try:
        seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
            common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                 ai_level=common_pb2.AI_LEVEL_GREEDY)] * 2
        r = stubs[0].CreateTable(table_pb2.CreateTableRequest(
            game=common_pb2.GAME_LUK_FU, seats=seats, seed=4,
            match_rules=table_pb2.MatchRules(deals=3)))
        tid, token = r.table_id, r.seat_tokens[0].token
        local = Table.create("lukfu", [Seat(HUMAN), Seat(AI, "greedy"), Seat(AI, "greedy")],
                             seed=4, match=Match(deals=3))
        k = 0
        while not local.is_over:
            move = GAMES["lukfu"].greedy(local.observation(0), random.Random(k))
            act(stubs[k % 2], tid, token, move)
            local.act(0, move)
            k += 1
        views = [view(stub, tid, token) for stub in stubs]
        assert views[0] == views[1] and views[0].over and views[0].match_state.over
        rec = stubs[1].GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=token))
        got = json_format.MessageToDict(rec.match_record, preserving_proto_field_name=True)
        got["seed"], got["totals"] = int(got["seed"]), [int(t) for t in got["totals"]]
        want = match_record_json("lukfu", local.match_record())
        # each table stamps its own opening: the two were opened within the same seconds
        opened = [datetime.datetime.fromisoformat(d.pop("played_at")) for d in (got, want)]
        assert abs(opened[0] - opened[1]) < datetime.timedelta(seconds=30)
        assert got == want
    finally:
        for ch in channels:
            ch.close()
        for s in services:
            s.server.stop(None)
