"""What a hint may believe of a Tổ Tôm observation (solver/facts.py): the facts it
reads, checked, and the legal actions they allow."""

from __future__ import annotations

from collections import Counter

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput
from moneycards.solver.facts import (Why, count_cards, listed_actions, normalizer, read_card,
                                     seat_of)
from moneycards.solver.totom.check import check_hand
from moneycards.solver.totom.legal import (breaks_a_pair, chan_only, declined_before,
                                           let_go_before, not_partners)
from moneycards.solver.totom.observation import Claim, Phase, TotomObservation
from moneycards.solver.totom.rules import CHI_CHI
from moneycards.solver.totom.scoring import WinContext
from moneycards.solver.totom.shapes import pair_kind


def facts(obs: TotomObservation) -> list[str]:
    """Tổ Tôm: cards within the deck, seats in range, and each listed action possible from
    the facts (TT-T2, TT-C1, TT-C2, TT-C3, TT-C4, TT-P2, TT-W6, TT-W7)."""
    seat = seat_of(obs.seat, 4, "state.seat")
    phase, claim, memory = obs.phase, obs.claim, obs.memory
    hand = TOTOM.faces_of(obs.hand)
    if len(obs.exposed) != 4:
        raise InvalidInput("expected four lists of exposed groups", field="state.exposed")
    shown: list[Face] = []
    own: list[Face] = []
    for s, groups in enumerate(obs.exposed):
        for k, g in enumerate(groups):
            where = f"state.exposed[{s}][{k}]"
            cards = TOTOM.parse(g, field=where)
            if len(cards) == 4 and len(set(cards)) == 1:
                pass  # a Chíu's four (TT-P2)
            elif len(cards) != 2:
                raise InvalidInput(f"an exposed group is a pair or a Chíu's four identical "
                                   f"cards, not {len(cards)} cards", field=where, rule="TT-P2")
            elif pair_kind(*cards) is None:
                raise InvalidInput(f"{g} is neither a Chắn nor a Cạ", field=where,
                                   rule="TT-D3" if CHI_CHI in cards else "TT-W1")
            shown += cards
            if s == seat:
                own += cards
    for k, d in enumerate(obs.dead):
        seat_of(d.seat, 4, f"state.dead[{k}].seat")
    offer_card = None
    if obs.offer is not None:
        offer_card = obs.offer.card
        seat_of(obs.offer.seat, 4, "state.offer.seat")
    for k, s in enumerate(obs.dead_hand):
        seat_of(s, 4, f"state.dead_hand[{k}]")
    dead = [d.card for d in obs.dead]
    everything = hand + shown + dead + ([offer_card] if offer_card else [])
    count_cards(TOTOM, everything, "state")
    if len(hand) + len(own) > 21:
        raise InvalidInput(f"{len(hand) + len(own)} cards in hand and exposed; a seat holds "
                           "at most 21", field="state.hand")
    held = Counter(hand)
    in_dead_hand = seat in obs.dead_hand

    def wins(extra: Face | None) -> bool:
        """The seat's twenty cards form a winning hand (the shape, TT-W1-W5) by the
        table's rules, `extra` the card won on (TT-W5 asks whether it is Chi chi)."""
        cards = hand + own + ([extra] if extra else [])
        return len(cards) == 20 and check_hand(TOTOM.counts(cards), WinContext(extra),
                                               obs.rules, engine="exact").wins

    def allowed(act: str) -> Why | None:
        verb, _, arg = act.partition(" ")
        if verb == "win":
            if in_dead_hand:
                return ("TT-S4", "a dead hand never wins")
            if phase is Phase.OPENING:
                return None if wins(None) else \
                    ("TT-W7", "the dealer's twenty cards do not win")
            if phase is Phase.CLAIMS and claim is Claim.WIN and offer_card is not None:
                return None if wins(offer_card) else \
                    (None, f"the hand does not win with {offer_card}")
            return ("TT-W6",
                    "a win is claimed on an exposed card when a claim window is open")
        if verb == "chiu":
            if phase is Phase.CLAIMS and claim is Claim.CHIU and offer_card is not None \
                    and held[offer_card] == 3:
                return None
            return ("TT-P2",
                    "a Chíu needs a claim window and three concealed copies of the card")
        if verb == "decline":
            if phase in (Phase.CLAIMS, Phase.OPENING):
                return None
            return (None, "no claim or win to decline")
        if verb == "pass":
            return None if phase is Phase.OFFER else \
                (None, "only an offered card can be let go")
        if verb in ("capture", "discard") and arg:
            f = read_card(TOTOM, arg, "action")
            if not held[f]:
                return ("TT-T2", f"{f} is not in the concealed hand")
            # The rules the facts can decide, as the engine decides them (legal.py).
            if verb == "discard":
                if phase not in (Phase.OPENING, Phase.DISCARD):
                    return (None, "this is not the moment to discard")
                refusal = breaks_a_pair(f, held[f]) \
                    or declined_before(f, memory.declined_chan)
                return refusal or None
            if phase is not Phase.OFFER or offer_card is None or in_dead_hand:
                return (None, "nothing is offered to capture")
            refusal = not_partners(offer_card, f) \
                or let_go_before(offer_card, memory.discarded, memory.ca_from_hand) \
                or chan_only(offer_card, f, held[offer_card])
            return refusal or None
        return (None, "actions are: win, chiu, decline, pass, capture CARD, discard CARD")

    return listed_actions(obs, allowed, normalizer(TOTOM, ("capture", "discard")))
