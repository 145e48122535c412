"""Card notation (NOTATION.md): strict parsing, canonical rendering, round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moneycards.solver.kowah import KOWAH
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import ImpossibleCards, NotationError

DECKS = {d.game: d for d in (TOTOM, KOWAH, LUKFU)}


def texts(deck, text):
    return [f.text for f in deck.parse(text)]


def test_grouped_digits_share_the_suit_letter():
    assert texts(TOTOM, "223m") == ["2m", "2m", "3m"]
    assert texts(TOTOM, "55c55s5m") == ["5c", "5c", "5s", "5s", "5m"]
    assert texts(TOTOM, "22m 33s, 1h1h") == ["2m", "2m", "3s", "3s", "1h", "1h"]
    assert texts(TOTOM, "11h") == ["1h", "1h"]


def test_aliases_are_case_insensitive_whole_tokens():
    assert texts(TOTOM, "ChiChi 2m") == ["1h", "2m"]
    assert texts(KOWAH, "old-thousand RED-FLOWER white-flower") == ["1h", "2h", "3h"]
    assert texts(LUKFU, "mau-gung bak-chi") == ["1c", "1t"]


def test_canonical_rendering_orders_suits_and_ranks():
    assert TOTOM.render(TOTOM.parse("11h 99m 54s 3322c")) == "2233c 45s 99m 11h"
    assert LUKFU.render(LUKFU.parse("9t 1c 5m")) == "1c 5m 9t"


@pytest.mark.parametrize("game,text,token,position", [
    ("totom", "1m", "1m", 1),            # no rank 1 in totom
    ("totom", "22c 9h", "9h", 5),         # only 1h is an honour
    ("kowah", "5t", "5t", 1),             # no Tens in kowah
    ("kowah", "4h", "4h", 1),
    ("lukfu", "3h", "3h", 1),
    ("lukfu", "0c", "0c", 1),
    ("totom", "22c 33", "33", 5),         # digits with no suit letter
    ("totom", "5x", "5x", 1),             # unknown letter
    ("totom", "5C", "5C", 1),             # suit letters are lower case
    ("totom", "old-thousand", "old-thousand", 1),  # another game's alias
    ("totom", "2c banana", "banana", 4),
])
def test_bad_tokens_are_named_with_their_position(game, text, token, position):
    with pytest.raises(NotationError) as err:
        DECKS[game].parse(text)
    assert err.value.token == token
    assert err.value.position == position
    assert repr(token) in str(err.value)


@pytest.mark.parametrize("game,text,message", [
    ("totom", "55555c", "5 copies of 5c, but the Tổ Tôm deck holds 4"),
    ("kowah", "2h2h2h2h2h", "5 copies of 2h, but the Kowah deck holds 4"),
    ("lukfu", "1c mau-gung", "1c appears twice; the Luk Fu deck holds one of each card"),
    # The last face of each deck is counted too (TT-D1, KW-D1, LF-D1).
    ("totom", "1h chichi 1h 1h 1h", "5 copies of 1h, but the Tổ Tôm deck holds 4"),
    ("kowah", "33333h", "5 copies of 3h, but the Kowah deck holds 4"),
    ("lukfu", "9t 9t", "9t appears twice; the Luk Fu deck holds one of each card"),
])
def test_more_copies_than_the_deck_holds(game, text, message):
    with pytest.raises(ImpossibleCards) as err:
        DECKS[game].parse_counts(text)
    assert err.value.message == message


def test_deck_sizes():
    assert (TOTOM.size, KOWAH.size, LUKFU.size) == (100, 120, 36)


@pytest.mark.parametrize("game", sorted(DECKS))
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_round_trip_parse_render(game, data):
    deck = DECKS[game]
    counts = data.draw(st.lists(st.integers(0, deck.copies), min_size=len(deck.faces),
                                max_size=len(deck.faces)))
    text = deck.render(counts)
    assert deck.parse_counts(text) == tuple(counts)
    # Any order and grouping of the same cards renders the same.
    shuffled = data.draw(st.permutations(deck.faces_of(counts)))
    loose = ", ".join(f.text for f in shuffled)
    assert deck.render(deck.parse(loose)) == text


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet="0123456789csmth ,xC-", max_size=20))
def test_fuzz_parse_never_guesses(text):
    # Either a clean parse that renders and re-parses identically, or a notation error.
    for deck in DECKS.values():
        try:
            faces = deck.parse(text)
        except (NotationError, ImpossibleCards):
            continue
        assert deck.parse(deck.render(faces)) == sorted(faces)


def test_a_missing_card_in_a_digit_group_says_how_the_group_reads():
    """'10c' is two cards, 1c and 0c, neither in Tổ Tôm: the error names the card and
    shows how the written group was read."""
    with pytest.raises(NotationError) as err:
        TOTOM.parse("10c 22c")
    assert (err.value.token, err.value.position) == ("1c", 1)
    assert "'10c' is 1c, 0c" in str(err.value)
    with pytest.raises(NotationError) as err:
        TOTOM.parse("9h")
    assert "one card per digit" not in str(err.value)
