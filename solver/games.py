"""The game registry: one `GameSpec` per game, read by the CLI, the server, benchmarks and tests.

A spec holds a game's facts (seats, hand sizes, deck, default hint budget, rule presets,
display names) and finds its code (table engine, rules, hint and greedy players) by module
name, imported only when first used — so `moneycards --help` loads no solver and no game
imports another.

    >>> spec("kowah").seats
    3
    >>> [g.title for g in GAMES.values()]
    ['Tổ Tôm', 'Kowah', 'Luk Fu']
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generic, Sequence, TypeAlias, TypeVar

from moneycards.solver.cards import Deck
from moneycards.solver.kowah import KOWAH
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.table import (IllegalAction, check_record, check_result, load_record,
                                     replay_lines)
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput, clip

if TYPE_CHECKING:
    from moneycards.solver.kowah.observation import KowahObservation
    from moneycards.solver.kowah.rules import KowahRules
    from moneycards.solver.kowah.table import KowahState
    from moneycards.solver.lukfu.observation import LukFuObservation
    from moneycards.solver.lukfu.rules import LukFuRules
    from moneycards.solver.lukfu.table import LukFuState
    from moneycards.solver.ranking import Ranked
    from moneycards.solver.table import RecordCheck, TableState
    from moneycards.solver.totom.observation import TotomObservation
    from moneycards.solver.totom.rules import TotomRules
    from moneycards.solver.totom.table import TotomState

# A game's engine state, observation and rules types: a spec's methods return them.
S = TypeVar("S", bound="TableState", covariant=True)
Obs = TypeVar("Obs")
R = TypeVar("R", covariant=True)


@dataclass(frozen=True)
class GameSpec(Generic[S, Obs, R]):
    """What the rest of the project needs to know of one game, typed by its engine state
    (S), observation (Obs) and rules (R): `new_state`, `seeded`, `rules` and `hint` speak
    them. A spec found by name (`spec`) is `AnyGame`; a game's own constant (`TOTOM_GAME`,
    ...) keeps its types."""

    name: str  # the id used by the CLI group, records and observations
    title: str  # the display name
    seats: int
    hand_sizes: tuple[int, ...]  # dealt cards per seat, the first seat first (dealer, ...)
    deck: Deck
    first_seat_key: str  # the key naming the first seat in a record's `deal`
    # The default wall-clock safety cap of a hint or an AI decision, in milliseconds. The
    # search itself is counted in work (worlds sampled, evaluations), never in time, so a
    # decision does not depend on the machine; normal play never reaches the cap.
    hint_budget_ms: float
    presets: tuple[str, ...]  # rule presets, the default first
    rules_doc: str  # the rules file under docs/rules/
    # R-match: whether a deal settles in points (a match keeps net points) or only names a
    # multiplier (Kowah: a match tallies wins and multipliers); the rules switch that
    # passes the first seat round instead of to the winner; the first seat's part in words.
    settles_in_points: bool
    rotation_switch: str
    starter_words: str
    # The longest legal record of a deal, in actions, and the rule that bounds it: a longer
    # record is refused before any replay (solver/bounds.py says how each is derived).
    max_actions: int
    length_rule: str
    # The rules preset enum of the game's records (proto JSON), before the preset's name.
    preset_enum: str
    hint_options: tuple[str, ...] = ()  # keyword options of the game's hint (CLI options)
    # The package holding the game's modules (`table`, `rules`, `hint`, `facts`, ...); empty:
    # moneycards.solver.<name>. A game of one's own names its package (`register`).
    package: str = ""
    # A few actions as a person types them, for the table's help ("`draw`, `discard 5c`").
    play_examples: str = ""
    switch_example: str = ""  # one ruling's switch, as `play --switch` takes it
    # Whether a seat can be left `pass` as its only action (Tổ Tôm: an offer it may not
    # take); the terminal table plays such a pass for the person unless asked not to.
    lone_pass: bool = False
    # Whether the game's moves have their players' own words (Tổ Tôm's Chắn verbs: the screen
    # module's chan_action), which `play --chan-words` shows beside them.
    chan_words: bool = False
    # A rule id the rules command's help shows (`moneycards GAME rules TT-C3`), its section
    # the id without its number.
    rule_example: str = ""
    find_example: str = ""  # a word of the game's rules, for `rules --find` in the help
    # Other names a person may type for the game (lower case, no accents or spaces): the
    # command line suggests the game's command for them.
    other_names: tuple[str, ...] = ()

    @property
    def own(self) -> bool:
        """A game of one's own (a plug-in: its package named), not one of the three, which
        have their messages on the wire."""
        return bool(self.package)

    def module(self, room: str) -> ModuleType:
        """One of the game's modules (`table`, `rules`, `hint`, ...), imported on first use."""
        return importlib.import_module(f"{self.package or 'moneycards.solver.' + self.name}"
                                       f".{room}")

    # -- engines --------------------------------------------------------------------------
    def rules(self, preset: str | None = None, *, field: str = "record.rules") -> R:
        """The rule switches of a preset ("seed" when empty); an unknown name is an error
        naming `field`."""
        try:
            rules: R = getattr(self.module("rules"), f"{self.name}_rules")(preset)
            return rules
        except InvalidInput as err:
            err.field = field
            raise

    def new_state(self, record: dict[str, Any]) -> S:
        """The starting state a record describes, in the engines' form: its rules (a preset
        name or a rules object) and its seed or deal. A record file's object (records.md,
        `game_record()`: rules as JSON, `deal.first_seat`) is read first by
        `moneycards.records.read_game_record`, which the domain does not import; given
        here, it is refused naming that reader."""
        deal = record.get("deal")
        if isinstance(record.get("rules"), dict) or (isinstance(deal, dict)
                                                     and "first_seat" in deal):
            raise InvalidInput("this is a record file's form (records.md): read it with "
                               "moneycards.records.read_game_record(game, record) first",
                               field="record")
        rules = record.get("rules")
        if rules is None or isinstance(rules, str):
            rules = self.rules(rules)
        state_cls: Callable[..., S] = self.module("table").STATE
        return state_cls(record.get("seed"), rules, record.get("deal"))

    def seeded(self, seed: int, rules: str | None = None) -> S:
        return self.new_state({"seed": seed, "rules": rules})

    # -- players --------------------------------------------------------------------------
    def hint(self, obs: Obs, budget_ms: float | None = None, *,
             level: str = "strong", seed: int | None = None, stop: Callable[[], bool] | None = None,
             **options: Any) -> list[Ranked]:
        """Every legal action ranked, best first: `strong` (the game's search over sampled
        worlds, its default), `heuristic` (the one-ply ranking it builds on) or `expert` (the
        search with the game's larger analysis budget). The search
        is counted in work, so the answer is a function of the observation, the level and
        the seed (None: one fixed by the observation). `budget_ms` is only a wall-clock
        safety cap (None: the game's default); when it runs out, the actions left are
        ranked last as not evaluated, and a search it stops keeps the ranking from before
        the search, its options marked cut short (`Ranked.cut_short`). Warm-up (tables the
        engine builds once) runs before the cap starts."""
        from moneycards.solver.ranking import capped

        module = self.module("hint")
        self.warm_up()
        cap = self.hint_budget_ms if budget_ms is None else budget_ms
        fn: Callable[..., list[Ranked]] = {"heuristic": module.heuristic,
                                           "expert": module.expert}.get(level, module.strong)
        with capped(cap, stop):
            return fn(obs, seed=seed, **options)

    def warm_up(self) -> None:
        """Build what the game's hint engine builds once (tables, caches), so that the
        first decision is not charged for it; cheap after the first call."""
        warm: Callable[[], None] | None = getattr(self.module("hint"), "warm_up", None)
        if warm is not None:
            warm()

    def greedy(self, obs: Obs, rng: random.Random) -> str:
        fn: Callable[[Obs, random.Random], str] = self.module("hint").greedy
        return fn(obs, rng)


AnyGame: TypeAlias = "GameSpec[TableState, Any, Any]"
G = TypeVar("G", bound=AnyGame)

GAMES: dict[str, AnyGame] = {}


def register(game: G) -> G:
    """Make a game known to every layer that asks the registry (the table core, the
    observation check, the hints, the CLI's and the server's lists). A name already taken
    by another game is refused."""
    if GAMES.get(game.name, game) is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    GAMES[game.name] = game
    return game


TOTOM_GAME: GameSpec[TotomState, TotomObservation, TotomRules] = register(GameSpec(
    "totom", "Tổ Tôm", 4, (20, 19, 19, 19), TOTOM, "dealer", 2000.0, ("seed", "traditional"),
    "totom.md", True, "dealer_rotates", "deals", 1200, "TT-T4", "TOTOM_RULES_PRESET_",
    hint_options=("engine",), play_examples="`capture 4m`, `discard 5c`", rule_example="TT-C3",
    find_example="capture",
    switch_example="must_take_win=true", lone_pass=True, chan_words=True,
    other_names=("tomtom", "chan", "chanvanvan")))
KOWAH_GAME: GameSpec[KowahState, KowahObservation, KowahRules] = register(GameSpec(
    "kowah", "Kowah", 3, (8, 8, 8), KOWAH, "first", 2000.0, ("seed",), "kowah.md", False,
    "first_seat_rotates", "starts", 9021, "R-take-limit", "KOWAH_RULES_PRESET_",
    play_examples="`draw`, `discard 5c`", rule_example="KW-X4", find_example="pair",
    switch_example="optional_declaration=true", other_names=("cheki", "chekee")))
LUKFU_GAME: GameSpec[LukFuState, LukFuObservation, LukFuRules] = register(GameSpec(
    "lukfu", "Luk Fu", 3, (12, 12, 12), LUKFU, "master", 2000.0, ("seed",), "lukfu.md", True,
    "master_rotates", "is the master", 40, "LF-C1", "LUK_FU_RULES_PRESET_",
    play_examples="`lead 345c`, `down 3c 5m`", rule_example="LF-O2", find_example='"old card"',
    switch_example="strict_non_caller_leads=true", other_names=("hakka",)))


PLUGINS: list[str] = []  # the modules load_plugins imported, in order
_BROUGHT: dict[str, list[str]] = {}  # the games each of them brought


def load_plugins(modules: Sequence[str], *, field: str = "--plugin") -> list[str]:
    """Import games of one's own by module name (docs/plugins.md): a module registers its
    game when imported (`register(GameSpec(...))`), or holds it as `SPEC`, which is
    registered here. The module is looked for on the Python path and, last, in the current
    directory. The names of the games each module brought, in order; a module that cannot
    be imported, or brings no game, is bad input naming `field`. Server processes and
    solver workers started later import the same modules (`PLUGINS`)."""
    if os.getcwd() not in sys.path:  # as `python -m` would, for the console script too
        sys.path.append(os.getcwd())  # last, so it never shadows an installed module
    brought: list[str] = []
    for name in modules:
        if name in _BROUGHT and all(g in GAMES for g in _BROUGHT[name]):
            brought += _BROUGHT[name]  # loaded already (given twice, or again)
            continue
        before = dict(GAMES)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name and (name == err.name or name.startswith(err.name + ".")):
                raise InvalidInput(f"no module {name!r} on the Python path or in the current "
                                   f"directory", field=field) from None
            raise InvalidInput(f"{name}: importing it failed: {err}", field=field) from None
        except Exception as err:  # noqa: BLE001 - a plug-in's own failure, said in one line
            raise InvalidInput(f"{name}: importing it failed: {type(err).__name__}: {err}",
                               field=field) from None
        own = getattr(module, "SPEC", None)
        if isinstance(own, GameSpec) and GAMES.get(own.name) is not own:
            try:
                register(own)
            except ValueError as err:
                raise InvalidInput(f"{name}: {err}", field=field) from None
        new = [g for g in GAMES if g not in before]
        if not new and isinstance(own, GameSpec):
            new = [own.name]  # imported and registered before: nothing new, all the same
        if not new:
            raise InvalidInput(f"{name}: imported, but it registers no game (it should call "
                               f"moneycards.solver.games.register(GameSpec(...)) or hold "
                               f"its spec as SPEC)", field=field)
        for game in new:
            problem = plugin_problem(GAMES[game])
            if problem:
                del GAMES[game]  # half made: not served
                raise InvalidInput(f"{name}: {problem}", field=field)
        brought += new
        _BROUGHT[name] = new
        if name not in PLUGINS:
            PLUGINS.append(name)
    return brought


# The rooms a game's package must have, and what each must hold (docs/plugins.md).
PLUGIN_ROOMS = {"table": ("STATE",), "rules": (), "observation": (),
                "hint": ("strong", "heuristic", "expert", "greedy"),
                "facts": ("facts",)}  # every hint checks the listed actions by it


def plugin_problem(game: AnyGame) -> str:
    """What keeps a game of one's own from being served, in words ("" when nothing does):
    a module or a name its package lacks, or a seeded deal that cannot be made, dealt or
    seen, tried once at load so that a half-made package is told at start, not as an
    internal error at its first table."""
    where = game.package or f"moneycards.solver.{game.name}"
    for room, names in {**PLUGIN_ROOMS, "rules": (f"{game.name}_rules",)}.items():
        try:
            module = game.module(room)
        except ModuleNotFoundError as err:
            if not game.package and err.name in (where, f"{where}.{room}"):
                return (f"its spec names no package: GameSpec(..., package=\"YOURPACKAGE\") "
                        f"says where its modules are (else {where}; docs/plugins.md)")
            if err.name != f"{where}.{room}":
                return f"{where}.{room}: importing it failed: {err}"
            return f"the package {where} has no {room} module ({room}.py; docs/plugins.md)"
        except Exception as err:  # noqa: BLE001 - the plug-in's own failure, in one line
            return f"{where}.{room}: importing it failed: {type(err).__name__}: {err}"
        missing = [n for n in names if not hasattr(module, n)]
        if missing:
            return f"{where}.{room} has no {', '.join(missing)} (docs/plugins.md)"
    try:
        state = game.seeded(0)
        seat = state.current_seat()
        obs = state.observation(seat if seat is not None else 0)
        seen = obs.to_json()  # what a seat is sent (TableView.plugin)
    except Exception as err:  # noqa: BLE001 - the plug-in's own failure, in one line
        return f"a deal of seed 0 could not be made and seen: {type(err).__name__}: {err}"
    if not isinstance(seen, dict):
        return f"its observation's to_json() gives a {type(seen).__name__}, not a JSON object"
    if getattr(state, "game", None) != game.name or getattr(obs, "game", None) != game.name:
        return (f"its engine and its observation name their game "
                f"{getattr(state, 'game', None)!r} and {getattr(obs, 'game', None)!r}, not "
                f"{game.name!r} (the spec's name)")
    if state.seats != game.seats:
        return f"its engine has {state.seats} seats, its spec {game.seats}"
    return ""


def plugins_line() -> str:
    """The games of one's own loaded (`load_plugins`), as a server says them at start."""
    own = [g.title + f" ({g.name})" for g in GAMES.values() if g.own]
    return f"games of one's own served: {', '.join(own)} (from {', '.join(PLUGINS)})"


def spec(game: Any, *, field: str = "game") -> AnyGame:
    """The spec of a game by name (or a registered spec itself); an unknown name is an error
    naming `field`."""
    if isinstance(game, str) and game in GAMES:
        return GAMES[game]
    if isinstance(game, GameSpec) and GAMES.get(game.name) is game:
        return game
    raise InvalidInput(f"unknown game {clip(str(game))!r}; choose one of: {', '.join(GAMES)}",
                       field=field)


def title_of(game: Any) -> str:
    """A game's name as messages write it ("Tổ Tôm"); an unknown one quoted as given."""
    known = GAMES.get(game) if isinstance(game, str) else None
    return known.title if known is not None else repr(clip(str(game)))


def another_game(given: Any, game: str) -> str:
    """Why a record whose `game` is `given` is refused by `game`'s reader. A deal's record
    names its game ("kowah"); the match record's enum (GAME_KOWAH) is said to be that."""
    if isinstance(given, str) and given.startswith("GAME_") and \
            given.removeprefix("GAME_").replace("_", "").lower() == game:
        return f"a deal's record names its game {game!r}, not {given!r} (a match record's enum)"
    return f"this is a record of {title_of(given)}, not of {title_of(game)}"


def rules_for(game: str, name: str | None, *, field: str = "record.rules") -> Any:
    """A game's named rules preset ("seed" when empty); an unknown name is bad input."""
    return spec(game).rules(name, field=field)


# -- records ---------------------------------------------------------------------------------
def new_state(game: str, record: dict[str, Any]) -> TableState:
    return spec(game).new_state(record)


def seeded(game: str, seed: int, rules: str | None = None) -> TableState:
    return spec(game).seeded(seed, rules)


def check(game: str, data: Any) -> RecordCheck:
    return check_record(data, game, spec(game).new_state)


def replay(game: str, data: Any) -> list[str]:
    return replay_lines(data, game, spec(game).new_state)


def final_state(game: str, data: Any) -> TableState:
    """Replay a valid record to its last state (IllegalAction on the first bad action)."""
    rec = load_record(data, game)
    state = spec(game).new_state(rec)
    for k, action in enumerate(rec.get("actions", [])):
        try:
            state.apply(action)
        except IllegalAction as err:  # named by its place in the record, as check-record does
            err.field = f"record.actions[{k}]"
            raise
    check_result(rec, state)
    return state
