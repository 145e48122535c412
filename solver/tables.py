"""A table: one deal with named seats — people or AI players — that the gRPC TableService
and the terminal `play` both run.

The engine (`TableState`) knows the rules. A `Table` adds who sits where, plays its AI
seats with the same players users can call (hints.choose), keeps the game record with its
header (seats, rules, date, result), and gives each seat only what it may see:

- its observation, in which another seat's private decision (a Tổ Tôm claim window, an
  optional Kowah declaration) does not show (R-claim-privacy, `TableState.seen_by`);
- a log of events in which a declined private claim leaves no trace and face-down cards
  stay face down, with the seat's own draws shown to it alone.

A seat's `version` counts the events it has seen: it grows with every action that seat can
see and says nothing about the others. `Act` may name the version it was decided on, so a
stale decision is refused instead of applied to a table that moved on.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.games import AnyGame, spec
from moneycards.solver.observation import Observation
from moneycards.solver.ranking import LEVELS, SEARCHING
from moneycards.solver.screen import explain
from moneycards.solver.table import (SEED_LIMIT, IllegalAction, Outcome, TableState, check_result,
                                     check_seed, name_says, named_seats)
from moneycards.solver.hints import choose

HUMAN, AI = "human", "ai"
MAX_NAME = 40
NOT_YOUR_TURN = "NOT_YOUR_TURN"  # the ErrorInfo reason of an action out of turn
DEAL_OVER = "DEAL_OVER"  # the reason of an action or a hint once the deal has ended


class StaleVersion(Exception):
    """`expected_version` is not the seat's version: the table moved on since."""

    def __init__(self, expected: int, version: int):
        # a version the seat has not reached is no stale view: one of another seat or table
        super().__init__(
            f"the table is at version {version}, not {expected}: read the view again and "
            "decide on it" if expected < version else
            f"the table is at version {version}, not {expected}, which this seat has not "
            "reached: decide on a view of this seat at this table")
        self.expected, self.version = expected, version


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person, or an AI player of a level."""

    kind: str  # HUMAN or AI
    level: str = ""  # an AI's level: random, greedy or strong
    name: str = ""
    # A person's seat handed to someone as a link (the web lobby's friend seats): until
    # its token is renewed, every seat is told that person has not opened it yet.
    invited: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.kind == AI:
            out["level"] = self.level
        if self.invited:
            out["invited"] = True
        return out


def read_seats(game: AnyGame, seats: list[Seat], *, field: str = "seats",
               require_person: bool = True) -> tuple[Seat, ...]:
    """The seats checked, with default names: one per seat of the game, at least one
    person (unless `require_person` is False: self-play, or a stored record), AI levels
    known, names short and printable."""
    if len(seats) != game.seats:
        raise InvalidInput(f"{game.title} has {game.seats} seats, got {len(seats)}", field=field)
    out = []
    defaulted: set[int] = set()  # seats named by default, not by the caller
    for k, s in enumerate(seats):
        where = f"{field}[{k}]"
        if s.kind not in (HUMAN, AI):
            raise InvalidInput(f"a seat is {HUMAN!r} or {AI!r}, not {s.kind!r}",
                               field=f"{where}.kind")
        level = s.level
        if s.kind == AI:
            level = level or "strong"
            if level not in LEVELS:
                raise InvalidInput(f"unknown AI level {level!r}; choose one of: "
                                   f"{', '.join(LEVELS)}", field=f"{where}.ai_level")
        elif level:
            raise InvalidInput("only an AI seat has a level", field=f"{where}.ai_level")
        if s.invited and s.kind != HUMAN:
            raise InvalidInput("only a person's seat is handed to someone as a link",
                               field=f"{where}.invited")
        # a line break or tab is refused, not folded into a space: a name is one line as typed
        name = " ".join(s.name.split())
        if not s.name.isprintable():
            bad = next(c for c in s.name if not c.isprintable())
            raise InvalidInput(f"a name is printable characters on one line; it holds "
                               f"{ascii(bad)} at position {s.name.index(bad) + 1}",
                               field=f"{where}.name")
        if len(name) > MAX_NAME:
            raise InvalidInput(f"a name is at most {MAX_NAME} characters, not {len(name)}",
                               field=f"{where}.name")
        if not name:
            name = f"AI {k}" if s.kind == AI else f"Player {k}"
            defaulted.add(k)
        out.append(Seat(s.kind, level, name, s.invited))
    if require_person and not any(s.kind == HUMAN for s in out):
        raise InvalidInput("a table needs at least one person's seat (self-play runs "
                           "with `selfplay`, or over TableService with ai_only)", field=field)
    for k, s in enumerate(out):
        first = next(j for j, t in enumerate(out) if t.name == s.name)
        if first != k:
            # blame a name the caller typed: a seat left unnamed was not the caller's choice
            typed, other = (first, k) if k in defaulted else (k, first)
            said = (f"; seat {other} is named so by default" if other in defaulted else "")
            raise InvalidInput(f"seats {first} and {k} have the same name {s.name!r}{said}",
                               field=f"{field}[{typed}].name")
    return tuple(out)


@dataclass(frozen=True)
class Logged:
    """One applied action, as the table remembers it."""

    seat: int
    text: str  # the record's text
    public: str  # as the other seats see it
    private: bool  # only the acting seat sees it (a declined private claim)
    lines: tuple[str, ...]  # what happened after it, as every seat sees it
    gained: tuple[str, ...]  # cards that entered the seat's concealed hand: its own draws
    taken_back: tuple[int, ...] = ()  # a late claim: the log entries it took back
    deal: int = 0  # the deal of a match it belongs to (0: a table of one deal)
    result: Outcome | None = None  # set on the action that ended a deal
    lapsed: bool = False  # a private decision never answered: the deal ended (R-claim-close)


@dataclass(frozen=True)
class Event:
    """An action as one seat sees it."""

    version: int  # the seat's version once it has seen this event
    seat: int  # who acted
    action: str  # the action's text, or its public form for another seat's action
    lines: tuple[str, ...]  # what happened, in words
    drawn: tuple[str, ...] = ()  # cards the viewing seat drew by this action (its own)
    # a claim that came first: the actions it took back as this seat saw them, each
    # (seat, action, the cards this seat had drawn by it)
    taken_back: tuple[tuple[int, str, tuple[str, ...]], ...] = ()
    deal: int = 0  # the deal of a match it belongs to (0: a table of one deal)
    result: Outcome | None = None  # set on the event that ended a deal
    new_deal: bool = False  # the start of a match's next deal (no action)


@dataclass
class Pending:
    """A person's private decision (a Tổ Tôm claim, an optional Kowah declaration) that
    the table has played on past, as if the seat declined (R-claim-privacy,
    R-declare-privacy). The seat itself still sees the table as it was when asked."""

    seat: int
    index: int  # where the presumed decline stands in the deal's actions
    entry: int  # its place in the log
    before: TableState  # the table as the seat sees it while it decides


# The inputs a table is stored as (server/store.py) besides plain actions: a presumed
# decline, a person's decline of it, a claim that takes back what was played since, and
# the next deal of a match.
PRESUME, DECLINE, CLAIM, NEXT_DEAL = "?", "!decline ", "!claim ", "!deal"
MAX_DEALS = 1000  # the longest match a table plays


def read_answer(text: str) -> tuple[int, str] | None:
    """A stored answer to an open decision, `!decline SEAT` or `!claim SEAT ACTION`: (the
    seat, the claim's action or "" for a decline); None for any other input (a seat that
    is no number reads as -1, which decides nothing)."""
    if not text.startswith((DECLINE, CLAIM)):
        return None
    head, _, rest = text.partition(" ")
    seat, _, action = rest.partition(" ")
    return (int(seat) if seat.isdigit() else -1), ("" if head + " " == DECLINE else action)


@dataclass(frozen=True)
class Match:
    """A match: a series of deals at one table (R-match) until `deals` have been played or
    a seat's running total reaches `to_points`; with neither, until the table is closed."""

    deals: int = 0
    to_points: int = 0

    def to_dict(self) -> dict[str, int]:
        return {k: v for k, v in (("deals", self.deals), ("to_points", self.to_points)) if v}


def read_match(game: AnyGame, deals: int, to_points: int, *, field: str = "match") -> Match:
    """A match's length checked: whole numbers, points only where the game settles in
    points (Kowah tallies multipliers, KW-K1)."""
    if not 0 <= deals <= MAX_DEALS:
        raise InvalidInput(f"a match is 1-{MAX_DEALS} deals (0: until closed)",
                           field=f"{field}.deals")
    if not 0 <= to_points <= 100_000:
        raise InvalidInput("a match's target is 1-100000 points (0: none)",
                           field=f"{field}.to_points")
    if to_points and not game.settles_in_points:
        raise InvalidInput(f"{game.title} settles no points (KW-K1): a match of it is a number "
                           "of deals", field=f"{field}.to_points")
    return Match(deals, to_points)


def add_result(totals: list[int], result: Outcome) -> list[int]:
    """Running totals after one more deal (R-match): net points (Tổ Tôm TT-K7, Luk Fu
    LF-K), or the multiplier to its winner (Kowah KW-K1, which keeps no cash)."""
    if result.net is not None:
        return [a + b for a, b in zip(totals, result.net)]
    out = list(totals)
    if result.winner is not None and result.multiplier is not None:
        out[result.winner] += result.multiplier
    return out


def totals_text(names: Sequence[str], totals: Sequence[int], points: bool) -> str:
    """Running totals in words: signed points, or Kowah's multipliers won (said so: a bare
    "AI 2 1" could be deals won, which a match also tallies)."""
    if points:
        return ", ".join(f"{n} {t:+d}" for n, t in zip(names, totals))
    return ", ".join(f"{n} {t}" for n, t in zip(names, totals)) + " (multipliers won)"


# A match record a seat read while the match was in play (`Table.seed_sealed`).
SEALED_MATCH = ("this match record has no seed: it was read while the match was in play, "
                "and the seed, which deals every deal to come, is told once it is over "
                "(R-match)")


def match_deal(game: AnyGame, seed: int, number: int, starter: int) -> dict[str, Any]:
    """The cards of a match's deal `number` (from 2): shuffled by a seed drawn from the
    match's, the hands turned so that `starter` holds the first seat's (R-match)."""
    deal = game.seeded(random.Random(f"{seed}/deal/{number}").getrandbits(63)).deal_json()
    shift = starter - int(deal[game.first_seat_key])
    hands = [deal["hands"][(k - shift) % game.seats] for k in range(game.seats)]
    return {**deal, "hands": hands, game.first_seat_key: starter}


def next_starter(game: AnyGame, rules: Any, starter: int, result: Outcome) -> int:
    """R-match: the winner deals (starts, is the master) next; after a drawn deal or a
    redeal the next seat in turn order does; always the next seat under the game's
    rotation switch."""
    if result.winner is not None and not getattr(rules, game.rotation_switch):
        return result.winner
    return (starter + 1) % game.seats


@dataclass(frozen=True)
class MatchCheck:
    """What checking a match record found: valid when every deal is the deal R-match
    deals and every action of it was legal; the first deal that is not, and why."""

    valid: bool
    complete: bool  # the match's deals are all played (or its target reached)
    deals: int  # deals checked
    totals: tuple[int, ...]
    length: int = 0  # the match's set number of deals (0: none, R-match)
    bad_deal: int | None = None  # from 1
    action: int | None = None  # the first illegal action of that deal
    rule: str | None = None
    message: str | None = None


def check_match(game: AnyGame, seed: int | None, rules: Any, match: Match,
                deals: list[dict[str, Any]], totals: list[int] | None = None,
                wins: list[int] | None = None) -> MatchCheck:
    """Replay a match record's deals: each must hold the cards R-match deals it (the first
    the match's seed's, the next by `match_deal` with the seat R-match names), each action
    must be legal, each stated result what the replay gives; the totals and the deals won
    per seat stated, if any, must be those of the results."""
    run = [0] * game.seats
    won = [0] * game.seats
    starter = None
    previous: int | None = None
    for k, rec in enumerate(deals, 1):
        field = f"deals[{k - 1}]"
        if k == 1:
            state = game.new_state({"seed": rec.get("seed", seed), "deal": rec.get("deal"),
                                    "rules": rules})
            if "deal" not in rec and seed is not None and rec.get("seed") != seed:
                raise InvalidInput(f"the first deal is shuffled by the match's seed {seed}",
                                   field=f"{field}.seed")
        else:
            assert starter is not None
            if seed is None:
                raise InvalidInput(SEALED_MATCH + ": its later deals cannot be checked",
                                   field="seed")
            expected = match_deal(game, seed, k, starter)
            given = rec.get("deal") or {}
            key = game.first_seat_key
            if (list(given.get("hands", [])), given.get("stock", ""), given.get(key)) != \
                    (expected["hands"], expected.get("stock", ""), expected[key]):
                raise InvalidInput(f"deal {k} is not the deal R-match gives: its cards come "
                                   f"from the match's seed, and seat {starter} "
                                   f"{game.starter_words}", field=f"{field}.deal")
            state = game.new_state({"deal": expected, "rules": rules})
        state.previous_winner = previous
        for j, action in enumerate(rec.get("actions", [])):
            try:
                state.apply(action)
            except IllegalAction as err:
                return MatchCheck(False, False, k, tuple(run), match.deals, k, j, err.rule,
                                  err.message)
        try:
            check_result(rec, state)
        except InvalidInput as err:
            err.field = field + "." + (err.field or "result").removeprefix("record.")
            raise
        if state.result is None:
            if k != len(deals):
                raise InvalidInput(f"deal {k} has not ended, yet deal {k + 1} follows",
                                   field=f"{field}.actions")
            return MatchCheck(True, False, k, tuple(run), match.deals)
        r = state.result
        run = add_result(run, r)
        if r.winner is not None:
            won[r.winner] += 1
        over = bool(match.deals and k >= match.deals
                    or match.to_points and max(run) >= match.to_points)
        if over and k != len(deals):
            raise InvalidInput(f"the match ended with deal {k}, yet deal {k + 1} follows",
                               field=f"deals[{k}]")
        starter = next_starter(game, rules, int(state.deal_json()[game.first_seat_key]), r)
        previous = r.winner
    if totals is not None and list(totals) != run:
        raise InvalidInput(f"the totals are {', '.join(map(str, run))} by the deals, not "
                           f"{', '.join(map(str, totals))}", field="totals")
    if wins is not None and list(wins) != won:
        raise InvalidInput(f"the deals won per seat are {', '.join(map(str, won))} by the "
                           f"deals, not {', '.join(map(str, wins))}", field="wins")
    complete = bool(deals) and bool(match.deals and len(deals) >= match.deals
                                    or match.to_points and max(run) >= match.to_points)
    return MatchCheck(True, complete, len(deals), tuple(run), match.deals)


@dataclass(frozen=True)
class DealPlayed:
    """A finished deal of a match."""

    record: dict[str, Any]  # the engine's record: rules, seed or deal, actions, result
    result: Outcome
    starter: int  # who dealt (Tổ Tôm), started (Kowah) or was the master (Luk Fu)


@dataclass
class Table:
    """One deal at a table. Build it with `Table.create` or `Table.from_record`.

    While a person decides a private claim, the table plays on as if the claim were
    declined, whoever else sits at it: AI seats reply at once and people may act, so no
    seat can tell that a seat is deciding. A decline then changes nothing anyone else sees;
    a claim comes first: what was played since is taken back, in one event that every seat
    sees (R-claim-privacy, R-declare-privacy: "at every table, whoever sits at it"). The
    deciding seat itself sees the table as it was when asked until it answers.

    `inputs` is the table's history as stored: each action applied, plus the presumed
    declines, declines and claims of that mechanism, so a replay of `inputs` rebuilds
    everything each seat has seen. `record()` holds only the actions that stand.
    """

    game: AnyGame
    seed: int
    rules: Any  # the engine's rules object (a preset with switches)
    seats: tuple[Seat, ...]
    played_at: str  # when the table was created, ISO 8601 UTC
    ai_budget_ms: float | None = None  # a strong AI's budget (None: the game's default)
    deal: dict[str, Any] | None = None  # explicit cards instead of the seed's (the seed
    # still seeds the AI players)
    match: Match | None = None  # None: a table of one deal
    # The time each AI reply takes at a table with a person, at least (`advance`); 0: none.
    ai_pace_ms: float = 0.0
    state: TableState = field(init=False)
    played: list[DealPlayed] = field(init=False, default_factory=list)  # a match's deals
    log: list[Logged] = field(init=False, default_factory=list)
    # the log's private entries (a seat's private decline), in order: `version` looks only
    # at these and at the voided and unseen ones, as every other entry is shown to every seat
    private_at: list[int] = field(init=False, default_factory=list)
    inputs: list[str] = field(init=False, default_factory=list)
    pending: list[Pending] = field(init=False, default_factory=list)
    line: list[int] = field(init=False, default_factory=list)  # log entry of each action
    void: set[int] = field(init=False, default_factory=set)  # presumed declines undone
    # entries taken back before a seat saw them: that seat never sees them
    unseen: dict[int, frozenset[int]] = field(init=False, default_factory=dict)
    # of a presumed decline undone: the seats its lines (what followed it by itself) were told
    told_void: dict[int, frozenset[int]] = field(init=False, default_factory=dict)
    public_count: int = field(init=False, default=0)  # actions every seat has seen
    ai_moves: int = field(init=False, default=0)  # AI decisions made here (not replayed)
    paced_ms: float = field(init=False, default=0.0)  # the pace their public actions owe
    # How each earlier deal of a match was won (`result_lines`): replayed once, then kept
    explained: dict[int, tuple[str, ...]] = field(init=False, default_factory=dict,
                                                  repr=False, compare=False)
    # The pace's clock and wait (class attributes, not fields); a test gives its own.
    clock = staticmethod(time.monotonic)
    sleep = staticmethod(time.sleep)
    # A caller that holds the table under a lock while it paces (the server) sets
    # `defer_quiet_pace`: a call that changed nothing another seat sees (a private decision
    # answered: a decline, a Kowah stay) then owes its pace in `owed_until` (the clock's
    # time), to be waited once the lock is let go. Held under the lock, its pace stalled
    # the other seats' calls with no version moved, which told them a private decision was
    # made (R-claim-privacy, R-declare-privacy).
    defer_quiet_pace = False
    owed_until = 0.0

    def __post_init__(self) -> None:
        if self.deal is not None:
            self.state = self.game.new_state({"deal": self.deal, "rules": self.rules})
        else:
            self.state = self.game.new_state({"seed": self.seed, "rules": self.rules})

    # -- building -------------------------------------------------------------------------
    @classmethod
    def create(cls, game: str, seats: list[Seat], *, seed: int | None = None,
               rules: Any = None, played_at: str | None = None,
               ai_budget_ms: float | None = None,
               deal: dict[str, Any] | None = None, match: Match | None = None,
               ai_only: bool = False, ai_pace_ms: float = 0.0,
               idle: Callable[[float], None] | None = None) -> "Table":
        """A new table; AI seats before the first person's turn play at once. `deal`
        (the engine's deal JSON) fixes the first deal's cards instead of the seed; `match`
        makes it a match of several deals (R-match). With `ai_only` every seat may be an
        AI's, and the table is played to its end here. `ai_pace_ms`: see `advance`;
        `idle`, how its first wait is waited (default: `Table.sleep`)."""
        g = spec(game)
        if seed is None:
            # 63 bits: every one of 2^31 seeds could be tried against one seat's hand.
            seed = random.SystemRandom().randrange(SEED_LIMIT)
        check_seed(seed, field="seed")
        if rules is None or isinstance(rules, str):
            rules = g.rules(rules, field="rules")
        when = played_at or datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds").replace("+00:00", "Z")
        table = cls(g, seed, rules, read_seats(g, seats, require_person=not ai_only), when,
                    ai_budget_ms, deal, match, check_pace(ai_pace_ms))
        if idle is None:
            table.advance()
            return table
        table.sleep = lambda seconds: idle(float(seconds))
        try:
            table.advance()
        finally:
            del table.sleep
        return table
        return table

    @classmethod
    def from_record(cls, record: dict[str, Any], *, ai_budget_ms: float | None = None
                    ) -> "Table":
        """A table rebuilt from its record (`record()`, or the stored `inputs` as its
        actions) by replaying every action; an action the rules refuse raises
        IllegalAction (the record was tampered with)."""
        g = spec(record["game"])
        seats = [Seat(s["kind"], s.get("level", ""), s.get("name", ""),
                      bool(s.get("invited", False))) for s in record["seats"]]
        match = record.get("match")
        table = cls(g, record["seed"], record["rules"],
                    read_seats(g, seats, require_person=False),
                    record["played_at"], ai_budget_ms, record.get("deal"),
                    None if match is None else Match(**match))
        table.replay(record["actions"])
        return table

    def replay(self, inputs: list[str]) -> None:
        """Apply stored inputs (`inputs`: actions, the AI replies among them, and presumed
        declines, declines and claims) as they were played: what another copy of this
        table applied since. One the rules refuse raises IllegalAction; the ones before it
        stay applied."""
        for text in inputs:
            if text == NEXT_DEAL:
                if not (self.is_over and self.match is not None
                        and not self.match_over):
                    raise IllegalAction("a next deal before the match's deal ended",
                                        rule="R-match")
                self._next_deal()
            elif text.startswith(PRESUME):
                if self.state.is_over:
                    raise IllegalAction("the record goes on after the deal ended",
                                        rule=self.state.over_rule())
                decline = self.state.private_decline()
                if decline is None or text != PRESUME + decline:
                    raise IllegalAction(f"{text!r}: no private decision is open",
                                        rule=self._privacy_rule())
                self._presume()
            elif (answer := read_answer(text)) is not None:
                seat, claim = answer
                pend = self._first_pending(seat)
                if pend is None:
                    raise IllegalAction(f"{text!r}: that seat decides nothing",
                                        rule=self._privacy_rule())
                self._decide(pend, claim or pend.before.private_decline() or "")
            else:
                actor = self.state.current_seat()
                if actor is None:
                    raise IllegalAction("the record goes on after the deal ended",
                                        rule=self.state.over_rule())
                self._play(actor, text)

    # -- what a seat sees -----------------------------------------------------------------
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise InvalidInput(f"seat must be 0-{len(self.seats) - 1}", field="seat")

    def _first_pending(self, seat: int) -> Pending | None:
        return next((p for p in self.pending if p.seat == seat), None)

    def view_state(self, seat: int) -> TableState:
        """The table as `seat` may see it: while it decides a private claim the table
        played on past, the table as it was when asked."""
        pend = self._first_pending(seat)
        return pend.before if pend is not None else self.state

    def _seen_until(self, seat: int) -> int:
        """The log entries `seat` may have seen end here: at its own open decision."""
        pend = self._first_pending(seat)
        return pend.entry if pend is not None else len(self.log)

    def _shown(self, pos: int, seat: int) -> bool:
        """Whether log entry `pos` (before the seat's open decision) is shown to `seat`:
        not a presumed decline undone by a claim, not taken back before the seat saw it,
        not another seat's private decline."""
        if pos in self.void or seat in self.unseen.get(pos, ()):
            return False
        e = self.log[pos]
        return not e.private or e.seat == seat

    def version(self, seat: int) -> int:
        """How many events `seat` has seen: the entries before its open decision, less those
        `_shown` hides from it, which are all voided, unseen or private (the rest, found in
        one pass over the whole log, made every view's cost grow with the deal)."""
        until = self._seen_until(seat)
        hiding = {*self.void, *self.unseen, *self.private_at}
        return until - sum(1 for pos in hiding if pos < until and not self._shown(pos, seat))

    def check_not_over(self) -> None:
        """Raise IllegalAction once the deal has ended: one reason (DEAL_OVER) however it
        ended, so a client tells it apart from an illegal move; at a match that has played
        its deals, it says the match is over."""
        if self.is_over:
            what = "match is over; its last deal" if self.match is not None else "deal is over"
            raise IllegalAction(f"the {what}: {self.result_line()}", rule=DEAL_OVER)

    @property
    def public_actions(self) -> int:
        """The events every seat has seen: a declined private claim is not one of them
        (R-claim-privacy), so a table's listing cannot show it."""
        return sum(1 for pos, e in enumerate(self.log) if not e.private and pos not in self.void)

    def observation(self, seat: int) -> Observation:
        self.check_seat(seat)
        return self.view_state(seat).observation(seat)

    def to_act(self, seat: int) -> int | None:
        """The seat to act as `seat` sees the table (a private claim window hidden)."""
        return self.view_state(seat).seen_by(seat).current_seat()

    def events(self, seat: int, since: int = 0) -> list[Event]:
        """The events `seat` has seen after its version `since`, oldest first."""
        out, version, until = [], 0, self._seen_until(seat)
        for pos in range(until):
            if not self._shown(pos, seat):
                continue
            version += 1
            if version <= since:
                continue
            # What happened by itself after another seat's private decline (a declared
            # seat's turn, the next stock card) is public: it is told with the action before
            # it, as it is when nobody was asked (R-claim-privacy, R-declare-privacy).
            after: list[str] = []
            result = None
            for x in range(pos + 1, until):
                e = self.log[x]
                if not e.private or e.seat == seat or seat in self.unseen.get(x, ()):
                    break
                after += e.lines
                result = result or e.result
            out.append(self._event(self.log[pos], seat, version, tuple(after), result))
        return out

    def _event(self, e: Logged, seat: int, version: int, after: tuple[str, ...] = (),
               result: Outcome | None = None) -> Event:
        own = e.seat == seat
        action = e.text if own else e.public
        head = f"{self.seats[e.seat].name}: {action}"
        taken: list[tuple[int, str, tuple[str, ...]]] = []
        said: list[str] = []  # what this seat is told was taken back, in the order played
        by_itself = False  # said includes what followed another seat's decision by itself
        told = 0  # moves this seat never saw, told as the seats that saw them saw them
        did = False  # a move taken back had lines of its own (cards it exposed or drew)
        # What any person saw of the moves taken back, every seat is told: a stock card
        # turned up meanwhile is then known to all, not only to the seats that played on.
        # What only AI seats saw (a table of one person, who was deciding) nobody is told:
        # they keep nothing of it once it is taken back, so it did not happen for anyone.
        for pos in e.taken_back:
            back = self.log[pos]
            if pos in self.void:  # a presumed decline undone: what followed it, if told
                if self._told_a_person(self.told_void.get(pos, frozenset()), seat) \
                        and back.lines:
                    said += (f"taken back: {line}" for line in back.lines)
                    by_itself = True
                continue
            never_saw = seat in self.unseen.get(pos, ())  # its acting seat saw it, at least
            if never_saw and not self._told_a_person(self._saw(pos), seat):
                continue
            if back.private and back.seat != seat:
                # Another seat's private decline stays unsaid, but what followed it by
                # itself (a declared seat's turn, a stock card) was told with the action
                # before it: its taking back is told too, or a card would be seen twice.
                said += (f"taken back: {line}" for line in back.lines)
                by_itself = by_itself or bool(back.lines)
                continue
            mine = back.seat == seat
            did = did or bool(back.lines)
            if never_saw:  # not in this seat's log: told in words, what followed with it
                told += 1
                said.append(f"taken back: {self.seats[back.seat].name}: {back.public}")
                said += (f"taken back: {line}" for line in back.lines)
                continue
            taken.append((back.seat, back.text if mine else back.public,
                          back.gained if mine else ()))
            drew = back.gained if mine else ()
            # and what followed it, as the seats that never saw it are told: a pass that
            # turned up a stock card reads as that, not as the pass after it once more (a
            # card drawn in the open is told there; one drawn in private, to its seat only)
            said.append(f"taken back: {self.seats[back.seat].name}: {taken[-1][1]}"
                        + (f" (drew {' '.join(drew)})" if drew and not back.lines else ""))
            said += (f"taken back: {line}" for line in back.lines)
        lines: tuple[str, ...] = (head, *e.lines, *after)
        if own and e.lapsed:  # the seat's own: no other seat knows it was asked
            lines = (head, f"not answered before the deal ended, so played as {action} "
                     "(R-claim-close)", *e.lines, *after)
        if said:
            # What was taken back is told before what the claim then did, in the order it
            # happened: a declared seat's turn played again after it reads as a new turn.
            n = len(taken) + told
            # the count is of moves; the lines below it also tell what they did, so say so
            extras = [x for x, yes in ((f"what {'it' if n == 1 else 'they'} did", did),
                                       ("what followed on its own", by_itself)) if yes]
            what = (f"{_count(n, 'action')} {'is' if n == 1 else 'are'} taken back"
                    + (", with " + " and ".join(extras) if extras else "")) if n \
                else "what followed on its own is taken back"
            with named_seats(self.names()):
                lines = (f"{head} — it comes first ({self._privacy_rule()}), so {what}",
                         *said, *e.lines, *after)
        if e.text == NEXT_DEAL:  # the start of a match's next deal
            return Event(version, e.seat, "", e.lines, deal=e.deal, new_deal=True)
        return Event(version, e.seat, action, lines, e.gained if own else (), tuple(taken),
                     e.deal, e.result or result)

    @property
    def is_over(self) -> bool:
        """The deal has ended, and no decision is left open on it (`advance`): an end that
        a person's open claim may still take back is not one yet."""
        return self.state.is_over and not self.pending

    # -- acting ---------------------------------------------------------------------------
    def act(self, seat: int, text: str, expected_version: int | None = None) -> list[Event]:
        """Apply `seat`'s action, then let the AI seats play until a person is to act or
        the deal ends; the events `seat` sees from it. An illegal action raises
        IllegalAction and changes nothing; so does a stale `expected_version`."""
        self.check_seat(seat)
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput(f"an action is needed: {self.state.actions_help}",
                               field="action")
        # Text that is no action of this game is bad input, not a move the rules refuse.
        self.state.read_action(text, field="action")
        since = self.version(seat)
        if expected_version is not None and expected_version != since:
            raise StaleVersion(expected_version, since)
        if self.seats[seat].kind != HUMAN:
            raise IllegalAction(f"seat {seat} is an AI player", rule=NOT_YOUR_TURN)
        self.check_not_over()
        start = self.clock()  # the pace counts the action's own work too (`advance`)
        public = self.public_count
        pend = self._first_pending(seat)
        if pend is not None:
            self._decide(pend, text)
        else:
            to_act = self.to_act(seat)
            if to_act != seat:
                assert to_act is not None  # the deal is on
                # echoed as every refused action is: 'pass' by Bo: it is Ann's turn
                why = f"it is {self.seats[to_act].name}'s turn"
                raise IllegalAction(f"{clip(' '.join(text.split()))!r} by "
                                    f"{self.seats[seat].name}: {why}", rule=NOT_YOUR_TURN,
                                    why=why)
            self._play(seat, text)
        self.advance(start=start, public=public)
        return self.events(seat, since)

    def advance(self, answering: bool = True, start: float | None = None,
                public: int | None = None) -> None:
        """AI seats play until a person is to act; past a person's private decision the
        table plays on as if it were declined (R-claim-privacy, R-declare-privacy).

        With `ai_pace_ms` at a table of people and AI seats, a call that plays
        (`answering`: an action, or a new table) lasts at least one pace, and at least the
        paces of the AI actions every seat sees (`decision_pace_ms` each: an expert's
        longer). Its time then says how many public AI actions of which levels were made,
        which every seat sees anyway, and neither how long each AI seat thought nor
        whether one was asked a private decision (a Tổ Tôm claim it declined, which shows
        nowhere): both depend on hidden cards (R-claim-privacy's aim). Only decisions that
        together outlast that time show their excess. A call owes at most
        MAX_REPLY_PACE_MS.

        At a table of people only (three or four), with the pace on, an action's
        reply lasts at least PEOPLE_PACE_MS (or the pace, if less): an action that opens
        another person's private decision costs the server more work than one that does
        not, and its reply must not come later for it (R-claim-privacy, R-declare-privacy).
        The AI actions played past a private decision owe their paces in the call that
        plays them, also where no person sees them yet (at a table of one person, whose
        view stops where it was asked): their thinking, which depends on hidden cards,
        hides in their paces as any other's does.
        `start`: when the call began to play (an action's own work counts); `public`: the
        count of public actions then (a call that added none may owe its pace,
        `defer_quiet_pace`)."""
        kinds = {s.kind for s in self.seats}
        if self.ai_pace_ms <= 0 or HUMAN not in kinds:
            self._advance()
            return
        start, owed = self.clock() if start is None else start, self.paced_ms
        self._advance()
        if AI not in kinds:
            due = min(self.ai_pace_ms, PEOPLE_PACE_MS) if answering else 0.0
        else:
            due = min(max(self.paced_ms - owed, self.ai_pace_ms if answering else 0.0),
                      MAX_REPLY_PACE_MS)
        wait = start + due / 1000 - self.clock()
        if wait > 0 and self.defer_quiet_pace and self.public_count == public:
            self.owed_until = start + due / 1000
        elif wait > 0:
            self.sleep(wait)

    def _advance(self) -> None:
        while not self.state.is_over:
            actor = self.state.current_seat()
            assert actor is not None  # the deal is on
            seat = self.seats[actor]
            if seat.kind == AI:
                # Seeded by the actions every seat has seen, not by private declines: an
                # AI plays alike whether or not some seat was asked (R-claim-privacy).
                rng = random.Random(f"{self.seed}/{self.public_count}/{actor}")
                began = time.perf_counter()
                chosen = choose(self.state, seat.level, rng, self.ai_budget_ms)
                steady = steady_ms(seat.level, self.ai_pace_ms) \
                    if any(s.kind == HUMAN for s in self.seats) else 0.0
                if steady > 0:  # its work, whatever it cost, is its share of its pace
                    steady_work(began + steady / 1000)
                self._play(actor, chosen)
                self.ai_moves += 1
                if not self.log[-1].private:  # a private decline's thinking hides in the
                    # slack of the public moves' paces: it owes none, or it would show
                    self.paced_ms += decision_pace_ms(seat.level, self.ai_pace_ms)
            elif self.state.private_decline() is not None:
                self._presume()  # a person's private decision: play on past it
            else:
                return
        if self.pending and self._watched():
            # A deal whose end a person has seen is not reopened: a decision still open
            # then is declined (R-claim-close, docs/proposed-rulings.md), so the end is the
            # end for every seat.
            for pend in list(self.pending):
                self._decide(pend, pend.before.private_decline() or "")
        if self.pending:
            return  # no person has seen the end: it waits for the answers, which may take
            # it back as they take back any move (a claim ahead of it by TT-P3 comes first)
        if self.match is not None and not self.match_over:
            self._next_deal()
            self._advance()

    def _play(self, seat: int, text: str) -> None:
        """Apply one action of the seat to act (IllegalAction changes nothing)."""
        self._apply(seat, text)
        self.inputs.append(self.state.history[-1])

    def _saw(self, pos: int) -> frozenset[int]:
        """The seats that saw log entry `pos` (taken back: those it was told to before)."""
        hidden = self.unseen.get(pos, frozenset())
        return frozenset(s for s in range(len(self.seats)) if s not in hidden)

    def _told_a_person(self, seats: frozenset[int], viewer: int) -> bool:
        """Whether `seats`, the seats told something, hold `viewer` or another person."""
        return viewer in seats or any(self.seats[s].kind == HUMAN for s in seats)

    def _watched(self) -> bool:
        """Whether a person sees the table as it goes on (the deal's end, if it has ended):
        one with no decision open (a deciding seat sees the table as it was when asked)."""
        return any(s.kind == HUMAN and self._first_pending(i) is None
                   for i, s in enumerate(self.seats))

    def _presume(self) -> None:
        """Play on past the person to act's private decision, as if it declined."""
        actor = self.state.current_seat()
        decline = self.state.private_decline()
        assert actor is not None and decline is not None
        pend = Pending(actor, len(self.state.history), len(self.log), self.state.clone())
        self._apply(actor, decline)
        self.pending.append(pend)
        self.inputs.append(PRESUME + decline)

    def _decide(self, pend: Pending, text: str) -> None:
        """The seat's answer to its open decision: a decline stands (nobody else sees a
        thing), a claim comes first and takes back what was played since."""
        trial = pend.before.clone()
        with named_seats(self.names()):
            trial.apply(text)  # raises IllegalAction as the seat sees the table
        answer = trial.history[-1]
        if answer == pend.before.private_decline():
            # never answered, the deal having ended in a person's sight (`advance`, asked
            # before this seat's decision is closed): its own seat is told why it stands
            lapsed = self.state.is_over and self._watched()
            self.pending.remove(pend)
            self.inputs.append(f"{DECLINE}{pend.seat}")
            if lapsed:
                self.log[pend.entry] = dataclasses.replace(self.log[pend.entry], lapsed=True)
            return
        later = [p for p in self.pending if p.index >= pend.index]
        taken = tuple(pos for pos in self.line[pend.index + 1:]
                      if pos not in {p.entry for p in later})
        for pos in taken:  # who had not seen it yet never will: it did not happen for them
            # Beyond a seat's own open decision; a private entry counts as seen by the seats
            # its public lines were told to (`events`).
            hidden = frozenset(s for s in range(len(self.seats))
                               if pos >= self._seen_until(s) or s in self.unseen.get(pos, ()))
            if hidden:
                self.unseen[pos] = hidden
        for p in later:
            # its own seat never saw it (its view stops at its open decision), nor others
            # the decline; but what followed it by itself was told to the seats past it,
            # and they are told it is taken back
            self.told_void[p.entry] = frozenset(
                s for s in range(len(self.seats))
                if p.entry < self._seen_until(s) and s not in self.unseen.get(p.entry, ()))
        for p in later:
            self.void.add(p.entry)
            self.pending.remove(p)
        self.state = pend.before
        del self.line[pend.index:]
        self.public_count = sum(1 for pos in self.line if not self.log[pos].private)
        undone = tuple(sorted({*taken, *(p.entry for p in later)}))
        self._apply(pend.seat, answer, taken_back=undone)
        self.inputs.append(f"{CLAIM}{pend.seat} {answer}")

    def _apply(self, seat: int, text: str, taken_back: tuple[int, ...] = ()) -> None:
        state = self.state
        decline = state.private_decline()
        private = decline is not None and state.normalize(text) == decline
        # No copy of the state: an illegal action leaves it as it was, and the narration
        # needs only its mark.
        mark = state.narration_mark()
        draws = state.parse_action(text).verb == "draw"  # a stock card into a concealed hand
        hand_before = _hand(state, seat) if draws else []
        with named_seats(self.names()):  # the engine narrates as it applies
            state.apply(text)  # raises IllegalAction, leaving the state as it was
            lines = tuple(state.after_lines(mark))
        act = state.parse_action(state.history[-1])
        gained = tuple(f.text for f in sorted(
            (Counter(_hand(state, seat)) - Counter(hand_before)).elements(),
            key=state.deck.index)) if draws else ()
        self.line.append(len(self.log))
        if private:
            self.private_at.append(len(self.log))
        self.log.append(Logged(seat, act.text, state.public_text(act), private, lines,
                               gained, taken_back, self.deal_no if self.match else 0,
                               state.result))
        self.public_count += not private

    def _privacy_rule(self) -> str:
        return self.state.privacy_rule

    # -- a match ----------------------------------------------------------------------------
    @property
    def deal_no(self) -> int:
        """The deal being played, from 1."""
        return len(self.played) + 1

    def starter(self) -> int:
        """Who deals (Tổ Tôm), starts (Kowah) or is the master (Luk Fu) this deal."""
        return int(self.state.deal_json()[self.game.first_seat_key])

    def result_lines(self, deal: int) -> tuple[str, ...]:
        """How deal `deal` (from 1; 0 at a table of one deal) was won, in words: the
        winner's cards as shown to prove the win, and the settlement (`explain`, what
        `replay` ends with). A finished deal is public: every seat is told the same."""
        if deal in (0, self.deal_no):  # the deal in play: told from the state as it is now
            with named_seats(self.names()):
                return tuple(explain(self.state, self.names()))
        if deal not in self.explained:  # a finished deal of the match never changes
            with named_seats(self.names()):
                self.explained[deal] = tuple(explain(self.deal_state(deal), self.names()))
        return self.explained[deal]

    def finished(self) -> list[DealPlayed]:
        """A match's finished deals, the one just ended included."""
        if not self.is_over or self.state.result is None:
            return list(self.played)
        rec = self.state.engine_record()
        rec["result"] = self.state.result.to_dict()
        return [*self.played, DealPlayed(rec, self.state.result, self.starter())]

    def totals(self) -> list[int]:
        """Each seat's running total over the finished deals: net points (Tổ Tôm TT-K7,
        Luk Fu LF-K), or the multipliers it won (Kowah KW-K1, which keeps no cash)."""
        out = [0] * len(self.seats)
        for d in self.finished():
            out = add_result(out, d.result)
        return out

    def wins(self) -> list[int]:
        out = [0] * len(self.seats)
        for d in self.finished():
            if d.result.winner is not None:
                out[d.result.winner] += 1
        return out

    @property
    def match_over(self) -> bool:
        """A match has played its deals or a seat has reached its target."""
        if self.match is None:
            return True
        m = self.match
        return bool(m.deals and len(self.finished()) >= m.deals
                    or m.to_points and max(self.totals()) >= m.to_points)

    def next_starter(self) -> int:
        """Who deals (starts, is the master) after the deal that has just ended."""
        assert self.state.result is not None  # the deal has ended
        return next_starter(self.game, self.rules, self.starter(), self.state.result)

    def _next_deal(self) -> None:
        """File the ended deal and deal the next at the same table (R-match): its cards
        from the match's seed, its first seat by R-match."""
        result = self.state.result
        assert result is not None and self.match is not None
        starter = self.next_starter()
        self.played = self.finished()
        self.state = self.game.new_state({"deal": self.deal_cards(self.deal_no, starter),
                                          "rules": self.rules})
        self.state.previous_winner = result.winner  # Thông (traditional Tổ Tôm)
        totals = totals_text(self.names(), self.totals(), self.game.settles_in_points)
        of = f" of {self.match.deals}" if self.match.deals else ""
        lines = (f"Deal {self.deal_no}{of}: "
                 f"{name_says(self.seats[starter].name, self.game.starter_words)}",
                 f"Totals: {totals}")  # "You are the master", "AI 1 is the master"
        self.log.append(Logged(starter, NEXT_DEAL, NEXT_DEAL, False, lines, (),
                               deal=self.deal_no))
        self.line = []  # the new deal's actions (what was taken back stays as it was)
        self.inputs.append(NEXT_DEAL)

    def deal_cards(self, number: int, starter: int) -> dict[str, Any]:
        return match_deal(self.game, self.seed, number, starter)

    def deal_state(self, number: int) -> TableState:
        """A finished deal of the match (from 1) at its end, replayed from its record."""
        done = self.finished()[number - 1]
        state = self.game.new_state({**done.record, "rules": self.rules})
        state.previous_winner = self.finished()[number - 2].result.winner if number > 1 \
            else None
        for action in done.record["actions"]:
            state.apply(action)
        return state

    @classmethod
    def from_match_record(cls, rec: dict[str, Any], *, ai_budget_ms: float | None = None
                          ) -> "Table":
        """A match table rebuilt from its record (`moneycards.records.read_match_record`:
        finished deals and the one in play, each with its actions), to where it was."""
        inputs: list[str] = []
        for k, deal in enumerate(rec["deals"]):
            if k:
                inputs.append(NEXT_DEAL)
            inputs.extend(deal["actions"])
        header = {"game": rec["game"], "rules": rec["rules"], "seed": rec["seed"],
                  "seats": rec["seats"], "played_at": rec["played_at"],
                  "match": rec["match"].to_dict(), "actions": inputs}
        if rec["deals"] and "deal" in rec["deals"][0]:
            header["deal"] = rec["deals"][0]["deal"]
        return cls.from_record(header, ai_budget_ms=ai_budget_ms)

    def match_record(self, *, sealed: bool = False) -> dict[str, Any]:
        """A match's record: one header (game, rules, seats, date, seed, match) and its
        finished deals' records in order, with the totals. `sealed` (`seed_sealed`): no
        seed, and each finished deal by the cards it dealt, for a seat to read."""
        assert self.match is not None
        deals = [d.record for d in self.finished()]
        return {"game": self.game.name, "rules": self.rules,
                "seed": None if sealed else self.seed,
                "match": self.match.to_dict(), "seats": [s.to_dict() for s in self.seats],
                "played_at": self.played_at,
                "deals": [self._by_cards(d) for d in deals] if sealed else deals,
                "totals": self.totals(), "wins": self.wins()}

    @property
    def seed_sealed(self) -> bool:
        """Whether a seat may not be told the seed yet (a server-chosen one; one chosen at
        the table is every seat's to know): a match's seed deals every later deal, so
        until the match is over a record a seat reads gives each finished deal by its
        cards instead: the seed would tell every hand of the deals to come (R-match)."""
        return self.match is not None and not (self.is_over and self.match_over)

    def _by_cards(self, record: dict[str, Any]) -> dict[str, Any]:
        """A deal's record with its seed replaced by the cards the seed dealt."""
        if "seed" not in record:
            return record
        rec = {k: v for k, v in record.items() if k != "seed"}
        if "deal" not in rec:
            rec["deal"] = self.game.new_state({"seed": record["seed"],
                                               "rules": self.rules}).deal_json()
        return rec

    # -- the record -----------------------------------------------------------------------
    def result_line(self) -> str:
        with named_seats(self.names()):
            return self.state.result_line()

    def header(self) -> dict[str, Any]:
        """What rebuilds the table with its inputs (`from_record`): game, rules, seed (and
        the first deal's cards when they were given), seats, date and match."""
        rec: dict[str, Any] = {"game": self.game.name, "rules": self.rules, "seed": self.seed,
                               "seats": [s.to_dict() for s in self.seats],
                               "played_at": self.played_at, "actions": []}
        if self.deal is not None:
            rec["deal"] = self.deal
        if self.match is not None:
            rec["match"] = self.match.to_dict()
        return rec

    def record(self, *, sealed: bool = False, seat: int | None = None) -> dict[str, Any]:
        """The game record with its header: the engine's record (seed, rules, the actions
        that stand), the seats, the date and, once over, the result. `sealed`
        (`seed_sealed`): the deal by its cards, without the seed. `seat`: as that seat sees
        the deal, up to its open decision if it has one (played again from there, the
        table plays on past it as it did). An end that an open decision may still take
        back is not in the record: it stops at the earliest open decision."""
        state = self.state if seat is None else self.view_state(seat)
        if seat is None and self.is_over != state.is_over:
            # an end no person has seen, which an open decision may still take back: the
            # deal stands for sure up to the earliest open decision
            state = min(self.pending, key=lambda p: p.index).before
        rec = state.engine_record()
        if sealed:
            rec = self._by_cards(rec)
        elif self.deal is not None:
            rec["seed"] = self.seed
        rec["rules"] = self.rules
        rec["seats"] = [s.to_dict() for s in self.seats]
        rec["played_at"] = self.played_at
        if state.result is not None:
            rec["result"] = state.result.to_dict()
        if self.match is not None:
            rec["match"] = self.match.to_dict()
        return rec


# The longest pace a table takes: a reply that waits longer is a table nobody can play.
MAX_PACE_MS = 10_000.0
# The most pace one call owes. Where many AI actions follow one (a declared Kowah seat's
# turns play themselves to the end of the deal: some fifty), their paces would outlast a
# client's deadline, while their own time stays far below this (expert seats: 6 s at the
# p99 of bench/pace.py's replies).
MAX_REPLY_PACE_MS = 15_000.0
# The least time an action's reply takes at a table of people only (with the pace on): far
# above the server's own work for one action (about a millisecond), so that work's
# variation with the cards (a private decision opened or not) does not show.
PEOPLE_PACE_MS = 25.0
# An `expert` decision's pace, in paces: it searches about ten times the work of `strong`
# (bench/pace.py: at one pace, a fifth of the Kowah replies with expert seats showed).
EXPERT_PACES = 4


def decision_pace_ms(level: str, pace_ms: float) -> float:
    """The least time one AI decision of `level` takes at a paced table."""
    return pace_ms * (EXPERT_PACES if level == "expert" else 1)


# The share of its pace a searching AI decision keeps the server busy at a table with a
# person (`steady_work`). The pace hides how long a seat thinks from its reply, but not
# from the server's load: a second connection's calls slow while an AI searches, and how
# long that is depends on its hidden cards (a privacy audit, in Tổ Tôm: a pass with a
# capture to weigh, median 31 ms, from one with none, 5 ms, told apart in 20 of 22
# replies). A third of a 300 ms pace is above the searching levels' usual decision
# (strong: p99 about 60 ms in Tổ Tôm and Kowah, p90 65 ms in Luk Fu).
STEADY_SHARE = 1 / 3


def steady_ms(level: str, pace_ms: float) -> float:
    """The least work one AI decision of `level` takes at a paced table with a person: a
    share of its pace for the levels that search (their work varies with their cards by
    tens of milliseconds), none for `random` and `greedy` (a tenth of a millisecond)."""
    return decision_pace_ms(level, pace_ms) * STEADY_SHARE if level in SEARCHING else 0.0


def steady_work(until: float) -> None:
    """Work until `time.perf_counter()` reaches `until`, as a search works: in the
    interpreter, holding its lock as long as a search does, so another call served meanwhile
    is slowed alike whatever the decision cost (a wait would let it run)."""
    while time.perf_counter() < until:
        sum(range(1000))


def check_pace(ms: float, field: str = "ai_pace_ms") -> float:
    """The AI pace in milliseconds (`Table.advance`), or InvalidInput naming what is wrong."""
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 <= ms <= MAX_PACE_MS:
        raise InvalidInput(f"the AI pace is 0 to {MAX_PACE_MS:,.0f} milliseconds (0: AI "
                           f"replies as soon as they are decided), not {ms}", field=field)
    return float(ms)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _hand(state: TableState, seat: int) -> list[Face]:
    """The seat's concealed cards."""
    return state.hand_faces(seat)
