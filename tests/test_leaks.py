"""Observations leak nothing (docs/observations.md, R-claim-privacy, KW-X3, LF-F6, LF-O3).

For random seeded deals of every game, each seat's observation is compared, step by step,
with the observation of a twin deal that differs only in cards hidden from that seat: two
cards swapped between other seats' hands, the undrawn stock, Kowah cards drawn in private
by another seat, and Luk Fu cards another seat discarded face down. As long as the same
actions are legal in the twin, the seat must see exactly the same thing.
"""

import random

import pytest

from moneycards.solver.games import spec
from moneycards.solver.table import IllegalAction

DEALS = {"totom": 2, "kowah": 4, "lukfu": 2}  # seeded deals per game
TWINS = {"totom": 3, "kowah": 3, "lukfu": 2}  # twins per seat and deal
STEPS = {"totom": 80, "kowah": 40, "lukfu": 60}  # actions played (a Luk Fu deal has fewer)


def play(game, seed):
    """A seeded deal played with random legal actions: its dealt cards and actions."""
    rng = random.Random(seed)
    state = spec(game).seeded(seed)
    actions = []
    while not state.is_over and len(actions) < STEPS[game]:
        acts = state.legal_texts()
        act = rng.choice([a for a in acts if a not in ("win", "claim")] or acts)
        actions.append(act)
        state.apply(act)
    return state.deal_json(), actions


def _slots(game, deal):
    """The dealt cards as (place, index) -> card text; places are seats or "stock"."""
    deck = spec(game).deck
    out = {}
    for s, hand in enumerate(deal["hands"]):
        for k, f in enumerate(deck.parse(hand)):
            out[(s, k)] = f.text
    for k, f in enumerate(deck.parse(deal.get("stock", ""))):
        out[("stock", k)] = f.text
    return out


def _deal_of(game, deal, slots):
    deck = spec(game).deck
    new = dict(deal)
    new["hands"] = [deck.render(deck.parse(" ".join(slots[(s, k)] for (p, k) in sorted(
        x for x in slots if x[0] == s)))) for s, _ in enumerate(deal["hands"])]
    if "stock" in deal:
        n = len([x for x in slots if x[0] == "stock"])
        new["stock"] = " ".join(slots[("stock", k)] for k in range(n))
    return new


def hidden_slots(game, deal, actions, seat):
    """The dealt places whose cards `seat` never sees in this deal, and the actions whose
    text is hidden from it (Luk Fu face-down follows of other seats)."""
    state = spec(game).new_state({"deal": deal, "rules": None})
    named, secret_acts = set(), set()
    private_draws = set()
    stock0 = len(getattr(state, "stock", []))
    for i, act in enumerate(actions):
        actor = state.current_seat()
        verb, _, arg = act.partition(" ")
        if game == "lukfu" and verb == "down" and actor != seat:
            secret_acts.add(i)
        elif arg and verb not in ("call", "declare"):
            named.update(f.text for f in spec(game).deck.parse(arg))
        elif verb == "declare":
            named.update(f.text for f in spec(game).deck.parse(arg))
        if game == "kowah" and verb == "draw" and actor != seat and not state.declared:
            private_draws.add(stock0 - len(state.stock))
        state.apply(act)
    stock_seen = stock0 - len(getattr(state, "stock", []))
    slots = _slots(game, deal)
    free = []
    for place, k in sorted(slots, key=str):
        if place == seat or slots[(place, k)] in named:
            continue
        if place == "stock" and k < stock_seen and k not in private_draws:
            continue
        free.append((place, k))
    return slots, free, secret_acts


def twin(game, deal, actions, seat, rng):
    """A deal differing from `deal` only in two cards hidden from `seat`, and its actions."""
    slots, free, secret_acts = hidden_slots(game, deal, actions, seat)
    for _ in range(20):
        if len(free) < 2:
            return None
        a, b = rng.sample(free, 2)
        x, y = slots[a], slots[b]
        if x != y:
            break
    else:
        return None
    slots = dict(slots)
    slots[a], slots[b] = y, x
    swap = {x: y, y: x}
    deck = spec(game).deck
    acts = []
    for i, act in enumerate(actions):
        if i in secret_acts:
            verb, _, arg = act.partition(" ")
            cards = [deck.parse(swap.get(f.text, f.text))[0] for f in deck.parse(arg)]
            act = f"{verb} {deck.render(cards)}"
        acts.append(act)
    return _deal_of(game, deal, slots), acts


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_no_observation_shows_cards_hidden_from_its_seat(game):
    rng = random.Random(2024)
    compared = 0
    for seed in range(DEALS[game]):
        deal, actions = play(game, seed)
        for seat in range(spec(game).seats):
            for _ in range(TWINS[game]):
                other = twin(game, deal, actions, seat, rng)
                if other is None:
                    continue
                a = spec(game).new_state({"deal": deal, "rules": None})
                b = spec(game).new_state({"deal": other[0], "rules": None})
                assert a.observation(seat).to_json() == b.observation(seat).to_json()
                for act, act_b in zip(actions, other[1]):
                    a.apply(act)
                    try:
                        b.apply(act_b)
                    except IllegalAction:
                        break  # the twin's hidden cards change what another seat may do
                    assert a.observation(seat).to_json() == b.observation(seat).to_json(), (
                        seed, seat, len(a.history))
                    compared += 1
    assert compared > 100, compared
