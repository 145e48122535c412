"""A game's name is said in code only by its own folder and its registration: every other
layer reaches a game through the registry (solver/games.py), the wire (moneycards/wire.py)
or the game package's `NAME`, so there are no per-game maps outside the game.

Code means string constants that are not docstrings: a docstring's example may name a game.
"""

from __future__ import annotations

import ast
from pathlib import Path

from moneycards.solver.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("solver", "server", "cli", "moneycards")
BUILT_IN = ("totom", "kowah", "lukfu")
# Where a game's name is its registration: the registry's GameSpec rows and the wire's
# entries; the public API's list of its game modules (moneycards/<game>.py).
REGISTRATIONS = {"solver/games.py", "moneycards/wire.py", "moneycards/__init__.py:__all__"}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                     ast.Constant):
                out.add(id(body[0].value))
    return out


def all_lists(tree: ast.AST) -> set[int]:
    """The ids of the string constants of a module's `__all__`."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                for t in node.targets):
            out |= {id(c) for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    return out


def named_games(path: Path) -> list[tuple[int, str]]:
    """(line, game) for every string constant of `path` that is a game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    rel = path.relative_to(ROOT).as_posix()
    if f"{rel}:__all__" in REGISTRATIONS:
        skip |= all_lists(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in BUILT_IN and id(node) not in skip]


def sources() -> list[Path]:
    return sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py")
                  if "v1" not in p.relative_to(ROOT).parts)


def test_the_built_in_games_are_the_registrys():
    assert set(BUILT_IN) <= set(GAMES)


def test_a_games_name_is_said_only_in_its_folder_and_its_registration():
    found = []
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel in REGISTRATIONS:
            continue
        for line, game in named_games(path):
            if not rel.startswith(f"solver/{game}/"):
                found.append(f"{rel}:{line}: {game!r}")
    assert found == []


def test_the_check_finds_a_per_game_map(tmp_path, monkeypatch):
    """The check is not blind: a map keyed by game names outside the games is found, and a
    docstring naming one is not."""
    layer = tmp_path / "cli"
    layer.mkdir()
    (layer / "maps.py").write_text('"""Say "kowah" here."""\nEXAMPLES = {"totom": 1}\n',
                                   encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert named_games(layer / "maps.py") == [(2, "totom")]
