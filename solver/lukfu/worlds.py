"""Exact search over the worlds of a Luk Fu old-card position (old.py, R-old-proof): can an
unseen card sit in another seat's hand? A complete backtracking search answers the common
positions in pure Python, far faster than building the CP-SAT model (model.py); a search
that outgrows its node budget hands the position to that model, so every answer stays
exact. The oracle is exact.py; the differential tests compare all three.

Two reductions keep the search small. Locations that no card and no constraint tells apart
(face-down discards of one seat between two of its events) are one location of their
summed size. Cards that no domain and no constraint tells apart are interchangeable: they
take their locations in non-decreasing order, and a card in no constraint that may go
anywhere is not searched at all — those cards fill whatever room is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from moneycards.solver.cards import Face
from moneycards.solver.lukfu.model import CpsatWorlds, inconsistent

if TYPE_CHECKING:
    from moneycards.solver.lukfu.old import Position

# Nodes (card placements tried) per position before CP-SAT takes over: at most about 10 ms
# of search, below the cost of building the model. Positions from play take fewer than 50
# as a rule, and rarely more than 200.
NODE_BUDGET = 1000


class OverBudget(Exception):
    """The search used up its node budget: its answer is unknown."""


class SearchWorlds:
    """Backtracking over the unknown cards, most constrained first, with capacity and
    constraint propagation. Every world found is harvested, as CpsatWorlds does, so most
    queries need no search. With `budget` None the search is never cut short."""

    def __init__(self, pos: Position, budget: int | None = NODE_BUDGET):
        self.pos = pos
        self.budget = budget
        self.nodes = 0  # over every search of this position
        self.seen_in_hand: dict[Face, int] = {}
        self._prepare()
        if not self._search(None):
            raise inconsistent()

    def _prepare(self) -> None:
        """Domains (limit-0 constraints only shrink them), the constraints left to count,
        the location classes with their room, and the card classes, as bit masks."""
        pos = self.pos
        live = [i for i, loc in enumerate(pos.locations) if loc.size > 0]
        dom = {u: set(live) for u in pos.unknown}
        counting: list[tuple[tuple[Face, ...], frozenset[int], int]] = []
        for c in pos.constraints:
            if c.limit == 0:  # none of these cards there: a smaller domain
                for u in c.cards:
                    dom[u].difference_update(c.locations)
        for c in pos.constraints:
            if c.limit > 0:
                where = frozenset(c.locations).intersection(live)
                cards = tuple(u for u in c.cards if dom[u] & where)
                if len(cards) > c.limit and (cards, where, c.limit) not in counting:
                    counting.append((cards, where, c.limit))
        # Location classes, in the order of the locations (the hands first).
        key_class: dict[tuple[object, ...], int] = {}
        loc_class: dict[int, int] = {}
        self.cap: list[int] = []
        self.rep: list[int] = []  # a location of each class: where a query answer points
        hand_mask = 0
        for i in live:
            loc = pos.locations[i]
            key = (loc.kind, loc.seat if loc.kind == "hand" else -1,
                   tuple(i in dom[u] for u in pos.unknown),
                   tuple(i in where for _, where, _ in counting))
            j = key_class.get(key)
            if j is None:
                j = key_class[key] = len(self.cap)
                self.cap.append(0)
                self.rep.append(i)
                if loc.kind == "hand":
                    hand_mask |= 1 << j
            loc_class[i] = j
            self.cap[j] += loc.size
        self.hand_mask = hand_mask
        self.all_mask = (1 << len(self.cap)) - 1

        def mask(locations: set[int] | frozenset[int]) -> int:
            m = 0
            for i in locations:
                m |= 1 << loc_class[i]
            return m

        self.dmask = {u: mask(dom[u]) for u in pos.unknown}
        self.cmask = [mask(where) for _, where, _ in counting]
        self.limit = [limit for _, _, limit in counting]
        self.cons_of: dict[Face, tuple[int, ...]] = {
            u: tuple(k for k, (cards, _, _) in enumerate(counting) if u in cards)
            for u in pos.unknown}
        # Card classes: interchangeable cards, in the order of the unknown cards.
        classes: dict[tuple[int, tuple[int, ...]], list[Face]] = {}
        for u in pos.unknown:
            classes.setdefault((self.dmask[u], self.cons_of[u]), []).append(u)
        self.classes = list(classes.values())
        self.class_of = {u: k for k, members in enumerate(self.classes) for u in members}
        self.free = {k for k, members in enumerate(self.classes)
                     if self.dmask[members[0]] == self.all_mask
                     and not self.cons_of[members[0]]}

    def where(self, card: Face) -> int | None:
        """A location index of another seat's hand that can hold `card`, or None."""
        if card not in self.seen_in_hand and self._search(card):
            assert card in self.seen_in_hand  # the world found puts it in a hand
        return self.seen_in_hand.get(card)

    def _search(self, query: Face | None) -> bool:
        """Find a world (with `query` in another seat's hand); harvest it. False: none."""
        groups: list[list[Face]] = []
        gdom: list[int] = []
        gcons: list[tuple[int, ...]] = []
        for k, members in enumerate(self.classes):
            rest = [u for u in members if u != query]
            if rest and k not in self.free:
                groups.append(rest)
                gdom.append(self.dmask[rest[0]])
                gcons.append(self.cons_of[rest[0]])
        if query is not None:
            d = self.dmask[query] & self.hand_mask
            if not d:
                return False
            groups.insert(0, [query])
            gdom.insert(0, d)
            gcons.insert(0, self.cons_of[query])
        n_groups = len(groups)
        left = [len(g) for g in groups]  # cards of each group still to place
        low = [0] * n_groups  # the lowest class the next card of a group may take
        placed = [0] * n_groups  # the classes each group's placed cards took, as a mask
        cap = list(self.cap)
        full = 0  # classes with no room left
        count = [0] * len(self.limit)
        limit, cmask = self.limit, self.cmask
        budget = self.budget
        in_cons = [[g for g in range(n_groups) if c in gcons[g]] for c in range(len(limit))]

        def dfs() -> bool:
            nonlocal full
            best, best_d, best_n = -1, 0, 1 << 30
            doms = [0] * n_groups
            for g in range(n_groups):
                if not left[g]:
                    continue
                d = gdom[g] & ~full & -(1 << low[g])
                for c in gcons[g]:
                    if count[c] >= limit[c]:
                        d &= ~cmask[c]
                if not d:
                    return False
                doms[g] = d
                n = d.bit_count()
                if n < best_n:
                    best, best_d, best_n = g, d, n
            if best < 0:
                return True
            if not self._room(doms, left, cap, count, in_cons):
                return False
            g = best
            cons = gcons[g]
            was_low, was_placed = low[g], placed[g]
            left[g] -= 1
            d = best_d
            while d:
                bit = d & -d
                d ^= bit
                j = bit.bit_length() - 1
                self.nodes += 1
                if budget is not None and self.nodes > budget:
                    raise OverBudget
                cap[j] -= 1
                if not cap[j]:
                    full |= bit
                hit = [c for c in cons if cmask[c] & bit]
                for c in hit:
                    count[c] += 1
                low[g] = j
                placed[g] = was_placed | bit
                if dfs():
                    return True
                for c in hit:
                    count[c] -= 1
                cap[j] += 1
                full &= ~bit
            left[g] += 1
            low[g], placed[g] = was_low, was_placed
            return False

        if not dfs():
            return False
        self._harvest(groups, placed, cap)
        return True

    def _room(self, doms: list[int], left: list[int], cap: list[int], count: list[int],
              in_cons: list[list[int]]) -> bool:
        """Necessary conditions on what is still to place: the cards that may only take
        classes within one group's classes fit those classes' room (Hall's condition, for
        those sets), and no constraint is forced over its limit by the cards that can only
        go inside it."""
        need: dict[int, int] = {}  # cards still to place, by the classes they may take
        for d, n in zip(doms, left):
            if n:
                need[d] = need.get(d, 0) + n
        for d in need:
            total = 0
            for e, n in need.items():
                if not e & ~d:
                    total += n
            m = d
            while m and total > 0:
                bit = m & -m
                m ^= bit
                total -= cap[bit.bit_length() - 1]
            if total > 0:
                return False
        for c, m in enumerate(self.cmask):
            forced = count[c]
            for g in in_cons[c]:
                if left[g] and doms[g] & ~m == 0:
                    forced += left[g]
            if forced > self.limit[c]:
                return False
        return True

    def _harvest(self, groups: list[list[Face]], placed: list[int], cap: list[int]) -> None:
        """Interchangeable cards can trade places, so a card in a hand shows its whole
        class can be there; the free cards fill every hand with room left."""
        rep, seen = self.rep, self.seen_in_hand
        for members, where in zip(groups, placed):
            hands = where & self.hand_mask
            if hands:
                j = (hands & -hands).bit_length() - 1
                for u in self.classes[self.class_of[members[0]]]:
                    seen.setdefault(u, rep[j])
        open_hands = [j for j in range(len(cap)) if self.hand_mask >> j & 1 and cap[j] > 0]
        if open_hands:
            for k in sorted(self.free):
                for u in self.classes[k]:
                    seen.setdefault(u, rep[open_hands[0]])


class SearchThenModel:
    """The search first; the CP-SAT model is built only if the search runs over its
    budget, and then answers every query the search has not already."""

    def __init__(self, pos: Position, budget: int | None = NODE_BUDGET):
        self.pos = pos
        self.model: CpsatWorlds | None = None
        self.search: SearchWorlds | None = None
        try:
            self.search = SearchWorlds(pos, budget)
        except OverBudget:
            self.model = CpsatWorlds(pos)

    def where(self, card: Face) -> int | None:
        """A location index of another seat's hand that can hold `card`, or None."""
        search = self.search
        if search is not None:
            if card in search.seen_in_hand:
                return search.seen_in_hand[card]
            if self.model is None:
                try:
                    return search.where(card)
                except OverBudget:
                    self.model = CpsatWorlds(self.pos)
        assert self.model is not None  # built when the search gave up
        return self.model.where(card)
