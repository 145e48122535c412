"""Luk Fu questions from text: what the CLI and the gRPC server both call.

Each function parses and validates its inputs (errors name the field) and returns plain
dicts in the shape of the CLI's --json output.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import ContextError, ImpossibleCards, InvalidInput
from moneycards.solver.lukfu.legal import (NO_SETTLEMENT, Legality, check_follow, check_lead,
                                           settle)
from moneycards.solver.lukfu.old import Position, claim_total, prove_old
from moneycards.solver.lukfu.plays import Play, PlayError, compare, parse_play, repeated_card
from moneycards.solver.lukfu.rules import SEED_RULES, LukFuRules
from moneycards.solver.lukfu import SEATS
from moneycards.solver.lukfu.record import ROLES, Record, parse_record, seat_name


# The switches a question may set beside a record, by their rules field, with their rulings.
SWITCH_RULINGS = {"ace_sets_beaten_only_by_nines": "R-ace-sets",
                  "strict_non_caller_leads": "R-lead-advice"}


def refuse_contradicted(given: dict[str, bool | None], record_rules: LukFuRules | None,
                        named: Any, field_of: dict[str, str]) -> None:
    """A switch set beside a record that the record's rules contradict is refused: a deal is
    judged by the rules it is played by (a game record's, written or the seed's; a public
    record's named switches), and a switch dropped without a word answers another question
    than the one asked. `field_of` names each switch as the caller takes it (a flag, a
    request field)."""
    for field, value in given.items():
        if value is None:
            continue
        if record_rules is not None:
            kept: Any = getattr(record_rules, field)
        else:
            kept = named.get(field) if isinstance(named, dict) else None
        if kept is not None and kept != value:
            ruling = SWITCH_RULINGS[field]
            raise InvalidInput(f"the record's rules have {ruling} {'on' if kept else 'off'}, "
                               f"and a deal is judged by the rules it is played by: leave "
                               f"the switch out", field=field_of[field], rule=ruling)


def rules_from(ace_rule: bool | None = None, strict_leads: bool | None = None) -> LukFuRules:
    rules = SEED_RULES
    if ace_rule is not None:
        rules = replace(rules, ace_sets_beaten_only_by_nines=ace_rule)
    if strict_leads is not None:
        rules = replace(rules, strict_non_caller_leads=strict_leads)
    return rules


def beats_text(play: str, over: str, rules: LukFuRules = SEED_RULES) -> dict[str, Any]:
    p = parse_play(play, field="play")
    o = parse_play(over, field="over")
    both = sorted(set(p.cards) & set(o.cards))
    if both:  # one copy of each card: no card is in two plays
        raise InvalidInput(f"{LUKFU.render(both)} in both plays; the deck holds one of each "
                           "card", field="play", rule="LF-D1")
    c = compare(p, o, rules)
    return {"play": p.text, "play_kind": p.kind, "over": o.text, "over_kind": o.kind,
            "beats": c.beats, "rule": c.rule, "explanation": c.reason}


def _record(record: Any, rules: LukFuRules) -> Record | None:
    return None if record is None else parse_record(record, rules)


def _hand(text: str, *, allow_empty: bool = False) -> list[Face]:
    faces = LUKFU.parse(text or "", field="hand")
    if not faces and not allow_empty:
        raise ImpossibleCards("the hand is empty", field="hand")  # as in every game
    repeated = repeated_card(faces)
    if repeated:
        raise ContextError(repeated, field="hand", rule="LF-D1")
    return faces


def _seat(seat: int | None, default: int) -> int:
    seat = default if seat is None else seat
    if not 0 <= seat < SEATS:
        raise InvalidInput(f"seat must be 0, 1 or 2, not {seat}", field="seat")
    return seat


def legal_text(play: str, *, hand: str, role: str | None = None, record: Any = None,
               seat: int | None = None, face_down: bool = False,
               rules: LukFuRules = SEED_RULES, ended: str | None = None,
               record_field: str = "record") -> dict[str, Any]:
    """Is PLAY (or, face down, these cards) a legal lead or follow for the seat? `ended`:
    the rule that ended a game record's deal (nothing is played after it); `record_field`:
    the request's name for the record, said where the record makes every play illegal."""
    if ended:
        raise ContextError(f"the deal is over ({ended}): no play follows its end",
                           field=record_field, rule=ended)
    rec = _record(record, rules)
    rules = rec.rules if rec else rules
    if rec is not None and rec.caller is None:
        raise ContextError("no seat has called 'play' yet: nothing is led", field=record_field,
                           rule="LF-C2")
    to_act = rec.to_act() if rec else 0
    assert to_act is not None  # the calls are over
    seat = _seat(seat, to_act)
    if rec is not None and rec.to_act() != seat:
        raise ContextError(f"it is {seat_name(to_act)}'s turn, not {seat_name(seat)}'s",
                           field="seat")
    faces = _hand(hand)
    pos = Position(rec, seat, faces)
    # Cards the hand does not hold ask about another hand: the request contradicts itself
    # (as a Kowah win's pair not in the hand does), where a rule would refuse a move; said
    # first, before the role is asked for.
    try:
        named = LUKFU.parse(play, field="play")
    except InvalidInput:
        named = []  # text that names no card is said by the play's own reading below
    # (a card named twice is bad input, said first by the play's own reading: LF-D1)
    missing = [f for f in named if f not in faces] if len(set(named)) == len(named) else []
    if missing:
        raise ContextError(f"{LUKFU.render(missing)} {'is' if len(missing) == 1 else 'are'} "
                           f"not in the hand ({LUKFU.render(faces)})", field="play")
    if rec is not None:
        derived = rec.role(seat)
        if role is not None and role != derived:
            raise ContextError(f"the record makes seat {seat} {derived}, not {role}",
                               field="role")
        role = derived
    if role is None:
        raise InvalidInput("say the seat's role: " + ", ".join(ROLES), field="role")
    if role not in ROLES:
        raise InvalidInput(f"unknown role {role!r}; choose one of: {', '.join(ROLES)}",
                           field="role")
    best = rec.current_best() if rec else None
    if best is None:
        if face_down:
            raise ContextError("a lead is played face up", field="face_down", rule="LF-L1")
        p = _play_or_shape(play)
        if isinstance(p, Legality):
            result = p
        else:
            old = prove_old(pos).old
            result = check_lead(p, faces, role, old, rules)
        kind = "lead"
    else:
        if face_down:
            down = LUKFU.parse(play, field="play")
            LUKFU.counts(down, field="play")  # a card named twice is bad input (LF-D1)
            result = check_follow(None, down, faces, best, rules)
        else:
            p = _play_or_shape(play)
            result = p if isinstance(p, Legality) else check_follow(p, (), faces, best, rules)
        kind = "follow"
    return {"legal": result.legal, "rule": result.rule, "explanation": result.reason,
            "turn": kind, "seat": seat, "role": role,
            "to_beat": best.text if best else None}


def _play_or_shape(text: str) -> Play | Legality:
    """The play PLAY names, or, when its cards are real cards that make no play (a pair, two
    cards, mixed suits and ranks, a broken run), the ILLEGAL verdict of LF-L1 that says so:
    the question was whether it is legal, and the rule answers it. Text that names no card,
    or a card twice, is bad input."""
    try:
        return parse_play(text, field="play")
    except PlayError as err:
        if err.rule != "LF-L1" or not text.split():
            raise
        return Legality(False, "LF-L1", err.message)


def old_text(*, hand: str, record: Any = None, seat: int | None = None,
             engine: str = "cpsat", rules: LukFuRules = SEED_RULES,
             ended: str | None = None) -> dict[str, Any]:
    """Which cards of the hand are old, and can the seat claim (LF-W2)? `ended`: the rule
    that ended a game record's deal, after which no seat claims."""
    if engine not in ("cpsat", "exact"):
        raise InvalidInput(f"unknown engine {engine!r}; choose cpsat or exact", field="engine")
    rec = _record(record, rules)
    seat = _seat(seat, 0)
    pos = Position(rec, seat, _hand(hand, allow_empty=rec is not None))
    if engine == "exact" and pos.world_count() > 200_000:
        raise InvalidInput(f"{pos.world_count():,} worlds are too many for the exact engine",
                           field="engine")
    proof = prove_old(pos, engine)
    fu, n_old, can = claim_total(pos, proof)
    return {
        "seat": seat,
        "old": [f.text for f in proof.old],
        "reasons": [{"card": c.card.text, "old": c.old, "rule": c.rule, "explanation": c.reason}
                    for c in proof.cards],
        "fu": fu,
        "claim_total": fu + n_old,
        # Without a record nothing says the seat is about to lead (LF-W2): unknown.
        "can_claim": (can and not ended) if rec else None,
        "about_to_lead": (pos.record.about_to_lead(seat) and not ended) if rec else None,
        "ended": ended,
    }


def score_text(*, fu: int | None, winner: int | None, caller: int | None,
               drawn: bool = False) -> dict[str, Any]:
    if drawn:
        for name, value in (("fu", fu), ("winner", winner)):
            if value is not None:  # a drawn deal has no winner (LF-W4): a contradiction
                raise InvalidInput(f"a drawn deal has no {name}: say drawn or give the "
                                   f"{name}, not both", field=name, rule="LF-W4")
        if caller is not None and not 0 <= caller <= 2:  # a drawn deal may have a caller
            raise InvalidInput(f"seat must be 0, 1 or 2, not {caller}", field="caller")
        return {"outcome": "drawn", "points": 0, "net": list(NO_SETTLEMENT),
                "rule": "R-settle-zero"}
    for name, value in (("fu", fu), ("winner", winner), ("caller", caller)):
        if value is None:
            raise InvalidInput("required for a win (or say the deal was drawn)", field=name)
    net = settle(fu, winner, caller)  # type: ignore[arg-type]
    return {"outcome": "win", "points": 1 + fu - 6, "net": net,  # type: ignore[operator]
            "rule": "LF-K3"}  # who pays what (the amount: LF-K2)
