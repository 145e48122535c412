"""How often TT-C5 and TT-C6 block a Cạ capture in Tổ Tôm deals between AI players.

    python bench/totom_capture_rules.py [DEALS] [LEVEL]

Plays DEALS seeded deals (default 1,000) with an AI of LEVEL (default greedy) in every
seat. At every offer it asks, for each hand card that would make a Cạ with the offered
card, which rule (if any) refuses that capture. It prints how many offers and deals a
capture was blocked in by TT-C5 and by TT-C6, beside what the earlier reading of the two
rules (every card of the rank counted for TT-C5, odd face counts for TT-C6) would have
blocked at the same offers.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

import common  # noqa: F401  (puts the project on the path)

from moneycards.solver.totom import TOTOM
from moneycards.solver.games import seeded
from moneycards.solver.hints import choose
from moneycards.solver.totom.rules import CHI_CHI


def earlier_reading(state, seat, card) -> str | None:
    """TT-C5/TT-C6 as they were read before: a concealed pair counted as half a Cạ."""
    hand = state.hands[seat]
    if sum(1 for g in TOTOM.faces if g.rank == card.rank and g != CHI_CHI
           and hand[TOTOM.index(g)] > 0) >= 2:
        return "TT-C5"
    if sum(n % 2 for n in hand) == 1:
        return "TT-C6"
    return None


def survey(state, counts: Counter, deal_flags: set) -> None:
    """Tally the rule that refuses each Cạ capture the seat could try now."""
    o, seat = state.offer, state.current_seat()
    if state.phase != "offer" or seat in state.dead_hand:
        return
    cands = [h for h in TOTOM.faces if state.hands[seat][TOTOM.index(h)] and h != o.card
             and h.rank == o.card.rank and CHI_CHI not in (h, o.card)]
    if not cands:
        return
    counts["offers with a Cạ candidate"] += 1
    now = [(state._capture_rule(seat, o.card, h) or (None,))[0] for h in cands]
    for rule in ("TT-C5", "TT-C6"):
        if rule in now:
            counts[f"offers where {rule} blocks a Cạ capture"] += 1
            deal_flags.add(rule)
    # TT-C1–C4 refuse before TT-C5/TT-C6 are asked, and the earlier reading of those two
    # reads the hand only, not the candidate card: it refused every candidate left.
    if None in now and earlier_reading(state, seat, o.card):
        counts["offers where the earlier reading refused a capture the rules allow"] += 1
        deal_flags.add("the earlier reading, wrongly,")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    level = sys.argv[2] if len(sys.argv) > 2 else "greedy"
    counts, deals = Counter(), Counter()
    start = time.perf_counter()
    for seed in range(n):
        state = seeded("totom", seed)
        rngs = [random.Random(seed * 1000 + s) for s in range(4)]
        flags: set = set()
        while not state.is_over:
            survey(state, counts, flags)
            seat = state.current_seat()
            state.apply(choose(state, level, rngs[seat]))
        for f in flags:
            deals[f] += 1
    took = time.perf_counter() - start
    print(f"{n} Tổ Tôm deals, {level} AI in every seat ({took:.0f} s):")
    base = counts["offers with a Cạ candidate"]
    print(f"  offers with a Cạ candidate: {base}")
    for key in sorted(k for k in counts if k != "offers with a Cạ candidate"):
        print(f"  {key}: {counts[key]} ({counts[key] / max(base, 1):.1%} of them)")
    for key in ("TT-C5", "TT-C6", "the earlier reading, wrongly,"):
        print(f"  deals where {key} blocks at least once: {deals[key]} ({deals[key] / n:.1%})")


if __name__ == "__main__":
    main()
