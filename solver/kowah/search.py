"""Kowah determinised search: sampled deals played out by a fast simulator.

A world is a full deal as one seat may guess it from its observation only: its own cards,
the discard pile, and what the others are known to hold (their shown pairs, the cards they
took or drew in the open, less what they let go since) are fixed; every other unseen copy
is dealt at random to the other hands (declared hands get a ready hand showing their pair,
KW-X1; an undeclared seat that has discarded gets a hand that is not ready, R-declare) and
to the stock, the stock holding exactly as many cards as the observation says. Certain
inferences only: what a seat's takes and discards make likely is not weighed.

`Deal` plays such a world to the end with the rules of the engine (KW-T2, KW-X2, KW-X4
with R-rotation, KW-K1, KW-K2, R-declare, R-take-limit) on count vectors, some fifty times
faster than the table engine, whose text actions and records a rollout does not need. Every
seat plays `Deal.policy`: become ready when a card allows it, never feed a declared wait
when another card can go, else take a card that matches the hand and discard the card
with the least company, and among those the one with the fewest copies left to meet
(`discard_key`). A test plays the same deals through the engine and the simulator
and gets the same results.
"""

from __future__ import annotations

import random
from operator import add

import numpy as np
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.check import MULTIPLIERS
from moneycards.solver.kowah.exact import ready_pairs, ready_slots
from moneycards.solver.kowah.legal import may_take
from moneycards.solver.kowah.observation import KowahObservation, Phase
from moneycards.solver.kowah import SEATS, NF

# The rank class of each face: suited ranks share a class across suits (KW-R1), each
# honour is its own (KW-D2). A card's company is the cards of its class in the hand.
KIND = tuple((0, f.rank) if f.suit != "h" else (1, f.rank) for f in KOWAH.faces)
KIND_FACES = tuple(tuple(g for g in range(NF) if KIND[g] == KIND[f]) for f in range(NF))


# company_in's cards: the face's class, and the face itself once more.
COMPANY_OF = tuple(KIND_FACES[f] + (f,) for f in range(NF))
# The rank classes as face tuples, the suited ones (three faces) first, then the honours.
SUITED_CLASSES = tuple(sorted({KIND_FACES[f] for f in range(NF) if len(KIND_FACES[f]) == 3}))
HONOUR_CLASSES = tuple(f for f in range(NF) if len(KIND_FACES[f]) == 1)
CLASS_FACES = SUITED_CLASSES + tuple((h,) for h in HONOUR_CLASSES)
assert sorted(f for c in CLASS_FACES for f in c) == list(range(NF))  # every face once
# What one rank class may hold of a ready eight: a pair, a triplet, both, two triplets, or
# all three (KW-R4, KW-R5).
READY_CLASS_COUNTS = frozenset({2, 3, 5, 6, 8})
# Per count of a class's cards (a class has at most 12): whether it rules a ready eight out.
OFF_COUNT = tuple(n != 0 and n not in READY_CLASS_COUNTS for n in range(13))
# The faces run suit by suit (1c-9c, 1s-9s, 1m-9m) and then the honours, so the suited
# classes are three slices added up (`class_totals`); each face's class is an index there.
SUITS = 3
assert SUITED_CLASSES == tuple(tuple(r + 9 * k for k in range(SUITS)) for r in range(9))
assert HONOUR_CLASSES == tuple(range(9 * SUITS, NF))
CLASS_OF = tuple(f % 9 if f < 9 * SUITS else f - 9 * (SUITS - 1) for f in range(NF))


def class_totals(hand: list[int]) -> list[int]:
    """The hand's cards per rank class, in CLASS_FACES's order."""
    return list(map(add, map(add, hand[0:9], hand[9:18]), hand[18:27])) + hand[27:]


def warm_up() -> None:
    ready_pairs()
    ready_slots()


def discard_key(hand: Sequence[int], pile: Sequence[int], f: int) -> tuple[int, int]:
    """How much the rollout player keeps face `f` (lower: discarded first): its company in
    the hand, then the copies it could still meet. Measured against company alone (300
    paired deals of `strong` against `heuristic`): +0.13 multiplier won a deal [+0.00,
    +0.26], about six more deals won in a hundred."""
    return company_in(hand, f), copies_left(hand, face_counts(pile), f)


def face_counts(cards: Sequence[int]) -> list[int]:
    """Cards given as face indices, counted by face."""
    out = [0] * NF
    for g in cards:
        out[g] += 1
    return out


def company_in(hand: Sequence[int], f: int) -> int:
    """The cards of `f`'s rank class in the hand (KW-R1, KW-R2), an identical copy counted
    once more, as a pair needs one (KW-R3); `Deal.policy` has it inline."""
    return sum(hand[g] for g in COMPANY_OF[f])


def copies_left(hand: Sequence[int], on_pile: Sequence[int], f: int) -> int:
    """The copies `f` could still meet, those neither in the hand nor on the pile (counts
    by face): an identical one (a pair or a triplet) counting twice one of its class (a
    triplet only)."""
    cards = COMPANY_OF[f]  # the class, and the face once more
    return KOWAH.copies * len(cards) - sum(map(hand.__getitem__, cards)) \
        - sum(map(on_pile.__getitem__, cards))


def readying(hand: list[int], ready: dict[bytes, Any],
             totals: list[int] | None = None) -> list[int]:
    """The faces whose discard leaves a ready hand (of a nine-card hand), in face order;
    `ready` is `ready_pairs()`. A ready eight (KW-R4) is two triplets and a pair, so each
    rank class holds 0, 2, 3, 5, 6 or 8 of its cards: the discard must come from the one
    class whose count is off (any class when none is), leaving it at such a count; only
    those faces are looked up. Twice as fast as trying every face, on rollout hands.
    `totals`: the hand's `class_totals`, when the caller has them."""
    if totals is None:
        totals = class_totals(hand)
    off = [c for c, n in enumerate(totals) if OFF_COUNT[n]]
    if len(off) > 1:
        return []
    out = []
    for c in off or range(len(totals)):
        if totals[c] - 1 in READY_CLASS_COUNTS or totals[c] == 1:
            for f in CLASS_FACES[c]:
                if hand[f]:
                    hand[f] -= 1
                    if bytes(hand) in ready:
                        out.append(f)
                    hand[f] += 1
    out.sort()
    return out


class Deal:
    """A fully known Kowah deal in progress, played fast (the engine's rules, count
    vectors, faces as indices). `winner`/`multiplier` say how it ended; `over` whether."""

    __slots__ = ("hands", "stock", "pile", "declared", "seat", "phase", "turns",
                 "takes_in_row", "over", "winner", "multiplier", "ready")

    def __init__(self, hands: list[list[int]], stock: list[int], pile: list[int],
                 declared: dict[int, int], seat: int, phase: Phase, turns: int,
                 takes_in_row: int):
        self.hands, self.stock, self.pile = hands, stock, pile
        self.declared = declared
        self.seat, self.phase, self.turns, self.takes_in_row = seat, phase, turns, takes_in_row
        self.over = False
        self.winner: int | None = None
        self.multiplier = 0
        self.ready = ready_pairs()

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.hands = [list(h) for h in self.hands]
        d.stock, d.pile = list(self.stock), list(self.pile)
        d.declared = dict(self.declared)
        d.seat, d.phase, d.turns, d.takes_in_row = (self.seat, self.phase, self.turns,
                                                    self.takes_in_row)
        d.over, d.winner, d.multiplier, d.ready = (self.over, self.winner, self.multiplier,
                                                   self.ready)
        return d

    # -- the rules ----------------------------------------------------------------------
    def _win(self, seat: int, via: str) -> None:
        self.over, self.winner, self.multiplier = True, seat, MULTIPLIERS[via]  # KW-K1

    def _wins_on(self, card: int, by: int, via: str) -> bool:
        """KW-X4 with R-rotation: the waiting seats from the one after `by` (the twin of
        the engine's KowahState._waiting_on)."""
        if not self.declared:
            return False
        for k in (1, 2):
            w = (by + k) % SEATS
            if self.declared.get(w) == card:
                self._win(w, via)
                return True
        return False

    def _draw(self, s: int) -> int | None:
        card = self.stock.pop(0)
        self.takes_in_row = 0
        if self.declared.get(s) == card:
            self._win(s, "self-draw")  # KW-X2
            return None
        if self._wins_on(card, s, "draw"):
            return None
        if not self.stock:
            self.over = True  # KW-K2: drawn
            return None
        self.hands[s][card] += 1
        self.phase = Phase.DISCARD
        return card

    def draw(self) -> None:
        self._draw(self.seat)

    def take(self) -> None:
        self.takes_in_row += 1
        self.hands[self.seat][self.pile.pop()] += 1
        self.phase = Phase.DISCARD

    def discard(self, card: int) -> None:
        s = self.seat
        self.hands[s][card] -= 1
        self.pile.append(card)
        if self._wins_on(card, s, "discard"):
            return
        if s not in self.declared and bytes(self.hands[s]) in self.ready:
            self.phase = Phase.DECLARE  # R-declare: compulsory
        else:
            self._next_turn()

    def declare(self, pair: int) -> None:
        self.declared[self.seat] = pair
        self._next_turn()

    def _next_turn(self) -> None:
        self.turns += 1
        self.seat = (self.seat + 1) % SEATS
        self.phase = Phase.DRAW
        # Declared seats play their own turns (KW-X2).
        while not self.over and self.seat in self.declared:
            s = self.seat
            card = self._draw(s)
            if card is None:
                return
            self.hands[s][card] -= 1
            self.pile.append(card)
            if self._wins_on(card, s, "discard"):
                return
            self.turns += 1
            self.seat = (s + 1) % SEATS
            self.phase = Phase.DRAW

    def may_take(self) -> bool:
        return may_take(bool(self.pile), self.turns == 0, self.takes_in_row)

    # -- the rollout policy -------------------------------------------------------------
    def _readying(self, hand: list[int], totals: list[int] | None = None) -> list[int]:
        """The faces whose discard leaves this nine-card hand ready (`readying`)."""
        return readying(hand, self.ready, totals)

    def policy(self, rng: random.Random) -> tuple[str, int]:
        """The rollout policy's move for the seat to act: (verb, face index or -1)."""
        s, hand = self.seat, self.hands[self.seat]
        if self.phase is Phase.DRAW:
            if self.may_take():
                top = self.pile[-1]
                # A card that matches the hand is taken: asked first, as it is cheaper
                # than asking whether the card makes the hand ready.
                if hand[top] or sum(map(hand.__getitem__, KIND_FACES[top])) >= 2:
                    return "take", -1
                hand[top] += 1
                readies = self._readying(hand)
                hand[top] -= 1
                if readies:
                    return "take", -1
            return "draw", -1
        if self.phase is Phase.DISCARD:
            waits = set(self.declared.values())
            totals = class_totals(hand)
            readies = [f for f in self._readying(hand, totals) if f not in waits]
            if readies:
                return "discard", readies[0]
            held = [f for f, n in enumerate(hand) if n]
            safe = ([f for f in held if f not in waits] or held) if waits else held
            # discard_key in two steps: the copies left only between the loneliest; the
            # company (`company_in`) is the face's class total and the face once more
            comp = [totals[CLASS_OF[f]] + hand[f] for f in safe]
            least = min(comp)
            lonely = [f for f, n in zip(safe, comp) if n == least]
            if len(lonely) > 1:
                on_pile = face_counts(self.pile)
                left = [copies_left(hand, on_pile, f) for f in lonely]
                fewest = min(left)
                lonely = [f for f, n in zip(lonely, left) if n == fewest]
            return "discard", lonely[rng.randrange(len(lonely))] if len(lonely) > 1 \
                else lonely[0]
        return "declare", self.best_pair(s)

    def move(self, verb: str, face: int) -> None:
        if verb == "draw":
            self.draw()
        elif verb == "take":
            self.take()
        elif verb == "discard":
            self.discard(face)
        elif verb == "declare":
            self.declare(face)
        else:  # stay (R-declare with optional declaration)
            self._next_turn()

    def best_pair(self, s: int) -> int:
        """The pair to show: the one whose wait has the most copies not in sight of this
        seat (its own hand and the pile)."""
        pairs = self.ready[bytes(self.hands[s])]
        if len(pairs) == 1:
            return pairs[0]
        return max(pairs, key=lambda p: KOWAH.copies - self.hands[s][p] - self.pile.count(p))

    def play_out(self, rng: random.Random) -> Deal:
        steps = 0
        while not self.over:
            self.move(*self.policy(rng))
            steps += 1
            if steps > 2000:
                raise RuntimeError("a Kowah rollout did not end")
        return self

    def apply(self, action: str) -> None:
        """One of the observation's legal actions (engine text)."""
        verb, _, arg = action.partition(" ")
        self.move(verb, KOWAH.index(KOWAH.parse(arg)[0]) if arg else -1)


def move_text(verb: str, face: int) -> str:
    """A move as the engine's action text."""
    if verb == "discard":
        return f"discard {KOWAH.faces[face]}"
    if verb == "declare":
        return f"declare {KOWAH.render([KOWAH.faces[face]] * 2)}"
    return verb


def known_holdings(obs: KowahObservation) -> dict[int, list[int]]:
    """Per other seat, the copies it is known to hold: the cards it took from the pile or
    drew in the open, less what it discarded after, and its shown pair (KW-X3, KW-X1)."""
    me = obs.seat
    events = []  # (turn, 0 gain / 1 discard, seat, face): a take is in the turn after
    for d in obs.discards:
        f = KOWAH.index(d.card)
        events.append((d.turn, 1, d.seat, f))
        if d.taken_by is not None:
            events.append((d.turn + 1, 0, d.taken_by, f))
    for p in obs.public_draws:
        events.append((p.turn, 0, p.seat, KOWAH.index(p.card)))
    known = {s: [0] * NF for s in range(SEATS) if s != me}
    for _, kind, seat, f in sorted(events):
        if seat == me:
            continue
        if kind == 0:
            known[seat][f] += 1
        elif known[seat][f]:
            known[seat][f] -= 1  # it may have let the known copy go
    for seat, face in obs.declared.items():
        if seat != me:
            f = KOWAH.index(face)
            known[seat][f] = max(known[seat][f], 2)
    return known


def _ready_with_pair(pair: int, fixed: Sequence[int], pool: Sequence[int],
                     rng: random.Random) -> list[int] | None:
    """A ready hand showing `pair` that holds `fixed` and takes the rest from `pool`,
    uniformly among those possible (None: none is)."""
    rows = _targets_by_pair()[pair]
    lo = np.asarray(fixed)
    fit = np.nonzero(((rows >= lo) & (rows <= lo + np.asarray(pool))).all(axis=1))[0]
    if not len(fit):
        return None
    return [int(n) for n in rows[fit[rng.randrange(len(fit))]]]


@lru_cache(maxsize=1)
def _targets_by_pair() -> dict[int, Any]:
    """Per pair face, the ready hands that may show it, as rows of a count matrix."""
    out: dict[int, list[bytes]] = {p: [] for p in range(NF)}
    for key, pairs in sorted(ready_pairs().items()):
        for p in pairs:
            out[p].append(key)
    return {p: np.frombuffer(b"".join(keys), dtype=np.uint8).reshape(-1, NF).astype(np.int16)
            for p, keys in out.items()}


JOINT_TRIES = 64  # draws of the declared hands together before one is dealt without its shape


def _declared_hands(declared: Sequence[tuple[int, int]], known: dict[int, list[int]],
                    pool: Sequence[int], rng: random.Random) -> dict[int, list[int]]:
    """A ready hand for each declared seat (seat, pair face), holding its known cards, all
    of them from `pool` together. Drawn one seat after the other, the first can take a card
    the second needs; such a draw is thrown away and made again. If every draw fails (what
    is known is an approximation), the seats of the last draw that got a hand keep it."""
    got: dict[int, list[int]] = {}
    for _ in range(JOINT_TRIES if len(declared) > 1 else 1):
        left, got = list(pool), {}
        for seat, pair in declared:
            hand = _ready_with_pair(pair, known[seat], left, rng)
            if hand is None:
                break
            got[seat] = hand
            for f in range(NF):
                left[f] -= hand[f] - known[seat][f]
        else:
            return got
    return got


READY_TRIES = 32  # draws of an undeclared hand before a ready one is kept


def unready_seats(obs: KowahObservation) -> set[int]:
    """The other seats whose eight cards are surely not ready: undeclared after a discard
    of their own, and a ready hand declares after its discard (R-declare, compulsory by
    default: the simulator plays it so too; KW-R4). A seat yet to discard may hold a ready
    deal."""
    if len(obs.hand_sizes) != SEATS:
        return set()
    return {d.seat for d in obs.discards if d.seat != obs.seat and d.seat not in obs.declared
            and obs.hand_sizes[d.seat] == 8}


def sample_world(obs: KowahObservation, rng: random.Random) -> Deal:
    """One deal consistent with everything `obs` shows, the seat to act being `obs.seat`."""
    me = obs.seat
    pile = [KOWAH.index(d.card) for d in obs.discards if d.taken_by is None]
    known = known_holdings(obs)
    pool = [KOWAH.copies - h for h in obs.hand]
    for f in pile:
        pool[f] -= 1
    for held in known.values():
        for f in range(NF):
            pool[f] -= held[f]
    # Approximations in what is known (a copy let go and taken back) never make a count
    # negative: a known copy the pool cannot cover is dropped from the known holding.
    for seat in known:
        for f in range(NF):
            while pool[f] < 0 and known[seat][f]:
                known[seat][f] -= 1
                pool[f] += 1
    hands: list[list[int]] = [[0] * NF for _ in range(SEATS)]
    hands[me] = list(obs.hand)
    order = sorted(known, key=lambda s: s not in obs.declared)  # declared hands first
    settled = unready_seats(obs)
    ready = _declared_hands([(s, KOWAH.index(obs.declared[s])) for s in order
                             if s in obs.declared], known, pool, rng)
    for seat in order:
        fixed = known[seat]
        hand = ready.get(seat)
        if hand is None:
            need = obs.hand_sizes[seat] - sum(fixed)
            cards = [f for f in range(NF) for _ in range(pool[f])]
            for _ in range(READY_TRIES if seat in settled else 1):
                hand = list(fixed)
                for f in rng.sample(cards, max(0, min(need, len(cards)))):
                    hand[f] += 1
                if seat not in settled or bytes(hand) not in ready_pairs():
                    break
        assert hand is not None  # dealt above when not known ready
        for f in range(NF):
            pool[f] -= hand[f] - fixed[f]
        hands[seat] = hand
    stock = [f for f in range(NF) for _ in range(pool[f])]
    rng.shuffle(stock)
    declared = {s: KOWAH.index(f) for s, f in obs.declared.items()}
    turns = 0 if obs.first_turn else max(1, len(obs.discards))
    return Deal(hands, stock[:obs.stock] if obs.stock else stock, pile, declared, me,
                obs.phase, turns, obs.takes_in_row)
