"""The Tổ Tôm rules of play that more than one reader asks, each written once with its id:
the engine (solver/totom/table.py), the observation check (solver/totom/facts.py) and the
hint's look-ahead (solver/totom/hint.py) call these, so a change to one of these rules is
made here. (The search's count-vector simulator, solver/totom/sim.py, keeps its own fast
copy, checked against the engine deal by deal in tests/test_totom_search.py.)

Each returns None when the rule allows the action, else (rule id, why).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.rulebook import implements
from moneycards.solver.totom.rules import CHI_CHI
from moneycards.solver.totom.shapes import CA, Partition, pair_kind

Refusal = tuple[str, str] | None


@implements("TT-C2", "a concealed identical pair is never broken to discard or to use in a Cạ")
def breaks_a_pair(card: Face, held: int) -> Refusal:
    """TT-C2: a face held twice or four times is a concealed identical pair, never broken
    (not discarded, not used in a Cạ)."""
    if held in (2, 4):
        return "TT-C2", f"{card} is part of a concealed identical pair, which is never broken"
    return None


@implements("TT-C3", "a face whose Chắn the seat declined is never discarded nor used in a Cạ")
def declined_before(card: Face, declined_chan: Collection[Face]) -> Refusal:
    """TT-C3: a face the seat let go as a Chắn may not be discarded nor used in a Cạ."""
    if card in declined_chan:
        return "TT-C3", f"the seat declined a Chắn of {card}, so it may not use it"
    return None


def not_partners(card: Face, hand_card: Face) -> Refusal:
    """TT-W1 (TT-D3): a capture pairs the card with itself (a Chắn) or with its rank in
    another suit (a Cạ); Chi chi is in no Cạ (`pair_kind`)."""
    if pair_kind(hand_card, card) is None:
        if CHI_CHI in (card, hand_card):  # the rule that bars it is Chi chi's own
            return "TT-D3", (f"{hand_card} and {card}: Chi chi pairs only with another Chi "
                             f"chi, never in a Cạ")
        return "TT-W1", f"{hand_card} and {card} are neither a Chắn nor a Cạ"
    return None


@implements("R-own-faces", "TT-C4 binds the seat that discarded or played the face")
@implements("TT-C4", "a face discarded or played from hand into a Cạ is never captured later")
def let_go_before(card: Face, discarded: Collection[Face],
                  ca_from_hand: Collection[Face]) -> Refusal:
    """TT-C4: a face the seat discarded, or used from its hand in a Cạ, is never captured;
    the collections are the seat's own (R-own-faces)."""
    if card in discarded or card in ca_from_hand:
        return "TT-C4", f"the seat discarded {card} or used it in a Cạ earlier"
    return None


@implements("TT-C1", "holding a copy of the offered card, the seat captures it only as a Chắn")
def chan_only(card: Face, hand_card: Face, held_of_card: int) -> Refusal:
    """TT-C1: holding a copy of the offered card, the seat may capture it only as a Chắn."""
    if hand_card != card and held_of_card > 0:
        return "TT-C1", f"holding {card}, the seat may capture it only as a Chắn"
    return None


@implements("TT-C5", "no Cạ capture in a rank in which the concealed hand already holds a Cạ")
def ca_in_rank(card: Face, concealed: Partition) -> Refusal:
    """TT-C5, on the concealed hand read as for a win (TT-W3): identical pairs are never
    split, so only a face's odd card can be in a Cạ."""
    if any(card.rank == a.rank for a, _ in concealed.ca):
        return "TT-C5", f"the concealed hand already holds a Cạ in rank {card.rank}"
    return None


@implements("TT-C6", "no Cạ capture when one unpaired card remains in the concealed hand")
def last_single(concealed: Partition) -> Refusal:
    """TT-C6: the concealed hand partitioned as for a win (TT-W3) has one card left over:
    it waits for its win."""
    if len(concealed.left) == 1:
        return "TT-C6", "only one unpaired card remains in the concealed hand"
    return None


@implements("TT-C7", "a seat that discarded both cards of a Cạ may no longer capture Cạ")
def discarded_a_ca(discarded: Collection[Face]) -> Refusal:
    """TT-C7: two of the seat's discards would make a Cạ."""
    if any(a.suit < b.suit and pair_kind(a, b) == CA for a in discarded for b in discarded):
        return "TT-C7", "the seat has discarded both cards of a Cạ"
    return None


@implements("TT-C8", "a seat that captured a Cạ may not discard both cards of a Cạ")
def completes_a_discarded_ca(card: Face, discarded: Collection[Face],
                             captured_ca: bool) -> Refusal:
    """TT-C8: after a Cạ capture, no discard that makes a Cạ with an earlier discard."""
    if captured_ca and any(pair_kind(g, card) == CA for g in discarded):
        return "TT-C8", "after capturing a Cạ the seat may not discard both cards of a Cạ"
    return None


@implements("TT-C9", "a capture is legal only if a legal discard remains after it")
def no_discard_left(after: Sequence[int], may_discard: Callable[[Face], bool]) -> Refusal:
    """TT-C9: `after` is the concealed hand after the capture (a count vector), and
    `may_discard` says whether a face of it may be discarded then."""
    if not any(may_discard(f) for f, n in zip(TOTOM.faces, after) if n):
        return "TT-C9", "no legal discard would remain after this capture"
    return None
