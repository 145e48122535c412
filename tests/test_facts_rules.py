"""The observation check reads a Luk Fu table's own rules: with a switch off the seed
reading (R-ace-sets: a led set of 1s falls to any higher set), every action the engine
lists passes the check. (It once re-read the record's JSON, which carries no rules, and
refused the follows the switch allows.)"""

from __future__ import annotations

import dataclasses
import random

from moneycards.solver.facts import checked
from moneycards.solver.lukfu.rules import LukFuRules
from moneycards.solver.lukfu.table import LukFuState


def test_the_check_allows_what_the_engine_lists_under_other_rules():
    rules = dataclasses.replace(LukFuRules(), ace_sets_beaten_only_by_nines=False)
    ruled = 0  # positions where the switch decides: a set of 1s to beat, and a follow
    for seed in range(400):
        rng = random.Random(seed)
        state = LukFuState(seed, rules)
        while not state.is_over:
            seat = state.current_seat()
            assert seat is not None
            obs = state.observation(seat)
            best = state.record_.current_best()
            follows = [a for a in obs.legal_actions if a.startswith("follow ")]
            if best is not None and best.size > 1 and all(f.rank == 1 for f in best.cards) \
                    and follows:
                ruled += 1
                assert checked(obs).legal_actions == obs.legal_actions
            state.apply(rng.choice(state.legal_actions()))
        if ruled >= 3:
            break
    assert ruled >= 3
