"""Playing on past a private decision, and taking back (R-claim-privacy, R-declare-privacy).

At every table, whoever sits at it, while a person decides a Tổ Tôm claim or an optional Kowah
declaration, the table plays on as if it declined; a claim then comes first and takes back
what was played meanwhile, in one event every seat gets. Scripted deals with exact
outcomes, then the same through the store, a restart and a Watch resumed across the claim.
"""

from __future__ import annotations

import dataclasses
import random

import grpc

from moneycards.server.app import start_service
from moneycards.server.store import SqliteStore
from moneycards.server.tables import Tables
from moneycards.solver.games import spec
from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import AI, HUMAN, Seat, Table
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

import pytest

TOTOM_SEATS = [Seat(HUMAN), Seat(HUMAN), Seat(AI, "greedy"), Seat(HUMAN)]


def totom_window() -> Table:
    """Tổ Tôm seed 1, seats person, person, AI greedy, person: the dealer (seat 1)
    discards 3s and seat 0, holding three 3s, is asked about a Chíu."""
    t = Table.create("totom", TOTOM_SEATS, seed=1)
    events = t.act(1, "discard 3s")
    # The AI seat answered within the dealer's call, as if seat 0 had declined.
    assert [e.action for e in events] == ["discard 3s", "capture 3m", "discard 9m"]
    assert t.observation(0).legal_actions == ("chiu", "decline")
    return t


def everything(t: Table) -> list:
    return [(s, t.version(s), t.observation(s), t.events(s)) for s in range(len(t.seats))]


def rebuilt(t: Table) -> Table:
    return Table.from_record({**t.record(), "actions": list(t.inputs)})


def test_R_claim_privacy_the_others_play_on_while_a_person_decides():
    t = totom_window()
    # Seat 3 did nothing: it is its turn (the AI's discard 9m), as if seat 0 declined.
    view3 = t.observation(3)
    assert view3.to_act == 3 and "capture 9m" in view3.legal_actions
    assert t.observation(1).to_act == 3
    # It acts at once: its action is played, not held.
    events = t.act(3, "capture 9m")
    assert [e.action for e in events] == ["capture 9m"]
    # Seat 0 still sees the table as it was when asked, and nothing played since.
    assert t.observation(0).legal_actions == ("chiu", "decline")
    assert t.version(0) == 1 and [e.action for e in t.events(0)] == ["discard 3s"]


def test_R_claim_privacy_a_decline_changes_nothing_the_others_see():
    t = totom_window()
    t.act(3, "capture 9m")
    before = {s: (t.version(s), t.observation(s), t.events(s)) for s in (1, 3)}
    events = t.act(0, "decline")
    assert {s: (t.version(s), t.observation(s), t.events(s)) for s in (1, 3)} == before
    # Seat 0 now sees its decline and everything played since.
    assert [e.action for e in events] == ["decline", "capture 3m", "discard 9m", "capture 9m"]
    assert t.record()["actions"] == ["discard 3s", "decline", "capture 3m", "discard 9m",
                                     "capture 9m"]
    assert everything(rebuilt(t)) == everything(t)


def test_R_claim_privacy_a_claim_comes_first_and_takes_back_what_was_played():
    t = totom_window()
    t.act(3, "capture 9m")
    versions = {s: t.version(s) for s in range(4)}
    events = t.act(0, "chiu")
    # The claimant: its claim; what it never saw is not in its log, so none of it is there
    # to strike out, but it is told in words what the others saw and is taken back, with
    # what followed (the cards exposed), so that every seat knows the same.
    assert [(e.action, e.taken_back) for e in events] == [("chiu", ())]
    assert events[0].lines == (
        "Player 0: chiu — it comes first (R-claim-privacy), so 3 actions are taken back, "
        "with what they did",
        "taken back: AI 2: capture 3m", "taken back: AI 2 exposes 3s 3m, taking 3s",
        "taken back: AI 2: discard 9m", "taken back: Player 3: capture 9m",
        "taken back: Player 3 exposes 99m, taking 9m", "Player 0 claims a Chíu: 3333s")
    # Every other seat: one event, the claim, naming what it took back.
    for s in (1, 3):
        new = t.events(s, versions[s])
        assert len(new) == 1 and t.version(s) == versions[s] + 1
        assert new[0].seat == 0 and new[0].action == "chiu"
        assert new[0].taken_back == ((2, "capture 3m", ()), (2, "discard 9m", ()),
                                     (3, "capture 9m", ()))
        assert new[0].lines[0] == ("Player 0: chiu — it comes first (R-claim-privacy), so "
                                   "3 actions are taken back, with what they did")
        # what was taken back is told first, then what the claim did: in the very words
        # the claimant is told, the cards each capture exposed with it (a seat that saw
        # the moves read two bare captures and no cards)
        assert new[0].lines == events[0].lines
    # The table is as if they were never played: seat 0 discards after its Chíu.
    assert t.observation(3).to_act == 0 and t.observation(0).to_act == 0
    assert t.state.cards_accounted()
    assert t.record()["actions"] == ["discard 3s", "chiu"]
    assert everything(rebuilt(t)) == everything(t)
    # The same record without the store's inputs replays to the same table, and the AI
    # seats' seeds count the same actions: the ones that stand.
    again = Table.from_record(t.record())
    assert [again.observation(s) for s in range(4)] == [t.observation(s) for s in range(4)]
    assert again.public_count == t.public_count


def test_R_claim_privacy_a_refused_answer_changes_nothing():
    t = totom_window()
    t.act(3, "capture 9m")
    before = everything(t)
    with pytest.raises(IllegalAction) as err:
        t.act(0, "win")
    assert err.value.rule.startswith("TT-")
    assert everything(t) == before


def one_person_window(game: str, rules=None) -> tuple[Table, int]:
    """A table of one person (seat 0) and greedy AI seats, the person playing greedily
    until it is asked a private decision (a Tổ Tôm claim, an optional Kowah declaration)
    past which an AI seat has acted; the table and where the decision stands in the deal's
    actions."""
    g = spec(game)
    seats = [Seat(HUMAN)] + [Seat(AI, "greedy")] * (g.seats - 1)
    for seed in range(1, 40):
        t = Table.create(game, seats, seed=seed, rules=rules)
        for k in range(300):
            if t.is_over:
                break
            if t.pending and len(t.state.history) > t.pending[0].index + 1:
                return t, t.pending[0].index
            t.act(0, g.greedy(t.observation(0), random.Random(k)))
    raise AssertionError(f"no private decision in {game} seeds 1-39")


ONE_PERSON_GAMES = [
    ("totom", None, ("chiu", "decline")),
    ("kowah", {"optional_declaration": True}, ("stay",)),
]


@pytest.mark.parametrize("game, switches, asked", ONE_PERSON_GAMES)
def test_R_claim_privacy_at_a_table_of_one_person_the_AI_seats_play_on(game, switches, asked):
    """'This holds at every table, whoever sits at it': with one person and AI seats, the
    AI seats reply at once past the person's private decision; the person sees the table
    as it was when asked, and its decline shows it what was played meanwhile."""
    rules = dataclasses.replace(spec(game).rules("seed"), **switches) if switches else None
    t, index = one_person_window(game, rules)
    assert set(asked) <= set(t.observation(0).legal_actions)
    # the AI seats played on past the decision, as if declined ...
    assert len(t.state.history) > index + 1
    assert t.inputs[index].startswith("?")
    # ... and the person does not see it: its view stops where it was asked
    shown = t.version(0)
    decline = t.pending[0].before.private_decline()
    events = t.act(0, decline)
    assert events[0].action == decline and len(events) >= 2  # what the AI seats played
    assert t.version(0) > shown + 1
    assert everything(rebuilt(t)) == everything(t)


@pytest.mark.parametrize("game, switches, asked", ONE_PERSON_GAMES)
def test_R_claim_privacy_at_a_table_of_one_person_a_claim_takes_back_the_AI_replies(
        game, switches, asked):
    rules = dataclasses.replace(spec(game).rules("seed"), **switches) if switches else None
    t, index = one_person_window(game, rules)
    claim = next(a for a in t.observation(0).legal_actions
                 if a != t.pending[0].before.private_decline())
    played_on = len(t.state.history) - index - 1
    assert played_on >= 1
    events = t.act(0, claim)
    assert events[0].action == t.record()["actions"][index]
    # Only AI seats saw what is taken back, and they keep nothing of it: nobody is told it
    # (a stock card turned up meanwhile stays unknown to every seat alike).
    assert not any(line.startswith("taken back") or "comes first" in line
                   for e in events for line in e.lines)
    assert t.state.cards_accounted()
    assert everything(rebuilt(t)) == everything(t)


def stock_card_two_wins(people: tuple[int, ...]) -> Table:
    """Tổ Tôm: the dealer (seat 0) has discarded 1h; seat 1 passes and exposes 5c at its
    door, which completes the hands of seats 2 and 3. From door 1, TT-P3 asks seat 2
    first. `people`: the seats that are people (the rest greedy AI seats)."""
    from tests.table_helpers import totom_deal

    deal = totom_deal(["1h", "", "22s 33s 44s 66s 77s 88s 2c2m 3c3m 4c4m 5s",
                       "22m 33m 44m 66m 77m 88m 6c6s 7c7s 8c8s 5m"], "5c", dealer=0)
    seats = [Seat(HUMAN) if s in people else Seat(AI, "greedy") for s in range(4)]
    header = Table.create("totom", [Seat(HUMAN)] + seats[1:], seed=5, deal=deal).header()
    header["seats"] = [s.to_dict() for s in seats]
    t = Table.from_record({**header, "actions": ["discard 1h"]})
    t.advance()
    return t


@pytest.mark.parametrize("answer, winner", [("win", 2), ("decline", 3)])
def test_R_claim_privacy_a_win_ahead_by_TT_P3_comes_first_at_a_table_of_one_person(
        answer, winner):
    """One person (seat 2) and AI seats: the AI at seat 3 wins on the 5c at once, but no
    person has seen that end, so it waits for seat 2, whose win comes first by TT-P3 and
    takes it back; a decline lets it stand."""
    t = stock_card_two_wins(people=(2,))
    assert t.state.history[-2:] == ["decline", "win"]  # played on: AI 3 won
    assert not t.is_over and t.pending and t.finished() == []  # not an end yet
    assert t.observation(2).legal_actions == ("win", "decline")
    # the record stands for sure up to the open decision: no end, no result
    assert t.record() == t.record(seat=2) and "result" not in t.record()
    assert t.record()["actions"] == ["discard 1h", "pass"]
    # stored inputs that go on past the end are refused as a record that does (a replica
    # reloads rather than trusting them), not a crash
    with pytest.raises(IllegalAction, match="after the deal ended"):
        Table.from_record({**t.header(), "actions": [*t.inputs, "?decline"]})
    events = t.act(2, answer)
    assert t.is_over and not t.pending and t.state.result.winner == winner
    lines = [line for e in events for line in e.lines]
    # AI 3's win is told when it stands; taken back, it is told to nobody (no person saw it)
    assert ("AI 3: win" in lines) == (answer == "decline")
    assert not any("taken back" in line or "R-claim-close" in line for line in lines)
    assert everything(rebuilt(t)) == everything(t)


def test_R_claim_close_a_person_who_saw_the_end_keeps_it_closed():
    """Two people (seats 0 and 2): seat 0 has seen AI 3 win, so the end stands and seat 2's
    open win is settled as declined (R-claim-close, docs/proposed-rulings.md)."""
    t = stock_card_two_wins(people=(0, 2))
    assert t.is_over and not t.pending and t.state.result.winner == 3
    lapsed = "not answered before the deal ended, so played as decline (R-claim-close)"
    assert any(lapsed in e.lines for e in t.events(2))
    with pytest.raises(IllegalAction) as err:
        t.act(2, "win")
    assert err.value.rule == "DEAL_OVER"
    assert everything(rebuilt(t)) == everything(t)


def kowah_window() -> tuple[Table, int]:
    """Kowah with optional declaration, seed 1, seats AI random, person, person, both
    people playing greedily until one of them may declare."""
    rules = dataclasses.replace(spec("kowah").rules("seed"), optional_declaration=True)
    t = Table.create("kowah", [Seat(AI, "random"), Seat(HUMAN), Seat(HUMAN)], seed=1,
                     rules=rules)
    for k in range(300):
        for s in (1, 2):
            if any(a.startswith("declare") for a in t.observation(s).legal_actions):
                return t, s
        s = next(s for s in (1, 2) if t.observation(s).legal_actions)
        t.act(s, spec("kowah").greedy(t.observation(s), random.Random(k)))
    raise AssertionError("no declaration in 300 moves")


def test_R_declare_privacy_the_next_seat_plays_and_a_declaration_takes_it_back():
    t, decider = kowah_window()
    other = 3 - decider
    assert t.observation(other).to_act == other  # not the AI, not the decider: its turn
    declare = next(a for a in t.observation(decider).legal_actions if a.startswith("declare"))
    hand_before = t.observation(other).hand
    version = t.version(other)
    drawn = t.act(other, "draw")
    assert drawn[0].drawn  # its own draw, shown to it
    t.act(decider, declare)
    new = t.events(other, version + len(drawn))
    assert len(new) == 1 and new[0].action == declare
    assert new[0].taken_back[0] == (other, "draw", drawn[0].drawn)
    # told first, right after the declaration's own line
    assert new[0].lines[1] == f"taken back: Player {other}: draw (drew {drawn[0].drawn[0]})"
    assert "R-declare-privacy" in new[0].lines[0]
    assert t.observation(other).hand == hand_before  # the drawn card went back
    assert t.state.cards_accounted()
    assert everything(rebuilt(t)) == everything(t)


def test_R_declare_privacy_what_followed_a_presumed_stay_by_itself_is_taken_back_too():
    """Kowah seed 81, people A and B, a declared greedy AI 2: B becomes ready and decides;
    the table plays on as if B stayed, and AI 2's automatic turn (drew and discarded 3m) is
    told to A with B's discard. A draws and discards; B declares. The declaration takes
    back A's two actions and that automatic turn: A is told all three, or A's log would
    show 3m discarded twice where its view holds one; B's stay itself is never told."""
    rules = dataclasses.replace(spec("kowah").rules(), optional_declaration=True)
    t = Table.create("kowah", [Seat(HUMAN, name="A"), Seat(HUMAN, name="B"),
                               Seat(AI, "greedy")], seed=81, rules=rules)
    waited = 0
    while "stay" not in t.observation(1).legal_actions or waited < 2:
        if "stay" in t.observation(1).legal_actions:
            waited += 1  # B decides later: A plays on
        seat = 0 if t.observation(0).legal_actions else 1
        t.act(seat, t.observation(seat).legal_actions[0])
    told = [line for e in t.events(0) for line in e.lines]
    assert "AI 2 (declared) drew and discarded 3m" in told
    t.act(1, next(a for a in t.observation(1).legal_actions if a.startswith("declare")))
    last = t.events(0)[-1]
    assert last.lines[0] == ("B: declare 22h — it comes first (R-declare-privacy), so 2 "
                             "actions are taken back, with what they did and what followed "
                             "on its own")
    # the take-backs first, then the declaration and the declared seat's turn played again
    # A's draw was in the open (a seat had declared, KW-X3): what followed it says the card
    assert last.lines[1:5] == ("taken back: AI 2 (declared) drew and discarded 3m",
                               "taken back: A: draw", "taken back: A drew 8c face up (KW-X3)",
                               "taken back: A: discard 8c")
    assert not any(line.startswith("taken back") for line in last.lines[5:])
    assert [x for x in t.events(1)[-1].lines if x.startswith("taken back")] == [
        x for x in last.lines if x.startswith("taken back")]  # B is told the same
    assert [a for _, a, _ in last.taken_back] == ["draw", "discard 8c"]
    assert not any("stay" in line for e in t.events(0) for line in e.lines)
    assert everything(rebuilt(t)) == everything(t)


def test_R_declare_privacy_a_stay_changes_nothing_the_other_person_sees():
    t, decider = kowah_window()
    other = 3 - decider
    t.act(other, "draw")
    before = (t.version(other), t.observation(other), t.events(other))
    t.act(decider, "stay")
    assert (t.version(other), t.observation(other), t.events(other)) == before


def test_a_claim_survives_the_store_and_a_restart(tmp_path):
    """Inputs with a presumed decline and a claim are stored and replayed on restart."""
    path = tmp_path / "tables.db"
    tables = Tables(SqliteStore(path))
    opened, _, _ = tables.create("totom", TOTOM_SEATS, 1, None)
    for seat, action in [(1, "discard 3s"), (3, "capture 9m"), (0, "chiu")]:
        with opened.lock:
            opened.table.act(seat, action)
            tables.commit(opened)
    again = Tables(SqliteStore(path)).get(opened.table_id)
    assert everything(again.table) == everything(opened.table)
    assert again.table.inputs == ["discard 3s", "?decline", "capture 3m", "discard 9m",
                                  "capture 9m", "!claim 0 chiu"]


def test_a_watch_resumed_from_before_a_claim_streams_it_with_what_it_took_back():
    service = start_service("127.0.0.1", 0, 2, warm=False)
    channel = grpc.insecure_channel(f"127.0.0.1:{service.port}")
    stub = table_pb2_grpc.TableServiceStub(channel)
    try:
        seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN),
                 common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN),
                 common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                      ai_level=common_pb2.AI_LEVEL_GREEDY),
                 common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)]
        r = stub.CreateTable(table_pb2.CreateTableRequest(game=common_pb2.GAME_TOTOM,
                                                          seats=seats, seed=1))
        tid, tok = r.table_id, {t.seat: t.token for t in r.seat_tokens}

        def act(seat, action):
            return stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tok[seat],
                                                 action=action))
        act(1, "discard 3s")
        mid = act(3, "capture 9m").view.version
        act(0, "chiu")
        stream = stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tok[3],
                                                   from_version=mid), timeout=5)
        event = next(iter(stream)).event
        stream.cancel()
        assert event.version == mid + 1 and event.action == "chiu" and event.seat == 0
        assert [(b.seat, b.action) for b in event.taken_back] == [
            (2, "capture 3m"), (2, "discard 9m"), (3, "capture 9m")]
    finally:
        channel.close()
        service.server.stop(None)


def test_R_claim_close_a_decision_still_open_when_the_deal_ends_is_declined():
    """Kowah, three people, optional declaration: seat 1 declares; seat 2 becomes ready
    and decides; seat 0 plays on and draws seat 1's wait (KW-X4), which ends the deal.
    The deal is not reopened: seat 2's open decision is settled as a stay, and the record
    is final for every seat (R-claim-close, docs/proposed-rulings.md)."""
    from tests.table_helpers import kowah_deal

    rules = dataclasses.replace(spec("kowah").rules("seed"), optional_declaration=True)
    deal = kowah_deal(["", "222c 333c 5s 9m", "444m 666m 7s 9c"], "5s 7s 5s", first=1)
    t = Table.create("kowah", [Seat(HUMAN), Seat(HUMAN), Seat(HUMAN)], seed=5, rules=rules,
                     deal=deal)
    for seat, action in [(1, "draw"), (1, "discard 9m"), (1, "declare 55s"), (2, "draw"),
                         (2, "discard 9c")]:
        t.act(seat, action)
    assert t.observation(2).legal_actions == ("declare 77s", "stay") and t.pending
    assert t.observation(0).legal_actions == ("draw", "take")
    t.act(0, "draw")
    assert t.is_over and not t.pending
    assert t.state.result.winner == 1
    assert t.inputs[-2:] == ["draw", "!decline 2"]
    assert t.record()["actions"][-2:] == ["stay", "draw"]
    assert t.observation(2).legal_actions == () and t.version(2) == t.version(0) + 1  # its stay
    # its own log says why it stands, and no other seat's shows a thing of it
    lapsed = "not answered before the deal ended, so played as stay (R-claim-close)"
    assert [e.action for e in t.events(2) if lapsed in e.lines] == ["stay"]
    assert not any(lapsed in line for seat in (0, 1) for e in t.events(seat)
                   for line in e.lines)
    with pytest.raises(IllegalAction) as err:
        t.act(2, "declare 77s")
    assert err.value.rule == "DEAL_OVER"
    assert everything(rebuilt(t)) == everything(t)


def test_R_claim_privacy_a_stock_card_turned_up_meanwhile_is_told_to_every_seat():
    """Tổ Tôm seed 0, two people: while seat 1 decides a Chíu, seat 0 plays on, passes, and
    sees the next stock card (6c) turned up. The Chíu comes first and takes that back; the
    6c is still the next stock card, so seat 1 is told it too (it never saw it in its log):
    what any seat saw of the moves taken back, every seat knows."""
    t = Table.create("totom", [Seat(HUMAN), Seat(HUMAN), Seat(AI, "greedy"),
                               Seat(AI, "greedy")], seed=0)
    t.act(0, "discard 3c")
    t.act(1, "capture 3c")
    t.act(1, "discard 4c")
    assert t.observation(1).legal_actions == ("chiu", "decline")
    passed = t.act(0, "pass")
    assert passed[0].lines == ("Player 0: pass", "Player 0 exposes 6c from the stock")
    claim = t.act(1, "chiu")[0]
    assert "taken back: Player 0 exposes 6c from the stock" in claim.lines
    assert "taken back: Player 0: pass" in claim.lines and claim.taken_back == ()
    seen = t.events(0)[-1]  # seat 0 saw it in its log: struck there, named by action
    assert (0, "pass", ()) in seen.taken_back
    # the 6c is turned up again by the next pass, for everyone
    assert t.state.cards_accounted()
