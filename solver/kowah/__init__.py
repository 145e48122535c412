"""Kowah (Cheki): its folder's shared facts, said once."""

from moneycards.solver.cards import KOWAH

SEATS = 3
NF = len(KOWAH.faces)  # faces of the deck: the length of a count vector
# The game's name in the registry, records and observations; other layers say it
# through this constant.
NAME = "kowah"
