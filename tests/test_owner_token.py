"""CloseTable by the owner token: CreateTable answers one besides the seat tokens, and at a
table with several people's seats only it closes the table, so a friend handed a seat
cannot end the table for the others. A seat's token still closes a table with one person's
seat, and a table stored before there were owner tokens. A refused close changes nothing."""

from __future__ import annotations

import grpc
import pytest

from moneycards.server.app import start_service
from moneycards.server.store import open_store
from moneycards.v1 import table_pb2, table_pb2_grpc
from tests.test_seat_tokens import renew
from tests.test_table_service import GAME_ENUM, error, seats_msg, view


@pytest.fixture
def stub(channel):
    return table_pb2_grpc.TableServiceStub(channel)  # the session's server (conftest)


def made(stub, game, seed, humans):
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=GAME_ENUM[game], seats=seats_msg(game, humans, "greedy"), seed=seed))
    return r.table_id, {t.seat: t.token for t in r.seat_tokens}, r.owner_token


def close(stub, tid, seat_token="", owner_token=""):
    stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=seat_token,
                                                owner_token=owner_token))


def reason(call, *args, **kwargs):
    code, message, d = error(call, *args, **kwargs)
    info = d.get("ErrorInfo")
    return code, info.reason if info else None, message


@pytest.mark.parametrize("game,humans", [("totom", (0, 2)), ("kowah", (0, 1)),
                                         ("lukfu", (0, 1, 2))])
def test_at_a_table_of_several_people_only_the_owner_token_closes_it(stub, game, humans):
    tid, tokens, owner = made(stub, game, 3, humans)
    assert len(owner) == 32 and owner not in tokens.values()
    before = {s: view(stub, tid, t) for s, t in tokens.items()}
    # every person's seat token is refused, the dealer's own seat and a friend's renewed one
    _, fresh = renew(stub, tid, tokens[humans[-1]])
    tokens[humans[-1]] = fresh
    for s, t in tokens.items():
        code, why, message = reason(close, stub, tid, seat_token=t)
        assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "OWNER_ONLY"), s
        assert message == (f"a table with {len(humans)} people's seats is closed by its "
                           "owner token (CreateTable's owner_token), not a seat's")
    # a token that is not this table's owner token: another table's, or a seat's
    _, _, other = made(stub, game, 4, humans)
    for wrong in (other, tokens[humans[0]], "z" * 32):
        code, why, message = reason(close, stub, tid, owner_token=wrong)
        assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "WRONG_OWNER_TOKEN")
        assert message == "this token is not the table's owner token"
    # nothing changed: every seat sees what it saw (but the renewal's mark)
    for s, t in tokens.items():
        assert view(stub, tid, t).version == before[s].version
    # the owner token opens no seat: it only closes
    code, why, _ = reason(view, stub, tid, owner)
    assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "WRONG_SEAT_TOKEN")
    close(stub, tid, owner_token=owner)  # no seat token needed with it
    for t in tokens.values():
        code, why, _ = reason(view, stub, tid, t)
        assert (code, why) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND")
    code, why, _ = reason(close, stub, tid, owner_token=owner)  # a second close
    assert (code, why) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND")


@pytest.mark.parametrize("by", ["seat", "owner"])
def test_a_table_with_one_persons_seat_closes_by_that_seat_or_the_owner(stub, by):
    tid, tokens, owner = made(stub, "kowah", 5, (1,))
    close(stub, tid, **({"seat_token": tokens[1]} if by == "seat" else {"owner_token": owner}))
    code, why, _ = reason(view, stub, tid, tokens[1])
    assert (code, why) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND")


def test_a_close_names_the_token_it_lacks_or_the_malformed_one(stub):
    tid, tokens, owner = made(stub, "kowah", 6, (0, 1))
    for table_id in (tid, "nosuchtable"):  # the form is checked before the table is sought
        for kwargs, words in (({}, "an owner token is needed (CreateTable's owner_token"),
                              ({"owner_token": "x" * 65}, "an owner token is at most 64"),
                              ({"owner_token": "x\n"}, "an owner token is at most 64")):
            code, message, d = error(close, stub, table_id, **kwargs)
            assert code == grpc.StatusCode.INVALID_ARGUMENT
            assert message.startswith(f"owner_token: {words}")
            assert d["BadRequest"].field_violations[0].field == "owner_token"
    code, why, _ = reason(close, stub, "nosuchtable", owner_token=owner)
    assert (code, why) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND")
    assert [view(stub, tid, t).seat for t in tokens.values()] == [0, 1]


def test_an_ai_only_table_has_no_owner_token(stub):
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=GAME_ENUM["kowah"], seats=seats_msg("kowah", (), "random"), seed=2,
        ai_only=True))
    assert r.owner_token == "" and not r.seat_tokens


def test_the_owner_token_holds_on_every_replica_and_after_a_restart(store_db):
    def serve():
        return start_service("127.0.0.1", 0, 2, warm=False, store=open_store(store_db))

    services = [serve(), serve()]
    channels = [grpc.insecure_channel(f"127.0.0.1:{s.port}") for s in services]
    a, b = [table_pb2_grpc.TableServiceStub(ch) for ch in channels]
    try:
        tid, tokens, owner = made(a, "totom", 8, (0, 1))
        kept, kept_tokens, kept_owner = made(a, "totom", 9, (0, 1))
        legacy, legacy_tokens, _ = made(b, "kowah", 10, (0, 1))
        code, why, _ = reason(close, b, tid, seat_token=tokens[1])
        assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "OWNER_ONLY")
        close(b, tid, owner_token=owner)
        code, why, _ = reason(view, a, tid, tokens[0])
        assert (code, why) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND")
    finally:
        for ch in channels:
            ch.close()
        for s in services:
            s.server.stop(None)
    # a table stored before there were owner tokens has none: its seats' tokens close it,
    # as they did
    store = open_store(store_db)
    store._run(lambda ex: ex("UPDATE game_tables SET owner_sha256 = NULL WHERE table_id = ?",
                             (legacy,)))
    store.close_connection()
    again = serve()
    ch = grpc.insecure_channel(f"127.0.0.1:{again.port}")
    try:
        c = table_pb2_grpc.TableServiceStub(ch)
        code, why, _ = reason(close, c, kept, owner_token=owner)
        assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "WRONG_OWNER_TOKEN")
        code, why, _ = reason(close, c, kept, seat_token=kept_tokens[0])
        assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "OWNER_ONLY")
        close(c, kept, owner_token=kept_owner)
        code, why, _ = reason(close, c, legacy, owner_token=kept_owner)
        assert (code, why) == (grpc.StatusCode.PERMISSION_DENIED, "WRONG_OWNER_TOKEN")
        close(c, legacy, seat_token=legacy_tokens[1])
        code, why, _ = reason(view, c, legacy, legacy_tokens[0])
        assert (code, why) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND")
    finally:
        ch.close()
        again.server.stop(None)

