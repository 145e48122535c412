"""Many hands at once: notation texts to a count matrix, vectorised with numpy.

`parse_many` reads the plain form of the notation (digits then a suit letter, groups
separated by spaces or commas) for every text in one pass over their bytes. A text that
is not in that plain form (a name such as `chichi`, another separator, a card the deck
does not have, more copies than the deck holds, a typo) goes through the strict parser of
cards.py one by one, which reads it or names the error exactly as a single call would. So
the batch reads every text exactly as `Deck.parse_counts` does, only faster.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from moneycards.solver.cards import SUIT_ORDER, Deck
from moneycards.solver.errors import InvalidInput

Matrix = Any  # a numpy array of shape (hands, faces); numpy's own types add nothing here

_NEWLINE = 10
_PLAIN_SEPARATORS = b" ,"


def _face_table(deck: Deck) -> Any:
    """face index by (suit letter byte, digit): -1 when the deck has no such card."""
    table = np.full((256, 10), -1, dtype=np.int64)
    for i, f in enumerate(deck.faces):
        table[ord(f.suit), f.rank] = i
    return table


_TABLES: dict[str, Any] = {}


def parse_many(deck: Deck, texts: Sequence[str], *,
               field: str = "hand") -> tuple[Matrix, dict[int, InvalidInput]]:
    """A (len(texts), faces) int8 count matrix and the input error of each text that has one
    (its row is zero)."""
    n, nf = len(texts), len(deck.faces)
    counts = np.zeros((n, nf), dtype=np.int8)
    errors: dict[int, InvalidInput] = {}
    if n == 0:
        return counts, errors
    table = _TABLES.get(deck.game)
    if table is None:
        table = _TABLES[deck.game] = _face_table(deck)
    slow = [i for i, t in enumerate(texts) if not t.isascii() or "\n" in t]
    plain = list(texts)
    for i in slow:
        plain[i] = ""
    buf = np.frombuffer("\n".join(plain).encode("ascii"), dtype=np.uint8)
    rejected = np.zeros(n, dtype=bool)
    rejected[slow] = True
    if len(buf):
        row = np.cumsum(buf == _NEWLINE)
        digit = (buf >= 48) & (buf <= 57)
        letter = np.isin(buf, np.frombuffer(SUIT_ORDER.encode(), dtype=np.uint8))
        other = ~(digit | letter | np.isin(buf, np.frombuffer(_PLAIN_SEPARATORS, np.uint8))
                  | (buf == _NEWLINE))
        prev_digit = np.concatenate(([False], digit[:-1]))
        next_card = np.concatenate((digit[1:] | letter[1:], [False]))
        # A suit letter follows a digit; a digit is followed by a digit or a suit letter.
        bad = other | (letter & ~prev_digit) | (digit & ~next_card)
        pos = np.arange(len(buf))
        nxt = np.minimum.accumulate(np.where(letter, pos, len(buf))[::-1])[::-1]
        at = np.nonzero(digit & ~bad)[0]
        suit = buf[np.minimum(nxt[at], len(buf) - 1)]
        faces = table[suit, buf[at] - 48]
        rejected |= np.bincount(row[bad], minlength=n)[:n] > 0
        rejected |= np.bincount(row[at[faces < 0]], minlength=n)[:n] > 0
        keep = faces >= 0
        flat = np.bincount(row[at[keep]] * nf + faces[keep], minlength=n * nf)
        wide = flat.reshape(n, nf)
        rejected |= (wide > deck.copies).any(axis=1)
        counts[~rejected] = wide[~rejected]
    for i in np.nonzero(rejected)[0].tolist():
        counts[i] = 0
        try:
            counts[i] = deck.parse_counts(texts[i], field=field)
        except InvalidInput as err:
            errors[i] = err
    return counts, errors


def hand_keys(counts: Matrix, size: int) -> Any:
    """One exact int64 per hand of `size` cards (at most 12 cards of at most 32 faces): its
    sorted face indices, five bits each. Rows must hold exactly `size` cards."""
    n, nf = counts.shape
    assert nf <= 32 and size * 5 <= 63
    faces = np.repeat(np.tile(np.arange(nf, dtype=np.int64), n),
                      counts.ravel().astype(np.int64)).reshape(n, size)
    shifts = np.arange(size, dtype=np.int64) * 5
    return (faces << shifts).sum(axis=1)
