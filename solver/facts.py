"""What a hint may believe of an observation: only facts that are consistent.

One function per game checks the facts a hint reads (types, seats in range, no card counted
more often than the deck holds) and returns the listed legal actions that those facts
allow: a duplicate, or an action the facts rule out, is refused with an error naming the
field. A hint therefore never ranks a forged action or states a forged total.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any, Callable, TypeVar

from moneycards.solver.cards import KOWAH, LUKFU, TOTOM, Deck, Face
from moneycards.solver.errors import ImpossibleCards, InvalidInput, clip
from moneycards.solver.kowah.observation import Phase as KowahPhase
from moneycards.solver.totom.observation import Phase as TotomPhase

MAX_ACTIONS = 1000  # Luk Fu face-down choices reach C(12, 4) = 495 plus the plays


# -- shared readers -------------------------------------------------------------------------
def _get(obs: dict[str, Any], key: str, kinds: Any, what: str, *,
         optional: bool = False) -> Any:
    if key not in obs:
        if optional:
            return None
        raise InvalidInput(f"missing ({what})", field=f"state.{key}")
    value = obs[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise InvalidInput(f"expected {what}", field=f"state.{key}")
    if not isinstance(value, kinds):
        raise InvalidInput(f"expected {what}", field=f"state.{key}")
    return value


P = TypeVar("P", bound=StrEnum)


def _phase(obs: dict[str, Any], phases: type[P]) -> P:
    """The observation's phase, one of the engine's phases (its JSON value)."""
    what = ", ".join(p.value for p in phases)
    what = " or ".join(what.rsplit(", ", 1))
    value = _get(obs, "phase", str, what)
    try:
        return phases(value)
    except ValueError:
        raise InvalidInput(f"expected {what}", field="state.phase") from None


def seat_of(value: Any, seats: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise InvalidInput(f"a seat is a whole number 0-{seats - 1}, not {clip(value, 20)}",
                           field=field)
    return value


def _cards(deck: Deck, text: Any, field: str) -> list[Face]:
    if not isinstance(text, str):
        raise InvalidInput("expected card notation text", field=field)
    return deck.parse(text, field=field)


def _one_card(deck: Deck, text: Any, field: str) -> Face:
    cards = _cards(deck, text, field)
    if len(cards) != 1:
        raise InvalidInput("expected one card", field=field)
    return cards[0]


def _seat_cards(deck: Deck, obs: dict[str, Any], key: str, seats: int) -> list[tuple[int, Face]]:
    """A list of {"seat": n, "card": "5c"} entries."""
    items = _get(obs, key, list, "a list of {seat, card}")
    out = []
    for k, d in enumerate(items):
        field = f"state.{key}[{k}]"
        if not isinstance(d, dict):
            raise InvalidInput("expected {seat, card}", field=field)
        out.append((seat_of(d.get("seat"), seats, f"{field}.seat"),
                    _one_card(deck, d.get("card"), f"{field}.card")))
    return out


def _count(deck: Deck, faces: list[Face], field: str) -> Counter[Face]:
    n = Counter(faces)
    for f, k in n.items():
        if k > deck.copies:
            raise ImpossibleCards(f"{f} is counted {k} times; the deck holds {deck.copies}",
                                  field=field)
    return n


def listed_actions(obs: dict[str, Any], allowed: Callable[[str], str | None],
                   normalize: Callable[[str], str]) -> list[str]:
    """The listed legal actions, canonical; `allowed(action)` gives why one is not legal."""
    acts = obs.get("legal_actions")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise InvalidInput("expected a list of action strings", field="state.legal_actions")
    if not acts:
        raise InvalidInput("the observation has no legal actions: it is not this seat's turn "
                           "(or the deal is over)", field="state.legal_actions")
    seat, to_act = obs.get("seat"), obs.get("to_act")
    if isinstance(seat, int) and isinstance(to_act, int) and seat != to_act:
        # Only the seat to act has actions: a view that says otherwise was edited.
        raise InvalidInput(f"the view is seat {seat}'s but seat {to_act} is to act: only the "
                           "seat to act has actions to rank", field="state.to_act")
    if len(acts) > MAX_ACTIONS:
        raise InvalidInput(f"{len(acts)} actions listed; no position has more than "
                           f"{MAX_ACTIONS}", field="state.legal_actions")
    out: list[str] = []
    for k, raw in enumerate(acts):
        field = f"state.legal_actions[{k}]"
        try:
            act = normalize(raw)
        except InvalidInput as err:
            raise InvalidInput(err.message, field=field) from None
        if act in out:
            raise InvalidInput(f"{clip(act)!r} is listed twice", field=field)
        why = allowed(act)
        if why:
            raise InvalidInput(f"{clip(act)!r} is not legal here: {why}", field=field)
        out.append(act)
    return out


def _normalizer(deck: Deck, verbs: tuple[str, ...]) -> Callable[[str], str]:
    def normalize(action: str) -> str:
        verb, _, arg = action.strip().partition(" ")
        if verb in verbs and arg:
            return f"{verb} {deck.render(deck.parse(arg))}"
        return " ".join(action.split())

    return normalize


# -- Kowah ----------------------------------------------------------------------------------
def kowah_facts(obs: dict[str, Any]) -> list[str]:
    """Kowah (KW-T1–T4, KW-R5): hand size by phase, cards within the deck, legal actions
    derived from the hand, the discard pile and the phase."""
    from moneycards.solver.kowah.exact import splits_exact

    seat = seat_of(obs.get("seat"), 3, "state.seat")
    phase = _phase(obs, KowahPhase)
    hand = _cards(KOWAH, obs.get("hand"), "state.hand")
    want = 9 if phase is KowahPhase.DISCARD else 8
    if len(hand) != want:
        raise InvalidInput(f"in the {phase} phase the hand holds {want} cards, not {len(hand)}",
                           field="state.hand", rule="KW-T1")
    discards = _seat_cards(KOWAH, obs, "discards", 3)
    _seat_cards(KOWAH, obs, "public_draws", 3)
    declared = _get(obs, "declared", dict, "an object of seat: pair")
    shown = []
    for key, pair in declared.items():
        field = f"state.declared.{clip(key, 10)}"
        if key not in ("0", "1", "2"):
            raise InvalidInput("declared seats are \"0\", \"1\" or \"2\"", field=field)
        cards = _cards(KOWAH, pair, field)
        if len(cards) != 2 or cards[0] != cards[1]:
            raise InvalidInput("a declared pair is two equal cards", field=field, rule="KW-R5")
        if int(key) != seat:
            shown += cards
    first_turn = _get(obs, "first_turn", bool, "true or false")
    from moneycards.solver.kowah.table import TAKE_LIMIT

    takes = _get(obs, "takes_in_row", int, "a number of turns", optional=True) or 0
    if not 0 <= takes <= TAKE_LIMIT:
        raise InvalidInput(f"turns without a stock draw are 0-{TAKE_LIMIT}",
                           field="state.takes_in_row", rule="R-take-limit")
    stock = _get(obs, "stock", int, "a card count")
    if not 0 <= stock <= KOWAH.size - 24:
        raise InvalidInput(f"the stock holds 0-{KOWAH.size - 24} cards", field="state.stock")
    _count(KOWAH, hand + [f for _, f in discards] + shown, "state")
    counts = KOWAH.counts(hand)
    if phase is KowahPhase.DRAW:
        may_take = discards and not first_turn and takes < TAKE_LIMIT
        legal = {"draw"} | ({"take"} if may_take else set())
    elif phase is KowahPhase.DISCARD:
        legal = {f"discard {f}" for f in set(hand)}
    else:
        legal = {f"declare {KOWAH.render([s.pair, s.pair])}" for s in splits_exact(counts)}
        legal.add("stay")  # only listed under the optional_declaration switch

    def allowed(act: str) -> str | None:
        if act in legal:
            return None
        if act == "take":
            return "there is no discard to take on this turn (KW-T2, KW-T3, R-take-limit)"
        return f"the {phase} phase with this hand allows: {', '.join(sorted(legal))}"

    return listed_actions(obs, allowed, _normalizer(KOWAH, ("discard", "declare")))


# -- Tổ Tôm ---------------------------------------------------------------------------------
def totom_facts(obs: dict[str, Any]) -> list[str]:
    """Tổ Tôm: cards within the deck, seats in range, and each listed action possible from
    the facts (TT-T2, TT-C1, TT-C2, TT-C3, TT-C4, TT-P2, TT-W6, TT-W7)."""
    seat = seat_of(obs.get("seat"), 4, "state.seat")
    phase = _phase(obs, TotomPhase)
    hand = _cards(TOTOM, obs.get("hand"), "state.hand")
    exposed = _get(obs, "exposed", list, "four lists of exposed groups")
    if len(exposed) != 4 or not all(isinstance(e, list) for e in exposed):
        raise InvalidInput("expected four lists of exposed groups", field="state.exposed")
    shown: list[Face] = []
    own: list[Face] = []
    for s, groups in enumerate(exposed):
        for k, g in enumerate(groups):
            cards = _cards(TOTOM, g, f"state.exposed[{s}][{k}]")
            shown += cards
            if s == seat:
                own += cards
    dead = _seat_cards(TOTOM, obs, "dead", 4)
    offer = _get(obs, "offer", dict, "an object {card, seat, kind, door}", optional=True)
    offer_card = None
    if offer is not None:
        offer_card = _one_card(TOTOM, offer.get("card"), "state.offer.card")
        seat_of(offer.get("seat"), 4, "state.offer.seat")
    memory = _get(obs, "memory", dict, "an object", optional=True) or {}
    remembered = {}
    for key in ("declined_chan", "discarded", "ca_from_hand"):
        items = memory.get(key, [])
        if not isinstance(items, list):
            raise InvalidInput("expected a list of cards", field=f"state.memory.{key}")
        remembered[key] = {_one_card(TOTOM, t, f"state.memory.{key}[{k}]")
                           for k, t in enumerate(items)}
    dead_hand = _get(obs, "dead_hand", list, "a list of seats", optional=True) or []
    for k, s in enumerate(dead_hand):
        seat_of(s, 4, f"state.dead_hand[{k}]")
    claim = obs.get("claim")
    if claim not in (None, "win", "chiu"):
        raise InvalidInput("expected null, \"win\" or \"chiu\"", field="state.claim")
    everything = hand + shown + [f for _, f in dead] + ([offer_card] if offer_card else [])
    _count(TOTOM, everything, "state")
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
            if phase is TotomPhase.OPENING:
                return None if wins(None) else "the dealer's twenty cards do not win (TT-W7)"
            if phase is TotomPhase.CLAIMS and claim == "win" and offer_card is not None:
                return None if wins(offer_card) else f"the hand does not win with {offer_card}"
            return "a win is claimed on an exposed card when a claim window is open (TT-W6)"
        if verb == "chiu":
            if phase is TotomPhase.CLAIMS and claim == "chiu" and offer_card is not None \
                    and held[offer_card] == 3:
                return None
            return "a Chíu needs a claim window and three concealed copies of the card (TT-P2)"
        if verb == "decline":
            if phase in (TotomPhase.CLAIMS, TotomPhase.OPENING):
                return None
            return "no claim or win to decline"
        if verb == "pass":
            return None if phase is TotomPhase.OFFER else "only an offered card can be let go"
        if verb in ("capture", "discard") and arg:
            f = _one_card(TOTOM, arg, "action")
            if not held[f]:
                return f"{f} is not in the concealed hand (TT-T2)"
            if verb == "discard":
                if phase not in (TotomPhase.OPENING, TotomPhase.DISCARD):
                    return "this is not the moment to discard"
                if held[f] in (2, 4):
                    return f"{f} is part of a concealed identical pair (TT-C2)"
                if f in remembered["declined_chan"]:
                    return f"the seat declined a Chắn of {f} (TT-C3)"
                return None
            if phase is not TotomPhase.OFFER or offer_card is None or in_dead_hand:
                return "nothing is offered to capture"
            if f != offer_card and (f.rank != offer_card.rank or "h" in (f.suit, offer_card.suit)):
                return f"{f} and {offer_card} are neither a Chắn nor a Cạ (TT-W1)"
            if offer_card in remembered["discarded"] | remembered["ca_from_hand"]:
                return f"the seat discarded {offer_card} or used it in a Cạ earlier (TT-C4)"
            if f != offer_card and held[offer_card]:
                return f"holding {offer_card}, the seat may capture it only as a Chắn (TT-C1)"
            return None
        return "actions are: win, chiu, decline, pass, capture CARD, discard CARD"

    return listed_actions(obs, allowed, _normalizer(TOTOM, ("capture", "discard")))


# -- Luk Fu ---------------------------------------------------------------------------------
def lukfu_facts(obs: dict[str, Any]) -> list[str]:
    """Luk Fu: the record read strictly, the hand consistent with it (LF-D1), and the listed
    actions exactly those the record and the hand allow (LF-C2, LF-L1–L5, LF-F1, LF-W2)."""
    from itertools import combinations

    from moneycards.solver.lukfu.legal import WIN_FU, check_lead
    from moneycards.solver.lukfu.old import Position, prove_old
    from moneycards.solver.lukfu.plays import beating_plays, classify, plays_in
    from moneycards.solver.lukfu.record import parse_record

    seat = seat_of(obs.get("seat"), 3, "state.seat")
    hand = _cards(LUKFU, obs.get("hand"), "state.hand")
    record = obs.get("record")
    if not isinstance(record, dict):
        raise InvalidInput("expected a record object", field="state.record")
    try:
        pos = Position(parse_record(record), seat, hand)
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
        if best is not None:
            able = beating_plays(hand, best, rec.rules)
            legal = {f"follow {p.text}" for p in able} if able else {
                "down " + LUKFU.render(c) for c in combinations(sorted(hand), best.size)}
        else:
            old = frozenset(prove_old(pos).old)
            legal = {"claim"} if rec.fu(seat) + len(old) >= WIN_FU else set()
            if not hand:
                legal.add("end")
            role = rec.role(seat)
            legal |= {f"lead {p.text}" for p in plays_in(hand)
                      if check_lead(p, hand, role, old, rec.rules).legal}

    def allowed(act: str) -> str | None:
        if act in legal:
            return None
        if act == "claim":
            return f"fu {rec.fu(seat)} plus the old cards is less than {WIN_FU} (LF-W2)"
        verb, _, arg = act.partition(" ")
        if verb in ("lead", "follow", "down") and arg:
            cards = LUKFU.parse(arg)
            missing = [f for f in cards if f not in hand]
            if missing:
                return f"{', '.join(map(str, missing))} not in the hand (LF-L1)"
            if verb != "down":
                classify(cards)  # names a shape that is no play
        return "the record and the hand do not allow it"

    return listed_actions(obs, allowed, _normalizer(LUKFU, ("lead", "follow", "down")))


FACTS = {"totom": totom_facts, "kowah": kowah_facts, "lukfu": lukfu_facts}


def checked(obs: Any) -> Any:
    """The typed observation with its legal actions replaced by the checked, canonical ones:
    derived from the facts, never trusted (a listed action the facts do not allow is an
    error naming it)."""
    import dataclasses

    game = obs.game
    if game not in FACTS:
        raise InvalidInput(f"unknown game {clip(game, 20)!r}", field="state.game")
    return dataclasses.replace(obs, legal_actions=tuple(FACTS[game](obs.flat())))
