"""The Tổ Tôm win-chance table: how often a seat wins the deal from the value its ranking
gives its best option, by how many stock cards are left.

    python bench/totom_calibration.py [DEALS]

Plays DEALS seeded deals (seeds 200000 + k) with every seat playing the top of the weighed
ranking (solver/totom/hint.py `weighed`: the distance ranking with the next seat's capture
chance), records at every decision the stock left and the best option's value, and prints,
per stock band and per value bin (half a card), the share of those decisions whose seat
went on to win the deal, as the `WIN_TABLE` literal the hint reads. The table turns the
ranking's values into win chances for the hint; it never changes the order of the options.
"""

from __future__ import annotations

import sys
from collections import defaultdict

import common  # noqa: F401  (puts the project on the path)

from moneycards.solver.games import seeded
from moneycards.solver.totom.hint import STOCK_BANDS, band_of, warm_up, weighed


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    warm_up()
    seen: dict[tuple[int, float], list[int]] = defaultdict(lambda: [0, 0])
    for k in range(n):
        state = seeded("totom", 200_000 + k)
        marks = []
        while not state.is_over:
            seat = state.current_seat()
            obs = state.observation(seat)
            ranking = weighed(obs)
            top = ranking[0]
            if top.action != "win" and top.evaluated and len(ranking) > 1:
                v = max(-8.0, min(0.0, round(top.value * 2) / 2))
                marks.append((band_of(obs.stock), v, seat))
            state.apply(top.action)
        winner = state.result.winner
        for band, v, seat in marks:
            cell = seen[(band, v)]
            cell[0] += int(seat == winner)
            cell[1] += 1
        if sys.stderr.isatty():
            print(f"\r{k + 1}/{n} deals", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"# {n} deals; per stock band {STOCK_BANDS}: value -> (wins, decisions)")
    print("WIN_TABLE = {")
    for band in range(len(STOCK_BANDS)):
        cells = sorted((v, w, t) for (b, v), (w, t) in seen.items() if b == band)
        row = ", ".join(f"{v}: ({w}, {t})" for v, w, t in cells if t >= 20)
        print(f"    {band}: {{{row}}},")
    print("}")


if __name__ == "__main__":
    main()
