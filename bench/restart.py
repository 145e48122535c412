"""Restart time against the number of stored tables: `moneycards serve` on an SQLite store
holding 100 open tables and N finished ones, N = 0, 100, 1,000, 10,000 (by default).

    .venv/bin/python bench/restart.py [--finished 0,100,1000,10000] [--open 100] [--runs 2]

For each N the store is built once (a few real deals of each game played by the table code,
copied under new ids), then `serve --processes 1 --no-web` is started on it `--runs` times:
the time until health answers SERVING, and then the time of the first GetView of an open
table (read from the store and replayed when first asked for). Each row is also printed as
a ratio to the first row, measured in the same run (the machine is shared and noisy: the
ratios are the figures to compare). Restart time that does not grow with the stored tables
shows as ratios near 1.0. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402
from grpc_health.v1 import health_pb2, health_pb2_grpc  # noqa: E402

SERVE = [sys.executable, "-m", "moneycards", "serve"]
GAMES = ("totom", "kowah", "lukfu")
SEED_TABLES = 4  # real tables per game and state, copied to make up the rows


def played_tables(db: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """A store with a few finished and a few open tables of each game, played through
    the table code (the person's seat plays its first legal action); the finished ids, and
    (id, seat-0 token) of the open ones."""
    from moneycards.server.store import SqliteStore
    from moneycards.server.tables import Tables
    from moneycards.solver.tables import AI, HUMAN, Seat
    from moneycards.solver.games import spec

    tables = Tables(SqliteStore(db), max_open_tables=10_000)
    finished, open_ = [], []
    rng = random.Random(7)
    for game in GAMES:
        seats = [Seat(HUMAN, "", "P0")] + [Seat(AI, "greedy", "") for _ in
                                            range(spec(game).seats - 1)]
        for k in range(2 * SEED_TABLES):
            t, tokens = tables.create(game, seats, rng.randrange(1 << 62), None)
            with t.lock:
                while not t.table.is_over and (k < SEED_TABLES or
                                               len(t.table.inputs) < 6):
                    legal = t.table.observation(0).legal_actions
                    t.table.act(0, legal[0])
                    tables.commit(t)
            (finished if t.table.is_over else open_).append((t.table_id, tokens[0]))
    tables.store.close_connection()
    return [i for i, _ in finished], open_


def copy_rows(db: Path, ids: list[str], copies: int, tag: str) -> list[str]:
    """Copy each table `ids` names `copies` times under new ids (rows as stored)."""
    con = sqlite3.connect(db)
    made = []
    with con:
        for k in range(copies):
            suffix = f"{tag}{k}"
            for table_id in ids:
                made.append(f"{table_id}{suffix}")
            marks = ",".join("?" * len(ids))
            con.execute(
                "INSERT INTO game_tables (table_id, game, header, created, over, closed, "
                "revision, queued, public_actions) SELECT table_id || ?, game, header, "
                f"created, over, closed, revision, queued, public_actions FROM game_tables "
                f"WHERE table_id IN ({marks})", (suffix, *ids))
            con.execute(
                "INSERT INTO seat_tokens (table_id, seat, token_sha256) SELECT table_id || ?, "
                f"seat, token_sha256 FROM seat_tokens WHERE table_id IN ({marks})",
                (suffix, *ids))
            con.execute(
                "INSERT INTO table_actions (table_id, idx, action) SELECT table_id || ?, idx, "
                f"action FROM table_actions WHERE table_id IN ({marks})", (suffix, *ids))
    con.close()
    return made


def restart(db: Path, open_table: tuple[str, str]) -> tuple[float, float]:
    """(seconds until SERVING, ms of the first GetView of a stored open table)."""
    from moneycards.v1 import table_pb2, table_pb2_grpc

    env = dict(os.environ, GRPC_VERBOSITY="NONE")
    started = time.perf_counter()
    proc = subprocess.Popen([*SERVE, "--port", "0", "--no-web", "--processes", "1", "--db",
                             str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        m = re.search(r"listening on [^ ]+:(\d+)", line)
        if not m:
            raise SystemExit(f"serve did not start: {line}{proc.stderr.read()}")
        with grpc.insecure_channel(f"127.0.0.1:{m.group(1)}") as ch:
            health = health_pb2_grpc.HealthStub(ch)
            while health.Check(health_pb2.HealthCheckRequest(), timeout=30).status != \
                    health_pb2.HealthCheckResponse.SERVING:
                time.sleep(0.01)
            serving = time.perf_counter() - started
            t = time.perf_counter()
            table_pb2_grpc.TableServiceStub(ch).GetView(
                table_pb2.GetViewRequest(table_id=open_table[0], seat_token=open_table[1]),
                timeout=30)
            first_view = (time.perf_counter() - t) * 1000
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    return serving, first_view


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--finished", default="0,100,1000,10000",
                    help="finished tables in the store, one row each (comma-separated)")
    ap.add_argument("--open", type=int, default=100, help="open tables in every store")
    ap.add_argument("--runs", type=int, default=2, help="restarts per row (median)")
    args = ap.parse_args()
    try:
        counts = [int(n) for n in args.finished.split(",") if n.strip()]
    except ValueError:
        ap.error("--finished: comma-separated whole numbers")
    if not counts or any(n < 0 or n > 1_000_000 for n in counts) or args.open < 1 \
            or args.runs < 1:
        ap.error("--finished 0-1000000 each; --open >= 1; --runs >= 1")
    work = Path(tempfile.mkdtemp(prefix="restart-"))
    try:
        print("playing the seed tables ...", file=sys.stderr)
        base = work / "base.db"
        finished, open_ = played_tables(base)
        open_ids = [i for i, _ in open_]
        print(f"{'finished':>9} {'open':>5} {'file MB':>8} {'SERVING s':>10} "
              f"{'first view ms':>14} {'ratio':>6}")
        first = None
        for n in counts:
            db = work / f"n{n}.db"
            shutil.copy(base, db)
            con = sqlite3.connect(db)
            with con:  # exactly `n` finished and `args.open` open tables
                if n < len(finished):
                    con.execute("UPDATE game_tables SET closed = 1 WHERE over = 1 AND "
                                f"table_id NOT IN ({','.join('?' * n) or chr(39) * 2})",
                                finished[:n])
                con.execute("DELETE FROM table_actions WHERE table_id IN (SELECT table_id "
                            "FROM game_tables WHERE closed = 1)")
                con.execute("DELETE FROM seat_tokens WHERE table_id IN (SELECT table_id "
                            "FROM game_tables WHERE closed = 1)")
                con.execute("DELETE FROM game_tables WHERE closed = 1")
            con.close()
            if n > len(finished):
                copy_rows(db, finished, (n - len(finished)) // len(finished), "f")
                extra = (n - len(finished)) % len(finished)
                if extra:
                    copy_rows(db, finished[:extra], 1, "g")
            if args.open > len(open_ids):
                copy_rows(db, open_ids, (args.open - len(open_ids)) // len(open_ids), "o")
                extra = (args.open - len(open_ids)) % len(open_ids)
                if extra:
                    copy_rows(db, open_ids[:extra], 1, "p")
            con = sqlite3.connect(db)
            stored = con.execute("SELECT SUM(over), SUM(1 - over) FROM game_tables").fetchone()
            con.close()
            size = db.stat().st_size / 1e6
            print(f"store with {stored[0]} finished, {stored[1]} open tables: restarting "
                  f"{args.runs} times ...", file=sys.stderr)
            runs = [restart(db, open_[0]) for _ in range(args.runs)]
            serving = statistics.median(r[0] for r in runs)
            view = statistics.median(r[1] for r in runs)
            first = first or serving
            print(f"{stored[0]:>9} {stored[1]:>5} {size:>8.1f} {serving:>10.2f} "
                  f"{view:>14.1f} {serving / first:>6.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
