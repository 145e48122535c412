"""Tổ Tôm rollouts: the count-vector simulator against the table engine, on the same worlds.

    python bench/rollouts.py [--deals 40]

The strong player's search plays each sampled world to the end of the deal (its
rollouts). It plays them on the simulator (solver/totom/sim.py); the table engine with the
twin rollout player (solver/totom/search.py `rollout_policy`) plays the same rules and
makes the same choices. This plays the same worlds, sampled from the observations of
`--deals` seeded deals, through both, checks that every world ends alike, and prints
rollouts per second and their ratio (both measured in this one run: the machine is shared
and noisy, so the ratio is the figure to compare).
"""

from __future__ import annotations

import argparse
import random
import time

import common  # noqa: F401  (puts the project on the path)

from moneycards.solver.games import GAMES
from moneycards.solver.hints import play_deal
from moneycards.solver.totom import search as tt_search
from moneycards.solver.totom.sim import from_state


def worlds(deals: int) -> list:
    """One world sampled at every searchable decision of seat 0, greedy seats all round."""
    seen: list = []

    class Recorder:
        """Seat 0: plays greedy and keeps every observation the search would play out."""

        label = "recorder"

        def act(self, obs):
            if tt_search.searchable(obs):
                seen.append(obs)
            return GAMES["totom"].hint(obs, level="greedy")[0].action

    for k in range(deals):
        play_deal("totom", 900_000 + k, [Recorder(), "greedy", "greedy", "greedy"])
    rng = random.Random(1)
    return [tt_search.world(obs, rng) for obs in seen]


def timed(fn, items, repeat: int = 3) -> tuple[float, list]:
    """The best of `repeat` runs over `items`, in seconds, and the last run's results."""
    best, out = float("inf"), []
    for _ in range(repeat):
        t = time.perf_counter()
        out = [fn(x) for x in items]
        best = min(best, time.perf_counter() - t)
    return best, out


def by_engine(w) -> tuple:
    state = w.clone()
    rng = random.Random(7)
    while not state.is_over:
        state.apply(tt_search.rollout_policy(state, rng))
    r = state.result
    return r.winner, tuple(r.net)


def by_simulator(w) -> tuple:
    sim = from_state(w).play_out(random.Random(7))
    return sim.winner, sim.net


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="seeded deals to sample worlds from")
    args = ap.parse_args()
    ws = worlds(args.deals)
    t_engine, engine = timed(by_engine, ws)
    t_sim, sim = timed(by_simulator, ws)
    same = sum(1 for a, b in zip(engine, sim) if a == b)
    print(f"Tổ Tôm rollouts from {len(ws)} sampled worlds ({args.deals} deals), best of 3:")
    print(f"  table engine  {len(ws) / t_engine:8.0f}/s")
    print(f"  simulator     {len(ws) / t_sim:8.0f}/s   {t_engine / t_sim:5.1f}x the engine")
    print(f"  the same result in {same} of {len(ws)} worlds")
    if same != len(ws):
        raise SystemExit("the simulator and the engine disagree")


if __name__ == "__main__":
    main()
