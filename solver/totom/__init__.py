"""Tổ Tôm (the 100-card Chắn table): its folder's shared facts, said once."""

from moneycards.solver.cards import TOTOM

SEATS = 4
NF = len(TOTOM.faces)  # faces of the deck: the length of a count vector
# The game's name in the registry, records and observations; other layers say it
# through this constant.
NAME = "totom"
