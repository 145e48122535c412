"""Luk Fu from Python: plays, comparisons and old-card proofs (rules in docs/rules/lukfu.md).

>>> from moneycards import lukfu
>>> c = lukfu.beats("345m", "234s")
>>> c.beats, c.rule
(True, 'LF-F4')
>>> [f.text for f in lukfu.old("9c 1t 5s").old]
['9c', '1t']
"""

from __future__ import annotations

from typing import Any

from moneycards.solver.lukfu.old import Position, Proof, prove_old
from moneycards.solver.lukfu.plays import Comparison, Play, compare, parse_play
from moneycards.solver.lukfu.record import parse_record
from moneycards.solver.lukfu.rules import SEED_RULES, LukFuRules

__all__ = ["Comparison", "Play", "Proof", "beats", "old", "play"]


def play(text: str) -> Play:
    """A single, set or run (LF-L1); anything else raises InvalidInput naming the rule."""
    return parse_play(text, field="play")


def beats(play_text: str, over: str, rules: LukFuRules = SEED_RULES) -> Comparison:
    """Does `play_text` beat the best play `over` (LF-F2–F5)? With the rule and a reason."""
    return compare(parse_play(play_text, field="play"), parse_play(over, field="over"), rules)


def old(hand: str, *, record: Any = None, seat: int = 0, engine: str = "cpsat") -> Proof:
    """Which cards of a seat's hand are old (LF-O1–O3): no higher card of their suit can be
    in another hand, in any deal consistent with the public `record` (a dict or JSON text,
    docs/lukfu-record.md). Without a record only the always-old cards are proved."""
    from moneycards.solver.cards import LUKFU

    rec = parse_record(record) if record is not None else None
    return prove_old(Position(rec, seat, LUKFU.parse(hand, field="hand")), engine)
