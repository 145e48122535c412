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
from collections.abc import Sequence
from typing import Any

from moneycards.solver.cards import KOWAH, Face
from moneycards.solver.ranking import Ranked, capped, legal_of, not_evaluated, ranked, stopped
from moneycards.solver.table import parse_action
from moneycards.solver.kowah.exact import ready_slots
from moneycards.solver.kowah.observation import CARD_VERBS, KowahObservation, Phase

NF = len(KOWAH.faces)
C = KOWAH.copies + 1  # slot key = face * C + copy number


def seen_elsewhere(obs: KowahObservation) -> list[int]:
    """Per face, the copies this seat knows are out of the stock and not in its hand: the
    discard pile, and what each other seat is known to hold — its shown pair, and the cards
    it took from the pile or drew publicly (KW-X3), less what it discarded after."""
    me = obs.seat
    seen = [0] * NF
    events = []  # (turn, 0 gain / 1 discard, seat, face): a take is in the turn after
    for d in obs.discards:
        f = KOWAH.index(d.card)
        events.append((d.turn, 1, d.seat, f))
        if d.taken_by is None:
            seen[f] += 1  # still in the pile
        else:
            events.append((d.turn + 1, 0, d.taken_by, f))
    for p in obs.public_draws:
        events.append((p.turn, 0, p.seat, KOWAH.index(p.card)))
    known = {s: [0] * NF for s in range(3) if s != me}
    for _, kind, seat, f in sorted(events):
        if seat == me:
            continue
        if kind == 0:
            known[seat][f] += 1
        elif known[seat][f]:
            known[seat][f] -= 1  # it may have let the known copy go
    for seat, face in obs.declared.items():
        if seat != me:
            f = KOWAH.index(face)
            known[seat][f] = max(known[seat][f], 2)
    for held in known.values():
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
        import numpy as np

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
    import numpy as np

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
    ready_slots()


def hint(obs: KowahObservation, budget_ms: float = 2000.0,
         seed: int | None = None) -> list[Ranked]:
    """The strong ranking under a wall-clock safety cap of `budget_ms`."""
    warm_up()
    with capped(budget_ms):
        return strong(obs, seed=seed)


def heuristic(obs: KowahObservation, seed: int | None = None) -> list[Ranked]:
    """The one-ply ranking: distance to ready and live outs after each action (the
    strong player before the search; kept as the `heuristic` level)."""
    acts = legal_of(obs)
    view = View(obs)
    out = []
    phase = obs.phase
    if phase is Phase.DRAW:
        d_now, outs_now = view.evaluate(view.hand, view.unseen)
        for act in acts:
            if act == "draw":
                out.append(Ranked(act, _value(d_now, outs_now) + 0.0005,
                                  f"draw: {d_now} from ready, {outs_now} live cards help"))
            elif stopped():
                out.append(not_evaluated(act))
            else:
                top = obs.discards[-1].card
                h9 = list(view.hand)
                h9[KOWAH.index(top)] += 1
                vals = discard_values(view, h9, view.unseen)
                face, (d, o) = min(vals.items(), key=lambda kv: (kv[1][0], -kv[1][1]))
                out.append(Ranked(act, _value(d, o), f"take {top}, discard {face}: {d} from "
                                                     f"ready, {o} live cards help"))
    elif phase is Phase.DISCARD:
        vals = discard_values(view, view.hand, view.unseen)
        for act in acts:
            f = _card(act)
            d, o = vals[f]
            why = "ready after it" if d == 0 else f"{d} from ready, {o} live cards help"
            out.append(Ranked(act, _value(d, o), why))
    else:  # declare: the shown pair whose wait has more unseen copies
        for act in acts:
            if act == "stay":
                out.append(Ranked(act, -1.0, "a declared hand wins on its wait: declare"))
                continue
            f = _card(act)
            live = view.unseen[KOWAH.index(f)]
            out.append(Ranked(act, live, f"wait {f}: {live} unseen"))
    return ranked(out)


def strong(obs: KowahObservation, seed: int | None = None) -> list[Ranked]:
    return heuristic(obs, seed)


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
