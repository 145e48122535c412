"""Tổ Tôm (the 100-card Chắn table): its folder's shared facts, said once."""

from moneycards.solver.cards import Deck, face, suit_faces
from moneycards.solver.rulebook import data

# The game's name in the registry, records and observations; other layers say it
# through this constant.
NAME = "totom"
SEATS = 4

_VN_SUIT = {"m": "vạn", "s": "sách", "c": "văn"}
_VN_RANK = {2: "Nhị", 3: "Tam", 4: "Tứ", 5: "Ngũ", 6: "Lục", 7: "Thất", 8: "Bát", 9: "Cửu"}

TOTOM = Deck(
    game=NAME,
    faces=tuple(suit_faces("csm", range(2, 10)) + [face("1h")]),
    copies=4,
    aliases={"chichi": face("1h")},
    names={**{f: f"{_VN_RANK[f.rank]} {_VN_SUIT[f.suit]}"
              for f in suit_faces("csm", range(2, 10))},
           face("1h"): "Chi chi"},
    rule="TT-D1",
)
data("TT-D1", "25 faces, four copies of each: ranks 2-9 in three suits and Chi chi",
     __name__, "TOTOM")

NF = len(TOTOM.faces)  # faces of the deck: the length of a count vector
