"""Luk Fu rule variants as data (rules/lukfu.md). Every switch names the ruling it controls."""

from __future__ import annotations

from dataclasses import dataclass

from moneycards.solver.errors import InvalidInput


@dataclass(frozen=True)
class LukFuRules:
    """Switches of the Luk Fu rulings; defaults are the seed page's reading."""

    # R-ace-sets: a led set of 1s falls only to a set of 9s (LF-F3).
    ace_sets_beaten_only_by_nines: bool = True
    # R-lead-advice: a non-caller must lead a single from its highest suit holding a
    # card that is not old (off: advice only).
    strict_non_caller_leads: bool = False
    # R-match: the next seat is the next master (off: the winner).
    master_rotates: bool = False


SEED_RULES = LukFuRules()


def lukfu_rules(name: str | None) -> LukFuRules:
    if name not in (None, "", "seed"):
        raise InvalidInput(f"unknown rules preset {name!r}; choose one of: seed",
                           field="record.rules")
    return SEED_RULES
