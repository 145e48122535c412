"""The table stores, SQLite and PostgreSQL alike: the schema from the numbered migration
files (applied once, an old SQLite file upgraded), one transaction per write, and the
revision check that lets several servers share a store: of two writes decided on one
revision exactly one is stored, and a refused write leaves nothing."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading

import pytest

from moneycards.solver.errors import InvalidInput
from moneycards.server.store import (Conflict, SqliteStore, StoreFailure, StoreUnavailable,
                                     migrations, open_store, redacted)

HEADER = {"game": "kowah", "played_at": "2026-01-01T00:00:00Z", "seed": "1"}


def test_every_engine_has_the_same_numbered_migrations():
    sqlite, postgres = migrations("sqlite"), migrations("postgres")
    assert [(v, n) for v, n, _ in sqlite] == [(v, n) for v, n, _ in postgres]
    assert [v for v, _, _ in sqlite] == list(range(1, len(sqlite) + 1))


def test_a_table_is_written_read_and_changed_by_revision(store_db):
    store = open_store(store_db)
    store.create("t1", HEADER, {0: "ab"}, ["a0", "a1"], False)
    got = store.get("t1")
    assert got.actions == ["a0", "a1"] and got.tokens == {0: "ab"} and got.revision == 0
    assert got.queued == {} and not got.over and not got.closed
    assert store.changes("t1", 0, 2).actions == [] and store.changes("nope", 0, 0) is None
    rev = store.append("t1", 2, ["a2"], False, revision=0, queued={1: "pass"})
    assert rev == 1
    ch = store.changes("t1", 0, 2)
    assert (ch.revision, ch.actions, ch.queued, ch.over) == (1, ["a2"], {1: "pass"}, False)
    # A write decided on the old revision is refused and leaves nothing.
    with pytest.raises(Conflict):
        store.append("t1", 3, ["b3"], True, revision=0)
    # So is an action index already taken, whatever the revision.
    with pytest.raises(Conflict):
        store.append("t1", 2, ["b2"], True)
    got = store.get("t1")
    assert got.actions == ["a0", "a1", "a2"] and got.revision == 1 and not got.over
    assert store.append("t1", 3, ["a3"], True, revision=1) == 2
    store.close("t1")
    assert store.table_ids() == [] and store.table_ids(include_closed=True) == ["t1"]
    assert store.changes("t1", 2, 4).closed
    assert [t.table_id for t in store.load(include_closed=True)] == ["t1"]
    # A second opening of the same store applies no migration again.
    again = open_store(store_db)
    assert again.get("t1").actions == ["a0", "a1", "a2", "a3"]


def test_purge_removes_closed_and_over_tables_made_before_the_date_and_nothing_else(store_db):
    """`tables purge`'s store call: the closed and the over tables made by the date go,
    their actions and token digests with them, in one transaction; an open table never
    does, nor a table made after the date; a dry run only names them."""
    store = open_store(store_db)
    made = {"old-open": ("2026-01-01T00:00:00Z", False),
            "old-over": ("2026-01-02T00:00:00Z", True),
            "old-closed": ("2026-01-03T00:00:00Z", False),
            "new-over": ("2026-03-01T00:00:00Z", True),
            "new-closed": ("2026-03-01T00:00:00Z", False)}
    for table_id, (when, over) in made.items():
        store.create(table_id, {**HEADER, "played_at": when}, {0: "ab", 1: "cd"}, ["a0", "a1"],
                     over, owner="ef")
    store.close("old-closed")
    store.close("new-closed")
    store.renew_token("old-over", 0, "ab", "gh")
    # a second before the new ones were made
    assert store.purge("2026-02-28T23:59:59Z", dry_run=True) == [("old-over", "over"),
                                                                  ("old-closed", "closed")]
    assert store.get("old-over") is not None  # the dry run removed nothing
    assert store.purge("2026-02-28T23:59:59Z") == [("old-over", "over"),
                                                   ("old-closed", "closed")]
    assert store.get("old-over") is None and store.get("old-closed") is None
    assert store.changes("old-over", 0, 0) is None  # a server holding it: NOT_FOUND
    assert sorted(store.table_ids(include_closed=True)) == ["new-closed", "new-over", "old-open"]
    assert not store.was_renewed("old-over", "ab")
    assert store.get("old-open").actions == ["a0", "a1"]  # an open table, however old
    # made at that very second: made by it
    assert store.purge("2026-03-01T00:00:00Z") == [("new-closed", "closed"), ("new-over", "over")]
    assert store.table_ids(include_closed=True) == ["old-open"]
    if not store_db.startswith("postgresql"):
        con = sqlite3.connect(store_db)
        for child in ("table_actions", "seat_tokens", "renewed_tokens"):
            assert [t for (t,) in con.execute(f"SELECT DISTINCT table_id FROM {child}")] \
                in ([], ["old-open"]), child
        con.close()


def test_text_with_a_nul_byte_is_bad_input_not_a_store_fault(store_db):
    """PostgreSQL text holds no NUL: such text is refused as input (a store fault would take
    the replica out of service); SQLite simply finds no such table."""
    store = open_store(store_db)
    store.create("t1", HEADER, {0: "ab"}, ["a0"], False)
    if store_db.startswith("postgresql"):
        with pytest.raises(InvalidInput, match="NUL"):
            store.get("t1\x00")
    else:
        assert store.get("t1\x00") is None
    assert store.get("t1").actions == ["a0"]


def test_connections_a_database_restart_closed_are_replaced_before_use(store_db):
    """Every pooled connection ended as a restart ends them (pg_terminate_backend): the
    next calls all succeed on fresh connections, none fails as unreachable."""
    if not store_db.startswith("postgresql"):
        pytest.skip("a PostgreSQL pool")
    import psycopg
    store = open_store(store_db)
    store.create("t1", HEADER, {0: "ab"}, ["a0"], False)
    for _ in range(4):  # the pool holds some connections
        store.get("t1")
    with psycopg.connect(store_db, autocommit=True) as admin:
        ended = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                              "WHERE datname = current_database() AND pid <> "
                              "pg_backend_pid()").fetchone()[0]
    assert ended >= 1
    try:
        for _ in range(8):
            assert store.get("t1").actions == ["a0"]
    finally:
        store.close_connection()  # its pool ended here, not in a collector's warning


def test_of_two_writers_on_one_revision_exactly_one_is_stored(store_db):
    a, b = open_store(store_db), open_store(store_db)
    a.create("t", HEADER, {}, [], False)
    for rev in range(5):
        start = len(a.get("t").actions)
        outcomes = at_once([lambda s=s, tag=tag, rev=rev, start=start: write(s, tag, rev, start)
                            for s, tag in ((a, "a"), (b, "b"))])
        assert sorted(outcomes)[0] in ("a", "b") and sorted(outcomes)[1] == "conflict"
        won = next(o for o in outcomes if o != "conflict")
        assert b.get("t").actions[start:] == [f"{won}{rev}", f"{won}{rev}+"]
        assert a.get("t").revision == rev + 1


def write(store, tag, rev, start):
    try:
        store.append("t", start, [f"{tag}{rev}", f"{tag}{rev}+"], False, revision=rev)
        return tag
    except Conflict:
        return "conflict"


def at_once(calls):
    """The calls run in threads started together; their results, in order."""
    barrier, out = threading.Barrier(len(calls)), [None] * len(calls)

    def run(k):
        barrier.wait()
        out[k] = calls[k]()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_an_sqlite_file_of_the_first_schema_is_upgraded(tmp_path):
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    for statement in migrations("sqlite")[0][2]:
        con.execute(statement)
    con.execute("INSERT INTO game_tables (table_id, game, header, created) VALUES "
                "('old', 'kowah', '{\"game\": \"kowah\"}', '2025')")
    con.execute("INSERT INTO table_actions VALUES ('old', 0, 'x')")
    con.commit()
    con.close()
    store = SqliteStore(db)
    got = store.get("old")
    assert got.actions == ["x"] and got.revision == 0 and got.queued == {}
    assert store.append("old", 1, ["y"], False, revision=0) == 1


def test_an_unreachable_postgres_is_one_line_without_the_password():
    pytest.importorskip("psycopg", reason="psycopg is not installed")
    with pytest.raises(StoreUnavailable) as err:
        open_store("postgresql://who:secret@127.0.0.1:1/none?connect_timeout=1")
    assert "secret" not in str(err.value) and "\n" not in str(err.value)
    assert "who:***@127.0.0.1:1" in str(err.value)
    assert redacted("postgresql://h/db?user=u&password=pw&sslmode=require") == \
        "postgresql://h/db?user=u&password=***&sslmode=require"


def test_opening_an_sqlite_store_waits_out_another_process_write(tmp_path, monkeypatch):
    """Replicas started together open one file at once: a store being opened waits for a
    write lock held longer than a call would wait (busy_ms), up to OPEN_WAIT_S, and only
    then fails as STORE_LOCKED."""
    from moneycards.server import store as store_module
    from moneycards.server.store import StoreFailure

    path = tmp_path / "tables.db"
    SqliteStore(path).close_connection()
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another process's write, in progress
    release = threading.Timer(0.6, lambda: holder.execute("COMMIT"))
    release.start()
    try:
        opened = SqliteStore(path, busy_ms=50)  # each try waits 50 ms; the open, longer
        opened.close_connection()
    finally:
        release.join()
    holder.execute("BEGIN IMMEDIATE")
    monkeypatch.setattr(store_module, "OPEN_WAIT_S", 0.3)
    with pytest.raises(StoreFailure) as err:
        SqliteStore(path, busy_ms=50)
    assert err.value.reason == "STORE_LOCKED"
    holder.execute("COMMIT")
    holder.close()


def test_a_database_of_another_application_is_refused_untouched(store_db):
    """Other tables and no store of ours: refused with a table named, nothing added."""
    if store_db.startswith("postgresql"):
        import psycopg
        with psycopg.connect(store_db, autocommit=True) as con:
            con.execute("CREATE TABLE users (id INTEGER)")

        def names():
            with psycopg.connect(store_db) as con:
                return [n for (n,) in con.execute(
                    "SELECT table_name FROM information_schema.tables WHERE "
                    "table_schema = current_schema()").fetchall()]
    else:
        con = sqlite3.connect(store_db)
        con.execute("CREATE TABLE users (id INTEGER)")
        con.commit()
        con.close()

        def names():
            with sqlite3.connect(store_db) as con:
                return [n for (n,) in con.execute("SELECT name FROM sqlite_master")]
    with pytest.raises(StoreUnavailable, match=r"holds other tables \(users\)"):
        open_store(store_db)
    assert names() == ["users"]


def test_a_store_opened_to_read_reads_and_refuses_every_write(store_db):
    open_store(store_db).create("t1", HEADER, {0: "ab"}, ["a0"], False)
    reader = open_store(store_db, read_only=True)
    assert reader.get("t1").actions == ["a0"] and reader.table_ids() == ["t1"]
    with pytest.raises(StoreFailure):
        reader.append("t1", 1, ["a1"], False, revision=0)
    assert open_store(store_db).get("t1").actions == ["a0"]


def test_a_read_only_store_file_is_refused_when_opened_to_write(tmp_path, monkeypatch):
    """A store file the server cannot write is said at start-up, not as "retry shortly" on
    the first table made (the server started and reported SERVING)."""
    import os

    from moneycards.server import store as module

    path = tmp_path / "t.db"
    SqliteStore(path).close_connection()
    real = os.access
    monkeypatch.setattr(module.os, "access", lambda p, mode: False if str(p) == str(path)
                        and mode == os.W_OK else real(p, mode))
    with pytest.raises(StoreUnavailable) as info:
        module.open_store(str(path))
    assert "the file is read-only to this server" in str(info.value)
    module.open_store(str(path), read_only=True).close_connection()  # read, it opens


def test_a_store_in_a_folder_that_cannot_be_written_is_read_as_it_is(tmp_path, monkeypatch):
    """`moneycards tables` reads a store copied to a read-only folder (a mount kept for
    inspection): SQLite's read-only mode would make a -shm file there, and failed."""
    import os

    from moneycards.server import store as module

    path = tmp_path / "t.db"
    made = SqliteStore(path)
    made.create("t1", HEADER, {0: "ab"}, ["a0"], False)
    made.close_connection()
    real = os.access
    monkeypatch.setattr(module.os, "access", lambda p, mode: False if str(p) == str(tmp_path)
                        and mode == os.W_OK else real(p, mode))
    seen = module.open_store(str(path), read_only=True)
    try:
        assert seen.get("t1").actions == ["a0"] and seen.table_ids() == ["t1"]
    finally:
        seen.close_connection()


def test_reading_a_stopped_store_leaves_no_files_beside_it(tmp_path):
    """`moneycards tables` on a stopped store: SQLite's read-only mode made empty -wal and
    -shm files that it could not remove after. Beside a running server its writes are read
    through the server's own files, and those stay."""
    path = tmp_path / "t.db"
    made = SqliteStore(path)
    made.create("t1", HEADER, {0: "ab"}, ["a0"], False)
    made.close_connection()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.db"]
    # as the command runs: its process ends with the store open
    listed = subprocess.run([sys.executable, "-m", "moneycards", "tables", "list", "--db",
                             str(path)], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0 and "t1" in listed.stdout, listed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.db"]
    running = SqliteStore(path)
    try:
        running.append("t1", 1, ["a1"], False)
        seen = SqliteStore(path, read_only=True)
        try:
            assert seen.get("t1").actions == ["a0", "a1"]  # in the -wal file, not yet copied
        finally:
            seen.close_connection()
        assert {"t.db-wal", "t.db-shm"} <= {p.name for p in tmp_path.iterdir()}
    finally:
        running.close_connection()


def test_the_migrations_applied_are_logged_once(tmp_path, caplog):
    """An operator sees a schema change in the log: the files applied, named, at the
    opening that applies them, and nothing at the next."""
    import logging

    path = tmp_path / "t.db"
    with caplog.at_level(logging.INFO, logger="moneycards.server"):
        SqliteStore(path).close_connection()
    said = [r.getMessage() for r in caplog.records if "applied" in r.getMessage()]
    assert len(said) == 1 and "applied 0001_tables, 0002_revision" in said[0]
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="moneycards.server"):
        SqliteStore(path).close_connection()
    assert not [r for r in caplog.records if "applied" in r.getMessage()]
