"""Card faces, decks and the strict card notation of NOTATION.md, shared by all three games.

A hand is canonically a count vector: a tuple with one count per face of the game's deck,
in the deck's canonical face order (suits c, s, m, t, h; ranks ascending).
"""

from __future__ import annotations

import re
from itertools import groupby
from operator import attrgetter
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Iterable, Sequence

from moneycards.solver.errors import ImpossibleCards, NotationError

SUIT_ORDER = "csmth"

SUIT_NAMES = {"c": "Coins", "s": "Strings", "m": "Myriads", "t": "Tens", "h": "Honours"}


@dataclass(frozen=True, order=True)
class Face:
    """A card face: rank digit and suit letter (`3m`, `1h`)."""

    suit_index: int  # position of the suit in SUIT_ORDER; first so that faces sort canonically
    rank: int

    def __post_init__(self) -> None:
        # The hash the dataclass would compute on every call, computed once: faces key the
        # count dicts of every verdict (the same value, so sets and dicts keep their order).
        object.__setattr__(self, "_hash", hash((self.suit_index, self.rank)))
        # and its text once: every view's JSON writes each card of the pile again
        object.__setattr__(self, "_text", f"{self.rank}{SUIT_ORDER[self.suit_index]}")

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    # A face is an immutable value: copying a table's state (search worlds, a table's
    # before-and-after narration) shares faces instead of rebuilding each one.
    def __copy__(self) -> "Face":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Face":
        return self

    @property
    def suit(self) -> str:
        return SUIT_ORDER[self.suit_index]

    @property
    def text(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Face({self.text})"


def counted(n: int, noun: str) -> str:
    """A count with its noun in words: "1 card", "3 old cards" (`noun` in the plural)."""
    return f"{n} {noun[:-1] if n == 1 and noun.endswith('s') else noun}"


def face(text: str) -> Face:
    """A face from exactly one card of notation text, game-independent (`"7c"`)."""
    if len(text) != 2 or text[0] not in "123456789" or text[1] not in SUIT_ORDER:
        raise NotationError("not a single card", token=text, position=1)
    return Face(SUIT_ORDER.index(text[1]), int(text[0]))


@dataclass(frozen=True)
class Deck:
    """The faces one game uses, how many copies of each, and its named aliases."""

    game: str
    faces: tuple[Face, ...]
    copies: int
    aliases: dict[str, Face]
    names: dict[Face, str]
    rule: str = ""  # the rule that defines the deck (TT-D1, KW-D1, LF-D1): its errors cite it
    _index: dict[Face, int] = dataclass_field(init=False, repr=False, compare=False)
    _by_text: dict[str, Face] = dataclass_field(init=False, repr=False, compare=False)
    _index_by_text: dict[str, int] = dataclass_field(init=False, repr=False, compare=False)
    # Per suit in canonical order: its letter and its faces' (index, rank digit).
    _suit_runs: tuple[tuple[str, tuple[tuple[int, str], ...]], ...] = dataclass_field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {f: i for i, f in enumerate(self.faces)})
        object.__setattr__(self, "_by_text", {f.text: f for f in self.faces})
        object.__setattr__(self, "_index_by_text", {f.text: i for i, f in enumerate(self.faces)})
        # A deck of one's own (docs/plugins.md) is told what the notation can write, in a
        # line, where an out-of-range face would fail later with an index error.
        bad = [f for f in self.faces if not 1 <= f.rank <= 9
               or not 0 <= f.suit_index < len(SUIT_ORDER)]
        if bad:
            raise ValueError(f"{self.game}: a face is a rank 1-9 and a suit {SUIT_ORDER!r} "
                             f"(NOTATION.md); not Face(suit_index={bad[0].suit_index}, "
                             f"rank={bad[0].rank})")
        if list(self.faces) != sorted(self.faces):
            raise ValueError(f"{self.game}: a deck's faces are in canonical order, suit by "
                             f"suit ({SUIT_ORDER!r}), ranks ascending")
        object.__setattr__(self, "_suit_runs", tuple(
            (SUIT_ORDER[suit], tuple((i, _DIGITS[f.rank]) for i, f in run))
            for suit, run in groupby(enumerate(self.faces), key=lambda e: e[1].suit_index)))

    @property
    def size(self) -> int:
        return len(self.faces) * self.copies

    def index(self, f: Face) -> int:
        return self._index[f]

    def __contains__(self, f: Face) -> bool:
        return f in self._index

    def _title(self) -> str:
        """The game's name in messages, as its registration gives it ("Tổ Tôm")."""
        from moneycards.solver.games import title_of

        return title_of(self.game).strip("'")

    def name(self, f: Face) -> str:
        return self.names.get(f, f.text)

    # -- count vectors -------------------------------------------------------------------
    def counts(self, faces: Iterable[Face], *, field: str | None = None) -> tuple[int, ...]:
        """Count vector of a list of faces; more copies than the deck holds is an error."""
        vec = [0] * len(self.faces)
        for f in faces:
            vec[self.index(f)] += 1
        for i, n in enumerate(vec):
            if n > self.copies:
                f = self.faces[i]
                # a deck of one card a face says so as Luk Fu's plays do (repeated_card)
                said = (f"{f.text} appears {'twice' if n == 2 else f'{n} times'}; the "
                        f"{self._title()} deck holds one of each card") if self.copies == 1 \
                    else (f"{n} copies of {f.text}, but the {self._title()} deck holds "
                          f"{self.copies}")
                raise ImpossibleCards(said, field=field, rule=self.rule or None)
        return tuple(vec)

    def faces_of(self, counts: Sequence[int]) -> list[Face]:
        """The faces of a count vector, canonical order, with repeats."""
        out: list[Face] = []
        for f, n in zip(self.faces, counts):
            out.extend([f] * n)
        return out

    # -- notation ------------------------------------------------------------------------
    def parse(self, text: str, *, field: str | None = None) -> list[Face]:
        """Read notation text into faces, in the order written. Strict: never guesses."""
        faces: list[Face] = []
        for chunk in _CHUNK.finditer(text):
            faces.extend(self._parse_chunk(chunk.group(), chunk.start() + 1, field))
        return faces

    def parse_counts(self, text: str, *, field: str | None = None) -> tuple[int, ...]:
        # The plain form (digits and suit letters, spaces and commas between) is counted in
        # one pass; anything else, or a count the deck cannot hold, goes the strict way so
        # an error is named exactly as there (a fifth of a single CheckHand, measured).
        if _PLAIN.fullmatch(text):
            vec = [0] * len(self.faces)
            index = self._index_by_text
            for ranks, suit in _GROUP.findall(text):
                for d in ranks:
                    i = index.get(d + suit)
                    if i is None:
                        return self.counts(self.parse(text, field=field), field=field)
                    vec[i] += 1
            if max(vec) <= self.copies:
                return tuple(vec)
        return self.counts(self.parse(text, field=field), field=field)

    def _parse_chunk(self, token: str, position: int, field: str | None) -> list[Face]:
        alias = self.aliases.get(token.lower())
        if alias is not None:
            return [alias]
        out: list[Face] = []
        pos = 0
        while pos < len(token):
            m = _GROUP.match(token, pos)
            here = position + pos
            if m is None:
                rest = token[pos:]
                digits = re.match(r"[0-9]+", rest)
                if digits and len(digits.group()) == len(rest):
                    raise NotationError("digits without a suit letter", token=rest,
                                        position=here, field=field)
                if digits:
                    bad = rest[len(digits.group())]
                    if bad.isdigit():  # '2²c': an ASCII digit, then another script's
                        raise _not_a_rank(rest, len(digits.group()), here, field)
                    if bad.lower() in SUIT_ORDER:
                        raise NotationError(
                            f"suit letters are lower case (did you mean "
                            f"'{digits.group()}{bad.lower()}'?)",
                            token=digits.group() + bad, position=here, field=field)
                    raise NotationError("unknown suit letter", token=digits.group() + bad,
                                        position=here, field=field)
                if rest[0].isdigit():  # '４', '٤', '²' are digits, but not the notation's
                    raise _not_a_rank(rest, 0, here, field)
                if pos == 0 and token.lower() in _other_aliases():  # failures only: cheap
                    raise NotationError(f"alias of another game, not {self.game}", token=token,
                                        position=position, field=field)
                word = re.match(r"[^0-9]+", rest).group()  # type: ignore[union-attr]
                raise NotationError("not a card or a known name", token=word, position=here,
                                    field=field)
            ranks, suit = m.group(1), m.group(2)
            by_text = self._by_text
            for k, d in enumerate(ranks):
                f = by_text.get(d + suit)
                if f is None:
                    group = ""  # a group like '10c' read as one card: say how it reads
                    if 1 < len(ranks) <= 4:
                        cards = ", ".join(r + suit for r in ranks)
                        group = f" (one card per digit: '{ranks}{suit}' is {cards})"
                    raise NotationError(f"no such card in {self._title()}{group}",
                                        token=d + suit, position=here + k, field=field,
                                        rule=self.rule or None)
                out.append(f)
            pos = m.end()
        return out

    def render(self, faces_or_counts: Iterable[Face] | Sequence[int]) -> str:
        """Canonical text: grouped by suit c, s, m, t, h, ranks ascending, one space between."""
        items = list(faces_or_counts)
        if items and isinstance(items[0], int):  # a count vector: written suit by suit
            counts: list[int] = items  # type: ignore[assignment]
            runs = ("".join([digit * counts[i] for i, digit in members if counts[i]]) + suit
                    for suit, members in self._suit_runs)
            return " ".join([run for run in runs if len(run) > 1])
        faces: list[Face] = sorted(items, key=_FACE_ORDER)  # type: ignore[arg-type]
        # Faces in canonical order: one group per run of a suit (hot in every answer).
        return " ".join("".join([_DIGITS[f.rank] for f in run]) + SUIT_ORDER[suit]
                        for suit, run in groupby(faces, key=_SUIT_INDEX))

    def render_named(self, faces: Iterable[Face]) -> str:
        """Human text: each card's notation with its traditional name where it has one."""
        return ", ".join(
            f"{f.text} ({self.names[f]})" if f in self.names else f.text for f in sorted(faces)
        )


_FACE_ORDER = attrgetter("suit_index", "rank")  # the dataclass order, without its tuples
_SUIT_INDEX = attrgetter("suit_index")
_DIGITS = tuple(str(d) for d in range(10))
_CHUNK = re.compile(r"[^\s,]+")
_GROUP = re.compile(r"([0-9]+)([csmth])")  # ASCII digits only: never '２' or '٢'
_PLAIN = re.compile(r"(?:[0-9]+[csmth]|[\s,])*")


def _not_a_rank(rest: str, at: int, position: int, field: str | None) -> NotationError:
    """A digit of another script or form at `rest[at]` (NOTATION.md: ASCII 1-9 only),
    named with the group it starts, up to its suit letter."""
    end = at + 1
    while end < len(rest) and rest[end].isdigit():
        end += 1
    return NotationError(f"'{rest[at]}' is not a rank digit: ranks are the ASCII digits 1-9",
                         token=rest[:end + 1], position=position, field=field)


def suit_faces(suits: str, ranks: Iterable[int]) -> list[Face]:
    """The faces of these ranks in each of these suits, suit by suit (a deck's faces)."""
    return [Face(SUIT_ORDER.index(s), r) for s in suits for r in ranks]


def _other_aliases() -> set[str]:
    """Every registered game's card names: a name of another game's deck is told as such."""
    from moneycards.solver.games import GAMES  # lazy: cycle, the registry imports the decks

    return {a for spec in GAMES.values() for a in spec.deck.aliases}
