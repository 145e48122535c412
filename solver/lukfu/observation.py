"""What one Luk Fu seat sees (docs/observations.md): the typed form and its JSON.

The JSON is the proto JSON mapping of `moneycards.v1.LukFuObservation`: the seat's hand,
every seat's hand size, the public record of the deal (docs/lukfu-record.md) with this
seat's own face-down cards and no one else's (LF-F6, LF-O3), the caller and the fu each
seat has won.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from moneycards.solver.cards import Face
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.errors import InvalidInput
from moneycards.solver.lukfu import SEATS
from moneycards.solver.lukfu.record import (HAND_SIZE, Record, RecordError, parse_record,
                                           record_to_json)
from moneycards.solver.observation import Reader, check_own_size, enum_json
from moneycards.solver.table import Arg, Outcome, Verb, card_verbs_of, outcome_from_json


class LukFuVerb(Verb):
    """Luk Fu's actions (LF-C, LF-L, LF-F, LF-W): a call says play or pass; plays name cards."""

    CALL = "call", Arg.WORD, ("play", "pass")
    LEAD = "lead", Arg.CARDS
    FOLLOW = "follow", Arg.CARDS
    DOWN = "down", Arg.CARDS
    CLAIM = "claim"
    END = "end"


# The verbs whose argument is cards: the engine, the hint and the fact checks read actions
# alike (solver/table.py `parse_action`).
CARD_VERBS = card_verbs_of(LukFuVerb)


class Phase(StrEnum):
    """What the seat to act is doing: the engine's `LukFuState.phase` and the
    observation's. Its value (`"call"`) is what the engine and the fact checks compare;
    the proto JSON names the member."""

    CALL = "call"  # the calls: play or pass (LF-C2)
    LEAD = "lead"  # a seat leads (or claims: LF-W2)
    FOLLOW = "follow"  # a seat beats the best play or goes face down (LF-F1)


def phase_of(record: Record) -> Phase:
    if record.caller is None:
        return Phase.CALL
    if not record.tricks or record.tricks[-1].complete:
        return Phase.LEAD
    return Phase.FOLLOW


@dataclass(frozen=True)
class LukFuObservation:
    """One seat's view of a Luk Fu table."""

    seat: int
    to_act: int | None
    phase: Phase
    hand: tuple[Face, ...]
    hand_sizes: tuple[int, ...]
    record_json: dict[str, Any]  # the public record as this seat sees it
    record: Record  # the same, read and checked
    caller: int | None
    fu: tuple[int, ...]  # fu won per seat (LF-W1)
    legal_actions: tuple[str, ...]
    result: Outcome | None

    game = "lukfu"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "lukfu", "seat": self.seat, "to_act": self.to_act,
            "phase": enum_json(self.phase, "LUK_FU_PHASE"), "hand": LUKFU.render(self.hand),
            "hand_sizes": list(self.hand_sizes), "record": self.record_json,
            "caller": self.caller, "fu": list(self.fu),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result is not None else None,
        }

    def seed(self) -> int:
        """A number fixed by what the seat sees: seeds the hint's sampled worlds, so the same
        observation gets the same hint in every process."""
        key = json.dumps([LUKFU.render(self.hand), self.record_json], sort_keys=True)
        return zlib.crc32(key.encode())


FIELDS = {"game", "seat", "to_act", "phase", "hand", "hand_sizes", "record", "caller", "fu",
          "legal_actions", "result"}


def from_json(data: Any, path: str = "observation") -> LukFuObservation:
    """Read and check an observation's JSON form (the record is replayed: LF rules); errors
    name the field."""
    r = Reader(data, path)
    r.check_keys(FIELDS)
    record_json = r.data.get("record")
    try:
        record = parse_record(record_json)
    except RecordError as err:
        where = r.sub("record") if err.path == "record" else f"{r.sub('record')}.{err.path}"
        raise InvalidInput(err.message, field=where, rule=err.rule) from None
    record_json = record_to_json(record)  # canonical: the same record reads the same
    del record_json["game"]
    obs = LukFuObservation(
        seat=r.int("seat", 0, SEATS - 1, default=0), to_act=r.optional_int("to_act", 0, SEATS - 1),
        phase=r.enum("phase", Phase, "LUK_FU_PHASE"),
        hand=tuple(r.cards("hand", LUKFU)),
        hand_sizes=r.per_seat("hand_sizes", 0, 12, seats=SEATS),
        record_json=record_json, record=record,
        caller=r.optional_int("caller", 0, SEATS - 1), fu=r.ints("fu", 0, HAND_SIZE, max_len=SEATS),
        legal_actions=r.strs("legal_actions", max_len=2000),
        result=outcome_from_json(r.data.get("result"), r.sub("result"), SEATS),
    )
    check_own_size(r, obs.hand_sizes, obs.seat, len(obs.hand))
    _agrees_with_record(r, obs)
    return obs


def _agrees_with_record(r: Reader, obs: LukFuObservation) -> None:
    """The fields the record decides (the caller, the phase, each seat's fu), where given,
    say what the record says: a view that says otherwise was edited."""
    rec = obs.record
    if obs.caller is not None and obs.caller != rec.caller:
        said = "no seat has called yet" if rec.caller is None else \
            f"the record makes seat {rec.caller} the caller"
        raise InvalidInput(f"{said}, not seat {obs.caller}", field=r.sub("caller"), rule="LF-C3")
    if "phase" in r.data and obs.phase is not phase_of(rec):
        raise InvalidInput(f"the record is at {phase_of(rec).value}, not {obs.phase.value}",
                           field=r.sub("phase"))
    for k, fu in enumerate(obs.fu if "fu" in r.data else ()):
        if fu != rec.fu(k):
            raise InvalidInput(f"the record gives seat {k} {rec.fu(k)} fu, not {fu}",
                               field=r.sub(f"fu[{k}]"), rule="LF-W1")
