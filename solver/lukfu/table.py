"""A Luk Fu deal as a state machine: calls, leads, follows, claims (LF-C, LF-L, LF-F, LF-W).

The state holds every hand; the record it keeps is the public one plus face-down cards,
which the old-card proofs of each seat read only for that seat (LF-O3). Actions are
tuples: ("call", "play"|"pass"), ("lead", Play), ("follow", Play), ("down", faces),
("claim",), ("end",).
"""

from __future__ import annotations

import random
from itertools import combinations

from solver.cards import LUKFU, Face
from solver.errors import InvalidInput
from solver.lukfu.legal import WIN_FU, check_lead, settle
from solver.lukfu.old import Position, prove_old
from solver.lukfu.plays import SEED_RULES, LukFuRules, Play, beating_plays, plays_in
from solver.lukfu.record import HAND_SIZE, SEATS, Action, Record, Trick


class IllegalAction(InvalidInput):
    """An action the rules do not allow now; the state is left as it was."""


class LukFuState:
    def __init__(self, seed: int, rules: LukFuRules = SEED_RULES):
        rng = random.Random(seed)
        deck = list(LUKFU.faces)
        rng.shuffle(deck)
        self.seed = seed
        self.hands = [set(deck[k * HAND_SIZE:(k + 1) * HAND_SIZE]) for k in range(SEATS)]
        self.record = Record(master=rng.randrange(SEATS), calls=[], tricks=[], rules=rules)
        self.result: dict | None = None
        self._proofs: dict[tuple, frozenset] = {}

    @classmethod
    def from_hands(cls, hands, master: int, rules: LukFuRules = SEED_RULES) -> "LukFuState":
        """A deal with chosen hands (scripted deals and tests)."""
        hands = [set(LUKFU.parse(h) if isinstance(h, str) else h) for h in hands]
        if len(hands) != SEATS or any(len(h) != HAND_SIZE for h in hands) or \
                set().union(*hands) != set(LUKFU.faces):
            raise InvalidInput("three hands of twelve that together hold the 36 cards",
                               field="hands", rule="LF-C1")
        state = cls(0, rules)
        state.hands = hands
        state.record = Record(master=master, calls=[], tricks=[], rules=rules)
        return state

    # -- queries ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.result is not None

    def current_seat(self) -> int:
        rec = self.record
        if rec.caller is None:
            return (rec.master + len(rec.calls)) % SEATS
        return rec.to_act()  # type: ignore[return-value]

    def old_cards(self, seat: int) -> frozenset[Face]:
        key = (seat, len(self.record.tricks), sum(len(t.actions) for t in self.record.tricks))
        if key not in self._proofs:
            pos = Position(self.record, seat, self.hands[seat])
            self._proofs[key] = frozenset(prove_old(pos).old)
        return self._proofs[key]

    def claim_total(self, seat: int) -> int:
        """LF-W2: fu won plus old cards held."""
        return self.record.fu(seat) + len(self.old_cards(seat))

    def legal_actions(self) -> list[tuple]:
        if self.is_over:
            return []
        rec, seat = self.record, self.current_seat()
        if rec.caller is None:
            return [("call", "play"), ("call", "pass")]
        hand = self.hands[seat]
        best = rec.current_best()
        if best is not None:
            able = beating_plays(hand, best, rec.rules)
            if able:
                return [("follow", p) for p in able]
            return [("down", tuple(c)) for c in combinations(sorted(hand), best.size)]
        acts: list[tuple] = []
        if rec.fu(seat) + len(hand) >= WIN_FU and self.claim_total(seat) >= WIN_FU:
            acts.append(("claim",))
        if not hand:
            return acts + [("end",)]
        old = self.old_cards(seat)
        role = rec.role(seat)
        acts += [("lead", p) for p in plays_in(hand)
                 if check_lead(p, hand, role, old, rec.rules).legal]
        return acts

    # -- actions ------------------------------------------------------------------------
    def apply(self, action: tuple) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not a legal action for seat "
                                f"{self.current_seat()} now", field="action")
        rec, seat = self.record, self.current_seat()
        kind = action[0]
        if kind == "call":
            rec.calls.append(action[1])
            if rec.redeal:
                self.result = {"outcome": "redeal", "net": [0, 0, 0]}  # LF-C4, R-settle-zero
        elif kind == "claim":
            fu = self.claim_total(seat)
            self.result = {"outcome": "win", "winner": seat, "fu": fu,
                           "net": settle(fu, seat, rec.caller)}
        elif kind == "end":
            self.result = {"outcome": "drawn", "net": [0, 0, 0]}  # LF-W4
        elif kind == "lead":
            rec.tricks.append(Trick(seat, [Action(seat, action[1])]))
            self.hands[seat] -= set(action[1].cards)
        elif kind == "follow":
            rec.tricks[-1].actions.append(Action(seat, action[1]))
            self.hands[seat] -= set(action[1].cards)
        elif kind == "down":
            cards = tuple(action[1])
            rec.tricks[-1].actions.append(Action(seat, None, len(cards), cards))
            self.hands[seat] -= set(cards)
        if not self.is_over and rec.tricks and rec.tricks[-1].complete and \
                not any(self.hands) and rec.fu(rec.to_act()) < WIN_FU:
            self.result = {"outcome": "drawn", "net": [0, 0, 0]}  # LF-W4, R-claim-timing


def random_deal(seed: int, rules: LukFuRules = SEED_RULES, *, claim_prob: float = 0.5,
                on_step=None) -> LukFuState:
    """Play a deal with uniformly random legal actions (claims taken with claim_prob)."""
    rng = random.Random(seed * 7919 + 1)
    state = LukFuState(seed, rules)
    while not state.is_over:
        acts = state.legal_actions()
        if ("claim",) in acts and rng.random() < claim_prob:
            act = ("claim",)
        else:
            choices = [a for a in acts if a != ("claim",)] or acts
            act = rng.choice(choices)
        state.apply(act)
        if on_step:
            on_step(state)
    return state

