"""A count-vector simulator of a Tổ Tôm deal, for the search's rollouts.

The table engine (table.py) plays a deal with text actions, records and events; a rollout
needs none of them, only the rules. `Sim` plays the same rules on faces as numbers (0-24)
and hands as count vectors: the turn (TT-T1-T4), captures and their restrictions (TT-C1-
TT-C9, TT-S4), claim windows in priority order (TT-P1-TT-P6), dead cards and the drawn
deal, and scores a win with the engine's own hand checker (TT-K). It plays the `seed` rules,
which every sampled world uses. A test plays the same deals through the engine and the
simulator and finds the same actions legal at every step and the same results
(tests/test_totom_search.py). Each rule here is a fast twin of the rule object the engine
calls (solver/rulebook.py), and names it.

A move is (verb, face): verb one of WIN, CHIU, DECLINE, PASS (face -1), DISCARD, CAPTURE
(the hand card).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from operator import add
from typing import Any, NamedTuple

from moneycards.solver.totom import TOTOM
from moneycards.solver.totom import rules as rules_mod
from moneycards.solver.totom.check import check_hand
from moneycards.solver.totom.exact import partition_exact
from moneycards.solver.totom.observation import Phase
from moneycards.solver.totom.rules import CHI_CHI
from moneycards.solver.totom.scoring import VIA_CHIU, VIA_OWN_DOOR, VIA_STOCK, WinContext
from moneycards.solver.totom.shapes import CA, pair_kind
from moneycards.solver.totom import SEATS, NF

CHI = TOTOM.index(CHI_CHI)
RANK = tuple(f.rank for f in TOTOM.faces)
# Each face's Cạ partners by shapes.pair_kind (TT-W1; never Chi chi, TT-D3).
SAME_RANK = tuple(tuple(j for j, g in enumerate(TOTOM.faces) if pair_kind(f, g) == CA)
                  for f in TOTOM.faces)
# Each face's rank class (the face and its Cạ partners; Chi chi alone) as an index, and
# the faces of each class: a card's partners in a hand are its class's cards but itself.
CLASS_FACES = tuple(sorted({tuple(sorted((f,) + SAME_RANK[f])) for f in range(len(RANK))}))
assert CLASS_FACES[-1] == (CHI,)  # Chi chi, a class alone, sorts last
CLASS_OF = tuple(next(c for c, fs in enumerate(CLASS_FACES) if f in fs)
                 for f in range(len(RANK)))
# The seats in claim priority from each doorway (TT-P1): the doorway first, then in turn.
FROM_DOOR = tuple(tuple((d + k) % SEATS for k in range(SEATS)) for d in range(SEATS))
OPENING, DISCARD_PHASE, OFFER, CLAIMS = range(4)
PHASES = {Phase.OPENING: OPENING, Phase.DISCARD: DISCARD_PHASE, Phase.OFFER: OFFER,
          Phase.CLAIMS: CLAIMS}
# Offer kinds: a hand discard, a seat's own stock card, the previous seat's stock card.
BY_DISCARD, EXPOSED, PASSED = range(3)
KINDS = {"discard": BY_DISCARD, "exposed": EXPOSED, "passed": PASSED}
WIN, CHIU, DECLINE, PASS, DISCARD, CAPTURE = range(6)
VERBS = ("win", "chiu", "decline", "pass", "discard", "capture")
Move = tuple[int, int]
Offer = tuple[int, int, int, int]


@lru_cache(maxsize=200_000)
def _partition(hand: tuple[int, ...]) -> tuple[frozenset[int], int]:
    """The ranks of the concealed hand's Cạ and how many of its cards pair with nothing,
    read as for a win (TT-W3: identical pairs are never split), for TT-C5 and TT-C6
    (legal.ca_in_rank, legal.last_single)."""
    part = partition_exact(list(hand))
    return frozenset(a.rank for a, _ in part.ca), len(part.left)


class Verdict(NamedTuple):
    """What a rollout needs of the engine's verdict (check.HandVerdict): whether the twenty
    wins, and its points."""

    wins: bool
    points: int


@lru_cache(maxsize=65_536)
def _verdict_of(twenty: tuple[int, ...], ctx: WinContext) -> Verdict:
    """The engine's verdict on a twenty (TT-W, TT-K), remembered (two numbers a hand, so
    the cache stays small): a win is asked when the claim opens and again when it is
    taken, and the rollouts of one decision, sharing their seeds, meet the same hands."""
    v = check_hand(list(twenty), ctx, rules_mod.SEED, engine="exact")
    return Verdict(v.wins, v.points)


NO_FACES: frozenset[int] = frozenset()
CHI_ONLY = frozenset({CHI})


def win_faces(hand: list[int], exp: list[int]) -> frozenset[int]:
    """The offered faces that could make the seat's nineteen cards (`hand` and `exp`,
    counts by face) a win: ten pairs with at least six Chắn (TT-W3, TT-W4). Twenty cards
    are ten pairs only when the faces held an odd number of times pair up as Cạ, two per
    rank and never Chi chi. A quick refusal before the full verdict (check.violations);
    kept per seat until its cards change, as every seat is asked on every stock card."""
    counts = list(map(add, hand, exp))
    odd = [n & 1 for n in counts]
    chan = (sum(counts) - sum(odd)) >> 1  # identical pairs held: each n // 2
    if chan < 5:  # one more copy adds at most one
        return NO_FACES
    # Faces held an odd number of times, per rank class: each class must end with 0 or 2
    # of them (Cạ pairs). With every class so, the offered card can only be a Chi chi
    # that pairs the odd one; with one class at 1 or 3, only a card of that class, and no
    # odd Chi chi; with more, no card.
    unpaired = [fs for fs in CLASS_FACES[:-1] if sum(map(odd.__getitem__, fs)) & 1]
    if not unpaired:
        return CHI_ONLY if odd[CHI] and chan + 1 >= 6 else NO_FACES
    if len(unpaired) > 1 or odd[CHI]:
        return NO_FACES
    return frozenset(x for x in unpaired[0] if chan + odd[x] >= 6)


def discard_key(hand: list[int], exposed: list[int], f: int) -> tuple[int, int]:
    """How much the rollout player keeps face `f` (lower: discarded first): the cards of
    the hand that pair it (an identical copy or a Cạ partner), then the copies it could
    still pair with later, those neither in the hand nor exposed, an identical one (a
    Chắn, of which a win needs six, TT-W4) counting twice a Cạ partner. Measured against
    the partners alone (600 paired deals of `strong` against `greedy`): +1.0 points a deal
    [+0.1, +1.9], five more deals won in a hundred."""
    return partners_in(hand, f), live_copies(hand, exposed, f)


def partners_in(hand: list[int], f: int) -> int:
    """The cards of the hand that pair face `f`: an identical copy or a Cạ partner."""
    return hand[f] - 1 + sum(hand[j] for j in SAME_RANK[f])


def live_copies(hand: list[int], exposed: list[int], f: int) -> int:
    """The copies that could still pair `f`, neither in the hand nor exposed, an identical
    one counting twice a Cạ partner."""
    return 2 * (4 - hand[f] - exposed[f]) + sum(4 - hand[j] - exposed[j] for j in SAME_RANK[f])


class Sim:
    """One deal in play, on count vectors. `winner`, `net` and `over` say how it ended."""

    __slots__ = ("hands", "exp", "opening", "stock", "declined", "discarded", "ca_from",
                 "captured_ca", "dead_hand", "stock_exposed", "phase", "seat", "offer",
                 "claims", "return_to", "over", "winner", "net", "points", "win_faces")
    hands: list[list[int]]  # per seat: concealed cards, counts by face
    exp: list[list[int]]  # per seat: exposed cards, counts by face
    opening: list[tuple[int, ...]]  # per seat: the dealt hand (TT-K3's opening bonuses)
    stock: list[int]  # faces, the top last
    declined: list[set[int]]  # Chắn let go (TT-C3)
    discarded: list[set[int]]
    ca_from: list[set[int]]  # hand cards a Cạ was captured with (TT-C4)
    captured_ca: list[bool]
    dead_hand: set[int]  # TT-S4
    stock_exposed: int
    phase: int
    seat: int
    offer: Offer | None  # (face, next seat, kind, doorway seat)
    claims: list[tuple[int, int]]  # (seat, WIN or CHIU) in priority order
    return_to: int | None  # TT-P4: the turn goes back here after a Chíu's discard
    over: bool
    winner: int | None
    net: tuple[int, ...] | None
    points: int | None
    win_faces: list[frozenset[int] | None]  # per seat: `win_faces`, None once its cards change

    # Fields replaced but never changed in place: clones share them. Every other field is
    # copied below (tests/test_clone.py fails on a field that is neither).
    SHARED_FIELDS = frozenset({"opening", "offer"})

    def clone(self) -> Sim:
        s = object.__new__(Sim)
        s.hands = [list(h) for h in self.hands]
        s.exp = [list(e) for e in self.exp]
        s.opening = self.opening
        s.stock = list(self.stock)
        s.declined = [set(x) for x in self.declined]
        s.discarded = [set(x) for x in self.discarded]
        s.ca_from = [set(x) for x in self.ca_from]
        s.captured_ca = list(self.captured_ca)
        s.dead_hand = set(self.dead_hand)
        s.stock_exposed, s.phase, s.seat = self.stock_exposed, self.phase, self.seat
        s.offer, s.claims, s.return_to = self.offer, list(self.claims), self.return_to
        s.over, s.winner, s.net, s.points = self.over, self.winner, self.net, self.points
        s.win_faces = list(self.win_faces)
        return s

    # -- the rules ----------------------------------------------------------------------
    def current_seat(self) -> int:
        return self.claims[0][0] if self.phase == CLAIMS else self.seat

    def twenty(self, seat: int, extra: int | None) -> list[int]:
        counts = [a + b for a, b in zip(self.hands[seat], self.exp[seat])]
        if extra is not None:
            counts[extra] += 1
        return counts

    def discard_ok(self, seat: int, f: int, hand: list[int] | None = None,
                   captured_ca: bool | None = None) -> bool:
        """TT-C2 (never break a concealed pair), TT-C3, TT-C8: the twin of the engine's
        legal.breaks_a_pair, legal.declined_before and legal.completes_a_discarded_ca."""
        hand = hand or self.hands[seat]
        n = hand[f]
        if n == 0 or n == 2 or n == 4 or f in self.declined[seat]:
            return False
        if self.captured_ca[seat] if captured_ca is None else captured_ca:
            if f != CHI and any(g in self.discarded[seat] for g in SAME_RANK[f]):
                return False
        return True

    def discards(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [f for f in range(NF) if hand[f] in (1, 3) and self.discard_ok(seat, f)]

    def capture_ok(self, seat: int, card: int, h: int) -> bool:
        """TT-C1-TT-C9 for capturing `card` with the hand card `h` (a partner of it): the
        twin of legal.let_go_before, chan_only, breaks_a_pair, declined_before, ca_in_rank,
        last_single, discarded_a_ca and no_discard_left, in the engine's order."""
        hand = self.hands[seat]
        if seat in self.dead_hand or hand[h] == 0:
            return False
        if card in self.discarded[seat] or card in self.ca_from[seat]:  # TT-C4
            return False
        chan = h == card
        if not chan:
            if hand[card] > 0 or hand[h] in (2, 4) or h in self.declined[seat]:  # C1-C3
                return False
            ca_ranks, left = _partition(tuple(hand))
            if RANK[card] in ca_ranks or left == 1:  # TT-C5, TT-C6
                return False
            disc = self.discarded[seat]
            if any(g in disc for a in disc for g in SAME_RANK[a]):  # TT-C7
                return False
        after = list(hand)
        after[h] -= 1
        ca = self.captured_ca[seat] or not chan
        return any(self.discard_ok(seat, f, after, ca) for f in range(NF) if after[f])  # C9

    def captures(self, seat: int, card: int) -> list[int]:
        if seat in self.dead_hand:
            return []
        partners = (card,) + SAME_RANK[card]
        return [h for h in range(NF) if h in partners and self.capture_ok(seat, card, h)]

    def _ctx(self, seat: int, card: int | None, via: str | None,
             thien_u: bool = False) -> WinContext:
        return WinContext(win_card=None if card is None else TOTOM.faces[card], via=via,
                          thien_u=thien_u, opening=self.opening[seat],
                          first_stock=card is not None and via in (VIA_OWN_DOOR, VIA_STOCK)
                          and self.stock_exposed == 1)

    def _verdict(self, seat: int, card: int | None, via: str | None,
                 thien_u: bool = False) -> Verdict:
        return _verdict_of(tuple(self.twenty(seat, None if thien_u else card)),
                           self._ctx(seat, card, via, thien_u))

    def wins_with(self, seat: int, card: int | None) -> bool:
        if seat in self.dead_hand:
            return False
        if card is None:  # the dealer's opening twenty (TT-W7)
            return sum(self.hands[seat]) == 20 and self._verdict(seat, None, None, True).wins
        # A twenty that is not ten pairs with six Chắn (TT-W4) needs no full verdict.
        faces = self.win_faces[seat]
        if faces is None:
            faces = self.win_faces[seat] = win_faces(self.hands[seat], self.exp[seat])
        if card not in faces:
            return False
        assert self.offer is not None  # a win on the offered card
        via = VIA_OWN_DOOR if self.offer[3] == seat else VIA_STOCK
        return self._verdict(seat, card, via).wins

    def chiu_ok(self, seat: int, card: int) -> bool:
        """TT-P2 with TT-C9: three concealed copies, and after the Chíu a legal discard
        remains or the hand wins (TT-P6)."""
        hand = self.hands[seat]
        if hand[card] != 3:
            return False
        after = list(hand)
        after[card] = 0
        if any(self.discard_ok(seat, f, after) for f in range(NF) if after[f]):
            return True
        return _verdict_of(tuple(self.twenty(seat, card)),
                           WinContext(win_card=TOTOM.faces[card], via=VIA_CHIU)).wins

    def legal(self) -> list[Move]:
        """The legal moves, in the engine's order."""
        s = self.current_seat()
        if self.phase == OPENING:
            acts: list[Move] = [(WIN, -1)] if self.wins_with(s, None) else []
            disc = [(DISCARD, f) for f in self.discards(s)]
            if acts:
                acts += disc or [(DECLINE, -1)]
            return acts or disc
        if self.phase == DISCARD_PHASE:
            return [(DISCARD, f) for f in self.discards(s)]
        if self.phase == CLAIMS:
            return [(WIN if self.claims[0][1] == WIN else CHIU, -1), (DECLINE, -1)]
        assert self.offer is not None  # the offer phase
        return [(CAPTURE, h) for h in self.captures(s, self.offer[0])] + [(PASS, -1)]

    # -- moves --------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        verb, f = move
        s = self.current_seat()
        if verb == DISCARD:
            self._discard(s, f)
        elif verb == CAPTURE:
            self._capture(s, f)
        elif verb == PASS:
            self._pass(s)
        elif verb == WIN:
            self._finish_win(s)
        elif verb == CHIU:
            self._chiu(s)
        elif self.phase == OPENING:  # decline a Thiên ù with no discard: a dead hand
            self._make_dead(s)
        else:
            self.claims.pop(0)
            if not self.claims:
                assert self.offer is not None  # the claims were on the offer
                self.phase, self.seat = OFFER, self.offer[1]

    def _discard(self, s: int, f: int) -> None:
        self.hands[s][f] -= 1
        # A seat's cards change by a capture or a Chíu and then its discard, and no win is
        # asked of it in between (a discard never wins directly, TT-W6): forgetting its
        # winning faces here keeps them true.
        self.win_faces[s] = None
        self.discarded[s].add(f)
        to = self.return_to if self.return_to is not None else (s + 1) % SEATS
        self.return_to = None
        self.offer = (f, to, BY_DISCARD, to)
        self._open_claims(exclude=s, wins=False)  # a discard never wins directly (TT-W6)

    def _capture(self, s: int, h: int) -> None:
        assert self.offer is not None  # the offer phase
        card = self.offer[0]
        self.hands[s][h] -= 1
        self.exp[s][h] += 1
        self.exp[s][card] += 1
        if h != card:
            self.captured_ca[s] = True
            self.ca_from[s].add(h)
        self.offer = None
        self.phase, self.seat = DISCARD_PHASE, s

    def _pass(self, s: int) -> None:
        o = self.offer
        assert o is not None  # the offer phase
        card = o[0]
        if self.hands[s][card] and self.capture_ok(s, card, card):
            self.declined[s].add(card)  # TT-C3: a Chắn let go
        if o[2] == EXPOSED:  # TT-T3: a passed stock card goes on to the next seat
            nxt = (s + 1) % SEATS
            self.offer = (card, nxt, PASSED, nxt)
            self.seat = nxt
            return
        self.offer = None  # the card dies at this doorway
        self._expose(s)

    def _expose(self, s: int) -> None:
        if not self.stock:
            self.over, self.net = True, (0,) * SEATS  # TT-T4: a drawn deal
            return
        card = self.stock.pop()  # the stock is kept top last
        self.stock_exposed += 1
        self.offer = (card, s, EXPOSED, s)
        self._open_claims(exclude=None, wins=True)

    def _open_claims(self, exclude: int | None, wins: bool) -> None:
        o = self.offer
        assert o is not None  # claims open on an offered card
        card = o[0]
        dead = self.dead_hand
        order = [x for x in FROM_DOOR[o[3]] if x != exclude and x not in dead]
        hands = self.hands
        queue = []
        if wins:
            known = self.win_faces
            for x in order:  # `wins_with`, its quick refusal first
                faces = known[x]
                if faces is None:
                    faces = known[x] = win_faces(hands[x], self.exp[x])
                if card in faces and self.wins_with(x, card):
                    queue.append((x, WIN))
        queue += [(x, CHIU) for x in order if hands[x][card] == 3 and self.chiu_ok(x, card)]
        self.claims = queue
        self.phase = CLAIMS if queue else OFFER
        self.seat = o[1]

    def _chiu(self, c: int) -> None:
        o = self.offer
        assert o is not None  # a Chíu claims the offered card
        card = o[0]
        self.hands[c][card] -= 3
        self.exp[c][card] += 4
        self.claims = []
        self.offer = None
        v = self._verdict_chiu(c, o)
        if v.wins:
            self._settle(c, v.points)  # TT-P6
            return
        self.return_to = o[1] if o[1] != c else None  # TT-P4
        self.phase, self.seat = DISCARD_PHASE, c

    def _verdict_chiu(self, seat: int, o: Offer) -> Verdict:
        via = VIA_CHIU
        if o[2] != BY_DISCARD:
            via = VIA_OWN_DOOR if o[3] == seat else VIA_STOCK
        return _verdict_of(tuple(self.twenty(seat, None)), self._ctx(seat, o[0], via))

    def _finish_win(self, s: int) -> None:
        if self.phase == OPENING:
            v = self._verdict(s, None, None, True)
        else:
            assert self.offer is not None  # a win on the offered card
            card, door = self.offer[0], self.offer[3]
            v = self._verdict(s, card, VIA_OWN_DOOR if door == s else VIA_STOCK)
        self._settle(s, v.points)

    def _settle(self, s: int, points: int) -> None:
        net = [-points] * SEATS
        net[s] = 3 * points  # TT-K7, scoring.settle
        self.over, self.winner, self.net, self.points = True, s, tuple(net), points

    def _make_dead(self, s: int) -> None:
        self.dead_hand.add(s)  # TT-S4
        self.phase = OFFER
        self._expose(s)

    # -- rollouts -----------------------------------------------------------------------
    def policy(self, rng: random.Random) -> Move:
        """The rollout player of solver/totom/search.py on numbers: a win or a Chíu always,
        a Chắn capture, else a Cạ capture, else pass; discard a card with the fewest
        partners in the hand, and among those the one with the fewest live copies to pair
        it later (`discard_key`). Offers and claims are answered without listing every
        legal move: the same choice as from `legal()`, a rollout's most frequent steps."""
        if self.phase == CLAIMS:  # a win or a Chíu, always taken
            return (WIN if self.claims[0][1] == WIN else CHIU), -1
        if self.phase == OFFER:
            assert self.offer is not None  # the offer phase
            return self._rollout_answer(self.seat, self.offer[0])
        if self.phase == DISCARD_PHASE:
            return self._rollout_discard(self.seat, rng)
        acts = self.legal()
        if len(acts) == 1 or acts[0][0] == WIN:
            return acts[0]
        discards = [a[1] for a in acts if a[0] == DISCARD]
        return DISCARD, self._loneliest(self.current_seat(), discards, rng)

    def _rollout_discard(self, seat: int, rng: random.Random) -> Move:
        """`_loneliest` of `discards`, in one pass over the hand (a rollout's most frequent
        step): the legal discards by `discard_ok`'s rules, each with its partners, read
        from its rank class's count."""
        hand = self.hands[seat]
        declined = self.declined[seat]
        gone = self.discarded[seat] if self.captured_ca[seat] else ()  # TT-C8 applies
        in_class = [sum(map(hand.__getitem__, fs)) for fs in CLASS_FACES]
        least, pick = 99, []
        for f in range(NF):
            n = hand[f]
            if (n != 1 and n != 3) or f in declined:  # TT-C2, TT-C3
                continue
            if gone and f != CHI and any(g in gone for g in SAME_RANK[f]):
                continue
            k = in_class[CLASS_OF[f]] - 1  # partners_in
            if k < least:
                least, pick = k, [f]
            elif k == least:
                pick.append(f)
        return DISCARD, pick[0] if len(pick) == 1 else self._fewest_live(hand, pick, rng)

    def _loneliest(self, seat: int, faces: list[int], rng: random.Random) -> int:
        """The rollout player's discard among `faces` (in `legal()`'s order): the least
        `discard_key`, at random among equals. The live copies are counted only between
        the cards with the fewest partners, the order `discard_key` compares them in."""
        hand = self.hands[seat]
        partners = [partners_in(hand, f) for f in faces]
        least = min(partners)
        pick = [f for f, n in zip(faces, partners) if n == least]
        return pick[0] if len(pick) == 1 else self._fewest_live(hand, pick, rng)

    def _fewest_live(self, hand: list[int], pick: list[int], rng: random.Random) -> int:
        """`discard_key`'s second step between the loneliest cards: the one with the fewest
        live copies, at random among equals."""
        exposed = [a + b + c + d for a, b, c, d in zip(*self.exp)]  # four seats
        live = [live_copies(hand, exposed, f) for f in pick]
        fewest = min(live)
        pick = [f for f, n in zip(pick, live) if n == fewest]
        return pick[0] if len(pick) == 1 else rng.choice(pick)

    def _rollout_answer(self, seat: int, card: int) -> Move:
        """The rollout player's answer to an offer: the Chắn capture if legal, else the
        first legal Cạ capture in `legal()`'s order, else pass."""
        if seat not in self.dead_hand:
            hand = self.hands[seat]  # capture_ok refuses a partner not in the hand
            if hand[card] and self.capture_ok(seat, card, card):
                return CAPTURE, card
            for h in SAME_RANK[card]:  # in face order, as `captures` lists them
                if hand[h] and self.capture_ok(seat, card, h):
                    return CAPTURE, h
        return PASS, -1

    def play_out(self, rng: random.Random) -> Sim:
        """Every seat plays `policy` to the end of the deal. The two most frequent steps,
        an offer answered and a discard, skip the move tuple's round trip through
        `apply` (the same moves)."""
        steps = 0
        while not self.over:
            phase, s = self.phase, self.seat
            if phase == OFFER:
                assert self.offer is not None  # the offer phase
                verb, h = self._rollout_answer(s, self.offer[0])
                if verb == CAPTURE:
                    self._capture(s, h)
                else:
                    self._pass(s)
            elif phase == DISCARD_PHASE:
                self._discard(s, self._rollout_discard(s, rng)[1])
            else:
                self.apply(self.policy(rng))
            steps += 1
            if steps > 5000:
                raise RuntimeError("a rollout did not end")
        return self


def plays(rules: rules_mod.TotomRules) -> bool:
    """Whether the simulator plays these rules: the seed page's (R-match's next dealer is
    no part of a deal). Any other switch, or the traditional preset, is played out by the
    table engine, which plays every switch."""
    return replace(rules, dealer_rotates=False) == rules_mod.SEED \
        and rules.bonuses == rules_mod.SEED.bonuses


def from_state(state: Any) -> Sim:
    """The simulator at the same point as an engine state (TotomState or a sampled World
    of the `seed` rules)."""
    s = object.__new__(Sim)
    s.hands = [list(h) for h in state.hands]
    s.exp = [[0] * NF for _ in range(SEATS)]
    for seat, groups in enumerate(state.exposed):
        for g in groups:
            for f in g:
                s.exp[seat][TOTOM.index(f)] += 1
    s.opening = list(state.opening)
    s.stock = [TOTOM.index(f) for f in reversed(state.stock)]
    idx = TOTOM.index
    s.declined = [{idx(f) for f in m.declined_chan} for m in state.memory]
    s.discarded = [{idx(f) for f in m.discarded} for m in state.memory]
    s.ca_from = [{idx(f) for f in m.ca_from_hand} for m in state.memory]
    s.captured_ca = [m.captured_ca for m in state.memory]
    s.dead_hand = set(state.dead_hand)
    s.stock_exposed = state.stock_exposed
    s.phase = PHASES[state.phase]
    s.seat = state.seat
    o = state.offer
    s.offer = None if o is None else (idx(o.card), o.seat, KINDS[o.kind], o.door)
    s.claims = [(x, WIN if k == "win" else CHIU) for x, k in state.claims]
    s.return_to = state.return_to
    r = state.result
    s.over = r is not None
    s.winner = None if r is None else r.winner
    s.net = None if r is None else tuple(r.net)
    s.points = None if r is None else r.points
    s.win_faces = [None] * SEATS
    return s


def move_text(move: Move) -> str:
    verb, f = move
    return VERBS[verb] if f < 0 else f"{VERBS[verb]} {TOTOM.faces[f].text}"


@lru_cache(maxsize=512)
def move_of(text: str) -> Move:
    verb, _, arg = text.partition(" ")
    return VERBS.index(verb), (TOTOM.index(TOTOM.parse(arg)[0]) if arg else -1)
