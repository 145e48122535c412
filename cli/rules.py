"""`moneycards GAME rules [ID]...`: the rules as written, by the ids that errors, hints and
results cite."""

from __future__ import annotations

import shutil
import textwrap

import click

from moneycards.cli.common import answers, emit_json, json_option
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import spec
from moneycards.solver.ruletext import RuleText, rule_text, rule_texts, section_rules

PROPOSED_HEADING = "Proposed rulings (the engine follows them; not yet settled)"
WIDTH = 80  # at most, however wide the terminal: a readable line


def example(game: str) -> tuple[str, str]:
    """A rule id of the game and its section, for help texts (the registry's example: the
    pages are read when a command runs, not for `--help`)."""
    rule_id = spec(game).rule_example
    return rule_id, rule_id.rstrip("0123456789")


def add_rules_command(group: click.Group, game: str) -> None:
    first, section = example(game)

    @group.command("rules", help=(
        f"The {spec(game).title} rules as written, by id: each rule's section and text (ID "
        f"such as {first}, a section such as {section}, or a ruling R-…; any case). "
        f"Without ID, every rule and ruling. Errors, hints and results cite these ids.\n\n"
        f"\b\nExample:\n  moneycards {game} rules {first}\n  moneycards {game} rules "
        f"{section}"))
    @click.argument("ids", metavar="[ID]...", nargs=-1)
    @json_option
    @answers
    def rules(ids: tuple[str, ...], as_json: bool) -> None:
        chosen = pick(game, ids)
        if as_json:
            emit_json([r.as_json() for r in chosen])
            return
        for line in rule_lines(chosen):
            click.echo(line)


def pick(game: str, ids: tuple[str, ...]) -> list[RuleText]:
    """The rules the ids name, in the order given (a section: its rules in page order); no
    id, every rule. A rule named twice is shown once."""
    if not ids:
        return list(rule_texts(game))
    out: list[RuleText] = []
    for k, given in enumerate(ids):
        found = section_rules(game, given) or _one(game, given, "ID" if len(ids) == 1
                                                  else f"ID {k + 1}")
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


def rule_lines(chosen: list[RuleText], margin: int = 0) -> list[str]:
    """The rules under their sections' headings, each id then its text wrapped beside it,
    in the terminal's width (at most WIDTH) less `margin` (an indent the caller adds)."""
    width = min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns) - margin
    pad = max(len(r.id) for r in chosen) + 4
    out: list[str] = []
    section = None
    for r in chosen:
        heading = PROPOSED_HEADING if r.proposed else r.section
        if heading != section:
            if out:
                out.append("")
            out.append(heading)
            section = heading
        lines = r.plain().split("\n")
        first = f"  {r.id}".ljust(pad)
        out.extend(textwrap.wrap(lines[0], width, initial_indent=first,
                                 subsequent_indent=" " * pad) or [first.rstrip()])
        for row in lines[1:]:  # a table's rows: each wrapped under the text
            out.extend(textwrap.wrap(row.strip(), width, initial_indent=" " * pad,
                                     subsequent_indent=" " * (pad + 4)))
    return out
