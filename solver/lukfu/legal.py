"""Luk Fu legality of leads and follows (LF-L1–L5, LF-F1), claims and the end of the
hands (LF-W2–W4) and settlement (LF-K2–K4), each written once with its id: the engine
(solver/lukfu/table.py), the observation check (solver/lukfu/facts.py), the text questions
(solver/lukfu/check.py) and the old-card proof call these. (The search's simulator,
solver/lukfu/search.py, keeps fast twins over card numbers, each naming the rule here.)"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Collection, Iterable

from moneycards.solver.cards import Face
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput
from moneycards.solver.lukfu.plays import (SEED_RULES, SINGLE, SUIT_RANK, LukFuRules, Play,
                                           beating_plays, compare, described,
                                           passed_master_may_not_lead, plays_in)
from moneycards.solver.lukfu import SEATS
from moneycards.solver.lukfu.record import HAND_SIZE, ROLES
from moneycards.solver.lukfu.observation import LukFuVerb as V
from moneycards.solver.rulebook import data, implements
from moneycards.solver.table import Action, make_action

WIN_FU = 6  # LF-W2
# R-settle-zero: what a drawn deal and a redeal settle, seat by seat.
NO_SETTLEMENT: tuple[int, ...] = (0,) * SEATS
data("R-settle-zero", "a drawn deal and a redeal settle 0 for everyone", __name__,
     "NO_SETTLEMENT")
# LF-W1, LF-W2: a seat's fu are its own cards (of its winning plays, and old cards in its
# hand at the claim), and it is dealt 12 (LF-C1).
MAX_FU = HAND_SIZE


@dataclass(frozen=True)
class Legality:
    legal: bool
    rule: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "rule": self.rule, "reason": self.reason}


def _not_held(cards: Iterable[Face], hand: Collection[Face]) -> list[Face]:
    return [f for f in cards if f not in hand]


@implements("LF-L4", "the caller may lead an old single at any time")
@implements("LF-L3", "a non-caller leads an old single only when every card it holds is old")
def check_lead(play: Play, hand: Collection[Face], role: str, old: Collection[Face],
               rules: LukFuRules = SEED_RULES) -> Legality:
    """Is leading `play` legal for a seat of `role` holding `hand`, `old` its old cards?"""
    if role not in ROLES:
        raise InvalidInput(f"unknown role {role!r}; choose one of: {', '.join(ROLES)}",
                           field="role")
    missing = _not_held(play.cards, hand)
    if missing:
        return Legality(False, "LF-L1", f"{', '.join(map(str, missing))} not in the hand")
    if role == "master-passed" and passed_master_may_not_lead(play):
        return Legality(False, "LF-L2", "a master who passed may not lead a set of four or a "
                                        "run of four or more, at any lead of the deal "
                                        "(R-master-lead)")
    all_old = all(f in old for f in hand)
    if role != "caller" and play.kind == SINGLE and play.cards[0] in old and not all_old:
        return Legality(False, "LF-L3", f"{play} is old: a seat that is not the caller leads "
                                        f"an old single only when every card it holds is old")
    if role != "caller" and rules.strict_non_caller_leads and not all_old:
        if not usual_lead(play, hand, old):
            return Legality(False, "R-lead-advice", "strict leads: a non-caller leads a single "
                                                    "card that is not old from the highest "
                                                    "suit holding one")
    if role == "caller" and play.kind == SINGLE and play.cards[0] in old:
        return Legality(True, "LF-L4", f"the caller may lead the old single {play} at any time")
    if play.kind == SINGLE and play.cards[0] in old:  # a non-caller whose cards are all old
        return Legality(True, "LF-L3", f"{play} is old, and so is every card the seat holds: "
                                       f"it may lead it")
    return Legality(True, "LF-L1", f"{described(play)}: a legal lead")


def usual_lead(play: Play, hand: Iterable[Face], old: Collection[Face]) -> bool:
    """R-lead-advice: the lead the page calls a non-caller's usual one, a single that is not
    old from the highest suit holding such a card (a rule under strict_non_caller_leads,
    else a hint's reason)."""
    fresh = [f for f in hand if f not in old]
    return bool(fresh) and play.kind == SINGLE and play.cards[0] not in old \
        and SUIT_RANK[play.suit] == max(SUIT_RANK[f.suit] for f in fresh)


@implements("LF-F1", "each follower must beat the best play if it can, else discards as "
                    "many face down")
def must_beat(hand: Iterable[Face], best: Play, rules: LukFuRules = SEED_RULES) -> list[Play]:
    """The plays of `hand` that beat `best`: a follower holding any must play one of them;
    holding none, it goes face down with as many cards as `best`."""
    return beating_plays(hand, best, rules)


def check_follow(play: Play | None, down: Collection[Face], hand: Collection[Face], best: Play,
                 rules: LukFuRules = SEED_RULES) -> Legality:
    """Is this follow legal: `play` face up, or the cards `down` face down (play None)?"""
    able = must_beat(hand, best, rules)
    if play is not None:
        missing = _not_held(play.cards, hand)
        if missing:
            return Legality(False, "LF-F1", f"{', '.join(map(str, missing))} not in the hand")
        c = compare(play, best, rules)
        if not c.beats:
            return Legality(False, c.rule, f"{play} does not beat {best}: {c.reason}")
        return Legality(True, c.rule, f"{play} beats {best}: {c.reason}")
    missing = _not_held(down, hand)
    if missing:
        return Legality(False, "LF-F1", f"{', '.join(map(str, missing))} not in the hand")
    if len(down) != best.size:
        return Legality(False, "LF-F1", f"face down goes the same number of cards as the play "
                                        f"to beat ({best.size}), not {len(down)}")
    if able:
        return Legality(False, "LF-F1", f"the hand can beat {best} (with {able[0]}), so it must")
    return Legality(True, "LF-F1", f"nothing in the hand beats {best}: {len(down)} face down")


@implements("LF-W2", "about to lead, a seat whose fu and old cards reach six may claim")
def may_claim(fu: int, old: int) -> bool:
    """Whether `fu` won and `old` old cards held reach the six a claim needs; that the seat
    is about to lead is checked where the claim is offered."""
    return fu + old >= WIN_FU


@implements("LF-W3", "a seat may play on instead of claiming")
def legal_actions(hand: Collection[Face], best: Play | None, role: str, rules: LukFuRules,
                  old: Callable[[], Collection[Face]],
                  claim: Callable[[], bool]) -> list[Action]:
    """The actions of the seat to act once the calls are over: a follow that beats `best`,
    else as many cards face down (LF-F1); about to lead, its legal leads, with "claim"
    first when `claim()` allows it (LF-W2) — it may lead instead (LF-W3) — and "end" in
    place of the leads once its hand is empty. `old` gives its old cards; both are asked
    only when leading."""
    if best is not None:
        able = must_beat(hand, best, rules)
        if able:
            return [make_action(LUKFU, V.FOLLOW, *p.cards) for p in able]
        return [make_action(LUKFU, V.DOWN, *c) for c in combinations(sorted(hand), best.size)]
    acts = [_CLAIM] if claim() else []
    if not hand:
        return acts + [_END]
    held_old = old()
    return acts + [make_action(LUKFU, V.LEAD, *p.cards) for p in plays_in(hand)
                   if check_lead(p, hand, role, held_old, rules).legal]


_CLAIM, _END = make_action(LUKFU, V.CLAIM), make_action(LUKFU, V.END)
# The calls (LF-C2): each seat says play or pass.
CALLS = tuple(make_action(LUKFU, V.CALL, word=w) for w in V.CALL.words)


@implements("R-claim-timing", "a seat that played on past a claim has none when the hands "
                              "run out")
@implements("LF-W4", "the hands run out with no one at six fu: the deal is drawn")
def drawn_at_end(fu: int, played_on: bool, anyone_played_on: bool = False) -> str | None:
    """When the last trick's winner, with `fu` won, is about to lead on empty hands: the rule
    that draws the deal, or None when it may claim (it played on past an earlier claim:
    `played_on`). Below six, LF-W4 when no seat ever could claim; when one could and played
    on (`anyone_played_on`), R-claim-timing: a seat had reached six, so LF-W4's "no one
    has reached six fu" does not hold."""
    if fu < WIN_FU:
        return "R-claim-timing" if anyone_played_on else "LF-W4"
    if played_on:
        return "R-claim-timing"
    return None


def win_points(fu: int) -> int:
    """LF-K2: what a win of `fu` fu (six or more) is worth, the amount each loser owes."""
    return 1 + (fu - WIN_FU)


@implements("LF-K4", "results show net points, no cash (a drawn deal: R-settle-zero)")
@implements("LF-K3", "ordinary losers pay the amount; a losing caller pays both shares")
@implements("LF-K2", "six fu are worth 1 point, plus 1 per fu over six")
@implements("LF-K1", "scored as Tsoi's recorded three-player game")
def settle(fu: int, winner: int, caller: int) -> list[int]:
    """LF-K2–K3: net points per seat for a win of `fu` fu."""
    for name, seat in (("winner", winner), ("caller", caller)):
        if not 0 <= seat < SEATS:
            raise InvalidInput(f"seat must be 0, 1 or 2, not {seat}", field=name)
    if fu < 0:
        raise InvalidInput(f"fu cannot be negative ({fu})", field="fu")
    if fu < WIN_FU:
        raise InvalidInput(f"a win needs at least {WIN_FU} fu, not {fu}", field="fu",
                           rule="LF-W2")
    if fu > MAX_FU:
        raise InvalidInput(f"{fu} fu is more than a seat can have: its fu are its own cards "
                           f"(won in tricks or old in its hand), and it is dealt {MAX_FU}",
                           field="fu", rule="LF-W2")
    points = win_points(fu)
    net = [0] * SEATS
    if winner == caller:
        for s in range(SEATS):
            net[s] = 2 * points if s == winner else -points
    else:  # LF-K3: the losing caller pays both shares
        net[winner], net[caller] = 2 * points, -2 * points
    return net
