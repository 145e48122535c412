"""The Luk Fu table as one seat sees it, in text lines (solver/screen.py)."""

from __future__ import annotations

import textwrap
from typing import Any, Sequence

from moneycards.solver.cards import counted
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.lukfu.old import Position, prove_old
from moneycards.solver.screen import _turn, wrap_items
from moneycards.solver.table import name_says

# The rules each word names that the rules' own text never uses, for `rules --find` and the
# web table's rules book: fu (虎) is "tiger", and six of them, the game's name, win.
RULE_WORDS: dict[str, tuple[str, ...]] = {
    "LF-W1": ("tiger", "虎"),
    "LF-W2": ("six tigers", "六虎"),
}


def view(obs: Any, names: Sequence[str]) -> list[str]:
    rec = obs.record
    phase = obs.phase.name.lower()
    what = {"call": "call play or pass",  # claim only when LF-W2 allows it now
            "lead": "lead or claim" if "claim" in obs.legal_actions else "lead",
            "follow": "beat it or discard face down"}[phase]
    caller = names[obs.caller] if obs.caller is not None else "-"
    lines = [f"Luk Fu · master {names[rec.master]} · caller {caller} · "
             f"{_turn(obs, names, what)}"]
    old = prove_old(Position(rec, obs.seat, list(obs.hand))).old if obs.result is None \
        else frozenset()
    for s, name in enumerate(names):
        mark = "*" if s == obs.seat else " "
        extra = f", claim total {obs.fu[s] + len(old)} with your old cards (LF-W2)" \
            if s == obs.seat else ""
        lines.append(f"{mark}{name[:14]:<14} {counted(obs.hand_sizes[s], 'cards'):>8}  "
                     f"fu {obs.fu[s]}{extra}")
    if rec.tricks and not rec.tricks[-1].complete:
        trick = rec.tricks[-1]
        plays = []
        for a in trick.actions:
            shown = a.play.text if a.play is not None else \
                f"{counted(a.size, 'cards')} face down"
            plays.append(f"{names[a.seat]}: {shown}")
        best = rec.current_best()
        lines += wrap_items(f"Trick {len(rec.tricks)}: ", plays)
        if best is not None:
            lines.append(f"  to beat: {best.text} ({counted(best.size, 'cards')})")
    by_suit = []
    for suit in "csmt":
        cards = [f for f in obs.hand if f.suit == suit]
        if cards:
            by_suit.append(" ".join(f"{f.text}{'*' if f in old else ''}" for f in cards))
    lines += wrap_items("Your hand (* old): ", by_suit or ["empty"])
    if "claim" in obs.legal_actions:
        # what playing on risks, the end of the hands included (a claim passed up is gone)
        lines += textwrap.wrap(CLAIM_OR_PLAY_ON, 79)  # a screen is 80 columns
    return lines


# The claim offered, and what playing on risks: another seat winning first (LF-W3), and,
# past a claim, none left when the hands run out (R-claim-timing: a player read LF-W3 alone
# and lost a deal it had won every trick of, drawn at the end).
CLAIM_OR_PLAY_ON = ("You may claim the win now (LF-W2), or play on (LF-W3): another seat may "
                    "win first, and a seat that plays on past its claim has none when the "
                    "hands run out (R-claim-timing).")


# -- actions in words -----------------------------------------------------------------------
# An action is worded one way everywhere: as its record text ("capture 4m"), which is what
# the log, `replay`, a hint and the person typing say. The menu adds what it does after a
# colon ("capture 4m: take 4s, expose 4s 4m, a Cạ"), in the words the log then narrates.


def default_down(obs: Any) -> str:
    """The face-down play a number picks: the lowest cards that are not old (LF-O1)."""
    best = obs.record.current_best()
    n = best.size if best is not None else 1
    old = prove_old(Position(obs.record, obs.seat, list(obs.hand))).old
    cards = sorted(obs.hand, key=lambda f: (f in old, f.rank, LUKFU.index(f)))[:n]
    return "down " + LUKFU.render(cards)


def describe_action(obs: Any, verb: str, arg: str) -> str | None:
    """What an action does, in words, or None when its text says it all."""
    if verb == "call":
        return {"play": "try to win this deal"}.get(arg)
    best = obs.record.current_best()
    if verb == "follow" and best is not None:
        return f"beat {best.text}"
    if verb == "down":
        return "face down"
    if verb == "claim":
        return "fu won plus old cards make six or more (LF-W2)"
    if verb == "end":
        return "the hand is empty"
    return None


def explain(state: Any, r: Any, names: Sequence[str]) -> list[str]:
    """How a won deal was won: the winner's cards and what they scored."""
    old = sorted(state.old_cards(r.winner), key=LUKFU.index)
    won = state.record_.fu(r.winner)
    return [f"{name_says(names[r.winner], 'claims')}: {won} fu won in tricks + "
            f"{counted(len(old), 'old cards')} ({LUKFU.render(old) or 'none'}) = {r.fu} "
            f"(LF-W2)",
            f"Settlement ({r.rule}): " + ", ".join(f"{names[s]} {n:+d}"
                                                   for s, n in enumerate(r.net))]
