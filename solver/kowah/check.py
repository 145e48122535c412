"""Kowah verdicts: readiness, splits, waits and distance (KW-R), and wins (KW-K1).

`check_text` and `win_text` parse and validate every field (errors name it); the CLI and
the gRPC server both call them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from moneycards.solver.cards import Face, counted
from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import ContextError, ImpossibleCards, InvalidInput
from moneycards.solver.kowah.model import Distance, distance_cpsat, splits_cpsat
from moneycards.solver.kowah.exact import splits_exact
from moneycards.solver.kowah.shapes import Split, structural_splits, two_two_one
from moneycards.solver.rulebook import data
from moneycards.solver.verdict import Violation

HAND_SIZE = 8  # KW-T1, KW-R4

# KW-K1: the win multiplier by how the winning card came.
MULTIPLIERS = {"self-draw": 3, "draw": 1, "discard": 2}
# How a win came, as KW-K1 words it ("on a card another seat drew"): a bare "by draw" read
# as a drawn deal (KW-K2).
WON = {"self-draw": "by self-draw", "draw": "from another seat's draw",
       "discard": "from a discard"}


def won_by(via: str, whose: str) -> str:
    """How a win came, naming whose draw or discard it was (`whose`: "Ana's", "your"):
    "another seat's draw" read, on the drawer's own screen, as someone else's."""
    return WON[via] if via == "self-draw" else f"from {whose} {via}"


data("KW-K1", "the win multiplier: self-draw x3, another seat's draw x1, a discard x2",
     __name__, "MULTIPLIERS")


@dataclass(frozen=True)
class ReadyVerdict:
    hand: tuple[int, ...]
    splits: tuple[Split, ...]
    violations: tuple[Violation, ...]
    distance: Distance | None  # None only when no ready hand can be built from what is left
    unseen: tuple[int, ...]  # per face: copies neither held nor seen

    @property
    def ready(self) -> bool:
        return bool(self.splits)

    @property
    def waits(self) -> list[Face]:
        return sorted({s.wait for s in self.splits})

    def to_dict(self) -> dict[str, Any]:
        d = self.distance
        return {
            "hand": KOWAH.render(self.hand),
            "ready": self.ready,
            "splits": [s.to_dict() for s in self.splits],
            "waits": [f.text for f in self.waits],
            "unseen_waits": {f.text: self.unseen[KOWAH.index(f)] for f in self.waits},
            "violations": [{"rule": v.rule, "message": v.message} for v in self.violations],
            "distance": d.exchanges if d else None,
            "exchange": {"discard": [f.text for f in d.discard], "draw": [f.text for f in d.draw],
                         "target": d.target.to_dict()} if d else None,
        }


def why_not_ready(counts: Sequence[int]) -> list[Violation]:
    """The rules an eight-card hand that is not ready breaks."""
    if not any(n >= 2 for n in counts):
        return [Violation("KW-R3", "no two identical cards to show as the pair"),
                Violation("KW-R4", "the eight cards do not form two triplets and a pair")]
    shaped = structural_splits(counts)
    if shaped:  # every shape fails only the 2-2-1 rule: name the triplet that fails it
        bad = shaped[0]
        failing = next(t for t in bad.triplets if not two_two_one(bad.pair, t))
        both = all(t.faces[0].rank == bad.pair.rank and t.faces[0].suit != "h"
                   for t in bad.triplets)
        five = KOWAH.render([*failing.faces, bad.pair, bad.pair])
        return [Violation("KW-R5", f"the pair {KOWAH.render([bad.pair] * 2)} shares its rank "
                                   f"with the triplet {failing.text}, and {five} is not two "
                                   f"of one suit, two of another and one of the third"
                                   + (" (with both triplets of its rank, each must be: "
                                      "R-one-triplet-rule)" if both else ""))]
    return [Violation("KW-R4", "the eight cards do not form two triplets and a pair")]


def check_ready(counts: Sequence[int], seen: Sequence[int] | None = None,
                engine: str = "cpsat") -> ReadyVerdict:
    seen = seen or [0] * len(KOWAH.faces)
    splits = splits_cpsat(counts) if engine == "cpsat" else splits_exact(counts)
    caps = [KOWAH.copies - s for s in seen]
    unseen = tuple(KOWAH.copies - h - s for h, s in zip(counts, seen))
    violations = [] if splits else why_not_ready(counts)
    if splits:
        distance: Distance | None = Distance(0, (), (), splits[0])
    else:
        distance = distance_cpsat(counts, caps)
    return ReadyVerdict(tuple(counts), tuple(splits), tuple(violations), distance, unseen)


def _engine(engine: str) -> str:
    if engine not in ("cpsat", "exact"):
        raise InvalidInput(f"unknown engine {engine!r}; choose one of: cpsat, exact",
                           field="engine")
    return engine


def parse_hand(text: str) -> tuple[int, ...]:
    counts = KOWAH.parse_counts(text, field="hand")
    total = sum(counts)
    if total == 0:
        raise ImpossibleCards("the hand is empty", field="hand")
    if total != HAND_SIZE:
        # nine cards are most likely a won hand with its winning card (KW-R6)
        win = " (to check a win, give the card it wins on apart)" \
            if total == HAND_SIZE + 1 else ""
        raise ImpossibleCards(f"the hand has {counted(total, 'cards')}; a Kowah hand has "
                              f"{HAND_SIZE}{win}", field="hand", rule="KW-R4")
    return counts


def parse_seen(text: str | None, counts: Sequence[int]) -> tuple[int, ...]:
    seen = KOWAH.parse_counts(text, field="seen") if text else (0,) * len(KOWAH.faces)
    for f, h, s in zip(KOWAH.faces, counts, seen):
        if h + s > KOWAH.copies:
            raise ImpossibleCards(f"{f}: {h} in the hand and {s} seen, but the deck holds "
                                  f"{KOWAH.copies}", field="seen")
    return seen


def check_text(hand: str, *, seen: str | None = None, engine: str = "cpsat") -> ReadyVerdict:
    counts = parse_hand(hand)
    return check_ready(counts, parse_seen(seen, counts), _engine(engine))


@dataclass(frozen=True)
class WinVerdict:
    wins: bool
    multiplier: int  # 0 when it does not win
    via: str
    violations: tuple[Violation, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"wins": self.wins, "multiplier": self.multiplier, "via": self.via,
                "violations": [{"rule": v.rule, "message": v.message} for v in self.violations]}


def pairs_text(faces: Sequence[Face]) -> str:
    """The pairs of these faces in notation, e.g. "55c, 55s"."""
    return ", ".join(KOWAH.render([f, f]) for f in faces)


def not_two_two_one(pair: Face) -> str:
    """KW-R5's refusal of a pair whose rank's five cards are not 2-2-1 over the suits."""
    return (f"with {KOWAH.render([pair] * 2)} as the pair the five cards of its rank are not "
            f"2-2-1 over the suits")


def pair_refusal(counts: Sequence[int], pair: Face, shown: Sequence[Face]) -> Violation:
    """Why ready cards that may show the pairs `shown` may not show `pair` (a pair they
    hold): KW-R5 when only the 2-2-1 rule refuses it, else KW-R4."""
    named = KOWAH.render([pair] * 2)
    may = pairs_text(shown)
    if any(s.pair == pair for s in structural_splits(counts)):
        return Violation("KW-R5", f"{not_two_two_one(pair)}; it may show {may}")
    return Violation("KW-R4", f"with {named} as the pair the other six cards do not form two "
                              f"triplets; it may show {may}")


def check_win(counts: Sequence[int], pair: Face, card: Face, via: str) -> WinVerdict:
    """A declared hand with its shown pair, and a new card (KW-R6, KW-X2, KW-X4, KW-K1)."""
    splits = splits_cpsat(counts)
    found: list[Violation] = []
    if not splits:
        shaped = {s.pair for s in structural_splits(counts)}  # pairs beside two triplets
        if pair in shaped:  # the shown pair's five cards are the fault: said of that pair
            found = [Violation("KW-R5", "the declared hand is not ready: "
                                        + not_two_two_one(pair))]
        else:
            found = [Violation(v.rule, "the declared hand is not ready: " + v.message)
                     for v in why_not_ready(counts)]
    elif not any(s.pair == pair for s in splits):
        found = [pair_refusal(counts, pair, sorted({s.pair for s in splits}))]
    elif card != pair:
        found = [Violation("KW-R6", f"the wait is {pair} (identical to the shown pair), "
                                    f"not {card}")]
    wins = not found
    return WinVerdict(wins, MULTIPLIERS[via] if wins else 0, via, tuple(found))


def win_text(hand: str, *, pair: str, card: str, via: str | None) -> WinVerdict:
    counts = parse_hand(hand)
    if not via:
        raise InvalidInput("say how the card came: self-draw, draw or discard", field="via")
    if via not in MULTIPLIERS:
        raise InvalidInput(f"unknown way {via!r}; choose one of: {', '.join(MULTIPLIERS)}",
                           field="via")
    pair_faces = KOWAH.parse(pair or "", field="pair")
    if len(pair_faces) != 2 or pair_faces[0] != pair_faces[1]:
        raise ContextError(f"the shown pair must be two identical cards, not {pair!r}",
                           field="pair", rule="KW-R3")
    shown = pair_faces[0]
    if counts[KOWAH.index(shown)] < 2:
        raise ContextError(f"the shown pair {KOWAH.render(pair_faces)} is not in the hand",
                           field="pair")
    card_faces = KOWAH.parse(card or "", field="card")
    if len(card_faces) != 1:
        raise InvalidInput(f"expected exactly one card, got {len(card_faces)}", field="card")
    new = card_faces[0]
    if counts[KOWAH.index(new)] >= KOWAH.copies:
        raise ImpossibleCards(f"the hand already holds all {KOWAH.copies} {new}", field="card")
    return check_win(counts, shown, new, via)
