"""Old-card proofs (LF-O1–O3, R-old-proof).

A card in a seat's hand is old when no world consistent with the public record and the
seat's own hand puts a higher card of its suit in another seat's hand. A world places every
card the seat has not seen into the other seats' hands or into face-down discards (each
with a known size), such that every seat that went face down held no play beating the best
play at that moment — counting the cards it held then: its hand now, its later face-up
plays and its face-down discards from that trick on.

Deciders answer "can card h be in another seat's hand?" (`decider` names the engines):
* `SearchWorlds` (worlds.py): an exact backtracking search over the unseen cards, tried
  first within a node budget.
* `CpsatWorlds` (model.py): a CP-SAT model over card-to-location booleans, built once per
  position (each query only rewrites one variable's bounds) when the search runs over its
  budget.
* `BruteWorlds` (exact.py): enumerates every world; the oracle on small positions.
Positions with no face-down constraint at all take an exact fast path.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Iterable, Sequence

from moneycards.solver.cards import Face
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import ContextError, ImpossibleCards
from moneycards.solver.lukfu.exact import BruteWorlds
from moneycards.solver.lukfu.legal import may_claim
from moneycards.solver.lukfu.model import CpsatWorlds
from moneycards.solver.lukfu.plays import FIXED_OLD as FIXED_OLD
from moneycards.solver.lukfu.plays import NAMED_ONES, beaters_of, higher_in_suit
from moneycards.solver.lukfu.record import HAND_SIZE, Record, RecordError, seat_name
from moneycards.solver.lukfu.worlds import SearchThenModel, SearchWorlds
from moneycards.solver.rulebook import implements

SUIT_NAME = {"c": "Coins", "s": "Strings", "m": "Myriads", "t": "Tens"}


@dataclass(frozen=True)
class Location:
    seat: int
    kind: str  # "hand" or "down"
    trick: int  # for "down": the trick; for "hand": -1
    size: int

    def describe(self) -> str:
        if self.kind == "hand":
            return f"{seat_name(self.seat)}'s hand"
        return f"{seat_name(self.seat)}'s face-down discard in trick {self.trick + 1}"


@dataclass(frozen=True)
class Constraint:
    """At most `limit` of `cards` may sit in `locations` (a beater the seat did not hold)."""

    cards: tuple[Face, ...]
    locations: tuple[int, ...]
    limit: int
    event_seat: int
    event_trick: int
    best: str


class Position:
    """What one seat knows: the record and its own hand."""

    def __init__(self, record: Record | None, seat: int, hand: Iterable[Face]):
        """`record` None: a hand with no deal behind it; every unseen card is in some other
        seat's hand."""
        hand = list(hand)
        if not 0 <= seat < 3:
            raise ContextError(f"seat must be 0, 1 or 2, not {seat}", field="seat")
        if len(set(hand)) != len(hand):
            raise ContextError("the hand names a card twice", field="hand", rule="LF-D1")
        self.free = record is None
        if record is None:
            if not hand:
                raise ImpossibleCards("the hand is empty", field="hand")
            if len(hand) > HAND_SIZE:
                raise ContextError(f"a hand holds at most {HAND_SIZE} cards, not {len(hand)}",
                                   field="hand", rule="LF-C1")
            record = Record(master=seat, calls=["play"], tricks=[])
        self.record, self.seat, self.hand = record, seat, frozenset(hand)
        want = record.hand_size(seat)
        if len(hand) != want and not self.free:
            raise ContextError(f"after the record {seat_name(seat)} holds {want} cards, but the "
                               f"hand has {len(hand)}", field="hand")
        public = record.public_cards()
        for f in sorted(self.hand):
            if f in public:
                t, who = public[f]
                raise ContextError(f"{f} is in the hand but was played face up by "
                                   f"{seat_name(who)} in trick {t + 1}", field="hand")
        self.public = public
        own_hidden: dict[Face, int] = {}
        for t, trick in enumerate(record.tricks):
            for a in trick.actions:
                if a.seat == seat and a.play is None and a.hidden:
                    for f in a.hidden:
                        own_hidden[f] = t
        for f in sorted(self.hand & set(own_hidden)):
            raise ContextError(f"{f} is in the hand but was discarded face down in trick "
                               f"{own_hidden[f] + 1}", field="hand")
        self.own_hidden = own_hidden
        self.unknown = tuple(f for f in LUKFU.faces
                             if f not in self.hand and f not in public and f not in own_hidden)
        self.locations = self._locations()
        if sum(loc.size for loc in self.locations) != len(self.unknown):
            raise RecordError("the record's hand sizes do not add up", path="tricks")
        self.constraints = self._constraints()

    @implements("LF-O3", "face-down discards stay hidden: the proof places no card in them")
    def _locations(self) -> tuple[Location, ...]:
        others = [x for x in range(3) if x != self.seat]
        if self.free:  # split the unseen cards between the other two hands
            n = len(self.unknown)
            return (Location(others[0], "hand", -1, n - n // 2),
                    Location(others[1], "hand", -1, n // 2))
        locs = [Location(x, "hand", -1, self.record.hand_size(x)) for x in others]
        for t, trick in enumerate(self.record.tricks):
            for a in trick.actions:
                if a.play is None and not (a.seat == self.seat and a.hidden):
                    locs.append(Location(a.seat, "down", t, a.down))  # hidden: LF-O3
        return tuple(locs)

    @implements("R-old-proof", "old is proved over every world consistent with public play, "
                               "face-down discards proving what a seat could not beat")
    def _constraints(self) -> tuple[Constraint, ...]:
        out = []
        unknown = set(self.unknown)
        for ev in self.record.down_events():
            x, t = ev.seat, ev.trick
            held_known: set[Face] = set()  # cards the seat surely held at trick t
            for tt in range(t, len(self.record.tricks)):
                for a in self.record.tricks[tt].actions:
                    if a.seat == x and (a.play is not None or x == self.seat):
                        held_known.update(a.cards())
            if x == self.seat:
                held_known |= self.hand
            locs = tuple(i for i, loc in enumerate(self.locations) if loc.seat == x and (
                loc.kind == "hand" or loc.trick >= t))
            for beater in beaters_of(ev.best, self.record.rules):
                cards = beater.cards
                known_in = [f for f in cards if f in held_known]
                unknown_part = tuple(f for f in cards if f in unknown)
                if len(known_in) + len(unknown_part) < len(cards):
                    continue  # some card of it is known to be elsewhere
                limit = len(cards) - 1 - len(known_in)
                if limit < 0:
                    raise ContextError(
                        f"{seat_name(x)} went face down on {ev.best} in trick {t + 1} while "
                        f"holding {beater}, which beats it", field="hand", rule="LF-F1")
                if not locs:
                    continue  # none of its unknown cards can be among the seat's holdings
                out.append(Constraint(unknown_part, locs, limit, x, t, str(ev.best)))
        return tuple(c for c in out if c.locations and c.limit < len(c.cards))

    def other_hands(self) -> list[int]:
        return [i for i, loc in enumerate(self.locations) if loc.kind == "hand"]

    def world_count(self) -> int:
        """How many ways to place the unknown cards (before constraints)."""
        n, total = len(self.unknown), 1
        for loc in self.locations:
            total *= comb(n, loc.size)
            n -= loc.size
        return total


@dataclass(frozen=True)
class OldCard:
    card: Face
    old: bool
    rule: str
    reason: str


@dataclass(frozen=True)
class Proof:
    seat: int
    cards: tuple[OldCard, ...]
    engine: str

    @property
    def old(self) -> list[Face]:
        return [c.card for c in self.cards if c.old]


def decider(pos: Position, engine: str = "cpsat"
            ) -> SearchThenModel | SearchWorlds | CpsatWorlds | BruteWorlds | _Unconstrained:
    """engine "cpsat": the search, then CP-SAT if the search runs over its budget; "search":
    the search alone, never cut short; "model": the CP-SAT model alone; "exact": every
    world enumerated."""
    if engine == "exact":
        return BruteWorlds(pos)
    if engine == "search":
        return SearchWorlds(pos, budget=None)
    if engine == "model":
        return CpsatWorlds(pos)
    if not pos.constraints:
        return _Unconstrained(pos)
    return SearchThenModel(pos)


class _Unconstrained:
    """The fast path: with no face-down constraint any unseen card fits any other hand
    that still has cards."""

    def __init__(self, pos: Position):
        self.hands = [i for i in pos.other_hands() if pos.locations[i].size > 0]

    def where(self, card: Face) -> int | None:
        return self.hands[0] if self.hands else None


@implements("LF-O2", "a card is old when no higher card of its suit can be in another hand")
def prove_old(pos: Position, engine: str = "cpsat") -> Proof:
    """Old or not, with a reason, for every card of the seat's hand (LF-O1, LF-O2)."""
    d = decider(pos, engine)
    cache: dict[Face, int | None] = {}

    def where(h: Face) -> int | None:
        if h not in cache:
            cache[h] = d.where(h)
        return cache[h]

    results: dict[Face, OldCard] = {}
    for f in sorted(pos.hand, key=lambda c: (c.suit_index, -c.rank)):
        if f in FIXED_OLD:
            what = NAMED_ONES.get(f, "a 9")
            results[f] = OldCard(f, True, "LF-O1", f"{what} is always old")
            continue
        higher = higher_in_suit(f)
        blocker = next((h for h in higher if h in pos.unknown and where(h) is not None), None)
        if blocker is not None:
            at = where(blocker)
            assert at is not None  # the blocker was chosen for a possible location
            loc = pos.locations[at]
            results[f] = OldCard(f, False, "LF-O2", f"{blocker} may be in {loc.describe()}")
            continue
        above = LUKFU.faces[LUKFU.index(f) + 1]
        if above in pos.hand and results.get(above, OldCard(above, False, "", "")).old:
            results[f] = OldCard(f, True, "LF-O2", f"held directly below {above}, which is "
                                                   f"old, in an unbroken sequence")
            continue
        results[f] = OldCard(f, True, "LF-O2", _why_old(pos, higher))
    return Proof(pos.seat, tuple(results[f] for f in sorted(pos.hand)), engine)


def _why_old(pos: Position, higher: Sequence[Face]) -> str:
    """Why no higher card of the suit can be in another seat's hand."""
    parts = []
    unseen = []
    for h in higher:
        if h in pos.hand:
            parts.append(f"{h} is held")
        elif h in pos.public:
            t, who = pos.public[h]
            parts.append(f"{h} was played by {seat_name(who)} in trick {t + 1}")
        elif h in pos.own_hidden:
            parts.append(f"{h} was discarded face down in trick {pos.own_hidden[h] + 1}")
        else:
            unseen.append(h)
    if unseen:
        names = " and ".join(str(h) for h in unseen)
        why = []
        for i in pos.other_hands():
            loc = pos.locations[i]
            if loc.size == 0:
                why.append(f"{seat_name(loc.seat)} has no cards left")
                continue
            event = next((c for c in pos.constraints if c.event_seat == loc.seat
                          and i in c.locations and c.limit == 0 and len(c.cards) == 1
                          and c.cards[0] in unseen), None)
            if event is not None:
                suit = SUIT_NAME[unseen[0].suit]
                why.append(f"{seat_name(loc.seat)} went face down on {event.best} in trick "
                           f"{event.event_trick + 1}, so it held no higher {suit}")
            else:
                why.append(f"no deal consistent with the record puts them in "
                           f"{seat_name(loc.seat)}'s hand")
        parts.append(f"{names} unseen, but " + "; ".join(why))
    return "; ".join(parts)


@implements("LF-L5", "old cards may always be laid down to claim the win")
def claim_total(pos: Position, proof: Proof | None = None) -> tuple[int, int, bool]:
    """LF-W2: (fu won, old cards held, whether the seat may claim now)."""
    proof = proof or prove_old(pos)
    fu = pos.record.fu(pos.seat)
    old = len(proof.old)
    return fu, old, pos.record.about_to_lead(pos.seat) and may_claim(fu, old)

