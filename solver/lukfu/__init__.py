"""Luk Fu (Hakka): its folder's shared facts, said once."""

SEATS = 3
# The game's name in the registry, records and observations; other layers say it
# through this constant.
NAME = "lukfu"
