"""Strength of the built-in AI: `strong` against `random`, `greedy` and `heuristic`.

    python bench/strength.py [--deals 2000] [--games totom,kowah,lukfu]
                             [--opponents random,greedy,heuristic] [--strong strong]
                             [--ladder [random,greedy,heuristic,strong,expert]]
                             [--worlds 8,16,32,64,128]
                             [--seed-base 100000] [--duplicate] [--workers N]
                             [--json FILE] [--merge FILE ...] [--redeal-ends-deal]
                             [--backend local|ray [--address A]]
                             [--seat grpc:module:attr [--server HOST:PORT]]

For each game and opponent level, plays the same fixed seeded deals (seeds 100000 + k, or
--seed-base + k); `--ladder` plays each level against the one below it instead and prints
the ladder as a table (win rate and settlement with 95% intervals, decision p50/p99);
`--worlds` plays `strong` with each of these numbers of sampled worlds a decision against
the opponents instead and prints what the budget buys as a table (the same deals for every
budget, so the rows differ only by the budget);
the tested seat rotates through the seats (deal k: seat k mod seats), every other seat
plays the opponent level. The `heuristic` row is the head-to-head of the search-based
`strong` against the one-ply ranking it builds on (the previous strong). Deals run in a
process pool over all cores (--workers, default os.cpu_count()); every decision is a
function of the observation, the level and the seed, so the figures do not depend on how
the deals are shared out or on the machine's load. Prints, for the tested seat and for the
opponents (averaged over the opponent seats of each deal): win rate and average settlement
per deal, each with a 95% interval, whether the intervals are separate, the tested seat's
decision times (p50, p99, max; warm-up excluded) and how often the wall-clock safety cap
stopped a decision. Settlement: net points (Tổ Tôm TT-K7, Luk Fu LF-K3); Kowah shows only
a multiplier (KW-K1), so a Kowah winner scores its multiplier and the others 0.
The tested seat (`--strong`, or `--seat`) and the opponents may be players of one's own,
named `module:attr` (moneycards/players.py, docs/bots.md), imported from the current
directory or PYTHONPATH. `--seat grpc:module:attr` plays the tested seat as a person's seat
at TableService tables (of `--server HOST:PORT`, or a server started in each worker), from
a process of its own, against the server's AI seats: the same deals and results as the
player in process.
`--duplicate` also plays every deal with the opponent level in the tested seat (the
same cards, every seat the opponent level), as duplicate bridge does, and reports the
tested seat's gain deal by deal: its settlement and win in that seat less the opponent
level's in the same seat of the same deal (`paired_table`). The gain is tested against zero
directly, where two rows' intervals must not touch, and the cards' luck cancels as far as
the two plays stay alike: in Luk Fu the gain's interval is half as wide as the row's, in
Tổ Tôm and Kowah (one different choice changes every card drawn after it) hardly narrower.
`--merge` plays nothing: it joins rows split over processes or machines (consecutive seed
ranges, each a multiple of the seats) into one row, from their `--json` files.
`--backend ray` sends the same deals to a Ray cluster instead (`--address`, or a Ray
instance started for the run; cli/deals.py): the same deals, the same results.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import common  # noqa: F401  (puts the project on the path)

from common import pct
from moneycards.cli.deals import grpc_seat, table_seats
from moneycards.players import resolve, seat_spec
from moneycards.solver.errors import InvalidInput, PlayerFailed
from moneycards.solver.games import GAMES
from moneycards.solver.hints import Cap, play_deal, seat_score
from moneycards.solver.table import OutcomeKind

SEATS = {"totom": 4, "kowah": 3, "lukfu": 3}
SEED_BASE = 100_000
LADDER = ("random", "greedy", "heuristic", "strong", "expert")
CHUNK = 10  # deals per task
MAX_REDEALS = 100  # three passes this often in a row: something is wrong, not the cards


def redeal_seed(seed, n):
    """The seed of deal `seed` dealt again the n-th time after three passes (LF-C4)."""
    return random.Random(f"{seed}/redeal/{n}").getrandbits(63)


def played_out(play, seed, redeal_ends_deal=False):
    """`play(seed)` (a state or a deal with a `result`) and, while three seats passed
    (LF-C4: "the cards are dealt again"), the same deal dealt again by `redeal_seed`, so that
    a bench deal is a deal played; with `redeal_ends_deal` a redeal is the deal's end, as a
    deal no seat won. Returns what the last dealing gave and how many redeals it met."""
    done, n = play(seed), 0
    while not redeal_ends_deal and done.result.kind is OutcomeKind.REDEAL:
        n += 1
        if n > MAX_REDEALS:
            raise RuntimeError(f"deal seed {seed}: three passes {MAX_REDEALS} times in a row")
        done = play(redeal_seed(seed, n))
    return done, n + (done.result.kind is OutcomeKind.REDEAL)


FEW_DEALS = 100  # below it a row's intervals are said to be rough


def mean_ci(xs):
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, m - half, m + half


def within_shares(ci):
    """A share's (mean, low, high) as printed: within 0 and 1, where a few deals' normal
    interval would reach past them (the row keeps it whole, for `--merge`)."""
    m, lo, hi = ci
    return m, max(0.0, lo), min(1.0, hi)


def wilson(wins, n):
    if n == 0:
        return 0.0, 0.0, 0.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # within 0 and 1, as Wilson's interval is: rounding alone would print -0.0
    return p, max(0.0, centre - half), min(1.0, centre + half)


class Budgeted:
    """`strong` with `worlds` sampled worlds a decision instead of its default (the hint's
    `worlds` option; every game's search takes it). Its seed is fixed by the observation,
    so a decision is still a function of what the seat sees."""

    def __init__(self, game, worlds):
        self.game, self.worlds = game, worlds
        self.label = budget_label(worlds)
        GAMES[game].warm_up()  # tables built once, before the first decision is timed

    def act(self, obs):
        return GAMES[self.game].hint(obs, level="strong", worlds=self.worlds)[0].action


def budget_label(worlds):
    return f"strong/{worlds}w"


def tested_seat(game, tested):
    """The tested seat as play_deal takes it: a `strong/Nw` budget is a Budgeted player."""
    if tested.startswith("strong/") and tested.endswith("w"):
        return Budgeted(game, int(tested[len("strong/"):-1]))
    return resolve([tested])[0]


def play_chunk(game, tested, opponent, ks, seed_base=SEED_BASE, server=None,
               duplicate=False, rules=None, redeal_ends_deal=False):
    """Deals `ks` (in a worker, seeds seed_base + k): per deal (k, tested win, tested
    score, opponents' win share, opponents' mean score), and with `duplicate` the win and
    score of the opponent level in the tested seat of the same deal played by the opponent
    level in every seat; the tested seat's decision times; cap counts. A `grpc:` tested
    seat plays at tables of `server` (default: one started in the worker) from a process
    of its own, the opponents being the server's AI seats. A deal three seats passed is
    dealt again (`played_out`) unless `redeal_ends_deal`; the last item counts the
    dealings again of the tested plays."""
    n_seats = SEATS[game]
    Cap.reset()
    timings: dict = {}
    rows = []
    redeals = 0
    for k in ks:
        me = k % n_seats
        specs = [tested if s == me else opponent for s in range(n_seats)]
        if grpc_seat(specs) is not None:
            def at_tables(seed, specs=specs, me=me):
                deal = table_seats(game, tested, None, server).play(seed, specs, me)
                for label, ms in deal.timings.items():
                    timings.setdefault(label, []).extend(ms)
                return deal
            deal, n = played_out(at_tables, seed_base + k, redeal_ends_deal)
            r = deal.result
        else:
            seats = [tested_seat(game, tested) if s == me else resolve([opponent])[0]
                     for s in range(n_seats)]
            state, n = played_out(
                lambda seed, seats=seats: play_deal(game, seed, seats, rules=rules,
                                                    timings=timings if opponent != tested
                                                    else None),
                seed_base + k, redeal_ends_deal)
            r = state.result
        redeals += n
        winner = r.winner
        others = [s for s in range(n_seats) if s != me]
        row = (k, 1 if winner == me else 0, seat_score(game, r, me),
               sum(1 for s in others if winner == s) / len(others),
               statistics.fmean(seat_score(game, r, s) for s in others))
        if duplicate:  # the same cards with the opponent level in the tested seat too
            c = played_out(lambda seed: play_deal(game, seed, resolve([opponent] * n_seats),
                                                  rules=rules),
                           seed_base + k, redeal_ends_deal)[0].result
            row += (1 if c.winner == me else 0, seat_score(game, c, me))
        rows.append(row)
    return rows, timings.get(tested, []), Cap.reset(), redeals


class RayPool:
    """The process pool's `submit` on a Ray cluster: each chunk of deals one Ray task."""

    def __init__(self, address):
        from moneycards.cli.deals import ray_module

        self.ray = ray_module(address)
        self.task = self.ray.remote(play_chunk)

    def submit(self, fn, *args):
        assert fn is play_chunk
        ref = self.task.remote(*args)
        ray = self.ray

        class Future:
            def result(self):
                return ray.get(ref)

        return Future()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.ray.shutdown()


def run(pool, game, tested, opponent, deals, seed_base=SEED_BASE, server=None,
        duplicate=False, rules=None, redeal_ends_deal=False):
    started = time.perf_counter()
    futures = [pool.submit(play_chunk, game, tested, opponent, range(a, min(a + CHUNK, deals)),
                           seed_base, server, duplicate, rules, redeal_ends_deal)
               for a in range(0, deals, CHUNK)]
    if isinstance(pool, RayPool):  # Ray futures are waited on in order
        futures_done = futures
    else:
        futures_done = None
    rows, times, decisions, hits, redeals = [], [], 0, 0, 0
    done, said = 0, 0
    for f in futures_done or as_completed(futures):
        r, t, (d, h), n = f.result()
        redeals += n
        rows += r
        times += t
        decisions, hits = decisions + d, hits + h
        done += len(r)
        if sys.stderr.isatty():
            print(f"\r{game} {tested} vs {opponent}: {done}/{deals}", end="", file=sys.stderr)
        elif done * 10 // deals > said:  # to a file or pipe: a line at each tenth, not a \r
            said = done * 10 // deals
            print(f"{game} {tested} vs {opponent}: {done}/{deals} deals,"
                  f" {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    rows.sort()
    t = sorted(times) or [0.0]
    paired = {}
    if duplicate:  # the tested seat's gain over the opponent level in it, deal by deal
        paired = {"paired_win": mean_ci([r[1] - r[5] for r in rows]),
                  "paired_settlement": mean_ci([r[2] - r[6] for r in rows])}
    return {
        "game": game, "tested": tested, "opponent": opponent, "deals": deals,
        "seed_base": seed_base, "rules": rules or "seed",
        "redeal": REDEAL_ENDS if redeal_ends_deal else REDEAL_AGAIN, "redeals": redeals,
        "strong_win": wilson(sum(r[1] for r in rows), deals),
        "opponent_win": mean_ci([r[3] for r in rows]),
        "strong_settlement": mean_ci([r[2] for r in rows]),
        "opponent_settlement": mean_ci([r[4] for r in rows]),
        "decision_ms": {"n": len(times), "p50": statistics.median(t), "p99": pct(t, 0.99),
                        "max": t[-1]},
        "cap": {"decisions": decisions, "hits": hits},
        "seconds": time.perf_counter() - started,
        **paired,
    }


# A redeal (LF-C4) in a row: the cards dealt again, or the deal's end (rows before this
# reading; the JSON rows without the key).
REDEAL_AGAIN, REDEAL_ENDS = "dealt again", "ends the deal"
PAIRED = ("paired_win", "paired_settlement")  # present in rows played with --duplicate


def above_zero(gain):
    """Whether a gain's interval lies above zero: "yes", "below" (below it) or "no"."""
    return "yes" if gain[1] > 0 else "below" if gain[2] < 0 else "no"


def win_gain(triple):
    """A win-rate gain's interval as shown: within [-1, 1], as a share's difference is (the
    normal interval kept in the JSON rows, which --merge pools)."""
    m, lo, hi = triple
    return m, max(-1.0, lo), min(1.0, hi)


def fmt(triple, scale=1.0, digits=1):
    m, lo, hi = (x * scale for x in triple)
    return f"{m:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def merge(parts):
    """Rows of the same game and levels played on consecutive deal ranges (a row split over
    processes or machines: `--seed-base B --deals N`, then `--seed-base B+N`, N a multiple
    of the seats so the tested seat rotates on as in one run) as one row. The means, the
    intervals (recovered from each part's mean, interval and deals) and the win counts are
    exact; a part's decision times are kept only as p50/p99, so the merged p50 and p99 are
    the largest of the parts' (an upper bound)."""
    parts = sorted(parts, key=lambda r: r["seed_base"])
    game = parts[0]["game"]
    for a, b in zip(parts, parts[1:]):
        if b["seed_base"] != a["seed_base"] + a["deals"] or a["deals"] % SEATS[game]:
            raise ValueError(f"{game} {a['tested']} vs {a['opponent']}: the parts must be "
                             f"consecutive deal ranges of a multiple of {SEATS[game]} deals; "
                             f"seeds {a['seed_base']} + {a['deals']} are followed by "
                             f"{b['seed_base']}")
    n = sum(r["deals"] for r in parts)

    def pooled(key):
        stats = []
        for r in parts:
            m, lo, hi = r[key]
            k = r["deals"]
            sd = (hi - lo) / 2 / 1.96 * math.sqrt(k)
            stats.append((k, m, sd))
        mean = sum(k * m for k, m, _ in stats) / n
        ss = sum((k - 1) * sd * sd + k * (m - mean) ** 2 for k, m, sd in stats)
        half = 1.96 * math.sqrt(ss / (n - 1)) / math.sqrt(n) if n > 1 else 0.0
        return mean, mean - half, mean + half

    wins = sum(round(r["strong_win"][0] * r["deals"]) for r in parts)
    d = [r["decision_ms"] for r in parts]
    paired = [k for k in PAIRED if all(k in r for r in parts)]
    return {
        "game": game, "tested": parts[0]["tested"], "opponent": parts[0]["opponent"],
        "deals": n, "seed_base": parts[0]["seed_base"],
        "rules": parts[0].get("rules", "seed"),
        "redeal": parts[0].get("redeal", REDEAL_ENDS),
        "redeals": sum(r.get("redeals", 0) for r in parts),
        "strong_win": wilson(wins, n), "opponent_win": pooled("opponent_win"),
        "strong_settlement": pooled("strong_settlement"),
        "opponent_settlement": pooled("opponent_settlement"),
        "decision_ms": {"n": sum(x["n"] for x in d), "p50": max(x["p50"] for x in d),
                        "p99": max(x["p99"] for x in d), "max": max(x["max"] for x in d)},
        "cap": {k: sum(r["cap"][k] for r in parts) for k in ("decisions", "hits")},
        "seconds": sum(r["seconds"] for r in parts),
        **{k: pooled(k) for k in paired},
    }


def merged_rows(files):
    """The rows of `--json` files, those of the same game and levels merged (`merge`)."""
    groups: dict[tuple, list] = {}
    for name in files:
        with open(name) as fh:
            for row in json.load(fh):
                key = (row["game"], row["tested"], row["opponent"], row.get("rules", "seed"),
                       row.get("redeal", REDEAL_ENDS))
                groups.setdefault(key, []).append(row)
    return [merge(rows) for rows in groups.values()]


def separation(tested, opponents):
    """How the tested seat's interval lies against the opponents': above them (separate),
    below them (WORSE) or touching (OVERLAP); (mean, low, high) each. The bench passes
    only on separate."""
    if tested[1] > opponents[2]:
        return "separate"
    return "WORSE" if tested[2] < opponents[1] else "OVERLAP"


def report(row):
    sw, ow = row["strong_win"], within_shares(row["opponent_win"])
    ss, os_ = row["strong_settlement"], row["opponent_settlement"]
    sep_w = sw[1] > ow[2]
    sep_s = ss[1] > os_[2]
    d, cap = row["decision_ms"], row["cap"]
    rules = "" if row.get("rules", "seed") == "seed" else f" ({row['rules']} rules)"
    print(f"{row['game']:<6}{rules} {row['tested']} vs {row['opponent']:<9} {row['deals']} deals: "
          f"win% {fmt(sw, 100)} vs opp {fmt(ow, 100)} "
          f"{separation(sw, ow)}; settlement {fmt(ss, digits=3)} vs "
          f"opp {fmt(os_, digits=3)} {separation(ss, os_)}; decision "
          f"p50 {d['p50']:.1f} ms p99 {d['p99']:.1f} ms max {d['max']:.1f} ms; "
          + (f"safety cap {cap['hits']} of {cap['decisions']} decisions" if cap["decisions"]
             else "no safety cap (the tested seat's own player has none)")
          + f" ({row['seconds']:.0f} s)", flush=True)
    if row.get("redeals"):
        how = ("each dealt again (LF-C4), so every deal counted is a deal played"
               if row.get("redeal") == REDEAL_AGAIN else
               "each counted as a deal no seat won (--redeal-ends-deal)")
        print(f"{row['game']:<6} {row['redeals']} redeals after three passes in the tested "
              f"plays, {how}", flush=True)
    if row["deals"] < FEW_DEALS:
        print(f"{row['game']:<6} {row['deals']} deals are too few for these intervals to "
              "judge (a normal interval over a few deals can have no width at all); the "
              "bench's rows play 2,000", flush=True)
    if "paired_settlement" in row:
        gs, gw = row["paired_settlement"], win_gain(row["paired_win"])
        print(f"{row['game']:<6} {row['tested']} in place of {row['opponent']}, the same "
              f"deals: settlement gain {fmt(gs, digits=3)} a deal "
              f"(above zero: {above_zero(gs)}), "
              f"win% gain {fmt(gw, 100)}", flush=True)
    return sep_w and sep_s


def ladder_table(rows):
    """The ladder as a Markdown table: each level against the one below it (every other
    seat), win rate and settlement per deal with their 95% intervals for the level and for
    the seats below, whether the settlements are separate (higher), and the level's
    decision p50/p99."""
    out = ["| game | level vs below | win% | below win% | settlement | below settlement "
           "| settlement higher | decision p50 | decision p99 |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        d = r["decision_ms"]
        ss, os_ = r["strong_settlement"], r["opponent_settlement"]
        higher = "yes" if ss[1] > os_[2] else "lower" if ss[2] < os_[1] else "overlap"
        out.append(f"| {GAMES[r['game']].title} | {r['tested']} vs "
                   f"{r['opponent']} | {fmt(r['strong_win'], 100)} | "
                   f"{fmt(within_shares(r['opponent_win']), 100)} | "
                   f"{fmt(r['strong_settlement'], digits=3)} | "
                   f"{fmt(r['opponent_settlement'], digits=3)} | {higher} | "
                   f"{d['p50']:.0f} ms | {d['p99']:.0f} ms |")
    return "\n".join(out)


def paired_table(rows):
    """The duplicate comparison as a Markdown table: per row, what the tested level gains
    over the opponent level in the same seat of the same deals (settlement a deal and win
    rate, 95% intervals), and whether the settlement gain is above zero."""
    out = ["| game | level in place of below | deals | settlement gain a deal | "
           "win% gain | gain above zero |", "|---|---|---|---|---|---|"]
    for r in rows:
        g = r["paired_settlement"]
        above = above_zero(g)
        out.append(f"| {GAMES[r['game']].title} | {r['tested']} in place of {r['opponent']} | "
                   f"{r['deals']:,} | {fmt(g, digits=3)} | {fmt(win_gain(r['paired_win']), 100)} | "
                   f"{above} |")
    return "\n".join(out)


def budget_table(rows):
    """What the budget buys, as a Markdown table: per game and number of sampled worlds a
    decision, `strong`'s win rate and settlement against the opponents (95% intervals) and
    its decision p50/p99."""
    out = ["| game | worlds | vs | win% | opponents' win% | settlement | opponents' "
           "settlement | decision p50 | decision p99 |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        d = r["decision_ms"]
        out.append(f"| {GAMES[r['game']].title} | {r['tested'][len('strong/'):-1]} | "
                   f"{r['opponent']} | {fmt(r['strong_win'], 100)} | "
                   f"{fmt(within_shares(r['opponent_win']), 100)} | "
                   f"{fmt(r['strong_settlement'], digits=3)} | "
                   f"{fmt(r['opponent_settlement'], digits=3)} | {d['p50']:.0f} ms | "
                   f"{d['p99']:.0f} ms |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000,
                    help="deals a row (default %(default)s); deal k puts the tested seat at "
                         "seat k mod the seats")
    ap.add_argument("--games", default="totom,kowah,lukfu",
                    help="the games, comma-separated (default %(default)s)")
    ap.add_argument("--opponents", default="random,greedy,heuristic",
                    help="a row for each: the level (or module:attr player) in every other "
                         "seat (default %(default)s)")
    ap.add_argument("--strong", "--seat", dest="strong", default="strong",
                    help="the tested seat: a level, a player of your own as module:attr, or "
                         "grpc:module:attr for that player over TableService (docs/bots.md)")
    ap.add_argument("--workers", type=int, default=os.cpu_count(),
                    help="processes playing deals (default: the machine's cores, "
                         "%(default)s here); the results do not depend on it")
    ap.add_argument("--json", dest="json_file", metavar="FILE",
                    help="also write the rows, with every figure, to this JSON file "
                         "(what --merge reads)")
    ap.add_argument("--backend", choices=["local", "ray"], default="local",
                    help="local: a process pool here; ray: tasks on a Ray cluster")
    ap.add_argument("--address", help="the Ray cluster (default: one started for the run)")
    ap.add_argument("--seed-base", type=int, default=SEED_BASE,
                    help="deal k is seeded seed-base + k (default %(default)s); another base "
                         "gives fresh deals")
    ap.add_argument("--ladder", metavar="LEVELS", nargs="?", const=",".join(LADDER),
                    help="instead of --strong/--opponents: each level against the one below "
                         f"it, in this order (default {','.join(LADDER)}), seats rotated; "
                         "prints the ladder table")
    ap.add_argument("--worlds", metavar="N,N,...",
                    help="instead of --strong: strong with each of these numbers of sampled "
                         "worlds a decision, against --opponents; prints the budget table")
    ap.add_argument("--server", metavar="HOST:PORT",
                    help="the moneycards server whose tables a grpc: tested seat plays at "
                         "(default: one started in each worker)")
    ap.add_argument("--duplicate", action="store_true",
                    help="also play every deal with the opponent level in the tested seat "
                         "(the same cards) and report the tested level's gain over it in "
                         "that seat, deal by deal, with its 95%% interval (docs/strength.md)")
    ap.add_argument("--rules", metavar="PRESET",
                    help="the games' rules preset (default: the seed page's), e.g. traditional "
                         "for Tổ Tôm's Chắn Vạn Văn table; a game without it is refused")
    ap.add_argument("--redeal-ends-deal", action="store_true",
                    help="count a Luk Fu deal three seats passed as a deal no seat won (as "
                         "the rows before did); by default its cards are dealt again, as "
                         "LF-C4 says, and the deal counted is the one played")
    ap.add_argument("--merge", metavar="FILE", nargs="+",
                    help="play nothing: merge the rows of these --json files that split one "
                         "row over consecutive seed ranges, print them (and the ladder or "
                         "budget table) and write --json")
    args = ap.parse_args()
    if args.merge:
        try:
            rows = merged_rows(args.merge)
        except (OSError, ValueError, KeyError) as err:
            ap.error(f"--merge: {err}")
        ok = all([report(row) for row in rows])
        budget = [r for r in rows if r["tested"].startswith("strong/")]
        if budget:
            print(budget_table(budget))
        if len(budget) < len(rows):
            print(ladder_table([r for r in rows if r not in budget]))
        if any("paired_settlement" in r for r in rows):
            print(paired_table([r for r in rows if "paired_settlement" in r]))
        if args.json_file:
            with open(args.json_file, "w") as fh:
                json.dump(rows, fh, indent=1)
        sys.exit(0 if ok else 1)
    try:  # a bad level or a player that does not load: one line, before any deal
        resolve([seat_spec(x) for x in [args.strong, *args.opponents.split(",")]])
        for opp in args.opponents.split(","):
            if grpc_seat([args.strong, opp, opp], field="--opponents") is not None \
                    and args.backend != "local":
                ap.error("a grpc: seat plays with --backend local")
        if args.rules:
            from moneycards.solver.games import GAMES

            for game in args.games.split(","):
                if game in GAMES and args.rules not in GAMES[game].presets:
                    ap.error(f"--rules: {GAMES[game].title} has the presets "
                             f"{', '.join(GAMES[game].presets)}, not {args.rules!r}")
            if any(grpc_seat([x, x]) is not None for x in [args.strong,
                                                          *args.opponents.split(",")]):
                ap.error("--rules: a grpc: seat plays at the seed page's rules")
        if args.server and not args.strong.startswith("grpc:"):
            ap.error("--server is where a grpc: tested seat plays: give --seat "
                     "grpc:module:attr")
    except ValueError as err:
        ap.error(str(err))
    rows, ok = [], True
    pool_cm = RayPool(args.address) if args.backend == "ray" else \
        ProcessPoolExecutor(max_workers=args.workers)
    if args.ladder:
        levels = [seat_spec(x) for x in args.ladder.split(",")]
        if any(lv.startswith("grpc:") for lv in levels):
            ap.error("--ladder: a grpc: seat is tested with --seat, not in a ladder")
        pairs = list(zip(levels[1:], levels))
    elif args.worlds:
        try:
            budgets = [int(x) for x in args.worlds.split(",")]
        except ValueError:
            ap.error(f"--worlds: whole numbers separated by commas, not {args.worlds!r}")
        if any(b < 1 for b in budgets):
            ap.error("--worlds: each budget is at least 1 world")
        pairs = [(budget_label(b), opp) for b in budgets for opp in args.opponents.split(",")]
    else:
        pairs = [(args.strong, opp) for opp in args.opponents.split(",")]
    with pool_cm as pool:
        try:
            for game in args.games.split(","):
                for tested, opp in pairs:
                    row = run(pool, game, tested, opp, args.deals, args.seed_base,
                              args.server, args.duplicate, args.rules, args.redeal_ends_deal)
                    ok = report(row) and ok
                    rows.append(row)
        except InvalidInput as err:  # a player of one's own failed: one line, as selfplay
            if isinstance(pool, ProcessPoolExecutor):
                # wait for the chunks already running: a shutdown without waiting races
                # Python 3.11's own exit handler on the pool's wake-up pipe, which then
                # prints "OSError: Bad file descriptor" after this error line
                pool.shutdown(wait=True, cancel_futures=True)
            if isinstance(err, PlayerFailed):
                err.field = "--seat" if err.player == args.strong else "--opponents"
            print(f"error: {err}", file=sys.stderr)
            sys.exit(2)
    if args.ladder:
        print(ladder_table(rows))
    if args.worlds:
        print(budget_table(rows))
    if args.duplicate:
        print(paired_table(rows))
    if args.json_file:
        with open(args.json_file, "w") as fh:
            json.dump(rows, fh, indent=1)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
