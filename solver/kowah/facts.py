"""What a hint may believe of a Kowah observation (solver/facts.py): the facts it
reads, checked, and the legal actions they allow."""

from __future__ import annotations

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.facts import Why, count_cards, listed_actions, normalizer, seat_of
from moneycards.solver.kowah.legal import TAKE_LIMIT, legal_actions
from moneycards.solver.kowah.observation import KowahObservation, Phase


def facts(obs: KowahObservation) -> list[str]:
    """Kowah (KW-T1–T4): hand size by phase, cards within the deck, legal actions
    derived from the hand, the discard pile and the phase."""
    seat = seat_of(obs.seat, 3, "state.seat")
    phase = obs.phase
    hand = KOWAH.faces_of(obs.hand)
    want = 9 if phase is Phase.DISCARD else 8
    if len(hand) != want:
        raise InvalidInput(f"in the {phase} phase the hand holds {want} cards, not {len(hand)}",
                           field="state.hand", rule="KW-T1")
    # The pile: the discards nobody took (a taken one is in a hand now); an error names an
    # entry by its place in the pile.
    discards = [d for d in obs.discards if d.taken_by is None]
    for k, d in enumerate(discards):
        seat_of(d.seat, 3, f"state.discards[{k}].seat")
    for k, p in enumerate(obs.public_draws):
        seat_of(p.seat, 3, f"state.public_draws[{k}].seat")
    shown: list[Face] = []
    for s, f in sorted(obs.declared.items()):
        if s not in (0, 1, 2):
            raise InvalidInput("declared seats are \"0\", \"1\" or \"2\"",
                               field=f"state.declared.{clip(s, 10)}")
        if s != seat:
            shown += [f, f]
        elif obs.hand[KOWAH.index(f)] < 2:  # its own pair is among its locked cards
            raise InvalidInput(f"seat {seat} shows the pair {f.text[0]}{f.text} but its hand "
                               f"holds {obs.hand[KOWAH.index(f)]} of {f}",
                               field=f"state.declared.{s}", rule="KW-X1")
    takes = obs.takes_in_row
    if not 0 <= takes <= TAKE_LIMIT:
        raise InvalidInput(f"turns without a stock draw are 0-{TAKE_LIMIT}",
                           field="state.takes_in_row", rule="R-take-limit")
    if not 0 <= obs.stock <= KOWAH.size - 24:
        raise InvalidInput(f"the stock holds 0-{KOWAH.size - 24} cards", field="state.stock")
    count_cards(KOWAH, hand + [d.card for d in discards] + shown, "state")
    counts = KOWAH.counts(hand)
    # "stay" is listed only under the optional_declaration switch, which the facts do not
    # tell: allowed whenever the switch could allow it.
    legal = {a.text for a in legal_actions(phase, counts, bool(discards), obs.first_turn,
                                           takes, True)}

    def allowed(act: str) -> Why | None:
        if act in legal:
            return None
        if act == "take":
            return (None, "there is no discard to take on this turn (KW-T2, KW-T3, "
                          "R-take-limit)")
        return (None, f"the {phase} phase with this hand allows: {', '.join(sorted(legal))}")

    return listed_actions(obs, allowed, normalizer(KOWAH, ("discard", "declare")))
