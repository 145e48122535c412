"""The CP-SAT model of Luk Fu's old-card proofs (LF-O2, R-old-proof): which unseen card can
sit in which location, over every world consistent with a seat's position (old.py).
Its exact twin is exact.py; the differential tests compare them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moneycards.solver.cards import Face
from moneycards.solver.cpsat import ReusableModel
from moneycards.solver.errors import ContextError

if TYPE_CHECKING:
    from moneycards.solver.lukfu.old import Position


def inconsistent() -> ContextError:
    """No world fits the position: the record and the hand contradict each other (LF-F1)."""
    return ContextError("no deal is consistent with this record and hand", field="record",
                        rule="LF-F1")


class CpsatWorlds(ReusableModel):
    """CP-SAT: x[card][location] booleans; each query pins one card to the other hands."""

    def __init__(self, pos: Position):
        super().__init__(time_limit_s=10.0)
        m = self.model
        self.pos = pos
        n_loc = len(pos.locations)
        self.x = {u: [m.new_bool_var(f"{u}@{i}") for i in range(n_loc)] for u in pos.unknown}
        for u in pos.unknown:
            m.add_exactly_one(self.x[u])
        for i, loc in enumerate(pos.locations):
            m.add(sum(self.x[u][i] for u in pos.unknown) == loc.size)
        for c in pos.constraints:
            m.add(sum(self.x[u][i] for u in c.cards for i in c.locations) <= c.limit)
        hands = pos.other_hands()
        self.in_other = {}
        for u in pos.unknown:
            v = m.new_bool_var(f"{u}_in_other_hand")
            m.add(v == sum(self.x[u][i] for i in hands))
            self.in_other[u] = v
        self.hands = set(hands)
        self.seen_in_hand: dict[Face, int] = {}  # witnesses from every world solved so far
        if not self.solve():
            raise inconsistent()
        self._harvest()

    def _harvest(self) -> None:
        """Each solved world shows many cards that can sit in another hand: remember them,
        so most queries need no solve at all."""
        for u in self.pos.unknown:
            for i in self.hands:
                if self.value(self.x[u][i]):
                    self.seen_in_hand.setdefault(u, i)

    def where(self, card: Face) -> int | None:
        """A location index of another seat's hand that can hold `card`, or None."""
        if card in self.seen_in_hand:
            return self.seen_in_hand[card]
        v = self.in_other[card]
        self.set_bounds(v, 1, 1)
        try:
            if not self.solve():
                return None
            self._harvest()
            return self.seen_in_hand[card]
        finally:
            self.set_bounds(v, 0, 1)
