"""Luk Fu determinised search: the strong player's PIMC over sampled worlds.

A seat sees its hand and the public record. Its candidate actions are valued over W worlds
sampled consistently with that view (the unseen cards dealt to the other hands and to the
face-down discards, keeping only deals that respect every face-down inference of the
old-card proof, R-old-proof, and every old single a non-caller is seen to lead, LF-L3;
nothing merely likely is weighed). In each world every candidate is played, then the deal is
played out to its settlement by a fast rollout policy for every seat, with a rollout seed
shared by all candidates of that world (common random numbers). A candidate's values are
the seat's share of the worlds won (a redeal, LF-C4, counts as a fresh deal's one in three)
and its mean settlement in points per deal (LF-K2, LF-K3: a losing caller pays both shares),
so calls, claims and playing on (LF-W3) are weighed by what they win and settle in the
deals played out, not by a threshold.

The rollouts do not run the table engine: a world is a small perfect-information
simulator over card numbers (0-35), with the same rules of play (LF-L, LF-F, LF-W) and a
cheap old-card test for each seat: a card is old when it is always old (LF-O1) or every
higher card of its suit is in the seat's hand or seen out of play by that seat (face up,
or its own face-down discards). The proof of old.py can prove more (face-down
inferences); the cheap test never proves a card old that the proof would not. Each rule
over card numbers is a fast twin of the rule object the engine calls (solver/rulebook.py),
and names it; where a rule is cheap on card numbers already, the simulator calls it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from collections.abc import Iterable
from itertools import combinations

from moneycards.solver.cards import Face
from moneycards.solver.lukfu.legal import NO_SETTLEMENT, WIN_FU, drawn_at_end, settle
from moneycards.solver.lukfu.old import Position
from moneycards.solver.lukfu.plays import FIXED_OLD as FACE_OLD
from moneycards.solver.lukfu.plays import Play as FacePlay
from moneycards.solver.lukfu.plays import higher_in_suit
from moneycards.solver.lukfu import SEATS
from moneycards.solver.lukfu.record import Record
from moneycards.solver.lukfu.rules import LukFuRules
from moneycards.solver.ranking import stopped
from moneycards.solver.search import Estimate
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.lukfu.plays import classify

# A card: suit * 9 + rank - 1 (suits c, s, m, t in LF-D1's order).
SINGLE, SET, RUN = 0, 1, 2
MAU_GUNG, BAK_CHI = 0, 27
FIXED_OLD = frozenset({8, 17, 26, 35, MAU_GUNG, BAK_CHI})  # LF-O1, plays.FIXED_OLD
UNBEATABLE = frozenset({MAU_GUNG, BAK_CHI})  # LF-F5, plays.UNBEATABLE_SINGLES


@dataclass(frozen=True)
class P:
    """A play over card numbers: kind, top rank, suit (-1 for a set), cards."""

    kind: int
    rank: int
    suit: int
    cards: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards)


def card_of(f: Face) -> int:
    return f.suit_index * 9 + f.rank - 1


def play_of(p: FacePlay) -> P:
    cards = tuple(sorted(card_of(f) for f in p.cards))
    kind = {"single": SINGLE, "set": SET, "run": RUN}[p.kind]
    return P(kind, p.rank, -1 if kind == SET else cards[0] // 9, cards)


def plays_in(hand: set[int], size: int | None = None) -> list[P]:
    """Every play of `hand` (LF-L1), optionally of one size (plays.plays_in)."""
    out: list[P] = []
    if size is None or size == 1:
        out += [P(SINGLE, c % 9 + 1, c // 9, (c,)) for c in sorted(hand)]
    if size is None or size in (3, 4):
        for r in range(9):
            cs = [s * 9 + r for s in range(4) if s * 9 + r in hand]
            if len(cs) >= 3:
                for k in (3, 4):
                    if (size is None or size == k) and len(cs) >= k:
                        out += [P(SET, r + 1, -1, c) for c in combinations(cs, k)]
    if size is None or size >= 3:
        for s in range(4):
            base = s * 9
            lo = 0
            while lo < 7:
                if base + lo not in hand:
                    lo += 1
                    continue
                hi = lo
                while hi + 1 < 9 and base + hi + 1 in hand:
                    hi += 1
                for a in range(lo, hi - 1):
                    for b in range(a + 2, hi + 1):
                        if size is None or size == b - a + 1:
                            out.append(P(RUN, b + 1, s, tuple(range(base + a, base + b + 1))))
                lo = hi + 1
    return out


def beats(p: P, best: P, rules: LukFuRules) -> bool:
    """LF-F2-F5 over card numbers: the twin of plays.compare."""
    if best.kind == SINGLE and best.cards[0] in UNBEATABLE:
        return False
    if p.kind != best.kind or p.size != best.size:
        return False
    if p.kind == SINGLE:
        return p.suit == best.suit and p.rank > best.rank
    if p.kind == SET:
        if best.rank == 1 and rules.ace_sets_beaten_only_by_nines:
            return p.rank == 9
        return p.rank > best.rank
    return p.suit > best.suit or (p.suit == best.suit and p.rank > best.rank)


class World:
    """A fully known Luk Fu deal in progress (one sampled world), fast to copy and play."""

    __slots__ = ("hands", "seen", "fu", "master", "calls", "caller", "rules", "leader",
                 "trick", "best_seat", "best", "played_on", "winner", "net", "over", "proven")
    hands: list[set[int]]  # each seat's cards
    seen: list[set[int]]  # the cards each seat knows are out of play
    fu: list[int]
    master: int
    calls: list[bool]
    caller: int | None
    rules: LukFuRules
    leader: int
    trick: list[P | None]  # the trick in progress: plays, None for a face-down follow
    best_seat: int
    best: P | None
    played_on: set[int]  # seats that led when they could claim (R-claim-timing)
    winner: int | None
    net: tuple[int, ...]
    over: bool
    proven: list[frozenset[int]]  # old cards a seat's own proof found (the searching seat)

    # Fields replaced but never changed in place: clones share them. Every other field is
    # copied below (tests/test_clone.py fails on a field that is neither).
    SHARED_FIELDS = frozenset({"proven"})

    def clone(self) -> World:
        w = object.__new__(World)
        w.hands = [set(h) for h in self.hands]
        w.seen = [set(s) for s in self.seen]
        w.fu = list(self.fu)
        w.master, w.caller, w.rules = self.master, self.caller, self.rules
        w.calls = list(self.calls)
        w.leader, w.trick = self.leader, list(self.trick)
        w.best_seat, w.best = self.best_seat, self.best
        w.played_on = set(self.played_on)
        w.winner, w.net, w.over = self.winner, self.net, self.over
        w.proven = self.proven
        return w

    # -- facts --------------------------------------------------------------------------
    def to_act(self) -> int:
        if self.caller is None:
            return (self.master + len(self.calls)) % SEATS
        return (self.leader + len(self.trick)) % SEATS

    def role(self, seat: int) -> str:
        if seat == self.caller:
            return "caller"
        return "master-passed" if seat == self.master else "non-caller"

    def old(self, seat: int) -> set[int]:
        hand, seen, proven = self.hands[seat], self.seen[seat], self.proven[seat]
        out = set()
        for top in (8, 17, 26, 35):
            clear = True  # every higher card of the suit is held or seen out of play
            for c in range(top, top - 9, -1):
                if c in hand:
                    if clear or c in proven or c in FIXED_OLD:
                        out.add(c)
                elif c not in seen:
                    clear = False
        return out

    def may_claim(self, seat: int) -> bool:
        """LF-W2 (and R-claim-timing at the end of the hands): the twin of the engine's
        LukFuState._may_claim with legal.drawn_at_end."""
        hand = self.hands[seat]
        if self.fu[seat] + len(hand) < WIN_FU:
            return False
        if not hand and seat in self.played_on:
            return False
        return self.fu[seat] + len(self.old(seat)) >= WIN_FU

    def leads(self, seat: int, old: set[int]) -> list[P]:
        hand = self.hands[seat]
        role = self.role(seat)
        all_old = len(old) == len(hand)
        out = []
        for p in plays_in(hand):
            if role == "master-passed" and p.size >= 4:
                continue  # LF-L2, plays.passed_master_may_not_lead
            if role != "caller" and p.kind == SINGLE and p.cards[0] in old and not all_old:
                continue  # LF-L3, legal.check_lead
            out.append(p)
        return out

    # -- transitions --------------------------------------------------------------------
    def call(self, play: bool) -> None:
        self.calls.append(play)
        if play:
            self.caller = (self.master + len(self.calls) - 1) % SEATS
        elif len(self.calls) == SEATS:
            self.over, self.winner, self.net = True, None, NO_SETTLEMENT  # LF-C4

    def claim(self, seat: int) -> None:
        assert self.caller is not None
        fu = self.fu[seat] + len(self.old(seat))
        self.over, self.winner = True, seat
        self.net = tuple(settle(fu, seat, self.caller))

    def draw(self) -> None:
        self.over, self.winner, self.net = True, None, NO_SETTLEMENT

    def lead(self, seat: int, p: P) -> None:
        if self.may_claim(seat):
            self.played_on.add(seat)
        self.leader, self.trick = seat, [p]
        self.best_seat, self.best = seat, p
        self._out(seat, p.cards, True)

    def follow(self, seat: int, p: P) -> None:
        self.trick.append(p)
        self.best_seat, self.best = seat, p
        self._out(seat, p.cards, True)
        self._after()

    def down(self, seat: int, cards: tuple[int, ...]) -> None:
        self.trick.append(None)
        self._out(seat, cards, False)
        self._after()

    def _out(self, seat: int, cards: tuple[int, ...], face_up: bool) -> None:
        self.hands[seat].difference_update(cards)
        if face_up:
            for s in self.seen:
                s.update(cards)
        else:
            self.seen[seat].update(cards)

    def _after(self) -> None:
        if len(self.trick) < SEATS:
            return
        w = self.best_seat
        assert self.best is not None
        self.fu[w] += self.best.size
        self.leader, self.trick, self.best = w, [], None
        if not any(self.hands) and drawn_at_end(self.fu[w], w in self.played_on):
            self.draw()  # LF-W4, R-claim-timing


def _worth(c: int, old: set[int]) -> float:
    return 1.0 if c in old else (c % 9 + 1) / 10


def call_strength(w: World, seat: int) -> float:
    """Old cards plus half a point per set or run in hand: the heuristic's call measure."""
    return len(w.old(seat)) + 0.5 * sum(1 for p in plays_in(w.hands[seat]) if p.size >= 3)


CALL_AT = 4.0


def rollout_step(w: World, rng: random.Random) -> None:
    """One action of the seat to act, by the rollout policy: call with strength, claim when
    allowed, lead the largest play that spends the fewest old cards, follow with the
    cheapest beating play, go down with the least useful cards."""
    seat = w.to_act()
    if w.caller is None:
        w.call(call_strength(w, seat) >= CALL_AT)
        return
    hand = w.hands[seat]
    if w.best is None:  # to lead
        if w.may_claim(seat):
            w.claim(seat)
            return
        if not hand:
            w.draw()
            return
        old = w.old(seat)
        options = w.leads(seat, old)
        best = max(options, key=lambda p: (p.size - 2.5 * sum(1 for c in p.cards if c in old),
                                           p.rank, rng.random()))
        w.lead(seat, best)
        return
    able = [p for p in plays_in(hand, w.best.size) if beats(p, w.best, w.rules)]
    if able:
        w.follow(seat, min(able, key=lambda p: (p.rank, p.suit)))
        return
    old = w.old(seat)
    cards = sorted(hand, key=lambda c: (_worth(c, old), c))[:w.best.size]
    w.down(seat, tuple(cards))


def play_out(w: World, rng: random.Random) -> World:
    steps = 0
    while not w.over:
        rollout_step(w, rng)
        steps += 1
        if steps > 500:
            raise RuntimeError("a rollout did not end")
    return w


# -- worlds from an observation ---------------------------------------------------------
@dataclass(frozen=True)
class OldLead:
    """LF-L3: a seat that is not the caller led a single it surely knew was old, so every
    card it held then was old for it: no higher card of that card's suit was in another
    seat's hand (R-old-proof is sound: the true deal is one of the worlds it ranges over).
    A seat's holding at the lead: its locations from that trick on plus its known cards."""

    seat: int
    mine: tuple[int, ...]  # the leader's locations (hand, face-down from that trick)
    mine_known: frozenset[Face]
    theirs: tuple[int, ...]  # the other seats' locations
    theirs_known: frozenset[Face]


def old_leads(pos: Position) -> list[OldLead]:
    """The LF-L3 leads the record proves: a non-caller's single that is always old (LF-O1)
    or whose higher cards were all played face up before or are among the leader's own
    later face-up plays (the record's own LF-L3 test). The seat's own leads add nothing its
    proof did not already use."""
    rec = pos.record
    out = []
    for t, trick in enumerate(rec.tricks):
        x = trick.leader
        if x == pos.seat or rec.role(x) == "caller" or not trick.actions:
            continue
        lead = trick.actions[0].play
        if lead is None or lead.size != 1:
            continue
        before = {f for tr in rec.tricks[:t] for a in tr.actions if a.play is not None
                  for f in a.play.cards}
        held: dict[int, set[Face]] = {s: set() for s in range(SEATS)}
        for tr in rec.tricks[t:]:
            for a in tr.actions:
                if a.play is not None:
                    held[a.seat].update(a.play.cards)
        held[pos.seat] |= set(pos.hand) | {f for f, tt in pos.own_hidden.items() if tt >= t}
        card = lead.cards[0]
        if not (card in FACE_OLD or all(g in before or g in held[x]
                                        for g in higher_in_suit(card))):
            continue
        locs = [i for i, loc in enumerate(pos.locations) if loc.kind == "hand" or loc.trick >= t]
        out.append(OldLead(
            x, tuple(i for i in locs if pos.locations[i].seat == x), frozenset(held[x]),
            tuple(i for i in locs if pos.locations[i].seat != x),
            frozenset(f for s in range(SEATS) if s != x for f in held[s])))
    return out


def _old_lead_holds(c: OldLead, placement: list[frozenset[Face]]) -> bool:
    """Whether a placement keeps every card of the leader's holding then (but the always
    old, LF-O1) above every card of its suit in the other seats' holdings."""
    low: dict[str, int] = {}  # suit -> the leader's lowest card that needs to be old
    for f in c.mine_known.union(*(placement[i] for i in c.mine)):
        if f not in FACE_OLD and f.rank < low.get(f.suit, 10):
            low[f.suit] = f.rank
    if not low:
        return True
    return not any(f.suit in low and f.rank > low[f.suit]
                   for f in c.theirs_known.union(*(placement[i] for i in c.theirs)))


def sample_placements(pos: Position, n: int, rng: random.Random,
                      tries: int = 300) -> list[list[frozenset[Face]]]:
    """Up to n placements of the unseen cards over the position's locations (other hands
    and face-down discards), each respecting the face-down inferences (R-old-proof) and
    the old single leads (LF-L3, `old_leads`)."""
    unknown = list(pos.unknown)
    leads = old_leads(pos)
    out: list[list[frozenset[Face]]] = []
    for _ in range(tries):
        if len(out) >= n:
            break
        rng.shuffle(unknown)
        world, k = [], 0
        for loc in pos.locations:
            world.append(frozenset(unknown[k:k + loc.size]))
            k += loc.size
        if all(sum(1 for i in c.locations for f in c.cards if f in world[i]) <= c.limit
               for c in pos.constraints) and all(_old_lead_holds(c, world) for c in leads):
            out.append(world)
    return out


def root_world(pos: Position, placement: list[frozenset[Face]],
               old: Iterable[Face] = ()) -> World:
    """The deal as it stands in one sampled placement; `old`: the seat's old cards as its
    proof found them (they stay old while held: hands only shrink, the record only grows)."""
    rec: Record = pos.record
    w = object.__new__(World)
    hands: list[set[int]] = [set() for _ in range(SEATS)]
    seen: list[set[int]] = [set() for _ in range(SEATS)]
    hands[pos.seat] = {card_of(f) for f in pos.hand}
    for loc, cards in zip(pos.locations, placement):
        ints = {card_of(f) for f in cards}
        (hands if loc.kind == "hand" else seen)[loc.seat].update(ints)
    public = {card_of(f) for f in rec.public_cards()}
    seen[pos.seat].update(card_of(f) for f in pos.own_hidden)
    for s in seen:
        s.update(public)
    w.hands, w.seen = hands, seen
    w.master, w.rules = rec.master, rec.rules
    w.calls = [c == "play" for c in rec.calls]
    w.caller = rec.caller
    w.fu = [rec.fu(s) for s in range(SEATS)]
    w.played_on = set()
    fu = [0] * SEATS
    for trick in rec.tricks:  # who led while six fu were already won: it played on
        if fu[trick.leader] >= WIN_FU:
            w.played_on.add(trick.leader)
        if trick.complete:
            winner, best = trick.best()
            fu[winner] += best.size
    w.leader, w.trick, w.best_seat, w.best = rec.master, [], rec.master, None
    if rec.tricks:
        last = rec.tricks[-1]
        if last.complete:
            w.leader = last.best()[0]
        else:
            w.leader = last.leader
            w.trick = [play_of(a.play) if a.play is not None else None for a in last.actions]
            seat, best = last.best()
            w.best_seat, w.best = seat, play_of(best)
    w.winner, w.net, w.over = None, NO_SETTLEMENT, False
    w.proven = [frozenset()] * SEATS
    w.proven[pos.seat] = frozenset(card_of(f) for f in old)
    return w


def apply_text(w: World, seat: int, action: str) -> None:
    """A legal action of the table's notation, applied to a world."""
    verb, _, arg = action.partition(" ")
    if verb == "call":
        w.call(arg == "play")
    elif verb == "claim":
        w.claim(seat)
    elif verb == "end":
        w.draw()
    elif verb == "down":
        w.down(seat, tuple(card_of(f) for f in LUKFU.parse(arg)))
    else:
        p = play_of(classify(LUKFU.parse(arg)))
        (w.lead if verb == "lead" else w.follow)(seat, p)


# Three passes deal the cards again (LF-C4): a fresh deal, which any seat wins one time in
# three. Counting a redeal as no win would make the last seat to speak call on any hand.
REDEAL_WIN = 1 / 3


def search(pos: Position, candidates: list[str], worlds: int, seed: int,
           old: Iterable[Face] = (), settle_from: int | None = None) -> dict[str, Estimate]:
    """Every candidate valued over the same sampled worlds and rollout seeds; stops between
    worlds when the safety cap runs out or the call is cancelled (`stopped`), every
    estimate then `cut_short`. `old`: the seat's proved old cards.
    `settle_from`: from that many worlds on, stop as soon as the best candidate's settlement
    per deal leads the next one's by more than the noise of the worlds played (`_settled`):
    a function of the values, so the same seed stops at the same world."""
    rng = random.Random(seed)
    placements = sample_placements(pos, worlds, rng, tries=max(300, 10 * worlds))
    out = {a: Estimate(a) for a in candidates}
    seat = pos.seat
    old = list(old)
    for k, placement in enumerate(placements):
        if stopped():
            for v in out.values():
                v.cut_short = True
            break
        if settle_from is not None and k >= settle_from and len(out) > 1 and _settled(out):
            break
        root = root_world(pos, placement, old)
        for action in candidates:
            w = root.clone()
            apply_text(w, seat, action)
            play_out(w, random.Random(f"{seed}/{k}"))
            out[action].add(1.0 if w.winner == seat else REDEAL_WIN if w.caller is None
                            else 0.0, w.net[seat])
    return out


def _settled(out: dict[str, Estimate]) -> bool:
    """Whether the best settlement per deal leads the next by more than the noise of the
    worlds played (twice the standard error of the two means): the search ranks by it."""
    a, b = sorted(out.values(), key=lambda v: -v.mean_score)[:2]
    n = a.worlds
    spread = max(0.0, (a.score2 + b.score2 - n * (a.mean_score ** 2 + b.mean_score ** 2))
                 / (2 * n - 2)) if n > 1 else 0.0
    return (a.mean_score - b.mean_score) * math.sqrt(n) >= 2.0 * math.sqrt(spread) \
        and a.mean_score > b.mean_score
