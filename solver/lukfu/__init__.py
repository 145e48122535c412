"""Luk Fu (Hakka): its folder's shared facts, said once."""

SEATS = 3
