"""The three table engines by name, and building one from a game record."""

from __future__ import annotations

from typing import Any

from moneycards.solver.errors import InvalidInput
from moneycards.solver.table import TableState, check_record, load_record, replay_lines

GAMES = ("totom", "kowah", "lukfu")


def rules_for(game: str, name: str | None, *, field: str = "record.rules"):
    """A game's named rules preset ("seed" when empty); an unknown name is bad input."""
    try:
        if game == "totom":
            from moneycards.solver.totom.table import totom_rules

            return totom_rules(name)
        if game == "kowah":
            from moneycards.solver.kowah.rules import kowah_rules

            return kowah_rules(name)
        if game == "lukfu":
            from moneycards.solver.lukfu.rules import lukfu_rules

            return lukfu_rules(name)
    except InvalidInput as err:
        err.field = field
        raise
    raise ValueError(game)


def new_state(game: str, record: dict) -> TableState:
    """The starting state a (loaded) record describes: its rules (a preset name or a rules
    object) and its seed or deal."""
    seed = record.get("seed")
    deal = record.get("deal")
    rules = record.get("rules")
    if rules is None or isinstance(rules, str):
        rules = rules_for(game, rules)
    if game == "totom":
        from moneycards.solver.totom.table import TotomState

        return TotomState(seed, rules, deal)
    if game == "kowah":
        from moneycards.solver.kowah.table import KowahState

        return KowahState(seed, rules, deal)
    if game == "lukfu":
        from moneycards.solver.lukfu.table import LukFuState

        return LukFuState(seed, rules, deal)
    raise ValueError(game)


def seeded(game: str, seed: int, rules: str | None = None) -> TableState:
    return new_state(game, {"seed": seed, "rules": rules})


def check(game: str, data: Any):
    return check_record(data, game, lambda rec: new_state(game, rec))


def replay(game: str, data: Any) -> list[str]:
    return replay_lines(data, game, lambda rec: new_state(game, rec))


def final_state(game: str, data: Any) -> TableState:
    """Replay a valid record to its last state (IllegalAction on the first bad action)."""
    rec = load_record(data, game)
    state = new_state(game, rec)
    for action in rec.get("actions", []):
        state.apply(action)
    return state
