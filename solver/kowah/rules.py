"""Kowah rule variants as data (rules/kowah.md). Every switch names the ruling it controls."""

from __future__ import annotations

from dataclasses import dataclass

from moneycards.solver.errors import InvalidInput
from moneycards.solver.rulebook import switch


@dataclass(frozen=True)
class KowahRules:
    preset: str = "seed"
    optional_declaration: bool = False  # R-declare
    first_seat_rotates: bool = False  # R-match: the next seat starts (off: the winner)


switch("R-declare", "declaration is compulsory when ready; on, a ready seat may stay silent",
       KowahRules, "optional_declaration")
switch("R-match", "the winner starts the next deal; on, the start passes to the next seat",
       KowahRules, "first_seat_rotates")

SEED_RULES = KowahRules()
PRESETS = {"seed": SEED_RULES}


def kowah_rules(name: str | None) -> KowahRules:
    if not name:
        return PRESETS["seed"]
    if name not in PRESETS:
        raise InvalidInput(f"unknown rules preset {name!r}; choose one of: seed",
                           field="record.rules")
    return PRESETS[name]
