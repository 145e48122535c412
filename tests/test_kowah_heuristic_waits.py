"""The `heuristic` level never discards another seat's declared wait while it has any other
discard (KW-X4: the discard wins that seat the deal, x2): it ranked discards by distance to
ready alone and fed a public wait where two discards left the same distance (a phones
trial, a friend's move played by the heuristic). Nor does its take plan such a discard."""

from __future__ import annotations

import random

from moneycards.solver.games import seeded
from moneycards.solver.kowah import hint as kw_hint
from moneycards.solver.kowah.observation import Phase


def test_the_heuristic_feeds_no_declared_wait():
    asked = fed_options = 0
    for seed in range(120):
        state, rng = seeded("kowah", seed), random.Random(seed)
        while not state.is_over:
            obs = state.observation(state.current_seat())
            waits = {f for s, f in obs.declared.items() if s != obs.seat}
            if obs.phase is Phase.DISCARD and waits:
                feeding = [a for a in obs.legal_actions if a.split()[1] in map(str, waits)]
                if feeding and len(feeding) < len(obs.legal_actions):
                    ranked = kw_hint.heuristic(obs)
                    asked += 1
                    assert ranked[0].action not in feeding, (seed, ranked[0])
                    fed = [r for r in ranked if r.action in feeding]
                    assert all("a declared seat's wait" in r.reason for r in fed)
                    assert ranked[-len(fed):] == fed  # below every other discard
                    fed_options += len(fed)
            if obs.phase is Phase.DRAW and waits and "take" in obs.legal_actions:
                take = next(r for r in kw_hint.heuristic(obs) if r.action == "take")
                planned = take.reason.split("discard ", 1)[1].split(" ", 1)[0].rstrip(":")
                hand_after = list(obs.hand)
                if planned in map(str, waits):  # only when every discard would feed
                    assert all(str(f) in map(str, waits) for f, n in zip(
                        kw_hint.KOWAH.faces, hand_after) if n), (seed, take.reason)
            state.apply(kw_hint.greedy(obs, rng) if obs.phase is not Phase.DECLARE
                        else obs.legal_actions[0])
    assert asked >= 10 and fed_options >= 10, (asked, fed_options)
