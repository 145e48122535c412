"""RenewSeatToken: a friend who opens a seat's link exchanges its token for one that only
they have seen, so whoever made the table (who was handed every token) can no longer look
at that seat. The old token is refused everywhere at once, on this server, on every replica
sharing the store and after a restart, told apart from a token that never was (someone
opened the link first); a Watch stream opened with it ends; nothing else changes."""

from __future__ import annotations

import threading

import grpc
import pytest

from moneycards.server.app import start_service
from moneycards.server.store import open_store
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc
from tests.test_table_service import create, error, view


def renewed_seats(v) -> list[int]:
    return [i.seat for i in v.seats if i.token_renewed]


def but_renewals(v):
    """The view without its seats' token_renewed marks (what a renewal changes in it)."""
    out = type(v)()
    out.CopyFrom(v)
    for i in out.seats:
        i.token_renewed = False
    return out


def renew(stub, tid, token):
    r = stub.RenewSeatToken(table_pb2.RenewSeatTokenRequest(table_id=tid, seat_token=token))
    return r.seat_token.seat, r.seat_token.token


def calls_with(stub, tid, token):
    """Every call that takes a seat token, as (name, thunk)."""
    return [
        ("GetView", lambda: view(stub, tid, token)),
        ("Act", lambda: stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                                      action="draw"))),
        ("Hint", lambda: stub.Hint(table_pb2.TableServiceHintRequest(
            table_id=tid, seat_token=token))),
        ("GetRecord", lambda: stub.GetRecord(table_pb2.GetRecordRequest(
            table_id=tid, seat_token=token))),
        ("Watch", lambda: next(iter(stub.Watch(table_pb2.WatchRequest(
            table_id=tid, seat_token=token), timeout=10)))),
        ("RenewSeatToken", lambda: renew(stub, tid, token)),
        ("CloseTable", lambda: stub.CloseTable(table_pb2.CloseTableRequest(
            table_id=tid, seat_token=token))),
    ]


def refused_as_renewed(stub, tid, token):
    for name, call in calls_with(stub, tid, token):
        code, message, d = error(call)
        assert code == grpc.StatusCode.PERMISSION_DENIED, name
        assert d["ErrorInfo"].reason == "SEAT_TOKEN_RENEWED", name
        assert "opened already" in message, name


@pytest.fixture
def stub(channel):
    return table_pb2_grpc.TableServiceStub(channel)  # the session's server (conftest)


def test_a_renewed_token_opens_the_seat_and_the_old_one_opens_nothing(stub):
    tid, tokens = create(stub, "kowah", 5, humans=(0, 1))
    before = {s: view(stub, tid, t) for s, t in tokens.items()}
    assert [renewed_seats(v) for v in before.values()] == [[], []]
    seat, fresh = renew(stub, tid, tokens[1])
    assert seat == 1 and fresh not in tokens.values() and len(fresh) == len(tokens[1])
    after = view(stub, tid, fresh)
    assert but_renewals(after) == before[1]  # the same seat, its cards, its version
    # every seat is told the link was opened (as at a table, who sat down), nothing more
    assert renewed_seats(after) == [1]
    other = view(stub, tid, tokens[0])
    assert renewed_seats(other) == [1] and but_renewals(other) == before[0]
    refused_as_renewed(stub, tid, tokens[1])
    # a token that never was a seat's is still just wrong
    code, _, d = error(view, stub, tid, "x" * 32)
    assert (code, d["ErrorInfo"].reason) == (grpc.StatusCode.PERMISSION_DENIED,
                                             "WRONG_SEAT_TOKEN")
    # the new token acts, and is renewed in turn
    v = view(stub, tid, tokens[0])
    acting = tokens[0] if v.legal_actions else fresh
    v = view(stub, tid, acting)
    stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=acting,
                                  action=v.legal_actions[0].text))
    _, third = renew(stub, tid, fresh)
    assert view(stub, tid, third).seat == 1
    code, _, d = error(view, stub, tid, fresh)
    assert d["ErrorInfo"].reason == "SEAT_TOKEN_RENEWED"


def test_renewing_needs_a_table_and_a_token_and_a_wrong_one_changes_nothing(stub):
    tid, tokens = create(stub, "lukfu", 6, humans=(0, 2))
    code, _, d = error(renew, stub, tid, "")
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "seat_token"
    code, _, _ = error(renew, stub, "nosuchtable", tokens[0])
    assert code == grpc.StatusCode.NOT_FOUND
    code, _, d = error(renew, stub, tid, "y" * 32)
    assert d["ErrorInfo"].reason == "WRONG_SEAT_TOKEN"
    assert [view(stub, tid, t).seat for t in tokens.values()] == [0, 2]


def test_a_watch_opened_with_the_old_token_ends_when_the_seat_is_renewed(stub):
    tid, tokens = create(stub, "totom", 7, humans=(0, 1, 2, 3))
    v = view(stub, tid, tokens[2])
    watch = stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[2],
                                              from_version=v.version), timeout=30)
    ended: list[grpc.RpcError] = []

    def read():
        try:
            for _ in watch:
                pass
        except grpc.RpcError as err:
            ended.append(err)

    reader = threading.Thread(target=read)
    reader.start()
    renew(stub, tid, tokens[2])
    reader.join(20)
    assert ended and ended[0].code() == grpc.StatusCode.PERMISSION_DENIED
    assert "opened already" in ended[0].details()


def test_a_renewal_holds_on_every_replica_and_after_a_restart(store_db):
    services = [start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
                for _ in range(2)]
    channels = [grpc.insecure_channel(f"127.0.0.1:{s.port}") for s in services]
    a, b = [table_pb2_grpc.TableServiceStub(ch) for ch in channels]
    try:
        tid, tokens = create(a, "kowah", 9, humans=(0, 1))
        before = view(b, tid, tokens[1])  # the other replica holds the table in memory
        _, fresh = renew(a, tid, tokens[1])
        refused_as_renewed(b, tid, tokens[1])
        after = view(b, tid, fresh)
        assert but_renewals(after) == before and renewed_seats(after) == [1]
        assert renewed_seats(view(b, tid, tokens[0])) == [1]
        # two renewals of one token sent to both replicas at once: exactly one wins
        results: list[object] = []

        def race(stub):
            try:
                results.append(renew(stub, tid, fresh)[1])
            except grpc.RpcError as err:
                results.append(err)

        threads = [threading.Thread(target=race, args=(s,)) for s in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(20)
        won = [r for r in results if isinstance(r, str)]
        lost = [r for r in results if isinstance(r, grpc.RpcError)]
        assert len(won) == 1 and len(lost) == 1
        assert lost[0].code() == grpc.StatusCode.PERMISSION_DENIED
        assert view(a, tid, won[0]) == view(b, tid, won[0]) == after
    finally:
        for ch in channels:
            ch.close()
        for s in services:
            s.server.stop(None)
    again = start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
    ch = grpc.insecure_channel(f"127.0.0.1:{again.port}")
    try:
        c = table_pb2_grpc.TableServiceStub(ch)
        assert view(c, tid, won[0]) == after  # the renewed seat still marked
        code, _, d = error(view, c, tid, fresh)
        assert d["ErrorInfo"].reason == "SEAT_TOKEN_RENEWED"
    finally:
        ch.close()
        again.server.stop(None)


def invited_seats(v) -> list[int]:
    return [i.seat for i in v.seats if i.invited]


def create_inviting(stub, seed: int, invited: tuple[int, ...]):
    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name=f"P{s}",
                                  invited=s in invited) for s in range(2)]
    seats.append(common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                      ai_level=common_pb2.AI_LEVEL_GREEDY))
    r = stub.CreateTable(table_pb2.CreateTableRequest(game=common_pb2.GAME_KOWAH, seats=seats,
                                                      seed=seed))
    return r.table_id, {t.seat: t.token for t in r.seat_tokens}


def test_an_invited_seat_is_told_to_every_seat_until_its_link_is_opened(store_db):
    """A seat dealt to a friend as a link (TableSeat.invited) is marked so in every seat's
    view, and with token_renewed once the friend has opened it: the other seats can tell a
    friend who has not arrived from a seat whose person plays. It lasts a restart."""
    service = start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
    ch = grpc.insecure_channel(f"127.0.0.1:{service.port}")
    try:
        stub = table_pb2_grpc.TableServiceStub(ch)
        tid, tokens = create_inviting(stub, 9, invited=(1,))
        v = view(stub, tid, tokens[0])
        assert invited_seats(v) == [1] and renewed_seats(v) == []
        _, fresh = renew(stub, tid, tokens[1])
        assert invited_seats(view(stub, tid, fresh)) == [1]
        v = view(stub, tid, tokens[0])
        assert invited_seats(v) == [1] and renewed_seats(v) == [1]
        # the operator's listing and a record tell whose link was opened as a view does
        listed = [t for t in stub.ListTables(table_pb2.ListTablesRequest()).tables
                  if t.table_id == tid]
        assert [(invited_seats(t), renewed_seats(t)) for t in listed] == [([1], [1])]
        record = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=tokens[0]))
        assert renewed_seats(record) == [1]
    finally:
        ch.close()
        service.server.stop(None)
    again = start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
    ch = grpc.insecure_channel(f"127.0.0.1:{again.port}")
    try:
        v = view(table_pb2_grpc.TableServiceStub(ch), tid, fresh)
        assert invited_seats(v) == [1] and renewed_seats(v) == [1]
    finally:
        ch.close()
        again.server.stop(None)


def test_an_invited_seat_s_first_token_opens_nothing_but_the_link(stub):
    """A seat dealt as a link: whoever made the table holds its first token, which opens
    nothing until the link is opened (RenewSeatToken), so the maker cannot look at the
    friend's cards, nor play them, before the friend comes, unseen; a seat not invited
    (the maker's own) is open at once."""
    tid, tokens = create_inviting(stub, 9, invited=(1,))
    for name, call in calls_with(stub, tid, tokens[1]):
        if name == "RenewSeatToken":
            continue
        code, message, d = error(call)
        assert code == grpc.StatusCode.PERMISSION_DENIED, name
        assert d["ErrorInfo"].reason == "LINK_NOT_OPENED", name
        assert "dealt as a link" in message, name
    assert view(stub, tid, tokens[0]).seat == 0
    _, fresh = renew(stub, tid, tokens[1])
    assert view(stub, tid, fresh).seat == 1
    refused_as_renewed(stub, tid, tokens[1])  # the first token, now renewed


def test_a_watch_stream_tells_a_link_opened_on_any_replica_once(store_db):
    """A seat waiting on a friend learns from its Watch stream that the friend opened their
    link (WatchResponse.arrival), on this server or another sharing the store, with no
    event and no version moved; a second renewal of that seat (moving it on) tells
    nothing, and the deal's next event follows as before."""
    services = [start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))
                for _ in range(2)]
    channels = [grpc.insecure_channel(f"127.0.0.1:{s.port}") for s in services]
    try:
        a, b = (table_pb2_grpc.TableServiceStub(ch) for ch in channels)
        tid, tokens = create_inviting(a, 9, invited=(1,))
        before = view(a, tid, tokens[0])
        stream = a.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[0],
                                                from_version=before.version), timeout=30)
        got: list = []

        def read() -> None:
            try:
                got.extend(stream)
            except grpc.RpcError as err:  # the stream cancelled at the end
                assert err.code() == grpc.StatusCode.CANCELLED

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        # the stream is open on server a before the link is opened: a link opened before
        # the stream is none of its news (the seat's view told it), and under load the
        # call could reach the server after the renewal below
        watches = next(svc for name, svc, *_ in services[0].servicers
                       if name.endswith("TableService"))._watches
        for _ in range(300):
            if watches._open.get(("table", tid)):
                break
            threading.Event().wait(0.05)
        _, fresh = renew(b, tid, tokens[1])  # the friend opens the link on the other server
        _, moved = renew(b, tid, fresh)  # and moves the seat on: no arrival again
        for _ in range(100):
            if got:
                break
            threading.Event().wait(0.1)
        assert [(m.HasField("event"), m.arrival.seat, m.arrival.name) for m in got] == \
            [(False, 1, "P1")]
        after = view(a, tid, tokens[0])
        assert after.version == before.version and renewed_seats(after) == [1]
        if before.legal_actions:  # the deal goes on: its next event follows the arrival
            a.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                       action=before.legal_actions[0].text))
            for _ in range(100):
                if len(got) > 1:
                    break
                threading.Event().wait(0.1)
            assert got[1].HasField("event") and not got[1].HasField("arrival")
            assert got[1].event.version == before.version + 1
        stream.cancel()
    finally:
        for ch in channels:
            ch.close()
        for s in services:
            s.server.stop(None)


def test_only_a_persons_seat_is_invited(stub):
    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN),
             common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, invited=True),
             common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI)]
    code, message, d = error(stub.CreateTable, table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=seats, seed=1))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert message == "seats[1].invited: only a person's seat is handed to someone as a link"
    assert [f.field for f in d["BadRequest"].field_violations] == ["seats[1].invited"]
