"""Strength of the built-in AI: `strong` against `random` and against `greedy`.

    python bench/strength.py [--deals 1000] [--games totom,kowah,lukfu] [--json FILE]
                             [--backend local|ray [--address ADDR]]

For each game and opponent level, plays the same fixed seeded deals; the strong seat
rotates through the seats (deal k: seat k mod seats), every other seat is the opponent
level. Prints, for the strong seat and for the opponents (averaged over the opponent seats
of each deal): win rate and average settlement per deal, each with a 95% confidence
interval, whether the intervals overlap, and the strong player's decision times.
Settlement: net points (Tổ Tôm TT-K7, Luk Fu LF-K3); Kowah shows only a multiplier
(KW-K1), so a Kowah winner scores its multiplier and the others 0. `--backend ray` spreads
the deals over a Ray cluster (`--address`, or a local Ray instance; cli/deals.py): the
same deals, the same results, the decision times measured where each deal ran.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

import common  # noqa: F401  (puts the project on the path)

from common import pct
from moneycards.cli.common import progress
from moneycards.cli.deals import play_deals
from moneycards.solver.hints import seat_score

SEATS = {"totom": 4, "kowah": 3, "lukfu": 3}
SEED_BASE = 100_000


def mean_ci(xs):
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, m - half, m + half


def wilson(wins, n):
    if n == 0:
        return 0.0, 0.0, 0.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def run(game, opponent, deals, backend="local", address=None):
    n_seats = SEATS[game]
    strong_win, strong_score, opp_win, opp_score = [], [], [], []
    timings: dict = {}
    started = time.perf_counter()
    jobs = ((SEED_BASE + k, ["strong" if s == k % n_seats else opponent
                             for s in range(n_seats)]) for k in range(deals))
    played = play_deals(game, jobs, None, backend, address)
    for k, deal in progress(enumerate(played), length=deals, label=f"{game} vs {opponent}"):
        me = k % n_seats
        for level, ms in deal.timings.items():
            timings.setdefault(level, []).extend(ms)
        r = deal.result
        winner = r.get("winner") if r.get("outcome") == "win" else None
        strong_win.append(1 if winner == me else 0)
        strong_score.append(seat_score(game, r, me))
        others = [s for s in range(n_seats) if s != me]
        opp_win.append(sum(1 for s in others if winner == s) / len(others))
        opp_score.append(statistics.fmean(seat_score(game, r, s) for s in others))
    t = sorted(timings.get("strong", [0.0]))
    return {
        "game": game, "opponent": opponent, "deals": deals,
        "strong_win": wilson(sum(strong_win), deals),
        "opponent_win": mean_ci(opp_win),
        "strong_settlement": mean_ci(strong_score),
        "opponent_settlement": mean_ci(opp_score),
        "decision_ms": {"n": len(t), "p50": statistics.median(t), "p99": pct(t, 0.99),
                        "max": t[-1]},
        "seconds": time.perf_counter() - started,
    }


def fmt(triple, scale=1.0, digits=1):
    m, lo, hi = (x * scale for x in triple)
    return f"{m:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def report(row):
    sw, ow = row["strong_win"], row["opponent_win"]
    ss, os_ = row["strong_settlement"], row["opponent_settlement"]
    sep_w = sw[1] > ow[2]
    sep_s = ss[1] > os_[2]
    d = row["decision_ms"]
    print(f"{row['game']:<6} vs {row['opponent']:<7} {row['deals']} deals: "
          f"win% strong {fmt(sw, 100)} vs opp {fmt(ow, 100)} "
          f"{'separate' if sep_w else 'OVERLAP'}; settlement strong {fmt(ss, digits=3)} vs "
          f"opp {fmt(os_, digits=3)} {'separate' if sep_s else 'OVERLAP'}; strong decision "
          f"p50 {d['p50']:.1f} ms p99 {d['p99']:.1f} ms max {d['max']:.1f} ms "
          f"({row['seconds']:.0f} s)", flush=True)
    return sep_w and sep_s


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--games", default="totom,kowah,lukfu")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--json", dest="json_file")
    ap.add_argument("--backend", choices=["local", "ray"], default="local",
                    help="where the deals run (default: this process)")
    ap.add_argument("--address", help="the Ray cluster (default: a local Ray instance)")
    args = ap.parse_args()
    rows, ok = [], True
    for game in args.games.split(","):
        for opp in args.opponents.split(","):
            row = run(game, opp, args.deals, args.backend, args.address)
            ok = report(row) and ok
            rows.append(row)
    if args.json_file:
        with open(args.json_file, "w") as fh:
            json.dump(rows, fh, indent=1)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
