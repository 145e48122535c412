"""A fourth game is one package plus one registration line: the toy game `highcard`
(tests/toygame, in the test suite only) is registered and played through the table core
(seats, AI players, events, a match, its record replayed), the observation check and the
hints, with no edit outside its package."""

from __future__ import annotations

import pytest

from moneycards.solver import hints
from moneycards.solver.errors import InvalidInput
from moneycards.solver.facts import checked
from moneycards.solver.games import GAMES, register, spec
from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import AI, HUMAN, Match, Seat, Table


@pytest.fixture
def highcard():
    from tests.toygame import SPEC

    register(SPEC)
    yield SPEC
    del GAMES[SPEC.name]


def test_a_registered_game_plays_through_the_table_core(highcard):
    t = Table.create("highcard", [Seat(AI, "greedy"), Seat(HUMAN)], seed=5)
    seen = []
    while not t.is_over:
        obs = t.observation(1)
        assert obs.to_act == 1 and obs.legal_actions
        seen += t.act(1, hints.hint(obs)[0].action)
    result = t.state.result
    assert result is not None and result.rule == "HC-2" and sum(result.net) == 0
    assert t.state.cards_accounted()
    assert any("wins the trick" in line for e in seen for line in e.lines)
    # The record replays to the same result through the registry's engine.
    again = highcard.new_state(t.state.engine_record())
    for action in t.state.history:
        again.apply(action)
    assert again.result == result


def test_a_registered_games_illegal_action_changes_nothing(highcard):
    t = Table.create("highcard", [Seat(HUMAN), Seat(HUMAN)], seed=2)
    seat = t.state.current_seat()
    other = next(c for c in highcard.deck.faces if f"play {c}" not in t.state.legal_texts())
    before = t.state.engine_record(), list(t.inputs)
    with pytest.raises(IllegalAction) as err:
        t.act(seat, f"play {other}")
    assert err.value.rule == "HC-1"
    assert (t.state.engine_record(), list(t.inputs)) == before


def test_a_registered_games_observation_is_checked_by_its_own_facts(highcard):
    state = highcard.seeded(3)
    obs = state.observation(state.current_seat())
    assert checked(obs).legal_actions == obs.legal_actions
    import dataclasses

    forged = dataclasses.replace(obs, legal_actions=(*obs.legal_actions, "play 9c"))
    if "play 9c" in obs.legal_actions:
        forged = dataclasses.replace(obs, legal_actions=(*obs.legal_actions, "play 1c"))
    with pytest.raises(InvalidInput) as err:
        checked(forged)
    assert err.value.field.startswith("state.legal_actions")


def test_a_registered_game_plays_a_match_with_its_own_first_seat(highcard):
    t = Table.create("highcard", [Seat(AI, "strong"), Seat(AI, "random")], seed=7,
                     match=Match(deals=3), ai_only=True)
    assert t.is_over and len(t.finished()) == 3
    totals = t.totals()
    assert sum(totals) == 0 and max(totals) <= 3
    for before, after in zip(t.finished(), t.finished()[1:]):
        assert after.starter == before.result.winner  # the winner leads next (R-match)


def test_a_name_already_taken_is_refused_and_unknown_games_stay_unknown(highcard):
    from tests.toygame import SPEC

    assert register(SPEC) is SPEC  # the same game again: nothing changes
    import dataclasses

    with pytest.raises(ValueError):
        register(dataclasses.replace(SPEC, title="Another"))
    with pytest.raises(InvalidInput):
        spec("lowcard")


def test_a_games_spec_is_taken_where_its_name_is(highcard):
    """docs/bots.md's play_deal (and every call that names a game) takes the spec
    `load_game` returns as well as the name; a spec not registered is still refused."""
    from dataclasses import replace

    from moneycards import load_game

    assert spec(highcard) is highcard and load_game("highcard") is highcard
    state = hints.play_deal(highcard, 5, ["greedy", "greedy"])
    assert state.result is not None and state.result.rule == "HC-2"
    with pytest.raises(InvalidInput, match="unknown game"):
        spec(replace(highcard, title="Another"))


def test_a_games_record_names_its_preset_as_its_rules_take_it(highcard):
    """A game of one's own has no rules message: its record file writes the preset by the
    name `plugin_rules` and the record reader take ("seed"), and the reader takes the enum
    form the three games' records write too."""
    from moneycards.records import rules_from_json

    rec = highcard.seeded(5).game_record()
    assert rec["rules"] == {"preset": "seed"}
    assert rules_from_json("highcard", {"preset": "HIGHCARD_RULES_PRESET_SEED"}) == \
        highcard.rules("seed")
    assert spec("kowah").seeded(5).game_record()["rules"] == {"preset": "KOWAH_RULES_PRESET_SEED"}


def test_a_game_without_a_screen_module_says_what_needs_one(highcard):
    with pytest.raises(ModuleNotFoundError) as info:
        str(highcard.seeded(5))
    assert str(info.value) == (
        "High card has no screen module (tests.toygame.screen): the table drawn as text "
        "(str(state), render, the terminal table) needs one with view, describe_action and "
        "explain (docs/plugins.md)")


def test_load_plugins_registers_a_modules_spec_once(highcard):
    from moneycards.solver.games import PLUGINS, load_plugins

    del GAMES[highcard.name]  # as a new process would find it
    assert load_plugins(["tests.toygame"]) == ["highcard"]
    assert GAMES["highcard"] is highcard and "tests.toygame" in PLUGINS
    assert load_plugins(["tests.toygame"]) == ["highcard"]  # again: nothing new, no error


def test_a_deck_the_notation_cannot_write_is_refused_in_a_line():
    """NOTATION.md: a rank is one ASCII digit 1-9; a deck of one's own with a 10 or a 0 is
    refused when it is made, where it failed later with an index error."""
    from moneycards.solver.cards import Deck, Face, face
    from moneycards.solver.errors import NotationError

    for rank in (0, 10):
        with pytest.raises(ValueError, match=rf"a face is a rank 1-9 .*rank={rank}\)"):
            Deck(game="mine", faces=(Face(0, rank),), copies=1, aliases={}, names={})
    with pytest.raises(ValueError, match="canonical order"):
        Deck(game="mine", faces=(Face(0, 2), Face(0, 1)), copies=1, aliases={}, names={})
    with pytest.raises(NotationError):
        face("0c")
    assert face("9c") == Face(0, 9)


def _copy_of_the_toy(root, name: str):
    """tests/toygame copied as the package `name` under `root` (its name and package
    replaced), for a test to break."""
    from pathlib import Path

    src = Path(__file__).parent / "toygame"
    pkg = root / name
    pkg.mkdir()
    for f in src.glob("*.py"):
        text = f.read_text().replace("tests.toygame", name).replace("highcard", name)
        (pkg / f.name).write_text(text.replace("HIGHCARD", name.upper()))
    return pkg


def _edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


@pytest.mark.parametrize("break_it, problem", [
    (lambda pkg, name: (pkg / "hint.py").unlink(),
     "the package {name} has no hint module (hint.py; docs/plugins.md)"),
    (lambda pkg, name: _edit(pkg / "rules.py", f"def {name}_rules", "def rules"),
     "{name}.rules has no {name}_rules (docs/plugins.md)"),
    (lambda pkg, name: _edit(pkg / "table.py", "STATE = ", "ENGINE = "),
     "{name}.table has no STATE (docs/plugins.md)"),
    # every hint checks the listed actions by the facts module: no AI level plays without it
    (lambda pkg, name: (pkg / "facts.py").unlink(),
     "the package {name} has no facts module (facts.py; docs/plugins.md)"),
    # what a seat is sent: a game whose observation cannot say itself failed at GetView
    (lambda pkg, name: _edit(pkg / "observation.py", "def to_json(", "def as_json("),
     "a deal of seed 0 could not be made and seen: AttributeError: 'HighCardObservation' "
     "object has no attribute 'to_json'"),
    (lambda pkg, name: _edit(pkg / "__init__.py", f'package="{name}"', 'package=""'),
     'its spec names no package: GameSpec(..., package="YOURPACKAGE") says where its modules '
     "are (else moneycards.solver.{name}; docs/plugins.md)"),
    (lambda pkg, name: _edit(pkg / "observation.py", f'game: str = "{name}"', 'game: str = "x"'),
     "its engine and its observation name their game '{name}' and 'x', not '{name}' (the "
     "spec's name)"),
])
def test_a_half_made_plugin_is_refused_at_load_naming_what_it_lacks(tmp_path, monkeypatch,
                                                                    break_it, problem):
    """A package the server would fail on at its first table (an internal error) is told
    at load, in a line naming the module or the name it lacks, and is not registered."""
    import sys

    from moneycards.solver.games import load_plugins

    name = f"broken{len(tmp_path.name)}{abs(hash(problem)) % 10_000}"
    break_it(_copy_of_the_toy(tmp_path, name), name)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        with pytest.raises(InvalidInput) as info:
            load_plugins([name])
        assert str(info.value) == f"--plugin: {name}: {problem.format(name=name)}"
        assert name not in GAMES
    finally:
        for mod in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[mod]
