"""Luk Fu rule variants as data (rules/lukfu.md). Every switch names the ruling it controls."""

from __future__ import annotations

from dataclasses import dataclass

from moneycards.solver.errors import InvalidInput
from moneycards.solver.rulebook import switch


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


switch("R-ace-sets", "a led set of 1s falls only to 9s; off, to any higher set of its size",
       LukFuRules, "ace_sets_beaten_only_by_nines")
switch("R-lead-advice", "a non-caller's lead from its highest suit is advice; on, a rule",
       LukFuRules, "strict_non_caller_leads")
switch("R-match", "the winner is the next master; on, the next seat is", LukFuRules,
       "master_rotates")

SEED_RULES = LukFuRules()


def lukfu_rules(name: str | None) -> LukFuRules:
    if name not in (None, "", "seed"):
        raise InvalidInput(f"unknown rules preset {name!r}; choose one of: seed",
                           field="record.rules")
    return SEED_RULES
