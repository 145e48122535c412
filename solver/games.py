"""The three table engines by name, and building one from a game record."""

from __future__ import annotations

from typing import Any

from moneycards.solver.table import (TableState, check_record, check_result, load_record,
                                     replay_lines)

GAMES = ("totom", "kowah", "lukfu")


def new_state(game: str, record: dict) -> TableState:
    """The starting state a (loaded) record describes: its rules and its seed or deal."""
    seed = record.get("seed")
    deal = record.get("deal")
    if game == "totom":
        from moneycards.solver.totom.table import TotomState, totom_rules

        return TotomState(seed, totom_rules(record.get("rules")), deal)
    if game == "kowah":
        from moneycards.solver.kowah.table import KowahState, kowah_rules

        return KowahState(seed, kowah_rules(record.get("rules")), deal)
    if game == "lukfu":
        from moneycards.solver.lukfu.table import LukFuState, lukfu_rules

        return LukFuState(seed, lukfu_rules(record.get("rules")), deal)
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
    check_result(rec, state)
    return state
