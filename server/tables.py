"""TableService: whole deals over gRPC, tables kept in a store (server/store.py).

Each table in use lives in memory as a `moneycards.solver.tables.Table` with a lock; calls
on one table are serialised by it, calls on different tables run in parallel. An accepted
action (with the AI replies it caused) is committed to the store before the answer. A
table is read from the store (and replayed) when a call first asks for it, so a restarted
server listens at once, whatever the number of stored tables, and never replays a
finished table nobody asks for; ListTables reads the store's columns only.

A store that fails (locked past a call's wait, full, damaged, unreachable) answers
UNAVAILABLE with the reason (STORE_LOCKED, STORE_FULL, STORE_DAMAGED, STORE_UNREACHABLE,
STORE_FAILED), nothing changed, and health reports NOT_SERVING until a small write succeeds
again (`StoreHealth`).

What one client may hold is bounded: Watch streams per seat token, per table and per
process, each ended after `watch_idle_s` without an event (the client watches again from
its version); open tables created per client address (`max_open_tables`). ListTables is
an operator's call: with the operator token (`authorization: Bearer TOKEN`) set at
`serve`, or from a loopback address when none is set.

Several server processes may share one store and serve any table (replicas behind a load
balancer): under the table's lock, every call first reads what the store holds beyond the
revision in memory and replays it (`Tables.sync`: one primary-key read when nothing
changed), and `Act` writes naming that revision. If another replica wrote first, the write
fails with nothing stored; the table is rebuilt from the store and the action tried once
more on it, exactly as a single server would have applied the two calls one after the
other: with `expected_version` the loser is refused with ABORTED (STALE_VERSION), without
it the action is applied if it is still legal. A table that keeps changing under an
`Act` (STORE_CONFLICT, ABORTED, after a few tries) is told so: read the view and retry.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import grpc
from google.protobuf import any_pb2, json_format
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from moneycards.records import (AI_LEVELS, SEAT_KINDS, engine_record, game_record_json,
                                game_record_message, match_record_message, rules_message,
                                rules_object, seat_dict)
from moneycards.server.addresses import client_host, is_loopback_peer
from moneycards.server.errors import DOMAIN, bad_request_status, rpc
from moneycards.server.limits import Limits, hint_budget_ms
from moneycards.server.records import ranked_messages
from moneycards.server.store import (Conflict, SqliteStore, StoredTable, StoreFailure,
                                     TableStore, TooManyTables)
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver import hints
from moneycards.solver.table import IllegalAction, named_seats
from moneycards.solver.tables import (DEAL_OVER, NOT_YOUR_TURN, Event, Match, Seat,
                                     StaleVersion, Table, read_match)
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc
from moneycards.wire import WIRES, wire, wire_of_request

M = TypeVar("M")
S = TypeVar("S", bound="TableService")
Req = TypeVar("Req")
Resp = TypeVar("Resp")

if TYPE_CHECKING:
    from moneycards.solver.table import TableState

log = logging.getLogger("moneycards.server")

VERBS = {v.name.removeprefix("ACTION_VERB_").lower(): v.number
         for v in table_pb2.ActionVerb.DESCRIPTOR.values if v.number}
MAX_ID = 64
WATCH_POLL_S = 0.25  # how often a Watch stream reads the store for other replicas' writes
ACT_TRIES = 3
WATCHES_PER_TOKEN = 4  # a seat's streams at once (a few browser tabs)
WATCHES_PER_TABLE = 12  # every seat's streams at one table
WATCH_IDLE_S = 300.0  # a stream with no event this long ends (UNAVAILABLE): watch again
MAX_OPEN_TABLES = 50  # open (not finished, not closed) tables one client address created
# Finished tables (the deal, or the match, over) kept in memory, the most recent; older ones
# are read again from the store when asked for, so memory does not grow with every table
# ever played.
FINISHED_KEPT = 1000
MAX_PAGE_TOKEN = 200  # characters: a page token is a date and a table id
MAX_AI_TABLES = 2  # AI-only tables (self-play over the service) played at once
MAX_AI_DEALS = 20  # deals of an AI-only match: each is played within CreateTable


class StoreHealth:
    """Health follows the store: from a failed store call until one small write succeeds
    again (tried every `every_s`), the server reports NOT_SERVING, so a load balancer
    sends calls elsewhere. A store on another machine (one with a `watch_s`) is also pinged
    that often between calls, so an outage is reported without a call having to fail."""

    def __init__(self, store: TableStore, set_serving: Callable[[bool], None],
                 every_s: float = 0.5):
        self.store = store
        self.set_serving = set_serving
        self.every_s = every_s
        self.ready = False  # the server has warmed up and may report SERVING
        self.down = False
        self._lock = threading.Lock()
        self._watching = False
        self._stopped = threading.Event()

    def stop(self) -> None:
        """No more pings nor probes (the server stops, or the store is let go)."""
        self._stopped.set()

    def serving(self) -> None:
        """The server is ready: SERVING unless the store is down (then once it is back)."""
        with self._lock:
            self.ready = True
            if not self.down:
                self.set_serving(True)
            watch_s = getattr(self.store, "watch_s", None)
            if watch_s and not self._watching:
                self._watching = True
                threading.Thread(target=self._watch, args=(watch_s,), name="store-watch",
                                 daemon=True).start()

    def _watch(self, every_s: float) -> None:
        while not self._stopped.wait(every_s):
            if self.down:
                continue  # the probe is at work
            try:
                self.store.ping()  # type: ignore[attr-defined]  # a store with watch_s
            except StoreFailure as err:
                self.failed(err)
            except Exception:  # noqa: BLE001 - a ping that fails oddly is not an outage
                log.exception("table store ping failed")

    def failed(self, err: StoreFailure) -> None:
        with self._lock:
            if self.down:
                return
            self.down = True
        log.error("table store: %s; NOT_SERVING until it takes writes", err)
        self.set_serving(False)
        threading.Thread(target=self._probe, name="store-probe", daemon=True).start()

    def _probe(self) -> None:
        while not self._stopped.wait(self.every_s):
            try:
                self.store.probe()
            except StoreFailure:
                continue
            except Exception:  # noqa: BLE001 - any failure means: not back yet
                log.exception("table store probe failed")
                continue
            with self._lock:
                self.down = False
                if self.ready:
                    self.set_serving(True)
            log.warning("table store takes writes again: SERVING")
            return


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def creator_digest(client: str) -> str:
    """What the store keeps of the address a table was created from: enough to count that
    address's open tables, without the address itself in the store."""
    return hashlib.sha256(f"creator/{client}".encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class OpenTable:
    """A table in memory: the game, its lock and who may act."""

    table_id: str
    table: Table
    tokens: dict[int, str]  # seat -> SHA-256 of its token
    lock: threading.Lock = field(default_factory=threading.Lock)
    changed: threading.Condition = field(init=False)
    closed: bool = False
    stored: int = 0  # inputs already in the store (Table.inputs)
    revision: int = 0  # the store's revision of the table that memory holds
    seed_chosen: bool = False  # the creator chose the seed: every seat is told it
    renewed: frozenset[int] = frozenset()  # seats whose token was renewed (links opened)
    owner: str | None = None  # SHA-256 of the owner token (None: stored before there was one)

    def __post_init__(self) -> None:
        self.changed = threading.Condition(self.lock)

    def seat_of(self, token: str) -> int | None:
        digest = token_digest(token)
        for seat, d in self.tokens.items():
            if hmac.compare_digest(d, digest):
                return seat
        return None


def status(code: int, message: str, reason: str, **metadata: str) -> grpc.Status:
    info = any_pb2.Any()
    info.Pack(error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN, metadata=metadata))
    return rpc_status.to_status(status_pb2.Status(code=code, message=message, details=[info]))


def table_of(stored: StoredTable, ai_budget_ms: float | None = None) -> Table:
    """A stored table rebuilt by replaying its inputs (IllegalAction if the rules refuse
    one: the store was edited by hand). The header is the record file's, plus what only a
    server table has: a match's length and whether the creator chose the seed."""
    header = dict(stored.header)
    match = header.pop("match", None)
    header.pop("seed_chosen", None)
    game = header["game"]
    rec = engine_record(game, json_format.ParseDict(header, wire(game).record()))
    rec["actions"] = stored.actions
    if match is not None:
        rec["match"] = match
    return Table.from_record(rec, ai_budget_ms=ai_budget_ms)


class TableError(Exception):
    """An answer other than INVALID_ARGUMENT, with its status."""

    def __init__(self, status: grpc.Status):
        super().__init__(status.details)
        self.status = status


def closed_table(table_id: str) -> TableError:
    """NOT_FOUND for a table closed for good (CloseTable): told apart from an id that names
    no table, so a seat whose stream or call met the close reads why."""
    return TableError(status(code_pb2.NOT_FOUND, f"table {table_id!r} was closed",
                             "TABLE_NOT_FOUND", table_id=table_id))


def no_table(table_id: str) -> TableError:
    """NOT_FOUND for an id the store holds no table under (never made, or removed by
    `moneycards tables purge`)."""
    return TableError(status(code_pb2.NOT_FOUND, f"no open table {table_id!r}",
                             "TABLE_NOT_FOUND", table_id=table_id))


def game_not_served(table_id: str, game: str) -> TableError:
    """FAILED_PRECONDITION for a stored table of a game of one's own that this server was
    not started with (serve --plugin): the table is kept, and a server that serves its game
    plays it."""
    return TableError(status(code_pb2.FAILED_PRECONDITION,
                             f"table {table_id!r} is a table of {game!r}, a game of one's own "
                             f"this server does not serve: start it with --plugin and the "
                             f"game's module (docs/plugins.md)", "GAME_NOT_SERVED",
                             table_id=table_id, game=game))


def link_not_opened(table_id: str) -> TableError:
    """PERMISSION_DENIED for a seat dealt as a link (TableSeat.invited) whose token has not
    been exchanged yet: until its person opens the link, the token the table's maker was
    handed opens nothing but that exchange, so the maker cannot look at (or play) the
    friend's cards before they come, unseen."""
    return TableError(status(
        code_pb2.PERMISSION_DENIED, "this seat was dealt as a link (TableSeat.invited): its "
        "token opens nothing until the link is opened, which exchanges it for a new one "
        "(RenewSeatToken)", "LINK_NOT_OPENED", table_id=table_id))


def token_renewed(table_id: str) -> TableError:
    """PERMISSION_DENIED for a seat token exchanged for a new one (RenewSeatToken)."""
    return TableError(status(
        code_pb2.PERMISSION_DENIED, "this seat's link was opened already: its token was "
        "exchanged for a new one (RenewSeatToken), and only the new one opens the seat",
        "SEAT_TOKEN_RENEWED", table_id=table_id))


def paced_wait(idle: Callable[[float], None] | None,
               stopping: threading.Event) -> Callable[[Any], None]:
    """How a table waits out its AI pace in a call: the call slot first goes to a waiting
    call (`idle`, a call's CallContext.idle), and a stopping server ends the wait at once."""
    def wait(seconds: Any) -> None:  # as time.sleep takes it
        if idle is not None:
            idle(0.0)
        stopping.wait(float(seconds))
    return wait


@contextlib.contextmanager
def pace_outside_the_slot(table: Table, context: Any,
                          stopping: threading.Event) -> Iterator[None]:
    """While the call runs, the table's AI pace waits without its call slot
    (interceptors.CallContext.idle): the AI seats have played, and a waiting call may
    run meanwhile. A stopping server ends the wait at once: the action and its AI replies
    are played and stored, the pace is only a pace, and the answer then reaches the client
    within the shutdown's grace rather than being cut. The table is the call's alone under
    its lock; after it, the table waits as before."""
    table.sleep = paced_wait(getattr(context, "idle", None), stopping)
    table.defer_quiet_pace = True
    try:
        yield
    finally:
        del table.sleep
        del table.defer_quiet_pace


class Tables:
    """The server's open tables, kept in memory and in the store (which other servers may
    share: a table another server created is loaded when first asked for)."""

    def __init__(self, store: TableStore | None = None, ai_budget_ms: float | None = None,
                 ai_pace_ms: float = 0.0,
                 watch_poll_s: float = WATCH_POLL_S, max_open_tables: int = MAX_OPEN_TABLES,
                 finished_kept: int = FINISHED_KEPT):
        self.store: TableStore = store if store is not None else SqliteStore(":memory:")
        self.ai_budget_ms = ai_budget_ms
        self.ai_pace_ms = ai_pace_ms  # each AI reply's least time (Table.advance)
        self.watch_poll_s = watch_poll_s
        self.max_open_tables = max_open_tables
        self.finished_kept = finished_kept
        self.health: StoreHealth | None = None  # set by the server (server/app.py)
        self._tables: dict[str, OpenTable] = {}
        self._finished: OrderedDict[str, OpenTable] = OrderedDict()  # oldest first
        self._lock = threading.Lock()
        self.stopping = threading.Event()  # the server is shutting down: Watch streams end

    def stop_watches(self) -> None:
        """End every Watch stream now (SERVER_STOPPING, with its last version), rather than
        hold each for the shutdown's grace and then be cut without a word."""
        self.stopping.set()
        with self._lock:
            tables = [*self._tables.values(), *self._finished.values()]
        for t in tables:
            # never wait for a table's lock here (this runs in the signal handler, and an
            # action may hold it through its AI replies' pace): a watcher of a table that is
            # busy sees `stopping` when it next holds the lock
            if t.lock.acquire(blocking=False):
                try:
                    t.changed.notify_all()
                finally:
                    t.lock.release()

    def store_failed(self, err: StoreFailure) -> None:
        if self.health is not None:
            self.health.failed(err)

    def _rebuilt(self, stored: StoredTable, advance: bool = True) -> OpenTable | None:
        """The stored table replayed into memory; None if the rules refuse its actions."""
        seed_chosen = bool(stored.header.get("seed_chosen", False))
        try:
            table = table_of(stored, ai_budget_ms=self.ai_budget_ms)
            table.ai_pace_ms = self.ai_pace_ms
        except IllegalAction as err:  # the database was edited by hand
            log.error("table %s cannot be restored: %s", stored.table_id, err)
            return None
        stored_inputs = len(table.inputs)
        # A table stored while it waited on a person's private decision with another
        # person seated plays on now (R-claim-privacy); the next write stores what follows.
        if advance:
            table.advance(answering=False)
        return OpenTable(stored.table_id, table, stored.tokens, closed=stored.closed,
                         stored=stored_inputs, revision=stored.revision,
                         seed_chosen=seed_chosen, renewed=stored.renewed, owner=stored.owner)

    def _load(self, table_id: str) -> OpenTable | None:
        """A table another server created (or this one before a restart), from the store."""
        stored = self.store.get(table_id)
        if stored is not None and stored.closed:
            raise closed_table(table_id)
        if stored is None:
            return None
        game = stored.header.get("game")
        if isinstance(game, str) and game not in GAMES:
            raise game_not_served(table_id, game)
        opened = self._rebuilt(stored)
        if opened is None:
            return None
        with self._lock:
            found = self._tables.setdefault(table_id, opened)
        with found.lock:  # another thread may be playing the one already loaded
            self._note_finished(found)
        return found

    def _note_finished(self, t: OpenTable) -> None:
        """Count a finished table among those kept in memory, and let the oldest beyond
        `finished_kept` go from memory (not from the store: `get` reads it again). A
        stream or call holding one goes on with it; it no longer changes. Called with the
        table's lock held, or on a table no other thread has yet."""
        if not (t.table.is_over and t.table.match_over):
            return
        with self._lock:
            self._finished[t.table_id] = t
            self._finished.move_to_end(t.table_id)
            while len(self._finished) > self.finished_kept:
                old_id, old = self._finished.popitem(last=False)
                if self._tables.get(old_id) is old:
                    del self._tables[old_id]

    def sync(self, t: OpenTable) -> None:
        """Bring the table in memory up to the store (under the table's lock): replay the
        inputs other servers stored since; NOT_FOUND if the table was closed."""
        if not t.closed:
            changes = self.store.changes(t.table_id, t.revision, t.stored)
            if changes is None or changes.closed:
                self._forget(t)
                if changes is None:  # removed from the store (`tables purge`)
                    raise no_table(t.table_id)
            elif changes.revision != t.revision:
                if changes.tokens is not None:  # a seat's token may have been renewed
                    t.tokens, t.renewed = changes.tokens, changes.renewed
                try:
                    t.table.replay(changes.actions)
                except IllegalAction as err:  # cannot happen unless edited by hand
                    log.error("table %s: stored actions do not replay: %s", t.table_id, err)
                    self.reload(t)
                    return
                t.stored += len(changes.actions)
                t.revision = changes.revision
                t.changed.notify_all()
                self._note_finished(t)  # another server may have played its last action
        if t.closed:
            raise closed_table(t.table_id)

    def reload(self, t: OpenTable) -> None:
        """Replace the table in memory by the store's (after a failed write: nothing of
        what memory applied and the store refused stays)."""
        stored = self.store.get(t.table_id)
        fresh = self._rebuilt(stored) if stored is not None else None
        if fresh is None or fresh.closed:
            self._forget(t)
            return
        t.table, t.stored, t.revision = fresh.table, fresh.stored, fresh.revision
        t.tokens, t.renewed = fresh.tokens, fresh.renewed
        t.seed_chosen = fresh.seed_chosen
        t.changed.notify_all()
        self._note_finished(t)

    def _forget(self, t: OpenTable) -> None:
        t.closed = True
        t.changed.notify_all()
        with self._lock:
            if self._tables.get(t.table_id) is t:
                del self._tables[t.table_id]
            if self._finished.get(t.table_id) is t:
                del self._finished[t.table_id]

    # -- finding a table ------------------------------------------------------------------
    def get(self, table_id: str) -> OpenTable:
        if not table_id:
            raise InvalidInput("a table id is needed", field="table_id")
        if len(table_id) > MAX_ID:
            raise InvalidInput(f"a table id is at most {MAX_ID} characters", field="table_id")
        if not table_id.isprintable():
            # CreateTable's ids are base32 letters and digits; a control character names no
            # table, and never reaches the store (PostgreSQL refuses a NUL byte as a fault)
            raise InvalidInput("a table id has no control characters (CreateTable gives "
                               "letters and digits)", field="table_id")
        with self._lock:
            found = self._tables.get(table_id)
        if found is None:
            found = self._load(table_id)
        if found is not None and found.closed:
            raise closed_table(table_id)
        if found is None:
            raise no_table(table_id)
        return found

    def seat(self, table_id: str, token: str, *, opening: bool = False
             ) -> tuple[OpenTable, int]:
        """The table and the seat `token` opens. `opening`: the call is RenewSeatToken, the
        one an invited seat's first token may make (link_not_opened)."""
        # The token's form is checked before any table is looked up: a malformed request is
        # refused alike whether its table exists or not, and says nothing of which do.
        if not token:
            raise InvalidInput("a seat token is needed (CreateTable gives one per person's "
                               "seat; a table with none, ai_only, is read by GetRecord)",
                               field="seat_token")
        if len(token) > MAX_ID or not token.isprintable():
            raise InvalidInput(f"a seat token is at most {MAX_ID} printable characters "
                               "(CreateTable gives 32)", field="seat_token")
        t = self.get(table_id)
        with t.lock:
            self.sync(t)  # the tokens as the store has them: another server may renew one
            seat = t.seat_of(token)
            unopened = seat is not None and t.table.seats[seat].invited \
                and seat not in t.renewed
        if seat is None:
            raise self.refused(t, token)
        if unopened and not opening:
            raise link_not_opened(t.table_id)
        return t, seat

    def closable(self, table_id: str, seat_token: str, owner_token: str) -> OpenTable:
        """The table CloseTable may close with these tokens: by its owner token, or by a
        person's seat token where no one else could be left without their table (one
        person's seat) or no owner token exists (a table stored before there were any)."""
        if not owner_token and not seat_token:
            raise InvalidInput("an owner token is needed (CreateTable's owner_token; a seat's "
                               "token closes a table with one person's seat)",
                               field="owner_token")
        if not owner_token:
            t, _ = self.seat(table_id, seat_token)
            people = sum(1 for s in t.table.seats if s.kind == "human")
            if t.owner is not None and people > 1:
                raise TableError(status(
                    code_pb2.PERMISSION_DENIED, f"a table with {people} people's seats is "
                    "closed by its owner token (CreateTable's owner_token), not a seat's",
                    "OWNER_ONLY", table_id=t.table_id))
            return t
        if len(owner_token) > MAX_ID or not owner_token.isprintable():
            raise InvalidInput(f"an owner token is at most {MAX_ID} printable characters "
                               "(CreateTable gives 32)", field="owner_token")
        t = self.get(table_id)
        if t.owner is None or not hmac.compare_digest(t.owner, token_digest(owner_token)):
            raise TableError(status(code_pb2.PERMISSION_DENIED,
                                    "this token is not the table's owner token",
                                    "WRONG_OWNER_TOKEN", table_id=t.table_id))
        return t

    def refused(self, t: OpenTable, token: str) -> TableError:
        """PERMISSION_DENIED for a token that opens no seat of the table: told apart when
        it was a seat's token before RenewSeatToken (someone opened the link first)."""
        if self.store.was_renewed(t.table_id, token_digest(token)):
            return token_renewed(t.table_id)
        return TableError(status(code_pb2.PERMISSION_DENIED,
                                 "this token is not one of the table's seat tokens",
                                 "WRONG_SEAT_TOKEN", table_id=t.table_id))

    def renew(self, table_id: str, token: str) -> tuple[int, str]:
        """Exchange a seat's token for a new one (RenewSeatToken): (seat, new token). The
        old one is refused from then on by every server sharing the store."""
        t, seat = self.seat(table_id, token, opening=True)
        fresh = secrets.token_urlsafe(24)
        with t.lock:
            self.sync(t)
            old = t.tokens.get(seat, "")
            if not hmac.compare_digest(old, token_digest(token)):  # renewed meanwhile
                raise self.refused(t, token)
            try:
                revision = self.store.renew_token(t.table_id, seat, old, token_digest(fresh))
            except Conflict:  # another server renewed it first
                raise self.refused(t, token) from None
            t.tokens = {**t.tokens, seat: token_digest(fresh)}
            t.renewed = t.renewed | {seat}
            if revision == t.revision + 1:  # else another server wrote too: sync reads it
                t.revision = revision
            t.changed.notify_all()  # a Watch stream of the old token ends
        return seat, fresh

    # -- changing tables ------------------------------------------------------------------
    def create(self, game: str, seats: list[Seat], seed: int | None, rules: Any,
               match: Match | None = None, client: str | None = None,
               ai_only: bool = False, idle: Callable[[float], None] | None = None
               ) -> tuple[OpenTable, dict[int, str], str | None]:
        """A new table, stored: (the table, seat -> token of each person's seat, the owner
        token; None at a table without people). `idle`: how its AI pace waits (a call's
        `CallContext.idle`, without the call's slot), if not in the calling thread as it is."""
        table = Table.create(game, seats, seed=seed, rules=rules,
                             ai_budget_ms=self.ai_budget_ms, match=match, ai_only=ai_only,
                             ai_pace_ms=self.ai_pace_ms, idle=paced_wait(idle, self.stopping))
        # Letters and digits only: an id never starts with "-" (a command line would read
        # it as an option) and reads aloud.
        table_id = base64.b32encode(secrets.token_bytes(10)).decode().lower()
        tokens = {s: secrets.token_urlsafe(24) for s, seat in enumerate(table.seats)
                  if seat.kind == "human"}
        digests = {s: token_digest(t) for s, t in tokens.items()}
        # The owner token closes the table (CloseTable): whoever made it keeps it when the
        # seat tokens are handed on, so a friend's seat cannot end the table for everyone.
        owner = secrets.token_urlsafe(24) if tokens else None
        opened = OpenTable(table_id, table, digests, stored=len(table.inputs),
                           seed_chosen=seed is not None,
                           owner=None if owner is None else token_digest(owner))
        header = self.header(table)
        if seed is not None:
            header["seed_chosen"] = True
        # The limit on a client's open tables is counted in the store, with the insert:
        # every process and replica of the server, before and after a restart, agrees.
        try:
            self.store.create(table_id, header, digests, list(table.inputs), table.is_over,
                              public_actions=table.public_actions,
                              creator=None if client is None else creator_digest(client),
                              limit=None if client is None else self.max_open_tables,
                              owner=opened.owner)
        except TooManyTables as err:
            raise TableError(status(
                code_pb2.RESOURCE_EXHAUSTED, f"{err.open_tables} open tables were created "
                "from this address already: finish or close one (CloseTable) first",
                "TOO_MANY_TABLES", limit=str(self.max_open_tables))) from None
        with self._lock:
            self._tables[table_id] = opened
        self._note_finished(opened)  # an AI-only table is played out when created
        return opened, tokens, owner

    @staticmethod
    def header(table: Table) -> dict[str, Any]:
        """The record without actions or result: what the store keeps besides the actions."""
        rec = table.header()
        header = game_record_json(table.game.name, rec)
        if table.match is not None:
            header["match"] = table.match.to_dict()
        return header

    def commit(self, t: OpenTable) -> None:
        """Store the inputs applied since the last commit (under the table's lock), naming
        the revision memory was at: `Conflict` if another server wrote first, and then
        nothing is stored (the caller reloads)."""
        inputs = t.table.inputs
        if len(inputs) > t.stored:
            t.revision = self.store.append(t.table_id, t.stored, inputs[t.stored:],
                                           t.table.is_over, revision=t.revision,
                                           public_actions=t.table.public_actions)
            t.stored = len(inputs)
        t.changed.notify_all()
        self._note_finished(t)

    def close(self, t: OpenTable) -> None:
        """Close the table for good; NOT_FOUND if it is closed already, by this server or
        another (as one server answers a second close)."""
        with t.lock:
            self.sync(t)  # NOT_FOUND if another server closed it since memory last read
            closed = self.store.close(t.table_id)
            t.closed = True
            t.changed.notify_all()
        with self._lock:
            self._tables.pop(t.table_id, None)
            self._finished.pop(t.table_id, None)
        if not closed:  # another server closed it between the read and this write
            raise closed_table(t.table_id)

    def rollback(self, t: OpenTable, inputs: int) -> None:
        """Put the table in memory back to its first `inputs` inputs without the store (it
        failed): what was applied since and not stored is gone."""
        header = {**self.header(t.table), "seed_chosen": t.seed_chosen}
        stored = StoredTable(t.table_id, header, t.tokens,
                             list(t.table.inputs[:inputs]), False, False, t.revision,
                             renewed=t.renewed, owner=t.owner)
        fresh = self._rebuilt(stored, advance=False)
        if fresh is None:  # cannot happen: these inputs were accepted
            self._forget(t)
            return
        t.table = fresh.table
        t.changed.notify_all()


# -- messages -------------------------------------------------------------------------------
def seat_infos(table: Table, renewed: frozenset[int] = frozenset()
               ) -> list[table_pb2.SeatInfo]:
    """The table's seats as every seat sees them; token_renewed for those in `renewed`
    (whose links were opened: public, as at a table who sat down)."""
    return [table_pb2.SeatInfo(seat=k, kind=SEAT_KINDS[s.kind], name=s.name,
                               ai_level=AI_LEVELS.get(s.level,
                                                      common_pb2.AI_LEVEL_UNSPECIFIED),
                               invited=s.invited, token_renewed=k in renewed)
            for k, s in enumerate(table.seats)]


def header_seat_infos(header: dict[str, Any], renewed: frozenset[int] = frozenset()
                      ) -> list[table_pb2.SeatInfo]:
    """The seats as a stored header writes them (a record file's `seats`, proto JSON), each
    marked token_renewed if in `renewed` (a link opened)."""
    out = []
    for k, d in enumerate(header.get("seats", [])):
        seat = json_format.ParseDict(d, common_pb2.TableSeat(), ignore_unknown_fields=True)
        out.append(table_pb2.SeatInfo(seat=k, kind=seat.kind, name=seat.name,
                                      ai_level=seat.ai_level, invited=seat.invited,
                                      token_renewed=k in renewed))
    return out


def read_page_token(token: str) -> tuple[str, str]:
    """(created, table_id) from a ListTables page token; INVALID_ARGUMENT if it is not one."""
    bad = InvalidInput("not a page token from ListTables", field="page_token")
    if len(token) > MAX_PAGE_TOKEN:
        raise bad
    try:
        value = json.loads(base64.urlsafe_b64decode(token.encode()).decode())
    except (ValueError, TypeError, UnicodeDecodeError, RecursionError):
        raise bad from None
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, str) and v.isascii() and v.isprintable() for v in value)):
        raise bad
    return value[0], value[1]


def legal_action(state: TableState, text: str) -> table_pb2.LegalAction:
    act = state.parse_action(text)
    verb = VERBS.get(act.verb, 0)
    return table_pb2.LegalAction(text=act.text, verb=verb, verb_name=act.verb,
                                 cards=state.deck.render(act.cards) if act.cards else "")


def own_message(cls: Callable[..., M], data: dict[str, Any]) -> M:
    """A message from a JSON object the server built itself (an observation, a result):
    the message's constructor reads it forty times faster than `json_format.ParseDict`.
    A field the constructor does not read (a JSON-only form) goes through ParseDict."""
    try:
        return cls(**data)
    except (TypeError, ValueError):
        pass
    out = cls()
    for key, value in data.items():  # field by field: only what it cannot read goes slowly
        try:
            out.MergeFrom(cls(**{key: value}))  # type: ignore[attr-defined]
        except (TypeError, ValueError):  # a map with number keys (JSON writes them as text)
            json_format.ParseDict({key: value}, out)
    return out


def view_message(t: OpenTable, seat: int) -> table_pb2.TableView:
    table = t.table
    obs = table.observation(seat)
    on_wire = wire(table.game.name)
    name = on_wire.observation_field
    view = table_pb2.TableView(table_id=t.table_id, game=on_wire.enum,
                               game_name=on_wire.game, game_title=table.game.title,
                               seat=seat, version=table.version(seat),
                               seats=seat_infos(table, t.renewed), over=table.is_over)
    # The view carries the game and the legal actions once, in its own fields (TableView).
    if on_wire.plugin:
        data = obs.to_json()
        view.plugin.update({k: v for k, v in data.items()
                            if k not in ("game", "legal_actions")})
    else:
        getattr(view, name).CopyFrom(own_message(on_wire.observation, obs.to_json()))
        inner = getattr(view, name)
        inner.ClearField("game")
        del inner.legal_actions[:]
    view.legal_actions.extend(legal_action(table.state, a) for a in obs.legal_actions)
    if view.over:
        view.result_text = table.result_line()
    if table.match is not None:
        view.match_state.CopyFrom(match_state(table))
    if t.seed_chosen:
        view.chosen_seed = table.seed
    rules_message(table.game.name, table.rules, getattr(view, on_wire.rules_field))
    return view


def match_rules(match: Match) -> table_pb2.MatchRules:
    return table_pb2.MatchRules(deals=match.deals, to_points=match.to_points)


def match_state(table: Table) -> table_pb2.MatchState:
    assert table.match is not None
    return table_pb2.MatchState(rules=match_rules(table.match), deal=table.deal_no,
                                starter=table.starter(), totals=table.totals(),
                                wins=table.wins(), over=table.is_over)


def event_message(table: Table, e: Event) -> table_pb2.TableEvent:
    msg = table_pb2.TableEvent(version=e.version, seat=e.seat, action=e.action, lines=e.lines,
                               drawn=" ".join(e.drawn), deal=e.deal, new_deal=e.new_deal)
    if e.result is not None:
        msg.result.CopyFrom(own_message(common_pb2.DealResult, e.result.to_json()))
        msg.result_lines.extend(table.result_lines(e.deal))
    msg.taken_back.extend(table_pb2.TakenBack(seat=s, action=a, drawn=" ".join(drew))
                          for s, a, drew in e.taken_back)
    return msg


def events_messages(table: Table, events: list[Event], seat: int) -> list[table_pb2.TableEvent]:
    return [event_message(table, e) for e in events]


def seat_from(msg: common_pb2.TableSeat, k: int) -> Seat:
    d = seat_dict(msg, field=f"seats[{k}]")
    return Seat(d["kind"], d["level"], d["name"], d.get("invited", False))


def store_status(err: StoreFailure) -> grpc.Status:
    """UNAVAILABLE, nothing changed: the store cannot answer now (its reason says why)."""
    return status(code_pb2.UNAVAILABLE, err.message, err.reason)


def table_call(field_paths: Mapping[str, str] | None = None,
               action_field: str | None = "action") -> Callable[
        [Callable[[S, Req, grpc.ServicerContext], Resp]],
        Callable[[S, Req, grpc.ServicerContext], Resp]]:
    """Decorate a TableService method: the table's own refusals become their statuses
    (NOT_FOUND, PERMISSION_DENIED, ABORTED, FAILED_PRECONDITION with the rule id), other
    bad input INVALID_ARGUMENT through `rpc`. A refused action names `action_field` (None:
    the call has no action, as a Hint, and the refusal names no field)."""
    def decorate(method: Callable[[S, Req, grpc.ServicerContext], Resp]
                 ) -> Callable[[S, Req, grpc.ServicerContext], Resp]:
        @functools.wraps(method)
        def wrapper(self: S, request: Req, context: grpc.ServicerContext) -> Resp:
            try:
                return method(self, request, context)
            except TableError as err:
                context.abort_with_status(err.status)
            except StoreFailure as err:
                self.tables.store_failed(err)
                context.abort_with_status(store_status(err))
            except StaleVersion as err:
                context.abort_with_status(status(
                    code_pb2.ABORTED, str(err), "STALE_VERSION", version=str(err.version)))
            except IllegalAction as err:  # before `rpc`: it is an InvalidInput too
                meta = {"field": action_field} if action_field else {}
                # the rules' reason alone, without the quoted action and the seat's name: a
                # client words it its own way without cutting the message at a ': '
                meta["why"] = err.why
                message = err.message
                if err.rule and err.rule not in (NOT_YOUR_TURN, DEAL_OVER):
                    meta["rule"] = err.rule  # a rule id; those two are reasons only
                    message += f" [{err.rule}]"  # brackets hold rule ids, as everywhere
                context.abort_with_status(status(
                    code_pb2.FAILED_PRECONDITION, message, err.rule or "", **meta))
            # grpc is untyped: its abort_with_status always raises, which mypy cannot see
            raise AssertionError("abort_with_status returned")
        return rpc(field_paths)(wrapper)
    return decorate


class Watches:
    """The Watch streams open, counted per process, per table and per seat token."""

    def __init__(self, per_process: int, per_table: int = WATCHES_PER_TABLE,
                 per_token: int = WATCHES_PER_TOKEN):
        self.limits = (per_process, per_table, per_token)
        self._open: dict[tuple[str, Any], int] = {}
        self._lock = threading.Lock()

    def enter(self, table_id: str, token: str) -> str | None:
        """None if the stream may open (and is counted); else what is full."""
        keys = [("process", None), ("table", table_id), ("token", token_digest(token))]
        with self._lock:
            for (kind, _), key, limit in zip(keys, keys, self.limits):
                if self._open.get(key, 0) >= limit:
                    return {"process": f"{limit} watch streams are open on this server",
                            "table": f"{limit} watch streams are open on this table",
                            "token": f"{limit} watch streams of this seat are open "
                                     "(close one)"}[kind]
            for key in keys:
                self._open[key] = self._open.get(key, 0) + 1
        return None

    def leave(self, table_id: str, token: str) -> None:
        with self._lock:
            for key in [("process", None), ("table", table_id),
                        ("token", token_digest(token))]:
                self._open[key] -= 1
                if not self._open[key]:
                    del self._open[key]


class TableService(table_pb2_grpc.TableServiceServicer):
    """`operator_token`: the token ListTables needs (`authorization: Bearer TOKEN`); None:
    ListTables answers loopback callers only."""

    def __init__(self, tables: Tables, max_watches: int = 16, *,
                 operator_token: str | None = None, watch_idle_s: float = WATCH_IDLE_S,
                 watches_per_table: int = WATCHES_PER_TABLE,
                 watches_per_token: int = WATCHES_PER_TOKEN):
        self.tables = tables
        self.max_watches = max_watches
        self.operator_token = operator_token
        self.watch_idle_s = watch_idle_s
        self._watches = Watches(max_watches, watches_per_table, watches_per_token)
        self._ai_tables = threading.BoundedSemaphore(MAX_AI_TABLES)

    @table_call()
    def CreateTable(self, request: table_pb2.CreateTableRequest,
                    context: grpc.ServicerContext) -> table_pb2.CreateTableResponse:
        on_wire = wire_of_request(request.game, request.game_name)
        game = on_wire.game
        which = request.WhichOneof("rules")
        rules = None
        if which is not None:
            if which != on_wire.rules_field:
                raise InvalidInput(f"{which} are not the rules of {GAMES[game].title}",
                                   field=which)

            rules = rules_object(game, getattr(request, which), field=which)
        seats = [seat_from(s, k) for k, s in enumerate(request.seats)]
        seed = request.seed if request.HasField("seed") else None
        if seed is not None and seed < 0:
            raise InvalidInput("the seed is 0 or more", field="seed")
        match = None
        if request.HasField("match_rules"):
            match = read_match(GAMES[game], request.match_rules.deals,
                               request.match_rules.to_points, field="match_rules")
        if not request.ai_only:
            opened, tokens, owner = self.tables.create(game, seats, seed, rules, match,
                                                       client=client_host(context.peer()),
                                                       idle=getattr(context, "idle", None))
        else:
            if any(s.kind == "human" for s in seats):
                raise InvalidInput("an ai_only table has AI seats only: a person's seat "
                                   "needs a table that waits for them", field="ai_only")
            if match is not None and not 1 <= match.deals <= MAX_AI_DEALS:
                raise InvalidInput(f"an ai_only match is 1-{MAX_AI_DEALS} deals (it is "
                                   "played within the call)", field="match_rules.deals")
            if not self._ai_tables.acquire(blocking=False):
                raise TableError(status(
                    code_pb2.RESOURCE_EXHAUSTED, f"{MAX_AI_TABLES} AI-only tables are being "
                    "played on this server: retry shortly", "TOO_MANY_AI_TABLES"))
            try:
                opened, tokens, owner = self.tables.create(game, seats, seed, rules,
                                                           match, ai_only=True)
            finally:
                self._ai_tables.release()
        return table_pb2.CreateTableResponse(
            table_id=opened.table_id,
            seat_tokens=[table_pb2.SeatToken(seat=s, token=tok)
                         for s, tok in sorted(tokens.items())],
            owner_token=owner or "")

    @table_call()
    def GetView(self, request: table_pb2.GetViewRequest,
                context: grpc.ServicerContext) -> table_pb2.GetViewResponse:
        t, seat = self.tables.seat(request.table_id, request.seat_token)
        with t.lock:
            self.tables.sync(t)
            return table_pb2.GetViewResponse(view=view_message(t, seat))

    @table_call()
    def Act(self, request: table_pb2.ActRequest,
            context: grpc.ServicerContext) -> table_pb2.ActResponse:
        t, seat = self.tables.seat(request.table_id, request.seat_token)
        if len(request.action) > 200:
            raise InvalidInput("an action is at most 200 characters", field="action")
        expected = request.expected_version if request.HasField("expected_version") \
            else None
        if expected is not None and expected < 0:
            raise InvalidInput("a version is 0 or more: the view's version, as last read",
                               field="expected_version")
        answer, owed_until = self._act(t, seat, request.action, expected, context)
        # a private decision answered owes its pace out of the lock (Table.defer_quiet_pace):
        # no other seat's call waits on it
        owed = owed_until - t.table.clock()
        if owed > 0:
            paced_wait(getattr(context, "idle", None), self.tables.stopping)(owed)
        return answer

    def _act(self, t: OpenTable, seat: int, action: str, expected: int | None,
             context: grpc.ServicerContext) -> tuple[table_pb2.ActResponse, float]:
        """The action played and stored, under the table's lock: the answer, and when the
        pace it still owes ends (0: none)."""
        with t.lock, pace_outside_the_slot(t.table, context, self.tables.stopping):
            t.table.owed_until = 0.0
            for _ in range(ACT_TRIES):
                self.tables.sync(t)
                inputs = len(t.table.inputs)
                try:
                    events = t.table.act(seat, action, expected)
                    self.tables.commit(t)
                except Conflict:  # another server wrote first: take its state, retry
                    self.tables.reload(t)
                    continue
                except StoreFailure:
                    if len(t.table.inputs) != inputs:  # not stored: not applied
                        self.tables.rollback(t, inputs)
                    raise
                except BaseException:
                    if len(t.table.inputs) != inputs:  # never half-applied
                        log.error("table %s: an action failed part way", t.table_id)
                        self.tables.reload(t)
                    raise
                owed_until, t.table.owed_until = t.table.owed_until, 0.0
                return table_pb2.ActResponse(
                    view=view_message(t, seat),
                    events=events_messages(t.table, events, seat)), owed_until
            raise TableError(status(
                code_pb2.ABORTED, "the table kept changing under this action (other "
                "servers acting on it): read the view and decide again",
                "STORE_CONFLICT", table_id=t.table_id))

    def Watch(self, request: table_pb2.WatchRequest,
              context: grpc.ServicerContext) -> Iterator[table_pb2.WatchResponse]:
        try:
            t, seat = self.tables.seat(request.table_id, request.seat_token)
            if request.from_version < 0:
                raise InvalidInput("a version is 0 or more", field="from_version")
            with t.lock:
                self.tables.sync(t)
                version = t.table.version(seat)
            if request.from_version > version:  # as Act refuses an expected_version ahead
                raise TableError(status(
                    code_pb2.ABORTED, f"the table is at version {version}, not "
                    f"{request.from_version}: watch from a version of the view",
                    "STALE_VERSION", version=str(version)))
        except TableError as err:
            context.abort_with_status(err.status)
        except StoreFailure as err:
            self.tables.store_failed(err)
            context.abort_with_status(store_status(err))
        except InvalidInput as err:
            context.abort_with_status(bad_request_status(err, err.field or "request"))
        full = self._watches.enter(t.table_id, request.seat_token) if self.max_watches \
            else "watch streams are off on this server (--max-watches 0)"
        if full is not None:
            context.abort_with_status(status(
                code_pb2.RESOURCE_EXHAUSTED, f"{full}: poll GetView, or retry shortly",
                "TOO_MANY_WATCHES"))
        try:
            yield from self._watch(t, seat, token_digest(request.seat_token),
                                   request.from_version, context)
        finally:
            self._watches.leave(t.table_id, request.seat_token)

    def _watch(self, t: OpenTable, seat: int, digest: str, sent: int,
               context: grpc.ServicerContext) -> Iterator[table_pb2.WatchResponse]:
        last = time.monotonic()
        with t.lock:
            arrived = t.renewed  # the seats whose links were opened before the stream
        while context.is_active():
            if self.tables.stopping.is_set():  # told, with where to watch again from
                context.abort_with_status(status(
                    code_pb2.UNAVAILABLE, "the server is stopping: watch again from your last "
                    "version, on another server or once it is back", "SERVER_STOPPING",
                    version=str(sent)))
            if time.monotonic() - last > self.watch_idle_s:  # nobody holds a slot forever
                context.abort_with_status(status(
                    code_pb2.UNAVAILABLE, f"no event for {self.watch_idle_s:g} s: watch "
                    "again from your last version", "WATCH_IDLE", version=str(sent)))
            with t.lock:
                try:
                    self.tables.sync(t)
                except TableError:
                    pass  # closed: what was played is still sent
                except StoreFailure as err:  # the store is away: try again shortly
                    self.tables.store_failed(err)
                if not hmac.compare_digest(t.tokens.get(seat, ""), digest):
                    context.abort_with_status(token_renewed(t.table_id).status)
                # a link opened meanwhile, here or on another server (read by sync): told,
                # as the seats waiting on that person would otherwise poll to learn it
                arrivals = [table_pb2.WatchResponse(arrival=table_pb2.SeatArrival(
                    seat=s, name=t.table.seats[s].name)) for s in sorted(t.renewed - arrived)]
                arrived = t.renewed
                events = t.table.events(seat, sent)
                if not events and arrivals:
                    out = arrivals
                elif not events:
                    if t.table.is_over:
                        return  # the stream ends OK with the deal's end
                    if t.closed:  # told apart from the deal's end: as any later call is
                        context.abort_with_status(closed_table(t.table_id).status)
                    t.changed.wait(self.tables.watch_poll_s)
                    continue
                else:
                    out = arrivals + [table_pb2.WatchResponse(event=e)
                                      for e in events_messages(t.table, events, seat)]
            for msg in out:
                yield msg
                if msg.HasField("event"):
                    sent = msg.event.version
            last = time.monotonic()

    @table_call({"state": "table"}, action_field=None)
    def Hint(self, request: table_pb2.TableServiceHintRequest,
             context: grpc.ServicerContext) -> table_pb2.TableServiceHintResponse:
        t, seat = self.tables.seat(request.table_id, request.seat_token)
        with t.lock:
            self.tables.sync(t)
            obs = t.table.observation(seat)
            version = t.table.version(seat)
            t.table.check_not_over()
            to_act = t.table.to_act(seat)  # as this seat sees the table, as Act says it
        if not obs.legal_actions:
            whose = (f"it is {t.table.seats[to_act].name}'s turn" if to_act is not None
                     else "it is not this seat's turn")
            raise IllegalAction(f"{whose}: nothing to rank", rule=NOT_YOUR_TURN)
        limits = getattr(context, "limits", None) or Limits()
        budget = hint_budget_ms(request.budget_ms if request.HasField("budget_ms") else 0,
                                t.table.game.name, limits, context.time_remaining())

        with named_seats(t.table.names()):  # seats named as the table names them
            ranked = hints.hint(obs, budget, stop=getattr(context, "cancelled", None))
        return table_pb2.TableServiceHintResponse(seat=seat, version=version,
                                                  actions=ranked_messages(ranked))

    @table_call()
    def GetRecord(self, request: table_pb2.GetRecordRequest,
                  context: grpc.ServicerContext) -> table_pb2.GetRecordResponse:
        if request.seat_token:
            t, seat = self.tables.seat(request.table_id, request.seat_token)
        else:  # no person sits there: an AI-only table, played to its end at creation
            t, seat = self.tables.get(request.table_id), 0
            if t.tokens:
                self.tables.seat(request.table_id, "")  # the seat token is needed
        with t.lock:
            self.tables.sync(t)
            table = t.table
            out = table_pb2.GetRecordResponse(complete=table.is_over,
                                              seats=seat_infos(table, t.renewed))
            # a server-chosen seed of a match in play would tell the deals to come
            sealed = table.seed_sealed and not t.seed_chosen
            if table.is_over:
                msg = game_record_message(table.game.name, table.record(sealed=sealed))
                getattr(out, wire(table.game.name).record_field).CopyFrom(msg)
            if table.match is not None:
                out.match_record.CopyFrom(match_record_message(
                    table.game.name, table.match_record(sealed=sealed)))
            out.events.extend(events_messages(table, table.events(seat), seat))
            return out

    def check_operator(self, context: grpc.ServicerContext) -> None:
        """ListTables is the operator's: PERMISSION_DENIED without the operator token
        (or, when the server has none, from an address that is not loopback)."""
        if self.operator_token is None:
            if is_loopback_peer(context.peer()):
                return
            raise TableError(status(
                code_pb2.PERMISSION_DENIED, "ListTables is an operator's call: from this "
                "machine, or with the operator token the server was started with",
                "OPERATOR_ONLY"))
        said = ""
        for key, value in context.invocation_metadata() or ():
            if key.lower() == "authorization" and isinstance(value, str):
                # RFC 7235: the scheme is case-insensitive; a bare token is no credential
                scheme, _, credentials = value.strip().partition(" ")
                said = credentials.strip() if scheme.lower() == "bearer" else ""
        if not hmac.compare_digest(token_digest(said), token_digest(self.operator_token)):
            raise TableError(status(
                code_pb2.PERMISSION_DENIED, "ListTables is an operator's call: send "
                "'authorization: Bearer TOKEN' with the operator token", "OPERATOR_ONLY"))

    @table_call()
    def ListTables(self, request: table_pb2.ListTablesRequest,
                   context: grpc.ServicerContext) -> table_pb2.ListTablesResponse:
        self.check_operator(context)
        size = request.page_size or 50
        if not 1 <= size <= 500:
            raise InvalidInput("1-500 tables per page", field="page_size")
        # The token is the (created, id) of the previous page's last table, not an offset:
        # tables created meanwhile (listed first) then never repeat or hide one.
        after = read_page_token(request.page_token) if request.page_token else None
        rows = self.tables.store.open_rows(size + 1, after)  # newest first
        page = rows[:size]
        out = table_pb2.ListTablesResponse()
        for row in page:
            game = row.header["game"]  # a plug-in's is GAME_UNSPECIFIED, named by game_name
            summary = table_pb2.TableSummary(
                table_id=row.table_id, game_name=game,
                game=WIRES[game].enum if game in WIRES else common_pb2.GAME_UNSPECIFIED,
                seats=header_seat_infos(row.header, row.renewed), actions=row.public_actions,
                over=row.over)
            summary.created.FromJsonString(row.created)
            out.tables.append(summary)
        if len(rows) > size:
            last = page[-1]
            out.next_page_token = base64.urlsafe_b64encode(json.dumps(
                [last.created, last.table_id]).encode()).decode()
        return out

    @table_call()
    def RenewSeatToken(self, request: table_pb2.RenewSeatTokenRequest,
                       context: grpc.ServicerContext) -> table_pb2.RenewSeatTokenResponse:
        seat, token = self.tables.renew(request.table_id, request.seat_token)
        return table_pb2.RenewSeatTokenResponse(
            seat_token=table_pb2.SeatToken(seat=seat, token=token))

    @table_call()
    def ListGames(self, request: table_pb2.ListGamesRequest,
                  context: grpc.ServicerContext) -> table_pb2.ListGamesResponse:
        # the registry's order: the three games, then the plug-ins as they were loaded
        return table_pb2.ListGamesResponse(games=[
            table_pb2.GameInfo(name=g.name, game=wire(g.name).enum, title=g.title,
                               seats=g.seats, presets=list(g.presets),
                               settles_in_points=g.settles_in_points,
                               plugin=wire(g.name).plugin)
            for g in GAMES.values()])

    @table_call()
    def CloseTable(self, request: table_pb2.CloseTableRequest,
                   context: grpc.ServicerContext) -> table_pb2.CloseTableResponse:
        t = self.tables.closable(request.table_id, request.seat_token, request.owner_token)
        self.tables.close(t)
        return table_pb2.CloseTableResponse()

