"""The service as a public site runs it: deals nobody can reconstruct from a seed, Watch
streams and open tables bounded per client, ListTables for the operator only and answered
from the store's columns, restarts that replay nothing until asked, stores that fail with
a reason instead of INTERNAL, and calls that wait for a free slot before being shed."""

from __future__ import annotations

import base64
import contextlib
import os
import random
import re
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from concurrent import futures
from dataclasses import dataclass, field

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from tests.conftest import fresh_postgres
from moneycards.server.app import start_service
from moneycards.server.limits import Gate, Limits, wait_to_start
from moneycards.server.store import SqliteStore, StoreFailure
from moneycards.server.tables import WATCHES_PER_TOKEN, TableError, Tables, TableService
from moneycards.solver.games import seeded
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

SERVE = [sys.executable, "-m", "moneycards", "serve"]
HUMAN = common_pb2.SEAT_KIND_HUMAN
AI = common_pb2.SEAT_KIND_AI
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


# -- calls and refusals ---------------------------------------------------------------------
@dataclass
class Refusal:
    code: grpc.StatusCode
    reason: str = ""
    metadata: dict = field(default_factory=dict)
    fields: list = field(default_factory=list)  # BadRequest field violations' fields
    message: str = ""


def refusal(call) -> Refusal:
    """The status and google.rpc details of the call `call()` makes, which must fail."""
    with pytest.raises(grpc.RpcError) as info:
        call()
    err = info.value
    out = Refusal(err.code(), message=err.details() or "")
    st = rpc_status.from_call(err)
    for d in st.details if st else []:
        if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            msg = error_details_pb2.ErrorInfo()
            d.Unpack(msg)
            out.reason, out.metadata = msg.reason, dict(msg.metadata)
        elif d.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            msg = error_details_pb2.BadRequest()
            d.Unpack(msg)
            out.fields = [v.field for v in msg.field_violations]
    return out


def status_refusal(status: grpc.Status) -> Refusal:
    """A grpc.Status (as a TableError carries) read as a Refusal."""
    from google.rpc import status_pb2

    raw = dict(status.trailing_metadata)["grpc-status-details-bin"]
    out = Refusal(status.code, message=status.details)
    for d in status_pb2.Status.FromString(raw).details:
        if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            msg = error_details_pb2.ErrorInfo()
            d.Unpack(msg)
            out.reason = msg.reason
    return out


def poll(check, timeout_s: float, every_s: float = 0.02):
    """check() until it is truthy (returned), or fail after timeout_s."""
    until = time.monotonic() + timeout_s
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > until:
            pytest.fail(f"not within {timeout_s} s")
        time.sleep(every_s)


@dataclass
class Client:
    svc: object
    channel: grpc.Channel

    @property
    def stub(self):
        return table_pb2_grpc.TableServiceStub(self.channel)

    def health(self, service: str = "") -> int:
        return health_pb2_grpc.HealthStub(self.channel).Check(
            health_pb2.HealthCheckRequest(service=service), timeout=5).status


@contextlib.contextmanager
def serving(**kwargs):
    """An in-process server (start_service) and a channel to it."""
    kwargs.setdefault("warm", False)
    svc = start_service("127.0.0.1", 0, kwargs.pop("workers", 2), **kwargs)
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    try:
        yield Client(svc, ch)
    finally:
        ch.close()
        svc.server.stop(None)
        if svc.tables is not None and svc.tables.health is not None:
            # no more pings of a store the test lets go of next: a ping of its closed pool
            # logged an outage into the next test's log
            svc.tables.health.stop()


@contextlib.contextmanager
def table_server(tables: Tables | None = None, max_watches: int = 16, **kwargs):
    """A server of TableService alone, built with the limits given (watch_idle_s, ...)."""
    servicer = TableService(tables or Tables(watch_poll_s=0.05), max_watches, **kwargs)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=32))
    table_pb2_grpc.add_TableServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    ch = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield table_pb2_grpc.TableServiceStub(ch)
    finally:
        ch.close()
        server.stop(None)


def table_servicer(svc) -> TableService:
    return next(s for _, s, *_ in svc.servicers if isinstance(s, TableService))


def seats(n: int, humans=None, names=None) -> list[common_pb2.TableSeat]:
    humans = range(n) if humans is None else humans
    return [common_pb2.TableSeat(kind=HUMAN, name=(names or {}).get(s, f"P{s}"))
            if s in humans else common_pb2.TableSeat(kind=AI, ai_level=common_pb2.AI_LEVEL_RANDOM)
            for s in range(n)]


def create(stub, game=common_pb2.GAME_KOWAH, n=3, seed=None, humans=None, names=None):
    req = table_pb2.CreateTableRequest(game=game, seats=seats(n, humans, names))
    if seed is not None:
        req.seed = seed
    r = stub.CreateTable(req, timeout=10)
    return r.table_id, {t.seat: t.token for t in r.seat_tokens}


def view(stub, tid, token):
    return stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token),
                        timeout=10).view


def act(stub, tid, token, action):
    return stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action=action),
                    timeout=10)


def to_act(stub, tid, tokens):
    """(token, view) of the person's seat whose turn it is."""
    for token in tokens.values():
        v = view(stub, tid, token)
        if v.legal_actions:
            return token, v
    raise AssertionError("no person's seat is to act")


def play_out(stub, tid, token):
    """Seat `token` plays its first legal action until the deal is over."""
    v = view(stub, tid, token)
    while not v.over:
        v = act(stub, tid, token, v.legal_actions[0].text).view
    return v


def table_with_event(stub, seed=1):
    """A Kowah table of three persons where one has acted: every seat has an event."""
    tid, tokens = create(stub, seed=seed)
    token, v = to_act(stub, tid, tokens)
    act(stub, tid, token, v.legal_actions[0].text)
    return tid, tokens


def watch(stub, tid, token):
    """A Watch stream that is open on the server (its first event was received)."""
    stream = stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=token), timeout=30)
    assert next(stream).event.version >= 1
    return stream


def watch_refusal(stub, tid, token) -> Refusal:
    return refusal(lambda: next(stub.Watch(
        table_pb2.WatchRequest(table_id=tid, seat_token=token), timeout=10)))


@pytest.fixture(scope="module")
def client():
    with serving() as c:
        c.svc.tables.max_open_tables = 1000  # these tests open many tables from one address
        yield c


# -- 1. secret deals ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def secret_tables(client):
    """60 Kowah tables whose seed the server chose: (table id, seat-0 token, seed, hand)."""
    out = []
    for _ in range(60):
        tid, tokens = create(client.stub)
        out.append((tid, tokens[0], client.svc.tables._tables[tid].table.seed,
                    view(client.stub, tid, tokens[0]).kowah.hand))
    return out


def test_a_server_chosen_seed_has_63_random_bits_and_no_two_tables_share_a_hand(
        secret_tables):
    seeds = [seed for _, _, seed, _ in secret_tables]
    # 63 random bits: the chance that one of 60 seeds is under 2^41 is about 60 / 2^22.
    assert all(seed.bit_length() > 40 for seed in seeds), sorted(seeds)[:3]
    assert len(set(seeds)) == len(seeds)
    hands = [hand for *_, hand in secret_tables]
    assert all(hands) and len(set(hands)) == len(hands)


def test_no_small_seed_deals_the_hand_of_a_server_chosen_table(client, secret_tables):
    small = {seeded("kowah", s).observation(0).to_json()["hand"]: s for s in range(3001)}
    # The scan reads hands as the view shows them: a table dealt from a small chosen seed
    # is found by it.
    tid, tokens = create(client.stub, seed=2024)
    assert view(client.stub, tid, tokens[0]).kowah.hand in small
    # Seat 0's eight cards can match a small seed's by chance (rarely); the deal cannot.
    for tid, _, _, hand in secret_tables:
        if hand in small:
            dealt = client.svc.tables._tables[tid].table.state.deal_json()
            assert dealt != seeded("kowah", small[hand]).deal_json(), tid


def texts(msg) -> str:
    return str(msg) + json_format.MessageToJson(msg)


def test_a_server_chosen_seed_is_in_no_answer(client, secret_tables):
    listing = client.stub.ListTables(table_pb2.ListTablesRequest(page_size=500), timeout=10)
    listed = {t.table_id for t in listing.tables}
    for tid, token, seed, _ in secret_tables[:10]:
        assert tid in listed
        record = client.stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid,
                                                                  seat_token=token))
        assert not record.complete
        for msg in (listing, view(client.stub, tid, token), record):
            assert str(seed) not in texts(msg)
    # What the check looks for is there when the seat is meant to know it.
    tid, tokens = create(client.stub, seed=4_611_686_018_427_387_917)
    assert "4611686018427387917" in texts(view(client.stub, tid, tokens[0]))


def test_a_chosen_seed_is_told_to_every_seat_and_a_drawn_one_to_none(client):
    tid, tokens = create(client.stub, seed=777)
    assert len(tokens) == 3
    for token in tokens.values():
        v = view(client.stub, tid, token)
        assert v.HasField("chosen_seed") and v.chosen_seed == 777
    tid, tokens = create(client.stub)
    for token in tokens.values():
        assert not view(client.stub, tid, token).HasField("chosen_seed")


# -- 2. Watch bounded per client --------------------------------------------------------------
def test_a_seat_token_holds_four_watches_and_another_client_is_still_served(client):
    stub = client.stub
    tid, tokens = table_with_event(stub, seed=11)
    other, other_tokens = table_with_event(stub, seed=12)
    streams = []
    try:
        streams = [watch(stub, tid, tokens[0]) for _ in range(WATCHES_PER_TOKEN)]
        r = watch_refusal(stub, tid, tokens[0])
        assert (r.code, r.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_WATCHES")
        streams.append(watch(stub, other, other_tokens[0]))  # receives its events
    finally:
        for s in streams:
            s.cancel()


def test_a_table_holds_its_limit_of_watches_whatever_the_seats():
    with table_server(watches_per_table=3, watches_per_token=4) as stub:
        tid, tokens = table_with_event(stub)
        other, other_tokens = table_with_event(stub, seed=2)
        streams = []
        try:
            streams = [watch(stub, tid, tokens[s]) for s in range(3)]
            # seat 0 has one stream of its four: the table's limit refuses it
            r = watch_refusal(stub, tid, tokens[0])
            assert (r.code, r.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED,
                                          "TOO_MANY_WATCHES")
            assert "this table" in r.message
            streams.append(watch(stub, other, other_tokens[0]))
        finally:
            for s in streams:
                s.cancel()


def test_the_servers_watch_limit_still_holds():
    with serving(limits=Limits(max_concurrent=2, max_watches=2)) as c:
        tables = [table_with_event(c.stub, seed=s) for s in (1, 2, 3)]
        streams = []
        try:
            streams = [watch(c.stub, tid, tokens[0]) for tid, tokens in tables[:2]]
            tid, tokens = tables[2]
            r = watch_refusal(c.stub, tid, tokens[0])
            assert (r.code, r.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED,
                                          "TOO_MANY_WATCHES")
            assert "on this server" in r.message
        finally:
            for s in streams:
                s.cancel()


def test_watch_needs_a_seat_token_of_that_table(client):
    tid, _ = table_with_event(client.stub, seed=21)
    _, other_tokens = table_with_event(client.stub, seed=22)
    r = watch_refusal(client.stub, tid, "")
    assert r.code == grpc.StatusCode.INVALID_ARGUMENT and r.fields == ["seat_token"]
    r = watch_refusal(client.stub, tid, other_tokens[0])
    assert (r.code, r.reason) == (grpc.StatusCode.PERMISSION_DENIED, "WRONG_SEAT_TOKEN")


def test_an_idle_watch_ends_watch_idle_and_frees_its_slot():
    # 1 s: long enough for the slot to be seen taken first, even on a busy machine
    with table_server(watch_idle_s=1.0, watches_per_token=1) as stub:
        tid, tokens = table_with_event(stub)
        stream = watch(stub, tid, tokens[0])
        opened = time.monotonic()
        assert watch_refusal(stub, tid, tokens[0]).reason == "TOO_MANY_WATCHES"
        r = refusal(lambda: next(stream))  # no event comes
        assert (r.code, r.reason) == (grpc.StatusCode.UNAVAILABLE, "WATCH_IDLE")
        assert r.metadata["version"] == "1"  # where to watch again from
        assert 0.9 < time.monotonic() - opened < 6
        watch(stub, tid, tokens[0]).cancel()  # the slot is free again


def test_a_watch_that_keeps_getting_events_outlives_its_idle_limit():
    # The idle limit counts from the last event sent, not from the stream's start.
    with table_server(watch_idle_s=1.0) as stub:
        tid, tokens = table_with_event(stub)
        stream = watch(stub, tid, tokens[0])
        opened = time.monotonic()
        while time.monotonic() - opened < 2.5:  # an event every ~0.4 s, for 2.5 s
            time.sleep(0.4)
            token, v = to_act(stub, tid, tokens)
            act(stub, tid, token, v.legal_actions[0].text)
            got = next(stream)  # an UNAVAILABLE WATCH_IDLE here would raise
            assert got.event.version >= 2
        stream.cancel()


def test_a_cancelled_watch_frees_its_slot():
    with table_server(watches_per_token=1) as stub:
        tid, tokens = table_with_event(stub)
        watch(stub, tid, tokens[0]).cancel()

        def served():
            try:
                watch(stub, tid, tokens[0]).cancel()
                return True
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                return False
        poll(served, 5, every_s=0.05)


# -- 3. ListTables, the operator's call ---------------------------------------------------
def test_list_tables_answers_a_caller_on_this_machine_without_an_operator_token(client):
    tid, _ = create(client.stub)
    listing = client.stub.ListTables(table_pb2.ListTablesRequest(page_size=500), timeout=10)
    assert tid in {t.table_id for t in listing.tables}


def test_list_tables_needs_the_operator_token_when_one_is_set():
    token = "x" * 20
    with serving(operator_token=token) as c:
        tid, _ = create(c.stub)
        req = table_pb2.ListTablesRequest()
        for metadata in [None, (("authorization", "Bearer " + "y" * 20),),
                         (("authorization", "Bearer "),), (("authorization", token),),
                         (("authorization", "Basic " + token),)]:
            r = refusal(lambda m=metadata: c.stub.ListTables(req, metadata=m, timeout=10))
            assert (r.code, r.reason) == (grpc.StatusCode.PERMISSION_DENIED, "OPERATOR_ONLY")
        for scheme in ("Bearer", "bearer", "BEARER"):  # RFC 7235: any case
            listing = c.stub.ListTables(req, metadata=(("authorization", f"{scheme} {token}"),),
                                        timeout=10)
            assert [t.table_id for t in listing.tables] == [tid]


class PeerContext:
    def __init__(self, peer, metadata=()):
        self._peer, self._metadata = peer, metadata

    def peer(self):
        return self._peer

    def invocation_metadata(self):
        return self._metadata


def test_list_tables_refuses_a_caller_off_this_machine_without_an_operator_token():
    service = TableService(Tables())
    with pytest.raises(TableError) as info:
        service.check_operator(PeerContext("ipv4:10.1.2.3:5555"))
    r = status_refusal(info.value.status)
    assert (r.code, r.reason) == (grpc.StatusCode.PERMISSION_DENIED, "OPERATOR_ONLY")
    service.check_operator(PeerContext("ipv6:%5B::1%5D:5555"))  # loopback: answered
    service.check_operator(PeerContext("ipv4:127.0.0.1:5555"))
    # With a token set, being on this machine is not enough.
    guarded = TableService(Tables(), operator_token="t" * 20)
    with pytest.raises(TableError):
        guarded.check_operator(PeerContext("ipv4:127.0.0.1:5555"))
    guarded.check_operator(PeerContext("ipv4:10.1.2.3:5555",
                                       (("authorization", "Bearer " + "t" * 20),)))


@pytest.mark.parametrize("page_token", [
    base64.urlsafe_b64encode(b"[" * 100_000).decode(),  # nested past recursion
    "A" * 201,
    base64.urlsafe_b64encode(b'["x"]').decode(),
])
def test_a_page_token_that_is_not_one_is_invalid_argument(client, page_token):
    r = refusal(lambda: client.stub.ListTables(
        table_pb2.ListTablesRequest(page_token=page_token), timeout=10))
    assert r.code == grpc.StatusCode.INVALID_ARGUMENT and r.fields == ["page_token"]


@dataclass
class Stored:
    tid: str
    tokens: dict
    game: int
    names: list
    public_actions: int
    over: bool
    actions: list  # every input stored


@pytest.fixture(scope="module")
def stored_file(tmp_path_factory):
    """An SQLite store an earlier server left: a finished Kowah deal, a Luk Fu table two
    actions in, and a new Tổ Tôm table with a chosen seed."""
    path = tmp_path_factory.mktemp("earlier") / "tables.db"
    store = SqliteStore(path)
    out = {}
    with serving(store=store) as c:
        stub = c.stub
        tid, tokens = create(stub, seed=3, humans=[0], names={0: "Ann"})
        play_out(stub, tid, tokens[0])
        out["over"] = (tid, tokens)
        tid, tokens = create(stub, common_pb2.GAME_LUK_FU, seed=5, humans=[0],
                             names={0: "Bao"})
        for _ in range(2):
            act(stub, tid, tokens[0], view(stub, tid, tokens[0]).legal_actions[0].text)
        out["open"] = (tid, tokens)
        tid, tokens = create(stub, common_pb2.GAME_TOTOM, 4, seed=9, humans=[0, 2],
                             names={0: "Chi", 2: "Dung"})
        out["new"] = (tid, tokens)
        tables = {}
        for key, (tid, tokens) in out.items():
            t = c.svc.tables._tables[tid].table
            v = view(stub, tid, tokens[0])
            tables[key] = Stored(tid, tokens, v.game, [s.name for s in v.seats],
                                 t.public_actions, t.is_over, list(t.inputs))
    store.close_connection()
    return path, tables


@pytest.fixture
def stored(stored_file, tmp_path):
    """A copy of the earlier server's store for one test, and its tables."""
    path, tables = stored_file
    copy = tmp_path / "tables.db"
    shutil.copy(path, copy)
    return copy, tables


def test_list_tables_reads_stored_tables_from_the_columns_without_replaying_them(stored):
    path, tables = stored
    with serving(store=SqliteStore(path)) as c:
        listing = c.stub.ListTables(table_pb2.ListTablesRequest(), timeout=10)
        assert c.svc.tables._tables == {}  # nothing was replayed to answer
        listed = {t.table_id: t for t in listing.tables}
        assert set(listed) == {t.tid for t in tables.values()}
        for t in tables.values():
            row = listed[t.tid]
            assert row.game == t.game
            assert [s.name for s in row.seats] == t.names
            assert (row.actions, row.over) == (t.public_actions, t.over)
        assert tables["over"].over and not tables["open"].over
        assert tables["open"].public_actions >= 2 and tables["over"].public_actions > 20


# -- 4. open tables per client ------------------------------------------------------------
def test_open_tables_per_address_are_bounded_until_one_is_closed_or_over():
    with serving() as c:
        c.svc.tables.max_open_tables = 3
        made = [create(c.stub, seed=s, humans=[0]) for s in range(3)]
        r = refusal(lambda: create(c.stub, humans=[0]))
        assert (r.code, r.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_TABLES")
        assert r.metadata["limit"] == "3"
        tid, tokens = made[0]
        c.stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=tokens[0]))
        create(c.stub, humans=[0])  # a closed table no longer counts
        assert refusal(lambda: create(c.stub, humans=[0])).reason == "TOO_MANY_TABLES"
        tid, tokens = made[1]
        play_out(c.stub, tid, tokens[0])
        create(c.stub, humans=[0])  # nor does a finished one


def test_the_open_table_limit_is_shared_by_servers_on_one_store_and_survives_a_restart(
        tmp_path):
    """The count is the store's: two servers on one SQLite file (a server's processes, or
    its replicas) and a server started again later all see the same open tables. Before,
    each kept its own count, so a client got more by reaching another process."""
    path = tmp_path / "tables.db"
    with serving(store=SqliteStore(path)) as a, serving(store=SqliteStore(path)) as b:
        for c in (a, b):
            c.svc.tables.max_open_tables = 3
        create(a.stub, humans=[0])
        made = create(b.stub, humans=[0])
        create(a.stub, humans=[0])
        for c in (a, b):
            r = refusal(lambda stub=c.stub: create(stub, humans=[0]))
            assert (r.code, r.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_TABLES")
        tid, tokens = made
        b.stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=tokens[0]))
    with serving(store=SqliteStore(path)) as c:
        c.svc.tables.max_open_tables = 3
        create(c.stub, humans=[0])  # the closed one made room, once
        assert refusal(lambda: create(c.stub, humans=[0])).reason == "TOO_MANY_TABLES"
    # The store keeps a digest of the address, not the address.
    with sqlite3.connect(path) as db:
        creators = {row[0] for row in db.execute("SELECT creator FROM game_tables")}
    assert len(creators) == 1 and "127.0.0.1" not in next(iter(creators))


# -- 5. restarts that do not grow ---------------------------------------------------------
def test_a_restarted_server_loads_a_table_when_asked_and_plays_on(stored):
    path, tables = stored
    t = tables["open"]
    with serving(store=SqliteStore(path)) as c:
        assert c.svc.tables._tables == {}
        v = view(c.stub, t.tid, t.tokens[0])
        assert list(c.svc.tables._tables) == [t.tid]
        assert c.svc.tables._tables[t.tid].table.inputs == t.actions
        action = v.legal_actions[0].text
        r = act(c.stub, t.tid, t.tokens[0], action)
        assert r.events[0].action == action and r.view.version > v.version
        # the chosen seed is still told after the restart; the drawn one still not
        new = tables["new"]
        assert view(c.stub, new.tid, new.tokens[2]).chosen_seed == 9
        assert v.HasField("chosen_seed") and v.chosen_seed == 5


def test_a_finished_table_answers_its_complete_record_after_a_restart(stored):
    path, tables = stored
    t = tables["over"]
    with serving(store=SqliteStore(path)) as c:
        rec = c.stub.GetRecord(table_pb2.GetRecordRequest(table_id=t.tid,
                                                          seat_token=t.tokens[0]))
        assert rec.complete and rec.kowah.seed == 3
        assert list(rec.kowah.actions) == t.actions
        assert [s.name for s in rec.seats] == t.names


# -- 6. stores that fail clearly ----------------------------------------------------------
def start_serve(*args) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    line = proc.stdout.readline()
    m = re.search(r"listening on [^ ]+:(\d+)", line)
    if not m:
        proc.kill()
        pytest.fail(line + proc.stderr.read())
    return proc, int(m.group(1))


def test_sigterm_leaves_every_action_in_the_database_file_alone(tmp_path):
    db = tmp_path / "served" / "tables.db"
    db.parent.mkdir()
    proc, port = start_serve("--port", "0", "--no-web", "--workers", "1", "--db", str(db))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            tid, tokens = create(stub, seed=31)
            token, v = to_act(stub, tid, tokens)
            action = v.legal_actions[0].text
            act(stub, tid, token, action)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
    # The file alone, as a backup taken without its -wal file would be.
    alone = tmp_path / "copy" / "tables.db"
    alone.parent.mkdir()
    shutil.copy(db, alone)
    found = SqliteStore(alone).get(tid)
    assert found is not None and not found.closed
    assert found.actions[-1] == action


def test_a_locked_store_answers_store_locked_within_a_second_and_changes_nothing(tmp_path):
    path = tmp_path / "tables.db"
    with serving(store=SqliteStore(path)) as c:
        tid, tokens = create(c.stub, seed=41)
        token, before = to_act(c.stub, tid, tokens)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")  # another process's write lock
        try:
            started = time.monotonic()
            r = refusal(lambda: act(c.stub, tid, token, before.legal_actions[0].text))
            took = time.monotonic() - started
            assert took < 1.5, took  # the store's 0.75 s write wait, not a hang
            assert (r.code, r.reason) == (grpc.StatusCode.UNAVAILABLE, "STORE_LOCKED")
            assert c.health() == NOT_SERVING
            assert c.health("moneycards.v1.TableService") == NOT_SERVING
            # the games' rules services need no store: a balancer that checks them by
            # name keeps sending them calls
            for game in ("Totom", "Kowah", "LukFu"):
                assert c.health(f"moneycards.v1.{game}Service") == SERVING
            assert view(c.stub, tid, token).version == before.version  # reads still answer
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        poll(lambda: c.health() == SERVING, 3, every_s=0.05)
        assert view(c.stub, tid, token).version == before.version  # nothing was stored
        assert act(c.stub, tid, token, before.legal_actions[0].text).view.version \
            > before.version


def test_a_full_store_answers_store_full_and_turns_not_serving(tmp_path):
    path = tmp_path / "tables.db"
    with serving(store=SqliteStore(path)) as c:
        create(c.stub)
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]
    with serving(store=SqliteStore(path, max_pages=pages + 2)) as c:
        statuses = health_pb2_grpc.HealthStub(c.channel).Watch(
            health_pb2.HealthCheckRequest(service=""), timeout=30)
        assert next(statuses).status == SERVING
        for _ in range(200):
            try:
                create(c.stub)
            except grpc.RpcError:
                break
        r = refusal(lambda: create(c.stub))
        assert (r.code, r.reason) == (grpc.StatusCode.UNAVAILABLE, "STORE_FULL")
        assert next(statuses).status == NOT_SERVING
        statuses.cancel()


def test_a_file_that_is_not_a_database_stops_serve_with_one_line(tmp_path):
    db = tmp_path / "tables.db"
    db.write_bytes(random.Random(7).randbytes(16384))
    r = subprocess.run([*SERVE, "--port", "0", "--no-web", "--workers", "1", "--db", str(db)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "cannot open" in lines[0] and str(db) in lines[0]
    # said of a file that may never have been a store: damaged, or some other file
    assert "is not a whole SQLite database: damaged, or some other file" in lines[0], lines[0]


def test_damaged_action_pages_answer_store_damaged_not_internal(stored):
    path, tables = stored
    size = os.path.getsize(path)
    with open(path, "r+b") as f:  # the actions were written last: the file's second half
        f.seek(size // 2)
        f.write(random.Random(3).randbytes(size - size // 2))
    with serving(store=SqliteStore(path)) as c:
        t = tables["over"]
        r = refusal(lambda: view(c.stub, t.tid, t.tokens[0]))
        assert (r.code, r.reason) == (grpc.StatusCode.UNAVAILABLE, "STORE_DAMAGED")


def test_a_new_store_folder_and_file_are_private(tmp_path):
    path = tmp_path / "new" / "tables.db"
    SqliteStore(path).close_connection()
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_postgres_store_that_cannot_reach_its_server_is_store_unreachable():
    with fresh_postgres() as url:
        import psycopg

        from moneycards.server.pgstore import PostgresStore

        store = PostgresStore(url, min_size=1, max_size=1, timeout_s=2)
        try:
            assert store.get("x") is None
            # The server drops the pool's connection (a restart): the pool's check replaces
            # it before the next call, which succeeds.
            name = url.rpartition("/")[2]
            admin = url.rpartition("/")[0] + "/postgres"
            with psycopg.connect(admin, autocommit=True) as db:
                db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
            assert store.get("x") is None
            # Dropped again, and no connection can be made: STORE_UNREACHABLE.
            with psycopg.connect(admin, autocommit=True) as db:
                db.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
                db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
            try:
                with pytest.raises(StoreFailure) as info:
                    store.get("x")
                assert info.value.reason == "STORE_UNREACHABLE"
            finally:
                with psycopg.connect(admin, autocommit=True) as db:
                    db.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        finally:
            store.close_connection()
        with pytest.raises(StoreFailure) as info:  # a pool that is gone
            store.get("x")
        assert info.value.reason == "STORE_UNREACHABLE"


def test_a_postgres_connection_lost_mid_write_stores_nothing_and_the_move_goes_through_after(
        monkeypatch):
    """The database drops the connection in the middle of a move's transaction (after its
    first action row was written): the call is UNAVAILABLE, STORE_UNREACHABLE, and nothing
    of the move is stored or shown; once a small write succeeds again the server is SERVING
    and the same move is played."""
    with fresh_postgres() as url:
        import psycopg

        from moneycards.server.pgstore import PostgresStore
        from moneycards.server.store import SqlStore

        with serving(store=PostgresStore(url)) as c:
            tid, tokens = create(c.stub, seed=41)
            token, before = to_act(c.stub, tid, tokens)

            def rows() -> int:
                with psycopg.connect(url) as other:
                    (n,), = other.execute("SELECT COUNT(*) FROM table_actions WHERE "
                                          "table_id = %s", (tid,)).fetchall()
                return int(n)

            rows_before = rows()
            insert = SqlStore._insert
            cut: list[int] = []

            def lost_midway(ex, table_id, start, actions):
                if cut:
                    return insert(ex, table_id, start, actions)
                insert(ex, table_id, start, actions[:1])  # one row in, then the line drops
                (pid,), = ex("SELECT pg_backend_pid()", ()).fetchall()
                cut.append(pid)
                with psycopg.connect(url, autocommit=True) as other:
                    other.execute("SELECT pg_terminate_backend(%s)", (pid,))
                return insert(ex, table_id, start + 1, actions[1:])

            monkeypatch.setattr(SqlStore, "_insert", staticmethod(lost_midway))
            r = refusal(lambda: act(c.stub, tid, token, before.legal_actions[0].text))
            assert cut, "the write never reached the database"
            assert (r.code, r.reason) == (grpc.StatusCode.UNAVAILABLE, "STORE_UNREACHABLE")
            assert rows() == rows_before  # nothing of the move in the database
            poll(lambda: c.health() == SERVING, 10, every_s=0.1)
            assert view(c.stub, tid, token).version == before.version  # nor in memory
            assert act(c.stub, tid, token, before.legal_actions[0].text).view.version \
                > before.version
            assert rows() > rows_before


# -- 7. admission that queues before it sheds ---------------------------------------------
def test_gate_lets_a_waiting_call_in_when_a_running_one_leaves():
    gate = Gate(1, queue=1)
    assert gate.enter()
    threading.Timer(0.2, gate.leave).start()
    started = time.monotonic()
    assert gate.enter(3.0)
    assert 0.1 < time.monotonic() - started < 2.5
    assert gate.running == 1


def test_gate_refuses_a_call_when_nothing_leaves_within_its_wait():
    gate = Gate(1, queue=4)
    assert gate.enter()
    started = time.monotonic()
    assert not gate.enter(0.2)
    assert time.monotonic() - started >= 0.19
    assert (gate.running, gate.waiting) == (1, 0)


def test_gate_refuses_at_once_when_its_queue_is_full():
    gate = Gate(1, queue=1)
    assert gate.enter()
    waiter = futures.ThreadPoolExecutor(1).submit(gate.enter, 5.0)
    poll(lambda: gate.waiting == 1, 2)
    started = time.monotonic()
    assert not gate.enter(5.0)
    assert time.monotonic() - started < 0.5
    assert not gate.enter(0.0)  # no wait: refused while one runs
    gate.leave()
    assert waiter.result(timeout=2)


def test_a_call_may_wait_until_shortly_before_its_deadline():
    limits = Limits(queue_wait_s=4.0)
    assert wait_to_start(limits, None) == 4.0
    assert wait_to_start(limits, 3.0) == pytest.approx(2.9)
    assert wait_to_start(limits, 0.05) == 0.0


def test_a_call_waits_for_a_free_slot_while_its_deadline_allows_and_a_short_one_is_shed():
    with serving(workers=1, limits=Limits(max_concurrent=1)) as c:
        slow_tid, slow_tokens = create(c.stub, seed=51)
        tid, tokens = create(c.stub, seed=52)
        gate = c.svc.guard.gate
        held = c.svc.tables._tables[slow_tid].lock
        held.acquire()  # the first call runs until the test lets it go
        try:
            slow = c.stub.GetView.future(table_pb2.GetViewRequest(
                table_id=slow_tid, seat_token=slow_tokens[0]), timeout=10)
            poll(lambda: gate.running == 1, 5)
            started = time.monotonic()
            waiting = c.stub.GetView.future(table_pb2.GetViewRequest(
                table_id=tid, seat_token=tokens[0]), timeout=3)
            poll(lambda: gate.waiting == 1, 2)
            r = refusal(lambda: c.stub.GetView(table_pb2.GetViewRequest(
                table_id=tid, seat_token=tokens[0]), timeout=0.05))
            assert (r.code, r.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "OVERLOADED")
            time.sleep(max(0.0, 0.4 - (time.monotonic() - started)))
        finally:
            held.release()
        assert slow.result(timeout=5).view.table_id == slow_tid
        assert waiting.result(timeout=5).view.table_id == tid  # it waited, then ran
        assert time.monotonic() - started >= 0.35


def test_a_call_waiting_on_the_pool_a_probe_replaced_is_served_by_the_new_one():
    """The database back, a probe makes the pool anew and closes the old one: a call still
    waiting on the old pool for a connection is served by the new one, not failed as
    STORE_UNREACHABLE (which marked the store down again, and health NOT_SERVING, a moment
    after it came back)."""
    with fresh_postgres() as url:
        from moneycards.server.pgstore import PostgresStore

        store = PostgresStore(url, min_size=1, max_size=1, timeout_s=10)
        old = store._pool
        held = old.getconn()  # its one connection: the next call waits for it
        got: list = []

        def call() -> None:
            try:
                got.append(store.get("x"))
            except StoreFailure as err:
                got.append(err.reason)

        waiting = threading.Thread(target=call)
        waiting.start()
        time.sleep(0.5)
        with store._pool_lock:  # as a probe does once the database answers again
            store._pool = store._new_pool(2.0)
        old.close(timeout=0.0)
        waiting.join(10)
        assert got == [None] and not store.down
        old.putconn(held)
        store.close_connection()


def test_a_postgres_outage_is_seen_between_calls_fails_calls_fast_and_ends_at_once(caplog):
    """A database that goes away: health's ping sees it with no call made (it said SERVING
    until a call had waited out the pool's 10 s); calls then wait about a second, not the
    pool's timeout whatever the caller's deadline; once the database is back a probe's own
    connection finds it and the pool is made anew (the pool's reconnection backed off for up
    to a minute), so health and calls come back at once. The log says the outage, why, and
    its end once each: the pool's warning of every failed reconnection is kept only the
    first time, on one line."""
    import logging
    import time

    with fresh_postgres() as url:
        import psycopg

        from moneycards.server.pgstore import DOWN_WAIT_S, PostgresStore
        from moneycards.server.tables import StoreHealth

        store = PostgresStore(url, min_size=1, max_size=2, timeout_s=10)
        store.watch_s = 0.2
        said: list[bool] = []
        health = StoreHealth(store, said.append, every_s=0.2)
        name = url.rpartition("/")[2]
        admin = url.rpartition("/")[0] + "/postgres"

        def allow(on: bool) -> None:
            with psycopg.connect(admin, autocommit=True) as db:
                db.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS {str(on).lower()}")
                if not on:
                    db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))

        def until(cond, limit: float) -> float:
            start = time.monotonic()
            while not cond():
                assert time.monotonic() - start < limit, said
                time.sleep(0.05)
            return time.monotonic() - start

        try:
            health.serving()
            assert said == [True] and store.get("x") is None
            pool = store._pool  # made anew once the database is back
            allow(False)
            until(lambda: said[-1] is False, 8)  # no call made: the ping saw it
            assert store.down
            start = time.monotonic()
            with pytest.raises(StoreFailure) as info:
                store.get("x")
            assert info.value.reason == "STORE_UNREACHABLE"
            assert time.monotonic() - start < DOWN_WAIT_S + 1.5  # not the pool's 10 s
            allow(True)
            until(lambda: said[-1] is True, 5)
            start = time.monotonic()
            assert store.get("x") is None and time.monotonic() - start < 2
            assert not store.down and store._pool is not pool
            until(lambda: pool.closed, 5)  # the old pool let go, its connections with it
            # Only this database's pool: another test's pool left reconnecting to a dropped
            # database in this process logs to the same logger.
            pool_said = [r.getMessage() for r in caplog.records if r.name == "psycopg.pool"
                         and r.levelno == logging.WARNING and f'"{name}"' in r.getMessage()]
            assert len(pool_said) == 1 and "\n" not in pool_said[0], pool_said
            assert "not currently accepting connections" in pool_said[0]  # why
            ours = [r.getMessage() for r in caplog.records if r.name == "moneycards.server"]
            assert len(ours) == 2 and ours[0].endswith("; NOT_SERVING until it takes writes")\
                and ours[1] == "table store takes writes again: SERVING", ours
        finally:
            health.stop()
            allow(True)
            store.close_connection()
