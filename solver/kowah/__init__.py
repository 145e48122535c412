"""Kowah (Cheki): its folder's shared facts, said once."""

from moneycards.solver.cards import Deck, face, suit_faces
from moneycards.solver.rulebook import data

# The game's name in the registry, records and observations; other layers say it
# through this constant.
NAME = "kowah"
SEATS = 3

KOWAH = Deck(
    game=NAME,
    faces=tuple(suit_faces("csm", range(1, 10)) + [face("1h"), face("2h"), face("3h")]),
    copies=4,
    aliases={"old-thousand": face("1h"), "red-flower": face("2h"), "white-flower": face("3h")},
    names={face("1h"): "Old Thousand", face("2h"): "Red Flower", face("3h"): "White Flower"},
    rule="KW-D1",
)
data("KW-D1", "120 cards: Coins, Strings and Myriads 1-9 and three honours, four of each",
     __name__, "KOWAH")

NF = len(KOWAH.faces)  # faces of the deck: the length of a count vector
