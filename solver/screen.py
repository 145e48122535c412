"""What a seat sees, as text: the table from one seat and its actions in words.

Screens are lists of plain lines of at most 80 columns (`WIDTH`), built from a seat's typed
observation only, so they show exactly what the seat may know. The terminal table
(cli/screen.py) prints them; `TableState.render(seat)` and `str(state)` give them to a
program.
"""

from __future__ import annotations

import textwrap
import unicodedata
from typing import Any, Sequence

from moneycards.solver.games import spec


WIDTH = 80


def wrap(head: str, text: str, indent: int = 4) -> list[str]:
    """`head` then `text`, wrapped at WIDTH with a hanging indent."""
    return textwrap.wrap(text, WIDTH, initial_indent=head, subsequent_indent=" " * indent,
                         break_on_hyphens=False) or [head.rstrip()]


def wrap_clauses(text: str, indent: int = 2) -> list[str]:
    """A sentence of clauses ("…: 2 points; You -2, …") broken between its clauses where
    it is wider than WIDTH (a seat's name is never split), and inside one only when that
    clause alone is too wide."""
    clauses = text.split("; ")
    items = [c + ";" for c in clauses[:-1]] + clauses[-1:]
    return [part for line in wrap_items("", items, sep=" ", indent=indent)
            for part in (_wrap_commas(line, indent) if len(line) > WIDTH else [line])]


def _wrap_commas(line: str, indent: int) -> list[str]:
    """A line wider than WIDTH broken after its commas ("You +4, AI 1 -2, AI 2 -2": a
    settlement's "AI 1" was split across lines), and between words only inside a part that
    is still too wide; its own indent kept."""
    lead = line[:len(line) - len(line.lstrip())]
    parts = line.strip().split(", ")
    items = [p + "," for p in parts[:-1]] + parts[-1:]
    out = []
    for part in wrap_items(lead, items, sep=" ", indent=indent):
        lead = part[:len(part) - len(part.lstrip())]
        out += wrap(lead, part.strip(), indent) if len(part) > WIDTH else [part]
    return out


def wrap_items(head: str, items: list[str], sep: str = " · ", indent: int = 4) -> list[str]:
    """`head` then the items, never breaking one across lines."""
    lines, line = [], head
    for k, item in enumerate(items):
        piece = (sep if k and line.strip() else "") + item
        if len(line) + len(piece) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = " " * indent + item
        else:
            line += piece
    lines.append(line.rstrip())
    return lines


def _upper_first(text: str) -> str:
    """"your" -> "Your", but "AI 2's" stays as written (str.capitalize lowers the rest)."""
    return text[:1].upper() + text[1:]


# -- the table from one seat ----------------------------------------------------------------
def screen(obs: Any, names: Sequence[str], *, chan: bool = False) -> list[str]:
    """The table as `obs.seat` sees it (each game's `screen` module draws it); `chan`:
    Tổ Tôm's turn in Chắn verbs too."""
    room = _game_screen(obs.game)
    return room.view(obs, names, chan=True) if chan else room.view(obs, names)  # type: ignore[no-any-return]


def _game_screen(game: str) -> Any:
    # Through the registry, so the games never import each other.
    g = spec(game)
    try:
        return g.module("screen")
    except ModuleNotFoundError as err:
        if not (err.name or "").endswith(".screen"):
            raise
        # a game of one's own may leave it out (docs/plugins.md): say what it is for
        raise ModuleNotFoundError(f"{g.title} has no screen module ({err.name}): the table "
                                  f"drawn as text (str(state), render, the terminal table) "
                                  f"needs one with view, describe_action and explain "
                                  f"(docs/plugins.md)", name=err.name) from None


def _turn(obs: Any, names: Sequence[str], what: str) -> str:
    if obs.result is not None:
        return "the deal is over"
    if obs.to_act == obs.seat:
        return f"your turn: {what}"
    return f"{names[obs.to_act]} to act" if obs.to_act is not None else ""



def describe(obs: Any, action: str, names: Sequence[str]) -> str:
    """An action, then what it does ("capture 4m: take 4s, expose 4s 4m, a Cạ")."""
    verb, _, arg = action.partition(" ")
    said = _game_screen(obs.game).describe_action(obs, verb, arg)
    return f"{action}: {said}" if said else action


def explain(state: Any, names: Sequence[str]) -> list[str]:
    """How a finished deal was won: the winner's cards as shown and what they scored
    (nothing for a drawn deal or a redeal, whose result line says why)."""
    r = state.result
    if r is None or r.winner is None:
        return []
    try:
        room = _game_screen(state.game)
    except ModuleNotFoundError as err:  # a plug-in game with no screen: nothing to show
        if not (err.name or "").endswith(".screen"):
            raise
        return []
    return room.explain(state, r, names)  # type: ignore[no-any-return]


def default_down(obs: Any) -> str:
    """The face-down cards the seat would put down by default (Luk Fu: its lowest not
    old), for a game whose seats put cards down."""
    return _game_screen(obs.game).default_down(obs)  # type: ignore[no-any-return]


def menu_lines(obs: Any, names: Sequence[str], *, chan: bool = False) -> list[str]:
    """The numbered options, each saying what it does; `chan`: Tổ Tôm's moves named in
    Chắn words first ("Bốc — pass: let 4m go")."""
    out = []
    for k, a in enumerate(menu(obs), 1):
        if a == "down":
            # the default is a rule of thumb, not the hint's choice (which may rank other
            # cards first): said so
            label = (f"{describe(obs, default_down(obs), names)}, lowest not old (or type "
                     f"down and the cards)")
        else:
            label = describe(obs, a, names)
        if chan:
            label = f"{chan_words(obs, a)} — {label}"
        out.append(f"  {k:>2}. {label}")
    return out


def chan_words(obs: Any, action: str) -> str:
    """A Tổ Tôm action in Chắn words ("Bốc", "Ăn cạ 4s với 4m"; solver/totom/chan.py)."""
    return _game_screen(obs.game).chan_action(obs, action)  # type: ignore[no-any-return]


def chan_log_verb(game: str, action: str, lines: Sequence[str], ended: bool) -> str | None:
    """A log entry's action in the game's players' own verb ("bốc", "dưới"), if it has one."""
    return _game_screen(game).chan_log_verb(action, lines, ended)  # type: ignore[no-any-return]


def chan_end(game: str, lines: Sequence[str]) -> list[str]:
    """A deal's end in the game's players' own words (Tổ Tôm's bonuses: cước)."""
    return _game_screen(game).chan_end(lines)  # type: ignore[no-any-return]


def chan_verb(obs: Any, verb: str) -> str:
    """An action's verb in the game's players' own words ("đánh", "bốc")."""
    return _game_screen(obs.game).chan_verb(obs, verb)  # type: ignore[no-any-return]


def read_chan(obs: Any, words: Sequence[str]) -> str | None:
    """A move typed in the game's players' own verbs, without their marks, as its action."""
    return _game_screen(obs.game).read_chan(words, obs)  # type: ignore[no-any-return]


def plain(text: str) -> str:
    """Words without their marks, lower case ("Ăn cạ" -> "an ca"): a Vietnamese word typed
    on a keyboard without Vietnamese input matches as well."""
    bare = unicodedata.normalize("NFD", text.replace("đ", "d").replace("Đ", "D"))
    return " ".join("".join(c for c in bare if not unicodedata.combining(c)).lower().split())


def menu(obs: Any) -> list[str]:
    """The actions to list: Luk Fu's face-down choices collapse into one line (type the
    cards instead)."""
    acts = list(obs.legal_actions)
    downs = [a for a in acts if a.startswith("down ")]
    if len(downs) > 1:
        acts = [a for a in acts if not a.startswith("down ")] + ["down"]
    return acts
