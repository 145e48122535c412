"""The rules as written: every numbered rule and ruling of a game's rules page (docs/rules)
and the proposed rulings the engine follows (docs/proposed-rulings.md), with its section and
text, for a person who reads an id in an error, a hint or a result and wants the rule itself.

The pages ship inside the package (`moneycards.docs`), so an installed copy answers as a
checkout does. The rule book (solver/rulebook.py) says which code implements an id; this
module only says what the rule says.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from importlib import resources

from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver.rulebook import RULE_ID

# A rule is a list item that opens with its id in bold; a proposed ruling's item may run on
# over indented lines.
ITEM = re.compile(r"^- \*\*(" + RULE_ID.pattern + r")\*\* ?(.*)$")
SECTION = re.compile(r"^## (.+)$")
SECTION_ID = re.compile(r" \([A-Z]{2,3}-[A-Z]\)")  # "Capture restrictions (TT-C)"
EMPHASIS = re.compile(r"(?<!\w)\*(\S[^*\n]*?)\*(?!\w)")  # *usually*
PROPOSED_MARK = "(proposed) "
# "## The `traditional` preset (…)": a preset's section, whose paragraph says where the preset
# differs from the page; it stands in the book under the preset's name.
PRESET = re.compile(r"^The (\w+) preset\b")  # read from the section without its marks
EVERY_TABLE = "Every table"  # the proposed rulings' section for all games; else games' titles


def _section_titles(section: str) -> set[str]:
    """The games a proposed rulings' section names ("Tổ Tôm and Kowah", "Kowah")."""
    return set(re.split(r",\s*|\s+and\s+", section))


@dataclass(frozen=True)
class RuleText:
    """One rule as its page writes it (Markdown: `**bold**`, `code`)."""

    id: str
    game: str
    section: str  # the heading it stands under ("Capture restrictions", "Rulings …")
    text: str
    proposed: bool = False  # a proposed ruling the engine follows, not yet settled
    preset: bool = False  # a preset's difference from the page, named by the preset
    # the players' own words for what the rule governs (Tổ Tôm's Chắn verbs: "bốc" for
    # TT-T3), which a search finds it by
    words: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()  # a preset's entry: the rules it changes

    def plain(self) -> str:
        """The text without Markdown marks, for a terminal."""
        return plain(self.text)

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "game": self.game, "section": self.section,
                "text": self.plain(), "proposed": self.proposed, "preset": self.preset,
                "words": list(self.words), "changes": list(self.changes)}


def plain(text: str) -> str:
    """Markdown marks dropped; a table's rows as indented lines of cells joined by " | "
    (its header underline left out)."""
    lines = []
    text = EMPHASIS.sub(r"\1", text.replace("**", "").replace("`", ""))
    for line in text.split("\n"):
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= {"-", ":"} for c in cells):
                continue
            line = "  " + " | ".join(cells)
        lines.append(line)
    return "\n".join(lines)


def _page(name: str) -> str:
    return resources.files("moneycards.docs").joinpath(name).read_text(encoding="utf-8")


def _items(text: str) -> list[tuple[str, str, str]]:
    """(section, id, text) for every rule item of a page: its continuation lines joined, and
    a table that follows it (TT-K3's bonuses) kept as its lines; and a preset section's
    paragraph, its id the preset's name."""
    out: list[tuple[str, str, str]] = []
    section = ""
    open_item = False  # the last item may still take lines: no other text came after it
    preset = None  # a preset section's name, until its paragraph is read
    for line in text.splitlines():
        head = SECTION.match(line)
        item = ITEM.match(line)
        if head:
            section, open_item = plain(SECTION_ID.sub("", head.group(1))), False
            named = PRESET.match(section)
            preset = named.group(1) if named else None
        elif preset and line.strip() and not item:
            out.append((section, preset, line.strip()))
            preset = None
        elif item:
            out.append((section, item.group(1), item.group(2).strip()))
            open_item = True
        elif open_item and line.startswith("  ") and line.strip():
            s, i, t = out[-1]
            out[-1] = (s, i, f"{t} {line.strip()}")
        elif open_item and line.startswith("|"):
            s, i, t = out[-1]
            out[-1] = (s, i, f"{t}\n{line.strip()}")
        elif line.strip():
            open_item = False
    return out


def paged_games() -> list[str]:
    """The games with a rules page here: the built-in ones (a game of one's own, registered
    with its own package, brings none)."""
    return [g for g, s in GAMES.items() if not s.package]


@functools.cache
def rule_texts(game: str) -> tuple[RuleText, ...]:
    """Every rule and ruling of a built-in game, in the page's order, then its presets'
    differences from the page (Tổ Tôm's `traditional`), then the proposed rulings that
    apply to it."""
    found = GAMES.get(game)
    if found is None or found.package:
        raise InvalidInput(f"no rules page for {game!r}: the pages are those of "
                           f"{', '.join(paged_games())}", field="game")
    items = _items(_page(f"rules/{found.rules_doc}"))
    # A ruling belongs to the page's rulings, wherever the page lists it (Tổ Tôm's R-match
    # follows its traditional preset's paragraph).
    rulings = next((s for s, i, _ in items if i.startswith("R-")), "")
    # the players' own words for a rule (Tổ Tôm's Chắn verbs, Luk Fu's tigers)
    said: dict[str, tuple[str, ...]] = getattr(found.module("screen"), "RULE_WORDS", {})
    changes: dict[str, tuple[str, ...]] = getattr(found.module("rules"), "PRESET_CHANGES", {})
    out = [RuleText(i, game, rulings if i.startswith("R-") else s, t,
                    preset=(preset := bool((m := PRESET.match(s)) and m.group(1) == i)),
                    words=said.get(i, ()), changes=changes.get(i, ()) if preset else ())
           for s, i, t in items]
    # a preset after the rules and rulings it departs from (the page's R-match follows it)
    out = [r for r in out if not r.preset] + [r for r in out if r.preset]
    for s, i, t in _items(_page("proposed-rulings.md")):
        if t.startswith(PROPOSED_MARK) and (s == EVERY_TABLE or found.title in _section_titles(s)):
            out.append(RuleText(i, game, "Proposed rulings", t.removeprefix(PROPOSED_MARK),
                                proposed=True))
    return tuple(out)


def folded(text: str) -> str:
    """A text as a person may type it: any case, the Vietnamese marks left out
    ("r-tom-cards" for R-Tôm-cards, "chan" for Chắn)."""
    bare = unicodedata.normalize("NFKD", text.strip().casefold().replace("đ", "d"))
    return "".join(c for c in bare if not unicodedata.combining(c))


def mentions(r: RuleText, words: str) -> bool:
    """Whether each of `words` starts a word of the rule (its id, section or text): "caller
    pays" finds LF-K3, where the two words stand apart. Any case; a word's Vietnamese marks
    count where they are typed ("Cạ" finds Cạ alone, "ca" Cạ and "capture" too)."""
    plain = f"{r.id} {r.section} {r.plain()} {' '.join(r.words)}".casefold()
    query = words.casefold().split()
    for word in query:
        hay = plain if folded(word) != word else folded(plain)
        if re.search(r"(?<!\w)" + re.escape(word), hay) is None:
            return False
    return bool(query)


def _matching(game: str, wanted: str) -> RuleText | None:
    """The rule the id names: exactly (any case), else the one rule it names without marks."""
    for r in rule_texts(game):
        if r.id.casefold() == wanted.casefold():
            return r
    loose = [r for r in rule_texts(game) if folded(r.id) == folded(wanted)]
    return loose[0] if len(loose) == 1 else None


def rule_text(game: str, rule_id: str) -> RuleText:
    """One rule of `game` by its id (any case; a ruling's Vietnamese marks may be left out).
    An unknown id is an error that says which game has it, or what a rule id looks like."""
    wanted = rule_id.strip()
    found = _matching(game, wanted)
    if found is not None:
        return found
    title = GAMES[game].title
    for other in paged_games():
        there = _matching(other, wanted) if other != game else None
        if there is not None:
            raise InvalidInput(f"{there.id} is a {GAMES[other].title} rule, not one of "
                               f"{title}'s (moneycards {other} rules {there.id})",
                               field="rule")
    if not is_rule_id(wanted):
        raise InvalidInput(not_an_id(wanted, game), field="rule")
    raise InvalidInput(f"{title} has no rule {wanted}", field="rule")


def is_rule_id(text: str) -> bool:
    """Whether a text has the form of a rule id (TT-C3, R-match; any case, marks optional),
    whether or not a game has it."""
    return RULE_ID.fullmatch(folded(text).upper()) is not None


def not_an_id(text: str, game: str) -> str:
    """What is wrong with a text that is no rule id, with an id of `game` for an example."""
    return f"{text.strip()!r} is not a rule id (such as {rule_texts(game)[0].id} or a ruling R-…)"


def games_with(rule_id: str) -> list[RuleText]:
    """The rule of every built-in game that has this id (a ruling such as R-match: each
    game's own), in the registry's order."""
    return [r for g in paged_games() for r in [_matching(g, rule_id)] if r is not None]


def section_rules(game: str, prefix: str) -> tuple[RuleText, ...]:
    """The rules of one numbered section by its prefix ("TT-C": the capture restrictions);
    empty when no rule has it."""
    p = prefix.strip().casefold()
    return tuple(r for r in rule_texts(game)
                 if re.fullmatch(re.escape(p) + r"[0-9]+", r.id.casefold()))
