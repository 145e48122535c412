"""Luk Fu (Hakka): its folder's shared facts, said once."""

from moneycards.solver.cards import Deck, face, suit_faces
from moneycards.solver.rulebook import data

# The game's name in the registry, records and observations; other layers say it
# through this constant.
NAME = "lukfu"
SEATS = 3

LUKFU = Deck(
    game=NAME,
    faces=tuple(suit_faces("csmt", range(1, 10))),
    copies=1,
    aliases={"mau-gung": face("1c"), "bak-chi": face("1t")},
    names={face("1c"): "Mau Gung", face("1t"): "Bak Chi"},
    rule="LF-D1",
)
data("LF-D1", "36 cards: ranks 1-9 in four suits, one of each", __name__, "LUKFU")
