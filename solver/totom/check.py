"""Tổ Tôm hand verdicts: does a hand win, what does it score, what does it wait for.

The text-level entry points (`check_text`, `waits_text`) are what the CLI and the gRPC
server both call: they parse and validate every field, naming the field in any error.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from moneycards.solver.cards import Face, counted
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import ContextError, ImpossibleCards, InvalidInput
from moneycards.solver.rulebook import implements
from moneycards.solver.totom import rules as rules_mod
from moneycards.solver.totom.exact import partition_exact
from moneycards.solver.totom.model import partition_cpsat, partitions_cpsat
from moneycards.solver.totom.rules import CHI_CHI, TotomRules
from moneycards.solver.totom.scoring import (VIA_CHIU, VIA_DISCARD, VIA_OWN_DOOR, VIA_STOCK, VIAS,
                                             Score, WinContext, score)
from moneycards.solver.totom.shapes import CA, MIN_CHAN, Partition, pair_kind
from moneycards.solver.verdict import Violation

HAND_SIZE = 20

# The partition engines: the CP-SAT model and its exact twin give the same answers.
ENGINES = {"cpsat": partition_cpsat, "exact": partition_exact}


def partition(counts: Sequence[int], engine: str = "cpsat") -> Partition:
    return ENGINES[engine](counts)


def partitions(hands: Sequence[Sequence[int]], engine: str = "cpsat") -> list[Partition]:
    """The partitions of several hands; CP-SAT solves up to 16 of them in one solve."""
    if engine == "cpsat":
        return partitions_cpsat(hands)
    return [ENGINES[engine](h) for h in hands]


@dataclass(frozen=True)
class HandVerdict:
    hand: tuple[int, ...]
    partition: Partition
    wins: bool
    violations: tuple[Violation, ...]
    score: Score | None  # None when the hand does not win

    @property
    def points(self) -> int:
        return self.score.points if self.score else 0

    # What a hand that does not win answers: no rule scored it, no main bonus, no money.
    @property
    def scored_by(self) -> str | None:
        return self.score.rule if self.score else None

    @property
    def main_bonus(self) -> str | None:
        return self.score.main if self.score else None

    @property
    def settlement(self) -> dict[str, int]:
        return self.score.settlement if self.score else {"winner": 0, "each_loser": 0}

    @property
    def unpaired(self) -> list[str]:
        return [f.text for f in self.partition.left]

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": TOTOM.render(self.hand),
            "wins": self.wins,
            "pairs": self.partition.pair_texts(),
            "chan": self.partition.chan_count,
            "ca": self.partition.ca_count,
            "unpaired": self.unpaired,
            "violations": [{"rule": v.rule, "message": v.message} for v in self.violations],
            "points": self.points,
            "scored_by": self.scored_by,
            "main_bonus": self.main_bonus,
            "bonuses": [
                {"key": b.bonus.key, "name": b.bonus.name, "main": b.bonus.main,
                 "dich": b.bonus.dich, "count": b.count}
                for b in (self.score.bonuses if self.score else ())
            ],
            "settlement": self.settlement,
        }


@implements("TT-W6", "a win only on an exposed stock card or by a Chíu, never on a discard")
@implements("TT-W5", "won on Chi chi, the hand has exactly 6 Chắn and 4 Cạ")
@implements("TT-W4", "a hand wins when its 20 cards form 10 pairs with at least 6 Chắn")
def violations(counts: Sequence[int], part: Partition, ctx: WinContext,
               rules: TotomRules) -> list[Violation]:
    """Every rule a 20-card hand breaks as a win in this context (empty: it wins)."""
    out: list[Violation] = []
    if ctx.via == VIA_DISCARD:
        out.append(Violation("TT-W6", "a hand discard never wins; a win needs an exposed "
                                      "stock card or a Chíu"))
    if CHI_CHI in part.left:
        out.append(Violation("TT-D3", "a single Chi chi (1h) has no partner: it pairs only "
                                      "with another Chi chi and never forms a Cạ"))
    others = [f for f in part.left if f != CHI_CHI]
    if others:
        out.append(Violation("TT-W4", "cards without a pair: " + TOTOM.render(others)
                             + " (all 20 cards must form 10 pairs)"))
        split = [f for f in others if any(
            pair_kind(g, f) == CA and counts[TOTOM.index(g)] >= 2 for g in TOTOM.faces)]
        if split:
            out.append(Violation("TT-W3", "a Cạ for " + TOTOM.render(split)
                                 + " would need a card of an identical pair, and identical "
                                   "pairs are never split"))
    if part.chan_count < MIN_CHAN:
        out.append(Violation("TT-W4", f"only {part.chan_count} Chắn; a win needs at least "
                                      f"{MIN_CHAN}"))
    if ctx.win_card == CHI_CHI and rules.chi_chi_win_needs_six_four and not (
            part.chan_count == 6 and part.ca_count == 4):
        out.append(Violation("TT-W5", f"won on Chi chi, the hand needs exactly 6 Chắn and "
                                      f"4 Cạ, not {part.chan_count} and {part.ca_count}"))
    return out


def check_hand(counts: Sequence[int], ctx: WinContext | None = None,
               rules: TotomRules = rules_mod.SEED, engine: str = "cpsat",
               part: Partition | None = None) -> HandVerdict:
    """Verdict and score of a 20-card hand (validated by `validate`); `part`, when the
    caller already has the hand's partition from `partitions`."""
    ctx = ctx or WinContext()
    if part is None:
        part = partition(counts, engine)
    found = violations(counts, part, ctx, rules)
    sc = None if found else score(counts, part, ctx, rules)
    return HandVerdict(tuple(counts), part, not found, tuple(found), sc)


def validate(counts: Sequence[int], ctx: WinContext, *, size: int = HAND_SIZE,
             rules: TotomRules | None = None) -> None:
    """Reject contradictory or impossible requests (bad input, not a verdict); with `rules`,
    also a context only other rules can score (Thông, Địa ù: the traditional preset)."""
    total = sum(counts)
    if total == 0:
        raise ImpossibleCards("the hand is empty", field="hand")
    if total != size:
        raise ImpossibleCards(f"the hand has {counted(total, 'cards')}; a Tổ Tôm hand to "
                              f"check has {size}, 10 pairs", field="hand", rule="TT-W4")
    if ctx.thien_u:
        if ctx.win_card is not None:
            raise ContextError("a Thiên ù is the dealer's opening hand: it has no winning card",
                               field="thien_u", rule="TT-W7")
        if ctx.via is not None:
            raise ContextError("a Thiên ù has no winning card, so no way it came",
                               field="via", rule="TT-W7")
        if ctx.opening is not None and tuple(ctx.opening) != tuple(counts):
            raise ContextError("for a Thiên ù the opening hand is the hand itself",
                               field="opening", rule="TT-W7")
        if ctx.first_stock:
            raise ContextError("a Thiên ù is won on the dealt hand, before any stock card is "
                               "turned", field="first_stock", rule="TT-W7")
    if ctx.via is not None and ctx.via not in VIAS:
        raise InvalidInput(f"unknown way of winning {ctx.via!r}; choose one of: "
                           + ", ".join(VIAS), field="via")
    if ctx.via is not None and ctx.win_card is None:
        raise ContextError(f"a win via {ctx.via} needs the winning card", field="win_card")
    if ctx.win_card is not None:
        held = counts[TOTOM.index(ctx.win_card)]
        if held == 0:
            raise ContextError(f"the winning card {ctx.win_card} is not in the hand",
                               field="win_card")
        if ctx.via == VIA_CHIU and held != 4:
            raise ContextError(f"a Chíu win needs four of the winning face {ctx.win_card}, "
                               f"the hand holds {held}", field="via", rule="TT-P2")
    if ctx.opening is not None:
        dealt = sum(ctx.opening)
        if dealt not in (19, 20):
            raise ImpossibleCards(f"an opening hand has 19 cards (20 for the dealer), not "
                                  f"{dealt}", field="opening", rule="TT-S2")
        # The hand before its winning card, which came from outside it
        before = list(counts)
        if ctx.win_card is not None and not ctx.thien_u:
            before[TOTOM.index(ctx.win_card)] -= 1
        if ctx.win_card is not None:
            dealt_win = ctx.opening[TOTOM.index(ctx.win_card)]
            if dealt_win == TOTOM.copies:
                raise ContextError(f"the opening hand already held all four {ctx.win_card}, "
                                   f"so none was left to win on", field="opening",
                                   rule="TT-D1")
            if ctx.via == VIA_CHIU and dealt_win != 3:
                # concealed cards are dealt ones: captures lay theirs face up (TT-T2)
                raise ContextError(
                    f"a Chíu claims the fourth {ctx.win_card} beside three concealed ones, "
                    f"and concealed cards were dealt, but the opening hand held {dealt_win}",
                    field="opening", rule="TT-P2")
        refuse_broken_pairs(before, ctx.opening,
                            "" if ctx.win_card is None else " before its winning card")
        grown = [f for f, was, n in zip(TOTOM.faces, ctx.opening, counts) if was == 3 and n == 4]
        if grown and ctx.win_card is None:
            raise ContextError(
                f"the opening hand held three {grown[0]} and the hand holds four: the fourth "
                f"scores Bòn if it joined before the win and Chíu ù if it is the winning "
                f"card, so give the winning card", field="win_card", rule="R-Bòn-triple")
    if ctx.first_stock and ctx.win_card is None:  # via is None too: it needs a card
        raise ContextError("a win on the first stock card needs that card: give the "
                           "winning card", field="win_card")
    refuse_first_stock_via(ctx)
    if rules is not None:
        refuse_unscored(ctx, rules)


def refuse_first_stock_via(ctx: WinContext) -> None:
    """A win on the first stock card (Địa ù) is a win on a stock card: via own-door or
    stock, never a discard or a Chíu of one."""
    if ctx.first_stock and ctx.via not in (VIA_OWN_DOOR, VIA_STOCK):
        raise ContextError(f"a win on the first stock card comes via own-door or stock, not "
                           f"via {ctx.via}", field="first_stock")


def refuse_broken_pairs(hand: Sequence[int], opening: Sequence[int], when: str) -> None:
    """Every pair of the opening hand is still in the hand (TT-C2: a dealt pair is never
    broken; ăn bòn exposes one of its cards with the card it captures, in the hand still)."""
    for i, was in enumerate(opening):
        if hand[i] < was - was % 2:
            raise ContextError(
                f"the opening hand held {was} {TOTOM.faces[i]}, but the hand{when} holds "
                f"{hand[i]}: a dealt pair is never broken", field="opening", rule="TT-C2")


def refuse_unscored(ctx: WinContext, rules: TotomRules) -> None:
    """Thông and Địa ù exist only in some rules (the traditional preset): asked for under
    others, they would silently score nothing, so the request is refused."""
    if not rules.thong_and_dia_u:
        for flag, bonus in (("won_previous", "Thông"), ("first_stock", "Địa ù")):
            if getattr(ctx, flag):
                raise ContextError(f"{bonus} is scored only under the traditional rules, not "
                                   f"{rules.preset}: give those rules or leave it out",
                                   field=flag)


def _parse_face(text: str | None, field: str) -> Face | None:
    if not text:
        return None
    faces = TOTOM.parse(text, field=field)
    if len(faces) != 1:
        raise InvalidInput(f"expected exactly one card, got {len(faces)} in {text!r}",
                           field=field)
    return faces[0]


def parse_context(*, win_card: str | None = None, via: str | None = None,
                  thien_u: bool = False, opening: str | None = None,
                  won_previous: bool = False, first_stock: bool = False) -> WinContext:
    card = _parse_face(win_card, "win_card")
    if card is not None and via is None:
        via = VIA_STOCK  # the neutral default: another seat's exposed stock card
    return WinContext(
        win_card=card,
        via=via or None,
        thien_u=thien_u,
        opening=TOTOM.parse_counts(opening, field="opening") if opening else None,
        won_previous=won_previous,
        first_stock=first_stock,
    )


def _engine(engine: str) -> str:
    if engine not in ENGINES:
        raise InvalidInput(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}",
                           field="engine")
    return engine


def check_text(hand: str, *, rules: str | TotomRules | None = None, engine: str = "cpsat",
               **context: Any) -> HandVerdict:
    """Parse, validate and check a hand given as notation text."""
    counts = TOTOM.parse_counts(hand, field="hand")
    ctx = parse_context(**context)
    chosen = rules_mod.preset(rules)
    validate(counts, ctx, rules=chosen)
    return check_hand(counts, ctx, chosen, _engine(engine))


@dataclass(frozen=True)
class Wait:
    card: Face
    points: int
    unseen: int
    verdict: HandVerdict


def find_waits(counts: Sequence[int], ctx: WinContext, seen: Sequence[int],
               rules: TotomRules = rules_mod.SEED, engine: str = "cpsat") -> list[Wait]:
    """Every face that completes a 19-card hand into a win in this context (TT-W4–W6)."""
    candidates: list[tuple[int, list[int]]] = []
    for i in range(len(TOTOM.faces)):
        held = counts[i]
        if held >= TOTOM.copies:
            continue
        if ctx.via == VIA_CHIU and held != 3:
            continue  # a Chíu claims the fourth copy of a held triple (TT-P2)
        if ctx.via == VIA_CHIU and ctx.opening is not None and ctx.opening[i] != 3:
            continue  # ... a concealed triple, and concealed cards were dealt
        full = list(counts)
        full[i] += 1
        candidates.append((i, full))
    # One batched solve for every candidate instead of one solve each (a solve's fixed
    # cost is most of it).
    parts = partitions([full for _, full in candidates], engine)
    out: list[Wait] = []
    for (i, full), part in zip(candidates, parts):
        f = TOTOM.faces[i]
        verdict = check_hand(full, replace(ctx, win_card=f), rules, engine, part)
        if verdict.wins:
            out.append(Wait(f, verdict.points, TOTOM.copies - counts[i] - seen[i], verdict))
    return out


def waits_text(hand: str, *, seen: str | None = None, via: str | None = None,
               opening: str | None = None, rules: str | TotomRules | None = None,
               engine: str = "cpsat",
               won_previous: bool = False, first_stock: bool = False) -> list[Wait]:
    counts = TOTOM.parse_counts(hand, field="hand")
    total = sum(counts)
    if total == 0:
        raise ImpossibleCards("the hand is empty", field="hand")
    if total != HAND_SIZE - 1:
        raise ImpossibleCards(f"the hand has {counted(total, 'cards')}; waits are for a hand of "
                              f"{HAND_SIZE - 1} (one card short of 10 pairs)", field="hand",
                              rule="TT-W4")
    seen_faces = TOTOM.parse(seen, field="seen") if seen else []
    seen_counts = TOTOM.counts(seen_faces, field="seen")
    for i, f in enumerate(TOTOM.faces):
        if counts[i] + seen_counts[i] > TOTOM.copies:
            raise ImpossibleCards(f"{f}: {counts[i]} in the hand and {seen_counts[i]} seen, but "
                                  f"the deck holds {TOTOM.copies}", field="seen")
    via = via or VIA_STOCK
    if via not in VIAS:
        raise InvalidInput(f"unknown way of winning {via!r}; choose one of: " + ", ".join(VIAS),
                           field="via")
    opening_counts = TOTOM.parse_counts(opening, field="opening") if opening else None
    if opening_counts is not None and sum(opening_counts) not in (19, 20):
        raise ImpossibleCards(f"an opening hand has 19 cards (20 for the dealer), not "
                              f"{sum(opening_counts)}", field="opening", rule="TT-S2")
    if opening_counts is not None:
        refuse_broken_pairs(counts, opening_counts, "")
    ctx = WinContext(via=via, opening=opening_counts, won_previous=won_previous,
                     first_stock=first_stock)
    refuse_first_stock_via(ctx)
    chosen = rules_mod.preset(rules)
    refuse_unscored(ctx, chosen)
    return find_waits(counts, ctx, seen_counts, chosen, _engine(engine))
