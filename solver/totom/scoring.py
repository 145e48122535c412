"""Tổ Tôm scoring (TT-K1–K7): bonuses counted per instance, main value plus dịch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.rulebook import data, implements
from moneycards.solver.totom.shapes import Partition
from moneycards.solver.totom.rules import CHI_CHI, LEO_CARDS, RED_FACES, Bonus, TotomRules
from moneycards.solver.totom import SEATS

XUONG_POINTS = 2  # TT-K1: Ù xuông, a win with no bonus
data("TT-K1", "Ù xuông, a win with no bonus, scores 2", __name__, "XUONG_POINTS")

VIA_OWN_DOOR = "own-door"  # a stock card exposed at the winner's own doorway (Ù chì)
VIA_STOCK = "stock"  # a stock card exposed at another seat's doorway
VIA_CHIU = "chiu"  # the fourth copy claimed as a Chíu (TT-P2, TT-P6)
VIA_DISCARD = "discard"  # a hand discard: never wins (TT-W6)
VIAS = (VIA_OWN_DOOR, VIA_STOCK, VIA_CHIU, VIA_DISCARD)


@dataclass(frozen=True)
class WinContext:
    """What only the table knows: how the hand was won and what the seat was dealt."""

    win_card: Face | None = None
    via: str | None = None
    thien_u: bool = False  # TT-W7: the dealer's opening twenty won before any discard
    opening: tuple[int, ...] | None = None  # the seat's dealt hand (count vector)
    won_previous: bool = False  # traditional Thông
    first_stock: bool = False  # traditional Địa ù: won on the first stock card


@dataclass(frozen=True)
class BonusCount:
    bonus: Bonus
    count: int


@dataclass(frozen=True)
class Score:
    bonuses: tuple[BonusCount, ...]
    points: int
    main: str | None  # key of the main bonus (TT-K2), None for Ù xuông or the TT-K5 sum
    rule: str  # the rule the points were computed by: TT-K1, TT-K2 or TT-K5

    @property
    def settlement(self) -> dict[str, int]:
        """TT-K7: each of the three losers pays the score, the winner receives three times."""
        net = settle(self.points, 0)
        return {"winner": net[0], "each_loser": net[1]}


@implements("TT-K7", "each of the three losers pays the score; the winner receives three times")
def settle(points: int, winner: int) -> tuple[int, ...]:
    """Every seat's settlement of a win scoring `points` (a drawn deal settles 0)."""
    net = [-points] * SEATS
    net[winner] = 3 * points  # what the three others pay
    return tuple(net)


_RED_INDEX = tuple(i for i, f in enumerate(TOTOM.faces) if f in RED_FACES)
_LEO_INDEX = tuple(TOTOM.index(f) for f in LEO_CARDS)
_CHI_CHI = TOTOM.index(CHI_CHI)


def red_count(counts: Sequence[int]) -> int:
    return sum(counts[i] for i in _RED_INDEX)


@implements("R-Tôm-Lèo", "Tôm and Lèo sets: as many as the smallest count of their faces")
@implements("TT-K4", "sets of one kind: the smallest count of its three faces, no card reused")
@implements("TT-K3", "the bonus table: what each bonus is, by its main value and dịch")
def bonus_counts(counts: Sequence[int], part: Partition, ctx: WinContext,
                 rules: TotomRules) -> dict[str, int]:
    """How many instances of each bonus a winning hand holds (TT-K3, TT-K4). Faces are
    read by their index in the count vector (on every single check's path)."""
    out: dict[str, int] = {}
    if ctx.via == VIA_OWN_DOOR:
        out["u_chi"] = 1
    if ctx.thien_u:
        out["thien_u"] = 1
    out["tom"] = min(counts[i] for i in rules.tom_index)  # TT-K4, R-Tôm-Lèo
    out["leo"] = min(counts[i] for i in _LEO_INDEX)
    win = None if ctx.win_card is None else TOTOM.index(ctx.win_card)
    bach_thu = bach_thu_key(counts, part, ctx, rules, win)
    if bach_thu is not None:
        out[bach_thu] = 1
    opening_bonuses(out, counts, ctx, win)
    reds = red_count(counts)
    if reds == 0:
        out["bach_dinh"] = 1
    if reds == 8:
        out["tam_do"] = 1
    if counts[_CHI_CHI] == 4 and reds == 4:
        out["kinh_tu_chi"] = 1
    if part.ca_count == 0:
        out["thap_thanh"] = 1
    if rules.thong_and_dia_u:
        if ctx.won_previous:
            out["thong"] = 1
        if ctx.first_stock:
            out["dia_u"] = 1
    return {k: v for k, v in out.items() if v}


@implements("R-Bạch-thủ-rank", "Bạch thủ: no Cạ in the winning card's rank")
@implements("R-Bạch-thủ", "Bạch thủ: 6 Chắn and 4 Cạ, the winning card completing a Chắn")
def bach_thu_key(counts: Sequence[int], part: Partition, ctx: WinContext, rules: TotomRules,
                 win: int | None) -> str | None:
    """The Bạch thủ a winning hand scores (its bonus key), if any; `win` is the winning
    card's index in the count vector."""
    if part.chan_count == 6 and part.ca_count == 4:
        if ctx.thien_u:
            return "bach_thu"  # R-Bạch-thủ: no winning card, the 20 cards are 6 + 4
        if win is not None and counts[win] % 2 == 0:
            # The winning card completes a Chắn; no Cạ in its rank (R-Bạch-thủ-rank).
            rank = TOTOM.faces[win].rank
            if all(a.rank != rank for a, _ in part.ca):
                return "bach_thu_chi" if rules.bach_thu_chi and win == _CHI_CHI else "bach_thu"
    return None


@implements("R-Bòn-triple", "a dealt triple's fourth copy scores Bòn, or Chíu ù as the "
                            "winning card, never both")
@implements("R-per-face", "Thiên khai and Bòn count once per face")
@implements("R-thien-u-opening", "for a Thiên ù the dealt hand is the opening hand")
def opening_bonuses(out: dict[str, int], counts: Sequence[int], ctx: WinContext,
                    win: int | None) -> None:
    """Count into `out` the bonuses read from the opening hand: Thiên khai, Bòn, Chíu ù."""
    opening = ctx.opening
    if opening is None and ctx.thien_u:
        opening = tuple(counts)  # R-thien-u-opening: the dealt hand is the winning hand
    if opening is not None:
        out["thien_khai"] = sum(1 for d in opening if d == 4)  # R-per-face
        # Bòn: a dealt pair became four (R-per-face). A dealt triple holds a pair too
        # (TT-C2): its fourth copy scores Bòn when it joined before the win, and Chíu ù
        # instead when it is the winning card, never both (R-Bòn-triple).
        out["bon"] = sum(1 for i, (d, n) in enumerate(zip(opening, counts))
                         if n == 4 and (d == 2 or (d == 3 and i != win)))
        # Chíu ù is read from the cards, whichever claim took the card (TT-P6, TT-K3).
        if win is not None and opening[win] == 3 and counts[win] == 4:
            out["chiu_u"] = 1
    elif ctx.via == VIA_CHIU and win is not None and counts[win] == 4:
        # A Chíu takes the fourth copy of three held concealed (TT-P2), and a concealed
        # card was dealt (a capture lays its cards face up, TT-T2): without the opening
        # hand, the three were still dealt, so the win is a Chíu ù (TT-K3).
        out["chiu_u"] = 1


@implements("TT-K6", "the page's example: Ù chì and one Tôm score 4 + 1 = 5")
@implements("TT-K5", "Thập thành adds the main values of every bonus instance")
@implements("TT-K2", "the main value of the highest bonus plus the dịch of every other")
def score(counts: Sequence[int], part: Partition, ctx: WinContext, rules: TotomRules) -> Score:
    """The points of a winning hand (TT-K1, TT-K2, TT-K5)."""
    counted = bonus_counts(counts, part, ctx, rules)
    found = [BonusCount(rules.bonus(k), c) for k, c in counted.items()]
    # Highest main value first; on a tie the higher dịch is the main bonus (TT-K2).
    found.sort(key=lambda bc: (bc.bonus.main, bc.bonus.dich), reverse=True)
    if not found:
        return Score((), XUONG_POINTS, None, "TT-K1")
    if rules.thap_thanh_sums_mains and any(bc.bonus.key == "thap_thanh" for bc in found):
        total = sum(bc.bonus.main * bc.count for bc in found)
        return Score(tuple(found), total, None, "TT-K5")
    head = found[0]
    total = head.bonus.main + head.bonus.dich * (head.count - 1)
    total += sum(bc.bonus.dich * bc.count for bc in found[1:])
    return Score(tuple(found), total, head.bonus.key, "TT-K2")
