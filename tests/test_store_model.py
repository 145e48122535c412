"""The table store and its replicas against a plain model (SQLite, then PostgreSQL).

A Hypothesis state machine drives two `Tables` sharing one store through random
interleavings of CreateTable, Act (fresh, on a stale view, and with the other replica's
action or close landing between an Act's read and its write), Close and restarts of either
replica, and checks each step against a model: one in-memory `Table` per table, playing
the same accepted actions. After every step the store holds exactly the model's inputs, in
order (no action applied twice, none lost), a closed table is closed and took nothing, and
what a replica answers is what the model answers: the same view, the same events, the same
refusal. All seats are people, so tables play on past private decisions (R-claim-privacy,
R-declare-privacy) and the deciding seat's answer arrives later, from either replica.

The default run is a few seconds; `-m slow` runs many more interleavings.
"""

from __future__ import annotations

import dataclasses
import logging

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, invariant, precondition, rule,
                                 run_state_machine_as_test)

from moneycards.server.store import open_store
from moneycards.server.tables import OpenTable, Tables, TableService, events_messages, \
    view_message
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import spec
from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import HUMAN, Seat, StaleVersion, Table
from moneycards.v1 import table_pb2

from tests.test_bite_store import Aborted, Context, Hooked

PEOPLE = {"totom": 4, "kowah": 3, "lukfu": 3}


def rules_of(game: str, private: bool):
    if game == "kowah" and private:  # a declaration is then a private decision
        return dataclasses.replace(spec("kowah").rules("seed"), optional_declaration=True)
    return None


@dataclasses.dataclass
class Modelled:
    table: Table
    tokens: dict[int, str]
    owner: str  # the owner token: a table of people's seats only closes by it
    closed: bool = False


class Faults(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.said: list[str] = []

    def emit(self, record):
        self.said.append(record.getMessage())


def same_view(got, want) -> bool:
    """The same table as the seat sees it: version, observation, actions, end."""
    keys = ("version", "seat", "over", "result_text", "legal_actions", "totom", "kowah",
            "luk_fu")
    return all(getattr(got, k) == getattr(want, k) for k in keys)


def outcome_of(model: Table, seat: int, action: str, expected: int | None):
    """What one server answers: the events, or the status code of the refusal."""
    try:
        return "OK", model.act(seat, action, expected)
    except StaleVersion:
        return "ABORTED", None
    except IllegalAction:
        return "FAILED_PRECONDITION", None
    except InvalidInput:
        return "INVALID_ARGUMENT", None


def machine(db: str):
    class StoreAndReplicas(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.replicas = [self._open(), self._open()]
            self.models: dict[str, Modelled] = {}
            self.ids: list[str] = []
            # A replica that finds the store's actions do not replay on its copy says so
            # and rebuilds the table: an answer still right, a copy that was wrong.
            self.faults = Faults()
            logging.getLogger("moneycards.server").addHandler(self.faults)

        @staticmethod
        def _open():
            store = Hooked(open_store(db))
            return store, Tables(store)

        def teardown(self):
            logging.getLogger("moneycards.server").removeHandler(self.faults)
            store = open_store(db)  # later examples share the store: leave nothing open
            for tid, m in self.models.items():
                if not m.closed:
                    store.close(tid)
            for s, _ in self.replicas:
                s.close_connection()
            store.close_connection()

        # -- helpers ------------------------------------------------------------------------
        def service(self, r: int) -> TableService:
            return TableService(self.replicas[r][1])

        def decision(self, m: Modelled, pick: int) -> tuple[int, str] | None:
            """A seat that may act as the model sees it, and one of its actions."""
            choices = [(s, a) for s in range(len(m.table.seats))
                       for a in m.table.observation(s).legal_actions]
            return choices[pick % len(choices)] if choices else None

        def act_on(self, r: int, tid: str, seat: int, action: str, expected: int | None):
            m = self.models[tid]
            req = table_pb2.ActRequest(table_id=tid, seat_token=m.tokens[seat], action=action,
                                       expected_version=expected)
            try:
                got = "OK", self.service(r).Act(req, Context())
            except Aborted as err:
                got = err.code.name, None
            return got

        def check_act(self, r: int, tid: str, seat: int, action: str,
                      expected: int | None) -> str:
            m = self.models[tid]
            got = self.act_on(r, tid, seat, action, expected)
            if m.closed:
                assert got[0] == "NOT_FOUND", got
                return got[0]
            want = outcome_of(m.table, seat, action, expected)
            assert got[0] == want[0], (got[0], want[0], seat, action, expected)
            if want[0] == "OK":
                assert same_view(got[1].view, view_message(OpenTable(tid, m.table, {}), seat))
                assert list(got[1].events) == events_messages(m.table, want[1], seat)
            return got[0]

        def pick_table(self, k: int) -> str:
            return self.ids[k % len(self.ids)]

        # -- rules --------------------------------------------------------------------------
        @rule(r=st.integers(0, 1), game=st.sampled_from(sorted(PEOPLE)),
              seed=st.integers(0, 2**20), private=st.booleans())
        def create(self, r, game, seed, private):
            seats = [Seat(HUMAN) for _ in range(PEOPLE[game])]
            rules = rules_of(game, private)
            opened, tokens, owner = self.replicas[r][1].create(game, seats, seed, rules)
            model = Table.create(game, seats, seed=seed, rules=rules,
                                 played_at=opened.table.played_at)
            self.models[opened.table_id] = Modelled(model, tokens, owner)
            self.ids.append(opened.table_id)

        @precondition(lambda self: self.ids)
        @rule(r=st.integers(0, 1), k=st.integers(0, 99),
              picks=st.lists(st.integers(0, 99), min_size=1, max_size=12),
              with_version=st.booleans())
        def act(self, r, k, picks, with_version):
            """A few actions in a row on one replica, each decided on the current view."""
            tid = self.pick_table(k)
            m = self.models[tid]
            for pick in picks:
                d = self.decision(m, pick)
                if d is None:  # over (or closed): any action is refused
                    seat, action = 0, "pass"
                else:
                    seat, action = d
                expected = m.table.version(seat) if with_version else None
                self.check_act(r, tid, seat, action, expected)
                if m.closed or d is None:
                    return

        @precondition(lambda self: self.ids)
        @rule(r=st.integers(0, 1), k=st.integers(0, 99), pick=st.integers(0, 99),
              other=st.integers(0, 99))
        def act_on_a_stale_view(self, r, k, pick, other):
            """Replica r decides on a view; the other replica acts first; r's action then
            names the version it decided on, and is refused if its seat saw anything."""
            tid = self.pick_table(k)
            m = self.models[tid]
            mine, theirs = self.decision(m, pick), self.decision(m, other)
            if m.closed or mine is None or theirs is None:
                return
            version = m.table.version(mine[0])
            self.check_act(1 - r, tid, *theirs, None)
            self.check_act(r, tid, *mine, version)

        @precondition(lambda self: self.ids)
        @rule(r=st.integers(0, 1), k=st.integers(0, 99), pick=st.integers(0, 99),
              other=st.integers(0, 99), with_version=st.booleans(), close=st.booleans())
        def act_raced_by_the_other_replica(self, r, k, pick, other, with_version, close):
            """The other replica's action (or its close) is stored between replica r's
            read of the table and its write: r's write is refused, and r plays its action
            on the table as it now is, as one server would after the other's call."""
            tid = self.pick_table(k)
            m = self.models[tid]
            mine, theirs = self.decision(m, pick), self.decision(m, other)
            if m.closed or mine is None or theirs is None:
                return
            expected = m.table.version(mine[0]) if with_version else None
            store = self.replicas[r][0]
            if close:
                def hook():
                    self.close_on(1 - r, tid)
            else:
                def hook():
                    self.check_act(1 - r, tid, *theirs, None)
            store.before_append = hook
            self.check_act(r, tid, *mine, expected)
            assert store.before_append is None  # the other's call did land in between

        def close_on(self, r: int, tid: str) -> None:
            m = self.models[tid]
            req = table_pb2.CloseTableRequest(table_id=tid, owner_token=m.owner)
            try:
                self.service(r).CloseTable(req, Context())
                # A second close is NOT_FOUND on either replica, as on one server, even
                # on one that has not read the table since the other closed it.
                assert not m.closed
            except Aborted as err:
                assert m.closed and err.code.name == "NOT_FOUND"
            m.closed = True

        @precondition(lambda self: self.ids)
        @rule(r=st.integers(0, 1), k=st.integers(0, 99))
        def close(self, r, k):
            self.close_on(r, self.pick_table(k))

        @rule(r=st.integers(0, 1))
        def restart(self, r):
            old, _ = self.replicas[r]
            old.close_connection()
            self.replicas[r] = self._open()

        @precondition(lambda self: self.ids)
        @rule(r=st.integers(0, 1), k=st.integers(0, 99), seat=st.integers(0, 3))
        def look(self, r, k, seat):
            """A replica's view of a seat is the model's (its events too)."""
            tid = self.pick_table(k)
            m = self.models[tid]
            seat %= len(m.table.seats)
            req = table_pb2.GetRecordRequest(table_id=tid, seat_token=m.tokens[seat])
            try:
                got = self.service(r).GetRecord(req, Context())
            except Aborted as err:
                assert m.closed and err.code.name == "NOT_FOUND"
                return
            assert list(got.events) == events_messages(m.table, m.table.events(seat), seat)
            assert got.complete == m.table.is_over

        # -- after every step ---------------------------------------------------------------
        @invariant()
        def the_store_holds_exactly_what_was_accepted(self):
            store = self.replicas[0][0]
            for tid, m in self.models.items():
                stored = store.get(tid)
                assert stored is not None
                assert stored.closed == m.closed
                assert stored.actions == m.table.inputs  # same order, none twice, none lost
                assert stored.over == m.table.is_over
            assert not self.faults.said, self.faults.said

    return StoreAndReplicas


def run(db: str, examples: int, steps: int) -> None:
    run_state_machine_as_test(machine(db), settings=settings(
        max_examples=examples, stateful_step_count=steps, deadline=None, database=None,
        suppress_health_check=list(HealthCheck)))


def test_two_replicas_on_one_store_keep_every_accepted_action_as_one_table_would(store_db):
    run(store_db, examples=8, steps=15)


@pytest.mark.slow
def test_two_replicas_on_one_store_in_many_interleavings(store_db):
    run(store_db, examples=200, steps=40)
