"""`moneycards GAME rules [ID]...` and `moneycards rules ID...`: the rules as written, by the
ids that errors, hints and results cite."""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Mapping

import click

from moneycards.cli.common import answers, emit_json, json_option
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES, spec
from moneycards.solver.ruletext import (RuleText, games_with, is_rule_id, mentions,
                                        not_an_id, paged_games, rule_text, rule_texts,
                                        section_rules)

PROPOSED_HEADING = "Proposed rulings (the engine follows them; not yet settled)"
WIDTH = 80  # at most, however wide the terminal: a readable line

find_option = click.option(
    "--find", metavar="WORDS",
    help="Only the rules with a word starting so, in their id, section or text; several "
         "words in quotes: each of them (\"caller pays\"). Any case; Vietnamese marks "
         "count where typed. None found: exit 1, as grep.")


def example(game: str) -> tuple[str, str]:
    """A rule id of the game and its section, for help texts (the registry's example: the
    pages are read when a command runs, not for `--help`)."""
    rule_id = spec(game).rule_example
    return rule_id, rule_id.rstrip("0123456789")


def add_rules_command(group: click.Group, game: str) -> None:
    first, section = example(game)
    word = spec(game).find_example  # none given (a game of one's own): no such example
    find_line = f"\n  moneycards {game} rules --find {word}" if word else ""

    @group.command("rules", short_help=f"The {spec(game).title} rules as written, by id.", help=(
        f"The {spec(game).title} rules as written, by id: each rule's section and text (ID "
        f"such as {first}, a section such as {section}, or a ruling R-…; any case). "
        f"Without ID, every rule and ruling. Errors, hints and results cite these ids.\n\n"
        f"\b\nExample:\n  moneycards {game} rules {first}\n  moneycards {game} rules "
        f"{section}{find_line}"))
    @click.argument("ids", metavar="[ID]...", nargs=-1)
    @find_option
    @json_option
    @answers
    def rules(ids: tuple[str, ...], find: str | None, as_json: bool) -> None:
        show_found(pick(game, ids), find, spec(game).title, as_json)


@click.command("rules", short_help="The rules of every game as written, by id.", help=(
    "The rules as written, by id, whichever game's: each rule's game, section and text (ID "
    "such as TT-C3, a section such as KW-X, or a ruling R-…, which each game that has it "
    "answers; any case, a ruling's Vietnamese marks optional), or every game's rules with "
    "--find's words. `moneycards GAME rules` lists a whole game's.\n\n\b\nExample:\n  "
    "moneycards rules TT-C3 LF-O2\n  moneycards rules R-match\n  moneycards rules --find "
    "\"old card\""))
@click.argument("ids", metavar="[ID]...", nargs=-1)
@find_option
@json_option
@answers
def any_rules(ids: tuple[str, ...], find: str | None, as_json: bool) -> None:
    if not ids and find is None:
        raise InvalidInput("give a rule id (TT-C3, R-match), --find WORDS, or both; "
                           "`moneycards GAME rules` lists a whole game's", field="ID")
    chosen = pick_any(ids) if ids else [r for g in paged_games() for r in rule_texts(g)]
    show_found(chosen, find, "game's", as_json, titled=True)


def found(chosen: list[RuleText], find: str | None) -> list[RuleText]:
    """The chosen rules that --find's words are in (all without --find)."""
    if find is None:
        return chosen
    if not find.strip():
        raise InvalidInput("needs a word", field="--find")
    return [r for r in chosen if mentions(r, find)]


def show_found(chosen: list[RuleText], find: str | None, whose: str, as_json: bool,
               titled: bool = False) -> None:
    """The rules --find's words are in. None found is an answer, not bad input: as grep
    does, a line on stderr (an empty list under --json) and exit 1."""
    hits = found(chosen, find)
    if hits or find is None:
        show(hits, as_json, titled)
        return
    if as_json:
        emit_json([])
    else:
        words = find.split()
        said = (f"a word starting {words[0]!r}" if len(words) == 1 else
                "words starting " + " and ".join(repr(w) for w in words))
        click.echo(f"no {whose} rule has {said}", err=True)
    sys.exit(1)


def show(chosen: list[RuleText], as_json: bool, titled: bool = False) -> None:
    if as_json:
        emit_json([r.as_json() for r in chosen])
        return
    for line in rule_lines(chosen, titled=titled):
        click.echo(line)


def pick_any(ids: tuple[str, ...]) -> list[RuleText]:
    """The rules the ids name in any built-in game, in the order given: a section its rules,
    a ruling every game's that has it."""
    out: list[RuleText] = []
    games = paged_games()
    for k, given in enumerate(ids):
        found = [r for g in games for r in section_rules(g, given)] or games_with(given)
        if not found:
            said = (f"no game has a rule {given.strip()}" if is_rule_id(given) else
                    not_an_id(given, games[0]))
            raise InvalidInput(said, field=_id_field(ids, k))
        out.extend(r for r in found if r not in out)
    return out


def _id_field(ids: tuple[str, ...], k: int) -> str:
    """The argument an error names: "ID", or "ID 2" among several."""
    return "ID" if len(ids) == 1 else f"ID {k + 1}"


def pick(game: str, ids: tuple[str, ...]) -> list[RuleText]:
    """The rules the ids name, in the order given (a section: its rules in page order); no
    id, every rule. A rule named twice is shown once."""
    if not ids:
        return list(rule_texts(game))
    out: list[RuleText] = []
    for k, given in enumerate(ids):
        found = section_rules(game, given) or _one(game, given, _id_field(ids, k))
        out.extend(r for r in found if r not in out)
    return out


def known_rule(game: str, rule_id: str | None) -> bool:
    """Whether the game's rules page (or a proposed ruling) has this id."""
    return any(r.id == rule_id for r in rule_texts(game))


def _one(game: str, given: str, field: str) -> tuple[RuleText, ...]:
    try:
        return (rule_text(game, given),)
    except InvalidInput as err:
        err.field = field if err.field == "rule" else err.field
        raise


def rule_lines(chosen: list[RuleText], margin: int = 0, titled: bool = False,
               differs: Mapping[str, str] | None = None) -> list[str]:
    """The rules under their sections' headings (`titled`: the game's title first), each id
    then its text wrapped beside it, in the terminal's width (at most WIDTH) less `margin`
    (an indent the caller adds). A section's ids set its column; where they would leave
    the text less than two thirds of the line, the text starts on the line below. An id or
    a word with hyphens is never split. `differs`: rule id -> the preset of the table it is
    read at that changes it, said under the rule."""
    width = min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns) - margin
    wrap = textwrap.TextWrapper(width, break_on_hyphens=False, break_long_words=False)
    out: list[str] = []
    groups: list[tuple[str, list[RuleText]]] = []
    for r in chosen:
        heading = PROPOSED_HEADING if r.proposed else r.section
        if titled:
            heading = f"{GAMES[r.game].title} · {heading}"
        if not groups or groups[-1][0] != heading:
            groups.append((heading, []))
        groups[-1][1].append(r)
    for heading, rules in groups:
        if out:
            out.append("")
        out.append(heading)
        pad = max(len(r.id) for r in rules) + 4
        below = pad > width // 3
        if below:
            pad = 6
        for r in rules:
            lines = r.plain().split("\n")
            if below:
                out.append(f"  {r.id}")
            wrap.initial_indent = " " * pad if below else f"  {r.id}".ljust(pad)
            wrap.subsequent_indent = " " * pad
            out.extend(wrap.wrap(lines[0]) or [f"  {r.id}"])
            wrap.initial_indent, wrap.subsequent_indent = " " * pad, " " * (pad + 4)
            for row in lines[1:]:  # a table's rows: each wrapped under the text
                out.extend(wrap.wrap(row.strip()))
            if r.words:  # what a search by the players' words found it by
                wrap.subsequent_indent = " " * pad
                out.extend(wrap.wrap(f"In players' words: {', '.join(r.words)}"))
            if r.changes:  # a preset: the rules it changes, each of them in this book
                wrap.subsequent_indent = " " * pad
                out.extend(wrap.wrap(f"Changes: {', '.join(r.changes)}"))
            if differs and r.id in differs:
                wrap.subsequent_indent = " " * pad
                out.extend(wrap.wrap(f"Differs at this table: see the {differs[r.id]} "
                                     f"preset"))
    return out
