"""R-claim-privacy (Tổ Tôm) and R-declare-privacy (Kowah, optional declaration) by twins.

A deal in which some seat was offered a private claim or declaration and declined it is
played beside a twin in which that seat never had the option: the twin's cards differ only
in that seat's hidden hand (one card swapped with a stock card that is never seen in the
deal). Every other person at the table must receive exactly the same things in both —
views, versions, events, refusals of its own actions and hint answers — whoever sits at the
table, people and AI levels mixed at random, the watching person acting during the window
or not.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from moneycards.solver.games import spec
from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import AI, HUMAN, Seat, Table

DEALS = 200  # seeded deals per game
LEVELS = ("random", "greedy")


def seats_for(game: str, rng: random.Random) -> list[Seat]:
    n = spec(game).seats
    while True:
        kinds = [HUMAN if rng.random() < 0.55 else AI for _ in range(n)]
        if kinds.count(HUMAN) >= 1:
            return [Seat(HUMAN) if k == HUMAN else Seat(AI, rng.choice(LEVELS)) for k in kinds]


def rules_for(game: str) -> Any:
    rules = spec(game).rules("seed")
    if game == "kowah":
        rules = dataclasses.replace(rules, optional_declaration=True)
    return rules


def decline_of(table: Table, seat: int) -> str | None:
    """The private decline open to `seat` in its own view, if any."""
    view = table.view_state(seat)
    if view.current_seat() != seat:
        return None
    return view.private_decline()


def probe_action(table: Table, seat: int) -> str:
    """An action the seat may not take now (it is not its turn, or not that action)."""
    hand = table.observation(seat).to_json().get("hand") or ""
    card = hand.split()[0][-2:] if hand.split() else "2c"
    return f"discard {card}" if table.state.game == "totom" else "take"


def original(game: str, seed: int, rng: random.Random) -> tuple[Table, list[tuple]]:
    """Play a deal: people pick at random who acts among those who may, and mostly play as
    the greedy AI would; every private option is declined; now and then a person tries an
    action it may not take. The script of calls."""
    table = Table.create(game, seats_for(game, rng), seed=seed, rules=rules_for(game))
    people = [s for s, x in enumerate(table.seats) if x.kind == HUMAN]
    script: list[tuple] = []
    for _ in range(3000):
        if table.is_over:
            break
        movers = [s for s in people if table.observation(s).legal_actions]
        if not movers:
            break
        if rng.random() < 0.08:
            s = rng.choice(people)
            probe = probe_action(table, s)
            if probe not in table.observation(s).legal_actions:
                script.append(("probe", s, probe))
                with pytest.raises(IllegalAction):
                    table.act(s, probe)
            continue
        s = rng.choice(movers)
        decline = decline_of(table, s)
        obs = table.observation(s)
        if decline is not None:
            action = decline
        elif rng.random() < 0.8:
            action = spec(game).greedy(obs, rng)
        else:
            action = rng.choice(list(obs.legal_actions))
        script.append(("act", s, action))
        table.act(s, action)
    assert table.is_over, f"{game} seed {seed}: the deal did not end"
    return table, script


def run(table: Table, script: list[tuple], decider: int) -> list[Any]:
    """Play the script on a table, leaving out the decider's declines it does not have.
    After each call: the stock left, whether the decider's call went as in the script, and
    what each other person received (its answer, then every person's version and view,
    and a hint answer now and then)."""
    people = [s for s, x in enumerate(table.seats) if x.kind == HUMAN and s != decider]
    game = spec(table.game.name)
    out: list[Any] = []
    for k, (kind, s, action) in enumerate(script):
        if s == decider and kind == "act" and decline_of(table, s) is None \
                and action == table.view_state(s).normalize(action) \
                and action in ("decline", "stay"):
            out.append(None)  # the twin never asked the decider
            continue
        try:
            answer: tuple = ("ok", table.act(s, action))
        except IllegalAction as err:
            answer = ("refused", err.message, err.rule)
        as_scripted = s != decider or (kind == "act") == (answer[0] == "ok")
        seen = {w: (table.version(w), table.observation(w).to_json()) for w in people}
        hints = {}
        if k % 40 == 0:
            for w in people:
                obs = table.observation(w)
                if obs.legal_actions:
                    ranked = game.hint(obs, level="heuristic", seed=7)
                    hints[w] = [(r.action, r.reason) for r in ranked]
        out.append((len(table.state.stock), as_scripted, len(table.log),
                    answer if s != decider else None, seen, hints))
    return out


def swap(game: str, deal: dict[str, Any], seat: int, out: str, at: int) -> dict[str, Any]:
    """The deal with one `out` card of the seat's hand and the stock card at `at`
    exchanged."""
    deck = spec(game).new_state({"deal": deal}).deck
    hands = [deck.parse(h) for h in deal["hands"]]
    stock = deck.parse(deal["stock"])
    hands[seat].remove(deck.parse(out)[0])
    hands[seat].append(stock[at])
    stock[at] = deck.parse(out)[0]
    return {**deal, "hands": [deck.render(h) for h in hands],
            "stock": " ".join(f.text for f in stock)}


def twins(game: str, seed: int) -> tuple[int, int] | None:
    """Compare one deal with a twin; (calls compared, watchers' calls made while the
    decider decided) or None when the deal has no private decline with a twin beside it.

    The twin's swapped stock card shows once it is drawn (both engines draw from the front
    of the stock), so the two are compared until then: the swap is chosen so that the
    decider's private decline comes before, and its own calls replay alike."""
    rng = random.Random(f"{game}/{seed}")
    first, script = original(game, seed, rng)
    deciders = sorted({e.seat for e in first.log if e.private})
    deal = first.state.deal_json()
    stock = first.state.deck.parse(deal["stock"])
    for decider in deciders:
        watchers = [s for s, x in enumerate(first.seats) if x.kind == HUMAN and s != decider]
        if not watchers:
            continue
        base = Table.create(game, list(first.seats), seed=seed, rules=rules_for(game),
                            played_at=first.played_at, deal=deal)
        a = run(base, script, decider)
        assert all(x is not None and x[1] for x in a)  # the same cards replay the script
        hand = sorted({f.text for f in first.state.deck.parse(deal["hands"][decider])})
        tries = [(out, at) for out in hand for at in range(len(stock) - 1, len(stock) - 9, -1)
                 if stock[at].text != out]
        rng.shuffle(tries)
        for out, at in tries[:6]:
            twin = Table.create(game, list(first.seats), seed=seed, rules=rules_for(game),
                                played_at=first.played_at, deal=swap(game, deal, decider,
                                                                      out, at))
            b = run(twin, script, decider)
            # Compared while the swapped card is still in the stock: left > len - 1 - at.
            cut = next((k for k, x in enumerate(a) if x[0] < len(stock) - at), len(a))
            if any(y is not None and not y[1] for y in b[:cut]):
                continue  # the decider's own calls no longer replay: no twin
            skipped = [k for k in range(cut) if b[k] is None]
            if not skipped:
                continue  # the decider was asked alike in both
            if public_moves(twin, decider, b, cut) != public_moves(base, decider, a, cut):
                continue  # an AI decider played otherwise with other cards
            for k in range(cut):
                if b[k] is None:
                    continue
                assert a[k][3:] == b[k][3:], \
                    f"{game} seed {seed} call {k}: a seat can tell seat {decider} was asked"
            during = sum(1 for k in range(skipped[0], cut)
                         if script[k][0] == "act" and script[k][1] in watchers)
            return cut, during
    return None


def public_moves(table: Table, seat: int, calls: list[Any], cut: int) -> list[str]:
    """The seat's public actions (an AI's among them) made by the calls before `cut`."""
    logged = max((x[2] for x in calls[:cut] if x is not None), default=0)
    return [e.text for e in table.log[:logged] if e.seat == seat and not e.private]


CHUNKS = 4  # the deals split so that parallel test workers share them


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", ["totom", "kowah"])
def test_R_privacy_no_seat_can_tell_another_was_asked(game, chunk):
    """R-claim-privacy / R-declare-privacy over 200 random deals per game (in chunks) with
    random seat mixes: every twin found compares equal for every other person."""
    compared = watched = 0
    for seed in range(chunk, DEALS, CHUNKS):
        got = twins(game, seed)
        if got is not None:
            compared += 1
            watched += got[1]
    # About a third of the deals have a twin; a chunk with few would test little.
    assert compared >= 5, f"only {compared} twins in {DEALS // CHUNKS} deals"
    assert watched >= 5, "no person acted while another decided"


@pytest.mark.parametrize("game", ["totom", "kowah"])
def test_a_seats_version_counts_every_entry_it_is_shown(game):
    """Table.version counts the log entries before the seat's open decision that `_shown`
    shows it, looking only at the voided, unseen and private ones: equal to counting every
    entry, at every step of deals with private declines taken back and claims made."""
    checked = private = 0
    for seed in range(12):
        rng = random.Random(f"version/{game}/{seed}")
        table = Table.create(game, seats_for(game, rng), seed=seed, rules=rules_for(game))
        people = [s for s, x in enumerate(table.seats) if x.kind == HUMAN]
        for _ in range(3000):
            for s in range(len(table.seats)):
                until = table._seen_until(s)
                assert table.version(s) == sum(
                    1 for pos in range(until) if table._shown(pos, s)), (game, seed, s)
                checked += 1
            movers = [s for s in people if table.observation(s).legal_actions]
            if table.is_over or not movers:
                break
            s = rng.choice(movers)
            obs = table.observation(s)
            # now and then a private claim or declaration taken, which takes moves back
            table.act(s, rng.choice(list(obs.legal_actions)) if rng.random() < 0.3
                      else decline_of(table, s) or spec(game).greedy(obs, rng))
        private += len(table.private_at) + len(table.void)
    assert checked > 1000 and private > 0
