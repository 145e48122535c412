"""What a hint may believe of a Tổ Tôm observation (solver/facts.py): the facts it
reads, checked, and the legal actions they allow."""

from __future__ import annotations

from collections import Counter
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput
from moneycards.solver.facts import (count_cards, listed_actions, normalizer, read, read_card,
                                     read_cards, read_phase, read_seat_cards, seat_of)
from moneycards.solver.totom.legal import (breaks_a_pair, chan_only, declined_before,
                                           let_go_before, not_partners)
from moneycards.solver.totom.observation import Phase


def facts(obs: dict[str, Any]) -> list[str]:
    """Tổ Tôm: cards within the deck, seats in range, and each listed action possible from
    the facts (TT-T2, TT-C1, TT-C2, TT-C3, TT-C4, TT-P2, TT-W6, TT-W7)."""
    seat = seat_of(obs.get("seat"), 4, "state.seat")
    phase = read_phase(obs, Phase)
    hand = read_cards(TOTOM, obs.get("hand"), "state.hand")
    exposed = read(obs, "exposed", list, "four lists of exposed groups")
    if len(exposed) != 4 or not all(isinstance(e, list) for e in exposed):
        raise InvalidInput("expected four lists of exposed groups", field="state.exposed")
    shown: list[Face] = []
    own: list[Face] = []
    for s, groups in enumerate(exposed):
        for k, g in enumerate(groups):
            cards = read_cards(TOTOM, g, f"state.exposed[{s}][{k}]")
            shown += cards
            if s == seat:
                own += cards
    dead = read_seat_cards(TOTOM, obs, "dead", 4)
    offer = read(obs, "offer", dict, "an object {card, seat, kind, door}", optional=True)
    offer_card = None
    if offer is not None:
        offer_card = read_card(TOTOM, offer.get("card"), "state.offer.card")
        seat_of(offer.get("seat"), 4, "state.offer.seat")
    memory = read(obs, "memory", dict, "an object", optional=True) or {}
    remembered = {}
    for key in ("declined_chan", "discarded", "ca_from_hand"):
        items = memory.get(key, [])
        if not isinstance(items, list):
            raise InvalidInput("expected a list of cards", field=f"state.memory.{key}")
        remembered[key] = {read_card(TOTOM, t, f"state.memory.{key}[{k}]")
                           for k, t in enumerate(items)}
    dead_hand = read(obs, "dead_hand", list, "a list of seats", optional=True) or []
    for k, s in enumerate(dead_hand):
        seat_of(s, 4, f"state.dead_hand[{k}]")
    claim = obs.get("claim")
    if claim not in (None, "win", "chiu"):
        raise InvalidInput("expected null, \"win\" or \"chiu\"", field="state.claim")
    everything = hand + shown + [f for _, f in dead] + ([offer_card] if offer_card else [])
    count_cards(TOTOM, everything, "state")
    if len(hand) + len(own) > 21:
        raise InvalidInput(f"{len(hand) + len(own)} cards in hand and exposed; a seat holds "
                           "at most 21", field="state.hand")
    held = Counter(hand)
    in_dead_hand = seat in dead_hand

    def wins(extra: Face | None) -> bool:
        """The seat's twenty cards form a winning hand (the shape, TT-W1-W5)."""
        from moneycards.solver.totom.check import check_hand

        cards = hand + own + ([extra] if extra else [])
        return len(cards) == 20 and check_hand(TOTOM.counts(cards), engine="exact").wins

    def allowed(act: str) -> str | None:
        verb, _, arg = act.partition(" ")
        if verb == "win":
            if in_dead_hand:
                return "a dead hand never wins (TT-S4)"
            if phase is Phase.OPENING:
                return None if wins(None) else "the dealer's twenty cards do not win (TT-W7)"
            if phase is Phase.CLAIMS and claim == "win" and offer_card is not None:
                return None if wins(offer_card) else f"the hand does not win with {offer_card}"
            return "a win is claimed on an exposed card when a claim window is open (TT-W6)"
        if verb == "chiu":
            if phase is Phase.CLAIMS and claim == "chiu" and offer_card is not None \
                    and held[offer_card] == 3:
                return None
            return "a Chíu needs a claim window and three concealed copies of the card (TT-P2)"
        if verb == "decline":
            if phase in (Phase.CLAIMS, Phase.OPENING):
                return None
            return "no claim or win to decline"
        if verb == "pass":
            return None if phase is Phase.OFFER else "only an offered card can be let go"
        if verb in ("capture", "discard") and arg:
            f = read_card(TOTOM, arg, "action")
            if not held[f]:
                return f"{f} is not in the concealed hand (TT-T2)"
            # The rules the facts can decide, as the engine decides them (legal.py).
            if verb == "discard":
                if phase not in (Phase.OPENING, Phase.DISCARD):
                    return "this is not the moment to discard"
                refusal = breaks_a_pair(f, held[f]) \
                    or declined_before(f, remembered["declined_chan"])
                return f"{refusal[1]} ({refusal[0]})" if refusal else None
            if phase is not Phase.OFFER or offer_card is None or in_dead_hand:
                return "nothing is offered to capture"
            refusal = not_partners(offer_card, f) \
                or let_go_before(offer_card, remembered["discarded"],
                                 remembered["ca_from_hand"]) \
                or chan_only(offer_card, f, held[offer_card])
            return f"{refusal[1]} ({refusal[0]})" if refusal else None
        return "actions are: win, chiu, decline, pass, capture CARD, discard CARD"

    return listed_actions(obs, allowed, normalizer(TOTOM, ("capture", "discard")))
