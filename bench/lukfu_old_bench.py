"""Luk Fu tables: the time per `Act` with the old-card proofs on the CP-SAT model alone (the
"model" engine: the path before the search) and on the search with CP-SAT behind it (the
default), measured in one run. Positions without face-down constraints take the same fast
path on both.

    .venv/bin/python bench/lukfu_old_bench.py [--deals 30] [--rounds 3]

Each deal is a table of one person (seat 0) and two greedy AI seats, seeded by its number;
the person plays a random legal action (a generator seeded by the deal), then the person's
view message is built, as the server does after an `Act`. Both paths play the same deals
(the proofs agree, so the games are the same), one after the other in each round, in turn
first, so a machine that gets busier during the run shows in both. Prints the time per Act
of each path (the best round and the median), the time spent in the old-card deciders
(building them and their queries) and the CP-SAT models built, and the new path's times as
ratios to the old one: the machine is shared and noisy, the ratios are the figures to
compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import common  # noqa: F401  (puts the project on the path)

import moneycards.solver.lukfu.model as model
import moneycards.solver.lukfu.old as old
from moneycards.server.tables import OpenTable, view_message
from moneycards.solver.tables import AI, HUMAN, Seat, Table

REAL_DECIDER, REAL_INIT = old.decider, model.CpsatWorlds.__init__
PATHS = {"old (CP-SAT model alone)": "model", "new (search, CP-SAT behind it)": "cpsat"}


class Counts:
    """The proofs and CP-SAT builds of one path, and the time spent in its deciders."""

    def __init__(self) -> None:
        self.proofs = 0
        self.constrained = 0
        self.builds = 0
        self.seconds = 0.0


class Timed:
    """A decider whose queries add their time to the path's."""

    def __init__(self, inner: Any, counts: Counts):
        self.inner, self.counts = inner, counts

    def where(self, card: Any) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.where(card)
        finally:
            self.counts.seconds += time.perf_counter() - start


def instrument(engine: str, counts: Counts) -> None:
    """Route every proof (the table's and the AI's) to `engine`, and count the builds."""

    def decider(pos: Any, _engine: str = "cpsat") -> Any:
        counts.proofs += 1
        counts.constrained += bool(pos.constraints)
        # Without constraints both paths take the fast path they share.
        start = time.perf_counter()
        d = REAL_DECIDER(pos, engine if pos.constraints else "cpsat")
        counts.seconds += time.perf_counter() - start
        return Timed(d, counts)

    def init(self: Any, pos: Any) -> None:
        counts.builds += 1
        REAL_INIT(self, pos)

    old.decider = decider
    model.CpsatWorlds.__init__ = init  # type: ignore[method-assign]


def play(deals: range) -> tuple[float, int]:
    """Seconds spent in acts (each with its view message), and the acts made."""
    spent, acts = 0.0, 0
    for s in deals:
        t = Table.create("lukfu", [Seat(HUMAN, name="P"), Seat(AI, "greedy"),
                                   Seat(AI, "greedy")], seed=s)
        rng = random.Random(s)
        view_message(OpenTable("x", t, {}), 0)
        while not t.is_over:
            action = rng.choice(t.observation(0).legal_actions)
            start = time.perf_counter()
            t.act(0, action)
            view_message(OpenTable("x", t, {}), 0)
            spent += time.perf_counter() - start
            acts += 1
    return spent, acts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=30, help="deals per path per round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    args = ap.parse_args()
    counts = {name: Counts() for name in PATHS}
    per_act: dict[str, list[float]] = {name: [] for name in PATHS}
    for engine in PATHS.values():  # warm up: imports, the CP-SAT library
        instrument(engine, Counts())
        play(range(1))
    acts_seen: set[int] = set()
    for r in range(args.rounds):
        order = list(PATHS.items()) if r % 2 == 0 else list(PATHS.items())[::-1]
        for name, engine in order:
            instrument(engine, counts[name])
            spent, acts = play(range(args.deals))
            acts_seen.add(acts)
            per_act[name].append(spent / acts * 1000)
    assert len(acts_seen) == 1, "the two paths played different games"
    acts = acts_seen.pop()
    print(f"{args.deals} deals, {acts} acts per path per round, {args.rounds} rounds")
    c = counts[next(iter(PATHS))]
    print(f"  per round: {c.proofs // args.rounds} proofs, {c.constrained // args.rounds} "
          f"with face-down constraints")
    in_deciders = {}
    for name in PATHS:
        c, ms = counts[name], per_act[name]
        in_deciders[name] = c.seconds / (acts * args.rounds) * 1000
        print(f"  {name:<32} Act best {min(ms):6.2f} ms, median {statistics.median(ms):6.2f} "
              f"ms; in the deciders {in_deciders[name]:5.2f} ms/act; "
              f"CP-SAT builds {c.builds // args.rounds} per round")
    old_name, new_name = PATHS
    old_ms, new_ms = per_act[old_name], per_act[new_name]
    print(f"  new / old per Act: best {min(new_ms) / min(old_ms):.3f}, median "
          f"{statistics.median(new_ms) / statistics.median(old_ms):.3f}; in the deciders "
          f"{in_deciders[new_name] / in_deciders[old_name]:.3f}")


if __name__ == "__main__":
    main()
