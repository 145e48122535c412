"""Tổ Tôm hints: rank a seat's legal actions by the distance to a winning hand, and
(`strong`) play the close options out in worlds sampled from the seat's observation.

The distance (solver/totom/model.py and exact.py) counts the cards still to add for a winning
twenty, using only copies this seat has not seen and honouring the restriction that binds
its wins (TT-C4: a face it let go is never captured). Every action is valued by the
distance it leaves: a capture by the best discard after it, a pass by the hand as it is.
Wins are always taken (R-decline-win is never used), and a Chíu that completes the hand
(it wins at once, TT-P6); any other Chíu when it does not leave the hand further from a win.

`strong` weighs each discard by the chance the next seat captures it; where the top options
of that ranking are within MARGIN cards of each other, up to TOP_K of them are played to
the end of the deal in WORLDS sampled deals (solver/totom/search.py, solver/totom/sim.py) and
ranked by the points the seat settles a deal in them (TT-K7), then the share it wins.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from functools import lru_cache

from moneycards.solver.cards import Face, counted
from moneycards.solver.totom import TOTOM
from moneycards.solver.ranking import (UNKNOWN_ACTION, Ranked, capped, cut_short, legal_of,
                                       not_evaluated, ranked, stopped)
from moneycards.solver.table import parse_action
from moneycards.solver.search import alike
from moneycards.solver.totom.check import check_hand
from moneycards.solver.totom.exact import distance_exact
from moneycards.solver.totom.legal import (breaks_a_pair, completes_a_discarded_ca,
                                           declined_before)
from moneycards.solver.totom.model import distance_cpsat
from moneycards.solver.totom.observation import CARD_VERBS, Phase, TotomObservation
from moneycards.solver.totom.scoring import VIA_STOCK, WinContext
from moneycards.solver.totom.search import searchable, simulated, unseen, world as make_world
from moneycards.solver.totom.shapes import holding
from moneycards.solver.totom import SEATS, NF

# A capture that leaves the distance as it is still turns a single into an exposed pair;
# measured in self-play, preferring it (and a Chắn over a Cạ) wins more deals.
CAPTURE_BONUS = 0.3
CHAN_BONUS = 0.1


class View:
    """What one observation tells its seat."""

    def __init__(self, obs: TotomObservation):
        self.obs = obs
        self.seat = obs.seat
        self.concealed = list(obs.hand)
        self.own_exposed = [0] * NF
        seen = list(self.concealed)
        for s, pairs in enumerate(obs.exposed):
            for p in pairs:
                for f in TOTOM.parse(p):
                    seen[TOTOM.index(f)] += 1
                    if s == self.seat:
                        self.own_exposed[TOTOM.index(f)] += 1
        for d in obs.dead:
            seen[TOTOM.index(d.card)] += 1
        self.offer = obs.offer.card if obs.offer else None
        if self.offer is not None:
            seen[TOTOM.index(self.offer)] += 1
        self.unseen = [max(0, TOTOM.copies - n) for n in seen]
        self.barred = set(obs.memory.discarded) | set(obs.memory.ca_from_hand)  # TT-C4
        self.no_ca = set(obs.memory.declined_chan)  # TT-C3
        self.discarded = obs.memory.discarded  # TT-C8
        self.captured_ca = obs.memory.captured_ca

    def distance(self, concealed: Sequence[int], exposed: Sequence[int], engine: str) -> float:
        if engine == "auto":
            engine = "exact"  # the faster twin; the two agree (tests/test_hints.py)
        # TT-C3 bars a declined face from captures (a Cạ captured with it) and discards,
        # not from a Cạ the hand already holds or one its winning card makes: the engine's
        # win check does not apply it, so neither does the distance to a win.
        return _distance(tuple(concealed), tuple(exposed), tuple(self.unseen),
                         frozenset(self.barred), engine)

    def discards(self, concealed: Sequence[int], ca_capture: bool = False) -> list[Face]:
        """Faces that may be discarded after a capture (TT-C2, TT-C3, TT-C8), for
        look-ahead; `ca_capture`: the capture looked ahead from is a Cạ, so TT-C8 binds the
        discard even if no Cạ was captured before."""
        captured_ca = self.captured_ca or ca_capture
        return [f for f, n in zip(TOTOM.faces, concealed) if n
                and not breaks_a_pair(f, n) and not declined_before(f, self.no_ca)
                and not completes_a_discarded_ca(f, self.discarded, captured_ca)]

    def best_discard(self, concealed: Sequence[int], exposed: Sequence[int],
                     engine: str, ca_capture: bool = False) -> tuple[float, Face | None]:
        best: tuple[float, Face | None] = (UNREACHABLE, None)
        for f in self.discards(concealed, ca_capture):
            c = list(concealed)
            c[TOTOM.index(f)] -= 1
            d = self.distance(c, exposed, engine)
            if d < best[0]:
                best = (d, f)
        return best

    def pairing_outs(self, concealed: Sequence[int]) -> int:
        """Unseen cards that would pair one of the concealed singles (Chắn or Cạ)."""
        total = 0
        for i, f in enumerate(TOTOM.faces):
            if concealed[i] % 2 == 0:
                continue
            if f not in self.barred:
                total += self.unseen[i]
            if f not in self.no_ca and f.suit != "h":
                total += sum(self.unseen[j] for j, g in enumerate(TOTOM.faces)
                             if g.rank == f.rank and g != f and g.suit != "h"
                             and g not in self.barred and concealed[j] == 0)
        return total

    def live_waits(self, concealed: Sequence[int], exposed: Sequence[int]) -> int:
        """Unseen copies of the cards that would make this nineteen win, each judged as the
        winning card by the table's rules (TT-W5: Chi chi wins only a hand of exactly 6 Chắn
        and 4 Cạ, unless R-Chi-chi-win is off)."""
        total = 0
        for i, f in enumerate(TOTOM.faces):
            if self.unseen[i] and f not in self.barred:
                counts = [c + e for c, e in zip(concealed, exposed)]
                counts[i] += 1
                if max(counts) <= 4 and check_hand(counts, WinContext(f, VIA_STOCK),
                                                   self.obs.rules, engine="exact").wins:
                    total += self.unseen[i]
        return total

    def why_no_win(self, concealed: Sequence[int], exposed: Sequence[int]) -> str | None:
        """None when some card would make this nineteen win (its copies are then all seen
        or barred: DEAD_WAIT); otherwise why none does. The distance counts cards, not the
        rules on the winning card: a nineteen one card short may have no winning card at
        all (TT-W5: Chi chi wins only a hand of exactly 6 Chắn and 4 Cạ)."""
        counts = [c + e for c, e in zip(concealed, exposed)]
        refused = None
        for i, f in enumerate(TOTOM.faces):
            if counts[i] >= TOTOM.copies:
                continue
            counts[i] += 1
            verdict = check_hand(counts, WinContext(f, VIA_STOCK), self.obs.rules,
                                 engine="exact")
            counts[i] -= 1
            if verdict.wins:
                return None
            if refused is None and not verdict.partition.left:  # ten pairs, refused
                v = verdict.violations[0]
                refused = f"{NO_WIN}: with {f}, {v.message} ({v.rule})"
        return refused or NO_WIN


# The distance of a hand that can no longer win from the unseen cards: beyond any real one
# (at most 20 cards to change), so it ranks last and sums stay finite.
UNREACHABLE = 99.0


@lru_cache(maxsize=200_000)
def _distance(concealed: tuple[int, ...], exposed: tuple[int, ...], unseen: tuple[int, ...],
              barred: frozenset[Face], engine: str) -> float:
    h = holding(concealed, exposed, unseen, barred)
    if engine == "cpsat":
        d = distance_cpsat(h)
        return UNREACHABLE if d is None else float(d.adds)
    n = distance_exact(h)
    return UNREACHABLE if n is None else float(n)


def _after(view: View, concealed: Sequence[int], exposed: Sequence[int],
           engine: str) -> tuple[float, str]:
    """Value of a nineteen: fewer cards to a win first; then, waiting, more live winning
    cards, otherwise more live cards that would pair a single."""
    d = view.distance(concealed, exposed, engine)
    if d >= UNREACHABLE:
        return -50.0, "no win can be built from what is left"
    if d == 1:
        live = view.live_waits(concealed, exposed)
        if not live:
            no_win = view.why_no_win(concealed, exposed)
            return -1.0, f"one card short, but {no_win}" if no_win else f"waiting, but {DEAD_WAIT}"
        return -1.0 + min(live, 40) / 100, f"waiting: {counted(live, 'live winning cards')}"
    outs = view.pairing_outs(concealed)
    return -d + min(outs, 90) / 1000, f"{int(d)} cards from a win, {outs} live pairing cards"


# A wait none of whose winning cards is unseen: it wins only once the hand has changed.
DEAD_WAIT = "no winning card is left unseen"
# A nineteen one card short that no card makes a winning hand: it too must change first.
NO_WIN = "no card makes this hand win"


def warm_up() -> None:
    """Nothing to build ahead: the distance tables fill as they are used."""


def hint(obs: TotomObservation, budget_ms: float = 2000.0, engine: str = "auto",
         seed: int | None = None) -> list[Ranked]:
    """The strong ranking under a wall-clock safety cap of `budget_ms`."""
    with capped(budget_ms):
        return strong(obs, seed=seed, engine=engine)


# What a discard the next seat can capture costs, in cards from a win: an opponent's
# capture is worth about half of one's own (CAPTURE_BONUS), and it only ever breaks ties
# between discards that leave the same distance (a card nearer a win is worth 1).
DANGER = 0.15


def capture_chance(obs: TotomObservation, view: View, face: Face) -> float:
    """The chance that the next seat can capture a discard of `face` (TT-T2): that it holds
    an identical card (a Chắn) or, but for Chi chi (TT-D3), a card of the same rank in
    another suit (a Cạ), each hidden copy lying in its concealed hand in proportion to the
    cards hidden there (its hand beside the other seats' and the stock)."""
    nxt = (obs.seat + 1) % SEATS
    if nxt in obs.dead_hand or nxt >= len(obs.hand_sizes):
        return 0.0  # a dead hand never captures (TT-S4)
    hidden = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.seat) + obs.stock
    if hidden <= 0:
        return 0.0
    share = min(1.0, obs.hand_sizes[nxt] / hidden)
    copies = view.unseen[TOTOM.index(face)]
    if face.suit != "h":
        copies += sum(view.unseen[j] for j, g in enumerate(TOTOM.faces)
                      if g.rank == face.rank and g != face and g.suit != "h")
    return 1.0 - (1.0 - share) ** copies


# Stock bands of the win-chance table (the upper bound of each; the last takes the rest).
STOCK_BANDS = (11, 17, 100)


def band_of(stock: int) -> int:
    """The stock band of the win-chance table a stock count falls in."""
    return next(i for i, top in enumerate(STOCK_BANDS) if stock <= top)


def strong(obs: TotomObservation, seed: int | None = None, engine: str = "auto",
           worlds: int | None = None, top_k: int | None = None,
           margin: float | None = None) -> list[Ranked]:
    """The ranking weighed by the next seat (`weighed`); where its top options are close,
    they are played out in sampled worlds (`searched`) and ranked by the points they settle
    a deal (TT-K7). A search the safety cap or a cancelled call stops keeps the weighed
    ranking, its options to play out marked cut short. `worlds`, `top_k`, `margin`: the
    budget (default WORLDS, TOP_K, MARGIN; `expert` gives more)."""
    worlds = WORLDS if worlds is None else worlds
    top_k = TOP_K if top_k is None else top_k
    margin = MARGIN if margin is None else margin
    base = weighed(obs, seed, engine)
    if not searchable(obs) or len(base) < 2:
        return as_settlements(obs, base)
    top = base[0].value
    cands = [r for r in base[:top_k] if r.evaluated and top - r.value <= margin
             and r.action != "win"]
    if len(cands) < 2:
        out = as_settlements(obs, base)
        if any(r.cut_short for r in base):  # the cap stopped the ranking before any search:
            # the values it has are the ranking's, none played out, and say so
            return [cut_short(r, 0, worlds) if r.action != "win" else r for r in out]
        return out
    return searched(obs, base, cands, seed, worlds)


def expert(obs: TotomObservation, seed: int | None = None,
           engine: str = "auto") -> list[Ranked]:
    """`strong` with the analysis budget: more options played out in more sampled deals
    (EXPERT_WORLDS, EXPERT_TOP_K, EXPERT_MARGIN), still counted in work."""
    return strong(obs, seed, engine, EXPERT_WORLDS, EXPERT_TOP_K, EXPERT_MARGIN)


def as_settlements(obs: TotomObservation, ranking: list[Ranked]) -> list[Ranked]:
    """The weighed ranking with its values read as the points the seat can expect to settle
    in the deal (TT-K7): a win (or a Chíu that wins at once) at its own score, three times
    over; with the stock empty, about 0 (TT-T4); a dead hand's options, or the decline that
    makes one, what a hand that never wins pays (TT-S4); every other option from its chance
    to win the deal (`win_chance`) by `expected_points`. The same order, on the scale of the
    played-out settlements."""
    out = []
    sure = None
    shown_above: tuple[str, str] | None = None  # (action, numbers) of the option above
    for r in ranking:
        pts = (claim_wins(obs, r.action) if r.action in ("win", "chiu") and r.value >= 100.0
               else None)
        if pts is not None:
            sure = 3.0 * pts
            what = "a win" if r.action == "win" else "a Chíu that wins at once (TT-P6)"
            out.append(Ranked(r.action, sure, f"{3 * pts:+d} points: {what}, always taken "
                                              f"(each of the three others pays its {pts} "
                                              f"points, TT-K7)", settlement=sure))
        elif not r.evaluated:
            out.append(r)
        elif obs.stock == 0:  # (a dead hand too: its pass then ends the deal drawn)
            # no stock card is left to win on (TT-W6): the deal is drawn when this offer
            # passes (TT-T4), unless a Chíu completes a hand first
            out.append(Ranked(r.action, -0.01 * len(out),
                              f"about 0 points: {EMPTY_STOCK_WORDS}: {r.reason}",
                              settlement=0.0))
        elif obs.seat in obs.dead_hand or (r.action == "decline"
                                           and obs.phase is Phase.OPENING):
            # certain by the rules, not read from self-play: a dead hand never wins and pays
            # when another seat does; declining the dealer's Thiên ù with no legal discard
            # (else a discard, not decline, is offered) makes the hand dead
            e = expected_points(0.0)
            why = (f"about {e:+.1f} points a deal: {DEAD_WORDS}"
                   if obs.seat in obs.dead_hand else
                   f"about {e:+.1f} points a deal: no legal discard would remain, so the hand "
                   f"would be dead for the deal: {DEAD_WORDS}")
            out.append(Ranked(r.action, e - 0.01 * len(out), why, settlement=e))
        else:
            p = win_chance(obs.stock, r.value)
            e = expected_points(p)
            # The chance is read from self-play decisions of the same value, nearly all of
            # them live waits: a dead wait has it only by changing the hand first.
            how = (", only by changing the hand first"
                   if DEAD_WAIT in r.reason or NO_WIN in r.reason else "")
            numbers = f"about {e:+.1f} points a deal, about {p:.0%} to win"
            # the same numbers as the option above: say what orders them (the weighing of
            # the hand each leaves), in the first clause that a short hint shows
            level = (f"; level with {shown_above[0]} to this precision, which comes first "
                     f"on the hand it leaves" if shown_above and shown_above[1] == numbers
                     else "")
            # a table's figure, said as one: a player read it beside the sampled deals'
            # figures of the next decision as if both had played this deal out
            why = (f"{numbers} (typical of hands as near a win with as much stock left, in "
                   f"self-play; not this deal played out{level}){how}: {r.reason}")
            shown_above = (r.action, numbers)
            value = e
            if sure is not None and e >= sure:  # a sure win beats any estimate
                value = sure - 0.01 * len(out)
                why += "; below the sure win"
            out.append(Ranked(r.action, value, why, settlement=e))
    return out


# What the rules make certain of a dead hand (TT-S4) and an empty stock (TT-T4, TT-W6).
DEAD_WORDS = ("a dead hand never captures or wins (TT-S4) and pays its share when another "
              "seat wins (TT-K7)")
EMPTY_STOCK_WORDS = ("the stock is empty, so the deal is drawn and settles 0 when a seat lets "
                     "an offered card go (TT-T4), unless a Chíu completes a hand first "
                     "(TT-W6)")


# A won deal's score in self-play (100 deals of `heuristic` seats: 3.8 points; drawn deals
# under 1%). A seat that wins with chance p settles 3 x score, and pays the score when
# another seat wins: about WIN_POINTS * (4p - 1) points a deal (TT-K7).
WIN_POINTS = 3.8


def expected_points(p: float) -> float:
    """The settlement a deal of a seat that wins with chance p (TT-K7, draws left out)."""
    return WIN_POINTS * (4.0 * p - 1.0)


def win_points(obs: TotomObservation) -> int:
    """The score of the win the seat may claim now (TT-K), by the engine's own verdict on
    the seat's twenty; bonuses read from the opening hand count only cards it surely had
    (`dealt_at_least`)."""
    pts = claim_wins(obs, "win")
    assert pts is not None  # the win was legal
    return pts


def claim_wins(obs: TotomObservation, claim: str) -> int | None:
    """The score if `claim` ("win", or "chiu": a Chíu that leaves twenty cards in ten
    pairs wins at once, TT-P6) ends the deal in the seat's win; None if the deal goes on.
    The engine's own verdict on the seat's cards, in a world sampled for the other hands
    (which the verdict does not read)."""
    if len(obs.hand_sizes) != SEATS:  # hand_sizes may be left out: any split of the hidden
        # cards makes a world, as the verdict reads only the seat's own cards
        hidden = sum(unseen(obs)) - obs.stock
        others = [s for s in range(SEATS) if s != obs.seat]
        sizes = [sum(obs.hand)] * SEATS
        for k, s in enumerate(others):
            sizes[s] = hidden // len(others) + (1 if k < hidden % len(others) else 0)
        obs = dataclasses.replace(obs, hand_sizes=tuple(sizes))
    w = make_world(obs, random.Random(0))
    if obs.phase.value == "claims":
        w.claims = [(obs.seat, claim)]
    w.apply(claim)
    if w.result is None or w.result.net is None or w.result.winner != obs.seat:
        return None
    return int(w.result.net[obs.seat]) // 3


def win_chance(stock: int, value: float) -> float:
    """A value of the weighed ranking as the chance to win the deal: the share of
    self-play decisions with that best value and as much stock left whose seat won
    (`WIN_TABLE`, bench/totom_calibration.py), interpolated between half-card bins and made
    non-decreasing in the value; a tiny strictly increasing term keeps apart what the
    ranking keeps apart, so the order of the options never changes."""
    points = _curve(band_of(stock))
    if value <= points[0][0]:
        p = points[0][1]
    elif value >= points[-1][0]:
        p = points[-1][1]
    else:
        k = next(i for i in range(1, len(points)) if value <= points[i][0])
        (v0, p0), (v1, p1) = points[k - 1], points[k]
        p = p0 + (p1 - p0) * (value - v0) / (v1 - v0)
    return (1 - KEEP_APART) * p + KEEP_APART / (1 + math.exp(-value))


KEEP_APART = 1e-3
# Self-play decisions per stock band: the best option's value (half-card bins) -> (decisions
# whose seat won the deal, decisions). Printed by `bench/totom_calibration.py 1000`.
WIN_TABLE: dict[int, dict[float, tuple[int, int]]] = {
    0: {-2.0: (2, 64), -1.5: (2, 50), -1.0: (45, 119), -0.5: (44, 135)},
    1: {-3.0: (2, 43), -2.5: (2, 41), -2.0: (54, 576), -1.5: (46, 493), -1.0: (371, 1075),
        -0.5: (355, 1082)},
    2: {-4.0: (16, 210), -3.5: (9, 157), -3.0: (233, 2046), -2.5: (151, 1579),
        -2.0: (1068, 5082), -1.5: (854, 4297), -1.0: (1315, 3118), -0.5: (1149, 2853)},
}


@lru_cache(maxsize=None)
def _curve(band: int) -> list[tuple[float, float]]:
    """The band's (value, share won) points, pooled where a higher value won less often
    (pool adjacent violators, weighted by decisions), so the curve never falls."""
    blocks: list[tuple[list[float], int, int]] = []  # (bin values, wins, decisions)
    # A band with too few decisions reads the nearest band that has them.
    near = sorted(WIN_TABLE, key=lambda b: (abs(b - band), -b))
    table = next(WIN_TABLE[b] for b in near if len(WIN_TABLE[b]) >= 2)
    for v, (w, t) in sorted(table.items()):
        blocks.append(([v], w, t))
        while len(blocks) > 1 and blocks[-2][1] * blocks[-1][2] > blocks[-1][1] * blocks[-2][2]:
            vs, w1, t1 = blocks.pop()
            vs0, w0, t0 = blocks.pop()
            blocks.append((vs0 + vs, w0 + w1, t0 + t1))
    points = [(v, w / t) for vs, w, t in blocks for v in vs]
    return points


# The search: how many of the ranking's top options it plays out, how close to the best
# (in cards from a win) they must be, and in how many sampled worlds. The worlds are played
# out by the count-vector simulator (solver/totom/sim.py), about six times faster than the
# table engine the search used before, so 32 worlds cost what 8 did. Measured before (on
# the engine, ranking by the share won): 12 or 16 worlds, or searching only near a win,
# measured no stronger within the intervals of 300-600 deals; 32 worlds rose from 31.2% to
# 35.2% won against greedy players over 1,200 paired deals.
TOP_K = 3
MARGIN = 0.6
WORLDS = 32
# The `expert` level's budget: about ten times the work of `strong`.
EXPERT_TOP_K = 4
EXPERT_MARGIN = 1.0
EXPERT_WORLDS = 128


def searched(obs: TotomObservation, base: list[Ranked], cands: list[Ranked],
             seed: int | None, worlds: int = WORLDS) -> list[Ranked]:
    """The candidates valued over the same sampled worlds (solver/search.py): the seat's
    settlement per deal (TT-K7), then the share of the deals it wins; the rest of the
    ranking below them, as the distance ranking has it."""
    s = 0 if seed is None else seed
    est = simulated(obs, [r.action for r in cands], worlds, s)
    if any(e.cut_short for e in est.values()):
        return [cut_short(r, est[r.action].worlds, worlds) if r.action in est else r
                for r in as_settlements(obs, base)]
    order = {r.action: i for i, r in enumerate(base)}
    out = []
    same = alike(est.values())
    for r in cands:
        e = est[r.action]
        out.append(Ranked(r.action, e.mean_score,
                          f"{r.action}: {e.said(alike=same[r.action])}; {r.reason}",
                          settlement=e.mean_score))
    # Equal settlements: the more deals won first, then the ranking's order (ranked() keeps
    # the order of equal values).
    out.sort(key=lambda r: (-r.value, -est[r.action].win_share, order[r.action]))
    floor = min(r.value for r in out)
    best = base[0].value
    for i, r in enumerate(r for r in base if r.action not in est):
        gap = best - r.value if r.evaluated else None
        place = f"{order[r.action] + 1}{_suffix(order[r.action] + 1)}"
        # The ranking's value is minus the distance in cards, less its fractions (live
        # cards, the next seat's chance to capture): only a whole card is a card further.
        if gap is None or gap >= 50:
            why = f"not played out, {place}: {r.reason}"
        elif gap >= 0.95:
            why = (f"not played out, {place} by distance: "
                   f"{counted(int(gap + 0.05), 'cards')} further from a win than the best "
                   f"option; {r.reason}")
        else:
            why = (f"not played out, {place} by distance: as near a win as the best option, "
                   f"below it by its live cards or the next seat's chance to capture; "
                   f"{r.reason}")
        # Below every played-out settlement, in the ranking's order.
        below = floor - 0.01 * (i + 1)
        out.append(Ranked(r.action, below if r.evaluated else r.value, why, r.evaluated))
    return ranked(out)


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def weighed(obs: TotomObservation, seed: int | None = None,
            engine: str = "auto") -> list[Ranked]:
    """The heuristic's ranking with each discard weighed by what the next seat could do
    with it: a discard it can likely capture ranks below one that leaves the same distance
    but is safer."""
    base = heuristic(obs, seed, engine)
    view = View(obs)
    out = []
    for r in base:
        verb = r.action.split(" ", 1)[0]
        if verb != "discard" or not r.evaluated:
            out.append(r)
            continue
        face = parse_action(r.action, TOTOM, CARD_VERBS).cards[0]
        p = capture_chance(obs, view, face)
        out.append(Ranked(r.action, r.value - DANGER * p,
                          f"{r.reason}; the next seat can capture it with chance {p:.0%}"))
    return ranked(out)


def heuristic(obs: TotomObservation, seed: int | None = None,
              engine: str = "auto") -> list[Ranked]:
    """The one-ply ranking by the distance each action leaves. engine "cpsat" or "exact"
    computes every distance that way; "auto" (the default) is the exact twin, the faster
    of the two (they agree; tests/test_hints.py). No clock is read: the same observation
    gets the same ranking."""
    acts = legal_of(obs)
    view = View(obs)
    conc, exp = view.concealed, view.own_exposed
    out = []
    now_value, now_reason = None, None
    for act in acts:
        parsed = parse_action(act, TOTOM, CARD_VERBS)
        verb, arg = parsed.verb, parsed.arg
        if verb == "win":
            out.append(Ranked(act, 100.0, "a win: always taken"))
        elif out and stopped():
            out.append(not_evaluated(act))
        elif verb == "chiu" and claim_wins(obs, "chiu") is not None:
            out.append(Ranked(act, 100.0, f"a Chíu of {view.offer} that completes the hand "
                                          f"wins at once (TT-P6): always taken"))
        elif verb == "chiu":
            assert view.offer is not None  # a Chíu claims the offered card
            i = TOTOM.index(view.offer)
            c, e = list(conc), list(exp)
            c[i] -= 3
            e[i] += 4
            d, f = view.best_discard(c, e, engine)
            c2 = list(c)
            if f is not None:
                c2[TOTOM.index(f)] -= 1
            value, why = _after(view, c2, e, engine)
            out.append(Ranked(act, value + 0.005, f"Chíu of {view.offer}, then discard {f}: "
                                                  f"{why}"))
        elif verb in ("decline", "pass"):
            if now_value is None:
                now_value, now_reason = _after(view, conc, exp, engine)
            what = "keep the hand" if verb == "decline" else "let the card go"
            out.append(Ranked(act, now_value, f"{what}: {now_reason}"))
        elif verb == "capture":
            assert view.offer is not None  # a capture takes the offered card
            h = TOTOM.parse(arg)[0]
            c, e = list(conc), list(exp)
            c[TOTOM.index(h)] -= 1
            e[TOTOM.index(h)] += 1
            e[TOTOM.index(view.offer)] += 1
            d, f = view.best_discard(c, e, engine, ca_capture=h != view.offer)
            if f is None:
                out.append(Ranked(act, -60.0, "no discard would remain"))
                continue
            c[TOTOM.index(f)] -= 1
            value, why = _after(view, c, e, engine)
            kind = "Chắn" if h == view.offer else "Cạ"
            value += CAPTURE_BONUS + (CHAN_BONUS if kind == "Chắn" else 0.0)
            out.append(Ranked(act, value, f"{kind} {TOTOM.render([h, view.offer])}, then "
                                          f"discard {f}: {why}"))
        elif verb == "discard":
            f = TOTOM.parse(arg)[0]
            c = list(conc)
            c[TOTOM.index(f)] -= 1
            value, why = _after(view, c, exp, engine)
            out.append(Ranked(act, value, why))
        else:
            out.append(Ranked(act, UNKNOWN_ACTION, "unknown action"))
    return ranked(out)


def greedy(obs: TotomObservation, rng: random.Random) -> str:
    """Win, Chíu, a Chắn capture, a Cạ capture, else pass; discard an isolated card."""
    acts = legal_of(obs)
    for want in ("win", "chiu"):
        if want in acts:
            return want
    offer = obs.offer.card.text if obs.offer else None
    caps = [a for a in acts if a.startswith("capture ")]
    chan = [a for a in caps if parse_action(a, TOTOM, CARD_VERBS).arg == offer]
    if chan or caps:
        return (chan or caps)[0]
    discards = [a for a in acts if a.startswith("discard ")]
    if discards:
        hand = [f for f, n in zip(TOTOM.faces, obs.hand) for _ in range(n)]
        def partners(a: str) -> int:
            f = parse_action(a, TOTOM, CARD_VERBS).cards[0]
            return sum(1 for g in hand if g.rank == f.rank and g != f)
        fewest = min(partners(a) for a in discards)
        return rng.choice([a for a in discards if partners(a) == fewest])
    return "decline" if "decline" in acts else ("pass" if "pass" in acts else acts[0])
