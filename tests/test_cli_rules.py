"""`--rules` is a choice of the game's presets in every command that takes it, so a wrong
preset is refused by name with the choices listed, before any work."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.solver.games import GAMES


def commands(group: click.Group, path: tuple[str, ...] = ()):
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


RULES = [(path, command) for path, command in commands(cli)
         if any("--rules" in p.opts for p in command.params)]


def test_the_commands_that_take_rules_are_found():
    assert {path for path, _ in RULES} >= {("totom", "check"), ("totom", "waits")}


@pytest.mark.parametrize("path, command", RULES, ids=[" ".join(p) for p, _ in RULES])
def test_rules_is_a_choice_of_the_game_s_presets(path, command):
    option = next(p for p in command.params if "--rules" in p.opts)
    assert isinstance(option.type, click.Choice)
    assert list(option.type.choices) == list(GAMES[path[0]].presets)
    r = CliRunner().invoke(cli, [*path, "--rules", "house", "x"])
    choices = ", ".join(f"'{c}'" for c in GAMES[path[0]].presets)
    assert r.exit_code == 2
    assert f"--rules: 'house' is not one of {choices}" in r.output
    assert len(r.output.strip().splitlines()) == 1
