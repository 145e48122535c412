"""The rule book: every numbered rule of docs/rules (TT-…, KW-…, LF-…) and every ruling
(R-…, with the proposed rulings the engine follows, docs/proposed-rulings.md) mapped to the
one object that implements it.

A rule is written once, as one object with its id, and every reader of it — the table
engine's legality, the observation check, the hint's look-ahead — calls that object. The
registration sits beside the code it names:

* a function, class or method carries its ids as a decorator,
  `@implements("TT-C2", "a concealed identical pair is never broken")`;
* a value (a deck, a table of values, a constant) is named after its assignment,
  `data("TT-D2", "the red faces", __name__, "RED_FACES")`;
* a ruling that is a rule-variant switch is the field of the game's `Rules` dataclass that
  holds it, `switch("R-Tôm-cards", "…", TotomRules, "tom_cards")`; a ruling without a switch
  (a reading the code always follows) is registered like a rule, on the code that reads it.

One object may implement several ids (the win check, the scoring of a bonus table); an id
is registered once, and registering it again raises `DuplicateRule`. Ids of the numbered
rules name their game by their prefix (TT Tổ Tôm, KW Kowah, LF Luk Fu); a ruling's game is
the game whose package (solver/games.py) it is registered in, so a ruling of the same name
in two games (R-match) is two rules. The fast twins of the search's simulators are not
registered: each names the rule object it mirrors, and the differential tests show the two
agree.

`rule("TT-C2")` looks a rule up (a ruling needs its game when several games have it),
`rules_of("kowah")` lists a game's rules; both import the game's modules first, so the book
is complete whatever has been imported before.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

# A numbered rule (TT-C2: its game's prefix, the section's letter, the number) or a ruling
# (R-Bạch-thủ: letters of any script, digits, hyphens).
RULE_ID = re.compile(r"[A-Z]{2,3}-[A-Z]?[0-9]+|R-[^\W_]+(?:-[^\W_]+)*")

# What implements a rule: a function, a method, a class, a value in a module, or a switch
# (a field of a game's Rules dataclass).
KINDS = ("function", "class", "data", "switch")


class DuplicateRule(ValueError):
    """A rule id registered a second time: each rule exists in one place."""


class UnknownRule(LookupError):
    """A rule id no object implements (or a ruling of several games asked without one)."""


@dataclass(frozen=True)
class Rule:
    """One rule id and the object that implements it.

    `module` and `qualname` say where the object is defined (`qualname` is a module-level
    name, or `Class.method`); a switch's object is the Rules class and `field` its field."""

    id: str
    game: str
    title: str
    kind: str
    module: str
    qualname: str
    field: str | None = None
    obj: object = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def is_ruling(self) -> bool:
        return self.id.startswith("R-")

    @property
    def where(self) -> str:
        """The implementing object's full dotted name (a switch's ends with its field)."""
        name = f"{self.module}.{self.qualname}"
        return f"{name}.{self.field}" if self.field else name


@dataclass
class _Book:
    rules: dict[tuple[str, str], Rule] = field(default_factory=dict)  # (game, id) -> rule
    loaded: set[str] = field(default_factory=set)
    # Guards the dict only: imports run outside it, so a registration in a module another
    # thread is importing never waits on a thread that waits on that import.
    lock: threading.Lock = field(default_factory=threading.Lock)


_BOOK = _Book()
_ROOT = __name__.rsplit(".", 1)[0]  # the package this module is in


def packages() -> dict[str, str]:
    """Each game of the registry (solver/games.py) and the package of its modules."""
    # lazy: cycle, the registry imports the decks, whose modules register rules here.
    from moneycards.solver.games import GAMES

    return {name: spec.package or f"{_ROOT}.{name}" for name, spec in GAMES.items()}


def _game_of(rule_id: str, module: str, game: str | None) -> str:
    """The game a registration belongs to: the given game, else the game whose package
    (moneycards.solver.<game>, or a registered game's own package) the module is in."""
    if not RULE_ID.fullmatch(rule_id):
        raise ValueError(f"{rule_id!r} is not a rule id (TT-C2, KW-R4, LF-L3, R-…)")
    if game is not None:
        return game
    parts = module.split(".")
    # A module of a built-in game's package: known by its path, without the registry (the
    # registry itself imports the games' packages, whose registrations run first).
    if module.startswith(_ROOT + ".") and len(parts) > len(_ROOT.split(".")):
        package = ".".join(parts[:len(_ROOT.split(".")) + 1])
        if package != module or hasattr(sys.modules.get(module), "__path__"):
            return parts[len(_ROOT.split("."))]
    found = next((g for g, pkg in packages().items()
                  if module == pkg or module.startswith(pkg + ".")), None)
    if found is None:
        raise ValueError(f"say which game {rule_id} belongs to: {module} is in no game package")
    return found


def _add(rule: Rule) -> None:
    with _BOOK.lock:
        key = (rule.game, rule.id)
        old = _BOOK.rules.get(key)
        if old is not None:
            raise DuplicateRule(f"{rule.id} ({rule.game}) is already implemented by "
                                f"{old.where}; {rule.where} may not implement it again")
        _BOOK.rules[key] = rule


_T = TypeVar("_T", bound=Callable[..., object])


def implements(rule_id: str, title: str, *, game: str | None = None) -> Callable[[_T], _T]:
    """A decorator: the function, method or class it decorates implements `rule_id`. It
    returns the object unchanged; stack one per id."""
    def register(obj: _T) -> _T:
        module = str(getattr(obj, "__module__", ""))
        qualname = str(getattr(obj, "__qualname__", ""))
        if not module or not qualname or "<locals>" in qualname:
            raise ValueError(f"{rule_id}: only a module-level function, class or method "
                             f"can implement a rule")
        kind = "class" if isinstance(obj, type) else "function"
        _add(Rule(rule_id, _game_of(rule_id, module, game), title, kind, module, qualname,
                  obj=obj))
        return obj
    return register


def data(rule_id: str, title: str, module: str, name: str, *,
         game: str | None = None) -> None:
    """The value bound to `name` in `module` (pass `__name__`, after the assignment)
    implements `rule_id`: a deck, a table of values, a constant."""
    mod = sys.modules.get(module)
    if mod is None or not hasattr(mod, name):
        raise ValueError(f"{rule_id}: {module} has no {name} (register it after assigning)")
    _add(Rule(rule_id, _game_of(rule_id, module, game), title, "data", module, name,
              obj=getattr(mod, name)))


def switch(rule_id: str, title: str, rules_class: type, name: str, *,
           game: str | None = None) -> None:
    """The field `name` of a game's Rules dataclass is the switch of the ruling `rule_id`."""
    if not dataclasses.is_dataclass(rules_class) or name not in {
            f.name for f in dataclasses.fields(rules_class)}:
        raise ValueError(f"{rule_id}: {rules_class.__qualname__} has no field {name}")
    _add(Rule(rule_id, _game_of(rule_id, rules_class.__module__, game), title, "switch",
              rules_class.__module__, rules_class.__qualname__, name, obj=rules_class))


def load(game: str) -> None:
    """Import every module of the game's package (its deck is in its `__init__`), so each
    registration in them has run."""
    if game in _BOOK.loaded:
        return
    known = packages()
    if game not in known:
        raise UnknownRule(f"unknown game {game!r}; choose one of: {', '.join(known)}")
    package = importlib.import_module(known[game])
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        importlib.import_module(info.name)
    _BOOK.loaded.add(game)


def rules_of(game: str) -> tuple[Rule, ...]:
    """Every registered rule of a game: the numbered rules in id order, then the rulings."""
    load(game)
    with _BOOK.lock:
        found = [r for (g, _), r in _BOOK.rules.items() if g == game]
    return tuple(sorted(found, key=_order))


def rule(rule_id: str, game: str | None = None) -> Rule:
    """The rule `rule_id` (TT-C2; a ruling such as R-match of several games needs `game`)."""
    games = [game] if game else list(packages())
    for g in games:
        load(g)
    with _BOOK.lock:
        found = [_BOOK.rules[(g, rule_id)] for g in games if (g, rule_id) in _BOOK.rules]
    if not found:
        raise UnknownRule(f"no object implements {rule_id}"
                          + (f" in {game}" if game else ""))
    if len(found) > 1:
        raise UnknownRule(f"{rule_id} is a ruling of {', '.join(r.game for r in found)}: "
                          f"say which game")
    return found[0]


def _order(r: Rule) -> tuple[bool, str, int, str]:
    m = re.fullmatch(r"([A-Z]+-[A-Z])([0-9]+)", r.id)
    if m is None:
        return (True, r.id, 0, r.id)
    return (False, m.group(1), int(m.group(2)), r.id)
