"""What the three table engines share: the state interface, illegal actions, game records.

A table engine is shaped like an OpenSpiel state: `current_seat()`, `legal_actions()`,
`apply(action)`, `observation(seat)` with hidden cards masked, `clone()`, `is_over`,
`result`. Actions are short text (`"draw"`, `"discard 5c"`, `"lead 345m"`) so that a game
record is plain JSON a person can read and edit:

    {"game": "kowah", "rules": "seed", "seed": 7, "actions": ["draw", "discard 5c", ...]}

A record may give `"deal"` (the dealt cards) instead of relying on the seed's shuffle.
`replay` applies a record's actions one by one; `check_record` reports the first illegal
one by index with its rule id.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

from moneycards.solver.errors import InvalidInput, json_object


class IllegalAction(InvalidInput):
    """An action the rules do not allow now. The state is left exactly as it was."""

    def __init__(self, message: str, *, rule: str):
        super().__init__(message, field="action", rule=rule)


class TableState:
    """Base of the engines. Subclasses implement `_legal`, `_apply`, `_diagnose`,
    `observation`, `describe` and the JSON of their deal."""

    game = ""
    seats = 0

    # -- interface ----------------------------------------------------------------------
    result: dict | None = None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def current_seat(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else self._legal()

    def apply(self, action: str) -> None:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        if self.is_over:
            raise IllegalAction("the deal is over", rule=self.end_rule)
        action = self.normalize(str(action))
        if action not in self._legal():
            rule, why = self._diagnose(action)
            raise IllegalAction(f"{action!r} by seat {self.current_seat()}: {why}", rule=rule)
        self.history.append(action)
        self._apply(action)

    def normalize(self, action: str) -> str:
        """The canonical text of an action (cards in canonical notation)."""
        return " ".join(action.split())

    def clone(self) -> "TableState":
        return copy.deepcopy(self)

    # -- to implement -------------------------------------------------------------------
    end_rule = ""
    history: list[str]

    def _legal(self) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _diagnose(self, action: str) -> tuple[str, str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def observation(self, seat: int) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, action: str, seat: int) -> str:
        return f"{seat_label(seat)}: {action}"

    events: list[str]

    def after_lines(self, before: "TableState") -> list[str]:
        """What happened by itself after an action (engines log it in `events`)."""
        return self.events[len(before.events):]

    def deal_json(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def cards_accounted(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def game_record(self) -> dict:
        """The game record: seeded deals name the seed, others carry the dealt cards."""
        rec: dict = {"game": self.game, "rules": self.rules_name}
        if self.seed is not None:
            rec["seed"] = self.seed
        else:
            rec["deal"] = self.deal_json()
        rec["actions"] = list(self.history)
        return rec

    rules_name = "seed"
    seed: int | None = None


def read_deal(deal: Any, deck, first_key: str, seats: int, *, stock: bool = True):
    """The parts of a record's `deal`: hands (notation per seat), the stock from the top
    and the first seat under `first_key`; errors name the key."""
    keys = "'hands', 'stock' and " if stock else "'hands' and "
    try:
        hands = [deck.parse(h, field="record.deal.hands") for h in deal["hands"]]
        pile = deck.parse(deal["stock"], field="record.deal.stock") if stock else []
        first = int(deal[first_key])
    except InvalidInput:
        raise
    except (KeyError, TypeError, ValueError):
        raise InvalidInput(f"a deal has {keys}'{first_key}'", field="record.deal") from None
    if len(hands) != seats:
        raise InvalidInput(f"{seats} hands, one per seat", field="record.deal.hands")
    if not 0 <= first < seats:
        raise InvalidInput(f"{first_key} is a seat 0-{seats - 1}",
                           field=f"record.deal.{first_key}")
    return hands, pile, first


def says(seat: int, verb: str) -> str:
    """'AI 1 exposes' but 'You expose': a seat with a verb, agreeing in person."""
    if seat == 0:
        verb = {"is": "are", "has": "have"}.get(verb, verb.removesuffix("s"))
    return f"{seat_label(seat)} {verb}"


def seat_label(seat: int | None) -> str:
    names = {0: "You", 1: "AI 1", 2: "AI 2", 3: "AI 3"}
    return names.get(seat, "-") if seat is not None else "-"


# -- records -------------------------------------------------------------------------------
@dataclass(frozen=True)
class RecordCheck:
    valid: bool
    complete: bool
    actions: int
    index: int | None = None  # first illegal action
    rule: str | None = None
    message: str | None = None
    result: dict | None = None

    def to_dict(self) -> dict:
        return {"valid": self.valid, "complete": self.complete, "actions": self.actions,
                "index": self.index, "rule": self.rule, "message": self.message,
                "result": self.result}


Factory = Callable[[dict], TableState]


def load_record(data: Any, game: str) -> dict:
    """The record as a dict, with its shape checked (errors name the key)."""
    data = json_object(data, field="record", what="a game record (a JSON object)")
    if data.get("game", game) != game:
        raise InvalidInput(f"this is a record of {data.get('game')!r}, not {game}",
                           field="record.game")
    unknown = set(data) - {"game", "rules", "seed", "deal", "actions", "result"}
    if unknown:
        raise InvalidInput(f"unknown keys: {', '.join(sorted(unknown))}", field="record")
    if "seed" not in data and "deal" not in data:
        raise InvalidInput("needs a 'seed' or a 'deal'", field="record")
    if "seed" in data and (isinstance(data["seed"], bool) or not isinstance(data["seed"], int)):
        raise InvalidInput("the seed is a whole number", field="record.seed")
    if data.get("rules") is not None and not isinstance(data["rules"], str):
        raise InvalidInput("the rules are a preset name (text)", field="record.rules")
    if "deal" in data and not isinstance(data["deal"], dict):
        raise InvalidInput("the deal is an object with the dealt cards", field="record.deal")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidInput("actions are a list of strings", field="record.actions")
    from moneycards.solver.bounds import check_length

    check_length(game, actions)
    return data


def check_record(data: Any, game: str, factory: Factory) -> RecordCheck:
    """Replay a record; valid when every action was legal when it was made."""
    rec = load_record(data, game)
    state = factory(rec)
    for k, action in enumerate(rec.get("actions", [])):
        try:
            state.apply(action)
        except IllegalAction as err:
            return RecordCheck(False, False, k, k, err.rule, err.message, state.result)
    return RecordCheck(True, state.is_over, len(rec.get("actions", [])), result=state.result)


def replay_lines(data: Any, game: str, factory: Factory) -> list[str]:
    """A person-readable account of the deal, step by step (stops at an illegal action)."""
    rec = load_record(data, game)
    state = factory(rec)
    lines = state.opening_lines()
    for k, action in enumerate(rec.get("actions", [])):
        seat = state.current_seat()
        try:
            before = state.clone()
            state.apply(action)
        except IllegalAction as err:
            lines.append(f"{k + 1:>3}. ILLEGAL {err.message} [{err.rule}]")
            return lines
        lines.append(f"{k + 1:>3}. {before.describe(action, seat)}")
        lines.extend(f"     {x}" for x in state.after_lines(before))
    lines.append(state.result_line())
    return lines
