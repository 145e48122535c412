"""Helpers for scripted deals: fill the rest of a deal in a fixed order."""

from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM


def fill(deck, fixed_hands, sizes, stock_top, stock_size):
    """Hands that start with `fixed_hands` and stock that starts with `stock_top`, the rest
    of the deck dealt in canonical order: hands first, then the stock."""
    left = [f for f in deck.faces for _ in range(deck.copies)]
    for f in [x for h in fixed_hands for x in deck.parse(h)] + deck.parse(stock_top):
        left.remove(f)
    hands = []
    for text, size in zip(fixed_hands, sizes):
        cards = deck.parse(text)
        while len(cards) < size:
            cards.append(left.pop(0))
        hands.append(cards)
    stock = deck.parse(stock_top) + left
    assert len(stock) == stock_size, len(stock)
    return [deck.render(h) for h in hands], " ".join(f.text for f in stock)


def totom_deal(hands, stock_top, dealer=0):
    sizes = [20 if s == dealer else 19 for s in range(4)]
    h, stock = fill(TOTOM, hands, sizes, stock_top, 23)
    return {"hands": h, "stock": stock, "dealer": dealer}


def kowah_deal(hands, stock_top, first=0):
    h, stock = fill(KOWAH, hands, [8, 8, 8], stock_top, 96)
    return {"hands": h, "stock": stock, "first": first}
