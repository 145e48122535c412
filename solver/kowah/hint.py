"""Kowah hints: rank draw-or-take, discards and the shown pair by distance to ready.

The distance to ready (KW-R4, KW-R5) counts only copies this seat has not seen (its hand,
the discard pile, the declared seats' shown pairs, and the cards other seats took from the
pile or drew publicly and still hold). Between discards that leave the same
distance, the one keeping more live cards that complete an optimal target ranks higher.
The exact search runs over every ready hand at once (solver/kowah/exact.py), restricted
to the targets within one card of the best, so one decision costs a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

import numpy as np

from moneycards.solver.cards import Face, counted
from moneycards.solver.kowah import KOWAH
from moneycards.solver.ranking import (Ranked, capped, cut_short, legal_of, not_evaluated,
                                       ranked, stopped)
from moneycards.solver.search import SIGNIFICANT, Estimate, alike, paired_z
from moneycards.solver.table import parse_action, says
from moneycards.solver.kowah.exact import ready_pairs, ready_slots, splits_exact
from moneycards.solver.kowah import search
from moneycards.solver.kowah.search import known_holdings, sample_world
from moneycards.solver.kowah import SEATS
from moneycards.solver.kowah.observation import CARD_VERBS, KowahObservation, Phase
from moneycards.solver.kowah.screen import FEEDS_A_WAIT
from moneycards.solver.kowah import NF

C = KOWAH.copies + 1  # slot key = face * C + copy number


def seen_elsewhere(obs: KowahObservation) -> list[int]:
    """Per face, the copies this seat knows are out of the stock and not in its hand: the
    discard pile, and what each other seat is known to hold — its shown pair, and the cards
    it took from the pile or drew publicly (KW-X3), less what it discarded after."""
    seen = [0] * NF
    for d in obs.discards:
        if d.taken_by is None:
            seen[KOWAH.index(d.card)] += 1  # still in the pile
    for held in known_holdings(obs).values():
        seen = [a + b for a, b in zip(seen, held)]
    return seen


class View:
    def __init__(self, obs: KowahObservation):
        self.obs = obs
        self.hand = list(obs.hand)
        seen = seen_elsewhere(obs)
        self.unseen = [max(0, KOWAH.copies - h - s) for h, s in zip(self.hand, seen)]

    def evaluate(self, hand: list[int], unseen: list[int]) -> tuple[int, int]:
        """(distance, live outs) of an eight-card hand."""
        _, slot_key = ready_slots()
        return _evaluate(np, slot_key, hand, unseen)


def _tables(np: Any, hand: Sequence[int], unseen: Sequence[int]) -> tuple[Any, Any]:
    copy = np.arange(C)
    held = (copy[None, :] < np.asarray(hand)[:, None]).ravel()
    free = (copy[None, :] < (np.asarray(hand) + np.asarray(unseen))[:, None]).ravel()
    return held, free


def _evaluate(np: Any, slot_key: Any, hand: Sequence[int],
              unseen: Sequence[int]) -> tuple[int, int]:
    held, free = _tables(np, hand, unseen)
    reach = free[slot_key].all(axis=1)
    if not reach.any():
        return 99, 0
    kept = held[slot_key].sum(axis=1)
    kept = np.where(reach, kept, -1)
    best = kept.max()
    opt = slot_key[kept == best]
    need = opt[~held[opt]] // C
    outs = int(sum(unseen[f] for f in np.unique(need)))
    return 8 - int(best), outs


def discard_values(view: View, hand9: list[int],
                   unseen: list[int]) -> dict[Face, tuple[int, int]]:
    """For each face in a nine-card hand: (distance, outs) after discarding it."""
    _, slot_key = ready_slots()
    held, free = _tables(np, hand9, unseen)
    reach = free[slot_key].all(axis=1)
    kept = np.where(reach, held[slot_key].sum(axis=1), -1)
    near = slot_key[kept >= kept.max() - 1]  # the only targets any discard can use best
    out = {}
    for i, n in enumerate(hand9):
        if n:
            h8 = list(hand9)
            h8[i] -= 1
            out[KOWAH.faces[i]] = _evaluate(np, near, h8, unseen) if len(near) else (99, 0)
    return out


def _value(dist: int, outs: int) -> float:
    return -dist + min(outs, 99) / 1000


def warm_up() -> None:
    """Build the ready-hand tables once, before the first decision is timed."""
    search.warm_up()


def hint(obs: KowahObservation, budget_ms: float = 2000.0,
         seed: int | None = None) -> list[Ranked]:
    """The strong ranking under a wall-clock safety cap of `budget_ms`."""
    warm_up()
    with capped(budget_ms):
        return strong(obs, seed=seed)


def _given_back(obs: KowahObservation, top: Face, face: Face) -> str:
    """Taking the discard to discard it again keeps the hand as it was and draws no stock
    card (KW-T2), which may be a declared seat's wait (KW-X4): said, or it reads as a move
    that does nothing."""
    if face != top:
        return ""
    if any(s != obs.seat for s in obs.declared):
        return (" (the hand stays as it was, and no stock card is drawn that could be a "
                "declared seat's wait, KW-X4)")
    return " (the hand stays as it was, and no stock card is drawn)"


FED_WAIT = 100.0  # beyond any distance's value: a fed wait ranks below every other discard


def heuristic(obs: KowahObservation, seed: int | None = None) -> list[Ranked]:
    """The one-ply ranking: distance to ready and live outs after each action (the
    strong player before the search; kept as the `heuristic` level)."""
    acts = legal_of(obs)
    view = View(obs)
    out = []
    phase = obs.phase
    # Another seat's declared wait, discarded, wins it the deal at once (KW-X4): never, while
    # any other discard is left (the heuristic fed a public wait on equal distance).
    waits = {f for s, f in obs.declared.items() if s != obs.seat}
    if phase is Phase.DRAW:
        d_now, outs_now = view.evaluate(view.hand, view.unseen)
        for act in acts:
            if act == "draw":
                out.append(Ranked(act, _value(d_now, outs_now) + 0.0005,
                                  f"draw: {d_now} from ready (KW-R4), "
                                  f"{outs_now} live cards help"))
            elif stopped():
                out.append(not_evaluated(act))
            else:
                top = obs.discards[-1].card
                h9 = list(view.hand)
                h9[KOWAH.index(top)] += 1
                vals = discard_values(view, h9, view.unseen)
                face, (d, o) = min(vals.items(), key=lambda kv: (kv[0] in waits, kv[1][0],
                                                                 -kv[1][1]))
                out.append(Ranked(act, _value(d, o), f"take {top}, discard {face}"
                                                     f"{_given_back(obs, top, face)}: {d} from "
                                                     f"ready (KW-R4), {o} live cards help"))
    elif phase is Phase.DISCARD:
        vals = discard_values(view, view.hand, view.unseen)
        for act in acts:
            f = _card(act)
            d, o = vals[f]
            why = ("ready after it (KW-R4)" if d == 0 else
                   f"{d} from ready (KW-R4), {o} live cards help")
            if f in waits:  # below every other discard, whatever it leaves
                out.append(Ranked(act, _value(d, o) - FED_WAIT, f"{FEEDS_A_WAIT}; {why}"))
            else:
                out.append(Ranked(act, _value(d, o), why))
    else:  # declare: the shown pair whose wait has more unseen copies
        for act in acts:
            if act == "stay":
                out.append(Ranked(act, -1.0, "a declared hand wins on its wait: declare"))
                continue
            f = _card(act)
            live = view.unseen[KOWAH.index(f)]
            out.append(Ranked(act, live, f"wait {f} (KW-R6): {live} unseen"))
    return ranked(out)


# -- strong: the heuristic's distances valued as a win chance --------------------------------
# An undeclared opponent's chance to win on its own turn (measured: a seat wins about a
# third of the deals within some thirty turns). Declared seats are known exactly: their wait
# and its unseen copies.
UNDECLARED_HAZARD = 0.035
READY_WAIT = 2.0  # unseen copies of the wait a hand that becomes ready later will have
# Live cards that bring a hand k cards from ready one nearer, typically (the hand's own
# count is known for its first step only; past it, the typical one).
TYPICAL_OUTS = (0.0, 6.0, 16.0, 30.0, 45.0, 60.0, 70.0, 80.0, 90.0)
TIE_BREAK = 1e-5  # per live out: ranks equal chances by the hand's own outs


class Race:
    """What the win chance of this seat depends on besides its own hand: the unseen cards,
    the stock, and each other seat's state (declared with its wait's live copies, or not)."""

    def __init__(self, obs: KowahObservation, unseen: list[int]):
        self.me = obs.seat
        self.unseen_total = max(1, sum(unseen))
        self.turns = obs.stock  # about one stock card a turn
        self.waits = {s: f for s, f in obs.declared.items() if s != obs.seat}
        self.live = {s: unseen[KOWAH.index(f)] for s, f in self.waits.items()}

    def chance(self, dist: int, outs: int, wait_live: float, my_turn_first: bool,
               last_step: Near | None = None) -> float:
        """The chance this seat wins: a race over the turns left, one stock card a turn.
        Away from ready, each own draw brings it one card nearer with chance outs/unseen
        (typical outs per distance; a hand one from ready: `last_step`, its own);
        ready, any stock card that is its wait wins. A declared opponent wins on a stock
        card that is its wait (our own draws included), an undeclared one at a fixed
        rate on its turn."""
        if not 0 <= dist <= 8:
            return 0.0
        u = self.unseen_total
        # The speed is the distance's: a hand's own live outs count many targets at once and
        # measured in self-play, valuing them more than as a tie-break between equal
        # distances plays worse. So typical outs per step, and the hand's own as a tie-break;
        # but one card from ready, the outs are exactly the cards that make it ready, and
        # the wait each leaves is known (`one_from_ready`).
        q = [min(1.0, TYPICAL_OUTS[k] / u) for k in range(dist + 1)]
        hit_now, hit_later = wait_live / u, READY_WAIT / u
        if dist == 1 and last_step is not None:
            q[1] = min(1.0, last_step.outs / u)
            hit_later = last_step.wait_live / u
        opp_draw = sum(self.live.values()) / u
        undeclared = UNDECLARED_HAZARD * (2 - len(self.waits)) / 2  # per opponent turn
        away = [0.0] * (dist + 1)  # still racing, k cards from ready (index 0 unused)
        ready_now = 1.0 if dist == 0 else 0.0  # ready on the known wait
        ready_later = 0.0  # became ready later, on a typical wait
        if dist:
            away[dist] = 1.0
        won = 0.0
        seat = 0 if my_turn_first else 1  # 0: this seat's turn
        for _ in range(self.turns):
            # this turn's stock card: our wait, or a declared opponent's
            won += ready_now * hit_now + ready_later * hit_later
            ready_now *= 1 - hit_now - opp_draw
            ready_later *= 1 - hit_later - opp_draw
            if seat == 0:  # our draw: nearer with chance q, or it feeds a declared seat
                moved = [0.0] * (dist + 1)
                for k in range(1, dist + 1):
                    m = away[k] * (1 - opp_draw)
                    away[k] = m * (1 - q[k])
                    moved[k - 1] += m * q[k]
                for k in range(1, dist):
                    away[k] += moved[k]
                ready_later += moved[0]
            else:
                away = [x * (1 - opp_draw - undeclared) for x in away]
                ready_now *= 1 - undeclared
                ready_later *= 1 - undeclared
            seat = (seat + 1) % 3
        return won + min(outs, 99) * TIE_BREAK

    def feeds(self, face: Face) -> int | None:
        """The declared seat a discard of `face` hands the win to (R-rotation order)."""
        for k in range(1, 3):
            s = (self.me + k) % 3
            if self.waits.get(s) == face:
                return s
        return None


class Near(NamedTuple):
    """A hand one card from ready (KW-R4): the unseen cards that make it ready when drawn
    (`outs`) and the unseen copies of the wait each leaves (KW-R6), showing the best pair
    (KW-T4), on average over those cards (`wait_live`)."""
    outs: int
    wait_live: float


def one_from_ready(hand8: list[int], unseen: list[int],
                   barred: Collection[int] = ()) -> Near:
    """What a hand one card from ready can draw: how many unseen cards make it ready, and
    how live the waits they leave are. Two hands with the same outs are not alike when one
    ends waiting on a face with two copies unseen and the other on a face with none
    (KW-R6). A face in `barred`, another seat's declared wait, is no out: drawing it wins
    that seat the deal (KW-X4). Measured in the simulator, the race as a player against two
    `greedy` seats (three runs, 10,500 deals; there the seat counts as unseen the cards
    others took in the open, and bars no wait): valuing this, it wins 41.4% of the deals
    against 40.1% with a typical wait and speed, +0.020 multiplier won a deal, ahead in
    each run (`bench/kowah_policies.py --race`)."""
    ready = ready_pairs()
    h9 = list(hand8)
    outs = 0
    weighted = 0.0
    for c in range(NF):
        if not unseen[c] or c in barred:
            continue
        h9[c] += 1
        best = -1
        for f in search.readying(h9, ready):
            h9[f] -= 1
            for p in ready[bytes(h9)]:
                best = max(best, unseen[p] - (p == c))  # the drawn copy is no longer unseen
            h9[f] += 1
        h9[c] -= 1
        if best >= 0:
            outs += unseen[c]
            weighted += unseen[c] * best
    return Near(outs, weighted / outs if outs else 0.0)


def distance_chance(race: Race, dist: int, outs: int, hand8: list[int], unseen: list[int],
                    my_turn_first: bool) -> tuple[float, str]:
    """The race's chance for an eight-card hand `dist` cards from ready with `outs` live
    cards that help, and the reason's words for it; one card from ready, its own outs and
    the waits they leave (`one_from_ready`)."""
    if dist != 1:
        return (race.chance(dist, outs, 0.0, my_turn_first),
                f"{dist} from ready (KW-R4), {outs} live cards help")
    near = one_from_ready(hand8, unseen, {KOWAH.index(f) for f in race.waits.values()})
    if not near.outs:
        return 0.0, "1 from ready (KW-R4), but no unseen card makes it ready"
    said = (f"1 from ready (KW-R4), {counted(near.outs, 'live cards')} "
            f"{'makes' if near.outs == 1 else 'make'} it ready")
    chance = race.chance(1, near.outs, 0.0, my_turn_first, near)
    if not near.wait_live:
        return chance, f"{said}, but on a dead wait (no copy unseen), where it would lock (KW-X1)"
    live = round(near.wait_live, 1)
    return chance, (f"{said}, on waits with {live:g} unseen "
                    f"{'copy' if live == 1 else 'copies'} on average (KW-R6)")


def wait_live(hand8: list[int], unseen: list[int]) -> tuple[int, Face | None]:
    """A ready hand's best wait: the most unseen copies over the pairs it may show."""
    best: tuple[int, Face | None] = (-1, None)
    for split in splits_exact(hand8):
        live = unseen[KOWAH.index(split.pair)]
        if live > best[0]:
            best = (live, split.pair)
    return best


def race(obs: KowahObservation) -> tuple[list[Ranked], list[Ranked]]:
    """The race ranking: (safe actions, discards that lose at once). Every action valued as
    this seat's estimated chance to win the deal (0-1): the
    heuristic's distance to ready and live outs after the action, raced against the
    declared seats' visible waits and the undeclared seats. A discard a declared seat
    waits on loses the deal at once (KW-X4) and ranks below every other discard; a hand
    made ready on a wait with no unseen copy is locked dead (KW-X1)."""
    acts = legal_of(obs)
    view = View(obs)
    race = Race(obs, view.unseen)
    safe: list[Ranked] = []
    unsafe: list[Ranked] = []

    def after_discards(hand9: list[int], my_turn_first: bool,
                       prefix: str) -> dict[Face, tuple[float, str]]:
        vals = discard_values(view, hand9, view.unseen)
        out: dict[Face, tuple[float, str]] = {}
        for face, (d, o) in vals.items():
            if stopped():
                break
            if d == 0:
                h8 = list(hand9)
                h8[KOWAH.index(face)] -= 1
                live, pair = wait_live(h8, view.unseen)
                p = race.chance(0, 0, max(live, 0), my_turn_first)
                why = (f"ready (KW-R4), waiting on {pair} (KW-R6) with {live} unseen"
                       if live > 0 else f"ready on a dead wait ({pair}: no copy unseen), "
                                        f"the hand locks (KW-X1)")
            else:
                h8 = list(hand9)
                h8[KOWAH.index(face)] -= 1
                p, why = distance_chance(race, d, o, h8, view.unseen, my_turn_first)
            out[face] = (p, f"{prefix}{why}")
        return out

    phase = obs.phase
    if phase is Phase.DISCARD:
        vals = after_discards(list(view.hand), False, "")
        for act in acts:
            f = _card(act)
            s = race.feeds(f)
            if s is not None:
                unsafe.append(Ranked(act, 0.0, f"loses the deal: {says(s, 'waits')} on "
                                               f"{f}: the discard wins at once (KW-X4, x2)"))
            elif f in vals:
                p, why = vals[f]
                safe.append(Ranked(act, p, f"win chance {p:.0%}: {why}"))
            else:
                safe.append(not_evaluated(act))
    elif phase is Phase.DRAW:
        d_now, outs_now = view.evaluate(view.hand, view.unseen)
        for act in acts:
            if act == "draw":
                risk = sum(race.live.values())
                tail = (f"; {counted(risk, 'unseen cards')} a declared seat waits on "
                        f"(KW-X4)" if risk else "")
                if d_now == 0:  # ready and undeclared (R-declare's switch): it stays ready
                    # by discarding what it draws, and may declare then; it waits from the
                    # next turn on (R-no-declaration-win)
                    live, pair = wait_live(list(view.hand), view.unseen)
                    p = race.chance(0, 0, max(live, 0), False)
                    safe.append(Ranked(act, p, (
                        f"win chance {p:.0%}: draw, ready now (KW-R4) and not declared: "
                        f"discarding the card drawn keeps it ready to declare, waiting on "
                        f"{pair} (KW-R6) with {live} unseen{tail}")))
                    continue
                p, why = distance_chance(race, d_now, outs_now, list(view.hand), view.unseen,
                                         True)
                safe.append(Ranked(act, p, f"win chance {p:.0%}: draw, {why}{tail}"))
            elif stopped():
                safe.append(not_evaluated(act))
            else:
                top = obs.discards[-1].card
                h9 = list(view.hand)
                h9[KOWAH.index(top)] += 1
                vals = after_discards(h9, False, "")
                if stopped():  # cut short: its discards were not all valued
                    safe.append(not_evaluated(act))
                    continue
                options = [(p, f, why) for f, (p, why) in vals.items()
                           if race.feeds(f) is None]
                if not options:
                    safe.append(Ranked(act, 0.0, f"take {top}: every discard after it "
                                                 f"hands a declared seat the win (KW-X4)"))
                    continue
                p, f, why = max(options, key=lambda t: t[0])
                safe.append(Ranked(act, p, f"win chance {p:.0%}: take {top}, discard {f}"
                                           f"{_given_back(obs, top, f)}: {why}"))
    else:  # declare: the shown pair whose wait has more unseen copies
        for act in acts:
            if act == "stay":
                safe.append(Ranked(act, 0.0, "undeclared, the hand cannot win this turn "
                                             "(R-no-declaration-win); it may declare after "
                                             "a later discard"))
                continue
            f = _card(act)
            live = view.unseen[KOWAH.index(f)]
            p = race.chance(0, 0, live, False)
            safe.append(Ranked(act, p, f"win chance {p:.0%}: wait {f} (KW-R6), {live} "
                                       f"unseen"))
    return safe, unsafe


# -- strong: the race ranking's best options played out in sampled deals --------------------
SEARCH_WORLDS = 24  # sampled deals per decision: the search budget, counted in work
SEARCH_CANDIDATES = 4  # the race ranking's best safe options that the search plays out
# Only options the race cannot tell apart are played out: within this share of its best.
# Measured (300 deals): letting the best share of 24 sampled deals decide between the four
# best, or between the close ones, lost to the race alone (29% and 34% against greedy):
# the search now overrules the race only on a significant difference. With that gate, 48
# deals measured no stronger than 24 (head to head with `heuristic`, 300 deals each).
CLOSE = 0.85


# The mean multiplier of a won deal (KW-K1: 3 self-draw, 2 discard, 1 draw), measured over
# 100 self-play deals of `heuristic` seats (1.63): it turns the race's chance to win into
# the expected multiplier won, the settlement the search ranks by.
TYPICAL_MULTIPLIER = 1.6
UNIT = "multiplier won a deal"
CITED = "KW-K1; "  # the rule the unit rests on, cited once in a reason's first figure


def as_settlement(r: Ranked) -> Ranked:
    """A race estimate (a chance to win) as the multiplier won a deal it is worth."""
    if not r.evaluated:
        return r
    v = r.value * TYPICAL_MULTIPLIER
    head, _, why = r.reason.partition(": ")
    chance = head.removeprefix("win chance ")
    if head.startswith("win chance ") and why:
        return Ranked(r.action, v, f"about {v:.2f} {UNIT} ({CITED}win chance {chance}): "
                                   f"{why}", settlement=v)
    return Ranked(r.action, v, r.reason)


def expert(obs: KowahObservation, seed: int | None = None) -> list[Ranked]:
    """`strong` with the analysis budget: more options played out in more sampled deals
    (EXPERT_WORLDS, EXPERT_CANDIDATES), still counted in work."""
    return strong(obs, seed, EXPERT_WORLDS, EXPERT_CANDIDATES)


EXPERT_WORLDS = 96
EXPERT_CANDIDATES = 6


def strong(obs: KowahObservation, seed: int | None = None, worlds: int = SEARCH_WORLDS,
           candidates: int = SEARCH_CANDIDATES) -> list[Ranked]:
    """Every action valued by the multiplier this seat can expect to win in the deal
    (KW-K1; a seat that does not win scores 0). The race ranking's best safe options (those
    it cannot tell apart) are played out in the same deals sampled from the observation
    (solver/kowah/search.py: the unseen copies dealt at random, every seat then playing the
    simulator's rollout policy to the end), each valued by the multiplier it wins a deal;
    the other safe options keep their race estimate (its chance times the typical
    multiplier), below the searched ones; a discard that a declared seat waits on loses at
    once (KW-X4) and ranks last. A search the safety cap or a cancelled call stops keeps
    the race ranking, its options to play out marked cut short."""
    safe, unsafe = race(obs)
    safe = [as_settlement(r) for r in ranked(safe)]
    unsafe = ranked(unsafe)
    top = safe[0].value if safe and safe[0].evaluated else 0.0
    cands = [r for r in safe if r.evaluated and r.value >= CLOSE * top][:candidates]
    if len(cands) < 2 or len(obs.hand_sizes) != SEATS:
        # Nothing to choose between, or no deal to sample: an observation given without
        # every seat's hand size (hand_sizes may be left out) is decided by the race.
        return safe + unsafe
    base = obs.seed() if seed is None else seed
    rng = random.Random(base)
    won: dict[str, list[int]] = {r.action: [] for r in cands}  # per sampled deal: multiplier
    for w in range(worlds):
        if stopped():
            done = len(won[cands[0].action])
            return [cut_short(r, done, worlds) if r in cands else r
                    for r in safe] + unsafe
        world = sample_world(obs, rng)
        for r in cands:
            deal = world.copy()
            deal.apply(r.action)
            deal.play_out(random.Random(f"{base}/{w}"))
            won[r.action].append(deal.multiplier if deal.winner == obs.seat else 0)
    # The race's choice stands unless another option wins significantly more of the same
    # deals (a paired test: the deals are shared, so their own luck cancels out). Between
    # options the race values alike, the deals played out decide.
    tied = [r for r in cands if r.value == cands[0].value]
    race_pick = max(tied, key=lambda r: sum(won[r.action]))
    better = [r for r in cands if r is not race_pick
              and paired_z(won[r.action], won[race_pick.action]) > SIGNIFICANT]
    pick = max(better, key=lambda r: sum(won[r.action])) if better else race_pick
    est = {a: _estimate(a, xs) for a, xs in won.items()}
    m_pick = est[pick.action].mean_score
    same = alike(est.values())
    out = []
    for r in cands:
        e = est[r.action]
        said = e.said(f"{UNIT} (KW-K1)", 2, alike=same[r.action], signed=False)
        if r is pick:
            value = e.mean_score
            higher = [o for o in cands if o is not r and o.action not in same[r.action]
                      and est[o.action].mean_score > m_pick]
            if higher:
                # a listed option shows a higher mean: say in the first clause why this
                # one still comes first (the significance gate keeps the race's choice)
                rival = max(higher, key=lambda o: est[o.action].mean_score)
                said += (f" (first by the race estimate, "
                         f"{_ahead(r.value, rival.value, _doing(rival.action))}, and no "
                         f"option wins surely more in the same deals)")
        else:
            value = max(0.0, min(e.mean_score, m_pick - RACE_TIE))
            if e.mean_score >= m_pick and pick.action not in same[r.action]:
                # said in the first clause: a short hint shows only it
                said += f" (not surely better than {_doing(pick.action)})"
        why = f"{_doing(r.action)}: {said}; race estimate {_race_tail(r.reason, chance=False)}"
        out.append(Ranked(r.action, value * (1 - RACE_TIE) + RACE_TIE * r.value, why,
                          settlement=e.mean_score))
    floor = min(x.value for x in out)
    for k, r in enumerate(safe[len(cands):]):
        if not r.evaluated:
            out.append(r)
            continue
        # below every option played out, in the race's own order (no ties among them)
        v = max(0.0, min(r.value, floor - RACE_TIE * (k + 1)))
        if r.action == "stay":  # no race estimate: an undeclared hand cannot win this turn
            out.append(Ranked(r.action, v, f"not played out: {_doing(r.action)}: {r.reason}; "
                                           f"listed after the {len(cands)} options played "
                                           f"out", settlement=r.settlement))
            continue
        out.append(Ranked(r.action, v, f"not played out: {_doing(r.action)} has the race "
                                       f"estimate {_race_tail(r.reason)}, lower than "
                                       f"those of the {len(cands)} options played out, "
                                       f"after which it is listed", settlement=r.settlement))
    return ranked(out) + unsafe


def _ahead(a: float, b: float, rival: str) -> str:
    """How race estimate `a` stands ahead of `b` (a rival's), in words a player reads: two
    decimals, as the other figures of a hint; "just ahead of" where two decimals show none
    of the difference (never "0.1696 against 0.1695", nor "0.17 against 0.17")."""
    mine, theirs = f"{a:.2f}", f"{b:.2f}"
    if mine != theirs:
        return f"{mine} against {theirs} for {rival}"
    return f"just ahead of {rival}, both about {mine}"


def _estimate(action: str, multipliers: list[int]) -> Estimate:
    e = Estimate(action)
    for m in multipliers:
        e.add(1.0 if m else 0.0, float(m))
    return e


RACE_TIE = 1e-3  # the race estimate breaks ties between equal shares of sampled wins


def _doing(action: str) -> str:
    """An action as the reason names it: 'discarding 7m', 'showing 9c 9c'."""
    verb, _, arg = action.partition(" ")
    return {"draw": "drawing", "take": "taking the discard", "stay": "staying silent",
            "discard": f"discarding {arg}", "declare": f"showing {arg}"}.get(verb, action)


def _race_tail(reason: str, chance: bool = True) -> str:
    """`about 0.56 multiplier won a deal (win chance 35%): 2 from ready, ...` as
    `0.56 (win chance 35%; 2 from ready, ...)`; without its `chance` where the share of
    sampled deals won stands beside it: the race's win chance, a rougher model's, read as a
    second answer to the same question (a player asked which of "wins about 46%" and "win
    chance 10%" to trust). Its value, which orders the options, stays."""
    head, _, tail = reason.partition(": ")
    if not tail:
        return reason
    value, _, said = head.removeprefix("about ").partition(f" {UNIT} (")
    return f"{value} ({said.rstrip(')').removeprefix(CITED)}; {tail})" if chance \
        else f"{value} ({tail})"


def greedy(obs: KowahObservation, rng: random.Random) -> str:
    """Take a discard that matches the hand, else draw; discard the loneliest card."""
    acts = legal_of(obs)
    hand = [f for f, n in zip(KOWAH.faces, obs.hand) for _ in range(n)]
    if obs.phase is Phase.DRAW:
        if "take" in acts:
            top = obs.discards[-1].card
            if top in hand or sum(1 for f in hand if _kind(f) == _kind(top)) >= 2:
                return "take"
        return "draw"
    if obs.phase is Phase.DISCARD:
        def company(a: str) -> int:
            f = _card(a)
            return sum(1 for g in hand if _kind(g) == _kind(f)) + hand.count(f)
        least = min(company(a) for a in acts)
        return rng.choice([a for a in acts if company(a) == least])
    return acts[0]


def _kind(f: Face) -> tuple[str, int]:
    return ("h", f.rank) if f.suit == "h" else ("r", f.rank)


def _card(action: str) -> Face:
    """The card a `discard` or `declare` action names, read once."""
    return parse_action(action, KOWAH, CARD_VERBS).cards[0]
