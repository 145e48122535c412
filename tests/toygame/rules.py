from __future__ import annotations

from dataclasses import dataclass

from moneycards.solver.errors import InvalidInput


@dataclass(frozen=True)
class HighCardRules:
    preset: str = "seed"
    leader_rotates: bool = False  # R-match: the next deal's leader is the next seat


def highcard_rules(preset: str | None = None) -> HighCardRules:
    if preset in (None, "", "seed"):
        return HighCardRules()
    raise InvalidInput(f"unknown rules preset {preset!r}; choose one of: seed")
