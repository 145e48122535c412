"""The store as ListTables and `--db` read it: closed tables are not listed, and both
spellings of a PostgreSQL URL are taken as PostgreSQL, not refused as unknown schemes."""

from __future__ import annotations

import pytest

from moneycards.server.store import SqliteStore, StoreUnavailable, open_store


def header(k: int) -> dict:
    return {"game": "kowah", "played_at": f"2026-01-01T00:00:0{k}Z",
            "seats": [{"kind": "SEAT_KIND_HUMAN", "name": "A"}]}


def test_open_rows_leave_closed_tables_out():
    store = SqliteStore(":memory:")
    for k in range(3):
        store.create(f"t{k}", header(k), {0: "d"}, ["draw"], False, public_actions=1)
    assert store.close("t1") and not store.close("t1")  # a second close closes nothing
    assert [r.table_id for r in store.open_rows(10)] == ["t2", "t0"]  # newest first


@pytest.mark.parametrize("url", ["postgresql://u@127.0.0.1:1/x", "postgres://u@127.0.0.1:1/x"])
def test_both_postgresql_url_spellings_are_postgresql(url):
    pytest.importorskip("psycopg")
    with pytest.raises(StoreUnavailable) as info:
        open_store(url)  # nothing listens on port 1: PostgreSQL's own refusal, told as such
    assert "is not a store this server knows" not in str(info.value)
    assert str(info.value).startswith("cannot open postgres")
