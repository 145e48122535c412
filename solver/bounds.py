"""How long a legal game record can be, per game, derived from the rules.

A record longer than its game's bound cannot be legal, so it is refused before any replay:
the work a record can cost is bounded by the rules, not by the size of the request.

- Tổ Tôm: a card is offered at most once (stock cards are exposed once; concealed cards only
  leave the hand), and an offer takes fewer than 10 actions (two passes, a claim answer from
  each seat, a capture, a discard): 120 cards x 10 = 1,200.
- Kowah: with R-take-limit at most 31 turns per stock card (96 after the deal, plus the
  turn that ends it) and at most 3 actions a turn (draw or take, discard, declare or stay):
  97 x 31 x 3 = 9,021.
- Luk Fu: three calls, at most 36 plays (each plays at least one of the 3 x 12 cards), and
  the claim or the end of the deal: 40.
"""

from __future__ import annotations

from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES


def check_length(game: str, actions: list[str]) -> None:
    """A record longer than its game's longest legal deal (`GameSpec.max_actions`) is bad
    input, named with the rule that bounds it."""
    spec = GAMES.get(game)
    if spec is not None and len(actions) > spec.max_actions:
        raise InvalidInput(f"{len(actions)} actions; no legal {game} deal has more than "
                           f"{spec.max_actions}", field="record.actions", rule=spec.length_rule)
