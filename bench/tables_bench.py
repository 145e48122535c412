"""Tables over gRPC: `TableService.Act` with the AI replies it causes, beside the trivial
health `Check`, on one loopback server started in this process, measured in one run.

    .venv/bin/python bench/tables_bench.py [--seconds 5] [--games totom,kowah,lukfu] [--callers 4]
        [--stores sqlite,postgres] [--postgres URL] [--store-game kowah]

Each caller (a client thread with its own channel) plays tables with one person's seat
(seat 0) and greedy AI players in the others: the person's seat plays its first legal
action, with the view's version as `expected_version`, and every `Act` is timed — it
returns once the AI seats have answered. A table that is over is closed and a new one
opened (not timed). The health `Check` is measured the same way, half before the games and
half after, so a machine that gets busier during the run shows in both. Prints calls per
second (the callers' timed calls over the time spent in them), p50/p99 latency, and each
row as a ratio to the health call: the machine is shared and noisy, the ratios are the
figures to compare.

Then the table stores: `Act` throughput with the tables in an SQLite file and in PostgreSQL,
on one `moneycards serve` process and on two sharing the store (each caller alternates its
calls between them, so every other call finds the table changed by the other replica and
replays it). PostgreSQL is --postgres URL, else $MONEYCARDS_TEST_POSTGRES, else a
throw-away cluster started for the run with .ci/postgres (Debian's packages). On a machine
of few cores the replicas share them with the callers: the two-replica rows show the cost
of sharing a store, not the gain of a second machine.

Progress goes to stderr. Exit 1 if any call failed.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import common  # noqa: F401  (puts the project on the path)
from common import pct

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

GAMES = {"totom": (common_pb2.GAME_TOTOM, 4), "kowah": (common_pb2.GAME_KOWAH, 3),
         "lukfu": (common_pb2.GAME_LUK_FU, 3)}


@dataclass
class Tally:
    """What one row's callers measured."""

    latencies: list[float] = field(default_factory=list)  # ms, every timed call
    busy: float = 0.0  # seconds inside timed calls, summed over callers
    rate: float = 0.0  # calls per second, summed over callers
    tables: int = 0
    errors: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, latencies: list[float], busy: float, tables: int, errors: Counter) -> None:
        with self.lock:
            self.latencies += latencies
            self.busy += busy
            self.rate += len(latencies) / busy if busy else 0.0
            self.tables += tables
            self.errors.update(errors)


def health_caller(address: str, until: float, tally: Tally) -> None:
    with grpc.insecure_channel(address) as ch:
        stub = health_pb2_grpc.HealthStub(ch)
        lat, busy, errors = [], 0.0, Counter()
        while time.monotonic() < until:
            t = time.perf_counter()
            try:
                stub.Check(health_pb2.HealthCheckRequest(), timeout=10)
            except grpc.RpcError as err:
                errors[err.code().name] += 1
                continue
            d = time.perf_counter() - t
            busy += d
            lat.append(d * 1000)
    tally.add(lat, busy, 0, errors)


def act_caller(address: str | list[str], game: str, until: float, tally: Tally,
               first_seed: int) -> None:
    """Tables played by one caller; with several addresses (replicas on one store), each
    call goes to the next one."""
    addresses = [address] if isinstance(address, str) else address
    enum, n = GAMES[game]
    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="Bench")] + [
        common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
    ] * (n - 1)
    lat, busy, tables, errors = [], 0.0, 0, Counter()
    seed = first_seed
    channels = [grpc.insecure_channel(a) for a in addresses]
    stubs = [table_pb2_grpc.TableServiceStub(ch) for ch in channels]
    calls = 0

    def next_stub():
        nonlocal calls
        calls += 1
        return stubs[calls % len(stubs)]

    try:
        while time.monotonic() < until:
            stub = next_stub()
            made = stub.CreateTable(table_pb2.CreateTableRequest(game=enum, seats=seats,
                                                                 seed=seed), timeout=30)
            seed += 1
            tables += 1
            who = {"table_id": made.table_id, "seat_token": made.seat_tokens[0].token}
            view = next_stub().GetView(table_pb2.GetViewRequest(**who), timeout=30).view
            while not view.over and time.monotonic() < until:
                stub = next_stub()
                request = table_pb2.ActRequest(**who, action=view.legal_actions[0].text,
                                               expected_version=view.version)
                t = time.perf_counter()
                try:
                    view = stub.Act(request, timeout=30).view
                except grpc.RpcError as err:
                    errors[err.code().name] += 1
                    print(f"\n{game} seed {seed - 1}: Act {request.action!r} "
                          f"{err.code().name}: {err.details()}", file=sys.stderr)
                    break  # leave this table
                d = time.perf_counter() - t
                busy += d
                lat.append(d * 1000)
            next_stub().CloseTable(table_pb2.CloseTableRequest(**who), timeout=30)
    finally:
        for ch in channels:
            ch.close()
    tally.add(lat, busy, tables, errors)


def measure(callers: int, seconds: float, run) -> None:
    """`run(k, until)` in `callers` threads at once, k = 0..callers-1, for `seconds`."""
    until = time.monotonic() + seconds
    threads = [threading.Thread(target=run, args=(k, until)) for k in range(callers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def launch(db: str) -> tuple[subprocess.Popen, str]:
    """A `moneycards serve` process on the store `db`; it and its address."""
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--db", db, "--workers", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"listening on (127\.0\.0\.1:\d+)", line)
    if not m:
        proc.kill()
        raise SystemExit(f"the server did not start: {line}{proc.stderr.read()}")
    return proc, m.group(1)


def postgres_url(given: str | None, scratch: pathlib.Path, stops: list) -> str | None:
    """--postgres, else $MONEYCARDS_TEST_POSTGRES, else a throw-away cluster (.ci/postgres);
    None (with the reason on stderr) if there is none."""
    url = given or os.environ.get("MONEYCARDS_TEST_POSTGRES")
    if url:
        return url
    script = pathlib.Path(__file__).resolve().parent.parent / ".ci" / "postgres"
    where = scratch / "pg"
    scratch.chmod(0o755)  # as root the cluster runs as the postgres user
    print("starting a throw-away PostgreSQL cluster ...", file=sys.stderr)
    r = subprocess.run(["bash", str(script), "start", str(where)], capture_output=True,
                       text=True)
    if r.returncode != 0:
        print(f"no PostgreSQL rows: {r.stderr.strip()}", file=sys.stderr)
        return None
    stops.append(lambda: subprocess.run(["bash", str(script), "stop", str(where)],
                                        capture_output=True))
    return r.stdout.strip()


def timed(addresses: list[str], game: str, callers: int, seconds: float,
          seeds: int) -> Tally:
    """A warm-up, then `callers` callers playing `game` on the addresses for `seconds`."""
    measure(1, 0.5, lambda k, until: act_caller(addresses, game, until, Tally(), 0))
    tally = Tally()
    measure(callers, seconds, lambda k, until: act_caller(addresses, game, until, tally,
                                                          1000 * k + seeds))
    return tally


def store_rows(stores: list[str], postgres: str | None, game: str, callers: int,
               seconds: float, notes: list[str]) -> dict[str, Tally]:
    """`Act` on `game` tables for each store, on one and on two server processes."""
    rows: dict[str, Tally] = {}
    stops: list = []
    with tempfile.TemporaryDirectory() as tmp:
        scratch = pathlib.Path(tmp)
        try:
            for store in stores:
                for replicas in (1, 2):
                    if store == "sqlite":
                        db = str(scratch / f"tables-{replicas}.db")
                    else:
                        url = postgres_url(postgres, scratch, stops)
                        if url is None:
                            break
                        postgres = db = url
                        notes.append(f"PostgreSQL fsync={postgres_fsync(url)} (SQLite: "
                                     "synchronous=FULL, a flush per commit)")
                    print(f"{store}, {replicas} replica(s): {game} Act, {seconds:g} s ...",
                          file=sys.stderr)
                    procs = [launch(db) for _ in range(replicas)]
                    try:
                        addresses = [a for _, a in procs]
                        name = f"{store}, {replicas} replica{'s' if replicas > 1 else ''}"
                        rows[name] = timed(addresses, game, callers, seconds, 500 * replicas)
                    finally:
                        for proc, _ in procs:
                            proc.send_signal(signal.SIGTERM)
                            proc.wait(30)
        finally:
            for stop in stops:
                stop()
    return rows


def postgres_fsync(url: str) -> str:
    try:
        import psycopg

        with psycopg.connect(url) as conn:
            row = conn.execute("SHOW fsync").fetchone()
        return str(row[0]) if row else "?"
    except Exception as err:  # the figure is a note: never fail the bench over it
        return f"? ({type(err).__name__})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per row (default 5)")
    parser.add_argument("--games", default="totom,kowah,lukfu",
                        help="comma-separated, of totom, kowah, lukfu")
    parser.add_argument("--callers", type=int, default=4,
                        help="concurrent client threads (default 4)")
    parser.add_argument("--stores", default="sqlite,postgres",
                        help="table stores to measure on server processes: sqlite, postgres "
                             "(comma-separated; '' for none)")
    parser.add_argument("--postgres", metavar="URL",
                        help="PostgreSQL to use (default: $MONEYCARDS_TEST_POSTGRES, else a "
                             "throw-away cluster)")
    parser.add_argument("--store-game", default="kowah", choices=list(GAMES),
                        help="the game of the store rows (default kowah)")
    args = parser.parse_args()
    stores = [s.strip() for s in args.stores.split(",") if s.strip()]
    if any(s not in ("sqlite", "postgres") for s in stores):
        parser.error("stores are sqlite, postgres")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown or not games or args.callers < 1 or args.seconds <= 0:
        parser.error(f"games are totom, kowah, lukfu (got {args.games!r}); callers >= 1; "
                     f"seconds > 0")

    from moneycards.server.app import start_service

    print("starting the server (warming up) ...", file=sys.stderr)
    service = start_service("127.0.0.1", 0, max(4, args.callers), warm=True)
    address = f"127.0.0.1:{service.port}"
    rows: dict[str, Tally] = {}
    try:
        health = rows["health.Check (trivial)"] = Tally()

        def checks(k: int, until: float) -> None:
            health_caller(address, until, health)

        for game in games:  # warm each game's table code, untimed
            measure(1, 0.5, lambda k, until, g=game: act_caller(address, g, until, Tally(), 0))
        print(f"health.Check, {args.seconds / 2:g} s ...", file=sys.stderr)
        measure(args.callers, args.seconds / 2, checks)
        for game in games:
            print(f"{game} Act, {args.seconds:g} s ...", file=sys.stderr)
            tally = rows[f"{game} Act (+ AI replies)"] = Tally()
            measure(args.callers, args.seconds,
                    lambda k, until, g=game, t=tally: act_caller(address, g, until, t, 1000 * k))
        print(f"health.Check, {args.seconds / 2:g} s ...", file=sys.stderr)
        measure(args.callers, args.seconds / 2, checks)
    finally:
        service.server.stop(grace=None)
    notes: list[str] = []
    stored = store_rows(stores, args.postgres, args.store_game, args.callers, args.seconds,
                        notes)

    base_rate, base_p50 = health.rate, pct(health.latencies, 0.5)
    print(f"TableService over loopback gRPC, {args.callers} callers, {args.seconds:g} s per "
          f"row; the person's seat plays its first legal action, AI seats greedy")
    print(f"{'call':<28}{'calls':>8}{'tables':>8}{'calls/s':>10}{'p50 ms':>9}{'p99 ms':>9}"
          f"{'rate vs health':>16}{'p50 vs health':>15}")
    failed = 0
    for name, t in rows.items():
        if not t.latencies:
            print(f"{name:<28}{'no calls':>8}")
            continue
        p50, p99 = pct(t.latencies, 0.5), pct(t.latencies, 0.99)
        tables = str(t.tables) if t.tables else "-"
        print(f"{name:<28}{len(t.latencies):>8}{tables:>8}{t.rate:>10.0f}{p50:>9.2f}"
              f"{p99:>9.2f}{t.rate / base_rate:>16.3f}{p50 / base_p50:>15.1f}")
        if t.errors:
            print(f"  errors: {dict(t.errors)}")
            failed += sum(t.errors.values())
    if stored:
        print(f"\n{args.store_game} Act on `moneycards serve` processes by table store, "
              f"{args.callers} callers, {args.seconds:g} s per row (two replicas: each "
              f"caller alternates its calls between them)")
        print(f"{'store':<28}{'calls':>8}{'tables':>8}{'calls/s':>10}{'p50 ms':>9}"
              f"{'p99 ms':>9}")
        for name, t in stored.items():
            if not t.latencies:
                print(f"{name:<28}{'no calls':>8}")
                continue
            print(f"{name:<28}{len(t.latencies):>8}{t.tables:>8}{t.rate:>10.0f}"
                  f"{pct(t.latencies, 0.5):>9.2f}{pct(t.latencies, 0.99):>9.2f}")
            if t.errors:
                print(f"  errors: {dict(t.errors)}")
                failed += sum(t.errors.values())
        for note in dict.fromkeys(notes):
            print(note)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
