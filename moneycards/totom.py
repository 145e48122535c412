"""Tổ Tôm from Python: hand verdicts and waits (rules in docs/rules/totom.md).

>>> from moneycards import totom
>>> v = totom.check("22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", win_card="3c", via="own-door")
>>> v.wins, v.partition.chan_count, v.partition.ca_count, v.points
(True, 6, 4, 5)
>>> [b.bonus.name for b in v.score.bonuses]
['Tôm', 'Ù chì']
>>> bad = totom.check("22c 44c 55c 66c 22s 3c3m 7c7s 5s5m 6s6m 4s4m", engine="exact")
>>> bad.wins, [(x.rule, x.message) for x in bad.violations]
(False, [('TT-W4', 'only 5 Chắn; a win needs at least 6')])
>>> [w.card.text for w in totom.waits("22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s")]
['6c', '6s', '6m']
"""

from __future__ import annotations

from moneycards.solver.totom.check import HandVerdict, Wait, check_text, waits_text

__all__ = ["HandVerdict", "Wait", "check", "waits"]


def check(hand: str, *, win_card: str | None = None, via: str | None = None,
          rules: str | None = None, engine: str = "cpsat", **context: object) -> HandVerdict:
    """Does a 20-card hand win (TT-W1–W7), and what does it score (TT-K1–K7)?

    `via` is how the winning card came: "own-door", "stock" (the default), "chiu" or
    "discard"; `rules` a preset ("seed", "traditional"); further context as keywords:
    `thien_u`, `opening`, `won_previous`, `first_stock`. Raises InvalidInput (naming the
    field) on bad notation or impossible cards.
    """
    return check_text(hand, rules=rules, engine=engine, win_card=win_card, via=via, **context)


def waits(hand: str, *, seen: str | None = None, via: str | None = None,
          rules: str | None = None, engine: str = "cpsat") -> list[Wait]:
    """The cards a 19-card hand wins on, with the copies still unseen."""
    return waits_text(hand, seen=seen, via=via, rules=rules, engine=engine)
