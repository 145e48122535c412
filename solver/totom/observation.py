"""What one Tổ Tôm seat sees (docs/observations.md): the typed form and its JSON.

The JSON is the proto JSON mapping of `moneycards.v1.TotomObservation`. Nothing in it is
hidden from the seat: its own concealed hand, every seat's exposed pairs, the dead cards,
the card on offer, how many stock cards are left, what the capture restrictions remember
about this seat (TT-C3, TT-C4, TT-C8) — and, when this seat is asked, its claim (who else
is asked about a claim is private: R-claim-privacy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import lru_cache
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import ImpossibleCards
from moneycards.solver.observation import (Reader, SeatCard as SeatCard, card_text,
                                           check_own_size, enum_json)
from moneycards.solver.table import Arg, Outcome, Verb, card_verbs_of, outcome_from_json
from moneycards.solver.totom import SEATS
from moneycards.solver.totom.rules import SEED, TotomRules



class TotomVerb(Verb):
    """Tổ Tôm's actions (TT-T, TT-P): a card named for a discard or a capture."""

    DISCARD = "discard", Arg.CARDS
    CAPTURE = "capture", Arg.CARDS
    PASS = "pass"
    WIN = "win"
    CHIU = "chiu"
    DECLINE = "decline"


# The verbs whose argument is cards: the engine, the hint and the fact checks read actions
# alike (solver/table.py `parse_action`).
CARD_VERBS = card_verbs_of(TotomVerb)


class Phase(StrEnum):
    """What the seat to act is doing: the engine's `TotomState.phase` and the
    observation's. Its value (`"claims"`) is what the engine and the fact checks compare;
    the proto JSON names the member."""

    OPENING = "opening"  # the dealer's first turn: Thiên ù (TT-W7) or its first discard
    DISCARD = "discard"  # a seat discards after a capture (TT-T2)
    OFFER = "offer"  # a card is offered to the seat to act: capture or pass (TT-T3)
    CLAIMS = "claims"  # a claim window: one seat is asked to win or Chíu (TT-P1-P3)


class OfferKind(Enum):
    """How the offered card came to the table."""

    DISCARD = "discard"  # the previous seat's hand discard
    EXPOSED = "exposed"  # the seat's own stock card, exposed at its doorway
    PASSED = "passed"  # the previous seat's stock card, passed on


class Claim(Enum):
    """The claim the seat is asked about (TT-P3)."""

    WIN = "win"
    CHIU = "chiu"


@dataclass(frozen=True)
class Offer:
    card: Face
    seat: int  # the seat the card is offered to
    kind: OfferKind
    door: int  # the doorway where it lies

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.text, "seat": self.seat,
                "kind": enum_json(self.kind, "OFFER_KIND"), "door": self.door}


@dataclass(frozen=True)
class Memory:
    """What the capture restrictions remember about the observing seat."""

    declined_chan: tuple[Face, ...] = ()  # TT-C3: faces whose Chắn it declined
    discarded: tuple[Face, ...] = ()  # TT-C4: faces it discarded
    ca_from_hand: tuple[Face, ...] = ()  # TT-C4: hand cards it used in a Cạ
    captured_ca: bool = False  # TT-C8

    def to_json(self) -> dict[str, Any]:
        return {"declined_chan": [f.text for f in self.declined_chan],
                "discarded": [f.text for f in self.discarded],
                "ca_from_hand": [f.text for f in self.ca_from_hand],
                "captured_ca": self.captured_ca}


@dataclass(frozen=True)
class TotomObservation:
    """One seat's view of a Tổ Tôm table."""

    seat: int
    to_act: int | None  # None when the deal is over
    phase: Phase
    dealer: int
    hand: tuple[int, ...]  # the seat's concealed cards, a count vector
    hand_sizes: tuple[int, ...]  # concealed cards per seat
    exposed: tuple[tuple[str, ...], ...]  # per seat: its exposed pairs, in notation
    dead: tuple[SeatCard, ...]  # cards no one took, where they died
    offer: Offer | None
    claim: Claim | None  # set only while this seat is asked about a claim
    stock: int
    memory: Memory
    dead_hand: tuple[int, ...]  # seats that may no longer capture (TT-S4)
    legal_actions: tuple[str, ...]  # this seat's, when it is to act
    result: Outcome | None
    # TT-P4: after an out-of-turn Chíu, the seat the claimant's discard goes back to
    discard_to: int | None = None
    # The table's rules, which the hint and the AI play by. Not in the JSON form: a hint
    # asked of JSON is told them apart (`hint --rules`, the Hint request's `rules`).
    rules: TotomRules = field(default=SEED, compare=False)

    game = "totom"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "totom", "seat": self.seat, "to_act": self.to_act,
            "phase": enum_json(self.phase, "TOTOM_PHASE"), "dealer": self.dealer,
            "hand": TOTOM.render(self.hand), "hand_sizes": list(self.hand_sizes),
            "exposed": [{"pairs": list(p)} for p in self.exposed],
            "dead": [d.to_json() for d in self.dead],
            "offer": self.offer.to_json() if self.offer else None,
            "claim": enum_json(self.claim, "CLAIM") if self.claim else None,
            "stock": self.stock, "memory": self.memory.to_json(),
            "dead_hand": list(self.dead_hand), "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result is not None else None,
            "discard_to": self.discard_to,
        }


FIELDS = {"game", "seat", "to_act", "phase", "dealer", "hand", "hand_sizes", "exposed", "dead",
          "offer", "claim", "stock", "memory", "dead_hand", "legal_actions", "result",
          "discard_to"}


def from_json(data: Any, path: str = "observation") -> TotomObservation:
    """Read and check an observation's JSON form; errors name the field."""
    r = Reader(data, path)
    r.check_keys(FIELDS)
    seat = r.int("seat", 0, SEATS - 1, default=0)
    hand = r.cards("hand", TOTOM)
    exposed = []
    for k, entry in enumerate(r.list("exposed", max_len=SEATS)):
        e = Reader(entry, f"{r.sub('exposed')}[{k}]")
        e.check_keys({"pairs"})
        exposed.append(tuple(card_text(p, TOTOM, f"{e.sub('pairs')}[{j}]", single=False)
                             for j, p in enumerate(e.strs("pairs", max_len=10))))
    exposed += [()] * (SEATS - len(exposed))
    dead = []
    for k, entry in enumerate(r.list("dead", max_len=TOTOM.size)):
        d = Reader(entry, f"{r.sub('dead')}[{k}]")
        d.check_keys({"seat", "card"})
        dead.append(SeatCard(d.int("seat", 0, SEATS - 1, default=0), _card(d, "card")))
    offer = None
    if r.present("offer"):
        o = Reader(r.data["offer"], r.sub("offer"))
        o.check_keys({"card", "seat", "kind", "door"})
        offer = Offer(_card(o, "card"), o.int("seat", 0, SEATS - 1, default=0),
                      o.enum("kind", OfferKind, "OFFER_KIND"),
                      o.int("door", 0, SEATS - 1, default=0))
    memory = Memory()
    if r.present("memory"):
        m = Reader(r.data["memory"], r.sub("memory"))
        m.check_keys({"declined_chan", "discarded", "ca_from_hand", "captured_ca"})
        def faces(key: str) -> tuple[Face, ...]:  # one card per entry
            return tuple(_face(t, f"{m.sub(key)}[{j}]")
                         for j, t in enumerate(m.strs(key, max_len=TOTOM.size)))

        memory = Memory(faces("declined_chan"), faces("discarded"), faces("ca_from_hand"),
                        captured_ca=m.bool("captured_ca"))
    obs = TotomObservation(
        seat=seat, to_act=r.optional_int("to_act", 0, SEATS - 1),
        phase=r.enum("phase", Phase, "TOTOM_PHASE"),
        dealer=r.int("dealer", 0, SEATS - 1, default=0),
        hand=TOTOM.counts(hand, field=r.sub("hand")),
        hand_sizes=r.per_seat("hand_sizes", 0, 21, seats=SEATS),
        exposed=tuple(exposed), dead=tuple(dead), offer=offer,
        claim=r.enum("claim", Claim, "CLAIM") if r.present("claim") else None,
        stock=r.int("stock", 0, 23, default=0), memory=memory,
        dead_hand=r.ints("dead_hand", 0, SEATS - 1, max_len=SEATS),
        legal_actions=r.strs("legal_actions", max_len=2000),
        result=outcome_from_json(r.data.get("result"), r.sub("result"), SEATS),
        discard_to=r.optional_int("discard_to", 0, SEATS - 1),
    )
    check_own_size(r, obs.hand_sizes, seat, sum(obs.hand))
    _check_cards(obs, path)
    return obs


def _face(text: str, path: str) -> Face:
    """Exactly one card; an error names `path`."""
    return TOTOM.parse(card_text(text, TOTOM, path))[0]


def _card(r: Reader, key: str) -> Face:
    return _face(r.str(key), r.sub(key))


@lru_cache(maxsize=4096)
def group_faces(text: str) -> tuple[Face, ...]:
    """The cards of an exposed group's text (already checked when the view was read),
    parsed once: a search reads every group again for each sampled world."""
    return tuple(TOTOM.parse(text))


def seen_counts(obs: TotomObservation) -> list[int]:
    """Per face, the copies the seat sees: its hand, the exposed pairs, the dead cards and
    the card on offer."""
    seen = list(obs.hand)
    for pairs in obs.exposed:
        for p in pairs:
            for f in group_faces(p):
                seen[TOTOM.index(f)] += 1
    for d in obs.dead:
        seen[TOTOM.index(d.card)] += 1
    if obs.offer is not None:
        seen[TOTOM.index(obs.offer.card)] += 1
    return seen


def _check_cards(obs: TotomObservation, path: str) -> None:
    """No face seen more often than the deck holds (TT-D1)."""
    seen = seen_counts(obs)
    for f, n in zip(TOTOM.faces, seen):
        if n > TOTOM.copies:
            raise ImpossibleCards(f"{n} copies of {f.text} are seen, the deck holds "
                                  f"{TOTOM.copies}", field=path, rule="TT-D1")
