"""Luk Fu from Python: plays, comparisons and old-card proofs (rules in docs/rules/lukfu.md).

>>> from moneycards import lukfu
>>> c = lukfu.beats("345m", "234s")
>>> c.beats, c.rule
(True, 'LF-F4')
>>> lukfu.beats(lukfu.play("9c9s9m"), over=lukfu.play("1c1s1m")).beats
True
>>> [f.text for f in lukfu.old("9c 1t 5s").old]
['9c', '1t']
"""

from __future__ import annotations

import os
from typing import Any

from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.lukfu.old import Position, Proof, prove_old
from moneycards.solver.lukfu.plays import Comparison, Play, compare, parse_play
from moneycards.solver.lukfu.record import parse_record
from moneycards.solver.lukfu.rules import SEED_RULES, LukFuRules

__all__ = ["Comparison", "Play", "Proof", "beats", "old", "play"]


def play(text: str) -> Play:
    """A single, set or run (LF-L1); anything else raises InvalidInput naming the rule."""
    return parse_play(text, field="play")


def beats(play_text: str | Play, over: str | Play,
          rules: LukFuRules = SEED_RULES) -> Comparison:
    """Does `play_text` beat the best play `over` (LF-F2–F5)? With the rule and a reason.
    Each is a play's text or a `Play` (as `play` returns)."""
    return compare(_as_play(play_text, "play"), _as_play(over, "over"), rules)


def _as_play(value: str | Play, field: str) -> Play:
    if isinstance(value, Play):
        return value
    if not isinstance(value, str):
        raise InvalidInput(f"a play's text or a Play, not {type(value).__name__}", field=field)
    return parse_play(value, field=field)


def old(hand: str | None = None, *, record: Any = None, seat: int = 0,
        engine: str = "cpsat") -> Proof:
    """Which cards of a seat's hand are old (LF-O1–O3): no higher card of their suit can be
    in another hand, in any deal consistent with the `record`. Without a record only the
    always-old cards are proved.

    `record` is what the CLI's `--record` takes: a public record or a game record
    (docs/lukfu-record.md, docs/records.md), given as a path (`str` or `os.PathLike`), as
    JSON text, or parsed (a dict, e.g. `state.game_record()`). A game record is replayed
    and seen from `seat`, whose hand `hand` defaults to, and its rules apply; with a
    public record or none, `hand` is required."""
    rules = SEED_RULES
    rec = None
    if record is not None:
        from moneycards.records import read_lukfu_history

        view = read_lukfu_history(_record_data(record), seat)
        assert view["seat"] is not None  # the seat given here, or the one it replays to
        seat, rules = view["seat"], view["rules"] or rules
        hand = hand if hand is not None else view["hand"]
        rec = parse_record(view["record"], rules)
    if hand is None:
        raise InvalidInput("give the hand, or a game record that deals it", field="hand")
    return prove_old(Position(rec, seat, LUKFU.parse(hand, field="hand")), engine)


def _record_data(record: Any) -> Any:
    """A record given as a path is read; JSON text and parsed records pass as they are."""
    if isinstance(record, os.PathLike) or isinstance(record, str) \
            and not record.lstrip().startswith(("{", "[")):
        try:
            with open(record, encoding="utf-8") as f:
                return f.read()
        except OSError as err:
            raise InvalidInput(f"cannot read {clip(os.fspath(record))!r}: "
                               f"{err.strerror or err}", field="record") from None
    return record
