"""Private decisions the table plays on past (R-claim-privacy), at the edges a random deal
rarely reaches: a seat's own decline counted in its own version, two seats deciding at
once when the earlier one claims, and that claim reaching every other seat."""

from __future__ import annotations

import pytest

from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import AI, HUMAN, Seat, StaleVersion, Table

TOTOM_SEATS = [Seat(HUMAN), Seat(HUMAN), Seat(AI, "greedy"), Seat(HUMAN)]
PEOPLE = [Seat(HUMAN) for _ in range(4)]
# Tổ Tôm seed 29, four people: seat 1 is asked about a Chíu (its answer pending), the
# others play on, and seat 0 is then asked about a Chíu of its own.
TWO_WINDOWS = [(1, "discard 5m"), (2, "pass"), (2, "pass"), (3, "pass"), (3, "pass"),
               (0, "pass"), (0, "pass"), (1, "pass"), (1, "capture 9s"), (1, "discard 2c"),
               (2, "pass"), (2, "pass"), (3, "pass"), (3, "pass"), (0, "capture 8m"),
               (0, "discard 1h"), (1, "pass"), (1, "pass"), (2, "pass"), (2, "pass"),
               (3, "pass"), (3, "capture 8s"), (3, "discard 2m"), (0, "pass")]


def two_windows() -> Table:
    t = Table.create("totom", PEOPLE, seed=29)
    for seat, action in TWO_WINDOWS:
        t.act(seat, action)
    assert [p.seat for p in t.pending] == [1, 0]
    assert t.observation(1).legal_actions == ("chiu", "decline")
    assert t.observation(0).legal_actions == ("chiu", "decline")
    return t


def test_R_claim_privacy_a_seats_own_decline_counts_in_its_own_version():
    """Seat 0 declines a Chíu the others played past: it sees its decline (nobody else
    does), so its version grows by it, and an action naming that version is not stale."""
    t = Table.create("totom", TOTOM_SEATS, seed=1)
    t.act(1, "discard 3s")
    t.act(3, "capture 9m")
    others = {s: t.version(s) for s in (1, 3)}
    before = t.version(0)
    events = t.act(0, "decline")
    assert events[0].action == "decline" and events[0].seat == 0
    assert t.version(0) == before + len(events) == events[-1].version
    assert [e.version for e in t.events(0)] == list(range(1, t.version(0) + 1))
    assert {s: t.version(s) for s in (1, 3)} == others  # nobody else saw it
    # Seat 0's next decision names the version it was shown, and is accepted on it.
    seat = t.to_act(0)
    if seat == 0:
        t.act(0, t.observation(0).legal_actions[0], t.version(0))


def test_R_claim_privacy_a_claim_drops_the_later_open_decision_decided_on_a_stale_view():
    """Seat 1's Chíu comes first and takes back what was played since, seat 0's window
    with it: seat 0's answer, decided on a table that no longer is, is not kept for later.
    Named with the version it was decided on it is stale; without, it is judged on the
    table as it now is, where it is seat 1's turn to discard."""
    t = two_windows()
    v0 = t.version(0)
    t.act(1, "chiu")
    assert t.pending == [] and t.record()["actions"][-1] == "chiu"
    assert t.observation(0).legal_actions == ()
    inputs = list(t.inputs)
    with pytest.raises(StaleVersion):
        t.act(0, "chiu", v0)
    with pytest.raises(IllegalAction):
        t.act(0, "chiu")
    assert t.inputs == inputs and t.record()["actions"][-1] == "chiu"
    assert t.observation(1).to_act == 1


def test_R_claim_privacy_a_claim_reaches_every_other_seat_even_one_deciding_itself():
    """The claim is one event in every other seat's log, the one deciding a later window
    included (its window went with what was taken back), each seat's version one more."""
    t = two_windows()
    versions = {s: t.version(s) for s in range(4)}
    t.act(1, "chiu")
    for s in (0, 2, 3):
        new = t.events(s, versions[s])
        assert [(e.seat, e.action) for e in new] == [(1, "chiu")], s
        assert t.version(s) == versions[s] + 1 == new[0].version
        assert "R-claim-privacy" in new[0].lines[0]
    # Each is told what it had seen taken back (seat 0: up to its own window).
    back = {s: t.events(s, versions[s])[0].taken_back for s in (0, 2, 3)}
    assert back[2] and back[3]
    assert set(back[0]) <= set(back[3])


def test_R_claim_privacy_a_tables_public_action_count_leaves_out_a_private_decline():
    """The listing's action count (`public_actions`) is what every seat has seen: seat 0's
    decline of a Chíu is in its own version only, not in the count."""
    t = Table.create("totom", TOTOM_SEATS, seed=1)
    t.act(1, "discard 3s")
    t.act(3, "capture 9m")
    assert t.public_actions == t.version(1) == t.version(3) == 4  # seat 0 is deciding
    t.act(0, "decline")
    assert t.public_actions == t.version(1) == t.version(3) == t.version(0) - 1 == 4


def test_R_hidden_draw_a_taken_back_draw_names_its_cards_to_the_drawer_only():
    """A declaration takes back the next seat's draw: the drawer is told the card it gave
    back; any other seat that saw the draw is told only that it was taken back."""
    from tests.test_take_back import kowah_window

    t, decider = kowah_window()
    other = 3 - decider
    declare = next(a for a in t.observation(decider).legal_actions if a.startswith("declare"))
    versions = {s: t.version(s) for s in range(3)}
    drawn = t.act(other, "draw")[0].drawn
    assert drawn
    t.act(decider, declare)
    told = {s: [b for e in t.events(s, versions[s]) for b in e.taken_back if b[0] == other]
            for s in range(3)}
    assert told[other] == [(other, "draw", drawn)]
    onlookers = [s for s in range(3) if s != other and told[s]]
    assert onlookers, "no other seat saw the draw"
    for s in onlookers:
        assert told[s] == [(other, "draw", ())]
        lines = [line for e in t.events(s, versions[s]) for line in e.lines]
        assert not any("(drew" in line for line in lines)
