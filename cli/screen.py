"""What a player sees in the terminal: the table from one seat, the actions in words, and
the end of a deal explained.

Screens are lists of plain lines of at most 80 columns (`WIDTH`), built from a seat's typed
observation only, so they show exactly what the seat may know. `Printer` writes them with
`rich`: bold headers on a terminal, no colour under NO_COLOR, plain text when piped.
"""

from __future__ import annotations

import textwrap
from typing import Any, Sequence

from moneycards.solver.cards import KOWAH, LUKFU, counted
# The seat's view in words lives with the engines, so that a state can print itself; the
# terminal's modules read it from here as before.
from moneycards.solver.screen import (  # noqa: F401
    WIDTH, _upper_first, default_down as default_down, describe as describe, menu as menu,
    menu_lines as menu_lines, screen as screen, wrap as wrap, wrap_clauses as wrap_clauses)
from moneycards.solver.table import name_says, possessive


# -- a hint --------------------------------------------------------------------------------
def terminal_width() -> int:
    """The terminal's columns (COLUMNS first, as shutil reads them; 80 when unknown)."""
    import shutil

    return shutil.get_terminal_size((WIDTH, 24)).columns


def first_clause(action: str, reason: str) -> str:
    """A hint's reason cut to its first clause, without the action it repeats: "discard 5s
    wins 38% of 8 sampled deals played out, +0.1 points a deal; 2 cards from a win; …" ->
    "wins 38% of 8 sampled deals played out, +0.1 points a deal". A "; " inside brackets
    does not end the clause."""
    for head in (action + ": ", action + " "):
        if reason.startswith(head):
            reason = reason[len(head):]
            break
    depth = 0
    for k, ch in enumerate(reason):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and reason.startswith("; ", k):
            return reason[:k]
    return reason


def hint_lines(ranked: Sequence[tuple[str, str]], width: int, *,
               full: bool = False) -> list[str]:
    """Ranked actions as `hint` prints them: each reason its first clause (`full`: all of
    it), wrapped between words under the action so that no line is wider than `width`."""
    width = max(width, 20)
    indent = 8 if width >= 40 else 2
    out, cut = [], False
    for action, reason in ranked:
        said = reason if full else first_clause(action, reason)
        cut = cut or said != reason
        head = f"  hint: {action:<16} "
        if width - len(head) >= 40:
            out += _fill(said, width, head, " " * len(head))
        else:  # a long action, or a narrow terminal: the action on a line of its own
            out += _fill(action, width, "  hint: ", " " * indent)
            out += _fill(said, width, " " * indent, " " * indent)
    if cut:
        out += _fill("(hint -v: the full reasons)", width, "  ", "  ")
    return out


def _fill(text: str, width: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False) or [first.rstrip()]


# -- the end of a deal ----------------------------------------------------------------------
def explain(state: Any, names: Sequence[str]) -> list[str]:
    """How the deal ended, with the winner's cards and what they scored."""
    r = state.result
    if r is None or r.winner is None:
        return []  # a drawn deal: the result line says why
    return EXPLAIN[state.game](state, r, names)


def _explain_totom(state: Any, r: Any, names: Sequence[str]) -> list[str]:
    from moneycards.cli.totom import format_verdict
    from moneycards.solver.totom.table import VIA_WORDS, won_where

    if state.win_verdict is None:
        return []
    lines = [f"{_upper_first(possessive(names[r.winner]))} twenty cards, won "
             f"{won_where(r)} ({VIA_WORDS[r.via]}):"]
    lines += ["  " + x for x in format_verdict(state.win_verdict).splitlines()]
    lines.append("Settlement: " + ", ".join(f"{names[s]} {n:+d}" for s, n in enumerate(r.net)))
    return lines


def _explain_kowah(state: Any, r: Any, names: Sequence[str]) -> list[str]:
    from moneycards.solver.kowah.exact import splits_exact

    card = KOWAH.parse(r.card)[0]
    hand = list(state.hands[r.winner])
    if sum(hand) == 9:
        hand[KOWAH.index(card)] -= 1
    splits = [sp for sp in splits_exact(hand) if sp.pair == card] or splits_exact(hand)
    lines = [f"{_upper_first(possessive(names[r.winner]))} cards: {KOWAH.render(hand)} + "
             f"{card} ({r.via})"]
    if splits:
        sp = splits[0]
        lines.append(f"  {' '.join(t.text for t in sp.triplets)} and "
                     f"{KOWAH.render([card] * 3)}: three triplets (KW-R1)")
    lines.append(f"  multiplier x{r.multiplier} for a win by {r.via} (KW-K1)")
    return lines


def _explain_lukfu(state: Any, r: Any, names: Sequence[str]) -> list[str]:
    old = sorted(state.old_cards(r.winner), key=LUKFU.index)
    won = state.record_.fu(r.winner)
    return [f"{name_says(names[r.winner], 'claims')}: {won} fu won in tricks + "
            f"{counted(len(old), 'old cards')} ({LUKFU.render(old) or 'none'}) = {r.fu} "
            f"(LF-W2)",
            f"Settlement ({r.rule}): " + ", ".join(f"{names[s]} {n:+d}"
                                                   for s, n in enumerate(r.net))]


EXPLAIN = {"totom": _explain_totom, "kowah": _explain_kowah, "lukfu": _explain_lukfu}


class Printer:
    """Lines to the terminal through rich: headers bold on a terminal (bold is no colour,
    so NO_COLOR keeps it, as rich and no-color.org have it), plain when piped; never wider
    than WIDTH."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(width=WIDTH, highlight=False, soft_wrap=False)

    def lines(self, lines: list[str], *, first_bold: bool = False) -> None:
        from rich.text import Text

        for k, line in enumerate(lines):
            self.console.print(Text(line, style="bold" if first_bold and k == 0 else ""))
