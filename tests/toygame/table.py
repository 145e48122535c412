from __future__ import annotations

import random
from typing import Any

from moneycards.solver.table import (Action, Arg, Outcome, OutcomeKind, TableState, Verb,
                                     says)

from tests.toygame import DECK
from tests.toygame.observation import HighCardObservation
from tests.toygame.rules import HighCardRules


class HighCardVerb(Verb):
    """The one action: play a card of the hand (HC-1)."""

    PLAY = "play", Arg.CARDS


class HighCardState(TableState):
    game = "highcard"
    seats = 2
    deck = DECK
    verb_type = HighCardVerb
    actions_help = "actions are: play CARD"
    end_rule = "HC-2"

    def __init__(self, seed: int | None, rules: HighCardRules, deal: dict[str, Any] | None
                 = None):
        self.seed, self.rules, self.rules_name = seed, rules, rules.preset
        if deal is None:
            faces = list(DECK.faces)
            random.Random(seed).shuffle(faces)
            deal = {"hands": [DECK.render(faces[:3]), DECK.render(faces[3:6])], "leader": 0}
        self.initial = dict(deal)
        self.hands = [DECK.parse(h) for h in deal["hands"]]
        self.leader = int(deal["leader"])
        self.trick: list[tuple[int, Any]] = []
        self.won = [0, 0]
        self.history: list[str] = []
        self.events: list[str] = []
        self.result: Outcome | None = None

    def rules_object(self) -> HighCardRules:
        return self.rules

    def current_seat(self) -> int | None:
        return None if self.is_over else (self.leader + len(self.trick)) % 2

    def _legal(self) -> list[Action]:
        seat = self.current_seat()
        assert seat is not None
        return [self.action(HighCardVerb.PLAY, f) for f in sorted(self.hands[seat])]

    def _diagnose(self, action: Action) -> tuple[str, str]:
        if action.verb != "play":
            return "HC-1", self.actions_help
        return "HC-1", f"{action.arg or 'that card'} is not in the hand"

    def _apply(self, action: Action) -> None:
        seat = self.current_seat()
        assert seat is not None
        card = action.cards[0]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            winner = max(self.trick, key=lambda p: p[1].rank)[0]  # HC-1
            self.won[winner] += 1
            # said with the table's names for its seats ("Ann wins the trick")
            self.events.append(says(winner, "wins the trick"))
            self.trick, self.leader = [], winner
            if not any(self.hands):
                top = 0 if self.won[0] > self.won[1] else 1  # HC-2
                self.result = Outcome(OutcomeKind.WIN, "HC-2", winner=top,
                                      net=(1, -1) if top == 0 else (-1, 1))

    def _observation(self, seat: int) -> HighCardObservation:
        return HighCardObservation(
            seat=seat, to_act=self.current_seat(),
            hand=tuple(f.text for f in sorted(self.hands[seat])),
            trick=tuple(f.text for _, f in self.trick), tricks_won=(self.won[0], self.won[1]),
            legal_actions=tuple(self.legal_texts()) if self.current_seat() == seat else (),
            result=self.result)

    def deal_json(self) -> dict[str, Any]:
        return dict(self.initial)

    def cards_accounted(self) -> bool:
        return sum(len(h) for h in self.hands) + len(self.trick) + 2 * sum(self.won) == 6

    def opening_lines(self) -> list[str]:
        return [f"High card, seed {self.seed}."]

    def result_line(self) -> str:
        r = self.result
        if r is None:
            return ""
        return says(r.winner, f"wins {max(self.won)} tricks to {min(self.won)}")


STATE = HighCardState
