"""Stores and replicas at the edges a whole deal never reaches: a replica that synced just
before another closed the table, a write committed between two reads of one snapshot,
replicas migrating one PostgreSQL database at the same moment, a replica replaying the
other's actions several times over, and a table rebuilt while a person decides."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from moneycards.server.store import Conflict, open_store
from moneycards.server.tables import Tables, TableService
from moneycards.solver.tables import AI, HUMAN, Seat, Table
from moneycards.v1 import table_pb2

from tests.conftest import fresh_postgres

HEADER = {"game": "kowah", "played_at": "2026-01-01T00:00:00Z", "seed": "1"}
TOTOM_SEATS = [Seat(HUMAN), Seat(HUMAN), Seat(AI, "greedy"), Seat(HUMAN)]
KOWAH_PEOPLE = [Seat(HUMAN), Seat(HUMAN), Seat(HUMAN)]


class Aborted(Exception):
    def __init__(self, status):
        super().__init__(status.details)
        self.code, self.details = status.code, status.details


class Context:
    """What a TableService method asks of its call: enough to call it in process."""

    def abort_with_status(self, status):
        raise Aborted(status)

    def time_remaining(self):
        return None

    def is_active(self):
        return True


class Hooked:
    """A store that runs `before_append` once, just before the next append: another
    replica's write landing between this replica's read and its write."""

    def __init__(self, store):
        self._store = store
        self.before_append = None

    def append(self, *args, **kwargs):
        hook, self.before_append = self.before_append, None
        if hook is not None:
            hook()
        return self._store.append(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._store, name)


def person_to_act(table: Table) -> int:
    return next(s for s in range(len(table.seats))
                if table.seats[s].kind == HUMAN and table.observation(s).legal_actions)


def test_a_replica_that_synced_before_a_close_cannot_add_to_the_closed_table(store_db):
    """Replica A reads the table, replica B closes it, then A writes the action it decided:
    the close moved the table's revision, so A's write (which names the revision it read)
    is refused, and A answers NOT_FOUND as for any closed table. Nothing is added."""
    a_store = Hooked(open_store(store_db))
    a, b = Tables(a_store), Tables(open_store(store_db))
    opened, tokens, _ = a.create("kowah", KOWAH_PEOPLE, 7, None)
    tid = opened.table_id
    b.get(tid)  # B holds the table too
    before = open_store(store_db).get(tid).actions
    seat = person_to_act(opened.table)
    action = opened.table.observation(seat).legal_actions[0]
    a_store.before_append = lambda: b.close(b.get(tid))
    with pytest.raises(Aborted) as err:
        TableService(a).Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[seat],
                                                 action=action), Context())
    assert err.value.code.name == "NOT_FOUND"
    stored = open_store(store_db).get(tid)
    assert stored.closed and stored.actions == before
    assert tid not in open_store(store_db).table_ids()


def test_a_close_moves_the_revision_so_a_write_naming_the_old_one_is_refused(store_db):
    store = open_store(store_db)
    store.create("t", HEADER, {}, ["a0"], False)
    rev = store.append("t", 1, ["a1"], False, revision=0)
    store.close("t")
    with pytest.raises(Conflict):
        store.append("t", 2, ["a2"], False, revision=rev)
    assert store.get("t").actions == ["a0", "a1"]


def test_queued_actions_survive_a_read_of_the_whole_table(store_db):
    """What a write stores beside the actions comes back from every read, not only from
    `changes`: a table rebuilt from `get` or `load` has it too."""
    store = open_store(store_db)
    store.create("t", HEADER, {}, [], False)
    store.append("t", 0, ["a0"], False, revision=0, queued={2: "pass", 0: "draw"})
    again = open_store(store_db)
    assert again.get("t").queued == {0: "draw", 2: "pass"}
    assert [t.queued for t in again.load()] == [{0: "draw", 2: "pass"}]
    assert again.changes("t", 0, 1).queued == {0: "draw", 2: "pass"}


def test_a_replica_replaying_the_others_actions_again_and_again_stays_in_step(
        store_db, caplog):
    """Two replicas act in turn on one table, each reading the other's actions before its
    own: every read adds the other's actions to what memory holds as stored, so each
    replica's copy is the single table's at every step, and no read replays an action
    twice (which would log that the stored actions do not replay and rebuild the table)."""
    caplog.set_level(logging.ERROR, logger="moneycards.server")
    replicas = [Tables(open_store(store_db)), Tables(open_store(store_db))]
    opened, _, _ = replicas[0].create("kowah", KOWAH_PEOPLE, 11, None)
    tid = opened.table_id
    model = Table.create("kowah", KOWAH_PEOPLE, seed=11, played_at=opened.table.played_at)
    for k in range(40):
        if model.is_over:
            break
        here = replicas[k % 2]
        t = here.get(tid)
        with t.lock:
            here.sync(t)
            assert t.stored == len(t.table.inputs) == len(model.inputs)
            seat = person_to_act(t.table)
            action = t.table.observation(seat).legal_actions[-1]
            t.table.act(seat, action)
            here.commit(t)
        model.act(seat, action)
        for r in replicas:
            other = r.get(tid)
            with other.lock:
                r.sync(other)
                assert other.table.inputs == model.inputs, k
                assert [other.table.events(s) for s in range(3)] == \
                    [model.events(s) for s in range(3)], k
    assert k >= 10
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_table_rebuilt_while_a_person_decides_keeps_the_decision_open(tmp_path):
    """R-claim-privacy across a restart: seat 0 is deciding a Chíu while the others played
    on. A server restarted on the store still holds that decision open: seat 0 sees the
    table as when asked, and its claim takes back what was played meanwhile."""
    path = tmp_path / "tables.db"
    tables = Tables(open_store(str(path)))
    opened, _, _ = tables.create("totom", TOTOM_SEATS, 1, None)
    for seat, action in [(1, "discard 3s"), (3, "capture 9m")]:
        with opened.lock:
            opened.table.act(seat, action)
            tables.commit(opened)
    again = Tables(open_store(str(path))).get(opened.table_id).table
    assert again.observation(0).legal_actions == ("chiu", "decline")
    assert [again.version(s) for s in range(4)] == [opened.table.version(s) for s in range(4)]
    events = again.act(0, "chiu")
    assert [e.action for e in events] == ["chiu"]
    assert again.record()["actions"] == ["discard 3s", "chiu"]


# -- PostgreSQL -----------------------------------------------------------------------------
def _between_reads(store, after: str, then):
    """Run `then` once, right after the store's read transaction ran its statement starting
    with `after` (a write by another replica committing between two reads)."""
    real = store._run
    done: list[bool] = []

    def run(work, write=True):
        if write or done:
            return real(work, write)

        def hooked(ex):
            def ex2(sql, args):
                out = ex(sql, args)
                if not done and sql.lstrip().startswith(after):
                    done.append(True)
                    then()
                return out
            return work(ex2)
        return real(hooked, write)
    store._run = run


def test_postgres_a_read_sees_one_snapshot_though_a_write_commits_between_its_reads():
    """A replica's read of a table (its revision, then its actions) comes from one
    snapshot: a write that commits between the two reads shows in neither, so the actions
    read are those of the revision read (REPEATABLE READ). Otherwise the replica would hold
    a revision with a later write's actions, and replay them again or skip some."""
    with fresh_postgres() as url:
        reader, writer = open_store(url), open_store(url)
        reader.create("t", HEADER, {}, ["a0"], False)
        _between_reads(reader, "SELECT revision",
                       lambda: writer.append("t", 1, ["a1"], False, revision=0))
        ch = reader.changes("t", -1, 0)
        assert (ch.revision, ch.actions) == (0, ["a0"])
        _between_reads(reader, "SELECT table_id, header",
                       lambda: writer.append("t", 2, ["a2"], False, revision=1))
        got = reader.get("t")
        assert (got.revision, got.actions) == (1, ["a0", "a1"])
        ch = reader.changes("t", 1, 2)
        assert (ch.revision, ch.actions) == (2, ["a2"])


def test_postgres_replicas_starting_together_wait_for_each_others_migration():
    """The schema's migration runs under a lock that a second replica waits for (not one
    it gives up on and migrates anyway): while another holds it, opening a store waits;
    once released, every replica opens and each migration is recorded once."""
    import psycopg

    from moneycards.server.pgstore import MIGRATION_LOCK

    with fresh_postgres() as url:
        holder = psycopg.connect(url, autocommit=True)
        holder.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        opened, errors = [], []

        def start():
            try:
                opened.append(open_store(url))
            except Exception as err:  # noqa: BLE001 - told below
                errors.append(err)
        threads = [threading.Thread(target=start) for _ in range(3)]
        for th in threads:
            th.start()
        time.sleep(1.0)
        assert not opened and not errors, "a replica migrated while another held the lock"
        holder.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
        holder.close()
        for th in threads:
            th.join(30)
        assert not errors and len(opened) == 3
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT version, count(*) FROM schema_migrations "
                                "GROUP BY version ORDER BY version").fetchall()
        assert rows and all(n == 1 for _, n in rows)


def test_finished_tables_beyond_the_kept_number_leave_memory_and_load_again(tmp_path):
    """Memory keeps the `finished_kept` most recent finished tables; an older one is read
    again from the store when asked for, with the same record, and a table still in play
    is never let go however many finish beside it."""
    tables = Tables(open_store(str(tmp_path / "tables.db")), finished_kept=3)
    playing, _, _ = tables.create("kowah", [Seat(HUMAN), Seat(AI, "greedy"), Seat(AI, "greedy")],
                               1, None)
    assert not playing.table.is_over
    done = []
    for seed in range(6):
        opened, _, _ = tables.create("kowah", [Seat(AI, "random")] * 3, seed, None, ai_only=True)
        assert opened.table.is_over
        done.append(opened)
    held = set(tables._tables)
    assert held == {playing.table_id} | {t.table_id for t in done[-3:]}
    again = tables.get(done[0].table_id)  # read again from the store
    assert again is not done[0]
    assert again.table.record() == done[0].table.record()
    assert done[1].table_id not in tables._tables  # the oldest kept one went in its place
    assert len(tables._tables) == 4
    tables.close(again)
    assert done[0].table_id not in tables._tables and done[0].table_id not in tables._finished


def test_a_table_another_server_finished_leaves_this_ones_memory_too(tmp_path):
    """Two servers on one store: B holds a table while A plays it to its end. B learns of
    the end when it next reads the store (`sync`) and counts the table as finished, so
    with none kept (finished_kept=0) it lets it go from memory; `get` reads it again."""
    path = str(tmp_path / "tables.db")
    a, b = Tables(open_store(path)), Tables(open_store(path), finished_kept=0)
    opened, _, _ = a.create("kowah", [Seat(HUMAN), Seat(AI, "greedy"), Seat(AI, "greedy")], 3,
                         None)
    held = b.get(opened.table_id)
    assert opened.table_id in b._tables
    while not opened.table.is_over:
        with opened.lock:
            opened.table.act(0, opened.table.observation(0).legal_actions[0])
            a.commit(opened)
    with held.lock:
        b.sync(held)
    assert held.table.is_over and opened.table_id not in b._tables
    assert b.get(opened.table_id).table.record() == opened.table.record()


def test_replicas_count_one_client_s_open_tables_together(store_db):
    """The per-address limit is counted in the store, in the creating transaction (on
    PostgreSQL under a lock per creator): two replicas give one address as many open
    tables as one would, and another address is not held back by it."""
    from moneycards.server.tables import TableError

    a, b = Tables(open_store(store_db)), Tables(open_store(store_db))
    a.max_open_tables = b.max_open_tables = 2
    a.create("kowah", KOWAH_PEOPLE, 1, None, client="203.0.113.5")
    b.create("kowah", KOWAH_PEOPLE, 2, None, client="203.0.113.5")
    for replica in (a, b):
        with pytest.raises(TableError) as err:
            replica.create("kowah", KOWAH_PEOPLE, 3, None, client="203.0.113.5")
        assert err.value.status.details.startswith("2 open tables were created from this "
                                                   "address already")
    b.create("kowah", KOWAH_PEOPLE, 4, None, client="198.51.100.7")
    assert len(a.store.table_ids()) == 3  # nothing written for the refused ones
