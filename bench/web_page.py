"""The web table's weight and speed: the bundle's size gzipped, and how soon a seat's table
is drawn when its page is opened, in Debian's chromium driven by Playwright.

    .venv/bin/python bench/web_page.py [--runs 7] [--screenshots DIR]

Starts one `moneycards serve` on loopback with a table store in a temporary folder, opens a
table of each game (one person, AI seats random and greedy, a fixed seed) and loads its
seat's link (`#table=ID&token=TOKEN`) in a fresh browser context each run, so nothing is
cached (a new table each run: the page renews a link's token, so a link opens once).
Timed from the navigation's start (Performance API): the first contentful paint, and the
table drawn, the page's own mark `moneycards-table-painted` (the first frame after the
first view is drawn: the token renewed, GetView answered and the cards on screen). Prints
the median and the slowest run per game. Exit 1 if the table's median takes 1 s or more,
or the bundle is over 300 kB gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import urllib.request

import common  # noqa: F401  (puts the project on the path)

from moneycards.solver.games import GAMES

ROOT = pathlib.Path(__file__).resolve().parents[1]
WEB = ROOT / "moneycards" / "web"
LEVELS = ["AI_LEVEL_RANDOM", "AI_LEVEL_GREEDY", "AI_LEVEL_RANDOM"]


def sizes() -> list[tuple[str, int, int]]:
    out = []
    for name in ("index.html", "app.js", "app.css"):
        data = (WEB / name).read_bytes()
        out.append((name, len(data), len(gzip.compress(data, 9))))
    return out


def serve(db: str):
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--web-port", "0", "--db", db, "--processes", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(4):
        web = re.search(r"web server listening on (http://127\.0\.0\.1:\d+)/ ",
                        proc.stdout.readline())
        if web:
            return proc, web.group(1)
    proc.kill()
    raise SystemExit("serve did not start: " + proc.stderr.read())


def create(base: str, game: str, seed: int) -> tuple[str, str]:
    seats = [{"kind": "SEAT_KIND_HUMAN"}] + [
        {"kind": "SEAT_KIND_AI", "aiLevel": lv} for lv in LEVELS[:GAMES[game].seats - 1]]
    req = urllib.request.Request(
        base + "/moneycards.v1.TableService/CreateTable",
        data=json.dumps({"gameName": game, "seed": str(seed), "seats": seats}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        made = json.loads(r.read())
    return made["tableId"], made["seatTokens"][0]["token"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--screenshots", help="also save each game's table at 1280x800 here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    ok = True
    print("bundle (moneycards/web):")
    total = 0
    for name, raw, gz in sizes():
        total += gz
        print(f"  {name:<11} {raw / 1000:7.1f} kB, {gz / 1000:6.1f} kB gzipped")
    print(f"  {'all':<11} {'':>10} {total / 1000:6.1f} kB gzipped")
    ok &= dict((n, g) for n, _, g in sizes())["app.js"] <= 300_000

    with tempfile.TemporaryDirectory() as tmp:
        proc, base = serve(str(pathlib.Path(tmp) / "tables.db"))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, headless=True,
                                            args=["--no-sandbox", "--disable-gpu"])
                print(f"first paint, {args.runs} cold loads per game (ms from navigation):")
                print(f"  {'game':<12} {'FCP median':>11} {'table median':>13} {'table max':>10}")
                for game in GAMES:
                    fcp, table = [], []
                    for _ in range(args.runs):
                        # a link opens its seat once (the page renews its token): the same
                        # deal at a new table each run
                        tid, token = create(base, game, 5)
                        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                        page = ctx.new_page()
                        page.goto(f"{base}/#table={tid}&token={token}")
                        # polled by evaluate: the page's CSP refuses the eval that
                        # wait_for_function's predicate needs
                        while not page.evaluate("() => performance.getEntriesByName("
                                                "'moneycards-table-painted').length"):
                            page.wait_for_timeout(10)
                        got = page.evaluate("""() => ({
                            table: performance.getEntriesByName('moneycards-table-painted')[0]
                                .startTime,
                            fcp: (performance.getEntriesByName('first-contentful-paint')[0]
                                  || {startTime: NaN}).startTime})""")
                        fcp.append(got["fcp"])
                        table.append(got["table"])
                        if args.screenshots and len(table) == 1:
                            out = pathlib.Path(args.screenshots)
                            out.mkdir(parents=True, exist_ok=True)
                            page.screenshot(path=str(out / f"open-{game}.png"))
                        ctx.close()
                    med = statistics.median(table)
                    ok &= med < 1000
                    print(f"  {GAMES[game].title:<12} {statistics.median(fcp):11.0f} {med:13.0f} "
                          f"{max(table):10.0f}")
                browser.close()
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=20)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
