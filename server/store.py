"""Where tables live between calls and across restarts: each table as its game record.

A table is stored as its header (game, seed, rules, seats, date: the record file's JSON
without actions), the SHA-256 of each person's seat token (tokens themselves are never
stored), and its actions, one row each. `append` commits every action an `Act` accepted
(the seat's and the AI replies) in one transaction before the server answers, so a server
killed at any moment and restarted on the same database rebuilds every open table by
replay and loses no accepted action.

Several server processes may share one store (any of them serves any table): each table
has a revision that every write bumps; a server reads what changed since the revision it
holds before answering (`changes`), and its write names that revision, so of two servers
writing to one table at once exactly one succeeds and the other gets `Conflict` with
nothing written (the primary key on (table_id, idx) would refuse a duplicate action too).

`TableStore` is the interface the service uses; `SqlStore` holds its SQL, which is
portable; `SqliteStore` is the embedded default, `PostgresStore` (server/pgstore.py) the
one for several machines. The schema is created and changed by the numbered SQL files in
migrations/<engine>/, applied in order at start-up and recorded in schema_migrations.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import pathlib
import re
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Protocol, TypeVar

log = logging.getLogger("moneycards.server")
T = TypeVar("T")

MIGRATIONS = pathlib.Path(__file__).with_name("migrations")


class Conflict(Exception):
    """Another server wrote to the table first: the write named an older revision (or an
    action index that is taken). Nothing was written."""


class TooManyTables(Exception):
    """The creator has `open` open tables already, as many as it may (nothing written)."""

    def __init__(self, open_tables: int):
        super().__init__(f"{open_tables} open tables")
        self.open_tables = open_tables


class StoreUnavailable(Exception):
    """The store named cannot be opened; the message says why in one line."""


OWN_TABLES = {"schema_migrations", "game_tables", "seat_tokens", "table_actions",
              "store_probe", "renewed_tokens"}


def foreign_database(names: list[str], where: str) -> None:
    """Refuse a database that holds tables but no store of ours (no schema_migrations): it
    is another application's, and the store would add its tables to it."""
    others = sorted(set(names) - OWN_TABLES)
    if others and "schema_migrations" not in names:  # a store of the first release has none
        shown = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
        raise StoreUnavailable(f"{where} holds other tables ({shown}) and no moneycards "
                               f"store: give a new file or database, or an existing store")


class StoreFailure(Exception):
    """The store cannot do what was asked now; nothing was written. `reason` says why:
    STORE_LOCKED (another process holds the write lock longer than a call may wait),
    STORE_FULL (no space left), STORE_DAMAGED (the file is not a whole database),
    STORE_UNREACHABLE (the database server cannot be reached) or STORE_FAILED (any other
    error of the store). The message is one line for the caller; the operator's log has
    the store's own words."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason
        self.message = message


def migrations(dialect: str) -> list[tuple[int, str, list[str]]]:
    """The numbered SQL files of `dialect` (migrations/DIALECT/NNNN_name.sql), in order:
    (number, name, statements)."""
    out = []
    for path in sorted((MIGRATIONS / dialect).glob("[0-9][0-9][0-9][0-9]_*.sql")):
        text = "\n".join(line for line in path.read_text().splitlines()
                         if not line.lstrip().startswith("--"))
        statements = [s.strip() for s in text.split(";") if s.strip()]
        out.append((int(path.name[:4]), path.stem, statements))
    return out


@dataclass(frozen=True)
class StoredTable:
    table_id: str
    header: dict[str, Any]  # the record without its actions
    tokens: dict[int, str]  # seat -> SHA-256 of its token
    actions: list[str]
    over: bool
    closed: bool
    revision: int = 0  # grows with every write to the table
    queued: dict[int, str] = field(default_factory=dict)  # seat -> action waiting its turn
    renewed: frozenset[int] = frozenset()  # seats whose token was renewed
    owner: str | None = None  # SHA-256 of the owner token; None for tables stored before


@dataclass(frozen=True)
class TableRow:
    """A table as the store's columns tell it, without its actions: what a listing needs."""

    table_id: str
    header: dict[str, Any]
    created: str
    public_actions: int
    over: bool
    renewed: frozenset[int] = frozenset()  # seats whose tokens were renewed (links opened)


@dataclass(frozen=True)
class Changes:
    """What a table's stored state is, for a server whose copy is at `revision`."""

    revision: int
    actions: list[str]  # the actions from the asked index on ([] if the revision is known)
    queued: dict[int, str]
    over: bool
    closed: bool
    tokens: dict[int, str] | None = None  # seat -> digest, read when the revision moved
    renewed: frozenset[int] = frozenset()  # seats whose token was renewed (with `tokens`)


class TableStore(Protocol):
    @property
    def where(self) -> str: ...  # the store as a log line names it (a path, a redacted URL)

    def create(self, table_id: str, header: dict[str, Any], tokens: dict[int, str],
               actions: list[str], over: bool, public_actions: int = 0,
               creator: str | None = None, limit: int | None = None,
               owner: str | None = None) -> None: ...

    def append(self, table_id: str, start: int, actions: list[str], over: bool, *,
               revision: int | None = None, queued: dict[int, str] | None = None,
               public_actions: int | None = None) -> int: ...

    def close(self, table_id: str) -> bool: ...
    def purge(self, made_by: str, *, dry_run: bool = False) -> list[tuple[str, str]]: ...

    def open_rows(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]: ...

    def probe(self) -> None: ...

    def close_connection(self) -> None: ...

    def load(self, *, include_closed: bool = False) -> Iterator[StoredTable]: ...

    def get(self, table_id: str) -> StoredTable | None: ...

    def changes(self, table_id: str, revision: int, start: int) -> Changes | None: ...

    def renew_token(self, table_id: str, seat: int, old: str, new: str) -> int: ...

    def was_renewed(self, table_id: str, digest: str) -> bool: ...

    def table_ids(self) -> list[str]: ...


Execute = Callable[[str, tuple[Any, ...]], Any]  # runs one statement, returns a cursor


def _queued_json(queued: dict[int, str] | None) -> str:
    return json.dumps({str(s): a for s, a in sorted((queued or {}).items())})


def _queued(text: str) -> dict[int, str]:
    return {int(s): a for s, a in json.loads(text or "{}").items()}


class SqlStore:
    """The store's SQL, the same for every engine: each method is one transaction run by
    `_run(work, write)`, where `work` gets a function that executes one statement.
    Statements use `?` placeholders; an engine with another style rewrites them."""

    dialect = ""  # the folder of its migrations (migrations/DIALECT/)

    def _run(self, work: Callable[[Execute], T], write: bool = True) -> T:
        raise NotImplementedError

    def _lock_schema(self, ex: Execute) -> None:
        """Hold off other servers migrating the same database (within the transaction)."""

    def _tables_here(self, ex: Execute) -> list[str]:
        """The names of the tables the database holds (the engine's catalogue)."""
        raise NotImplementedError

    def _migrate(self) -> None:
        """Apply the numbered SQL files not applied yet, in one transaction. A database that
        holds tables but no store of ours is another application's: refused, untouched."""
        def work(ex: Execute) -> None:
            self._lock_schema(ex)
            foreign_database(self._tables_here(ex), self.where)
            ex("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
               "name TEXT NOT NULL)", ())
            done = {v for (v,) in ex("SELECT version FROM schema_migrations", ()).fetchall()}
            for version, name, statements in migrations(self.dialect):
                if version in done:
                    continue
                for statement in statements:
                    ex(statement, ())
                ex("INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
                   (version, name))
                applied.append(name)
        applied: list[str] = []
        self._run(work)
        if applied:  # an operator sees the schema change in the log
            log.info("table store %s: applied %s", self.where, ", ".join(applied))

    def _check_schema(self) -> None:
        """For a store opened to read: its schema is this release's, and nothing is
        written (an older store is upgraded by `serve`, which writes)."""
        def work(ex: Execute) -> None:
            names = self._tables_here(ex)
            foreign_database(names, self.where)
            if "schema_migrations" not in names:
                raise StoreUnavailable(f"{self.where} holds no tables yet")
            done = {v for (v,) in ex("SELECT version FROM schema_migrations", ()).fetchall()}
            latest = [v for v, _, _ in migrations(self.dialect)]
            if not set(latest) <= done:
                raise StoreUnavailable(
                    f"{self.where} was written by an older release (schema {max(done, default=0)} "
                    f"of {max(latest)}); `moneycards serve --db` upgrades it, and these "
                    f"commands only read")
        self._run(work, write=False)

    @property
    def where(self) -> str:
        return "the store"

    def create(self, table_id: str, header: dict[str, Any], tokens: dict[int, str],
               actions: list[str], over: bool, public_actions: int = 0,
               creator: str | None = None, limit: int | None = None,
               owner: str | None = None) -> None:
        """Store a new table, with `owner` the digest of its owner token. With `creator`
        and `limit`: TooManyTables (nothing written) if that creator has `limit` open tables
        already (neither over nor closed), counted in the same transaction as the insert,
        so servers sharing the store agree."""
        def work(ex: Execute) -> None:
            if creator is not None and limit is not None:
                self._lock_creator(ex, creator)
                (count,) = ex("SELECT COUNT(*) FROM game_tables WHERE creator = ? AND "
                              "over = 0 AND closed = 0", (creator,)).fetchone()
                if count >= limit:
                    raise TooManyTables(count)
            ex("INSERT INTO game_tables (table_id, game, header, created, over, "
               "public_actions, creator, owner_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               (table_id, header["game"], json.dumps(header, ensure_ascii=False),
                header["played_at"], int(over), public_actions, creator, owner))
            for seat, digest in sorted(tokens.items()):
                ex("INSERT INTO seat_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)",
                   (table_id, seat, digest))
            self._insert(ex, table_id, 0, actions)
        self._run(work)

    def _lock_creator(self, ex: Execute, creator: str) -> None:
        """Hold off other servers creating for the same creator until this transaction
        ends (SQLite's write transaction already does)."""

    @staticmethod
    def _insert(ex: Execute, table_id: str, start: int, actions: list[str]) -> None:
        for k, a in enumerate(actions):
            ex("INSERT INTO table_actions (table_id, idx, action) VALUES (?, ?, ?)",
               (table_id, start + k, a))

    def append(self, table_id: str, start: int, actions: list[str], over: bool, *,
               revision: int | None = None, queued: dict[int, str] | None = None,
               public_actions: int | None = None) -> int:
        """Store `actions` from index `start` on and the queued actions, in one
        transaction; the table's new revision. With `revision`, the write happens only if
        the table is still at that revision, else Conflict (another server wrote first);
        an index already taken is a Conflict too. Nothing is written on a Conflict.
        `public_actions` (the actions every seat has seen) is kept for listings."""
        def work(ex: Execute) -> int:
            sql = "UPDATE game_tables SET revision = revision + 1, queued = ?, " \
                  "over = CASE WHEN ? = 1 THEN 1 ELSE over END, " \
                  "public_actions = COALESCE(?, public_actions) WHERE table_id = ?"
            args: tuple[Any, ...] = (_queued_json(queued), int(over), public_actions,
                                     table_id)
            if revision is not None:
                sql += " AND revision = ?"
                args += (revision,)
            if ex(sql, args).rowcount != 1:
                raise Conflict(f"table {table_id} is no longer at revision {revision}")
            self._insert(ex, table_id, start, actions)
            (now,), = ex("SELECT revision FROM game_tables WHERE table_id = ?",
                         (table_id,)).fetchall()
            return int(now)
        return self._run(work)

    def close(self, table_id: str) -> bool:
        """Close an open table (its revision bumped, so a replica's later write naming the
        old revision conflicts); False if it was closed already or is not there."""
        return bool(self._run(lambda ex: ex(
            "UPDATE game_tables SET closed = 1, revision = revision + 1 "
            "WHERE table_id = ? AND closed = 0", (table_id,)).rowcount))

    def purge(self, made_by: str, *, dry_run: bool = False) -> list[tuple[str, str]]:
        """Remove, in one transaction, every table made at or before `made_by` (ISO 8601
        UTC to the second, as the header's played_at) that is closed or over (its deal or
        match played, an ai_only table from the start), with its actions and token digests:
        (table id, "closed" or "over") of each, oldest first. An open table that is not
        over is never removed. A server that still holds a removed table answers NOT_FOUND
        for it (`changes` finds none). `dry_run`: only say which."""
        def work(ex: Execute) -> list[tuple[str, str]]:
            rows = [(str(t), "closed" if closed else "over") for t, closed in ex(
                "SELECT table_id, closed FROM game_tables WHERE created <= ? "
                "AND (closed = 1 OR over = 1) ORDER BY created, table_id",
                (made_by,)).fetchall()]
            if dry_run:
                return rows
            for table_id, _ in rows:
                for child in ("table_actions", "seat_tokens", "renewed_tokens"):
                    ex(f"DELETE FROM {child} WHERE table_id = ?", (table_id,))
                ex("DELETE FROM game_tables WHERE table_id = ?", (table_id,))
            return rows
        return self._run(work, write=not dry_run)

    def changes(self, table_id: str, revision: int, start: int) -> Changes | None:
        """The table's state if its revision is not `revision` (with its actions from
        index `start` on), or with no actions if it is; None if there is no such table."""
        def work(ex: Execute) -> Changes | None:
            rows = ex("SELECT revision, queued, over, closed FROM game_tables "
                      "WHERE table_id = ?", (table_id,)).fetchall()
            if not rows:
                return None
            now, queued, over, closed = rows[0]
            if now == revision:
                return Changes(int(now), [], _queued(queued), bool(over), bool(closed))
            actions = [a for (a,) in ex(
                "SELECT action FROM table_actions WHERE table_id = ? AND idx >= ? "
                "ORDER BY idx", (table_id, start)).fetchall()]
            return Changes(int(now), actions, _queued(queued), bool(over), bool(closed),
                           self._tokens(ex, table_id), self._renewed(ex, table_id))
        return self._run(work, write=False)

    @staticmethod
    def _tokens(ex: Execute, table_id: str) -> dict[int, str]:
        return {int(s): d for s, d in ex(
            "SELECT seat, token_sha256 FROM seat_tokens WHERE table_id = ?",
            (table_id,)).fetchall()}

    @staticmethod
    def _renewed(ex: Execute, table_id: str) -> frozenset[int]:
        return frozenset(int(s) for (s,) in ex(
            "SELECT DISTINCT seat FROM renewed_tokens WHERE table_id = ?",
            (table_id,)).fetchall())

    def renew_token(self, table_id: str, seat: int, old: str, new: str) -> int:
        """Replace the seat's token digest `old` by `new`, keep `old` as renewed, and bump
        the table's revision (so every server re-reads the tokens); the new revision.
        Conflict, nothing written, if the seat's digest is no longer `old` (another server
        renewed it first)."""
        def work(ex: Execute) -> int:
            if ex("UPDATE seat_tokens SET token_sha256 = ? WHERE table_id = ? AND seat = ? "
                  "AND token_sha256 = ?", (new, table_id, seat, old)).rowcount != 1:
                raise Conflict(f"seat {seat} of table {table_id} has another token now")
            ex("INSERT INTO renewed_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)",
               (table_id, seat, old))
            ex("UPDATE game_tables SET revision = revision + 1 WHERE table_id = ?",
               (table_id,))
            (now,), = ex("SELECT revision FROM game_tables WHERE table_id = ?",
                         (table_id,)).fetchall()
            return int(now)
        return self._run(work)

    def was_renewed(self, table_id: str, digest: str) -> bool:
        """Whether this token digest was a seat's token of the table before a renewal."""
        def work(ex: Execute) -> bool:
            return bool(ex("SELECT 1 FROM renewed_tokens WHERE table_id = ? AND "
                           "token_sha256 = ?", (table_id, digest)).fetchall())
        return self._run(work, write=False)

    def open_rows(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]:
        """Up to `limit` open (not closed) tables, newest first, from the columns alone
        (no actions read, nothing replayed); after `after` = (created, table_id) if given."""
        where, args = "WHERE closed = 0", ()  # type: tuple[str, tuple[Any, ...]]
        if after is not None:
            where += " AND (created < ? OR (created = ? AND table_id < ?))"
            args = (after[0], after[0], after[1])
        def work(ex: Execute) -> list[TableRow]:
            rows = ex("SELECT table_id, header, created, public_actions, over FROM game_tables "
                      + where + " ORDER BY created DESC, table_id DESC LIMIT ?",
                      (*args, limit)).fetchall()
            # whose links were opened, as a view tells every seat (SeatInfo.token_renewed)
            renewed: dict[str, set[int]] = {}
            if rows:
                ids = [r[0] for r in rows]
                for t, seat in ex("SELECT DISTINCT table_id, seat FROM renewed_tokens WHERE "
                                  f"table_id IN ({', '.join('?' * len(ids))})",
                                  tuple(ids)).fetchall():
                    renewed.setdefault(t, set()).add(int(seat))
            return [TableRow(t, json.loads(h), str(c), int(n), bool(o),
                             frozenset(renewed.get(t, ()))) for t, h, c, n, o in rows]
        return self._run(work, write=False)

    def probe(self) -> None:
        """One small write: raises StoreFailure while the store takes none."""
        now = datetime.datetime.now(datetime.timezone.utc).isoformat()
        self._run(lambda ex: ex("UPDATE store_probe SET at = ? WHERE id = 1", (now,)))

    def close_connection(self) -> None:
        """Let go of the store (at shutdown)."""

    def _read(self, where: str, args: tuple[Any, ...]) -> list[StoredTable]:
        def work(ex: Execute) -> list[StoredTable]:
            out = []
            for table_id, header, over, closed, revision, queued, owner in ex(
                    "SELECT table_id, header, over, closed, revision, queued, owner_sha256 "
                    "FROM game_tables" + where + " ORDER BY created, table_id", args).fetchall():
                tokens = self._tokens(ex, table_id)
                actions = [a for (a,) in ex(
                    "SELECT action FROM table_actions WHERE table_id = ? ORDER BY idx",
                    (table_id,)).fetchall()]
                out.append(StoredTable(table_id, json.loads(header), tokens, actions,
                                       bool(over), bool(closed), int(revision),
                                       _queued(queued), self._renewed(ex, table_id),
                                       owner))
            return out
        return self._run(work, write=False)

    def load(self, *, include_closed: bool = False) -> Iterator[StoredTable]:
        """Every table (oldest first), with its actions; closed ones only if asked."""
        for table_id in self.table_ids(include_closed=include_closed):
            found = self.get(table_id)
            if found is not None:
                yield found

    def get(self, table_id: str) -> StoredTable | None:
        return next(iter(self._read(" WHERE table_id = ?", (table_id,))), None)

    def table_ids(self, *, include_closed: bool = False) -> list[str]:
        """The tables' ids, oldest first; closed ones only if asked."""
        where = "" if include_closed else " WHERE closed = 0"
        return [t for (t,) in self._run(lambda ex: ex(
            "SELECT table_id FROM game_tables" + where + " ORDER BY created, table_id",
            ()).fetchall(), write=False)]


def default_path() -> pathlib.Path:
    """$MONEYCARDS_DB, else the user's data directory (XDG_DATA_HOME or ~/.local/share)."""
    if os.environ.get("MONEYCARDS_DB"):
        return pathlib.Path(os.environ["MONEYCARDS_DB"])
    base = os.environ.get("XDG_DATA_HOME") or pathlib.Path.home() / ".local" / "share"
    return pathlib.Path(base) / "moneycards" / "tables.db"


# SQLite's own error names (sqlite3.Error.sqlite_errorname, its first word) -> the reason
# the service gives; anything else is STORE_FAILED.
SQLITE_REASONS = {"SQLITE_BUSY": "STORE_LOCKED", "SQLITE_LOCKED": "STORE_LOCKED",
                  "SQLITE_FULL": "STORE_FULL", "SQLITE_CORRUPT": "STORE_DAMAGED",
                  "SQLITE_NOTADB": "STORE_DAMAGED"}
STORE_WORDS = {"STORE_LOCKED": "the table store is busy (another process holds its write "
                               "lock): retry shortly",
               "STORE_FULL": "the table store is full (no space left): nothing was stored",
               # damaged, or a file that never was a store (`serve --db` given another)
               "STORE_DAMAGED": "the table store's file is not a whole SQLite database: "
                                "damaged, or some other file",
               "STORE_UNREACHABLE": "the table store cannot be reached: retry shortly",
               "STORE_FAILED": "the table store failed: retry shortly"}


def sqlite_failure(err: sqlite3.Error) -> StoreFailure:
    name = (getattr(err, "sqlite_errorname", "") or "").split("_(")[0]
    reason = SQLITE_REASONS.get(name, "STORE_FAILED")
    if name.startswith("SQLITE_IOERR") and "full" in str(err).lower():
        reason = "STORE_FULL"
    return StoreFailure(reason, f"{STORE_WORDS[reason]} ({err})")


OPEN_WAIT_S = 15.0  # how long opening an SQLite store waits for another process's write


class SqliteStore(SqlStore):
    """Tables in an SQLite file (WAL, synchronous=FULL), or ":memory:" for throw-away.

    Each thread has a connection of its own, so a call waiting for the file's write lock
    (BEGIN IMMEDIATE; several server processes may share the file) holds up no other
    call: reads never wait in WAL mode. A write waits at most `busy_ms` for the lock and
    then fails with StoreFailure (STORE_LOCKED). A new folder is made 0700 and a new file
    0600 (seat token digests and every hand are in it; SQLite gives its -wal and -shm
    files the same mode). `max_pages` bounds the file (SQLite's max_page_count): a write
    past it fails as on a full disk. `close_connection` checkpoints the WAL into the file,
    so a stopped store is whole without its -wal file."""

    dialect = "sqlite"

    def __init__(self, path: str | os.PathLike[str] = ":memory:", busy_ms: int = 750,
                 max_pages: int | None = None, read_only: bool = False):
        self.path = str(path)
        self.busy_ms = busy_ms
        self.max_pages = max_pages
        self.read_only = read_only
        self._lock = threading.Lock()
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._closed = False
        if read_only:  # opened to read (`moneycards tables`): nothing made, nothing changed
            self._shared = None
            self._check_schema()
            return
        if self.path != ":memory:" and os.path.isfile(self.path) \
                and os.path.getsize(self.path) > 0:
            # before a connection turns the file to WAL: another application's database
            # is refused as it is
            self._refuse_foreign()
        if self.path != ":memory:":
            folder = pathlib.Path(self.path).parent
            if not folder.exists():
                folder.mkdir(mode=0o700, parents=True)
            if not os.path.exists(self.path):
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            elif not os.access(self.path, os.W_OK):
                # said at start-up, not as "retry shortly" on the first table made
                raise StoreFailure("STORE_FAILED", "the file is read-only to this server: "
                                                   "give it write permission, or serve a copy")
        # ":memory:" is one database per connection: one connection, shared under the lock
        # (no other process can hold its lock, so nothing waits while holding ours).
        self._shared = self._connect() if self.path == ":memory:" else None
        # Replicas started together open one file at once: the schema check waits for
        # another process's write up to OPEN_WAIT_S, longer than a call waits (busy_ms),
        # as a process starting has no caller to keep waiting.
        deadline = time.monotonic() + OPEN_WAIT_S
        while True:
            try:
                self._migrate()
                break
            except sqlite3.Error as err:
                failure = sqlite_failure(err)
            except StoreFailure as err:
                failure = err
            if failure.reason != "STORE_LOCKED" or time.monotonic() >= deadline:
                raise failure from None
            time.sleep(0.05)

    @property
    def where(self) -> str:
        return repr(self.path)

    def _tables_here(self, ex: Execute) -> list[str]:
        return [n for (n,) in ex("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                 "name NOT LIKE 'sqlite_%'", ()).fetchall()]

    def _read_only_connection(self) -> sqlite3.Connection:
        path = pathlib.Path(self.path).resolve()
        # SQLite reads a WAL store through its -wal and -shm files, and makes them if they
        # are missing; read-only, it cannot remove them after. Read as immutable where no
        # writer is at work: a folder this process cannot write (a read-only mount, a copy
        # kept for inspection: making -shm fails there), or a stopped store (its last
        # connection removed both files); else beside the writer, through its files.
        at_work = any(path.with_name(path.name + end).exists() for end in ("-wal", "-shm"))
        quiet = not os.access(path.parent, os.W_OK) or not at_work
        ro = "mode=ro&immutable=1" if quiet else "mode=ro"
        uri = path.as_uri() + "?" + ro
        return sqlite3.connect(uri, uri=True, isolation_level=None,
                               timeout=self.busy_ms / 1000)

    def _refuse_foreign(self) -> None:
        try:
            db = self._read_only_connection()
            try:
                names = self._tables_here(db.execute)
            finally:
                db.close()
        except sqlite3.Error:
            return  # not a database, or locked: the store's own opening says so
        foreign_database(names, self.where)

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:
            db = self._read_only_connection()
            db.execute("PRAGMA query_only=ON")
            with self._lock:
                self._connections.append(db)
            return db
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                             timeout=self.busy_ms / 1000)
        if self.path != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if self.max_pages is not None:
            db.execute(f"PRAGMA max_page_count={int(self.max_pages)}")
        with self._lock:
            self._connections.append(db)
        return db

    def _connection(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreFailure("STORE_FAILED", "the table store is closed (the server is "
                               "stopping)")
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        return db

    def _run(self, work: Callable[[Execute], T], write: bool = True) -> T:
        if self._shared is not None:
            with self._lock:
                return self._transaction(self._shared, work, write)
        return self._transaction(self._connection(), work, write)

    @staticmethod
    def _transaction(db: sqlite3.Connection, work: Callable[[Execute], T], write: bool) -> T:
        try:
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as err:
            raise sqlite_failure(err) from None
        try:
            out = work(db.execute)
            db.execute("COMMIT")
            return out
        except sqlite3.IntegrityError as err:
            _rollback(db)
            raise Conflict(str(err)) from None
        except sqlite3.Error as err:
            _rollback(db)
            raise sqlite_failure(err) from None
        except BaseException:
            _rollback(db)
            raise

    def close_connection(self) -> None:
        """Checkpoint the WAL into the file and close every connection: the file alone
        then holds every table."""
        with self._lock:
            self._closed = True
            connections, self._connections = self._connections, []
        for db in connections:
            db.close()
        if self.path == ":memory:":
            return
        try:  # a connection of its own, once no other of ours has a transaction open
            db = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_ms / 1000)
            try:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                db.close()
        except sqlite3.Error:
            pass  # another process is mid-write: the WAL stays beside the file, as valid


def _rollback(db: sqlite3.Connection) -> None:
    try:
        db.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # SQLite rolled back by itself (a full disk, an I/O error)




def is_url(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """The URL without its password (user:PASSWORD@ or ?password=), for messages."""
    head, sep, rest = url.partition("://")
    if "@" in rest:
        who, _, where = rest.rpartition("@")
        rest = who.split(":")[0] + ":***@" + where if ":" in who else rest
    return head + sep + re.sub(r"(?i)\b(password=)[^&]*", r"\1***", rest)


def open_store(db: str, *, read_only: bool = False) -> TableStore:
    """The store `db` names: a postgresql:// URL (PostgresStore, server/pgstore.py), else an
    SQLite file (":memory:" keeps none). StoreUnavailable if it cannot be opened, or if it
    is another application's database. `read_only`: opened to read only, never migrated
    or changed (StoreUnavailable if its schema is not this release's)."""
    if is_url(db):
        try:
            import psycopg
            from psycopg_pool import PoolTimeout

            from moneycards.server.pgstore import PostgresStore
        except ImportError:
            raise StoreUnavailable("a PostgreSQL store needs psycopg: pip install "
                                   "'moneycards[postgres]'") from None
        try:
            return PostgresStore(db, read_only=read_only)
        except (psycopg.Error, PoolTimeout) as err:
            reason = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
            raise StoreUnavailable(f"cannot open {redacted(db)}: {reason}") from None
    if not db.strip():
        raise StoreUnavailable("no store named: give an SQLite file path or a postgresql:// URL")
    if db.startswith("file:"):  # SQLite would read it as a URI, and the folder code as a path
        raise StoreUnavailable(f"{db!r} is an SQLite URI: give the file's path itself "
                               f"({db.removeprefix('file:').split('?')[0] or 'tables.db'!r})")
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://", db)
    if scheme:  # never a file named "mysql:/u@h/x"
        raise StoreUnavailable(f"{scheme.group(1)}:// is not a store this server knows: give "
                               "an SQLite file path or a postgresql:// URL")
    if os.path.isdir(db):
        raise StoreUnavailable(f"cannot open {db!r}: it is a folder; give the path of a "
                               f"file in it (tables.db)")
    try:
        return SqliteStore(db, read_only=read_only)
    except StoreFailure as err:
        raise StoreUnavailable(f"cannot open {db!r}: {err}") from None
    except (sqlite3.Error, OSError) as err:
        raise StoreUnavailable(f"cannot open {db!r}: {err}") from None
