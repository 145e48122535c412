"""Tổ Tôm worlds for the determinised search (solver/search.py): full tables sampled from
one seat's observation, and a fast rollout player.

A world deals the copies the seat has not seen (100 cards less its own hand, every exposed
pair, the dead cards and the card on offer) to the other concealed hands and the stock, in
the sizes the observation shows. What the public record tells about the other hands:

* certain (`certain_violation`, never broken by a sampled world): an exposed Cạ was
  captured with a hand card held once or three times (TT-C2) while the seat held no copy
  of the offered card (TT-C1); hands only shrink and the hand card's face is never captured
  again (TT-C4) nor broken, so the seat holds at most one of the Cạ's two faces, and that
  one exactly twice. A seat with an exposed Cạ has captured a Cạ (TT-C8).
* likely (`ruled_out`, a weight: each holds in a world with `DOORWAY_BAN_HOLDS`, and
  unless the room left forbids it): a seat at whose doorway a card died let it go (TT-T3),
  and a live hand holding a copy would mostly have captured it as a Chắn, so it holds none
  (a dead hand, TT-S4, is exempt). Not certain: a Chắn may be declined (TT-C3), or be
  barred by an earlier discard of the face (TT-C4) or by leaving no legal discard (TT-C9).

Declined claims leave no public trace (R-claim-privacy) and are not used. Which faces the
other seats discarded or declined (TT-C3, TT-C4) is not in the observation: their memories
hold only what a world's hands make certain; the seat's own comes from its observation.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from typing import cast

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.ranking import stopped
from moneycards.solver.search import Estimate
from moneycards.solver.table import Action, TableState, parse_action
from moneycards.solver.totom.observation import (CARD_VERBS, Phase, TotomObservation,
                                                 group_faces, seen_counts)
from moneycards.solver.totom.table import Memory, Offer, TotomState
from moneycards.solver.totom import SEATS
from moneycards.solver.totom.sim import discard_key, from_state, move_of, plays, win_faces

STOCK_SIZE = 23
NO_CARDS = [0] * len(TOTOM.faces)  # no exposed cards: `win_faces` of a whole twenty
DOORWAY_BAN_HOLDS = 0.99  # the chance a `ruled_out` face is kept from its seat in a world


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Action:
    return parse_action(text, TOTOM, CARD_VERBS)


class World(TotomState):
    """A sampled table: the engine's state with a cheap copy, and actions applied without
    the legality check (the rollout player and the search only play legal actions)."""

    # Fields the engine replaces but never changes in place: clones share them. Every other
    # mutable field is copied below (tests/test_clone.py fails on a field that is neither).
    SHARED_FIELDS = frozenset({"initial", "opening", "offer"})

    def clone(self) -> World:
        # Written out rather than derived (solver/table.py `tree_copy`): six times faster,
        # and a search clones a world per candidate and rollout.
        w: World = object.__new__(World)
        w.__dict__.update(self.__dict__)
        w.hands = [list(h) for h in self.hands]
        w.exposed = [list(e) for e in self.exposed]
        w.stock = list(self.stock)
        w.dead = list(self.dead)
        w.memory = [Memory(set(m.declined_chan), set(m.discarded), set(m.ca_from_hand),
                           set(m.captured), m.captured_ca, m.last_capture_ca_rank)
                    for m in self.memory]
        w.dead_hand = set(self.dead_hand)
        w.history = []
        w.events = []
        w.claims = list(self.claims)
        return w

    def apply(self, action: Action | str) -> None:
        self._apply(action if isinstance(action, Action) else _parsed(action))

    def _captures(self, seat: int, card: Face) -> list[Face]:
        # Only the card itself (a Chắn) or its rank in another suit (a Cạ) can capture it
        # (TT-W1, TT-D3): the engine's rules are asked about those alone.
        hand = self.hands[seat]
        return [h for h in _partners_of(card) if hand[TOTOM.index(h)]
                and self._capture_rule(seat, card, h) is None]

    def _discards(self, seat: int) -> list[Face]:
        # Only a face held once or three times can be discarded (TT-C2).
        hand = self.hands[seat]
        return [f for i, f in enumerate(TOTOM.faces) if hand[i] in (1, 3)
                and self._discard_rule(seat, f) is None]

    def _wins_with(self, seat: int, card: Face | None) -> bool:
        # A twenty that is not ten pairs with six Chắn (TT-W4) needs no full verdict.
        if card is not None and seat not in self.dead_hand:
            if TOTOM.index(card) not in win_faces(self.twenty(seat, None), NO_CARDS):
                return False
        return super()._wins_with(seat, card)


@lru_cache(maxsize=None)
def _partners_of(card: Face) -> tuple[Face, ...]:
    """The faces that can capture `card`: itself first, then its rank in other suits."""
    if card.suit == "h":
        return (card,)
    return (card,) + tuple(g for g in TOTOM.faces if g.rank == card.rank and g != card
                           and g.suit != "h")


def unseen(obs: TotomObservation) -> list[int]:
    """Copies of each face the seat has not seen."""
    return [max(0, TOTOM.copies - n) for n in seen_counts(obs)]


def ruled_out(obs: TotomObservation) -> list[set[Face]]:
    """Per seat, the faces the public record says it most likely does not hold: every card
    that died at a live hand's doorway (it would mostly have been captured as a Chắn; see
    the module's note on why this is not certain)."""
    out: list[set[Face]] = [set() for _ in range(SEATS)]
    for d in obs.dead:
        if d.seat != obs.seat and d.seat not in obs.dead_hand:
            out[d.seat].add(d.card)
    return out


def ca_pairs(obs: TotomObservation) -> list[list[tuple[Face, Face]]]:
    """Per seat, the two faces of each Cạ it has exposed."""
    out: list[list[tuple[Face, Face]]] = [[] for _ in range(SEATS)]
    for s, groups in enumerate(obs.exposed):
        for g in groups:
            cards = group_faces(g)
            if len(cards) == 2 and cards[0] != cards[1]:
                out[s].append((cards[0], cards[1]))
    return out


def certain_violation(obs: TotomObservation, seat: int, hand: list[int]) -> str | None:
    """The rule a concealed hand of another seat breaks against the public record, or
    None: of an exposed Cạ's two faces the seat holds at most one, exactly twice (TT-C1:
    no copy of the captured card then; TT-C2, TT-C4: the hand card's face held once or
    three times, never captured or split after; hands only shrink)."""
    if seat == obs.seat:
        return None
    for a, b in ca_pairs(obs)[seat]:
        na, nb = hand[TOTOM.index(a)], hand[TOTOM.index(b)]
        if na and nb:
            return "TT-C1"
        if na not in (0, 2) or nb not in (0, 2):
            return "TT-C2"
    return None


def _odds_two(copies: int, room: int, total: int) -> float:
    """The chance that a place of `room` among `total` hidden cards holds 2 rather than 0
    of a face with `copies` unseen (hypergeometric)."""
    if copies < 2 or room < 2 or total - copies < room - 2:
        return 0.0
    two = comb(copies, 2) * comb(total - copies, room - 2)
    none = comb(total - copies, room) if total - copies >= room else 0
    return two / (two + none)


def sample_hidden(obs: TotomObservation, rng: random.Random) -> tuple[list[list[int]],
                                                                       list[Face]]:
    """One deal of the unseen cards: a concealed hand (count vector) per seat — the
    observing seat's own as it is — and the stock, in order. The faces of a seat's exposed
    Cạ are dealt to it first, none or exactly two (`certain_violation`); then every card
    goes to a hidden place with a chance in proportion to the room left there, among the
    places the record allows it (`ruled_out`)."""
    # TT-T3 makes a doorway ban likely, not certain: the seat holds a copy of a card that
    # died at its door in about 1 % of such deaths (13 of 1,185 in 150 greedy deals), so
    # each ban holds with that chance and a world may hold the exception.
    banned = [{f for f in likely if rng.random() < DOORWAY_BAN_HOLDS}
              for likely in ruled_out(obs)]
    room = [0 if s == obs.seat else obs.hand_sizes[s] for s in range(SEATS)] + [obs.stock]
    # Cards as face indices (counting a hand needs no lookups); each list is in the order
    # the Face lists were, so the same seed deals the same cards.
    places: list[list[int]] = [[] for _ in range(SEATS + 1)]
    left = unseen(obs)
    total = sum(left)
    for s, pairs in enumerate(ca_pairs(obs)):
        if s == obs.seat or not pairs:
            continue
        faces = sorted({f for p in pairs for f in p}, key=TOTOM.index)
        two: set[Face] = set()
        for f in faces:
            i = TOTOM.index(f)
            if f in banned[s] or any(g in two for p in pairs if f in p for g in p):
                continue  # TT-C1: never both faces of a Cạ
            if rng.random() < _odds_two(left[i], room[s], total):
                two.add(f)
                places[s] += [i, i]
                room[s] -= 2
                left[i] -= 2
                total -= 2
        banned[s] = banned[s] | set(faces)  # no further copy (TT-C2, TT-C4)
    free: list[int] = []
    tied: list[int] = []
    any_banned = set().union(*banned)
    for i, (f, n) in enumerate(zip(TOTOM.faces, left)):
        (tied if f in any_banned else free).extend([i] * n)
    # The cards some seat may not hold go first, each to a place that may hold it.
    for i in tied:
        f = TOTOM.faces[i]
        ok = [p for p in range(SEATS + 1) if room[p] and (p == SEATS or f not in banned[p])]
        if not ok:  # the record cannot be honoured exactly: anywhere with room
            ok = [p for p in range(SEATS + 1) if room[p]]
        if not ok:
            break  # more unseen copies than hidden places (an inconsistent observation)
        r = rng.randrange(sum(room[p] for p in ok))
        for p in ok:
            if r < room[p]:
                break
            r -= room[p]
        places[p].append(i)
        room[p] -= 1
    # The rest fill the room left, shuffled: each place takes a random slice.
    rng.shuffle(free)
    k = 0
    for p in range(SEATS + 1):
        places[p].extend(free[k:k + room[p]])
        k += room[p]
    hands = [list(obs.hand) if s == obs.seat else _counted(places[s]) for s in range(SEATS)]
    stock = [TOTOM.faces[i] for i in places[SEATS]]
    rng.shuffle(stock)
    return hands, stock


def _counted(cards: list[int]) -> list[int]:
    """Face indices as a count vector."""
    out = [0] * len(TOTOM.faces)
    for i in cards:
        out[i] += 1
    return out


def dealt_at_least(concealed: list[int],
                   exposed: list[tuple[Face, ...]]) -> tuple[int, ...]:
    """The cards a seat was surely dealt, for the bonuses read from the opening hand
    (Thiên khai, Bòn, Chíu ù): a concealed hand only ever gives cards up, and each exposed
    Chắn took one card from it, each Chíu three (TT-T2, TT-P2). So a Chíu that did not win
    was a dealt triple, whose fourth copy scores Bòn when the seat wins (R-Bòn-triple).
    Left out: the hand card of a Cạ (the view does not say which of its two it was) and
    the discards (a discarded face is never held four times again)."""
    out = list(concealed)
    for group in exposed:
        if len(set(group)) == 1:
            out[TOTOM.index(group[0])] += len(group) - 1
    return tuple(out)


def world(obs: TotomObservation, rng: random.Random) -> World:
    """A full table consistent with the observation, at the seat's decision."""
    hands, stock = sample_hidden(obs, rng)
    w: World = object.__new__(World)
    w.seed, w.rules = None, obs.rules
    w.rules_name = w.rules.preset
    w.dealer = obs.dealer
    w.initial = {}
    w.hands = hands
    w.exposed = [[group_faces(p) for p in pairs] for pairs in obs.exposed]
    w.opening = [dealt_at_least(hands[s], w.exposed[s]) for s in range(SEATS)]
    w.stock = stock
    w.dead = [(d.seat, d.card) for d in obs.dead]
    w.memory = [Memory() for _ in range(SEATS)]
    for s, pairs in enumerate(ca_pairs(obs)):
        if pairs:  # TT-C8: a captured Cạ is public; a face held twice was the hand card
            w.memory[s].captured_ca = True
            w.memory[s].ca_from_hand = {f for p in pairs for f in p
                                        if hands[s][TOTOM.index(f)] == 2}
    m = obs.memory
    w.memory[obs.seat] = Memory(set(m.declined_chan), set(m.discarded), set(m.ca_from_hand),
                                set(), m.captured_ca, None)
    for s in range(SEATS):  # an exposed Chắn's face was captured (a traditional error reads it)
        w.memory[s].captured = {g[0] for g in w.exposed[s] if len(g) == 2 and g[0] == g[1]}
    w.dead_hand = set(obs.dead_hand)
    w.history, w.events = [], []
    w.result = None
    w.win_verdict = None
    w.stock_exposed = STOCK_SIZE - obs.stock
    w.phase = obs.phase
    w.seat = obs.seat
    o = obs.offer
    w.offer = Offer(o.card, o.seat, o.kind.value, o.door) if o is not None else None
    w.claims = []
    w.return_to = obs.discard_to  # TT-P4: a Chíu's discard goes back where it was claimed
    return w


def searchable(obs: TotomObservation) -> bool:
    """The decisions the search plays out: an offer, a discard, the dealer's opening
    discard (a claim window is left to the ranking: wins are always taken). An observation
    without every seat's hand size (hand_sizes may be left out) gives no deal to sample."""
    return (obs.phase in (Phase.OFFER, Phase.DISCARD, Phase.OPENING) and obs.to_act == obs.seat
            and len(obs.hand_sizes) == SEATS)


def rollout_policy(table: TableState, rng: random.Random) -> str:
    """A fast player for every seat of a world (the engine's twin of the simulator's
    `Sim.policy`): a win or a Chíu always, a Chắn capture, else a Cạ capture, else pass;
    discard a card with the fewest partners in the hand, and among those the one with the
    fewest live copies to pair it later (sim.discard_key)."""
    state = cast(TotomState, table)
    acts = state.legal_texts()
    if len(acts) == 1:
        return acts[0]
    for want in ("win", "chiu"):
        if want in acts:
            return want
    if state.phase is Phase.OFFER:
        assert state.offer is not None  # the offer phase
        chan = f"capture {state.offer.card}"
        if chan in acts:
            return chan
        caps = [a for a in acts if a.startswith("capture ")]
        return caps[0] if caps else "pass"
    seat = state.current_seat()
    assert seat is not None  # the deal is on
    hand = state.hands[seat]
    exposed = [0] * len(TOTOM.faces)
    for groups in state.exposed:
        for group in groups:
            for f in group:
                exposed[TOTOM.index(f)] += 1
    best: tuple[int, int] | None = None
    pick = [acts[0]]
    for a in acts:
        if not a.startswith("discard "):
            continue
        key = discard_key(hand, exposed, TOTOM.index(_parsed(a).cards[0]))
        if best is None or key < best:
            best, pick = key, [a]
        elif key == best:
            pick.append(a)
    return pick[0] if len(pick) == 1 else rng.choice(pick)


def value(state: TableState, seat: int) -> tuple[float, float]:
    """A played-out world for `seat`: (1 if it won else 0, its settlement, TT-K7)."""
    r = state.result
    if r is None or r.net is None:
        return 0.0, 0.0
    return (1.0 if r.winner == seat else 0.0), float(r.net[seat])


def simulated(obs: TotomObservation, candidates: list[str], worlds: int,
              seed: int) -> dict[str, Estimate]:
    """Every candidate valued over the same `worlds` sampled deals, each played out by the
    count-vector simulator (solver/totom/sim.py: the engine's rules, some five times as
    fast as this module's `World`, bench/rollouts.py) with a rollout seed shared by all
    candidates of a deal; at a table of other rules than the seed page's (the traditional
    preset, a switch), by the table engine and its twin rollout player, which play every
    switch. Stops between deals when the
    caller has gone or the safety cap ran out: every estimate is then `cut_short`."""
    rng = random.Random(f"totom-worlds/{seed}")
    out = {a: Estimate(a) for a in candidates}
    moves = [(a, move_of(a)) for a in candidates]
    by_engine = not plays(obs.rules)  # a table of other rules: played out by the engine
    for w in range(worlds):
        if stopped():
            for e in out.values():
                e.cut_short = True
            break
        if by_engine:
            table = world(obs, rng)
            for action in candidates:
                state = table.clone()
                state.apply(action)
                deal_rng = random.Random(f"{seed}/{w}")
                while not state.is_over:
                    state.apply(rollout_policy(state, deal_rng))
                out[action].add(*value(state, obs.seat))
            continue
        root = from_state(world(obs, rng))
        for action, move in moves:
            sim = root.clone()
            sim.apply(move)
            sim.play_out(random.Random(f"{seed}/{w}"))
            assert sim.net is not None  # a played-out deal has its settlement
            out[action].add(1.0 if sim.winner == obs.seat else 0.0, float(sim.net[obs.seat]))
    return out
