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

import datetime
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GameSpec, spec
from moneycards.solver.observation import Observation
from moneycards.solver.ranking import LEVELS
from moneycards.solver.table import IllegalAction, TableState, named_seats

HUMAN, AI = "human", "ai"
MAX_NAME = 40
NOT_YOUR_TURN = "NOT_YOUR_TURN"  # the ErrorInfo reason of an action out of turn
DEAL_OVER = "DEAL_OVER"  # the reason of an action or a hint once the deal has ended


class StaleVersion(Exception):
    """`expected_version` is not the seat's version: the table moved on since."""

    def __init__(self, expected: int, version: int):
        super().__init__(f"the table is at version {version}, not {expected}: read the view "
                         f"again and decide on it")
        self.expected, self.version = expected, version


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person, or an AI player of a level."""

    kind: str  # HUMAN or AI
    level: str = ""  # an AI's level: random, greedy or strong
    name: str = ""

    def to_dict(self) -> dict[str, str]:
        out = {"kind": self.kind, "name": self.name}
        if self.kind == AI:
            out["level"] = self.level
        return out


def read_seats(game: GameSpec, seats: list[Seat], *, field: str = "seats") -> tuple[Seat, ...]:
    """The seats checked, with default names: one per seat of the game, at least one
    person, AI levels known, names short and printable."""
    if len(seats) != game.seats:
        raise InvalidInput(f"{game.title} has {game.seats} seats, got {len(seats)}", field=field)
    out = []
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
        name = " ".join(s.name.split())
        if len(name) > MAX_NAME or not name.isprintable():
            raise InvalidInput(f"a name is at most {MAX_NAME} printable characters",
                               field=f"{where}.name")
        if not name:
            name = f"AI {k}" if s.kind == AI else f"Player {k}"
        out.append(Seat(s.kind, level, name))
    if not any(s.kind == HUMAN for s in out):
        raise InvalidInput("a table needs at least one person's seat (self-play runs "
                           "with `selfplay`)", field=field)
    names = [s.name for s in out]
    if len(set(names)) != len(names):
        raise InvalidInput("two seats have the same name", field=field)
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


@dataclass(frozen=True)
class Event:
    """An action as one seat sees it."""

    version: int  # the seat's version once it has seen this event
    seat: int  # who acted
    action: str  # the action's text, or its public form for another seat's action
    lines: tuple[str, ...]  # what happened, in words
    drawn: tuple[str, ...] = ()  # cards the viewing seat drew by this action (its own)


@dataclass
class Table:
    """One deal at a table. Build it with `Table.create` or `Table.from_record`."""

    game: GameSpec
    seed: int
    rules: Any  # the engine's rules object (a preset with switches)
    seats: tuple[Seat, ...]
    played_at: str  # when the table was created, ISO 8601 UTC
    ai_budget_ms: float | None = None  # a strong AI's budget (None: the game's default)
    state: TableState = field(init=False)
    log: list[Logged] = field(init=False, default_factory=list)
    queued: dict[int, str] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.state = self.game.new_state({"seed": self.seed, "rules": self.rules})

    # -- building -------------------------------------------------------------------------
    @classmethod
    def create(cls, game: str, seats: list[Seat], *, seed: int | None = None,
               rules: Any = None, played_at: str | None = None,
               ai_budget_ms: float | None = None) -> "Table":
        """A new table; AI seats before the first person's turn play at once."""
        g = spec(game)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 63:
            raise InvalidInput("the seed is a whole number 0 to 2^63-1", field="seed")
        if rules is None or isinstance(rules, str):
            rules = g.rules(rules, field="rules")
        when = played_at or datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds").replace("+00:00", "Z")
        table = cls(g, seed, rules, read_seats(g, seats), when, ai_budget_ms)
        table.advance()
        return table

    @classmethod
    def from_record(cls, record: dict[str, Any], *, ai_budget_ms: float | None = None
                    ) -> "Table":
        """A table rebuilt from its record (`record()`) by replaying every action; an
        action the rules refuse raises IllegalAction (the record was tampered with)."""
        g = spec(record["game"])
        seats = [Seat(s["kind"], s.get("level", ""), s.get("name", ""))
                 for s in record["seats"]]
        table = cls(g, record["seed"], record["rules"], read_seats(g, seats),
                    record["played_at"], ai_budget_ms)
        table.replay(record["actions"])
        return table

    def replay(self, actions: list[str]) -> None:
        """Apply recorded actions (the AI replies among them) as they were played: what
        another copy of this table applied since. An action the rules refuse raises
        IllegalAction; the ones before it stay applied."""
        for text in actions:
            seat = self.state.current_seat()
            if seat is None:
                raise IllegalAction("the record goes on after the deal ended",
                                    rule=self.state.over_rule())
            self._apply(seat, text)

    # -- what a seat sees -----------------------------------------------------------------
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise InvalidInput(f"seat must be 0-{len(self.seats) - 1}", field="seat")

    def visible(self, entry: Logged, seat: int) -> bool:
        return not entry.private or entry.seat == seat

    def version(self, seat: int) -> int:
        """How many events `seat` has seen."""
        return sum(1 for e in self.log if self.visible(e, seat))

    def check_not_over(self) -> None:
        """Raise IllegalAction once the deal has ended: one reason (DEAL_OVER) however it
        ended, so a client tells it apart from an illegal move."""
        if self.state.is_over:
            raise IllegalAction(f"the deal is over: {self.result_line()}", rule=DEAL_OVER)

    @property
    def public_actions(self) -> int:
        """The actions every seat has seen: a declined private claim is not one of them
        (R-claim-privacy), so a table's listing cannot show it."""
        return sum(1 for e in self.log if not e.private)

    def observation(self, seat: int) -> Observation:
        self.check_seat(seat)
        return self.state.observation(seat)

    def to_act(self, seat: int) -> int | None:
        """The seat to act as `seat` sees the table (a private claim window hidden)."""
        return self.state.seen_by(seat).current_seat()

    def events(self, seat: int, since: int = 0) -> list[Event]:
        """The events `seat` has seen after its version `since`, oldest first."""
        out, version = [], 0
        for e in self.log:
            if not self.visible(e, seat):
                continue
            version += 1
            if version <= since:
                continue
            own = e.seat == seat
            action = e.text if own else e.public
            head = f"{self.seats[e.seat].name}: {action}"
            out.append(Event(version, e.seat, action, (head, *e.lines),
                             e.gained if own else ()))
        return out

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    # -- acting ---------------------------------------------------------------------------
    def act(self, seat: int, text: str, expected_version: int | None = None) -> list[Event]:
        """Apply `seat`'s action, then let the AI seats play until a person is to act or
        the deal ends; the events `seat` sees from it. An illegal action raises
        IllegalAction and changes nothing; so does a stale `expected_version`."""
        self.check_seat(seat)
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("an action is text, e.g. 'pass' or 'discard 5c'", field="action")
        act = self.state.parse_action(text)
        # Text that is no action of this game is bad input, not a move the rules refuse.
        if act.verb not in self.state.verbs:
            raise InvalidInput(f"no such action {act.verb!r} in {self.state.deck.game}; "
                               f"{self.state.actions_help}", field="action")
        words = self.state.word_verbs.get(act.verb)
        if act.arg and act.verb not in self.state.card_verbs and words is None:
            raise InvalidInput(f"'{act.verb}' takes nothing after it; "
                               f"{self.state.actions_help}", field="action")
        if words is not None and act.arg not in words:
            raise InvalidInput(f"'{act.verb}' is followed by one word: "
                               + " or ".join(f"'{act.verb} {w}'" for w in words),
                               field="action")
        if act.verb in self.state.card_verbs and not act.arg:
            raise InvalidInput(f"'{act.verb}' names its cards (e.g. '{act.verb} 5c')",
                               field="action")
        if act.verb in self.state.card_verbs and not act.cards:
            self.state.deck.parse(act.arg, field="action")  # raises: bad notation is bad input
        if act.cards:  # more copies of a card than the deck holds: no move of any table
            self.state.deck.counts(act.cards, field="action")
        since = self.version(seat)
        if expected_version is not None and expected_version != since:
            raise StaleVersion(expected_version, since)
        if self.seats[seat].kind != HUMAN:
            raise IllegalAction(f"seat {seat} is an AI player", rule=NOT_YOUR_TURN)
        state = self.state
        self.check_not_over()
        if state.current_seat() != seat:
            seen = state.seen_by(seat)
            to_act = seen.current_seat()
            if to_act != seat:
                assert to_act is not None  # the deal is on
                raise IllegalAction(f"it is {self.seats[to_act].name}'s turn",
                                    rule=NOT_YOUR_TURN)
            # Another seat decides a private claim first; as far as this seat can know, it
            # is its turn: the action waits (checked now) until that seat has declined.
            trial = seen.clone()
            trial.apply(text)
            self.queued[seat] = trial.history[-1]
            return []
        self._apply(seat, text)
        self.advance()
        return self.events(seat, since)

    def advance(self) -> None:
        """AI seats play, and queued actions are applied, until a person is to act."""
        while not self.state.is_over:
            actor = self.state.current_seat()
            assert actor is not None  # the deal is on
            if actor in self.queued:
                text = self.queued.pop(actor)
                try:
                    self._apply(actor, text)
                except IllegalAction:
                    pass  # cannot happen: queued actions are dropped when the table moves
                continue
            seat = self.seats[actor]
            if seat.kind != AI:
                return
            from moneycards.solver.hints import choose

            rng = random.Random(f"{self.seed}/{len(self.state.history)}/{actor}")
            self._apply(actor, choose(self.state, seat.level, rng, self.ai_budget_ms))

    def _apply(self, seat: int, text: str) -> None:
        state = self.state
        decline = state.private_decline()
        private = decline is not None and state.normalize(text) == decline
        before = state.clone()
        draws = state.parse_action(text).verb == "draw"  # a stock card into a concealed hand
        hand_before = _hand(before, seat) if draws else []
        with named_seats(self.names()):  # the engine narrates as it applies
            state.apply(text)  # raises IllegalAction, leaving the state as it was
            lines = tuple(state.after_lines(before))
        act = state.parse_action(state.history[-1])
        gained = tuple(f.text for f in sorted(
            (Counter(_hand(state, seat)) - Counter(hand_before)).elements(),
            key=state.deck.index)) if draws else ()
        self.log.append(Logged(seat, act.text, state.public_text(act), private, lines,
                               gained))
        if not private:
            self.queued = {s: a for s, a in self.queued.items() if s == seat}
            self.queued.pop(seat, None)

    # -- the record -----------------------------------------------------------------------
    def result_line(self) -> str:
        with named_seats(self.names()):
            return self.state.result_line()

    def record(self) -> dict[str, Any]:
        """The game record with its header: the engine's record (seed, rules, actions), the
        seats, the date and, once over, the result."""
        rec = self.state.game_record()
        rec["rules"] = self.rules
        rec["seats"] = [s.to_dict() for s in self.seats]
        rec["played_at"] = self.played_at
        if self.state.result is not None:
            rec["result"] = self.state.result.to_dict()
        return rec


def _hand(state: TableState, seat: int) -> list[Face]:
    """The seat's concealed cards."""
    hand = state._observation(seat).to_json()["hand"]
    return state.deck.parse(hand) if hand else []
