"""Kowah (Cheki): its folder's shared facts, said once."""

from moneycards.solver.cards import KOWAH

SEATS = 3
NF = len(KOWAH.faces)  # faces of the deck: the length of a count vector
