"""The game registry: one spec per game, agreeing with its engine, read everywhere."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import re

import pytest

from moneycards.solver import hints
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES, spec

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", GAMES)
def test_a_spec_agrees_with_its_engine(game):
    g = spec(game)
    state = g.seeded(5)
    assert state.game == game and state.seats == g.seats
    deal = state.deal_json()
    first = deal[g.first_seat_key]
    sizes = [len(g.deck.parse(h)) for h in deal["hands"]]
    # The first seat (dealer, first player, master) is dealt hand_sizes[0] cards.
    assert sizes[first] == g.hand_sizes[0]
    assert sorted(sizes) == sorted(g.hand_sizes)
    for preset in g.presets:
        assert g.rules(preset) is not None
    with pytest.raises(InvalidInput) as err:
        g.rules("house")
    assert err.value.field == "record.rules"


def test_an_unknown_game_is_an_error_naming_the_choices():
    with pytest.raises(InvalidInput) as err:
        spec("mahjong")
    assert err.value.field == "game"
    assert "choose one of: totom, kowah, lukfu" in err.value.message


@pytest.mark.parametrize("game", GAMES)
def test_hints_default_to_the_games_safety_cap(game, monkeypatch):
    """One default wall-clock safety cap per game, for `hint`, `play` and the server
    alike: they all leave it to the registry (the search itself is counted in work)."""
    import contextlib

    from moneycards.solver import ranking

    seen = []

    @contextlib.contextmanager
    def spy(cap_ms, stop=None):
        seen.append(cap_ms)
        yield

    monkeypatch.setattr(ranking, "capped", spy)
    state = spec(game).seeded(2)
    hints.hint(state.observation(state.current_seat()))
    assert seen == [spec(game).hint_budget_ms]
    assert spec(game).hint_budget_ms == 2000.0


def test_no_game_dispatch_chains_outside_the_registry():
    """Game facts live in solver/games.py: no `if game == "..."` elsewhere in the package
    (a game's own folder may check that a record names it)."""
    pattern = re.compile(r"""\bgame\s*(==|!=)\s*["'](totom|kowah|lukfu)["']""")
    offenders = []
    for folder in ("solver", "server", "cli", "moneycards"):
        for path in (ROOT / folder).rglob("*.py"):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                m = pattern.search(line)
                if m and f"solver/{m.group(2)}/" not in path.as_posix():
                    offenders.append(f"{path.relative_to(ROOT)}:{n}")
    assert offenders == []


def test_the_python_api_page_runs():
    result = doctest.testfile(str(ROOT / "docs" / "python-api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


@pytest.mark.parametrize("module", [
    "moneycards", "moneycards.totom", "moneycards.kowah", "moneycards.lukfu",
    "moneycards.solver.games", "moneycards.solver.table", "moneycards.players",
])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
