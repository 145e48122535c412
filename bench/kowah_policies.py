"""Kowah: what a change to the rollout player's choices is worth, measured in the simulator.

    python bench/kowah_policies.py [--deals 20000] [--seed-base 0]

Kowah's search plays its sampled deals out with one fast player (solver/kowah/search.py
`Deal.policy`). Each variant here changes one of its choices. Every deal (seeded
`--seed-base` + k, the variant's seat rotating) is played twice in the simulator: once with
the variant in that seat and the policy in the others, once with the policy everywhere;
the gain is the multiplier the seat wins (KW-K1, 0 unless it wins) in the first play less
the second, deal by deal, with its 95% interval. Then the policy itself and `greedy`
(solver/kowah/hint.py, twinned here on count vectors) each play against two greedy seats.
Thousands of deals a minute: the cheap way to ask whether a Kowah choice matters at all,
before a search is built on it.

    python bench/kowah_policies.py --race --deals 6000 --seed-base 20000

plays instead the race, the estimate `strong` ranks by before its search (solver/kowah/
hint.py), as a player in the simulator against two `greedy` seats: once valuing a hand one
card from ready by its own outs and the waits they leave (`one_from_ready`, as `strong`
does), once by a typical speed and wait (as before it), on the same deals. The seat's view
here is its hand, the pile and the shown pairs: unlike `strong`'s, it counts as unseen the
cards others took in the open, and bars no declared wait from the outs. Some five deals
a second on an idle core: the race's evaluation, not the simulator, is the cost.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable

import common  # noqa: F401  (puts the project on the path)

from types import SimpleNamespace

import numpy as np

from moneycards.solver.kowah import KOWAH, NF, SEATS
from moneycards.solver.kowah import hint, search
from moneycards.solver.kowah.exact import ready_slots
from moneycards.solver.kowah.observation import Phase
from moneycards.solver.kowah.search import (CLASS_OF, KIND_FACES, Deal, class_totals,
                                            face_counts)

Move = tuple[str, int]
Player = Callable[[Deal, random.Random], Move]


def new_deal(seed: int) -> Deal:
    """A fresh deal (KW-D1, KW-T1): eight cards each, a random seat to start."""
    rng = random.Random(seed)
    cards = [f for f in range(NF) for _ in range(KOWAH.copies)]
    rng.shuffle(cards)
    hands = [[0] * NF for _ in range(SEATS)]
    for s in range(SEATS):
        for f in cards[8 * s:8 * s + 8]:
            hands[s][f] += 1
    return Deal(hands, cards[8 * SEATS:], [], {}, rng.randrange(SEATS), Phase.DRAW, 0, 0)


def policy(deal: Deal, rng: random.Random) -> Move:
    return deal.policy(rng)


def greedy(deal: Deal, rng: random.Random) -> Move:
    """hint.greedy on count vectors: take a card that matches the hand, else draw; discard
    a card with the least company, at random among them (no look at readiness or waits)."""
    hand = deal.hands[deal.seat]
    if deal.phase is Phase.DRAW:
        top = deal.pile[-1] if deal.pile else -1
        if deal.may_take() and (hand[top] or sum(hand[g] for g in KIND_FACES[top]) >= 2):
            return "take", -1
        return "draw", -1
    if deal.phase is Phase.DISCARD:
        totals = class_totals(hand)
        held = [f for f, n in enumerate(hand) if n]
        company = {f: totals[CLASS_OF[f]] + hand[f] for f in held}
        least = min(company.values())
        return "discard", rng.choice([f for f in held if company[f] == least])
    return "declare", deal.best_pair(deal.seat)


def _readies(deal: Deal, card: int) -> bool:
    """Whether taking `card` lets the hand discard to a ready eight."""
    hand = deal.hands[deal.seat]
    hand[card] += 1
    out = bool(deal._readying(hand))
    hand[card] -= 1
    return out


def _wait_left(deal: Deal, hand: list[int], on_pile: list[int], face: int) -> int:
    """The most copies left (not in the hand, not on the pile) of a wait the hand shows
    after discarding `face` to a ready eight."""
    hand[face] -= 1
    best = max(KOWAH.copies - hand[p] - on_pile[p] for p in deal.ready[bytes(hand)])
    hand[face] += 1
    return best


def live_wait(deal: Deal, rng: random.Random) -> Move:
    """Becomes ready only on a wait with a copy left, the one with most copies; else
    discards as if the readying cards were not there."""
    verb, face = deal.policy(rng)
    if verb != "discard":
        return verb, face
    hand = deal.hands[deal.seat]
    waits = set(deal.declared.values())
    readies = [f for f in deal._readying(hand) if f not in waits]
    if face not in readies:
        return verb, face
    on_pile = face_counts(deal.pile)
    live = [f for f in readies if _wait_left(deal, hand, on_pile, f) > 0]
    if live:
        return "discard", max(live, key=lambda f: _wait_left(deal, hand, on_pile, f))
    others = [f for f, n in enumerate(hand) if n and f not in readies and f not in waits]
    if not others:
        return verb, face
    totals = class_totals(hand)
    return "discard", min(others, key=lambda f: (totals[CLASS_OF[f]] + hand[f],
                                                 search.copies_left(hand, on_pile, f)))


def take_identical_only(deal: Deal, rng: random.Random) -> Move:
    """Takes only an identical card or one that makes ready (not a rank-mate)."""
    verb, face = deal.policy(rng)
    top = deal.pile[-1] if deal.pile else -1
    if verb == "take" and not (deal.hands[deal.seat][top] or _readies(deal, top)):
        return "draw", -1
    return verb, face


def never_take(deal: Deal, rng: random.Random) -> Move:
    """Takes only a card that makes ready."""
    verb, face = deal.policy(rng)
    if verb == "take" and not _readies(deal, deal.pile[-1]):
        return "draw", -1
    return verb, face


def take_rank_starts(deal: Deal, rng: random.Random) -> Move:
    """Also takes a card whose rank the hand holds once (a start of a triplet)."""
    verb, face = deal.policy(rng)
    if verb == "draw" and deal.may_take():
        if sum(deal.hands[deal.seat][g] for g in KIND_FACES[deal.pile[-1]]) >= 1:
            return "take", -1
    return verb, face


def take_beside_declared(deal: Deal, rng: random.Random) -> Move:
    """With another seat declared, takes rather than draws (a stock card may be its wait,
    KW-X4)."""
    verb, face = deal.policy(rng)
    if verb == "draw" and deal.may_take() and any(s != deal.seat for s in deal.declared):
        return "take", -1
    return verb, face


def draw_beside_declared(deal: Deal, rng: random.Random) -> Move:
    """With another seat declared, takes only a card that makes ready."""
    verb, face = deal.policy(rng)
    if verb == "take" and any(s != deal.seat for s in deal.declared) \
            and not _readies(deal, deal.pile[-1]):
        return "draw", -1
    return verb, face


def feeds_next(deal: Deal, face: int) -> bool:
    """Whether the next seat, undeclared, would take `face` (the policy's take: an identical
    card, or one of a rank class it holds twice), read from its true hand."""
    nxt = (deal.seat + 1) % SEATS
    hand = deal.hands[nxt]
    return nxt not in deal.declared and (hand[face] > 0 or
                                         sum(hand[g] for g in KIND_FACES[face]) >= 2)


def loneliest(deal: Deal) -> list[int] | None:
    """The discarding hand's cards with the least company, as the policy reads them (a
    declared seat's wait kept if another card can go); None where a discard makes the hand
    ready, which comes first."""
    hand = deal.hands[deal.seat]
    waits = set(deal.declared.values())
    totals = class_totals(hand)
    if [f for f in deal._readying(hand, totals) if f not in waits]:
        return None
    held = [f for f, n in enumerate(hand) if n and f not in waits] or \
        [f for f, n in enumerate(hand) if n]
    company = {f: totals[CLASS_OF[f]] + hand[f] for f in held}
    least = min(company.values())
    return [f for f in held if company[f] == least]


def feed_aware(deal: Deal, rng: random.Random) -> Move:
    """Sees the next seat's hand (no player can): among the cards with the least company,
    discards one the next seat would not take, if there is one. What not feeding the next
    seat could be worth at most, with discards as lonely as the policy's."""
    verb, face = deal.policy(rng)
    if verb != "discard" or not feeds_next(deal, face):
        return verb, face
    lonely = loneliest(deal)
    safe = [f for f in lonely or () if not feeds_next(deal, f)]
    return ("discard", rng.choice(safe)) if safe else (verb, face)


def stock_aware(deal: Deal, rng: random.Random) -> Move:
    """Sees which unseen copies are in the stock and which in the other hands (no player
    can): among the cards with the least company, discards the one whose company has the
    fewest copies left in the stock, where the policy counts every copy it has not seen.
    What reading the other hands could be worth at most to the discard."""
    verb, face = deal.policy(rng)
    lonely = loneliest(deal) if verb == "discard" else None
    if lonely is None:
        return verb, face
    stock = face_counts(deal.stock)
    left = {f: sum(stock[g] for g in search.COMPANY_OF[f]) for f in lonely}
    fewest = min(left.values())
    return "discard", rng.choice([f for f, n in left.items() if n == fewest])


VARIANTS: dict[str, Player] = {
    "live-wait": live_wait,
    "take-identical-only": take_identical_only,
    "never-take": never_take,
    "take-rank-starts": take_rank_starts,
    "take-beside-declared": take_beside_declared,
    "draw-beside-declared": draw_beside_declared,
    "feed-aware: sees the next seat's hand, discards what it would not take": feed_aware,
    "stock-aware: sees which unseen copies are in the stock": stock_aware,
}


def seen_unseen(deal: Deal, seat: int) -> list[int]:
    """Per face, the copies `seat` has not seen: not in its hand, the pile or a declared
    seat's shown pair (the cards others took in the open are not tracked here)."""
    pile = face_counts(deal.pile)
    unseen = [KOWAH.copies - deal.hands[seat][f] - pile[f] for f in range(NF)]
    for other, pair in deal.declared.items():
        if other != seat:
            unseen[pair] -= 2
    return [max(0, n) for n in unseen]


def race_player(near: bool) -> Player:
    """`strong`'s race (hint.race) on the simulator's deals: the action with the best
    chance, a discard a declared seat waits on never; `near`: a hand one card from ready
    valued by its own outs and waits (hint.one_from_ready), else by typical ones."""
    def chance(race: hint.Race, d: int, o: int, h8: list[int], unseen: list[int],
               first: bool) -> float:
        if d != 1 or not near:
            return race.chance(d, o, 0.0, first)
        got = hint.one_from_ready(h8, unseen)  # as measured: no wait barred
        return race.chance(1, got.outs, 0.0, first, got) if got.outs else 0.0

    def play(deal: Deal, rng: random.Random) -> Move:
        s, hand = deal.seat, deal.hands[deal.seat]
        unseen = seen_unseen(deal, s)
        declared = {t: KOWAH.faces[p] for t, p in deal.declared.items()}
        race = hint.Race(SimpleNamespace(seat=s, stock=len(deal.stock), declared=declared),  # type: ignore[arg-type]
                         unseen)
        waits = {p for t, p in deal.declared.items() if t != s}

        def after(h9: list[int]) -> dict[int, float]:
            out = {}
            for face, (d, o) in hint.discard_values(None, h9, unseen).items():  # type: ignore[arg-type]
                f = KOWAH.index(face)
                if f in waits:
                    continue
                h8 = list(h9)
                h8[f] -= 1
                out[f] = (race.chance(0, 0, max(hint.wait_live(h8, unseen)[0], 0), False)
                          if d == 0 else chance(race, d, o, h8, unseen, False))
            return out

        if deal.phase is Phase.DRAW:
            d, o = hint._evaluate(np, ready_slots()[1], hand, unseen)
            if d == 0 or not deal.may_take():
                return "draw", -1
            h9 = list(hand)
            h9[deal.pile[-1]] += 1
            taken = after(h9)
            drawn = chance(race, d, o, list(hand), unseen, True)
            return ("take", -1) if taken and max(taken.values()) > drawn else ("draw", -1)
        if deal.phase is Phase.DISCARD:
            vals = after(list(hand))
            if not vals:
                return "discard", next(f for f in range(NF) if hand[f])
            return "discard", max(vals, key=lambda f: (vals[f], -f))
        return "declare", max(deal.ready[bytes(hand)], key=lambda p: unseen[p])
    return play


def race_table(deals: int, base: int) -> None:
    print(f"Kowah: the race as a player against two greedy seats, {deals:,} deals "
          f"(seeds {base} + k, its seat rotating)\n")
    print("| the race values a hand one card from ready by | won | multiplier won a deal |")
    print("|---|---|---|")
    for name, near in (("its own outs and their waits (strong now)", True),
                       ("a typical speed and wait (before)", False)):
        started = time.monotonic()
        won, mult, _ = against_greedy(race_player(near), deals, base)
        half = 1.96 * math.sqrt(won * (1 - won) / deals)
        print(f"| {name} | {won:.1%} [{won - half:.1%}, {won + half:.1%}] | {mult:.3f} |",
              flush=True)
        print(f"  {name}: {time.monotonic() - started:.0f} s", file=sys.stderr)


def play(seed: int, players: list[Player]) -> tuple[int | None, int]:
    deal = new_deal(seed)
    rng = random.Random(seed * 7 + 1)
    while not deal.over:
        deal.move(*players[deal.seat](deal, rng))
    return deal.winner, deal.multiplier


def paired_gain(variant: Player, deals: int, base: int) -> tuple[float, float, int]:
    """(mean gain, 95% half-width, deals played differently) of `variant` in place of the
    policy, seat k mod 3 of deal k."""
    gains, changed = [], 0
    for k in range(deals):
        seat = k % SEATS
        players: list[Player] = [policy] * SEATS
        players[seat] = variant
        a = play(base + k, players)
        b = play(base + k, [policy] * SEATS)
        changed += a != b
        gains.append((a[1] if a[0] == seat else 0) - (b[1] if b[0] == seat else 0))
    mean = sum(gains) / deals
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (deals - 1))
    return mean, 1.96 * sd / math.sqrt(deals), changed


def against_greedy(player: Player, deals: int, base: int) -> tuple[float, float, float]:
    """(share of deals won, multiplier won a deal, greedy's share a seat) of `player` in
    seat k mod 3 of deal k, greedy in the other two."""
    won = mult = theirs = 0
    for k in range(deals):
        seat = k % SEATS
        players: list[Player] = [greedy] * SEATS
        players[seat] = player
        winner, m = play(base + k, players)
        if winner == seat:
            won, mult = won + 1, mult + m
        elif winner is not None:
            theirs += 1
    return won / deals, mult / deals, theirs / deals / (SEATS - 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed-base", type=int, default=0)
    ap.add_argument("--only", metavar="WORD",
                    help="only the variants whose name starts so (e.g. feed-aware)")
    ap.add_argument("--race", action="store_true",
                    help="the race (strong's estimate) as a player against greedy seats, "
                         "with and without reading a near hand's waits")
    args = ap.parse_args()
    if args.race:
        search.warm_up()
        race_table(args.deals, args.seed_base)
        return
    chosen = {n: v for n, v in VARIANTS.items() if not args.only or n.startswith(args.only)}
    if not chosen:
        ap.error(f"--only: no variant's name starts {args.only!r}: "
                 + ", ".join(n.split(":")[0] for n in VARIANTS))
    search.warm_up()
    print(f"Kowah rollout player variants, {args.deals:,} deals each "
          f"(seeds {args.seed_base} + k, the variant's seat rotating)\n")
    print("| variant | gain a deal (multiplier won) | deals played differently |")
    print("|---|---|---|")
    for name, variant in chosen.items():
        started = time.monotonic()
        mean, half, changed = paired_gain(variant, args.deals, args.seed_base)
        print(f"| {name} | {mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}] | "
              f"{changed:,} |", flush=True)
        print(f"  {name}: {time.monotonic() - started:.0f} s", file=sys.stderr)
    print("\n| player | won | multiplier a deal | a greedy seat won |")
    print("|---|---|---|---|")
    for name, player in (("policy", policy), ("greedy", greedy)):
        won, mult, theirs = against_greedy(player, args.deals, args.seed_base)
        print(f"| {name} | {won:.1%} | {mult:.3f} | {theirs:.1%} |", flush=True)


if __name__ == "__main__":
    main()
