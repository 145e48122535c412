"""moneycards: rules checker, solver and table engines for Tổ Tôm, Kowah and Luk Fu.

The Python API (docs/python-api.md) mirrors the command line:

>>> import moneycards
>>> from moneycards import kowah, lukfu, totom
>>> totom.check("22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m").wins
True
>>> game = moneycards.load_game("kowah")
>>> game.title, game.seats
('Kowah', 3)
>>> state = game.seeded(7)
>>> state.current_seat() is not None and bool(state.legal_texts())
True

`load_game` gives a game's spec: its facts and its table engine (`seeded(seed)`,
`new_state(record)`), hint (`hint(observation)`) and rules (`rules(preset)`).
"""

from __future__ import annotations

import importlib
from pkgutil import extend_path
from typing import TYPE_CHECKING, Any

# From the checkout's root this folder, the front door alone, is found first (the current
# folder leads sys.path): the editable install's tree, which holds the rest, is searched too.
__path__ = extend_path(__path__, __name__)

__all__ = ["load_game", "games", "totom", "kowah", "lukfu"]

if TYPE_CHECKING:
    from moneycards.solver.games import AnyGame


def load_game(name: str) -> AnyGame:
    """The spec of a registered game by name (`games()`); InvalidInput otherwise."""
    from moneycards.solver.games import spec

    return spec(name)


def games() -> list[str]:
    from moneycards.solver.games import GAMES

    return list(GAMES)


def __getattr__(name: str) -> Any:
    # `from moneycards import totom` loads a game's module of the public API (moneycards/
    # <game>.py) only when asked for.
    if name in __all__ and name not in globals():
        return importlib.import_module(f"moneycards.{name}")
    raise AttributeError(name)
