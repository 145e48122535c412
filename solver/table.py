"""What the three table engines share: the state interface, illegal actions, game records.

A table engine is shaped like an OpenSpiel state: `current_seat()`, `legal_actions()`,
`apply(action)`, `observation(seat)` with hidden cards masked, `clone()`, `is_over`,
`result`. Actions are typed (`Action`: a verb of the game's `Verb` enum, which says what
argument it takes, and the cards it names); their text (`"draw"`, `"discard 5c"`,
`"lead 345m"`, `legal_texts()`) is what crosses the edges, so that a game record is plain
JSON a person can read and edit:

    {"game": "kowah", "rules": "seed", "seed": 7, "actions": ["draw", "discard 5c", ...]}

A record may give `"deal"` (the dealt cards) instead of relying on the seed's shuffle.
`replay` applies a record's actions one by one; `check_record` reports the first illegal
one by index with its rule id.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from contextlib import contextmanager
from contextvars import ContextVar
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Self

from moneycards.solver.cards import Deck, Face
from moneycards.solver.errors import ECHO_CHARS, InvalidInput, NotationError, clip, json_object

if TYPE_CHECKING:
    from moneycards.solver.cards import Deck, Face
    from moneycards.solver.observation import Observation


# -- copying a state ------------------------------------------------------------------------
# An engine's state is a tree of plain containers (lists, dicts, sets, small mutable records)
# over immutable values (faces, text, numbers, enums, frozen dataclasses such as the rules
# and an Outcome). Copying the containers and sharing the values is what deepcopy would
# do, at a fraction of its cost: no memo and no reduce protocol per value. It relies on the
# state holding no container twice (tests/test_clone.py checks that every engine's does not).
_ATOMS = frozenset({int, str, bool, float, bytes, type(None), Face})
_Copier = Callable[[Any], Any]
_COPIERS: dict[type, _Copier] = {}


def tree_copy(value: Any) -> Any:
    """`value` with every mutable container copied and every immutable value shared."""
    kind = type(value)
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _copier_for(kind)
    return copier(value)


def _same(value: Any) -> Any:
    return value


def _copy_list(value: list[Any]) -> list[Any]:
    return [v if type(v) in _ATOMS else tree_copy(v) for v in value]


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    if all(type(v) in _ATOMS for v in value):
        return value
    return tuple(tree_copy(v) for v in value)


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v if type(v) in _ATOMS else tree_copy(v) for k, v in value.items()}


def _copy_set(value: set[Any]) -> set[Any]:
    return set(value)  # members are hashable, so immutable values


def _copy_object(value: Any) -> Any:
    out = object.__new__(type(value))
    out.__dict__.update(_copy_dict(value.__dict__))
    return out


def _copier_for(kind: type) -> _Copier:
    if kind in _ATOMS or issubclass(kind, (Enum, frozenset, str, int, float)):
        return _same
    if dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return _same
    exact: dict[type, _Copier] = {list: _copy_list, tuple: _copy_tuple, dict: _copy_dict,
                                  set: _copy_set}
    if kind in exact:
        return exact[kind]
    # A plain object (its fields in its __dict__, no copy protocol of its own): its fields.
    if (kind.__dictoffset__ != 0 and kind.__new__ is object.__new__
            and not hasattr(kind, "__deepcopy__")
            and getattr(kind, "__getstate__", None) is getattr(object, "__getstate__", None)
            and kind.__reduce_ex__ is object.__reduce_ex__):
        return _copy_object
    return copy.deepcopy  # anything else (a Counter, a class with slots): the slow, safe way


class IllegalAction(InvalidInput):
    """An action the rules do not allow now. The state is left exactly as it was."""

    def __init__(self, message: str, *, rule: str, why: str | None = None):
        super().__init__(message, field="action", rule=rule)
        self.why = why or message  # the rules' reason alone, without the action and seat


class Arg(Enum):
    """What follows an action's verb."""

    NONE = "nothing"
    CARDS = "cards"  # cards in notation (`discard 5c`, `lead 345c`)
    WORD = "word"  # one of the verb's words (`call play`)


class Verb(StrEnum):
    """A game's action grammar: each verb a word with the argument it takes. A game declares
    its own (`class KowahVerb(Verb): DISCARD = "discard", Arg.CARDS`); a verb is a str, so it
    is its word in text, records and the API (`LegalAction.verb_name`)."""

    arg: Arg
    words: tuple[str, ...]  # the words a WORD verb takes

    def __new__(cls, word: str, arg: Arg = Arg.NONE, words: tuple[str, ...] = ()) -> Verb:
        member = str.__new__(cls, word)
        member._value_ = word
        member.arg = arg
        member.words = words
        return member


def verbs_of_words(name: str, verbs: Sequence[str], card_verbs: Sequence[str] = (),
                   word_verbs: dict[str, tuple[str, ...]] | None = None) -> type[Verb]:
    """The Verb enum of a game that lists its verbs as words (a plug-in may)."""
    words = word_verbs or {}
    members = [(v.upper(), (v, Arg.CARDS if v in card_verbs else
                            Arg.WORD if v in words else Arg.NONE, tuple(words.get(v, ()))))
               for v in verbs]
    grammar: type[Verb] = Verb(name, members)  # type: ignore[arg-type, assignment]
    return grammar


def card_verbs_of(verbs: type[Verb]) -> tuple[str, ...]:
    """The verbs whose argument is cards."""
    return tuple(v.value for v in verbs if v.arg is Arg.CARDS)


@dataclass(frozen=True)
class Action:
    """One action, typed: its verb (a member of the game's Verb enum when the game has the
    word; the word as given otherwise, for the rules to refuse), the rest (`arg`, cards in
    canonical notation when they read), the cards it names, and the canonical text records
    keep. Engines list their legal actions so (`TableState.action`); text is read once, at
    the edge (`parse_action`).

    >>> from moneycards.solver.kowah import KOWAH
    >>> from moneycards.solver.kowah.observation import KowahVerb
    >>> a = parse_action("  discard   5c ", KOWAH, KowahVerb)
    >>> a.verb is KowahVerb.DISCARD, a.verb.arg, a.arg, [f.text for f in a.cards], str(a)
    (True, <Arg.CARDS: 'cards'>, '5c', ['5c'], 'discard 5c')
    >>> parse_action("draw", KOWAH, KowahVerb).cards
    ()
    """

    verb: str
    arg: str = ""
    cards: tuple[Face, ...] = ()
    text: str = ""

    def __str__(self) -> str:
        return self.text


def make_action(deck: Deck, verb: Verb, *cards: Face, word: str = "") -> Action:
    """A typed action: `verb` with its cards (in any order) or its word, as `parse_action`
    would read its text. Made once per action: engines list the same ones again and again
    (a Luk Fu seat that cannot beat lists every set of cards it may put down)."""
    key = (id(deck), verb, cards, word)
    hit = _MADE.get(key)
    if hit is not None and hit[0] is deck:
        return hit[1]
    arg = deck.render(cards) if cards else word
    action = Action(verb, arg, tuple(sorted(cards)), f"{verb.value} {arg}" if arg
                    else verb.value)
    if len(_MADE) >= _PARSED_MAX:
        _MADE.clear()
    _MADE[key] = (deck, action)
    return action


_MADE: dict[tuple[int, str, tuple[Face, ...], str], tuple[Deck, Action]] = {}


# Actions already read: a table reads the same few texts again and again (legal actions,
# history, the AI's choices). Bounded, as texts come from clients; the deck is kept with
# the entry so that a key's deck id can never stand for another deck.
_PARSED: dict[tuple[str, int, Any], tuple[Deck, Action]] = {}
_PARSED_MAX = 1 << 16


def parse_action(text: str, deck: Deck, verbs: type[Verb] | tuple[str, ...]) -> Action:
    """An action's text read once: its verb typed by the game's Verb enum (or, given the card
    verbs' words alone, left a word), and for a verb that names cards, the cards in the
    deck's canonical notation (text that does not read is kept as given, for the rules to
    refuse with their own rule id)."""
    text = text if type(text) is str else str(text)
    key = (text, id(deck), verbs)
    hit = _PARSED.get(key)
    if hit is not None and hit[0] is deck:
        return hit[1]
    action = _read_action(text, deck, verbs)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[key] = (deck, action)
    return action


def _read_action(text: str, deck: Deck, verbs: type[Verb] | tuple[str, ...]) -> Action:
    word, _, arg = " ".join(text.split()).partition(" ")
    verb: str = word
    if isinstance(verbs, tuple):
        names_cards = word in verbs
    else:
        verb = verbs._value2member_map_.get(word, word)  # type: ignore[assignment]
        names_cards = isinstance(verb, Verb) and verb.arg is Arg.CARDS
    cards: tuple[Face, ...] = ()
    if names_cards and arg:
        try:
            cards = tuple(sorted(deck.parse(arg)))  # canonical order, as `arg` is written
            arg = deck.render(cards)
        except InvalidInput:
            cards = ()
    return Action(verb, arg, cards, f"{word} {arg}" if arg else word)


def position_in_action(why: str, typed: str, deck: Deck) -> str:
    """A notation error about an action's cards counts its position from the start of
    the action as typed ('capture 9x': position 9), not from the start of its cards."""
    word, _, arg = typed.partition(" ")
    if not arg or " at position " not in why:
        return why
    try:
        deck.parse(arg)
    except NotationError as err:
        return why.replace(f"at position {err.position}",
                           f"at position {len(word) + 1 + err.position}", 1)
    except InvalidInput:
        pass
    return why


class OutcomeKind(Enum):
    """How a deal ended."""

    WIN = "win"
    DRAWN = "drawn"  # no winner: the stock (Tổ Tôm, Kowah) or the hands (Luk Fu) ran out
    REDEAL = "redeal"  # Luk Fu: three passes (LF-C4)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished deal, typed. `to_dict` gives the JSON object of records and
    observations: keys that do not apply to the game or the outcome are left out.

    >>> o = Outcome(OutcomeKind.WIN, "LF-K2", winner=0, fu=6, caller=0, net=(2, -1, -1))
    >>> o.kind is OutcomeKind.WIN, o.winner, o.net, o.via is None
    (True, 0, (2, -1, -1), True)
    >>> o.to_dict()
    {'outcome': 'win', 'winner': 0, 'fu': 6, 'caller': 0, 'net': [2, -1, -1], 'rule': 'LF-K2'}
    >>> Outcome(OutcomeKind.DRAWN, rule="KW-K2").to_dict()
    {'outcome': 'drawn', 'rule': 'KW-K2'}
    """

    kind: OutcomeKind
    rule: str  # the rule that settles it (TT-K7, KW-K1, LF-K2, ...)
    winner: int | None = None
    via: str | None = None  # how the winning card came (game-specific ids)
    card: str | None = None  # the winning card (None for a Thiên ù or a Luk Fu claim)
    points: int | None = None  # Tổ Tôm: the winner's points (TT-K1-K6)
    bonuses: tuple[dict[str, Any], ...] | None = None  # Tổ Tôm: the bonuses counted
    multiplier: int | None = None  # Kowah: the win multiplier (KW-K1)
    fu: int | None = None  # Luk Fu: the claim total (LF-W2)
    caller: int | None = None  # Luk Fu: the caller (LF-C2)
    net: tuple[int, ...] | None = None  # points won (+) or paid (-) per seat

    # The JSON keys besides "outcome" and "rule", in the order they are written.
    _KEYS: ClassVar[tuple[str, ...]] = ("winner", "card", "via", "points", "bonuses",
                                        "multiplier", "fu", "caller", "net")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"outcome": self.kind.value}
        for key in self._KEYS:
            value = getattr(self, key)
            # A Tổ Tôm win always names its card: null for a Thiên ù (TT-W7).
            if value is not None or (key == "card" and self.points is not None):
                out[key] = copy.deepcopy(list(value) if isinstance(value, tuple) else value)
        out["rule"] = self.rule
        return out

    def to_json(self) -> dict[str, Any]:
        """The proto JSON form (`moneycards.v1.DealResult`): the outcome by its enum name."""
        out = self.to_dict()
        out["outcome"] = f"DEAL_OUTCOME_{self.kind.name}"
        return out


def outcome_from_json(data: Any, path: str, seats: int = 4) -> Outcome | None:
    """An Outcome from its proto JSON form (None for null) of a game of `seats` seats;
    errors name the field."""
    if data is None:
        return None
    from moneycards.solver.observation import Reader

    r = Reader(data, path)
    r.check_keys({"outcome", "rule", "winner", "via", "card", "points", "bonuses",
                  "multiplier", "fu", "caller", "net"})
    names = {f"DEAL_OUTCOME_{k.name}": k for k in OutcomeKind}
    if isinstance(data.get("outcome"), int) and not isinstance(data["outcome"], bool):
        # proto JSON writes an enum number it does not know as the number
        raise InvalidInput(f"unknown enum value {data['outcome']}", field=r.sub("outcome"))
    if "outcome" not in data:  # r.str reads a missing key as "" and "" is no outcome
        raise InvalidInput(f"missing: a result names its outcome, one of {', '.join(names)}",
                           field=r.sub("outcome"))
    kind = r.str("outcome")
    if kind not in names:
        raise InvalidInput(f"must be one of {', '.join(names)}", field=r.sub("outcome"))
    # Proto JSON prints empty lists: only a Tổ Tôm win (with points) has bonuses, and a
    # Kowah outcome has no settlement.
    points = r.optional_int("points", 0, 10_000)
    bonuses = r.list("bonuses", max_len=50)
    net = r.ints("net", -100_000, 100_000, max_len=seats)
    return Outcome(
        names[kind], r.str("rule"), winner=r.optional_int("winner", 0, seats - 1),
        via=r.str("via") if r.present("via") else None,
        card=r.str("card") if r.present("card") else None,
        points=points, bonuses=tuple(bonuses) if bonuses or points is not None else None,
        multiplier=r.optional_int("multiplier", 0, 100), fu=r.optional_int("fu", 0, 36),
        caller=r.optional_int("caller", 0, 2),
        net=net or None)


class TableState(ABC):
    """Base of the engines. Subclasses implement the abstract methods (`current_seat`,
    `_legal`, `_apply`, `_diagnose`, `observation`, the JSON of their deal and their text
    lines); `describe` and `after_lines` have defaults."""

    game = ""
    seats = 0

    # -- interface ----------------------------------------------------------------------
    result: Outcome | None = None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @abstractmethod
    def current_seat(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take, typed (none once the deal is over)."""
        return [] if self.is_over else self._legal()

    def legal_texts(self) -> list[str]:
        """The legal actions as their text: what observations, records and the API carry."""
        return [] if self.is_over else [a.text for a in self._legal()]

    def apply(self, action: Action | str) -> None:
        """Apply one action (typed, or its text); an illegal one raises IllegalAction and
        changes nothing."""
        if self.is_over:  # quoted as every refused action is; no seat is to act
            raise IllegalAction(f"{clip(' '.join(str(action).split()))!r} after the end: the "
                                f"deal is over: {self.result_line()}", rule=self.over_rule())
        act = action if isinstance(action, Action) else self.parse_action(action)
        if act not in self._legal():
            rule, why = self._diagnose(act)
            # Words after a verb that takes none ('draw 5c') are said so, whatever the rules
            # would say of the move nearest it (a record read by check-record comes here);
            # a card verb without cards or a word verb's wrong word each game says itself.
            if act.verb not in self.verbs or (act.arg and act.verb not in self.card_verbs
                                              and act.verb not in self.word_verbs):
                why = self.misread(act) or why
            typed = " ".join(str(action).split())  # as written: '2c 7c', not its '27c'
            why = position_in_action(why, typed, self.deck)
            # The action echoed is cut, as every echoed input is; the reason is the rules'
            # own words, given whole (the longest, a twenty's unpaired cards and Chắn count,
            # is some 400 characters), only bounded so that it fits a gRPC trailer.
            # The seat named as the narration names it: "by Ana", "by you", "by Seat 0".
            why = clip(why, 25 * ECHO_CHARS)
            raise IllegalAction(f"{clip(typed)!r} by {in_sentence(self.current_seat())}: "
                                f"{why}", rule=rule, why=why)
        self.history.append(act.text)
        self._apply(act)

    def misread(self, act: Action) -> str | None:
        """Why `act` is no action of this game as written: an unknown verb, words after a
        verb that takes none or not its words, a card verb without cards. None if it reads."""
        if act.verb not in self.verbs:
            return f"no such action {act.verb!r} in {self.deck._title()}; {self.actions_help}"
        words = self.word_verbs.get(act.verb)
        if act.arg and act.verb not in self.card_verbs and words is None:
            return f"'{act.verb}' takes nothing after it; {self.actions_help}"
        if words is not None and act.arg not in words:
            choices = " or ".join(f"'{act.verb} {w}'" for w in words)
            if act.arg:  # a word that is none of them: named
                return f"'{act.verb}' is followed by one of its words ({choices}), " \
                    f"not {clip(act.arg)!r}"
            return f"'{act.verb}' is followed by one word: {choices}"
        if act.verb in self.card_verbs and not act.arg:
            example = self.card_examples.get(act.verb, "5c")
            return f"'{act.verb}' names its cards (e.g. '{act.verb} {example}')"
        return None

    def over_rule(self) -> str:
        """The rule that ended the deal, cited for any action after it: a won deal is not
        ended by the rule for a drawn one."""
        return self.result.rule if self.result is not None else self.end_rule

    deck: Deck
    # The game's action grammar (a Verb enum). A game may list its verbs as words instead
    # (`verbs`, `card_verbs`, `word_verbs`); each form is derived from the other.
    verb_type: ClassVar[type[Verb]]
    card_verbs: tuple[str, ...] = ()  # the verbs whose argument is cards
    verbs: tuple[str, ...] = ()  # every verb of the game's actions
    # verbs whose argument is a word, not cards, with the words each takes
    word_verbs: dict[str, tuple[str, ...]] = {}
    actions_help: str = ""  # the actions in words ("actions are: draw, take, ...")
    # a card verb's example argument where "5c" would mislead (Kowah declares a pair)
    card_examples: dict[str, str] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "verb_type" in cls.__dict__:
            grammar = cls.verb_type
            cls.verbs = tuple(v.value for v in grammar)
            cls.card_verbs = card_verbs_of(grammar)
            cls.word_verbs = {v.value: v.words for v in grammar if v.arg is Arg.WORD}
        elif "verbs" in cls.__dict__:
            cls.verb_type = verbs_of_words(f"{cls.__name__}Verb", cls.verbs, cls.card_verbs,
                                           cls.word_verbs)

    def action(self, verb: Verb, *cards: Face, word: str = "") -> Action:
        """A typed action of this game: `verb` with its cards (in any order) or its word."""
        return make_action(self.deck, verb, *cards, word=word)

    def parse_action(self, text: str) -> Action:
        """An action's text read once, typed by the game's verbs (`Action`)."""
        return parse_action(text, self.deck, self.verb_type)

    def read_action(self, text: str, field: str) -> Action:
        """An action as a person or a record gives it, refused as bad input (InvalidInput
        or NotationError naming `field`) when it is no action of this game at all: an
        unknown verb, words a verb does not take, cards not in the notation or more copies
        than the deck holds. Whether the rules allow it is `apply`'s to say."""
        act = self.parse_action(text)
        misread = self.misread(act)
        if misread:
            raise InvalidInput(misread, field=field)
        if act.verb in self.card_verbs and not act.cards:
            try:
                self.deck.parse(act.arg, field=field)  # bad notation is bad input
            except NotationError as err:  # placed where a person looks, as a refusal places it
                err.message = position_in_action(err.message, " ".join(text.split()), self.deck)
                raise
        if act.cards:  # more copies of a card than the deck holds: no move of any table
            self.deck.counts(act.cards, field=field)
        return act

    def public_text(self, action: Action) -> str:
        """An action as the other seats see it (Luk Fu hides face-down cards)."""
        return action.text

    def normalize(self, action: str) -> str:
        """The canonical text of an action (cards in canonical notation)."""
        return self.parse_action(action).text

    def clone(self) -> Self:
        """A copy to change apart from this one (search worlds, a table's before-and-after
        narration). Derived from the fields, so a field added later is copied too."""
        copied: Self = tree_copy(self)
        return copied

    # -- to implement -------------------------------------------------------------------
    end_rule = ""
    history: list[str]

    @abstractmethod
    def _legal(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    @abstractmethod
    def _apply(self, action: Action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @abstractmethod
    def _diagnose(self, action: Action) -> tuple[str, str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def observation(self, seat: int) -> Observation:
        """What `seat` sees now: its own cards, the public table, and never whether another
        seat is deciding a private claim (R-claim-privacy: `seen_by`)."""
        return self.seen_by(seat)._observation(seat)

    @abstractmethod
    def _observation(self, seat: int) -> Observation:  # pragma: no cover - abstract
        raise NotImplementedError

    # The ruling that keeps that decision private, cited when a claim takes back what was
    # played past it (R-claim-privacy, R-declare-privacy).
    privacy_rule = ""

    def private_decline(self) -> str | None:
        """The action that declines the decision now asked of the seat to act, when that
        decision is private (a Tổ Tôm claim window, an optional Kowah declaration): other
        seats must see the table as if the seat had never been asked. None otherwise."""
        return None

    def seen_by(self, seat: int) -> "TableState":
        """The state as `seat` may see it: while other seats decide private claims, the
        state after they decline (R-claim-privacy). The state itself when nothing is
        pending."""
        state: TableState = self
        while not state.is_over and state.current_seat() != seat:
            decline = state.private_decline()
            if decline is None:
                break
            if state is self:
                state = self.clone()
            state.apply(decline)
        return state

    def describe(self, action: str, seat: int) -> str:
        return f"{seat_label(seat)}: {action}"

    events: list[str]

    def hand_faces(self, seat: int) -> list[Face]:
        """The seat's concealed cards, read from its observation (an engine that holds them
        as counts says it faster)."""
        hand = self._observation(seat).to_json()["hand"]
        return self.deck.parse(hand) if hand else []

    def drawn_in_private(self, before: Self, seat: int) -> list[Face]:
        """The cards the last action (by `seat`, from the state `before`) drew from the stock
        into its concealed hand: what only that seat saw (a replay, which shows every hand,
        tells them). Engines whose stock cards are all turned face up draw none."""
        return []

    def narration_mark(self) -> Any:
        """What `after_lines` needs of the state before an action: taken before it, far
        cheaper than a copy of the state (a table's every action takes one)."""
        return len(self.events)

    def after_lines(self, mark: Any) -> list[str]:
        """What happened by itself after an action (engines log it in `events`), since the
        `narration_mark()` taken before it."""
        return self.events[mark:]

    @abstractmethod
    def deal_json(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    @abstractmethod
    def cards_accounted(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    @abstractmethod
    def opening_lines(self) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    @abstractmethod
    def result_line(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def engine_record(self) -> dict[str, Any]:
        """The record as the engines replay it (`new_state`, `check`): the rules preset by
        name; seeded deals name the seed, others carry the dealt cards."""
        rec: dict[str, Any] = {"game": self.game, "rules": self.rules_name}
        if self.seed is not None:
            rec["seed"] = self.seed
        else:
            rec["deal"] = self.deal_json()
        rec["actions"] = list(self.history)
        return rec

    def game_record(self) -> dict[str, Any]:
        """The game record file (docs/records.md): the JSON that `check-record`, `replay`
        and the service's CheckGameRecord take as it is — the rules as an object (preset
        and every switch that differs from it), the seed or the deal, the actions, the
        result once the deal is over, and `practice` after an `undo`."""
        from moneycards.solver.games import spec

        g = spec(self.game)
        rules = self.rules_object()
        preset = getattr(rules, "preset", "seed") or "seed"
        base = g.rules(preset)
        # faces (R-Tôm-cards) in notation, as the record's rules message carries them
        switches = {f.name: (" ".join(map(str, v)) if isinstance(v, tuple) else v)
                    for f in dataclasses.fields(rules) if f.init and f.name != "preset"
                    and (v := getattr(rules, f.name)) != getattr(base, f.name)}
        rec: dict[str, Any] = {
            "game": self.game,
            # the three games' presets as their messages' enum names; a game of one's own,
            # which has no message, by the name its rules take (plugin_rules, records.md)
            "rules": {"preset": preset if g.own else g.preset_enum + preset.upper(),
                      **switches}}
        if self.seed is not None:
            rec["seed"] = self.seed
        else:
            deal = self.deal_json()
            rec["deal"] = {"hands": list(deal["hands"]), "stock": deal.get("stock", ""),
                           "first_seat": int(deal[g.first_seat_key])}
        rec["actions"] = list(self.history)
        if self.result is not None:
            rec["result"] = self.result.to_json()
        if self.practice:
            rec["practice"] = True
        return rec

    def rules_object(self) -> Any:
        """The rule switches the deal is played under (each engine's rules dataclass)."""
        return getattr(self, "rules")  # noqa: B009  (set by each engine, not declared here)

    # -- people and programs ------------------------------------------------------------
    def render(self, seat: int | None = None) -> str:
        """The table as `seat` sees it (default: the seat to act, else seat 0), as the
        terminal shows it: its cards, the public table, and its numbered actions when it is
        to act; once the deal is over, the result. Seats are named as the terminal names
        them to that seat: "You", "Seat 1", ..."""
        from moneycards.solver.screen import menu_lines, screen

        if seat is None:
            seat = self.current_seat()
            seat = 0 if seat is None else seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise InvalidInput(f"a seat is 0-{self.seats - 1}", field="seat")
        with told_to(seat):
            names = [seat_label(s) for s in range(self.seats)]
            obs = self.observation(seat)
            lines = screen(obs, names)
            if self.current_seat() == seat:
                lines += menu_lines(obs, names)
            if self.is_over:
                lines.append(self.result_line())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()

    def undo(self) -> str:
        """Take back the last action, for practice: the state becomes what it was before
        it, and the record is marked a practice game (`practice`), as the terminal table's
        undo marks it. The action taken back; InvalidInput when nothing was played."""
        if not self.history:
            raise InvalidInput("nothing to undo: no action has been played", field="action")
        taken = self.history[-1]
        fresh = type(self)(self.seed, self.rules_object(), self.deal_json())  # type: ignore[call-arg]
        fresh.previous_winner = self.previous_winner
        for action in self.history[:-1]:
            fresh.apply(action)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)
        self.practice = True
        return taken

    rules_name = "seed"
    seed: int | None = None
    practice = False  # an action was taken back (`undo`): the record says so
    # In a match, the seat that won the previous deal (R-match; Thông under `traditional`).
    previous_winner: int | None = None


def read_deal(deal: Any, deck: Deck, first_key: str, seats: int, *,
              stock: bool = True) -> tuple[list[list[Face]], list[Face], int]:
    """The parts of a record's `deal`: hands (notation per seat), the stock from the top
    and the first seat under `first_key`; errors name the key."""
    keys = "'hands', 'stock' and " if stock else "'hands' and "
    try:
        hands = [deck.parse(h, field=f"record.deal.hands[{k}]")
                 for k, h in enumerate(deal["hands"])]
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
    return name_says(seat_label(seat), verb)


def name_says(name: str, verb: str) -> str:
    """A name with a verb: "Ana claims", but "You claim"."""
    if name == "You":
        head, sep, rest = verb.partition(" ")  # "is the master": the first word agrees
        head = {"is": "are", "has": "have"}.get(head, head.removesuffix("s"))
        verb = head + sep + rest
    return f"{name} {verb}"


def in_sentence(seat: int | None) -> str:
    """A seat's name inside a sentence: "by Ana", but "by you" and, unnamed, "by seat 2"."""
    name = seat_label(seat)
    if name == "You" or name in DEFAULT_NAMES:
        return name[:1].lower() + name[1:]
    return name


def possessive(name: str) -> str:
    """A name's possessive: "Ana's", but "your"."""
    return "your" if name == "You" else f"{name}'s"


# A seed is 0 to 2^63-1 wherever one is given: a table's, a record's, a self-play run's.
SEED_LIMIT = 1 << 63
SEED_WORDS = "the seed is a whole number 0 to 2^63-1"


def check_seed(seed: Any, field: str) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidInput(SEED_WORDS, field=field)


DEFAULT_NAMES = ("Seat 0", "Seat 1", "Seat 2", "Seat 3")  # a table or a header names them
_names: ContextVar[tuple[str, ...]] = ContextVar("seat_names", default=DEFAULT_NAMES)


def dealt_by(seed: int | None) -> str:
    """How a deal's cards were dealt, for its opening line: by a seed, or given as cards
    (a deal JSON, a match's later deals), which no seed names."""
    return f"seed {seed}" if seed is not None else "cards as recorded"


def seat_label(seat: int | None) -> str:
    """A seat's name in the narration: "Seat 0", "Seat 1", ... unless `named_seats` gives
    the names (a record's header, a table's seats)."""
    names = _names.get()
    return names[seat] if seat is not None and 0 <= seat < len(names) else "-"


@contextmanager
def named_seats(names: Sequence[str] | None) -> Iterator[None]:
    """Narrate with these seat names (seat 0 first) inside the block."""
    if not names:
        yield
        return
    token = _names.set(tuple(names))
    try:
        yield
    finally:
        _names.reset(token)


@contextmanager
def told_to(seat: int) -> Iterator[None]:
    """Narrate to `seat` (a hint's reasons): the names a table gives (`named_seats`) stand;
    without them the seat is "You" and the others "Seat 0", "Seat 1", ..."""
    names = list(_names.get())
    if tuple(names) != DEFAULT_NAMES or not 0 <= seat < len(names):
        yield
        return
    names[seat] = "You"
    with named_seats(names):
        yield


# -- records -------------------------------------------------------------------------------
@dataclass(frozen=True)
class RecordCheck:
    valid: bool
    complete: bool
    actions: int
    index: int | None = None  # first illegal action
    rule: str | None = None
    message: str | None = None
    result: Outcome | None = None
    summary: str = ""  # the result in words, as `replay` ends

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.valid, "complete": self.complete, "actions": self.actions,
                "first_illegal": self.index, "rule": self.rule, "message": self.message,
                "result": self.result.to_dict() if self.result is not None else None}


Factory = Callable[[dict[str, Any]], TableState]


def load_record(data: object, game: str) -> dict[str, Any]:
    """The record as a dict, with its shape checked (errors name the key)."""
    data = json_object(data, field="record", what="a game record (a JSON object)")
    if data.get("game", game) != game:
        from moneycards.solver.games import another_game

        raise InvalidInput(another_game(data.get("game"), game), field="record.game")
    unknown = set(data) - {"game", "rules", "seed", "deal", "actions", "result", "seats",
                           "played_at"}
    if unknown:
        raise InvalidInput(f"unknown keys: {', '.join(sorted(unknown))}", field="record")
    if "seed" not in data and "deal" not in data:
        raise InvalidInput("needs a 'seed' or a 'deal'", field="record")
    if "seed" in data and "deal" in data:  # the seed deals other cards than the deal names
        raise InvalidInput("a record gives its 'seed' or its 'deal' (the cards dealt), not "
                           "both", field="record.deal")
    if "seed" in data:
        # as a table's seed: a negative one dealt cards no table deals, and the verdict
        # then blamed a legal action for them
        check_seed(data["seed"], field="record.seed")
    rules = data.get("rules")
    # A preset name, or the rules object a record file's `rules` message was read into.
    if rules is not None and (isinstance(rules, (dict, list, int, float, bool))):
        raise InvalidInput("the rules are a preset name (text)", field="record.rules")
    if "deal" in data and not isinstance(data["deal"], dict):
        raise InvalidInput("the deal is an object with the dealt cards", field="record.deal")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidInput("actions are a list of strings", field="record.actions")
    from moneycards.solver.bounds import check_length

    check_length(game, actions)
    return data


def check_result(rec: dict[str, Any], state: TableState) -> None:
    """A record's `result` states what the replay must give: every key it names must match
    (a record with a false result cannot have happened, so it is refused)."""
    if "result" not in rec:
        return
    said = rec["result"]
    if not isinstance(said, dict):
        raise InvalidInput("the result is an object, as the replay gives it",
                           field="record.result")
    got = state.result.to_dict() if state.result is not None else None
    if got is None:
        if said:
            raise InvalidInput("the record states a result, but the actions do not end the "
                               "deal", field="record.result")
        return
    def said_as(key: str, value: Any) -> str:
        """A result's value as a record file writes it: the outcome as its enum name, a
        value the replay leaves out (Kowah's net, Tổ Tôm's fu) as none."""
        if value is None or value == []:
            return "none"
        if key == "outcome" and isinstance(value, str):
            return "DEAL_OUTCOME_" + value.upper()
        return json.dumps(value, ensure_ascii=False)

    for key, value in said.items():
        if key not in got or got[key] != value:
            raise InvalidInput(
                f"the record says {key} {said_as(key, value)}, the replay gives "
                f"{said_as(key, got.get(key))}: {state.result_line()}", field="record.result")


def check_record(data: Any, game: str, factory: Factory) -> RecordCheck:
    """Replay a record; valid when every action was legal when it was made."""
    rec = load_record(data, game)
    with named_seats(record_names(rec)):
        return _check_record(rec, factory)


def _check_record(rec: dict[str, Any], factory: Factory) -> RecordCheck:
    state = factory(rec)
    for k, action in enumerate(rec.get("actions", [])):
        try:
            state.apply(action)
        except IllegalAction as err:
            # complete: whether the deal reached its end (an action after it is illegal)
            return RecordCheck(False, state.is_over, k, k, err.rule, err.message,
                               state.result)
    check_result(rec, state)
    return RecordCheck(True, state.is_over, len(rec.get("actions", [])), result=state.result,
                       summary=state.result_line() if state.is_over else "")


def record_names(rec: dict[str, Any]) -> list[str] | None:
    """The seat names a record's header gives (None without a header)."""
    seats = rec.get("seats") or []
    return [s.get("name") or seat_label(k) for k, s in enumerate(seats)] or None


def _drew(before: Any, after: Any, seat: int, lines: Sequence[str]) -> str:
    """A card drawn in private, told in a replay (which shows every hand) as the drawer's
    own log tells it: " (drew 3m)"; a card drawn face up (KW-X3) its lines already say."""
    cards = after.deck.render(after.drawn_in_private(before, seat))
    return f" (drew {cards})" if cards and not any(f"drew {cards}" in x for x in lines) else ""


def replay_lines(data: Any, game: str, factory: Factory) -> list[str]:
    """A person-readable account of the deal, step by step (stops at an illegal action);
    seats are named as the record's header says, else "Seat 0", "Seat 1", ..."""
    rec = load_record(data, game)
    with named_seats(record_names(rec)):
        return _replay_lines(rec, factory)


def _replay_lines(rec: dict[str, Any], factory: Factory) -> list[str]:
    state = factory(rec)
    lines = state.opening_lines()
    for k, action in enumerate(rec.get("actions", [])):
        seat = state.current_seat()
        try:
            before = state.clone()  # describe() tells the action as the table was
            mark = state.narration_mark()
            state.apply(action)
        except IllegalAction as err:
            lines.append(f"{k + 1:>3}. ILLEGAL {err.message} [{err.rule}]")
            return lines
        assert seat is not None  # the action was legal: the deal was on
        after = state.after_lines(mark)
        drew = _drew(before, state, seat, after)
        lines.append(f"{k + 1:>3}. {before.describe(action, seat)}{drew}")
        lines.extend(f"     {x}" for x in after)
    check_result(rec, state)
    lines.append(state.result_line())
    return lines
