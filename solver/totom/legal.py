"""The Tổ Tôm rules of play that more than one reader asks, each written once with its id:
the engine (solver/totom/table.py), the observation check (solver/totom/facts.py) and the
hint's look-ahead (solver/totom/hint.py) call these, so a change to one of these rules is
made here. (The search's count-vector simulator, solver/totom/sim.py, keeps its own fast
copy, checked against the engine deal by deal in tests/test_totom_search.py.)

Each returns None when the rule allows the action, else (rule id, why).
"""

from __future__ import annotations

from collections.abc import Collection

from moneycards.solver.cards import Face

Refusal = tuple[str, str] | None


def breaks_a_pair(card: Face, held: int) -> Refusal:
    """TT-C2: a face held twice or four times is a concealed identical pair, never broken
    (not discarded, not used in a Cạ)."""
    if held in (2, 4):
        return "TT-C2", f"{card} is part of a concealed identical pair, which is never broken"
    return None


def declined_before(card: Face, declined_chan: Collection[Face]) -> Refusal:
    """TT-C3: a face the seat let go as a Chắn may not be discarded nor used in a Cạ."""
    if card in declined_chan:
        return "TT-C3", f"the seat declined a Chắn of {card}, so it may not use it"
    return None


def not_partners(card: Face, hand_card: Face, chi_chi: Face) -> Refusal:
    """TT-W1 (TT-D3): a capture pairs the card with itself (a Chắn) or with its rank in
    another suit (a Cạ); Chi chi is in no Cạ."""
    if hand_card != card and (hand_card.rank != card.rank or chi_chi in (hand_card, card)):
        return "TT-W1", f"{hand_card} and {card} are neither a Chắn nor a Cạ"
    return None


def let_go_before(card: Face, discarded: Collection[Face],
                  ca_from_hand: Collection[Face]) -> Refusal:
    """TT-C4: a face the seat discarded, or used from its hand in a Cạ, is never captured."""
    if card in discarded or card in ca_from_hand:
        return "TT-C4", f"the seat discarded {card} or used it in a Cạ earlier"
    return None


def chan_only(card: Face, hand_card: Face, held_of_card: int) -> Refusal:
    """TT-C1: holding a copy of the offered card, the seat may capture it only as a Chắn."""
    if hand_card != card and held_of_card > 0:
        return "TT-C1", f"holding {card}, the seat may capture it only as a Chắn"
    return None
