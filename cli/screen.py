"""What a player sees in the terminal: the table from one seat, the actions in words, and
the end of a deal explained.

Screens are lists of plain lines of at most 80 columns (`WIDTH`), built from a seat's typed
observation only, so they show exactly what the seat may know. `Printer` writes them with
`rich`: bold headers on a terminal, no colour under NO_COLOR, plain text when piped.
"""

from __future__ import annotations

import shutil
import textwrap
from typing import Callable, Sequence

# The seat's view in words lives with the engines, so that a state can print itself; the
# terminal's modules read it from here as before.
from moneycards.solver.screen import (  # noqa: F401
    WIDTH, _game_screen, _upper_first, chan_end as chan_end, chan_verb as chan_verb,
    chan_words as chan_words,
    default_down as default_down,
    describe as describe, explain as explain, menu as menu, menu_lines as menu_lines,
    plain as plain, read_chan as read_chan, screen as screen, wrap as wrap,
    wrap_clauses as wrap_clauses)


# -- a hint --------------------------------------------------------------------------------
def terminal_width() -> int:
    """The terminal's columns (COLUMNS first, as shutil reads them; 80 when unknown)."""
    return shutil.get_terminal_size((WIDTH, 24)).columns


def without_action(action: str, reason: str) -> str:
    """A hint's reason without the action it starts by naming, for a line that shows the
    action beside it: "discard 2m: +0.7 points a deal …" -> "+0.7 points a deal …"."""
    for head in (action + ": ", action + " "):
        if reason.startswith(head):
            return reason[len(head):]
    return reason


def first_clause(action: str, reason: str) -> str:
    """A hint's reason cut to its first clause, without the action it repeats: "discard 5s
    wins 38% of 8 sampled deals played out, +0.1 points a deal; 2 cards from a win; …" ->
    "wins 38% of 8 sampled deals played out, +0.1 points a deal". A "; " inside brackets
    does not end the clause."""
    reason = without_action(action, reason)
    depth = 0
    for k, ch in enumerate(reason):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and reason.startswith("; ", k):
            return reason[:k]
    return reason


def hint_lines(ranked: Sequence[tuple[str, str]], width: int, *,
               full: bool = False, label: Callable[[str], str] | None = None) -> list[str]:
    """Ranked actions as `hint` prints them: each reason its first clause (`full`: all of
    it), without the action it repeats, wrapped between words under the action so that no
    line is wider than `width`; `label`: how an action is shown (its Chắn words)."""
    width = max(width, 20)
    indent = 8 if width >= 40 else 2
    out, cut = [], False
    for action, reason in ranked:
        said = without_action(action, reason) if full else first_clause(action, reason)
        cut = cut or (not full and said != without_action(action, reason))
        action = label(action) if label else action
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
