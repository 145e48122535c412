"""The AI pace (`serve --ai-pace-ms`): what a reply's time tells a person about the AI
seats' hidden cards, and what hiding it costs, measured in one run.

    .venv/bin/python bench/pace.py [--deals 4] [--games totom,kowah,lukfu] [--level strong]
        [--paces 0,300] [--seed-base 900000]

A table with one person (seat 0, playing `greedy` through `Table.act`) and AI players of
`--level` in the other seats plays the same seeded deals once per pace. Every reply with AI
decisions in it is timed; what is left of it beyond the pace it owes (one pace, or the
paces of its public AI actions, an expert's longer: `Table.advance`) is the part that
shows how long the AI seats thought (below 10 ms, the machine's own scheduling as much as
anything). Printed per game
and pace: AI decisions per reply, reply time p50/p99, the excess over the pace
p50/p99/max, the share of replies whose excess is over 10 ms (the deliberation showed),
and the mean reply time as a ratio to the unpaced run of the same deals (the first pace
given is the baseline; a game's first decisions, which build its tables, are played
before and not counted). The same deals and the same AI moves are played at every pace:
the moves are checked equal.

Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import pct  # noqa: E402
from moneycards.solver.games import GAMES  # noqa: E402
from moneycards.solver.hints import choose  # noqa: E402
from moneycards.solver.tables import AI, HUMAN, Seat, Table  # noqa: E402

SHOWN_MS = 10.0  # an excess over the pace above this counts as deliberation shown


def play(game: str, seed: int, level: str, pace: float, replies: int | None = None
         ) -> tuple[list[tuple[int, float, float]], list[str]]:
    """One deal (or its first `replies` with AI decisions): each reply with AI decisions as
    (decisions, ms owed, ms taken), and the table's inputs."""
    seats = [Seat(HUMAN, name="P")] + [Seat(AI, level) for _ in range(GAMES[game].seats - 1)]
    table = Table.create(game, seats, seed=seed, ai_pace_ms=pace)
    rng = random.Random(seed)
    out = []
    while not table.is_over:
        # the person decides by the table as it sees it (at its open question, the table
        # having played on past it)
        action = choose(table.view_state(0), "greedy", rng)
        before, owed, start = table.ai_moves, table.paced_ms, time.perf_counter()
        table.act(0, action)
        if table.ai_moves > before:
            due = max(table.paced_ms - owed, pace)  # Table.advance: at least one pace
            out.append((table.ai_moves - before, due, (time.perf_counter() - start) * 1000))
            if len(out) == replies:
                break
    return out, list(table.inputs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--games", default="totom,kowah,lukfu")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--paces", default="0,300", help="milliseconds; the first is the baseline")
    ap.add_argument("--seed-base", type=int, default=900000)
    args = ap.parse_args()
    paces = [float(p) for p in args.paces.split(",")]
    print(f"| game | pace | replies | AI decisions a reply | reply p50 | reply p99 | "
          f"excess p50 | excess p99 | excess max | shown | mean reply vs {paces[0]:g} ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        base_mean = None
        base_inputs = None
        play(game, args.seed_base - 1, args.level, 0.0, replies=3)  # warm-up, not measured
        for pace in paces:
            replies: list[tuple[int, float, float]] = []
            inputs = []
            for k in range(args.deals):
                print(f"{game} pace {pace:g} ms: deal {k + 1}/{args.deals}", file=sys.stderr,
                      flush=True)
                r, played = play(game, args.seed_base + k, args.level, pace)
                replies += r
                inputs.append(played)
            if base_inputs is None:
                base_inputs = inputs
            elif inputs != base_inputs:
                sys.exit(f"{game}: the deals played at {pace:g} ms differ from the baseline's")
            took = [ms for _, _, ms in replies]
            excess = [ms - due for _, due, ms in replies]
            mean = statistics.fmean(took)
            base_mean = base_mean or mean
            shown = sum(1 for e in excess if e > SHOWN_MS) / len(excess)
            print(f"| {game} | {pace:g} ms | {len(replies)} | "
                  f"{statistics.fmean(n for n, _, _ in replies):.1f} | {pct(took, .5):.0f} ms | "
                  f"{pct(took, .99):.0f} ms | {pct(excess, .5):.1f} ms | "
                  f"{pct(excess, .99):.1f} ms | {max(excess):.1f} ms | {shown:.1%} | "
                  f"{mean / base_mean:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
