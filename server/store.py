"""Where tables live between calls and across restarts: each table as its game record.

A table is stored as its header (game, seed, rules, seats, date: the record file's JSON
without actions), the SHA-256 of each person's seat token (tokens themselves are never
stored), and its actions, one row each. `append` commits every action an `Act` accepted
(the seat's and the AI replies) in one transaction before the server answers, so a server
killed at any moment and restarted on the same database rebuilds every open table by
replay and loses no accepted action.

`TableStore` is the interface the service uses; `SqliteStore` is the embedded default.
The SQL is portable (no SQLite-only syntax beyond the pragmas), so a PostgreSQL store can
follow the same schema.
"""

from __future__ import annotations

import json
import os
import pathlib
import sqlite3
import threading
from dataclasses import dataclass
from typing import Any, Iterator, Protocol

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS game_tables (
        table_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        header TEXT NOT NULL,
        created TEXT NOT NULL,
        over INTEGER NOT NULL DEFAULT 0,
        closed INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS seat_tokens (
        table_id TEXT NOT NULL REFERENCES game_tables (table_id),
        seat INTEGER NOT NULL,
        token_sha256 TEXT NOT NULL,
        PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS table_actions (
        table_id TEXT NOT NULL REFERENCES game_tables (table_id),
        idx INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, idx))""",
    "CREATE INDEX IF NOT EXISTS game_tables_created ON game_tables (created)",
)


@dataclass(frozen=True)
class StoredTable:
    table_id: str
    header: dict[str, Any]  # the record without its actions
    tokens: dict[int, str]  # seat -> SHA-256 of its token
    actions: list[str]
    over: bool
    closed: bool


class TableStore(Protocol):
    def create(self, table_id: str, header: dict[str, Any], tokens: dict[int, str],
               actions: list[str], over: bool) -> None: ...

    def append(self, table_id: str, start: int, actions: list[str], over: bool) -> None: ...

    def close(self, table_id: str) -> None: ...

    def load(self, *, include_closed: bool = False) -> Iterator[StoredTable]: ...

    def get(self, table_id: str) -> StoredTable | None: ...


def default_path() -> pathlib.Path:
    """$MONEYCARDS_DB, else the user's data directory (XDG_DATA_HOME or ~/.local/share)."""
    if os.environ.get("MONEYCARDS_DB"):
        return pathlib.Path(os.environ["MONEYCARDS_DB"])
    base = os.environ.get("XDG_DATA_HOME") or pathlib.Path.home() / ".local" / "share"
    return pathlib.Path(base) / "moneycards" / "tables.db"


class SqliteStore:
    """Tables in an SQLite file (WAL, synchronous=FULL), or ":memory:" for throw-away."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:"):
        self.path = str(path)
        if self.path != ":memory:":
            pathlib.Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # One connection shared by the server's threads, each use under the lock.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            for statement in SCHEMA:
                self._db.execute(statement)

    def _transaction(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self._lock:
            self._db.execute("BEGIN")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, table_id: str, header: dict[str, Any], tokens: dict[int, str],
               actions: list[str], over: bool) -> None:
        statements: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO game_tables (table_id, game, header, created, over) "
            "VALUES (?, ?, ?, ?, ?)",
            (table_id, header["game"], json.dumps(header, ensure_ascii=False),
             header["played_at"], int(over)))]
        statements += [("INSERT INTO seat_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)",
                        (table_id, seat, digest)) for seat, digest in sorted(tokens.items())]
        statements += self._inserts(table_id, 0, actions)
        self._transaction(statements)

    @staticmethod
    def _inserts(table_id: str, start: int, actions: list[str]
                 ) -> list[tuple[str, tuple[Any, ...]]]:
        return [("INSERT INTO table_actions (table_id, idx, action) VALUES (?, ?, ?)",
                 (table_id, start + k, a)) for k, a in enumerate(actions)]

    def append(self, table_id: str, start: int, actions: list[str], over: bool) -> None:
        statements = self._inserts(table_id, start, actions)
        if over:
            statements.append(("UPDATE game_tables SET over = 1 WHERE table_id = ?",
                               (table_id,)))
        self._transaction(statements)

    def close(self, table_id: str) -> None:
        self._transaction([("UPDATE game_tables SET closed = 1 WHERE table_id = ?",
                            (table_id,))])

    def _read(self, rows: list[tuple[Any, ...]]) -> Iterator[StoredTable]:
        for table_id, header, over, closed in rows:
            with self._lock:
                tokens = dict(self._db.execute(
                    "SELECT seat, token_sha256 FROM seat_tokens WHERE table_id = ?",
                    (table_id,)).fetchall())
                actions = [a for (a,) in self._db.execute(
                    "SELECT action FROM table_actions WHERE table_id = ? ORDER BY idx",
                    (table_id,)).fetchall()]
            yield StoredTable(table_id, json.loads(header), tokens, actions, bool(over),
                              bool(closed))

    def load(self, *, include_closed: bool = False) -> Iterator[StoredTable]:
        """Every table (oldest first), with its actions; closed ones only if asked."""
        where = "" if include_closed else " WHERE closed = 0"
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id, header, over, closed FROM game_tables" + where +
                " ORDER BY created, table_id").fetchall()
        return self._read(rows)

    def get(self, table_id: str) -> StoredTable | None:
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id, header, over, closed FROM game_tables WHERE table_id = ?",
                (table_id,)).fetchall()
        return next(self._read(rows), None)

    def close_connection(self) -> None:
        with self._lock:
            self._db.close()
