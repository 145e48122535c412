"""Tổ Tôm verdicts for many hands at once: the win check (TT-W1–W6, TT-D3), the Chắn and
Cạ counts and the full TT-K score, vectorised over a count matrix with numpy.

The same answers as `check.check_hand` (CP-SAT or exact) hand by hand — the differential
tests compare every field — by the count argument of exact.py: a face held n times gives
⌊n/2⌋ Chắn (TT-W3), and in each rank the odd faces pair into Cạ in suit order, so a rank
with k odd faces gives ⌊k/2⌋ Cạ and leaves k mod 2 cards (the Myriads card when k = 3).

Hands are rows of an int8 matrix in TOTOM's face order (2–9 Coins, 2–9 Strings, 2–9
Myriads, Chi chi); the context of each hand is a column of `Contexts`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from moneycards.solver.batch import parse_many
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput
from moneycards.solver.totom import rules as rules_mod
from moneycards.solver.totom.check import HAND_SIZE, parse_context, validate
from moneycards.solver.totom.rules import CHI_CHI, LEO_CARDS, RED_FACES, TotomRules
from moneycards.solver.totom.scoring import (VIA_CHIU, VIA_DISCARD, VIA_OWN_DOOR, VIA_STOCK,
                                             XUONG_POINTS, WinContext)
from moneycards.solver.totom import NF

Array = Any  # numpy arrays; numpy's own types add nothing here

CHI = TOTOM.index(CHI_CHI)
RANKS = 8  # 2–9 in each of the three suits, suit-major: face = suit * 8 + (rank - 2)
assert CHI == 3 * RANKS and all(TOTOM.faces[s * RANKS + r].rank == r + 2
                                for s in range(3) for r in range(RANKS))
RED = np.array([TOTOM.index(f) for f in sorted(RED_FACES)])
LEO = np.array([TOTOM.index(f) for f in LEO_CARDS])

# How the winning card came, as a small code (0: no winning card).
VIA_CODES: dict[str | None, int] = {None: 0, VIA_OWN_DOOR: 1, VIA_STOCK: 2, VIA_CHIU: 3,
                                    VIA_DISCARD: 4}

# The violations in the order check.violations lists them: one bit each.
VIOLATION_RULES = ("TT-W6", "TT-D3", "TT-W4", "TT-W3", "TT-W4", "TT-W5")
W6, D3, W4_UNPAIRED, W3, W4_CHAN, W5 = (1 << k for k in range(6))

# The bonuses in the order scoring.bonus_counts finds them: on a tie of main value and dịch
# the first found is the main bonus (TT-K2), so the order is part of the answer.
BONUS_KEYS = ("u_chi", "thien_u", "tom", "leo", "bach_thu", "bach_thu_chi", "thien_khai",
              "bon", "chiu_u", "bach_dinh", "tam_do", "kinh_tu_chi", "thap_thanh", "thong",
              "dia_u")
B = {k: i for i, k in enumerate(BONUS_KEYS)}

# How the points were counted: 0 (no win), then TT-K1, TT-K2, TT-K5.
SCORED_BY = (None, "TT-K1", "TT-K2", "TT-K5")


@dataclass(frozen=True)
class Contexts:
    """One WinContext per hand, as columns (n hands)."""

    win: Array  # int64: face index of the winning card, -1 when none
    via: Array  # int8: VIA_CODES
    thien_u: Array  # bool
    opening: Array  # int8 (n, faces); rows without an opening are zero
    has_opening: Array  # bool
    won_previous: Array  # bool
    first_stock: Array  # bool

    @staticmethod
    def none(n: int) -> "Contexts":
        """No context for any hand: the neutral CheckHand request."""
        no = np.zeros(n, dtype=bool)
        return Contexts(np.full(n, -1, dtype=np.int64), np.zeros(n, dtype=np.int8), no,
                        np.zeros((n, NF), dtype=np.int8), no, no, no)

    @staticmethod
    def of(contexts: Sequence[WinContext | None]) -> "Contexts":
        n = len(contexts)
        c = Contexts.none(n)
        win, via, thien_u = c.win.copy(), c.via.copy(), c.thien_u.copy()
        opening, has_opening = c.opening.copy(), c.has_opening.copy()
        won_previous, first_stock = c.won_previous.copy(), c.first_stock.copy()
        for i, ctx in enumerate(contexts):
            if ctx is None or ctx == _NEUTRAL:
                continue
            if ctx.win_card is not None:
                win[i] = TOTOM.index(ctx.win_card)
            via[i] = VIA_CODES[ctx.via]
            thien_u[i] = ctx.thien_u
            if ctx.opening is not None:
                opening[i] = ctx.opening
                has_opening[i] = True
            won_previous[i] = ctx.won_previous
            first_stock[i] = ctx.first_stock
        return Contexts(win, via, thien_u, opening, has_opening, won_previous, first_stock)


_NEUTRAL = WinContext()


def wins_only(counts: Array) -> Array:
    """The win check alone (TT-W1–W4, TT-D3) for hands with no context: bool per hand."""
    h = np.asarray(counts, dtype=np.int8)
    chan = (h >> 1).sum(axis=1, dtype=np.int16)
    odd = (h[:, :CHI] & 1).reshape(-1, 3, RANKS).sum(axis=1, dtype=np.int8)
    left = (odd & 1).sum(axis=1, dtype=np.int16) + (h[:, CHI] & 1)
    return (left == 0) & (chan >= 6)


@dataclass(frozen=True)
class Verdicts:
    """The verdicts of n hands, as columns. Row i is what check_hand answers for hand i."""

    wins: Array  # bool
    chan: Array  # int16: Chắn pairs (a Chíu gives two)
    ca: Array  # int16: Cạ pairs
    violations: Array  # uint8 bits, in VIOLATION_RULES order
    bonuses: Array  # int16 (n, len(BONUS_KEYS)): instances of each bonus; zero if no win
    points: Array  # int16: 0 when the hand does not win
    scored_by: Array  # int8: index into SCORED_BY
    main: Array  # int8: index into BONUS_KEYS of the main bonus (TT-K2), -1 when none

    def __len__(self) -> int:
        return len(self.wins)

    def rules_broken(self, i: int) -> list[str]:
        bits = int(self.violations[i])
        return [r for k, r in enumerate(VIOLATION_RULES) if bits >> k & 1]

    def bonus_counts(self, i: int) -> dict[str, int]:
        """{key: instances}, in the order the bonuses are found."""
        row = self.bonuses[i]
        return {BONUS_KEYS[k]: int(row[k]) for k in np.nonzero(row)[0].tolist()}

    def row(self, i: int) -> dict[str, Any]:
        """Hand i's answer as JSON: `rules` are the rule ids of its violations in order,
        `bonus_counts` the instances of each bonus ({"tom": 1})."""
        main = int(self.main[i])
        return {"wins": bool(self.wins[i]), "chan": int(self.chan[i]), "ca": int(self.ca[i]),
                "rules": self.rules_broken(i), "points": int(self.points[i]),
                "scored_by": SCORED_BY[int(self.scored_by[i])],
                "main_bonus": BONUS_KEYS[main] if main >= 0 else None,
                "bonus_counts": self.bonus_counts(i)}


def check_many(counts: Array, contexts: Contexts | None = None,
               rules: TotomRules = rules_mod.SEED) -> Verdicts:
    """Verdict and score of every 20-card hand (rows validated as check.validate does)."""
    h = np.asarray(counts, dtype=np.int8)
    n = len(h)
    ctx = contexts or Contexts.none(n)
    rows = np.arange(n)
    chan = (h >> 1).sum(axis=1, dtype=np.int16)
    odd3 = (h[:, :CHI] & 1).reshape(n, 3, RANKS).astype(bool)  # (hand, suit, rank)
    k = odd3.sum(axis=1, dtype=np.int8)  # odd faces per rank
    ca = (k >> 1).sum(axis=1, dtype=np.int16)
    left_rank = (k & 1).astype(bool)  # a card of this rank stays single
    # The single card: the one odd face, or Myriads when all three are odd (suit order).
    single = odd3.copy()
    single[:, :2, :] &= (k != 3)[:, None, :]
    pairs_elsewhere = ((h[:, :CHI] >= 2).reshape(n, 3, RANKS) & ~single).any(axis=1)
    chi_odd = (h[:, CHI] & 1).astype(bool)

    has_win = ctx.win >= 0
    win = np.where(has_win, ctx.win, 0)
    held_win = h[rows, win]
    viol = np.zeros(n, dtype=np.uint8)
    viol |= np.where(ctx.via == VIA_CODES[VIA_DISCARD], W6, 0).astype(np.uint8)
    viol |= np.where(chi_odd, D3, 0).astype(np.uint8)
    viol |= np.where(left_rank.any(axis=1), W4_UNPAIRED, 0).astype(np.uint8)
    viol |= np.where((left_rank & pairs_elsewhere).any(axis=1), W3, 0).astype(np.uint8)
    viol |= np.where(chan < 6, W4_CHAN, 0).astype(np.uint8)
    six_four = (chan == 6) & (ca == 4)
    if rules.chi_chi_win_needs_six_four:
        viol |= np.where((ctx.win == CHI) & ~six_four, W5, 0).astype(np.uint8)
    wins = viol == 0

    bonus = np.zeros((n, len(BONUS_KEYS)), dtype=np.int16)
    bonus[:, B["u_chi"]] = ctx.via == VIA_CODES[VIA_OWN_DOOR]
    bonus[:, B["thien_u"]] = ctx.thien_u
    tom = np.array([TOTOM.index(f) for f in rules.tom_cards])
    bonus[:, B["tom"]] = h[:, tom].min(axis=1)
    bonus[:, B["leo"]] = h[:, LEO].min(axis=1)
    # Bạch thủ: 6 Chắn and 4 Cạ; the winning card completes a Chắn and its rank has no Cạ
    # (R-Bạch-thủ, R-Bạch-thủ-rank); for a Thiên ù the 20 cards alone.
    win_rank = np.where(win < CHI, win % RANKS, 0)
    no_ca_at_win = (win == CHI) | (k[rows, win_rank] < 2)
    by_card = ~ctx.thien_u & has_win & (held_win % 2 == 0) & no_ca_at_win
    on_chi = by_card & (ctx.win == CHI) if rules.bach_thu_chi else np.zeros(n, dtype=bool)
    bonus[:, B["bach_thu"]] = six_four & (ctx.thien_u | (by_card & ~on_chi))
    bonus[:, B["bach_thu_chi"]] = six_four & on_chi
    # The opening hand (R-thien-u-opening: a Thiên ù's is the hand itself).
    has_opening = ctx.has_opening | ctx.thien_u
    opening = np.where((ctx.thien_u & ~ctx.has_opening)[:, None], h, ctx.opening)
    bonus[:, B["thien_khai"]] = np.where(has_opening, (opening == 4).sum(axis=1), 0)
    # Bòn: a dealt pair, or a dealt triple whose fourth copy is not the winning card,
    # became four (R-per-face, R-Bòn-triple).
    not_won_on = np.arange(NF)[None, :] != ctx.win[:, None]
    grown = (h == 4) & ((opening == 2) | ((opening == 3) & not_won_on))
    bonus[:, B["bon"]] = np.where(has_opening, grown.sum(axis=1), 0)
    # Without the opening hand a Chíu's three were still dealt (TT-P2, TT-T2: a concealed
    # card was dealt), as in scoring.opening_bonuses.
    dealt_three = np.where(has_opening, opening[rows, win] == 3,
                           ctx.via == VIA_CODES[VIA_CHIU])
    bonus[:, B["chiu_u"]] = has_win & dealt_three & (held_win == 4)
    reds = h[:, RED].sum(axis=1, dtype=np.int16)
    bonus[:, B["bach_dinh"]] = reds == 0
    bonus[:, B["tam_do"]] = reds == 8
    bonus[:, B["kinh_tu_chi"]] = (h[:, CHI] == 4) & (reds == 4)
    bonus[:, B["thap_thanh"]] = ca == 0
    if rules.thong_and_dia_u:
        bonus[:, B["thong"]] = ctx.won_previous
        bonus[:, B["dia_u"]] = ctx.first_stock
    bonus[~wins] = 0

    table = [rules.bonus(key) for key in BONUS_KEYS]
    mains = np.array([b.main for b in table], dtype=np.int16)
    dichs = np.array([b.dich for b in table], dtype=np.int16)
    present = bonus > 0
    # TT-K2: the highest (main, dịch), the first found on a tie; plus every other dịch.
    rank_key = np.where(present, mains * 64 + dichs, -1)
    head = rank_key.argmax(axis=1)
    any_bonus = present.any(axis=1)
    k2 = (bonus * dichs).sum(axis=1, dtype=np.int16) + mains[head] - dichs[head]
    points = np.where(any_bonus, k2, XUONG_POINTS).astype(np.int16)
    scored_by = np.where(any_bonus, 2, 1).astype(np.int8)
    main = np.where(any_bonus, head, -1).astype(np.int8)
    if rules.thap_thanh_sums_mains:
        k5 = bonus[:, B["thap_thanh"]] > 0  # TT-K5: every main value added
        points = np.where(k5, (bonus * mains).sum(axis=1, dtype=np.int16), points)
        scored_by = np.where(k5, 3, scored_by).astype(np.int8)
        main = np.where(k5, -1, main).astype(np.int8)
    points = np.where(wins, points, 0).astype(np.int16)
    scored_by = np.where(wins, scored_by, 0).astype(np.int8)
    main = np.where(wins, main, -1).astype(np.int8)
    return Verdicts(wins, chan, ca, viol, bonus, points, scored_by, main)


@dataclass(frozen=True)
class TextBatch:
    """Hands given as notation text: their counts, contexts, verdicts and input errors (a
    hand with an error has a zero row and its verdict row means nothing)."""

    counts: Array
    contexts: list[WinContext | None]
    verdicts: Verdicts
    errors: dict[int, InvalidInput]
    rules: TotomRules


CONTEXT_KEYS = ("win_card", "via", "thien_u", "opening", "won_previous", "first_stock")


def check_texts(hands: Sequence[str], contexts: Sequence[dict[str, Any] | None] | None = None,
                rules: str | TotomRules | None = None, *,
                refused: dict[int, InvalidInput] | None = None) -> TextBatch:
    """Parse, validate and check many hands, as check.check_text does one: a context is
    parse_context's keyword arguments (None or {}: no context). A hand that is bad input
    gets the error check_text would raise for it, or its error in `refused` (found by the
    caller while reading its context); the others are answered."""
    preset = rules_mod.preset(rules)
    counts, errors = parse_many(TOTOM, hands)
    for i, err in (refused or {}).items():
        errors[i] = err  # the single call reads the context before the hand
        counts[i] = 0
    ctxs: list[WinContext | None] = [None] * len(hands)
    totals = counts.sum(axis=1)
    todo = set(np.nonzero(totals != HAND_SIZE)[0].tolist())
    if contexts is not None:
        todo.update(i for i, c in enumerate(contexts) if c)
    for i in sorted(todo - set(errors)):
        spec = contexts[i] if contexts is not None else None
        try:
            ctx = parse_context(**spec) if spec else _NEUTRAL
            validate(tuple(counts[i].tolist()), ctx, rules=preset)
            ctxs[i] = ctx
        except InvalidInput as err:
            errors[i] = err
            counts[i] = 0
    verdicts = check_many(counts, Contexts.of(ctxs), preset)
    return TextBatch(counts, ctxs, verdicts, errors, preset)
