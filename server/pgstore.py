"""Tables in PostgreSQL, for several server replicas sharing one store.

The same schema and SQL as the SQLite store (server/store.py `SqlStore`), through psycopg 3
with a connection pool (psycopg_pool): each store call takes a connection, runs one
transaction and gives it back. Writes run at READ COMMITTED: an `append` naming a revision
updates the table's row only while it is at that revision, and the row lock makes a
concurrent writer wait and then find the revision gone (Conflict). Reads run at REPEATABLE
READ, so a table's revision, queued actions and actions come from one snapshot.

The schema is the numbered files in migrations/postgres/, applied at start-up in one
transaction under an advisory lock (replicas starting together apply each file once) and
recorded in schema_migrations.
"""

from __future__ import annotations

import datetime
import logging
import threading
from typing import Any, Callable, TypeVar

import psycopg
from psycopg import IsolationLevel
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from moneycards.solver.errors import InvalidInput
from moneycards.server.store import (STORE_WORDS, Conflict, Execute, SqlStore,
                                     StoreFailure, redacted)

T = TypeVar("T")
MIGRATION_LOCK = 0x6D6F6E6579  # pg_advisory_xact_lock key: the store's schema changes
DOWN_WAIT_S = 1.0  # how long a call waits for a connection while the database is away
PROBE_CONNECT_S = 2  # a probe's own connection: the pool's reconnection backs off for long


class PoolWarnings(logging.Filter):
    """psycopg's pool warns of every failed reconnection, several times a second through an
    outage, in libpq's lines: the first warning of an outage is kept, on one line (it says
    why), and the rest dropped until a probe finds the database back (the store's health
    says when the outage began and when it ended)."""

    def __init__(self) -> None:
        super().__init__()
        self.said = False

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING or not str(record.msg).startswith("error connecting"):
            return True
        if self.said:
            return False
        self.said = True
        record.msg = " ".join(line.strip() for line in record.getMessage().splitlines())
        record.args = ()
        return True


POOL_WARNINGS = PoolWarnings()
logging.getLogger("psycopg.pool").addFilter(POOL_WARNINGS)


class PostgresStore(SqlStore):
    """Tables in the PostgreSQL database at `url` (postgresql://user@host:port/db)."""

    dialect = "postgres"
    watch_s = 2.0  # a database on another machine can go away between calls: pinged (health)

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 8,
                 timeout_s: float = 10.0, read_only: bool = False):
        self.url = url
        self.read_only = read_only
        self.timeout_s = timeout_s
        self._sizes = (min_size, max_size)
        # From a failure to reach the database until a probe reaches it again: calls wait
        # DOWN_WAIT_S for a connection, not timeout_s (the caller's deadline was never seen,
        # and each waiting call held one of the server's call slots).
        self.down = False
        self._pool_lock = threading.Lock()
        # One connection first, so an unreachable server or a refused login is told at once
        # with its reason (the pool would retry until its timeout).
        psycopg.connect(url, connect_timeout=max(1, int(timeout_s))).close()
        # `check`: a pooled connection is tried before it is lent, so connections that a
        # database restart closed are replaced, not failed into a caller's request
        self._pool = self._new_pool(timeout_s)
        try:
            if read_only:
                self._check_schema()
            else:
                self._migrate()
        except BaseException:
            self._pool.close()
            raise

    def _new_pool(self, wait_s: float) -> ConnectionPool:
        min_size, max_size = self._sizes
        pool = ConnectionPool(self.url, min_size=min_size, max_size=max_size, open=False,
                              timeout=self.timeout_s, name="moneycards",
                              check=ConnectionPool.check_connection)
        pool.open(wait=True, timeout=wait_s)
        POOL_WARNINGS.said = False  # a pool that reached the database: an outage's first says why
        return pool

    def ping(self) -> None:
        """A connection from the pool answers (health's watch between calls): raises
        StoreFailure (STORE_UNREACHABLE) within PROBE_CONNECT_S while it cannot."""
        self._run(lambda ex: ex("SELECT 1", ()), write=False, wait_s=PROBE_CONNECT_S)

    def probe(self) -> None:
        """One small write on a connection of its own, while the store is down (the pool's
        reconnection backs off up to a minute): once it succeeds the pool is made anew, so
        calls are served as soon as the database is back."""
        if not self.down:
            super().probe()
            return
        now = datetime.datetime.now(datetime.timezone.utc).isoformat()
        try:
            with psycopg.connect(self.url, connect_timeout=PROBE_CONNECT_S) as conn:
                conn.execute("UPDATE store_probe SET at = %s WHERE id = 1", (now,))
            fresh = self._new_pool(PROBE_CONNECT_S)
        except (psycopg.Error, PoolTimeout) as err:
            away = failure("STORE_UNREACHABLE", err)  # still: the probe tries again
            raise away from None
        with self._pool_lock:
            old, self._pool = self._pool, fresh
            self.down = False
        # calls still holding its connections give them back as they finish
        threading.Thread(target=old.close, kwargs={"timeout": 5.0}, name="old-pool",
                         daemon=True).start()

    def _run(self, work: Callable[[Execute], T], write: bool = True,
             wait_s: float | None = None) -> T:
        with self._pool_lock:
            pool = self._pool
        if wait_s is None:
            wait_s = DOWN_WAIT_S if self.down else self.timeout_s
        try:
            with pool.connection(timeout=wait_s) as conn:
                conn.isolation_level = IsolationLevel.READ_COMMITTED if write \
                    else IsolationLevel.REPEATABLE_READ
                conn.read_only = self.read_only

                def ex(sql: str, args: tuple[Any, ...]) -> Any:
                    if any(isinstance(a, str) and "\x00" in a for a in args):
                        # PostgreSQL text holds no NUL byte: bad input, never a store fault
                        # that would take the replica out of service
                        raise InvalidInput("text with a NUL byte")
                    return conn.execute(sql.replace("?", "%s"), args)

                return work(ex)  # the pool commits, or rolls back on an exception
        except (psycopg.errors.UniqueViolation,
                psycopg.errors.SerializationFailure) as err:
            raise Conflict(str(err).splitlines()[0]) from None
        except psycopg.errors.DiskFull as err:
            raise failure("STORE_FULL", err) from None
        except (psycopg.errors.DataCorrupted, psycopg.errors.IndexCorrupted) as err:
            raise failure("STORE_DAMAGED", err) from None
        except (PoolClosed, PoolTimeout) as err:  # no connection was had: nothing ran
            with self._pool_lock:
                anew = self._pool is not pool and not self.down
            if anew:
                # the database came back while this call waited on the pool a probe has
                # since replaced (and closed): the new pool serves it, and the store is up
                return self._run(work, write, wait_s)
            self.down = True
            raise failure("STORE_UNREACHABLE", err) from None
        except psycopg.OperationalError as err:
            self.down = True
            raise failure("STORE_UNREACHABLE", err) from None
        except psycopg.Error as err:
            raise failure("STORE_FAILED", err) from None

    @property
    def where(self) -> str:
        return redacted(self.url)

    def _tables_here(self, ex: Execute) -> list[str]:
        return [n for (n,) in ex("SELECT table_name FROM information_schema.tables WHERE "
                                 "table_schema = current_schema() AND table_type = "
                                 "'BASE TABLE'", ()).fetchall()]

    def _lock_schema(self, ex: Execute) -> None:
        ex("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def _lock_creator(self, ex: Execute, creator: str) -> None:
        # two replicas counting one creator's open tables at once would both see room
        ex("SELECT pg_advisory_xact_lock(?)", (int(creator[:15], 16),))

    def close_connection(self) -> None:
        self._pool.close()


def failure(reason: str, err: Exception) -> StoreFailure:
    said = str(err).strip().splitlines()
    why = said[0] if said else type(err).__name__
    return StoreFailure(reason, f"{STORE_WORDS[reason]} ({why})")
