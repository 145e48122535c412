"""A Kowah deal (KW-T, KW-X, KW-K): draws, discards, declarations and automatic wins.

Actions: "draw" (top stock card), "take" (the last discard), "discard 5c", "declare 55c"
(show that pair; compulsory when the eight cards are ready after a discard, R-declare),
"stay" (decline to declare; only with the optional_declaration switch). A declared seat's
turn plays itself (KW-X2), and wins on another seat's draw or discard happen at once
(KW-X4, R-rotation).
"""

from __future__ import annotations

import random
from typing import Any, Self

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.kowah.check import MULTIPLIERS, pair_refusal, pairs_text, won_by
from moneycards.solver.kowah import observation as ob
from moneycards.solver.kowah import legal
from moneycards.solver.kowah.legal import TAKE_LIMIT
from moneycards.solver.kowah.observation import KowahVerb, KowahObservation, Phase as Phase
from moneycards.solver.kowah.rules import SEED_RULES, KowahRules
from moneycards.solver.rulebook import implements
from moneycards.solver.table import (Action, Outcome, OutcomeKind, TableState, dealt_by,
                                     possessive, read_deal, says, seat_label)
from moneycards.solver.kowah import SEATS

HAND = 8


class KowahState(TableState):
    deck = KOWAH
    verb_type = KowahVerb
    card_examples = {"declare": "99m"}  # a declaration names the shown pair (KW-T4)
    game = "kowah"
    seats = SEATS
    privacy_rule = "R-declare-privacy"  # a ready seat's choice to stay is private
    end_rule = "KW-K2"

    @implements("KW-T1", "three seats, each alone: eight cards each, a random seat starts")
    def __init__(self, seed: int | None = 0, rules: KowahRules = SEED_RULES,
                 deal: dict[str, Any] | None = None):
        self.seed, self.rules = seed, rules
        self.rules_name = rules.preset
        if deal is None:
            rng = random.Random(seed)
            cards = [f for f in KOWAH.faces for _ in range(KOWAH.copies)]
            rng.shuffle(cards)
            hands = [cards[k * HAND:(k + 1) * HAND] for k in range(SEATS)]
            stock = cards[SEATS * HAND:]
            first = rng.randrange(SEATS)
        else:
            hands, stock, first = _read_deal(deal)
        self.first = first
        self.initial = {"hands": [KOWAH.render(h) for h in hands], "stock": " ".join(
            f.text for f in stock), "first": first}
        self.table_card: Face | None = None  # a drawn card that ended the deal
        self.hands = [list(KOWAH.counts(h)) for h in hands]
        self.stock: list[Face] = list(stock)
        self.discards: list[tuple[int, Face]] = []  # the pile, last discard on top
        # Every discard ever made, in order: [seat, card, turn, seat that took it or None].
        # The pile is exactly the entries nobody took; who took what stays public.
        self.discard_log: list[list[Any]] = []
        self.declared: dict[int, Face] = {}
        self.public_draws: list[tuple[int, Face, int]] = []  # KW-X3: (seat, card, turn)
        self.seat = first
        self.phase: Phase = Phase.DRAW
        self.turns = 0
        self.takes_in_row = 0  # turns since the last stock draw (R-take-limit)
        self.history: list[str] = []
        self.events: list[str] = []  # what happened by itself (declared seats, wins)
        self.result = None
        self._advance()

    # -- queries ------------------------------------------------------------------------
    def current_seat(self) -> int | None:
        return None if self.is_over else self.seat

    def hand_faces(self, seat: int) -> list[Face]:
        return KOWAH.faces_of(self.hands[seat])

    def drawn_in_private(self, before: Self, seat: int) -> list[Face]:
        # the stock's top card, also where it entered no hand (the last card, KW-K2)
        drew = self.parse_action(self.history[-1]).verb == "draw"
        return [before.stock[0]] if drew and before.stock else []

    def shown_pairs(self, seat: int) -> list[Face]:
        return list(legal.shown_pairs(tuple(self.hands[seat])))

    @property
    def actions_help(self) -> str:  # type: ignore[override]  # `stay` only where it exists
        return ("actions are: draw, take, discard CARD, declare PAIR"
                + (", stay" if self.rules.optional_declaration else ""))

    def _legal(self) -> list[Action]:
        return legal.legal_actions(self.phase, self.hands[self.seat], bool(self.discards),
                                   self.turns == 0, self.takes_in_row,
                                   self.rules.optional_declaration)

    def _diagnose(self, action: Action) -> tuple[str, str]:
        verb, arg = action.verb, action.arg
        if self.phase is Phase.DECLARE and verb in ("draw", "take", "discard"):
            # the turn's card is in and one is out: what is left of it is the declaration
            first = "declare or stay" if self.rules.optional_declaration else \
                "declare first (R-declare)"
            return "KW-T4", f"the eight cards are ready after the discard: {first}"
        if verb == "take":
            if self.phase is Phase.DISCARD:
                return "KW-T2", "this turn has its card: discard one"
            if self.turns == 0:
                return "KW-T3", "the first turn of the deal draws from the stock"
            if self.discards and self.takes_in_row >= TAKE_LIMIT:
                return "R-take-limit", f"{TAKE_LIMIT} turns in a row took the discard: draw"
            return "KW-T2", "there is no discard to take"
        if verb == "draw":
            return "KW-T2", "this turn has its card: discard one"  # DISCARD: drawn or taken
        if verb == "discard":
            if self.phase is not Phase.DISCARD:
                return "KW-T2", "draw or take a card before discarding"
            try:  # a card outside Kowah's deck (5t, 4h) is named as such, not as missing
                named = KOWAH.parse(arg)
            except InvalidInput as err:
                return err.rule or "KW-D1", err.message
            if len(named) != 1:
                return "KW-T2", (f"a discard names one card of the hand, not {len(named)}"
                                 if named else "a discard names the card: discard CARD")
            return "KW-T2", f"{clip(arg)} is not in the hand"
        if verb == "declare":
            if self.phase is not Phase.DECLARE:
                return "KW-T4", "a seat declares after discarding, with eight ready cards"
            return self._pair_rule(arg)
        if verb == "stay":
            if not self.rules.optional_declaration:  # under these rules, never a choice
                return "KW-T4", ("no seat stays silent: a seat whose eight cards are ready "
                                 "declares (R-declare; the switch optional_declaration lets "
                                 "it stay)")
            if self.phase is not Phase.DECLARE:  # nothing to decline: the turn goes on
                return "KW-T2", ("a seat stays silent only when its eight cards are ready, "
                                 "after discarding; now it "
                                 + ("draws or takes a card" if self.phase is Phase.DRAW
                                    else "discards"))
        return "KW-T2", self.actions_help

    def _pair_rule(self, arg: str) -> tuple[str, str]:
        """Why these ready cards may not show `arg`, as `kowah win --pair` says it."""
        pairs = self.shown_pairs(self.seat)
        shown = pairs_text(pairs)
        try:
            faces = KOWAH.parse(arg)
        except InvalidInput:
            faces = []
        if len(faces) != 2 or faces[0] != faces[1]:
            return "KW-R3", (f"{clip(arg) or '(nothing)'} is not two identical cards; it may "
                             f"show {shown}")
        if self.hands[self.seat][KOWAH.index(faces[0])] < 2:
            return "KW-R3", f"the hand holds no pair {clip(arg)}; it may show {shown}"
        v = pair_refusal(self.hands[self.seat], faces[0], pairs)
        return v.rule, v.message

    # -- transitions --------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        verb, arg = action.verb, action.arg
        s = self.seat
        if verb == "draw":
            self._draw(s)
        elif verb == "take":
            self.takes_in_row += 1
            _, card = self.discards.pop()
            next(e for e in reversed(self.discard_log) if e[3] is None)[3] = s
            self.hands[s][KOWAH.index(card)] += 1
            # The discard was face up: every seat's log names the card taken (KW-T2).
            self.events.append(f"{seat_label(s)} took {card} from the discards")
            self.phase = Phase.DISCARD
        elif verb == "discard":
            card = KOWAH.parse(arg)[0]
            self.hands[s][KOWAH.index(card)] -= 1
            self._discard(s, card)
            if self.is_over:
                return
            if s not in self.declared and self.shown_pairs(s):
                self.phase = Phase.DECLARE
            else:
                self._next_turn()
        elif verb == "declare":
            self.declared[s] = KOWAH.parse(arg)[0]
            self.events.append(f"{says(s, 'declares')} checki, showing {arg}")
            self._next_turn()
        elif verb == "stay":
            self._next_turn()

    @implements("KW-K2", "the last stock card drawn and no one winning on it, the deal is drawn")
    @implements("KW-X3", "from the first declaration on, every stock draw is shown to all")
    def _draw(self, s: int) -> Face | None:
        card = self.stock.pop(0)
        self.takes_in_row = 0
        self.table_card = card  # until it enters the hand
        if self.declared:  # KW-X3: shown to every seat, so every seat's log says it
            self.public_draws.append((s, card, self.turns))
            if s not in self.declared:  # a declared seat's draw is told as it is played
                self.events.append(f"{seat_label(s)} drew {card} face up (KW-X3)")
        winner = s if self.declared.get(s) == card else self._waiting_on(card, s)
        if s in self.declared and (winner is not None or not self.stock):
            # The deal ends on this draw, before the seat's usual "drew and discarded"
            # line: say who drew the card every seat saw (KW-X3).
            self.events.append(f"{seat_label(s)} (declared) drew {card} face up (KW-X3)")
        if winner is not None:
            self._win(winner, "self-draw" if winner == s else "draw", card)
            return None
        if not self.stock:
            self.result = Outcome(OutcomeKind.DRAWN, "KW-K2")
            self.events.append("the last stock card brought no win: the deal is drawn")
            return None
        self.hands[s][KOWAH.index(card)] += 1
        self.table_card = None
        self.phase = Phase.DISCARD
        return card

    def _discard(self, s: int, card: Face) -> None:
        self.discards.append((s, card))
        self.discard_log.append([s, card, self.turns, None])
        w = self._waiting_on(card, s)
        if w is not None:
            self._win(w, "discard", card)

    @implements("R-no-declaration-win", "only a declared seat wins")
    @implements("R-rotation", "the waiting seats are tried in turn order after the one that "
                              "played the card")
    @implements("KW-X5", "several seats waiting on one card: rotation priority (R-rotation)")
    @implements("KW-X4", "another seat's draw or discard of a declared wait wins at once")
    def _waiting_on(self, card: Face, by: int) -> int | None:
        """The seat that wins on `card` played by `by` (KW-X4 with R-rotation: waiting seats
        tried from the seat after `by`), if any."""
        for k in range(1, SEATS):
            w = (by + k) % SEATS
            if self.declared.get(w) == card:
                return w
        return None

    def _win(self, seat: int, via: str, card: Face) -> None:
        mult = MULTIPLIERS[via]  # KW-K1
        self.result = Outcome(OutcomeKind.WIN, "KW-K1", winner=seat, via=via, card=card.text,
                              multiplier=mult)
        self.events.append(f"{says(seat, 'wins')} on {card} {self._won(via)}, x{mult}")

    def _won(self, via: str) -> str:
        """How a win came, naming whose draw or discard it was ("from Ana's draw": "another
        seat's draw" read as if the reader's own were not); the seat to act is the one that
        drew or discarded it (a win ends the deal before the turn moves on)."""
        return won_by(via, possessive(seat_label(self.seat)))

    def over_rule(self) -> str:
        r = self.result
        if r is None or r.kind is not OutcomeKind.WIN:
            return self.end_rule
        return "KW-X2" if r.via == "self-draw" else "KW-X4"

    def _next_turn(self) -> None:
        self.turns += 1
        self.seat = (self.seat + 1) % SEATS
        self.phase = Phase.DRAW
        self._advance()

    @implements("R-declared-take", "a declared seat never takes the discard")
    @implements("KW-X2", "a declared seat draws: its wait wins by self-draw, else it discards it")
    @implements("KW-X1", "a declared seat's eight cards are locked and its pair is public")
    def _advance(self) -> None:
        """Declared seats play their own turns: draw; win or discard that card (KW-X2)."""
        while not self.is_over and self.seat in self.declared and self.phase is Phase.DRAW:
            s = self.seat
            card = self._draw(s)
            if card is None:
                return
            self.hands[s][KOWAH.index(card)] -= 1
            self.events.append(f"{seat_label(s)} (declared) drew and discarded {card}")
            self._discard(s, card)
            if self.is_over:
                return
            self.turns += 1
            self.seat = (s + 1) % SEATS
            self.phase = Phase.DRAW

    # -- views --------------------------------------------------------------------------
    @implements("R-declare-privacy", "whether a seat is ready is private until it declares")
    def private_decline(self) -> str | None:
        """With optional declaration, a ready seat may stay silent; the others must not
        learn it was ready (R-declare)."""
        if self.phase is Phase.DECLARE and self.rules.optional_declaration:
            return "stay"
        return None

    def _observation(self, seat: int) -> KowahObservation:
        return KowahObservation(
            seat=seat, to_act=self.current_seat(), phase=self.phase,
            hand=tuple(self.hands[seat]), hand_sizes=tuple(sum(h) for h in self.hands),
            declared=dict(self.declared),
            discards=tuple(ob.Discard(s, f, t, by) for s, f, t, by in self.discard_log),
            public_draws=tuple(ob.PublicDraw(s, f, t) for s, f, t in self.public_draws),
            stock=len(self.stock), first_turn=self.turns == 0,
            takes_in_row=self.takes_in_row,
            legal_actions=tuple(self.legal_texts()) if self.current_seat() == seat else (),
            result=self.result,
        )

    def deal_json(self) -> dict[str, Any]:
        return dict(self.initial)

    def cards_accounted(self) -> bool:
        """Hands, stock, discards and a drawn card that ended the deal: 4 of each face."""
        seen = [0] * len(KOWAH.faces)
        for h in self.hands:
            seen = [a + b for a, b in zip(seen, h)]
        extra = [self.table_card] if self.table_card is not None else []
        for f in self.stock + [f for _, f in self.discards] + extra:
            seen[KOWAH.index(f)] += 1
        return all(n == KOWAH.copies for n in seen)

    def opening_lines(self) -> list[str]:
        lines = [f"Kowah deal, {dealt_by(self.seed)}; {says(self.first, 'starts')}."]
        lines += [f"  {seat_label(s)}: {KOWAH.render(h)}" for s, h in enumerate(self.hands)]
        return lines

    def result_line(self) -> str:
        r = self.result
        if r is None:
            return "The record ends before the deal does."
        if r.kind is OutcomeKind.DRAWN:
            return "Drawn: the stock ran out with no winner (KW-K2)."
        assert r.winner is not None and r.via is not None  # a win
        return (f"{says(r.winner, 'wins')} on {r.card} {self._won(r.via)}: "
                f"multiplier x{r.multiplier} (KW-K1).")


def _read_deal(deal: dict[str, Any]) -> tuple[list[list[Face]], list[Face], int]:
    hands, stock, first = read_deal(deal, KOWAH, "first", SEATS)
    for k, h in enumerate(hands):
        if len(h) != HAND:
            raise InvalidInput(f"three hands of eight; this one has {len(h)}",
                               field=f"record.deal.hands[{k}]", rule="KW-T1")
    KOWAH.counts([f for h in hands for f in h] + stock, field="record.deal")
    if len(stock) + SEATS * HAND != KOWAH.size:
        raise InvalidInput("the hands and the stock hold all 120 cards",
                           field="record.deal.stock", rule="KW-D1")
    return hands, stock, first


# The engine the game registry (solver/games.py) builds.
STATE = KowahState
