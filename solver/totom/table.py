"""A Tổ Tôm deal (TT-S, TT-T, TT-C, TT-P) scored through the hand checker (TT-K).

Actions: "discard 5c"; "capture 5s" (pair the offered card with the hand card 5s, then
discard); "pass" (let the offered card go; pass and expose the top stock card at one's own
doorway, or pass one's exposed stock card to the next seat); "win", "chiu", "decline" in
a claim window. Claim windows open on every public card (TT-P1, TT-P2): the seats that
may claim are asked in priority order — wins first, then Chíu, each in seat order from the
doorway where the card lies (TT-P3) — and the first to claim takes the card.

A win is judged on the seat's twenty cards, concealed and exposed, by the same checker as
`moneycards totom check` (TT-W3 counting).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput
from moneycards.solver.rulebook import implements
from moneycards.solver.table import (Action, Arg, Outcome, OutcomeKind, TableState,
                                     dealt_by, make_action, possessive, read_deal, says,
                                     seat_label)
from moneycards.solver.totom import rules as rules_mod
from moneycards.solver.totom import observation as ob
from moneycards.solver.totom.check import HandVerdict, check_hand
from moneycards.solver.totom.exact import partition_exact
from moneycards.solver.totom.legal import (breaks_a_pair, ca_in_rank, chan_only,
                                           completes_a_discarded_ca, declined_before,
                                           discarded_a_ca, last_single, let_go_before,
                                           no_discard_left, not_partners)
from moneycards.solver.totom.rules import TotomRules
from moneycards.solver.totom.observation import TotomVerb as V, Phase as Phase, TotomObservation
from moneycards.solver.totom.shapes import MIN_CHAN, partners_of
from moneycards.solver.totom.scoring import (VIA_CHIU, VIA_OWN_DOOR, VIA_STOCK, WinContext,
                                             settle)
from moneycards.solver.totom import SEATS, NF


VIA_THIEN_U = "thien-u"  # TT-W7: won on the dealt twenty, before any discard
# How a win came, in words (a result's `via` is a key for programs, never shown).
VIA_WORDS = {VIA_OWN_DOOR: "own stock card", VIA_STOCK: "stock card", VIA_CHIU: "Chíu",
             VIA_THIEN_U: "Thiên ù"}


@dataclass
class Memory:
    """What each capture restriction needs to remember about one seat (TT-C3–C8)."""

    declined_chan: set[Face] = field(default_factory=set)  # TT-C3
    discarded: set[Face] = field(default_factory=set)  # TT-C4, TT-C7, TT-C8
    ca_from_hand: set[Face] = field(default_factory=set)  # TT-C4
    captured: set[Face] = field(default_factory=set)  # traditional: no discard of a captured face
    captured_ca: bool = False  # TT-C8
    last_capture_ca_rank: int | None = None  # traditional: no same-rank discard after a Cạ


@implements("TT-T1", "a card is offered to the next seat by a discard or a passed stock card")
@dataclass
class Offer:
    card: Face
    seat: int  # the seat the card is offered to
    kind: str  # "discard", "exposed" (own stock card), "passed" (previous seat's stock card)
    door: int  # the doorway where it lies


# Every action a deal can list, made once: the verbs alone, and a discard or a capture of
# each face.
_SAID = {v: make_action(TOTOM, v) for v in V if v.arg is Arg.NONE}
_DISCARDS = {f: make_action(TOTOM, V.DISCARD, f) for f in TOTOM.faces}
_CAPTURES = {f: make_action(TOTOM, V.CAPTURE, f) for f in TOTOM.faces}


class TotomState(TableState):
    deck = TOTOM
    verb_type = V
    actions_help = "actions are: discard CARD, capture CARD, pass, win, chiu, decline"
    game = "totom"
    seats = SEATS
    end_rule = "TT-T4"

    @implements("TT-S1", "four seats in turn order; a random seat deals")
    def __init__(self, seed: int | None = 0, rules: TotomRules = rules_mod.SEED,
                 deal: dict[str, Any] | None = None):
        self.seed, self.rules = seed, rules
        self.rules_name = rules.preset
        if deal is None:
            rng = random.Random(seed)
            cards = [f for f in TOTOM.faces for _ in range(TOTOM.copies)]
            rng.shuffle(cards)
            dealer = rng.randrange(SEATS)
            hands, k = [], 0
            for n in hand_sizes(dealer):
                hands.append(cards[k:k + n])
                k += n
            stock = cards[k:]
        else:
            hands, stock, dealer = _read_deal(deal)
        self.dealer = dealer
        self.initial = {"hands": [TOTOM.render(h) for h in hands],
                        "stock": " ".join(f.text for f in stock), "dealer": dealer}
        self.hands = [list(TOTOM.counts(h)) for h in hands]
        self.opening = [tuple(h) for h in self.hands]
        self.exposed: list[list[tuple[Face, ...]]] = [[] for _ in range(SEATS)]
        self.stock: list[Face] = list(stock)
        self.dead: list[tuple[int, Face]] = []
        self.memory = [Memory() for _ in range(SEATS)]
        self.dead_hand: set[int] = set()
        self.history: list[str] = []
        self.events: list[str] = []
        self.result = None
        self.win_verdict: HandVerdict | None = None
        self.stock_exposed = 0
        self.phase: Phase = Phase.OPENING  # the dealer: Thiên ù or its first discard
        self.seat = dealer
        self.offer: Offer | None = None
        self.claims: list[tuple[int, str]] = []
        self.return_to: int | None = None  # TT-P4: where a Chíu claimant's discard goes
        if not self._discards(dealer) and not self._wins_with(dealer, None):
            self._make_dead(dealer)

    # -- helpers ------------------------------------------------------------------------
    def current_seat(self) -> int | None:
        if self.is_over:
            return None
        if self.phase is Phase.CLAIMS:
            return self.claims[0][0]
        return self.seat

    def twenty(self, seat: int, extra: Face | None) -> list[int]:
        counts = list(self.hands[seat])
        for group in self.exposed[seat]:
            for f in group:
                counts[TOTOM.index(f)] += 1
        if extra is not None:
            counts[TOTOM.index(extra)] += 1
        return counts

    def _verdict(self, seat: int, card: Face | None, via: str | None,
                 thien_u: bool = False) -> HandVerdict:
        ctx = WinContext(win_card=card, via=via, thien_u=thien_u, opening=self.opening[seat],
                         first_stock=card is not None and via in (VIA_OWN_DOOR, VIA_STOCK)
                         and self.stock_exposed == 1,
                         won_previous=self.previous_winner == seat)  # Thông, R-match
        return check_hand(self.twenty(seat, card if not thien_u else None), ctx, self.rules,
                          engine="exact")

    @implements("TT-W7", "Thiên ù: the dealer's twenty dealt cards may win before any discard")
    def _wins_with(self, seat: int, card: Face | None) -> bool:
        if seat in self.dead_hand:
            return False
        if card is None:  # the dealer's opening twenty (TT-W7)
            return sum(self.hands[seat]) == 20 and self._verdict(seat, None, None, True).wins
        via = VIA_OWN_DOOR if self.offer and self.offer.door == seat else VIA_STOCK
        return self._verdict(seat, card, via).wins

    def _discards(self, seat: int) -> list[Face]:
        """Faces the seat may discard now (TT-C2, TT-C3, TT-C8, traditional switches)."""
        return [f for f in TOTOM.faces if self._discard_rule(seat, f) is None]

    def _discard_rule(self, seat: int, f: Face, hand: Sequence[int] | None = None,
                      mem: Memory | None = None
                      ) -> tuple[str, str] | None:
        hand = hand or self.hands[seat]
        mem = mem or self.memory[seat]
        n = hand[TOTOM.index(f)]
        if n == 0:
            return "TT-T2", f"{f} is not in the concealed hand"
        refusal = breaks_a_pair(f, n) or declined_before(f, mem.declined_chan) \
            or completes_a_discarded_ca(f, mem.discarded, mem.captured_ca)
        if refusal:
            return refusal
        # Traditional errors the page lacks: no rule id of theirs, so the preset is cited.
        if self.rules.no_discard_of_captured_face and f in mem.captured:
            return "traditional", (f"a seat may not discard a face it captured this deal "
                                   f"({f}; a traditional error, switch "
                                   f"no_discard_of_captured_face)")
        # (Under TT-C2 and TT-C5 no hand holds a discardable card of the rank of a Cạ just
        # captured: a second card of it would have been a concealed Cạ, which bars the
        # capture. The switch is kept for the traditional list; it refuses nothing more.)
        if self.rules.no_same_rank_discard_after_ca and mem.last_capture_ca_rank == f.rank:
            return "traditional", (f"after a Cạ capture no discard of the same rank ({f}; a "
                                   f"traditional error, switch no_same_rank_discard_after_ca)")
        return None

    def _capture_rule(self, seat: int, card: Face, h: Face) -> tuple[str, str] | None:
        """Why capturing `card` with the hand card `h` is illegal, or None (TT-C1–C9)."""
        hand, mem = self.hands[seat], self.memory[seat]
        idx = TOTOM.index
        if seat in self.dead_hand:
            return "TT-S4", "a dead hand never captures"
        if hand[idx(h)] == 0:
            if h == card:  # the offered card named: a capture names the hand card it pairs
                ways = self._captures(seat, card)
                named = " or ".join(f"'capture {w}'" for w in ways)
                tail = f": {named}" if ways else "; no hand card may capture it"
                return "TT-T2", (f"a capture names the hand card that takes {card}, and {h} "
                                 f"is not in the concealed hand{tail}")
            return "TT-T2", f"{h} is not in the concealed hand"
        chan = h == card
        refusal = not_partners(card, h) \
            or let_go_before(card, mem.discarded, mem.ca_from_hand)
        if refusal:
            return refusal
        if not chan:
            refusal = chan_only(card, h, hand[idx(card)]) or breaks_a_pair(h, hand[idx(h)]) \
                or declined_before(h, mem.declined_chan)
            if refusal:
                return refusal
            # TT-C5, TT-C6 read the concealed hand as for a win (TT-W3).
            part = partition_exact(hand)
            refusal = ca_in_rank(card, part) or last_single(part) \
                or discarded_a_ca(mem.discarded)
            if refusal:
                return refusal
        after = list(hand)
        after[idx(h)] -= 1
        mem_after = replace(mem, captured=mem.captured | {card}, captured_ca=mem.captured_ca
                            or not chan, last_capture_ca_rank=None if chan else card.rank)
        return no_discard_left(
            after, lambda f: self._discard_rule(seat, f, after, mem_after) is None)

    def _captures(self, seat: int, card: Face) -> list[Face]:
        # Only a face that pairs the card can capture it (TT-W1): the rules are asked about
        # those alone, in deck order.
        hand = self.hands[seat]
        return [h for h in partners_of(card) if hand[TOTOM.index(h)]
                and self._capture_rule(seat, card, h) is None]

    # -- legal actions ------------------------------------------------------------------
    @implements("TT-P5", "a seat may decline a Chíu (declining a win: R-decline-win)")
    @implements("TT-S3", "the dealer opens: a Thiên ù, else the first discard")
    def _legal(self) -> list[Action]:
        s = self.current_seat()
        assert s is not None  # the deal is on
        if self.phase is Phase.OPENING:
            acts = [_SAID[V.WIN]] if self._wins_with(s, None) else []
            disc = [_DISCARDS[f] for f in self._discards(s)]
            if acts and not self.rules.must_take_win:
                acts += disc or [_SAID[V.DECLINE]]
            return acts or disc
        if self.phase is Phase.DISCARD:
            return [_DISCARDS[f] for f in self._discards(s)]
        if self.phase is Phase.CLAIMS:
            kind = V(self.claims[0][1])
            must = (kind is V.WIN and self.rules.must_take_win) or \
                   (kind is V.CHIU and self.rules.must_chiu)
            return [_SAID[kind]] if must else [_SAID[kind], _SAID[V.DECLINE]]
        return self._offer_actions(s)

    def _offer_actions(self, s: int) -> list[Action]:
        """Capture the offered card with a hand card, or pass (TT-T2, TT-T3)."""
        o = self.offer
        assert o is not None  # the offer phase
        caps = [] if s in self.dead_hand else [_CAPTURES[h] for h in self._captures(s, o.card)]
        return caps + [_SAID[V.PASS]]

    def _diagnose(self, action: Action) -> tuple[str, str]:
        verb, arg = action.verb, action.arg
        s = self.current_seat()
        assert s is not None  # the deal is on
        try:
            cards = TOTOM.parse(arg) if arg else []
        except InvalidInput as err:  # a token that is no card of the deck (TT-D1)
            return err.rule or "TT-D1", err.message
        if verb in ("discard", "capture") and len(cards) > 1:
            return "TT-T2", f"a {verb} names one card of the hand, not {len(cards)}"
        card = cards[0] if cards else None
        if self.phase is Phase.CLAIMS:
            kind = self.claims[0][1]
            if verb == "win" and kind == "chiu" and self.offer is not None and \
                    self.offer.kind == "discard":  # R-wrong-win: not a card won on
                return "TT-W6", ("a hand discard never wins; the window open is for a Chíu: "
                                 "chiu or decline")
            if verb == "decline":
                if kind == "win":
                    return "R-decline-win", "the rules switch makes this win compulsory"
                # TT-P5 lets a seat decline a Chíu; the switch is a traditional error
                return "traditional", ("a seat holding three identical must Chíu the "
                                       "fourth (a traditional error, switch must_chiu)")
            return "TT-P3", f"a claim window is open: {kind} or decline"
        if verb == "win":
            if self.phase is Phase.OPENING:
                v = self._verdict(s, None, None, True)
                if not v.violations:
                    return "TT-W7", "the dealer's twenty do not win"
                return _no_win(v, "the dealer's twenty do not win")
            o = self.offer
            if self.phase is Phase.OFFER and o is not None and o.kind != "discard":
                if s in self.dead_hand:
                    return "TT-S4", "a dead hand never wins"
                # R-wrong-win: the card may be won on, but it does not complete the hand.
                v = self._verdict(s, o.card, VIA_OWN_DOOR if o.door == s else VIA_STOCK)
                if v.wins:
                    return "R-decline-win", f"the win on {o.card} was declined when it was offered"
                return _no_win(v, f"{o.card} does not complete the hand")
            return "TT-W6", "a win is claimed only on an exposed stock card or by a Chíu"
        if self.phase is Phase.OPENING and verb in ("decline", "discard") and \
                self.rules.must_take_win and self._wins_with(s, None):
            return "R-decline-win", ("the dealer's twenty win (Thiên ù), and the rules "
                                     "switch makes this win compulsory")
        if verb in ("chiu", "decline"):
            return "TT-P2", "no claim window is open for this seat"
        if verb in ("discard", "capture") and card is None:
            return "TT-T2", f"'{verb}' names a card of the hand (e.g. '{verb} 5s')"
        if verb == "discard" and card is not None:
            if self.phase not in (Phase.DISCARD, Phase.OPENING):
                return "TT-T2", "a discard follows a capture (or opens the deal)"
            return self._discard_rule(s, card) or ("TT-T2", "not a legal discard")
        if verb == "capture" and card is not None:
            if self.phase is not Phase.OFFER:
                return "TT-T2", "only an offered card is captured"
            assert self.offer is not None  # the offer phase
            return self._capture_rule(s, self.offer.card, card) or ("TT-T2", "not legal")
        if verb == "pass":
            if self.phase is Phase.DISCARD:
                return "TT-T2", "after a capture the seat discards"
            return "TT-S3", "the dealer opens by discarding"
        return "TT-T2", self.actions_help

    # -- transitions --------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        verb, arg = action.verb, action.arg
        s = self.current_seat()
        assert s is not None  # the deal is on
        if verb == "win":
            self._finish_win(s)
        elif verb == "decline":
            if self.phase is Phase.OPENING:
                self._make_dead(s)
            else:
                self.claims.pop(0)
                if not self.claims:
                    assert self.offer is not None  # the claims were on the offer
                    self.phase = Phase.OFFER
                    self.seat = self.offer.seat
        elif verb == "chiu":
            self._chiu(s)
        elif verb == "discard":
            self._discard(s, TOTOM.parse(arg)[0])
        elif verb == "capture":
            self._capture(s, TOTOM.parse(arg)[0])
        elif verb == "pass":
            self._pass(s)

    def _discard(self, s: int, f: Face) -> None:
        self.hands[s][TOTOM.index(f)] -= 1
        self.memory[s].discarded.add(f)
        self.memory[s].last_capture_ca_rank = None
        to = self.return_to if self.return_to is not None else (s + 1) % SEATS
        if self.return_to is not None:  # said where it lies: not the next seat's doorway
            self.events.append(f"{f} goes back to {possessive(seat_label(to))} doorway "
                               f"(TT-P4)")
        self.return_to = None
        self.offer = Offer(f, to, "discard", to)
        # A discard never wins directly (TT-W6); a Chíu on it may (TT-P6).
        self._open_claims(exclude=s, wins=False)

    @implements("TT-T2", "capture: pair the offered card with a hand card, expose, discard")
    def _capture(self, s: int, h: Face) -> None:
        assert self.offer is not None  # the offer phase
        card, mem = self.offer.card, self.memory[s]
        self.hands[s][TOTOM.index(h)] -= 1
        self.exposed[s].append((h, card))
        mem.captured.add(card)
        if h != card:
            mem.captured_ca = True
            mem.ca_from_hand.add(h)
            mem.last_capture_ca_rank = card.rank
        # The action names the hand card; the line says which card was taken too, or
        # "capture 9s" reads as the card captured.
        self.events.append(f"{says(s, 'exposes')} {TOTOM.render([h, card])}, taking {card}")
        self.offer = None
        self.phase, self.seat = Phase.DISCARD, s

    @implements("TT-T3", "pass: let the card go and expose the top stock card at one's door")
    def _pass(self, s: int) -> None:
        o = self.offer
        assert o is not None  # the offer phase
        if s not in self.dead_hand and any(h == o.card for h in self._captures(s, o.card)):
            self.memory[s].declined_chan.add(o.card)  # TT-C3
        if o.kind == "exposed":  # TT-T3: a passed stock card goes on to the next seat
            nxt = (s + 1) % SEATS
            self.offer = Offer(o.card, nxt, "passed", nxt)
            self.seat = nxt
            return
        self.dead.append((s, o.card))
        self.offer = None
        self._expose(s)

    @implements("TT-T4", "the stock empty and no one won, the deal is drawn")
    def _expose(self, s: int) -> None:
        if not self.stock:
            self.result = Outcome(OutcomeKind.DRAWN, "TT-T4", net=(0,) * SEATS)
            self.events.append("the stock is empty: the deal is drawn (TT-T4)")
            return
        card = self.stock.pop(0)
        self.stock_exposed += 1
        self.events.append(f"{says(s, 'exposes')} {card} from the stock")
        self.offer = Offer(card, s, "exposed", s)
        self._open_claims(exclude=None, wins=True)

    @implements("TT-P3", "win first, then Chíu, then capture; ties in seat order from the door")
    @implements("TT-P1", "every seat whose hand an exposed stock card completes may claim it")
    def _open_claims(self, exclude: int | None, wins: bool) -> None:
        o = self.offer
        assert o is not None  # claims open on an offered card
        order = [(o.door + k) % SEATS for k in range(SEATS)]
        order = [x for x in order if x != exclude and x not in self.dead_hand]
        queue = []
        if wins:
            queue += [(x, "win") for x in order if self._wins_with(x, o.card)]
        queue += [(x, "chiu") for x in order if self._chiu_ok(x, o.card)]
        self.claims = queue
        self.phase = Phase.CLAIMS if queue else Phase.OFFER
        self.seat = o.seat

    @implements("TT-P2", "three identical concealed cards may claim the public fourth: a Chíu")
    def _chiu_ok(self, seat: int, card: Face) -> bool:
        """TT-P2 with TT-C9: three concealed copies, and after the Chíu either the hand wins
        (TT-P6) or a legal discard remains."""
        i = TOTOM.index(card)
        if self.hands[seat][i] != 3:
            return False
        after = list(self.hands[seat])
        after[i] = 0
        mem = self.memory[seat]
        mem_after = replace(mem, captured=mem.captured | {card}, last_capture_ca_rank=None)
        if no_discard_left(
                after, lambda f: self._discard_rule(seat, f, after, mem_after) is None) is None:
            return True
        counts = self.twenty(seat, card)
        return check_hand(counts, WinContext(win_card=card, via=VIA_CHIU), self.rules,
                          engine="exact").wins

    @implements("TT-P4", "after a Chíu the claimant's discard goes back to the interrupted door")
    def _chiu(self, c: int) -> None:
        o = self.offer
        assert o is not None  # a Chíu claims the offered card
        self.hands[c][TOTOM.index(o.card)] -= 3
        self.exposed[c].append((o.card,) * 4)
        self.memory[c].captured.add(o.card)
        self.events.append(f"{says(c, 'claims')} a Chíu: {TOTOM.render([o.card] * 4)}")
        self.claims = []
        self.offer = None  # the card is in the claimant's Chíu now
        if self._verdict_chiu(c, o).wins:
            self._finish_win(c, chiu=o)  # TT-P6
            return
        # TT-P4: the claimant discards; the discard goes back to the interrupted doorway.
        self.return_to = o.seat if o.seat != c else None
        self.phase, self.seat = Phase.DISCARD, c

    @implements("TT-P6", "a Chíu that completes the hand wins; the cards decide its score")
    def _verdict_chiu(self, seat: int, offer: Offer) -> HandVerdict:
        """The twenty cards after a Chíu (the fourth copy is already exposed). The claim
        does not change the score (TT-P6): a Chíu on a stock card is scored as a win on
        that card (Ù chì at the seat's own doorway, Địa ù on the first one)."""
        via = VIA_CHIU
        if offer.kind != "discard":
            via = VIA_OWN_DOOR if offer.door == seat else VIA_STOCK
        return check_hand(self.twenty(seat, None), WinContext(
            win_card=offer.card, via=via, opening=self.opening[seat],
            first_stock=via != VIA_CHIU and self.stock_exposed == 1,
            won_previous=self.previous_winner == seat), self.rules,
            engine="exact")

    def _finish_win(self, s: int, chiu: Offer | None = None) -> None:
        card, via = None, None
        if self.phase is Phase.OPENING:
            v = self._verdict(s, None, None, True)
        elif chiu is not None:
            v = self._verdict_chiu(s, chiu)
            card, via = chiu.card, VIA_CHIU
        else:
            assert self.offer is not None  # a win on the offered card
            card = self.offer.card
            via = VIA_OWN_DOOR if self.offer.door == s else VIA_STOCK
            v = self._verdict(s, card, via)
        self.win_verdict = v  # the winner's hand, partition and score, for explaining
        self.result = Outcome(OutcomeKind.WIN, "TT-K7", winner=s,
                              card=card.text if card else None, via=via or VIA_THIEN_U,
                              points=v.points, bonuses=tuple(v.to_dict()["bonuses"]),
                              net=settle(v.points, s))
        self.events.append(f"{says(s, 'wins')}: {v.points} points")

    def over_rule(self) -> str:
        r = self.result
        if r is None or r.kind is not OutcomeKind.WIN:
            return self.end_rule
        return {VIA_THIEN_U: "TT-W7", VIA_CHIU: "TT-P6"}.get(r.via or "", "TT-P1")

    @implements("R-dead-hand", "kept though tradition has none: a declined or blocked Thiên ù")
    @implements("TT-S4", "a dealer with no legal opening discard nor Thiên ù is a dead hand")
    def _make_dead(self, s: int) -> None:
        """TT-S4: the dealer only exposes stock cards in its turns."""
        self.dead_hand.add(s)
        self.events.append(f"{says(s, 'is')} a dead hand for this deal (TT-S4)")
        self.phase = Phase.OFFER
        self._expose(s)

    # -- views --------------------------------------------------------------------------
    privacy_rule = "R-claim-privacy"  # who is asked about a win or a Chíu is private

    @implements("R-claim-privacy", "who is asked about a claim is private; a decline leaves "
                                   "no trace")
    def private_decline(self) -> str | None:
        """A seat asked about a win or a Chíu may decline, and no one else may learn it was
        asked (R-claim-privacy)."""
        if self.phase is Phase.CLAIMS and _SAID[V.DECLINE] in self._legal():
            return "decline"
        return None

    def _observation(self, seat: int) -> TotomObservation:
        """What `seat` sees: nothing hidden from it, nothing more (R-claim-privacy)."""
        o, mem = self.offer, self.memory[seat]
        asked = self.phase is Phase.CLAIMS and bool(self.claims) and self.claims[0][0] == seat
        return TotomObservation(
            seat=seat, to_act=self.current_seat(), phase=self.phase,
            dealer=self.dealer, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(sum(h) for h in self.hands),
            exposed=tuple(tuple(TOTOM.render(g) for g in e) for e in self.exposed),
            dead=tuple(ob.SeatCard(s, f) for s, f in self.dead),
            offer=ob.Offer(o.card, o.seat, ob.OfferKind(o.kind), o.door) if o else None,
            claim=ob.Claim(self.claims[0][1]) if asked else None,
            stock=len(self.stock),
            memory=ob.Memory(tuple(sorted(mem.declined_chan)), tuple(sorted(mem.discarded)),
                             tuple(sorted(mem.ca_from_hand)), mem.captured_ca),
            dead_hand=tuple(sorted(self.dead_hand)),
            legal_actions=tuple(self.legal_texts()) if self.current_seat() == seat else (),
            result=self.result, discard_to=self.return_to, rules=self.rules,
        )

    def deal_json(self) -> dict[str, Any]:
        return dict(self.initial)

    def cards_accounted(self) -> bool:
        seen = [0] * NF
        for s in range(SEATS):
            for k, n in enumerate(self.twenty(s, None)):
                seen[k] += n
        for f in self.stock + [f for _, f in self.dead]:
            seen[TOTOM.index(f)] += 1
        if self.offer is not None:  # the card in flight (offered, or won on)
            seen[TOTOM.index(self.offer.card)] += 1
        return all(n == TOTOM.copies for n in seen)

    def opening_lines(self) -> list[str]:
        lines = [f"Tổ Tôm deal, {dealt_by(self.seed)}; {says(self.dealer, 'deals')}."]
        lines += [f"  {seat_label(s)}: {TOTOM.render(h)}" for s, h in enumerate(self.hands)]
        return lines

    def result_line(self) -> str:
        r = self.result
        if r is None:
            return "The record ends before the deal does."
        if r.kind is OutcomeKind.DRAWN:
            return "Drawn: the stock ran out (TT-T4); everyone settles 0."
        assert r.winner is not None and r.via is not None and r.net is not None  # a win
        names = ", ".join(b["name"] for b in r.bonuses or ()) or "Ù xuông"
        net = ", ".join(f"{seat_label(s)} {n:+d}" for s, n in enumerate(r.net))
        # A Thiên ù names itself among the bonuses.
        how = "" if r.via == VIA_THIEN_U else f"{VIA_WORDS[r.via]}, "
        return (f"{says(r.winner, 'wins')} {won_where(r)} ({how}{names}): "
                f"{r.points} points; {net}.")


def won_where(result: Outcome) -> str:
    """Where a win came: "on 3c", or "on the dealt twenty" for a Thiên ù (TT-W7)."""
    return f"on {result.card}" if result.card else "on the dealt twenty"


@implements("R-wrong-win", "a win on a stock card that does not complete the hand breaks TT-W4")
def _no_win(verdict: Any, head: str) -> tuple[str, str]:
    """A claimed win the hand does not make, in one line: TT-W4 (what a win is: ten pairs,
    six Chắn) whenever the hand breaks it, said as the best pairing, the cards it leaves
    unpaired (a lone Chi chi among them, TT-D3; a pair never split for a Cạ, TT-W3) and
    what a win needs; any other rule in the check's words."""
    rules = [x.rule for x in verdict.violations]
    if "TT-W4" not in rules:
        return rules[0], f"{head}: " + "; ".join(x.message for x in verdict.violations)
    # One line a seat reads at a glance: the best pairing, what stays unpaired, what a
    # win needs (the check's full reasons are `totom check`'s).
    p = verdict.partition
    said = f"{p.chan_count} Chắn and {p.ca_count} Cạ"
    if p.left:
        split = " (no Chắn is split for a Cạ, TT-W3)" if "TT-W3" in rules else ""
        said += f"; unpaired {TOTOM.render(p.left)}{split}"
    return "TT-W4", f"{head}: {said}; a win is 10 pairs, at least {MIN_CHAN} of them Chắn"


@implements("TT-S2", "the dealer gets 20 cards, each other seat 19; the stock holds 23")
def hand_sizes(dealer: int) -> list[int]:
    """Each seat's dealt cards; the stock holds the rest of the deck (23)."""
    return [20 if s == dealer else 19 for s in range(SEATS)]


def _read_deal(deal: dict[str, Any]) -> tuple[list[list[Face]], list[Face], int]:
    hands, stock, dealer = read_deal(deal, TOTOM, "dealer", SEATS)
    sizes = hand_sizes(dealer)
    for k, h in enumerate(hands):
        if len(h) != sizes[k]:
            raise InvalidInput(f"the dealer has 20 cards, the others 19, the stock 23; this "
                               f"hand has {len(h)}", field=f"record.deal.hands[{k}]",
                               rule="TT-S2")
    if len(stock) != TOTOM.size - sum(sizes):
        raise InvalidInput(f"the dealer has 20 cards, the others 19, the stock 23; the stock "
                           f"has {len(stock)}", field="record.deal.stock", rule="TT-S2")
    TOTOM.counts([f for h in hands for f in h] + stock, field="record.deal")
    return hands, stock, dealer


# The engine the game registry (solver/games.py) builds.
STATE = TotomState
