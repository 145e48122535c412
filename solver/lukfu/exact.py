"""The exact twin of the Luk Fu old-card model (model.py): every world consistent with a
seat's position (old.py), enumerated — the oracle on small positions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from itertools import combinations

from moneycards.solver.cards import Face

if TYPE_CHECKING:
    from moneycards.solver.lukfu.old import Position


class BruteWorlds:
    """Every world, enumerated: the oracle (small positions only). Cards are bits, a
    location's cards one integer, so a world is a tuple of integers."""

    LIMIT = 200_000

    def __init__(self, pos: Position):
        if pos.world_count() > self.LIMIT:
            raise ValueError(f"{pos.world_count()} worlds: too many to enumerate")
        self.pos = pos
        bit = {f: 1 << k for k, f in enumerate(pos.unknown)}
        checks = [(sum(bit[f] for f in c.cards), c.locations, c.limit) for c in pos.constraints]
        hands = pos.other_hands()
        seen = [0] * len(pos.locations)  # per location: every card seen there in a world
        self.consistent = 0
        for world in self._worlds(0, list(bit.values()), ()):
            if all(sum((world[i] & mask).bit_count() for i in locs) <= limit
                   for mask, locs, limit in checks):
                self.consistent += 1
                for i in hands:
                    seen[i] |= world[i]
        self.possible: dict[Face, int] = {}
        self.hands_of: dict[Face, tuple[int, ...]] = {}  # every hand that can hold a card
        for f, b in bit.items():
            self.hands_of[f] = tuple(i for i in hands if seen[i] & b)
            if self.hands_of[f]:
                self.possible[f] = self.hands_of[f][0]

    def _worlds(self, i: int, rest: list[int],
                placed: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        locs = self.pos.locations
        if i == len(locs):
            yield placed
            return
        for chosen in combinations(rest, locs[i].size):
            mask = sum(chosen)
            yield from self._worlds(i + 1, [b for b in rest if not b & mask], placed + (mask,))

    def where(self, card: Face) -> int | None:
        return self.possible.get(card)
