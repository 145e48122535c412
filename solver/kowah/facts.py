"""What a hint may believe of a Kowah observation (solver/facts.py): the facts it
reads, checked, and the legal actions they allow."""

from __future__ import annotations

from typing import Any

from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.facts import (count_cards, listed_actions, normalizer, read, read_cards,
                                     read_phase, read_seat_cards, seat_of)
from moneycards.solver.kowah.legal import TAKE_LIMIT, legal_actions
from moneycards.solver.kowah.observation import Phase


def facts(obs: dict[str, Any]) -> list[str]:
    """Kowah (KW-T1–T4, KW-R5): hand size by phase, cards within the deck, legal actions
    derived from the hand, the discard pile and the phase."""
    seat = seat_of(obs.get("seat"), 3, "state.seat")
    phase = read_phase(obs, Phase)
    hand = read_cards(KOWAH, obs.get("hand"), "state.hand")
    want = 9 if phase is Phase.DISCARD else 8
    if len(hand) != want:
        raise InvalidInput(f"in the {phase} phase the hand holds {want} cards, not {len(hand)}",
                           field="state.hand", rule="KW-T1")
    discards = read_seat_cards(KOWAH, obs, "discards", 3)
    read_seat_cards(KOWAH, obs, "public_draws", 3)
    declared = read(obs, "declared", dict, "an object of seat: pair")
    shown = []
    for key, pair in declared.items():
        field = f"state.declared.{clip(key, 10)}"
        if key not in ("0", "1", "2"):
            raise InvalidInput("declared seats are \"0\", \"1\" or \"2\"", field=field)
        cards = read_cards(KOWAH, pair, field)
        if len(cards) != 2 or cards[0] != cards[1]:
            raise InvalidInput("a declared pair is two equal cards", field=field, rule="KW-R5")
        if int(key) != seat:
            shown += cards
    first_turn = read(obs, "first_turn", bool, "true or false")
    takes = read(obs, "takes_in_row", int, "a number of turns", optional=True) or 0
    if not 0 <= takes <= TAKE_LIMIT:
        raise InvalidInput(f"turns without a stock draw are 0-{TAKE_LIMIT}",
                           field="state.takes_in_row", rule="R-take-limit")
    stock = read(obs, "stock", int, "a card count")
    if not 0 <= stock <= KOWAH.size - 24:
        raise InvalidInput(f"the stock holds 0-{KOWAH.size - 24} cards", field="state.stock")
    count_cards(KOWAH, hand + [f for _, f in discards] + shown, "state")
    counts = KOWAH.counts(hand)
    # "stay" is listed only under the optional_declaration switch, which the facts do not
    # tell: allowed whenever the switch could allow it.
    legal = set(legal_actions(phase, counts, bool(discards), first_turn, takes, True))

    def allowed(act: str) -> str | None:
        if act in legal:
            return None
        if act == "take":
            return "there is no discard to take on this turn (KW-T2, KW-T3, R-take-limit)"
        return f"the {phase} phase with this hand allows: {', '.join(sorted(legal))}"

    return listed_actions(obs, allowed, normalizer(KOWAH, ("discard", "declare")))
