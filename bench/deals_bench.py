"""Table engines: how long one random deal takes, per game.

    python bench/deals_bench.py [DEALS]

Plays DEALS seeded deals per game with uniformly random legal actions (as the simulation
tests do) and prints the mean and worst time per deal, the actions per deal and the
outcomes, with each mean as a ratio to Kowah's measured in the same run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

import common  # noqa: F401  (puts the project on the path)

from moneycards.solver.games import GAMES, seeded


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rows = {}
    for game in GAMES:
        times, steps, outcomes = [], [], Counter()
        for seed in range(n):
            rng = random.Random(seed)
            t = time.perf_counter()
            state = seeded(game, seed)
            k = 0
            while not state.is_over:
                state.apply(rng.choice(state.legal_texts()))
                k += 1
            times.append((time.perf_counter() - t) * 1000)
            steps.append(k)
            outcomes[state.result.kind.value] += 1
        rows[game] = (times, steps, outcomes)
    base = statistics.mean(rows["kowah"][0])
    print(f"{n} random deals per game:")
    for game, (times, steps, outcomes) in rows.items():
        mean = statistics.mean(times)
        print(f"  {game:<6} mean {mean:7.2f} ms/deal ({mean / base:4.1f}x kowah)  worst "
              f"{max(times):7.1f} ms  {statistics.mean(steps):6.1f} actions/deal  "
              f"{dict(outcomes)}")


if __name__ == "__main__":
    main()
