"""What a player sees in the terminal: the table from one seat, the actions in words, and
the end of a deal explained.

Screens are lists of plain lines of at most 80 columns (`WIDTH`), built from a seat's typed
observation only, so they show exactly what the seat may know. `Printer` writes them with
`rich`: bold headers on a terminal, no colour under NO_COLOR, plain text when piped.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any, Sequence

from moneycards.solver.cards import KOWAH, LUKFU, TOTOM, Face, counted
from moneycards.solver.table import name_says, possessive

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
            for part in (wrap("", line.strip(), indent) if len(line) > WIDTH else [line])]


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
def screen(obs: Any, names: Sequence[str]) -> list[str]:
    """The table as `obs.seat` sees it."""
    return {"totom": _totom, "kowah": _kowah, "lukfu": _lukfu}[obs.game](obs, names)


def _turn(obs: Any, names: Sequence[str], what: str) -> str:
    if obs.result is not None:
        return "the deal is over"
    if obs.to_act == obs.seat:
        return f"your turn: {what}"
    return f"{names[obs.to_act]} to act" if obs.to_act is not None else ""


def _totom(obs: Any, names: Sequence[str]) -> list[str]:
    from moneycards.solver.totom.exact import partition_exact

    phase = obs.phase.name.lower()
    what = {"opening": "your first discard (or Thiên ù)", "discard": "discard",
            "offer": "capture or pass", "claims": "a claim"}[phase]
    lines = [f"Tổ Tôm · stock {obs.stock} · dealer {names[obs.dealer]} · "
             f"{_turn(obs, names, what)}"]
    for s, name in enumerate(names):
        mark = "*" if s == obs.seat else " "
        dead = " (dead hand, TT-S4)" if s in obs.dead_hand else ""
        pairs = " ".join(obs.exposed[s]) or "-"
        lines += wrap(f"{mark}{name[:14]:<14} {obs.hand_sizes[s]:>2} in hand{dead}  shown: ",
                      pairs, 18)
    if obs.offer is not None:
        o = obs.offer
        # A discard lies at the doorway it was discarded to (the next seat's, or back to
        # the interrupted doorway after a Chíu, TT-P4): the offer names no discarder.
        how = {"discard": "a discard", "exposed": "from the stock",
               "passed": "from the stock, passed on"}[o.kind.value]
        lines.append(f"On the table: {o.card} {TOTOM.name(o.card)} ({how}, at "
                     f"{possessive(names[o.door])} doorway)")
    if obs.claim is not None:
        lines.append(f"You may claim it: {obs.claim.value} (nobody else sees the question)")
    lines += _seen_grid(obs)
    hand = list(obs.hand)
    part = partition_exact(hand)
    groups = [f"Chắn {TOTOM.render([f, f])}" for f in part.chan]
    groups += [f"Cạ {TOTOM.render([a, b])}" for a, b in part.ca]
    if part.left:
        groups.append(f"singles {TOTOM.render(part.left)}")
    lines += wrap_items("Your hand: ", groups)
    return lines


def _seen_grid(obs: Any) -> list[str]:
    """Copies of each face out of play or in sight (your hand, shown pairs, dead cards), of
    four: what is left to come is the rest."""
    seen: Counter[Face] = Counter()
    for f, n in zip(TOTOM.faces, obs.hand):
        seen[f] += n
    for pairs in obs.exposed:
        for p in pairs:
            seen.update(TOTOM.parse(p))
    seen.update(d.card for d in obs.dead)
    out = ["Seen of 4 (hand, shown, dead):"]
    for suit in "csm":
        faces = [f for f in TOTOM.faces if f.suit == suit]
        out.append("  " + " ".join(f"{f.text}:{seen[f]}" for f in faces))
    chi = TOTOM.faces[-1]
    out[-1] += f"   {chi.text}:{seen[chi]}"
    return out


def _kowah(obs: Any, names: Sequence[str]) -> list[str]:
    from moneycards.solver.kowah.exact import splits_exact

    phase = obs.phase.name.lower()
    takes = any(a == "take" for a in obs.legal_actions) or obs.to_act != obs.seat
    what = {"draw": "draw or take" if takes else "draw (no discard to take yet)",
            "discard": "discard", "declare": "declare"}[phase]
    lines = [f"Kowah · stock {obs.stock} · {_turn(obs, names, what)}"]
    for s, name in enumerate(names):
        mark = "*" if s == obs.seat else " "
        shown = obs.declared.get(s)
        named = f" {KOWAH.name(shown)}" if shown is not None and KOWAH.name(shown) != \
            shown.text else ""  # an honour's name; a number card is its notation alone
        decl = (f"declared checki, shows {KOWAH.render([shown, shown])}, waits on "
                f"{shown}{named}") if shown is not None else "not declared"
        lines.append(f"{mark}{name[:14]:<14} {counted(obs.hand_sizes[s], 'cards')}  {decl}")
    pile = [f"{d.card}" + (f"→{names[d.taken_by][:8]}" if d.taken_by is not None else "")
            for d in obs.discards]
    lines += wrap("Discards, oldest first (→ who took it): ", " ".join(pile) or "none", 4)
    if obs.public_draws:  # KW-X3: every seat's stock draws from the first declaration on
        lines += wrap("Drawn face up since the first declaration: ", " ".join(
            f"{d.card}({names[d.seat][:8]})" for d in obs.public_draws), 4)
    hand = list(obs.hand)
    triplets, pairs, singles = kowah_groups(hand)
    groups = [f"triplet {t}" for t in triplets] + [f"pair {KOWAH.render([p, p])}"
                                                    for p in pairs]
    if singles:
        groups.append(f"singles {KOWAH.render(singles)}")
    lines += wrap_items("Your hand: ", groups)
    if sum(hand) == 8:
        ready = splits_exact(hand)
        if ready:
            sp = ready[0]
            lines.append(f"  ready: {' '.join(t.text for t in sp.triplets)} + pair "
                         f"{KOWAH.render([sp.pair, sp.pair])}, waiting on {sp.pair}")
    return lines


def kowah_groups(counts: Sequence[int]) -> tuple[list[str], list[Face], list[Face]]:
    """A Kowah hand as a player holds it: the most triplets (KW-R1, KW-R2), then pairs
    (the candidates for the shown pair), then single cards."""
    from moneycards.solver.kowah.shapes import TRIPLETS

    def most(left: list[int], start: int) -> list[Any]:
        best: list[Any] = []
        for k in range(start, len(TRIPLETS)):
            t = TRIPLETS[k]
            need = Counter(KOWAH.index(f) for f in t.faces)
            if all(left[i] >= n for i, n in need.items()):
                for i, n in need.items():
                    left[i] -= n
                found = [t, *most(left, k)]
                for i, n in need.items():
                    left[i] += n
                if len(found) > len(best):
                    best = found
        return best

    left = list(counts)
    triplets = most(left, 0)
    for t in triplets:
        for f in t.faces:
            left[KOWAH.index(f)] -= 1
    pairs = [f for f, n in zip(KOWAH.faces, left) if n >= 2]
    for f in pairs:
        left[KOWAH.index(f)] -= 2
    singles = KOWAH.faces_of(left)
    return [t.text for t in triplets], pairs, singles


def _lukfu(obs: Any, names: Sequence[str]) -> list[str]:
    from moneycards.solver.lukfu.old import Position, prove_old

    rec = obs.record
    phase = obs.phase.name.lower()
    what = {"call": "call play or pass",  # claim only when LF-W2 allows it now
            "lead": "lead or claim" if "claim" in obs.legal_actions else "lead",
            "follow": "beat it or go down"}[phase]
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
            shown = a.play.text if a.play is not None else f"down {a.size} face down"
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
    return lines


# -- actions in words -----------------------------------------------------------------------
# An action is worded one way everywhere: as its record text ("capture 4m"), which is what
# the log, `replay`, a hint and the person typing say. The menu adds what it does after a
# colon ("capture 4m: take 4s, expose 4s 4m, a Cạ"), in the words the log then narrates.
def describe(obs: Any, action: str, names: Sequence[str]) -> str:
    """An action, then what it does ("capture 4m: take 4s, expose 4s 4m, a Cạ")."""
    verb, _, arg = action.partition(" ")
    said = DESCRIBE[obs.game](obs, verb, arg)
    return f"{action}: {said}" if said else action


def _describe_totom(obs: Any, verb: str, arg: str) -> str | None:
    o = obs.offer
    if verb == "capture" and o is not None:
        kind = "a Chắn" if arg == o.card.text else "a Cạ"
        pair = TOTOM.render([o.card, *TOTOM.parse(arg)])
        return f"take {o.card}, expose {pair}, {kind}"
    if verb == "pass" and o is not None:
        return f"let {o.card} go"
    if verb == "win":
        return "claim the win" + (f" on {o.card}" if o is not None else " (Thiên ù)")
    if verb == "chiu" and o is not None:
        return f"claim the fourth {o.card} for a Chíu"
    if verb == "decline":
        return "do not claim it"
    return None


def _describe_kowah(obs: Any, verb: str, arg: str) -> str | None:
    if verb == "draw":
        return f"from the stock ({obs.stock} left)"
    if verb == "take":
        top = next((d.card for d in reversed(obs.discards) if d.taken_by is None), None)
        return f"{top}, the last discard" if top else "the last discard"
    if verb == "declare":
        return f"checki, showing {arg}"
    if verb == "stay":
        return "stay undeclared"
    return None


def _describe_lukfu(obs: Any, verb: str, arg: str) -> str | None:
    if verb == "call":
        return {"play": "try to win this deal"}.get(arg)
    best = obs.record.current_best()
    if verb == "follow" and best is not None:
        return f"beat {best.text}"
    if verb == "down":
        return "face down"
    if verb == "claim":
        return "fu won plus old cards make six (LF-W2)"
    if verb == "end":
        return "the hand is empty"
    return None


DESCRIBE = {"totom": _describe_totom, "kowah": _describe_kowah, "lukfu": _describe_lukfu}


def default_down(obs: Any) -> str:
    """The face-down play a number picks: the lowest cards that are not old (LF-O1)."""
    from moneycards.solver.lukfu.old import Position, prove_old

    best = obs.record.current_best()
    n = best.size if best is not None else 1
    old = prove_old(Position(obs.record, obs.seat, list(obs.hand))).old
    cards = sorted(obs.hand, key=lambda f: (f in old, f.rank, LUKFU.index(f)))[:n]
    return "down " + LUKFU.render(cards)


def menu_lines(obs: Any, names: Sequence[str]) -> list[str]:
    """The numbered options, each saying what it does."""
    out = []
    for k, a in enumerate(menu(obs), 1):
        if a == "down":
            label = f"{describe(obs, default_down(obs), names)} (or type down and the cards)"
        else:
            label = describe(obs, a, names)
        out.append(f"  {k:>2}. {label}")
    return out


def menu(obs: Any) -> list[str]:
    """The actions to list: Luk Fu's face-down choices collapse into one line (type the
    cards instead)."""
    acts = list(obs.legal_actions)
    downs = [a for a in acts if a.startswith("down ")]
    if len(downs) > 1:
        acts = [a for a in acts if not a.startswith("down ")] + ["down"]
    return acts


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
