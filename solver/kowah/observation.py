"""What one Kowah seat sees (docs/observations.md): the typed form and its JSON.

The JSON is the proto JSON mapping of `moneycards.v1.KowahObservation`: the seat's own
eight or nine cards, every seat's hand size, the pairs shown by declared seats (KW-X1), the
discards and the stock cards drawn in the open (KW-X2), the stock count.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.kowah import KOWAH
from moneycards.solver.errors import ImpossibleCards, InvalidInput
from moneycards.solver.observation import Reader, card_text, check_own_size, enum_json
from moneycards.solver.table import Arg, Outcome, Verb, card_verbs_of, outcome_from_json
from moneycards.solver.kowah import SEATS



class KowahVerb(Verb):
    """Kowah's actions (KW-T, R-declare): a discard names a card, a declaration its pairs."""

    DRAW = "draw"
    TAKE = "take"
    DISCARD = "discard", Arg.CARDS
    DECLARE = "declare", Arg.CARDS
    STAY = "stay"


# The verbs whose argument is cards: the engine, the hint and the fact checks read actions
# alike (solver/table.py `parse_action`).
CARD_VERBS = card_verbs_of(KowahVerb)


class Phase(StrEnum):
    """What the seat to act is doing: the engine's `KowahState.phase` and the
    observation's. Its value (`"draw"`) is what the engine and the fact checks compare;
    the proto JSON names the member."""

    DRAW = "draw"  # draw from the stock or take the last discard (KW-T2)
    DISCARD = "discard"  # discard one of nine cards
    DECLARE = "declare"  # ready after the discard: show a pair (R-declare)


@dataclass(frozen=True)
class Discard:
    """A discard, kept in the list after it is taken (who took what is public, KW-X3)."""

    seat: int
    card: Face
    turn: int  # the turn it was discarded in
    taken_by: int | None = None  # the seat that took it (in the next turn), if any

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": self.card.text, "turn": self.turn,
                "taken_by": self.taken_by}


@dataclass(frozen=True)
class PublicDraw:
    """A stock card a declared seat drew face up (KW-X2)."""

    seat: int
    card: Face
    turn: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": self.card.text, "turn": self.turn}


@dataclass(frozen=True)
class KowahObservation:
    """One seat's view of a Kowah table."""

    seat: int
    to_act: int | None
    phase: Phase
    hand: tuple[int, ...]  # the seat's cards, a count vector
    hand_sizes: tuple[int, ...]
    declared: dict[int, Face]  # declared seat -> the face of the pair it shows
    discards: tuple[Discard, ...]  # every discard in order; the last untaken one is on top
    public_draws: tuple[PublicDraw, ...]  # stock draws from the first declaration on (KW-X3)
    stock: int
    first_turn: bool
    legal_actions: tuple[str, ...]
    result: Outcome | None
    takes_in_row: int = 0  # turns in a row without a stock draw (R-take-limit)

    game = "kowah"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "kowah", "seat": self.seat, "to_act": self.to_act,
            "phase": enum_json(self.phase, "KOWAH_PHASE"), "hand": KOWAH.render(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "declared": {str(s): KOWAH.render([f, f]) for s, f in sorted(self.declared.items())},
            "discards": [d.to_json() for d in self.discards],
            "public_draws": [d.to_json() for d in self.public_draws],
            "stock": self.stock, "first_turn": self.first_turn,
            "takes_in_row": self.takes_in_row, "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result is not None else None,
        }

    def seed(self) -> int:
        """A number fixed by what the seat sees: seeds the hint's sampled worlds, so the same
        observation gets the same hint in every process."""
        return zlib.crc32(json.dumps(self.to_json(), sort_keys=True).encode())


FIELDS = {"game", "seat", "to_act", "phase", "hand", "hand_sizes", "declared", "discards",
          "public_draws", "stock", "first_turn", "takes_in_row", "legal_actions", "result"}


def from_json(data: Any, path: str = "observation") -> KowahObservation:
    """Read and check an observation's JSON form; errors name the field."""
    r = Reader(data, path)
    r.check_keys(FIELDS)
    declared: dict[int, Face] = {}
    raw = r.data.get("declared") or {}
    if not isinstance(raw, dict):
        raise InvalidInput("must be an object of seat -> pair", field=r.sub("declared"))
    for key, pair in raw.items():
        where = f"{r.sub('declared')}.{str(key)[:10]}"
        if not (isinstance(key, str) and key in {"0", "1", "2"}):
            raise InvalidInput("keys are seats 0-2", field=where)
        faces = KOWAH.parse(card_text(str(pair), KOWAH, where, single=False), field=where)
        if len(faces) != 2 or faces[0] != faces[1]:
            raise InvalidInput("a shown pair is two identical cards", field=where,
                               rule="KW-R3")
        declared[int(key)] = faces[0]
    obs = KowahObservation(
        seat=r.int("seat", 0, SEATS - 1, default=0), to_act=r.optional_int("to_act", 0, SEATS - 1),
        phase=r.enum("phase", Phase, "KOWAH_PHASE"),
        hand=KOWAH.counts(r.cards("hand", KOWAH), field=r.sub("hand")),
        hand_sizes=r.per_seat("hand_sizes", 0, 9, seats=SEATS), declared=declared,
        discards=tuple(_discard(e, r.sub(f"discards[{k}]"))
                       for k, e in enumerate(r.list("discards", max_len=KOWAH.size * 80))),
        public_draws=tuple(_public_draw(e, r.sub(f"public_draws[{k}]"))
                           for k, e in enumerate(r.list("public_draws", max_len=KOWAH.size))),
        stock=r.int("stock", 0, KOWAH.size, default=0), first_turn=r.bool("first_turn"),
        takes_in_row=r.int("takes_in_row", 0, 1_000_000, default=0),
        legal_actions=r.strs("legal_actions", max_len=2000),
        result=outcome_from_json(r.data.get("result"), r.sub("result"), SEATS),
    )
    check_own_size(r, obs.hand_sizes, obs.seat, sum(obs.hand))
    # The seat's cards and the pairs other seats show are disjoint (KW-D1). Discards are
    # not counted here: a discard can be taken back into a hand.
    seen = list(obs.hand)
    for s, f in declared.items():
        if s != obs.seat:
            seen[KOWAH.index(f)] += 2
    for f, n in zip(KOWAH.faces, seen):
        if n > KOWAH.copies:
            raise ImpossibleCards(f"{n} copies of {f.text} are seen, the deck holds "
                                  f"{KOWAH.copies}", field=path, rule="KW-D1")
    return obs


def _discard(entry: Any, path: str) -> Discard:
    e = Reader(entry, path)
    e.check_keys({"seat", "card", "turn", "taken_by"})
    card = KOWAH.parse(card_text(e.str("card"), KOWAH, e.sub("card")))[0]
    return Discard(e.int("seat", 0, SEATS - 1, default=0), card,
                   e.int("turn", 0, 1_000_000, default=0),
                   e.optional_int("taken_by", 0, SEATS - 1))


def _public_draw(entry: Any, path: str) -> PublicDraw:
    e = Reader(entry, path)
    e.check_keys({"seat", "card", "turn"})
    card = KOWAH.parse(card_text(e.str("card"), KOWAH, e.sub("card")))[0]
    return PublicDraw(e.int("seat", 0, SEATS - 1, default=0), card,
                      e.int("turn", 0, 1_000_000, default=0))
