"""Kowah from Python: readiness, waits and wins (rules in docs/rules/kowah.md).

>>> from moneycards import kowah
>>> v = kowah.check("55c55s5m 777c")
>>> v.ready, [f.text for f in v.waits]
(True, ['5c', '5s'])
>>> [x.rule for x in kowah.check("555c5s5m 777c").violations]
['KW-R5']
>>> kowah.win("55c55s5m 777c", pair="55c", card="5c", via="discard").multiplier
2
"""

from __future__ import annotations

from moneycards.solver.kowah.check import ReadyVerdict, WinVerdict, check_text, win_text

__all__ = ["ReadyVerdict", "WinVerdict", "check", "win"]


def check(hand: str, *, seen: str | None = None, engine: str = "cpsat") -> ReadyVerdict:
    """Is an eight-card hand ready (two triplets and a pair, KW-R1–R6)? Its splits, waits,
    and else the distance to ready counting only unseen copies (`seen`: cards in view)."""
    return check_text(hand, seen=seen, engine=engine)


def win(hand: str, *, pair: str, card: str, via: str) -> WinVerdict:
    """Does the ninth card win for a seat showing `pair`, and with what multiplier (KW-K1)?
    `via`: "self-draw", "draw" or "discard"."""
    return win_text(hand, pair=pair, card=card, via=via)
