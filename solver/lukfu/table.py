"""A Luk Fu deal (LF-C, LF-L, LF-F, LF-W, LF-K): calls, leads, follows, claims.

Actions: "call play", "call pass", "lead 345m", "follow 9c", "down 2s 3s" (face down),
"claim" (LF-W2, only at the moment of leading) and "end" (the last trick's winner lets
the deal be drawn instead of claiming). The engine's record keeps face-down cards; each
seat's old-card proofs read only its own (LF-O3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from moneycards.solver.cards import Face, counted
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput, clip
from moneycards.solver.lukfu.legal import (CALLS, NO_SETTLEMENT, WIN_FU, check_follow, check_lead,
                                           drawn_at_end, legal_actions, may_claim, settle,
                                           win_points)
from moneycards.solver.lukfu.observation import (LukFuVerb, LukFuObservation, Phase as Phase,
                                                 phase_of)
from moneycards.solver.lukfu.old import Position, prove_old
from moneycards.solver.lukfu.plays import Play, classify
from moneycards.solver.lukfu.rules import SEED_RULES, LukFuRules, lukfu_rules
from moneycards.solver.lukfu import SEATS
from moneycards.solver.lukfu.record import (HAND_SIZE, Action, Record, Trick, public_record,
                                         record_to_json, seat_name)
from moneycards.solver.table import Action as TableAction
from moneycards.solver.table import Outcome, OutcomeKind, TableState, dealt_by, read_deal, says
from moneycards.solver.rulebook import implements


class LukFuState(TableState):
    deck = LUKFU
    verb_type = LukFuVerb
    actions_help = "actions are: call play|pass, lead CARDS, follow CARDS, down CARDS, " \
                   "claim, end"
    game = "lukfu"
    seats = SEATS
    end_rule = "LF-W4"

    @implements("LF-C1", "three seats, each alone, twelve cards each; a random seat is master")
    def __init__(self, seed: int | None = 0, rules: LukFuRules = SEED_RULES,
                 deal: dict[str, Any] | None = None):
        self.seed = seed
        if deal is None:
            rng = random.Random(seed)
            cards = list(LUKFU.faces)
            rng.shuffle(cards)
            hands = [cards[k * HAND_SIZE:(k + 1) * HAND_SIZE] for k in range(SEATS)]
            master = rng.randrange(SEATS)
        else:
            hands, master = _read_deal(deal)
        self.hands = [set(h) for h in hands]
        self.initial = {"hands": [LUKFU.render(h) for h in hands], "master": master}
        self.record_ = Record(master=master, calls=[], tricks=[], rules=rules)
        self.history: list[str] = []
        self.result = None
        self._proofs: dict[tuple[int, int, int], frozenset[Face]] = {}
        self.played_on: set[int] = set()  # seats that led when they could claim (LF-W3)

    @classmethod
    def from_hands(cls, hands: Iterable[str | Iterable[Face]], master: int,
                   rules: LukFuRules = SEED_RULES) -> "LukFuState":
        """A deal with chosen hands (scripted deals and tests)."""
        return cls(None, rules, {"hands": [h if isinstance(h, str) else LUKFU.render(h)
                                           for h in hands], "master": master})

    @property
    def record(self) -> Record:
        return self.record_

    def rules_object(self) -> LukFuRules:
        return self.record_.rules

    @property
    def phase(self) -> Phase:
        """Calls, a lead or a follow: read off the record, which is the whole state."""
        return phase_of(self.record_)

    # -- queries ------------------------------------------------------------------------
    @implements("LF-C2", "the master says play or pass first, then the others in turn order")
    def current_seat(self) -> int | None:
        if self.is_over:
            return None
        rec = self.record_
        if self.phase is Phase.CALL:
            return (rec.master + len(rec.calls)) % SEATS
        return rec.to_act()

    def old_cards(self, seat: int) -> frozenset[Face]:
        rec = self.record_
        key = (seat, len(rec.tricks), sum(len(t.actions) for t in rec.tricks))
        if key not in self._proofs:
            self._proofs[key] = frozenset(prove_old(Position(rec, seat, self.hands[seat])).old)
        return self._proofs[key]

    def claim_total(self, seat: int) -> int:
        """LF-W2: fu won plus old cards held."""
        return self.record_.fu(seat) + len(self.old_cards(seat))

    def _may_claim(self, seat: int) -> bool:
        rec = self.record_
        if rec.fu(seat) + len(self.hands[seat]) < WIN_FU:
            return False  # cannot reach six even if every card were old
        return may_claim(rec.fu(seat), len(self.old_cards(seat)))

    def _legal(self) -> list[TableAction]:
        rec, seat = self.record_, self.current_seat()
        assert seat is not None  # the deal is on
        if self.phase is Phase.CALL:
            return list(CALLS)
        return legal_actions(self.hands[seat], rec.current_best(), rec.role(seat), rec.rules,
                             lambda: self.old_cards(seat), lambda: self._may_claim(seat))

    def _diagnose(self, action: TableAction) -> tuple[str, str]:
        rec, seat = self.record_, self.current_seat()
        assert seat is not None  # the deal is on
        verb, arg = action.verb, action.arg
        if self.phase is Phase.CALL:  # until a seat calls play (LF-C3) or all pass (LF-C4)
            if verb == "call":
                said = f"{clip(arg)!r} is not a call" if arg else "'call' alone is not a call"
                return "LF-C2", f"{said}: this seat says 'call play' or 'call pass'"
            return "LF-C2", "the calls come first: this seat says 'call play' or 'call pass'"
        if verb == "call":
            return "LF-C3", "the calls are over"
        hand = self.hands[seat]
        best = rec.current_best()
        try:
            cards = LUKFU.parse(arg) if arg else []
            LUKFU.counts(cards)  # a card named twice: the deck holds one of each
        except InvalidInput as err:  # a token that is no card of the deck (LF-D1)
            return err.rule or "LF-D1", err.message
        if verb == "claim":
            if best is not None:
                return "R-claim-timing", "a claim is made at the moment of leading"
            olds = counted(len(self.old_cards(seat)), "old cards")
            return "LF-W2", f"fu {rec.fu(seat)} plus {olds} is less than six"
        if verb == "end":
            return "LF-W4", "the deal ends only when the hands have run out"
        if verb in ("lead", "follow") and cards:
            try:
                play = classify(cards)
            except InvalidInput as err:
                return err.rule or "LF-L1", err.message
            if verb == "lead":
                if best is not None:
                    return "LF-F1", f"a trick is in progress: beat {best} or go face down"
                v = check_lead(play, hand, rec.role(seat), self.old_cards(seat), rec.rules)
                return v.rule, v.reason
            if best is None:
                return "LF-L1", "no trick is in progress: this seat leads"
            v = check_follow(play, (), hand, best, rec.rules)
            return v.rule, v.reason
        if verb == "down":
            if best is None:  # face down is a follower's, who cannot beat the play (LF-F1)
                return "LF-F1", "a lead is played face up: cards go face down only from a " \
                                "seat that cannot beat the play it follows"
            v = check_follow(None, cards, hand, best, rec.rules)
            return v.rule, v.reason
        # no action of the game: the rule of the move this seat makes now, a lead or a follow
        return ("LF-L1" if best is None else "LF-F1"), self.actions_help

    # -- transitions --------------------------------------------------------------------
    def _apply(self, action: TableAction) -> None:
        rec, seat = self.record_, self.current_seat()
        assert seat is not None  # the deal is on
        verb, arg = action.verb, action.arg
        if verb == "call":
            rec.calls.append(arg)
            if rec.redeal:
                self.result = Outcome(OutcomeKind.REDEAL, "LF-C4", net=NO_SETTLEMENT)
            return
        if verb == "claim":
            assert rec.caller is not None  # claims come after the calls
            fu = self.claim_total(seat)
            # LF-K3 says who pays (each loser the LF-K2 amount, or a losing caller both)
            self.result = Outcome(OutcomeKind.WIN, "LF-K3",
                                  winner=seat, fu=fu, caller=rec.caller,
                                  net=tuple(settle(fu, seat, rec.caller)))
            return
        if verb == "end":  # the last trick's winner does not claim (LF-W3): no claim is left
            self.result = Outcome(OutcomeKind.DRAWN, "R-claim-timing", net=NO_SETTLEMENT)
            return
        cards = LUKFU.parse(arg)
        if verb == "lead":
            if self._may_claim(seat):
                self.played_on.add(seat)
            rec.tricks.append(Trick(seat, [Action(seat, classify(cards))]))
        elif verb == "follow":
            rec.tricks[-1].actions.append(Action(seat, classify(cards)))
        else:
            rec.tricks[-1].actions.append(Action(seat, None, len(cards), tuple(cards)))
        self.hands[seat] -= set(cards)
        last = rec.tricks[-1]
        if last.complete and not any(self.hands):
            # R-claim-timing: a seat that could have claimed at an earlier lead played on.
            drawn = drawn_at_end(rec.fu(rec.to_act()), rec.to_act() in self.played_on,
                                 bool(self.played_on))
            if drawn is not None:
                self.result = Outcome(OutcomeKind.DRAWN, drawn, net=NO_SETTLEMENT)

    def over_rule(self) -> str:
        r = self.result
        assert r is not None
        return "LF-W2" if r.kind is OutcomeKind.WIN else r.rule

    # -- views --------------------------------------------------------------------------
    def _observation(self, seat: int) -> LukFuObservation:
        rec = self.record_
        seen = public_record(rec, seat)  # its own face-down cards only (LF-F1)
        public = record_to_json(seen)
        del public["game"]
        return LukFuObservation(
            seat=seat, to_act=self.current_seat(), phase=self.phase,
            hand=tuple(sorted(self.hands[seat])), hand_sizes=tuple(len(h) for h in self.hands),
            record_json=public, record=seen, caller=rec.caller,
            fu=tuple(rec.fu(s) for s in range(SEATS)),
            legal_actions=tuple(self.legal_texts()) if self.current_seat() == seat else (),
            result=self.result,
        )

    def deal_json(self) -> dict[str, Any]:
        return dict(self.initial)

    def cards_accounted(self) -> bool:
        out = [f for h in self.hands for f in h]
        for trick in self.record_.tricks:
            for a in trick.actions:
                out += a.cards()
        return sorted(out) == sorted(LUKFU.faces)

    def public_text(self, action: TableAction) -> str:
        """Face-down cards are seen by no one else (LF-F1): only how many went down."""
        if action.verb == "down":
            n = len(action.cards)
            return f"down {counted(n, 'cards')}"
        return action.text

    def describe(self, action: str, seat: int) -> str:
        return f"{seat_name(seat)}: {action}"

    def opening_lines(self) -> list[str]:
        lines = [f"Luk Fu deal, {dealt_by(self.seed)}; master {seat_name(self.record_.master)}."]
        lines += [f"  {seat_name(s)}: {LUKFU.render(h)}" for s, h in enumerate(self.hands)]
        return lines

    def narration_mark(self) -> tuple[bool, int, bool, bool]:
        """Whether the calls were open, the tricks begun, whether the last was complete,
        whether the deal was on."""
        rec = self.record_
        return (rec.caller is None, len(rec.tricks),
                bool(rec.tricks) and rec.tricks[-1].complete, self.result is None)

    def after_lines(self, mark: tuple[bool, int, bool, bool]) -> list[str]:
        calls_open, tricks, last_complete, was_on = mark
        rec, out = self.record_, []
        if rec.caller is not None and calls_open:
            leads = says(rec.master, "leads")  # after the semicolon: "you lead", lower case
            out.append(f"{says(rec.caller, 'is')} the caller; "
                       f"{'you' + leads[3:] if leads.startswith('You ') else leads}")
        if rec.tricks and rec.tricks[-1].complete and tricks == len(rec.tricks) \
                and not last_complete:
            winner, best = rec.tricks[-1].best()
            out.append(f"trick {len(rec.tricks)} to {seat_name(winner)} with {best}: "
                       f"{best.size} fu, {rec.fu(winner)} in all")
        r = self.result
        if was_on and r is not None:  # how the deal ended, as the other games say it
            out.append(self._ending_line(r))
        return out

    def _drawn_why(self) -> str:
        """Why the drawn deal is drawn, with its rule: no seat reached six fu (LF-W4); or one
        did and has no claim now (R-claim-timing): it played on past its claim, or the last
        trick's winner did not claim."""
        r = self.result
        assert r is not None and r.kind is OutcomeKind.DRAWN
        last = self.record_.to_act()
        if r.rule != "R-claim-timing" or last is None:
            return "the hands ran out and no one reached six fu (LF-W4)"
        if self.history[-1:] == ["end"]:
            return f"{says(last, 'wins')} the last trick and does not claim (R-claim-timing)"
        if last in self.played_on:
            return (f"{says(last, 'wins')} the last trick, but it played on past a claim, so "
                    f"it has none now (R-claim-timing)")
        who = " and ".join(seat_name(s) for s in sorted(self.played_on))
        return (f"{who} could claim and played on instead, so "
                f"{'it has' if len(self.played_on) == 1 else 'they have'} no claim now "
                f"(R-claim-timing)")

    def _ending_line(self, r: Outcome) -> str:
        if r.kind is OutcomeKind.WIN:
            assert r.winner is not None and r.fu is not None
            points = win_points(r.fu)
            # "1 point" beside the winner's +2 read as a contradiction: a loser's share each
            pays = (f" a loser, the caller paying both shares ({2 * points})"
                    if r.caller is not None and r.caller != r.winner else " from each loser")
            return f"{says(r.winner, 'wins')} with {r.fu} fu: {points} " \
                   f"{'point' if points == 1 else 'points'}{pays}"
        if r.kind is OutcomeKind.REDEAL:
            return "three passes: the cards are to be dealt again (LF-C4)"
        return f"the deal is drawn: {self._drawn_why()}"

    def result_line(self) -> str:
        r = self.result
        if r is None:
            return "The record ends before the deal does."
        if r.kind is OutcomeKind.REDEAL:
            # What follows is the table's to say: a match's next deal is the new one, and
            # none follows the last deal of a match or a table of one deal
            return ("Three passes: the cards are to be dealt again (LF-C4); this deal "
                    "settles 0 for everyone (R-settle-zero).")
        if r.kind is OutcomeKind.DRAWN:
            return f"Drawn: {self._drawn_why()}; everyone settles 0 (R-settle-zero)."
        assert r.winner is not None and r.net is not None and r.fu is not None  # a claim
        net = ", ".join(f"{seat_name(s)} {n:+d}" for s, n in enumerate(r.net))
        points = win_points(r.fu)
        # who pays what, said: "1 point" beside a winner's +2 read as a contradiction
        caller = self.record_.caller
        pays = (f"; the caller, {seat_name(caller)}, lost and pays both losers' shares"
                if caller is not None and caller != r.winner else ", which each loser pays")
        return (f"{says(r.winner, 'claims')} with {r.fu} fu, {points} "
                f"{'point' if points == 1 else 'points'} (LF-K2){pays} ({r.rule}): {net}.")


def _read_deal(deal: dict[str, Any]) -> tuple[list[list[Face]], int]:
    hands, _, master = read_deal(deal, LUKFU, "master", SEATS, stock=False)
    if isinstance(deal, dict) and deal.get("stock"):  # LF-C1: the 36 cards are all dealt
        raise InvalidInput("a Luk Fu deal has no stock: three hands of twelve hold all 36 "
                           "cards", field="record.deal.stock", rule="LF-C1")
    for k, h in enumerate(hands):
        LUKFU.counts(h, field=f"record.deal.hands[{k}]")  # a card twice in a hand (LF-D1)
    LUKFU.counts([f for h in hands for f in h], field="record.deal.hands")  # or in two
    for k, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise InvalidInput(f"three hands of twelve that together hold the 36 cards; this "
                               f"one has {len(h)}", field=f"record.deal.hands[{k}]", rule="LF-C1")
    if sorted(f for h in hands for f in h) != sorted(LUKFU.faces):
        raise InvalidInput("three hands of twelve that together hold the 36 cards",
                           field="record.deal.hands", rule="LF-C1")
    return hands, master


def random_deal(seed: int, rules: LukFuRules = SEED_RULES, *, claim_prob: float = 0.5,
                on_step: Callable[[LukFuState], object] | None = None) -> LukFuState:
    """Play a deal with uniformly random legal actions (claims taken with claim_prob)."""
    rng = random.Random(seed * 7919 + 1)
    state = LukFuState(seed, rules)
    while not state.is_over:
        acts = state.legal_texts()
        if "claim" in acts and rng.random() < claim_prob:
            act = "claim"
        else:
            act = rng.choice([a for a in acts if a != "claim"] or acts)
        state.apply(act)
        if on_step:
            on_step(state)
    return state


__all__ = ["LukFuState", "random_deal", "lukfu_rules", "Play"]


# The engine the game registry (solver/games.py) builds.
STATE = LukFuState
