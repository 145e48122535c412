"""Luk Fu plays: singles, sets and runs (LF-L1), and which play beats which (LF-F2–F5).

Cards are faces of the 36-card deck (one copy each). A Play is an immutable sorted tuple
of faces with its kind; `classify` rejects anything else with the rule it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

from moneycards.solver.cards import Face, face
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput
from moneycards.solver.lukfu.rules import SEED_RULES as SEED_RULES, LukFuRules as LukFuRules
from moneycards.solver.rulebook import data, implements

SUIT_RANK = {"c": 0, "s": 1, "m": 2, "t": 3}  # LF-D1: Coins < Strings < Myriads < Tens
MAU_GUNG = face("1c")  # LF-D3
BAK_CHI = face("1t")
NAMED_ONES = {MAU_GUNG: "Mau Gung", BAK_CHI: "Bak Chi"}
data("LF-D3", "Coin 1 is Mau Gung, Tens 1 is Bak Chi", __name__, "NAMED_ONES")
UNBEATABLE_SINGLES = frozenset({MAU_GUNG, BAK_CHI})  # LF-F5
data("LF-F5", "Mau Gung and Bak Chi led alone cannot be beaten", __name__,
     "UNBEATABLE_SINGLES")
FIXED_OLD = frozenset(f for f in LUKFU.faces if f.rank == 9) | {MAU_GUNG, BAK_CHI}  # LF-O1
data("LF-O1", "the four 9s, Mau Gung and Bak Chi are always old", __name__, "FIXED_OLD")


@implements("LF-D2", "within a suit 9 is high and 1 is low")
@lru_cache(maxsize=None)
def higher_in_suit(f: Face) -> tuple[Face, ...]:
    """The cards of `f`'s suit above it, lowest first."""
    return tuple(g for g in LUKFU.faces if g.suit == f.suit and g.rank > f.rank)

SINGLE, SET, RUN = "single", "set", "run"


class PlayError(InvalidInput):
    """Cards that are not a play (LF-L1)."""


@dataclass(frozen=True)
class Play:
    cards: tuple[Face, ...]  # sorted, distinct
    kind: str

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def rank(self) -> int:
        """A set's rank; a run's top rank; a single's rank."""
        return max(f.rank for f in self.cards)

    @property
    def suit(self) -> str:
        """A single's or a run's suit (a set has none)."""
        return self.cards[0].suit

    @property
    def text(self) -> str:
        return LUKFU.render(self.cards)

    def __str__(self) -> str:
        return self.text


@implements("LF-L1", "a lead is a single, a set of three or four, or a run of three or more")
def classify(cards: Sequence[Face], *, field: str | None = None,
             typed: str | None = None) -> Play:
    """The play these cards make, or PlayError naming the rule (LF-L1); an error quotes
    the cards as `typed` where given (891c, where the sorted 189c hides the wrap)."""
    cs = tuple(sorted(cards))
    text = typed or (LUKFU.render(cs) if cs else "(nothing)")
    if not cs:
        raise PlayError("a play needs at least one card", field=field, rule="LF-L1")
    if len(set(cs)) != len(cs):
        raise PlayError(f"{text} names a card twice; the deck holds one of each", field=field,
                        rule="LF-D1")
    if len(cs) == 1:
        return Play(cs, SINGLE)
    ranks = [f.rank for f in cs]
    suits = {f.suit for f in cs}
    if len(set(ranks)) == 1:
        if len(cs) == 2:
            raise PlayError(f"{text} is a pair, and pairs are never played", field=field,
                            rule="LF-L1")
        return Play(cs, SET)  # 3 or 4 cards: only four suits exist
    if len(suits) > 1:
        raise PlayError(f"{text} mixes ranks and suits: a run is one suit, a set one rank",
                        field=field, rule="LF-L1")
    if len(cs) == 2:
        raise PlayError(f"{text}: two cards are never a play (a run needs three)",
                        field=field, rule="LF-L1")
    ordered = sorted(ranks)
    if ordered != list(range(ordered[0], ordered[0] + len(ordered))):
        raise PlayError(f"{text} is not a run: ranks must be consecutive, 1–9 without "
                        f"wrapping", field=field, rule="LF-L1")
    return Play(cs, RUN)


def repeated_card(faces: list[Face]) -> str | None:
    """What is wrong with cards that name one twice or more (LF-D1: one of each), else
    None: '5c appears 5 times; the Luk Fu deck holds one of each card'."""
    dup = next((f for f in faces if faces.count(f) > 1), None)
    if dup is None:
        return None
    n = faces.count(dup)
    return (f"{dup} appears {'twice' if n == 2 else f'{n} times'}; the Luk Fu deck holds one "
            "of each card")  # as LUKFU.counts says it


def parse_play(text: str, *, field: str = "play") -> Play:
    faces = LUKFU.parse(text, field=field)
    repeated = repeated_card(faces)
    if repeated:
        raise PlayError(repeated, field=field, rule="LF-D1")
    return classify(faces, field=field, typed=" ".join(text.split()))


def described(play: Play) -> str:
    """The kind and size of a play in words: "a single card", "a run of 3 cards"."""
    return "a single card" if play.kind == SINGLE else f"a {play.kind} of {play.size} cards"


@implements("LF-L2", "a master who passed leads no set of four and no run of four or more")
def passed_master_may_not_lead(play: Play) -> bool:
    """Whether LF-L2 bars `play` to a master who passed (R-master-lead: every lead of it)."""
    return (play.kind == SET and play.size == 4) or (play.kind == RUN and play.size >= 4)


@dataclass(frozen=True)
class Comparison:
    beats: bool
    rule: str
    reason: str


@implements("LF-F4", "a run is beaten by a higher top card in its suit, or a higher suit")
@implements("LF-F3", "a set is beaten by a higher set of its size; a led set of 1s only by 9s")
@implements("LF-F2", "a single is beaten by a higher card of the same suit")
def compare(play: Play, best: Play, rules: LukFuRules = SEED_RULES) -> Comparison:
    """Does `play` beat `best` (the led play, or the best follow so far)?"""
    if best.kind == SINGLE and best.cards[0] in UNBEATABLE_SINGLES and best.size == 1:
        return Comparison(False, "LF-F5", f"{best} led alone cannot be beaten")
    if play.kind != best.kind or play.size != best.size:
        rule = {SINGLE: "LF-F2", SET: "LF-F3", RUN: "LF-F4"}[best.kind]
        if best.kind == SINGLE:
            return Comparison(False, rule, "a single card is beaten only by a single card")
        if play.kind != best.kind:  # a set against a run of its size, or the other way
            return Comparison(False, rule, f"{described(best)} is beaten only by a "
                                           f"{best.kind}, not by a {play.kind}")
        return Comparison(False, rule, f"{described(best)} is beaten only by a {best.kind} of "
                                       f"the same number of cards")
    if play.kind == SINGLE:
        if play.suit != best.suit:
            return Comparison(False, "LF-F2", "a single is beaten only by a higher card of "
                                              "its suit")
        ok = play.rank > best.rank
        return Comparison(ok, "LF-F2", f"{play} is {'higher' if ok else 'not higher'} than "
                                       f"{best} in the same suit")
    if play.kind == SET:
        if best.rank == 1 and rules.ace_sets_beaten_only_by_nines:
            ok = play.rank == 9
            return Comparison(ok, "LF-F3", "a led set of 1s is beaten only by 9s"
                              + ("" if ok else f", not {play.rank}s"))
        ok = play.rank > best.rank
        return Comparison(ok, "LF-F3", f"a set of {play.rank}s is "
                                       f"{'higher' if ok else 'not higher'} than {best.rank}s")
    # Runs (LF-F4): higher suit wins outright; same suit by the top card.
    if SUIT_RANK[play.suit] > SUIT_RANK[best.suit]:
        return Comparison(True, "LF-F4", f"a run in a higher suit ({play.suit} over "
                                         f"{best.suit}) beats any run of its length")
    if play.suit == best.suit and play.rank > best.rank:
        return Comparison(True, "LF-F4", f"a higher top card ({play.rank} over {best.rank}) "
                                         f"in the same suit")
    return Comparison(False, "LF-F4", "a run is beaten only by a higher top card in its suit "
                                      "or by a run in a higher suit")


def beats(play: Play, best: Play, rules: LukFuRules = SEED_RULES) -> bool:
    return compare(play, best, rules).beats


def plays_in(hand: Iterable[Face], size: int | None = None) -> list[Play]:
    """Every play (LF-L1) that can be made from `hand`, optionally of one size."""
    cards = sorted(hand)
    out: list[Play] = []
    if size in (None, 1):
        out += [Play((f,), SINGLE) for f in cards]
    by_rank: dict[int, list[Face]] = {}
    by_suit: dict[str, set[int]] = {}
    for f in cards:
        by_rank.setdefault(f.rank, []).append(f)
        by_suit.setdefault(f.suit, set()).add(f.rank)

    for _, fs in sorted(by_rank.items()):
        for k in (3, 4):
            if size in (None, k) and len(fs) >= k:
                out += [Play(tuple(sorted(c)), SET) for c in combinations(fs, k)]
    for suit, ranks in sorted(by_suit.items(), key=lambda kv: SUIT_RANK[kv[0]]):
        for lo in range(1, 10):
            for hi in range(lo + 2, 10):
                if not all(r in ranks for r in range(lo, hi + 1)):
                    break
                if size in (None, hi - lo + 1):
                    run = tuple(Face("csmth".index(suit), r) for r in range(lo, hi + 1))
                    out.append(Play(run, RUN))
    return out


def beating_plays(hand: Iterable[Face], best: Play, rules: LukFuRules = SEED_RULES) -> list[Play]:
    return [p for p in plays_in(hand, best.size) if beats(p, best, rules)]


@lru_cache(maxsize=4096)
def beaters_of(best: Play, rules: LukFuRules = SEED_RULES) -> tuple[Play, ...]:
    """Every play of the whole deck that beats `best` (used by the old-card proofs)."""
    return tuple(beating_plays(LUKFU.faces, best, rules))
