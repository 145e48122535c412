"""Chắn/Cạ partitions of a Tổ Tôm hand (TT-W1–W3, TT-D3).

Two independent implementations answer the same question — the partition of a hand into
the most pairs allowed by TT-W1–W3 — so that each checks the other:

* `partition_cpsat`: a CP-SAT model (25 face variables, 24 Cạ variables), built once and
  re-bounded per call.
* `partition_exact`: a direct count argument in plain Python, ~100x faster; the oracle
  of the differential tests and the fast path on hot loops.

By TT-W3 every face held n times gives ⌊n/2⌋ Chắn, and at most one card of each face is
left to make a Cạ with a card of the same rank in another suit. Chi chi never forms a Cạ.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from moneycards.solver.cards import TOTOM, Face
from moneycards.solver.cpsat import PerThread, ReusableModel
from moneycards.solver.totom.rules import CHI_CHI

Counts = Sequence[int]


@dataclass(frozen=True)
class Partition:
    """The pairs of a hand: Chắn faces (a Chíu gives two), Cạ face pairs, unpaired cards."""

    chan: tuple[Face, ...]
    ca: tuple[tuple[Face, Face], ...]
    left: tuple[Face, ...]

    @property
    def chan_count(self) -> int:
        return len(self.chan)

    @property
    def ca_count(self) -> int:
        return len(self.ca)

    @property
    def complete(self) -> bool:
        """Every card is in a pair."""
        return not self.left

    def pair_texts(self) -> list[str]:
        """Each pair in canonical notation: Chắn first, then Cạ."""
        return [TOTOM.render([f, f]) for f in self.chan] + [TOTOM.render(p) for p in self.ca]


# The Cạ candidates: two faces of one rank in different suits (TT-W1); never Chi chi (TT-D3).
CA_CANDIDATES: tuple[tuple[int, int], ...] = tuple(
    (TOTOM.index(a), TOTOM.index(b))
    for a, b in combinations(TOTOM.faces, 2)
    if a.rank == b.rank and a.suit != b.suit and CHI_CHI not in (a, b)
)
assert len(CA_CANDIDATES) == 24


def partition_exact(counts: Counts) -> Partition:
    """Exact partition by counting (oracle and fast path)."""
    faces = TOTOM.faces
    chan: list[Face] = []
    odd: list[Face] = []
    for f, n in zip(faces, counts):
        chan.extend([f] * (n // 2))
        if n % 2:
            odd.append(f)
    return _canonical(chan, odd)


def _canonical(chan: Sequence[Face], odd: Sequence[Face]) -> Partition:
    """The one way both engines write a partition: given the Chắn and the cards outside
    them, Cạ pair the outside cards of each rank in suit order, and what remains is left.
    Which of three same-rank cards stays single is a choice, not a fact of the hand; making
    it the same for both engines keeps verdicts and violations engine-independent."""
    singles: dict[int, list[Face]] = {}
    left: list[Face] = []
    for f in sorted(odd):
        if f == CHI_CHI:
            left.append(f)
        else:
            singles.setdefault(f.rank, []).append(f)
    ca: list[tuple[Face, Face]] = []
    for rank in sorted(singles):
        group = singles[rank]  # one card per suit, canonical suit order
        while len(group) >= 2:
            ca.append((group.pop(0), group.pop(0)))
        left.extend(group)
    return Partition(tuple(chan), tuple(ca), tuple(sorted(left)))


class _PartitionModel(ReusableModel):
    """maximise the cards in pairs, subject to TT-W1–W3 and TT-D3."""

    def __init__(self):
        super().__init__(time_limit_s=5.0)
        m = self.model
        nf = len(TOTOM.faces)
        self.held = [m.new_int_var(0, TOTOM.copies, f"held_{f}") for f in TOTOM.faces]
        self.chan = [m.new_int_var(0, TOTOM.copies // 2, f"chan_{f}") for f in TOTOM.faces]
        self.left = [m.new_int_var(0, 1, f"left_{f}") for f in TOTOM.faces]
        self.ca = [m.new_bool_var(f"ca_{TOTOM.faces[a]}_{TOTOM.faces[b]}")
                   for a, b in CA_CANDIDATES]
        for i in range(nf):
            in_ca = [v for v, (a, b) in zip(self.ca, CA_CANDIDATES) if i in (a, b)]
            # Every held card is in a Chắn, in a Cạ, or left over (TT-W1, TT-W2).
            m.add(2 * self.chan[i] + sum(in_ca) + self.left[i] == self.held[i])
            # TT-W3: identical pairs are never split, so at most one card of a face is
            # outside its Chắn. (Chi chi has no Cạ candidates at all: TT-D3.)
            m.add(sum(in_ca) + self.left[i] <= 1)
        m.minimize(sum(self.left))

    def partition(self, counts: Counts) -> Partition:
        for var, n in zip(self.held, counts):
            self.fix(var, n)
        if not self.solve():
            raise RuntimeError("partition model infeasible: a model error")
        faces = TOTOM.faces
        chan = [f for f, v in zip(faces, self.chan) for _ in range(self.value(v))]
        ca = [(faces[a], faces[b]) for v, (a, b) in zip(self.ca, CA_CANDIDATES) if self.value(v)]
        left = [f for f, v in zip(faces, self.left) if self.value(v)]
        part = _canonical(chan, [f for p in ca for f in p] + left)
        if part.ca_count != len(ca):
            raise RuntimeError("partition model not optimal: a model error")
        return part


_models = PerThread(_PartitionModel)


def partition_cpsat(counts: Counts) -> Partition:
    """Partition by the CP-SAT model (built on first use in each thread)."""
    return _models.get().partition(counts)


ENGINES = {"cpsat": partition_cpsat, "exact": partition_exact}


def partition(counts: Counts, engine: str = "cpsat") -> Partition:
    return ENGINES[engine](counts)
