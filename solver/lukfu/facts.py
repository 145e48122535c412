"""What a hint may believe of a Luk Fu observation (solver/facts.py): the facts it
reads, checked, and the legal actions they allow."""

from __future__ import annotations

from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput
from moneycards.solver.facts import Why, listed_actions, normalizer, seat_of
from moneycards.solver.lukfu.legal import WIN_FU, legal_actions, may_claim
from moneycards.solver.lukfu.observation import LukFuObservation
from moneycards.solver.lukfu.old import Position, prove_old
from moneycards.solver.lukfu.plays import classify


def facts(obs: LukFuObservation) -> list[str]:
    """Luk Fu: the hand consistent with the record (read strictly with the observation:
    LF-D1), and the listed actions exactly those the record and the hand allow (LF-C2,
    LF-L1–L5, LF-F1, LF-W2)."""
    seat = seat_of(obs.seat, 3, "state.seat")
    hand = list(obs.hand)
    try:
        pos = Position(obs.record, seat, hand)
    except InvalidInput as err:
        if err.field in ("hand", "seat"):
            err.field = f"state.{err.field}"
        raise err.with_field("state.record") from None
    rec = pos.record
    if rec.caller is None:
        legal = {"call play", "call pass"}
    elif rec.to_act() != seat:
        raise InvalidInput(f"seat {rec.to_act()} acts next, not {seat}", field="state.seat")
    else:
        best = rec.current_best()
        old = frozenset(prove_old(pos).old) if best is None else frozenset()  # to lead
        legal = {a.text for a in legal_actions(hand, best, rec.role(seat), rec.rules,
                                               lambda: old,
                                               lambda: may_claim(rec.fu(seat), len(old)))}

    def allowed(act: str) -> Why | None:
        if act in legal:
            return None
        if act == "claim":
            return ("LF-W2", f"fu {rec.fu(seat)} plus the old cards is less than {WIN_FU}")
        verb, _, arg = act.partition(" ")
        if verb in ("lead", "follow", "down") and arg:
            cards = LUKFU.parse(arg)
            missing = [f for f in cards if f not in hand]
            if missing:
                rule = "LF-L1" if verb == "lead" else "LF-F1"  # as the table cites it
                return rule, f"{', '.join(map(str, missing))} not in the hand"
            if verb != "down":
                classify(cards)  # names a shape that is no play
        return (None, "the record and the hand do not allow it")

    return listed_actions(obs, allowed, normalizer(LUKFU, ("lead", "follow", "down")))
