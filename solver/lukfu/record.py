"""The public record of a Luk Fu deal: calls, tricks, face-down follows (docs/lukfu-record.md).

`parse_record` reads the JSON form and `Record.validate` replays it, rejecting the first
thing that cannot have happened with the rule it breaks (a card played twice, a follow out
of turn, a face-up follow that does not beat, a face-down follow by a seat that later shows
it held a beating play, ...). A validated record knows each seat's role, fu and remaining
hand size, and every face-down event the old-card proofs reason from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput, json_object
from moneycards.solver.lukfu.plays import (SEED_RULES, LukFuRules, Play, PlayError, beats,
                                classify, compare, plays_in)
from moneycards.solver.lukfu.plays import FIXED_OLD, higher_in_suit, passed_master_may_not_lead
from moneycards.solver.lukfu import SEATS
from moneycards.solver.rulebook import implements
from moneycards.solver.table import seat_label

HAND_SIZE = 12  # LF-C1
ROLES = ("caller", "master-passed", "non-caller")


class RecordError(InvalidInput):
    """A record that cannot be read or cannot have happened; `path` says where in it, and
    the field names it from the record ("record.tricks[1].plays[0]")."""

    def __init__(self, message: str, *, path: str, rule: str | None = None):
        super().__init__(message, field="record" if path == "record" else f"record.{path}",
                         rule=rule)
        self.path = path


def seat_name(seat: int) -> str:
    """The seat's name in messages: "Seat 0", "Seat 1", "Seat 2", or the names of a table's
    seats (solver/table.py `named_seats`)."""
    return seat_label(seat)


@dataclass(frozen=True)
class Action:
    """One seat's part in a trick: a face-up play, or `down` cards face down."""

    seat: int
    play: Play | None  # None when face down
    down: int = 0
    hidden: tuple[Face, ...] | None = None  # face-down cards, when the record knows them

    @property
    def size(self) -> int:
        return self.play.size if self.play else self.down

    def cards(self) -> tuple[Face, ...]:
        """The cards this action put out of the hand, as far as the record knows them."""
        if self.play:
            return self.play.cards
        return self.hidden or ()


@dataclass
class Trick:
    leader: int
    actions: list[Action] = field(default_factory=list)

    @property
    def lead(self) -> Play:
        return self.actions[0].play  # type: ignore[return-value]

    @property
    def complete(self) -> bool:
        return len(self.actions) == SEATS

    def best(self) -> tuple[int, Play]:
        """The seat holding the best play so far and that play."""
        seat, best = self.leader, self.lead
        for a in self.actions[1:]:
            if a.play is not None:
                seat, best = a.seat, a.play
        return seat, best

    def next_seat(self) -> int:
        return (self.leader + len(self.actions)) % SEATS


@dataclass(frozen=True)
class DownEvent:
    """A face-down follow: `seat` held no play beating `best` at trick `trick` (R-old-proof)."""

    seat: int
    trick: int
    best: Play
    down: int


@dataclass
class Record:
    master: int
    calls: list[str]
    tricks: list[Trick]
    rules: LukFuRules = SEED_RULES

    def snapshot(self) -> "Record":
        """An independent copy (the table engine appends to its own record)."""
        return Record(self.master, list(self.calls),
                      [Trick(t.leader, list(t.actions)) for t in self.tricks], self.rules)

    # -- derived facts (valid after validate()) ---------------------------------------
    @property
    @implements("LF-C3", "the first seat to say play is the caller; the master leads first")
    def caller(self) -> int | None:
        for k, word in enumerate(self.calls):
            if word == "play":
                return (self.master + k) % SEATS
        return None

    @property
    @implements("LF-C4", "three passes: the cards are dealt again")
    def redeal(self) -> bool:
        return self.calls == ["pass"] * SEATS  # LF-C4

    @implements("R-master-lead", "LF-L2 binds every lead of a master who passed")
    def role(self, seat: int) -> str:
        caller = self.caller
        if seat == caller:
            return "caller"
        if seat == self.master and caller is not None:
            return "master-passed"  # LF-L2
        return "non-caller"

    def public_cards(self) -> dict[Face, tuple[int, int]]:
        """Every face-up card: (trick index, seat)."""
        out = {}
        for t, trick in enumerate(self.tricks):
            for a in trick.actions:
                if a.play:
                    for f in a.play.cards:
                        out[f] = (t, a.seat)
        return out

    def played_count(self, seat: int) -> int:
        return sum(a.size for trick in self.tricks for a in trick.actions if a.seat == seat)

    def hand_size(self, seat: int) -> int:
        return HAND_SIZE - self.played_count(seat)

    @implements("LF-W1", "a trick's winner scores as fu the cards of its own winning play")
    def fu(self, seat: int | None) -> int:
        """LF-W1: the cards of a seat's own winning plays."""
        total = 0
        for trick in self.tricks:
            if trick.complete:
                winner, best = trick.best()
                if winner == seat:
                    total += best.size
        return total

    def down_events(self) -> list[DownEvent]:
        out = []
        for t, trick in enumerate(self.tricks):
            for k, a in enumerate(trick.actions):
                if a.play is None:
                    partial = Trick(trick.leader, trick.actions[:k])
                    out.append(DownEvent(a.seat, t, partial.best()[1], a.down))
        return out

    def to_act(self) -> int | None:
        """The seat to act next: the next follower, or the seat to lead (None: before calls
        are complete, or a redeal)."""
        if self.caller is None:
            return None
        if not self.tricks:
            return self.master  # LF-C3
        last = self.tricks[-1]
        return last.next_seat() if not last.complete else last.best()[0]

    def about_to_lead(self, seat: int) -> bool:
        return self.to_act() == seat and (not self.tricks or self.tricks[-1].complete)

    def current_best(self) -> Play | None:
        """The play to beat when the next action is a follow."""
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1].best()[1]
        return None

    # -- validation -------------------------------------------------------------------
    def validate(self) -> "Record":
        if not 0 <= self.master < SEATS:
            raise RecordError(f"master must be a seat 0–{SEATS - 1}, not {self.master}",
                              path="master", rule="LF-C1")
        for k, word in enumerate(self.calls):
            if word not in ("play", "pass"):
                raise RecordError(f"a call is 'play' or 'pass', not {word!r}",
                                  path=f"calls[{k}]", rule="LF-C2")
            if k > 0 and self.calls[k - 1] == "play":
                raise RecordError("no call follows the first 'play': that seat is the caller",
                                  path=f"calls[{k}]", rule="LF-C3")
        if len(self.calls) > SEATS:
            raise RecordError("at most three calls", path="calls", rule="LF-C2")
        if self.tricks and self.caller is None:
            rule = "LF-C4" if self.redeal else "LF-C2"
            raise RecordError("no trick is played before a seat has called 'play'",
                              path="tricks", rule=rule)
        seen: dict[Face, str] = {}
        for t, trick in enumerate(self.tricks):
            path = f"tricks[{t}]"
            expected = self.master if t == 0 else self.tricks[t - 1].best()[0]
            if t > 0 and not self.tricks[t - 1].complete:
                raise RecordError("the previous trick is not complete", path=path, rule="LF-F1")
            if trick.leader != expected:
                rule = "LF-C3" if t == 0 else "LF-W1"
                # "Seat 0 leads", or a table's name with its number ("Ana (seat 0) leads")
                named = seat_name(expected)
                who = named if named == f"Seat {expected}" else f"{named} (seat {expected})"
                raise RecordError(f"{who} leads this trick, not seat {trick.leader}",
                                  path=f"{path}.leader", rule=rule)
            if not trick.actions:
                raise RecordError("a trick needs its lead", path=f"{path}.plays", rule="LF-L1")
            if len(trick.actions) > SEATS:
                raise RecordError("three seats, three plays", path=f"{path}.plays", rule="LF-F1")
            for k, a in enumerate(trick.actions):
                apath = f"{path}.plays[{k}]"
                want = (trick.leader + k) % SEATS
                if a.seat != want:
                    raise RecordError(f"seat {want} plays here, not seat {a.seat}",
                                      path=f"{apath}.seat", rule="LF-F1")
                # a card played twice is that first, even within one trick (where it would
                # otherwise read as a follow that does not beat itself)
                for f in a.cards():
                    if f in seen:
                        raise RecordError(f"{f} was already played at {seen[f]}",
                                          path=apath, rule="LF-D1")
                    seen[f] = apath
                if k == 0:
                    self._check_lead(a, apath)
                    self._check_old_single_lead(t, a, apath)
                else:
                    self._check_follow(trick, k, a, apath)
        for seat in range(SEATS):
            if self.played_count(seat) > HAND_SIZE:
                raise RecordError(f"seat {seat} plays more than its {HAND_SIZE} cards",
                                  path="tricks", rule="LF-C1")
        self._check_down_consistency()
        return self

    def _check_lead(self, a: Action, path: str) -> None:
        if a.play is None:
            raise RecordError("a lead is played face up", path=path, rule="LF-L1")
        p = a.play
        if self.role(a.seat) == "master-passed" and passed_master_may_not_lead(p):
            raise RecordError(f"the master passed, so it may not lead {p} (a set of four or a "
                              f"run of four or more, at any lead of the deal: R-master-lead)",
                              path=path, rule="LF-L2")

    def _check_old_single_lead(self, t: int, a: Action, path: str) -> None:
        """LF-L3 as far as the record proves it: a non-caller led a single that was old
        (every higher card of its suit already played or in its own hand) while it held a
        card that was not (one it shows later, with a higher card of that suit shown later
        by another seat, so still in that seat's hand)."""
        p = a.play
        if p is None or p.size != 1 or self.role(a.seat) == "caller":
            return
        lead = p.cards[0]
        before: set[Face] = set()
        for trick in self.tricks[:t]:
            for b in trick.actions:
                if b.play is not None or b.seat == a.seat:
                    before.update(b.cards())
        held: set[Face] = set()
        others: dict[Face, int] = {}
        for trick in self.tricks[t:]:
            for b in trick.actions:
                for f in b.cards():
                    if b.seat == a.seat:
                        held.add(f)
                    else:
                        others[f] = b.seat

        if not (lead in FIXED_OLD or all(g in before or g in held
                                         for g in higher_in_suit(lead))):
            return
        for z in sorted(held - {lead}):
            w = next((g for g in higher_in_suit(z) if g in others), None)
            if w is not None and z not in FIXED_OLD:
                raise RecordError(
                    f"{seat_name(a.seat)} is not the caller and leads the old single {lead} "
                    f"while holding {z}, which is not old ({w} was still in "
                    f"{seat_name(others[w])}'s hand)", path=path, rule="LF-L3")

    def _check_follow(self, trick: Trick, k: int, a: Action, path: str) -> None:
        best = Trick(trick.leader, trick.actions[:k]).best()[1]
        if a.play is not None:
            c = compare(a.play, best, self.rules)
            if not c.beats:  # the rule it fails to beat by, as the table's refusal names it
                raise RecordError(f"{a.play} does not beat {best}: {c.reason}; a follow "
                                  f"that cannot beat goes face down", path=path, rule=c.rule)
        else:
            if a.down != best.size:
                raise RecordError(f"a face-down follow has as many cards as the play to "
                                  f"beat ({best.size}), not {a.down}", path=path, rule="LF-F1")
            if a.hidden is not None and len(a.hidden) != a.down:
                raise RecordError(f"'cards' lists {len(a.hidden)} cards for {a.down} face down",
                                  path=path, rule="LF-F1")

    def _check_down_consistency(self) -> None:
        """A seat that went face down held no beating play then, so none of the cards it
        showed later (with its known face-down cards) may form one (R-old-proof)."""
        for ev in self.down_events():
            later: list[Face] = []
            for t in range(ev.trick, len(self.tricks)):
                for a in self.tricks[t].actions:
                    if a.seat == ev.seat:
                        later += a.cards()
            beaters = [p for p in plays_in(later, ev.best.size) if beats(p, ev.best, self.rules)]
            if beaters:
                raise RecordError(
                    f"{seat_name(ev.seat)} went face down on {ev.best} but later showed "
                    f"{LUKFU.render(beaters[0].cards)}, which beats it: it had to beat",
                    path=f"tricks[{ev.trick}]", rule="LF-F1")


def _int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected a whole number, got {value!r}", path=path)
    return value


def parse_record(data: Any, rules: LukFuRules = SEED_RULES) -> Record:
    """A validated Record from parsed JSON (a dict); errors name the JSON path."""
    try:
        data = json_object(data, field="record", what="a record (a JSON object)")
    except InvalidInput as err:
        raise RecordError(err.message, path="record") from None
    game = data.get("game") or "lukfu"  # empty: the proto default
    if game != "lukfu":
        from moneycards.solver.games import another_game

        raise RecordError(another_game(game, "lukfu"), path="game")
    unknown = set(data) - {"game", "master", "calls", "tricks", "rules"}
    if unknown:
        raise RecordError(f"unknown keys: {', '.join(sorted(unknown))}", path="record")
    # A number left out is 0, as proto JSON leaves out seat 0 (the master, a leader, a play)
    master = _int(data.get("master", 0), "master")
    rules = _rules(data.get("rules"), rules)
    calls = data.get("calls", [])
    if not isinstance(calls, list):
        raise RecordError("a list of 'play'/'pass'", path="calls")
    tricks = []
    for t, raw in enumerate(data.get("tricks", [])):
        path = f"tricks[{t}]"
        if not isinstance(raw, dict):
            raise RecordError("a trick is an object with 'leader' and 'plays'", path=path)
        leader = _int(raw.get("leader", 0), f"{path}.leader")
        plays = raw.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("a list of plays", path=f"{path}.plays")
        actions = []
        for k, p in enumerate(plays):
            actions.append(_parse_action(p, f"{path}.plays[{k}]"))
        tricks.append(Trick(leader, actions))
    return Record(master, list(calls), tricks, rules).validate()


def _rules(raw: Any, base: LukFuRules) -> LukFuRules:
    """Rule switches named in the record override `base` (R-ace-sets, R-lead-advice)."""
    if raw is None:
        return base
    if not isinstance(raw, dict):
        raise RecordError("an object of rule switches", path="rules")
    names = set(LukFuRules.__dataclass_fields__)
    for key, value in raw.items():
        if key not in names:
            raise RecordError(f"unknown rule switch {key!r}; known: {', '.join(sorted(names))}",
                              path="rules")
        if not isinstance(value, bool):
            raise RecordError(f"{key} is true or false", path=f"rules.{key}")
    return replace(base, **raw)


def _parse_action(p: Any, path: str) -> Action:
    if not isinstance(p, dict):
        raise RecordError("a play is an object with 'seat' and 'cards' or 'down'", path=path)
    seat = _int(p.get("seat", 0), f"{path}.seat")
    if not 0 <= seat < SEATS:
        raise RecordError(f"seat must be 0–{SEATS - 1}, not {seat}", path=f"{path}.seat")
    if p.get("down"):  # "down": 0 is a face-up play (the proto default)
        down = _int(p["down"], f"{path}.down")
        hidden = None
        if p.get("cards"):
            hidden = tuple(_faces(p["cards"], f"{path}.cards"))
        return Action(seat, None, down, hidden)
    if "cards" not in p:
        raise RecordError("needs 'cards' (face up) or 'down' (face down)", path=path)
    faces = _faces(p["cards"], f"{path}.cards")
    try:
        play = classify(faces)
    except PlayError as err:
        raise RecordError(err.message, path=f"{path}.cards", rule=err.rule) from None
    return Action(seat, play)


def _faces(text: Any, path: str) -> list[Face]:
    if not isinstance(text, str):
        raise RecordError("cards are a notation string", path=path)
    try:
        faces = LUKFU.parse(text)
    except InvalidInput as err:
        raise RecordError(err.message, path=path) from None
    if len(set(faces)) != len(faces):
        raise RecordError("a card appears twice", path=path, rule="LF-D1")
    return faces


@implements("LF-F6", "face-down discards stay hidden from the other seats")
def public_record(rec: Record, seat: int) -> Record:
    """The record as `seat` sees it: other seats' face-down cards unknown (LF-F1), its own
    known, in the canonical order a record's JSON gives them. Built from a record the
    engine has already checked, so not validated again (tests/test_lukfu_public_record.py
    checks it equals the JSON form read back)."""
    tricks = []
    for trick in rec.tricks:
        actions = []
        for a in trick.actions:
            if a.play is None and a.hidden is not None:
                a = replace(a, hidden=tuple(sorted(a.hidden)) if a.seat == seat else None)
            actions.append(a)
        tricks.append(Trick(trick.leader, actions))
    return Record(rec.master, list(rec.calls), tricks, rec.rules)


def record_to_json(rec: Record, *, with_hidden: bool = True) -> dict[str, Any]:
    """The JSON form (face-down cards included only when known and asked for)."""
    tricks = []
    for trick in rec.tricks:
        plays = []
        for a in trick.actions:
            if a.play:
                plays.append({"seat": a.seat, "cards": a.play.text})
            else:
                entry: dict[str, Any] = {"seat": a.seat, "down": a.down}
                if with_hidden and a.hidden:
                    entry["cards"] = LUKFU.render(a.hidden)
                plays.append(entry)
        tricks.append({"leader": trick.leader, "plays": plays})
    return {"game": "lukfu", "master": rec.master, "calls": list(rec.calls), "tricks": tricks}
