"""The AI pace (Table.advance): at a table of people and AI seats, a reply takes one pace,
or the paces of its public AI actions, whatever each decision cost, so its time tells how
many AI actions everyone saw and neither how long each AI seat thought over its hidden
cards nor whether one declined a private claim. Clocks here are the test's own, so
nothing depends on the machine; one test over gRPC checks the server passes the pace on."""

from __future__ import annotations

import math
import random
import time

import grpc
import pytest
from click.testing import CliRunner

import moneycards.solver.tables as tables_mod
from moneycards.cli.main import cli
from moneycards.server.app import start_service
from moneycards.server.limits import Limits
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver.hints import choose as real_choose
from moneycards.solver.tables import (AI, EXPERT_PACES, HUMAN, MAX_PACE_MS,
                                      MAX_REPLY_PACE_MS, Seat, Table, check_pace,
                                      decision_pace_ms)
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

PACE_MS = 50.0


class FakeTime:
    """A clock that moves only when an AI decision 'thinks' or the table sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, s: float) -> None:
        assert s > 0
        self.slept.append(s)
        self.now += s


def thinking(fake: FakeTime, cost_ms, monkeypatch):
    """AI decisions that take `cost_ms(state, seat)` of the fake clock: a cost that depends
    on the deciding seat's hidden hand stands for a search whose work depends on it."""
    def choose(state, level, rng, budget_ms=None):
        fake.now += cost_ms(state, state.current_seat()) / 1000
        return real_choose(state, level, rng, budget_ms)
    monkeypatch.setattr(tables_mod, "choose", choose)


def hidden_cost(scale: float):
    """A decision's cost from the seat's own hand: different for every hand."""
    def cost(state, seat):
        hand = repr(state.observation(seat).hand)  # cards or counts, as the game keeps them
        return scale * (1 + sum(map(ord, hand)) % 9)
    return cost


def paced_table(game: str, fake: FakeTime, pace: float = PACE_MS, seed: int = 7,
                humans: tuple[int, ...] = (0,), level: str = "greedy") -> Table:
    seats = [Seat(HUMAN, name=f"P{s}") if s in humans else Seat(AI, level)
             for s in range(GAMES[game].seats)]
    table = Table.create(game, seats, seed=seed)  # AI seats before seat 0: unpaced here
    table.ai_pace_ms, table.clock, table.sleep = pace, fake.clock, fake.sleep
    return table


def reply_times(game: str, cost, monkeypatch, pace: float = PACE_MS, seed: int = 7,
                level: str = "greedy") -> list[tuple[int, int, float]]:
    """Each of the person's replies over a deal: (AI decisions made, of them public
    actions, seconds it took)."""
    fake = FakeTime()
    thinking(fake, cost, monkeypatch)
    table = paced_table(game, fake, pace, seed, level=level)
    out = []
    while not table.is_over:
        assert table.to_act(0) == 0
        action = real_choose(table.state, "greedy", random.Random(len(out)))
        before, logged, start = table.ai_moves, len(table.log), fake.now
        table.act(0, action)
        public = sum(1 for e in table.log[logged:] if e.seat != 0 and not e.private)
        out.append((table.ai_moves - before, public, fake.now - start))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_reply_lasts_its_public_ai_actions_pace_whatever_each_one_cost(game, monkeypatch):
    """Decisions that cost less than the pace: every reply takes exactly max(1, public AI
    actions) paces, for hidden-hand costs of two different sizes, private AI declines
    (Tổ Tôm's claims) owing nothing; without the pace the same replies' times differ,
    which is what the pace hides."""
    # Random AI seats decline claims they could make (greedy ones never do).
    slow = reply_times(game, hidden_cost(4.0), monkeypatch, level="random")
    fast = reply_times(game, hidden_cost(1.0), monkeypatch, level="random")
    assert [n for *n, _ in slow] == [n for *n, _ in fast]  # the same deal, the same moves
    assert sum(n for n, _, _ in slow) > 0
    for _, public, took in slow + fast:
        assert took == pytest.approx(max(1, public) * PACE_MS / 1000, abs=1e-9)
    if game == "totom":  # some AI seat declined a claim that nobody else saw
        assert any(n > public for n, public, _ in slow)
    bare_slow = reply_times(game, hidden_cost(4.0), monkeypatch, pace=0.0, level="random")
    bare_fast = reply_times(game, hidden_cost(1.0), monkeypatch, pace=0.0, level="random")
    assert [t for *_, t in bare_slow] != [t for *_, t in bare_fast]


def test_at_a_table_of_one_person_moves_past_its_question_owe_their_pace_at_once(
        monkeypatch):
    """The AI seats play on past the person's private question (R-claim-privacy) though the
    person sees the table as it was when asked: the reply that asks owes the paces of
    every AI action it played, shown or not yet, so their thinking (which depends on their
    hidden cards) hides in those paces as any other's does; the decline that shows them
    owes one pace."""
    fake = FakeTime()
    thinking(fake, lambda state, seat: 1.0, monkeypatch)
    for seed in range(1, 40):
        table = paced_table("totom", fake, seed=seed)
        rng = random.Random(seed)
        while not table.is_over and not table.pending:
            logged, start = len(table.log), fake.now
            table.act(0, real_choose(table.view_state(0), "greedy", rng))
        if not table.pending:
            continue
        pend = table.pending[0]
        unseen = sum(1 for e in table.log[pend.entry + 1:] if not e.private)
        if not unseen:
            continue
        played = sum(1 for e in table.log[logged:] if e.seat != 0 and not e.private)
        assert fake.now - start == pytest.approx(played * PACE_MS / 1000)
        start = fake.now
        events = table.act(0, pend.before.private_decline())
        assert len(events) == 1 + unseen  # the decline, then what was played past it
        assert fake.now - start == pytest.approx(PACE_MS / 1000)
        return
    pytest.fail("no question with AI moves past it in seeds 1-39")


def first_reply_with_ai_moves(table: Table, fake: FakeTime, rng: random.Random,
                              costs: list[float], first_cost: float) -> tuple[int, float]:
    """The person acts until a reply has AI decisions, the first of them costing
    `first_cost` ms: (decisions, seconds)."""
    while True:
        costs[:] = [first_cost]
        before, start = table.ai_moves, fake.now
        table.act(0, real_choose(table.state, "greedy", rng))
        if table.ai_moves > before:
            return table.ai_moves - before, fake.now - start
        assert fake.now - start == pytest.approx(PACE_MS / 1000)  # no AI move: one pace


def test_only_decisions_that_together_outlast_their_pace_show(monkeypatch):
    """A run of decisions costing more than the pace in all takes what it cost (nothing to
    hide it in); a slow one among quick ones is hidden by their slack."""
    costs: list[float] = []
    fake = FakeTime()
    thinking(fake, lambda state, seat: costs.pop(0) if costs else 1.0, monkeypatch)
    table = paced_table("kowah", fake)
    rng = random.Random(1)
    n1, took1 = first_reply_with_ai_moves(table, fake, rng, costs, 400.0)
    n2, took2 = first_reply_with_ai_moves(table, fake, rng, costs, 60.0)
    assert n1 >= 2 and n2 >= 2  # both AI seats played
    assert 400 + (n1 - 1) > n1 * PACE_MS  # more than its pace: it shows
    assert took1 == pytest.approx((400 + (n1 - 1)) / 1000)
    assert 60 + (n2 - 1) < n2 * PACE_MS  # within the pace: hidden by the others' slack
    assert took2 == pytest.approx(n2 * PACE_MS / 1000)


def test_an_expert_decision_owes_its_longer_pace(monkeypatch):
    """Seat levels are public, so each decision's pace may follow its seat's level: an
    expert's (about ten times strong's work) is EXPERT_PACES paces, any other level's one."""
    assert decision_pace_ms("expert", PACE_MS) == EXPERT_PACES * PACE_MS
    assert {decision_pace_ms(lv, PACE_MS) for lv in ("random", "greedy", "heuristic",
                                                     "strong")} == {PACE_MS}
    fake = FakeTime()
    made: list[int] = []

    def choose(state, level, rng, budget_ms=None):  # the expert seat plays greedy's moves
        made.append(state.current_seat())
        fake.now += 0.001
        return real_choose(state, "greedy", rng, budget_ms)
    monkeypatch.setattr(tables_mod, "choose", choose)
    seats = [Seat(HUMAN, name="P"), Seat(AI, "expert"), Seat(AI, "greedy")]
    table = Table.create("kowah", seats, seed=5)
    table.ai_pace_ms, table.clock, table.sleep = PACE_MS, fake.clock, fake.sleep
    rng = random.Random(3)
    checked = 0
    while not table.is_over and checked < 5:
        made.clear()
        start = fake.now
        table.act(0, real_choose(table.state, "greedy", rng))
        if made:
            owed = sum(EXPERT_PACES if s == 1 else 1 for s in made) * PACE_MS
            assert fake.now - start == pytest.approx(owed / 1000)
            assert 1 in made and 2 in made
            checked += 1
    assert checked


def test_a_reply_owes_at_most_its_cap(monkeypatch):
    """Paces that add up past MAX_REPLY_PACE_MS (a long pace, many AI actions): the reply
    takes the cap, not their sum."""
    fake = FakeTime()
    thinking(fake, hidden_cost(1.0), monkeypatch)
    pace = MAX_PACE_MS  # Kowah: a reply with both AI seats' turns owes four of these
    table = paced_table("kowah", fake, pace=pace)
    rng = random.Random(4)
    while True:
        owed, start = table.paced_ms, fake.now
        table.act(0, real_choose(table.state, "greedy", rng))
        if table.paced_ms - owed > MAX_REPLY_PACE_MS:
            break
    assert fake.now - start == pytest.approx(MAX_REPLY_PACE_MS / 1000)


def test_create_waits_its_pace_the_way_it_is_given(monkeypatch):
    """`Table.create(idle=...)`: the first wait goes there (the server's: without the call's
    slot), and the table waits as before afterwards."""
    fake = FakeTime()
    thinking(fake, hidden_cost(1.0), monkeypatch)
    monkeypatch.setattr(Table, "clock", staticmethod(fake.clock))
    monkeypatch.setattr(Table, "sleep", staticmethod(lambda s: pytest.fail("slept in place")))
    waited: list[float] = []
    seats = [Seat(AI, "greedy"), Seat(AI, "greedy"), Seat(HUMAN, name="P")]
    table = Table.create("kowah", seats, seed=1, ai_pace_ms=PACE_MS, idle=waited.append)
    assert len(waited) == 1 and waited[0] > 0
    assert "sleep" not in vars(table)  # back to the class's own wait


def test_no_pace_without_a_person_or_without_ai_moves(monkeypatch):
    fake = FakeTime()
    thinking(fake, hidden_cost(1.0), monkeypatch)
    # AI seats only: nobody to hide anything from, the table plays at its own speed.
    seats = [Seat(AI, "greedy") for _ in range(3)]
    table = Table.create("lukfu", seats, seed=3, ai_only=True, ai_pace_ms=PACE_MS)
    assert table.is_over and table.ai_moves > 0
    # The pace off: people only, no wait either.
    table = paced_table("kowah", fake, pace=0.0, humans=(0, 1, 2))
    rng = random.Random(2)
    for _ in range(6):
        seat = table.state.current_seat()
        table.act(seat, real_choose(table.state, "greedy", rng))
    assert fake.slept == [] and table.ai_moves == 0


def deciding(table: Table) -> bool:
    """Whether some person is deciding a private claim now."""
    return bool(table.pending) or (not table.state.is_over
                                   and table.state.private_decline() is not None)


@pytest.mark.parametrize("pace", [PACE_MS, 10.0])
def test_at_a_table_of_people_every_reply_takes_one_floor_whether_or_not_it_opened_a_claim(
        pace, monkeypatch):
    """R-claim-privacy at a table of four people: an action that opens another person's
    private decision (a win or a Chíu) costs the server more work than one that does not
    (here 4 ms of the test's clock against 1 ms); the reply still takes PEOPLE_PACE_MS (or
    the pace, if less) either way, so its time does not tell that someone is deciding."""
    fake = FakeTime()
    real_play = Table._play

    def play(self, seat, text):
        real_play(self, seat, text)
        fake.now += 0.004 if deciding(self) else 0.001
    monkeypatch.setattr(Table, "_play", play)
    floor = min(pace, tables_mod.PEOPLE_PACE_MS) / 1000
    costly = cheap = 0
    for seed in range(6):
        table = paced_table("totom", fake, pace=pace, seed=seed, humans=(0, 1, 2, 3))
        rng = random.Random(seed)
        while not table.is_over:
            movers = [s for s in range(4) if table.observation(s).legal_actions]
            seat = rng.choice(movers)
            action = rng.choice(table.observation(seat).legal_actions)
            start = fake.now
            table.act(seat, action)
            assert fake.now - start == pytest.approx(floor), (seed, action)
            opened = deciding(table)
            costly, cheap = costly + opened, cheap + (not opened)
    assert costly > 0 and cheap > 0  # both kinds of action were answered in one floor


def test_create_paces_the_ai_seats_before_the_person(monkeypatch):
    """The seats before the person's first turn play inside the create call: paced too,
    and a table whose person starts still takes one pace to open (so that a new table's
    time says nothing either)."""
    fake = FakeTime()
    thinking(fake, hidden_cost(1.0), monkeypatch)
    monkeypatch.setattr(Table, "clock", staticmethod(fake.clock))
    monkeypatch.setattr(Table, "sleep", staticmethod(fake.sleep))
    played = set()
    for seed in range(20):
        seats = [Seat(AI, "greedy"), Seat(AI, "greedy"), Seat(HUMAN, name="P")]
        start = fake.now
        table = Table.create("kowah", seats, seed=seed, ai_pace_ms=PACE_MS)
        assert fake.now - start == pytest.approx(max(1, table.ai_moves) * PACE_MS / 1000)
        played.add(table.ai_moves > 0)
    assert played == {True, False}


@pytest.mark.parametrize("bad", [-1, MAX_PACE_MS + 1, math.nan, math.inf, True, "300"])
def test_a_pace_out_of_range_is_bad_input_naming_the_field(bad):
    with pytest.raises(InvalidInput) as info:
        check_pace(bad, field="--ai-pace-ms")
    assert info.value.field == "--ai-pace-ms"
    assert "0 to 10,000 milliseconds" in str(info.value)
    with pytest.raises(InvalidInput):
        Limits(ai_pace_ms=bad)
    assert check_pace(0) == 0.0 and check_pace(MAX_PACE_MS) == MAX_PACE_MS


def test_serve_refuses_a_bad_pace_with_exit_2():
    r = CliRunner().invoke(cli, ["serve", "--port", "0", "--no-web", "--db", ":memory:",
                                 "--ai-pace-ms", "-5"])
    assert r.exit_code == 2
    assert "--ai-pace-ms" in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1
    help_text = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "--ai-pace-ms" in help_text and "default: 300" in help_text


# A Kowah table over gRPC: a person at seat 0 and two greedy AI seats.
GRPC_SEATS = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name="P")] + [
    common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)] * 2


def kowah_table(stub, seed: int) -> tuple[str, str]:
    """A new table's id and the person's seat token."""
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=GRPC_SEATS, seed=seed), timeout=60)
    return r.table_id, {t.seat: t.token for t in r.seat_tokens}[0]


def test_the_server_paces_its_tables_ai_replies():
    """Over gRPC: the server's Limits reach its tables. A reply with n AI decisions at a
    200 ms pace takes at least n x 200 ms (a wait never ends early), with the server's
    default (no pace) it takes far less."""
    took = {}
    for pace in (0.0, 200.0):
        svc = start_service("127.0.0.1", 0, 2, limits=Limits(max_concurrent=2,
                                                                ai_pace_ms=pace), warm=False)
        try:
            with grpc.insecure_channel(f"127.0.0.1:{svc.port}") as ch:
                stub = table_pb2_grpc.TableServiceStub(ch)
                table_id, token = kowah_table(stub, 11)
                while True:  # until a reply has AI moves (a Kowah turn: draw, discard)
                    view = stub.GetView(table_pb2.GetViewRequest(
                        table_id=table_id, seat_token=token)).view
                    start = time.monotonic()
                    answer = stub.Act(table_pb2.ActRequest(
                        table_id=table_id, seat_token=token,
                        action=view.legal_actions[0].text))
                    took[pace] = time.monotonic() - start
                    ai_moves = sum(1 for e in answer.events if e.seat != 0)
                    if ai_moves:
                        break
        finally:
            svc.server.stop(None)
        assert ai_moves >= 2  # both AI seats played
    assert took[200.0] >= ai_moves * 0.2
    assert took[0.0] < took[200.0]


def test_a_paced_reply_waits_without_its_call_slot():
    """The server's one call slot (no line to wait in): while an `Act` waits out its pace,
    the AI seats having played, another call is admitted at once instead of being refused
    RESOURCE_EXHAUSTED; the `Act` still answers after its pace."""
    from moneycards.v1 import kowah_pb2, kowah_pb2_grpc

    pace_s = 3.0
    svc = start_service("127.0.0.1", 0, 1, limits=Limits(
        max_concurrent=1, queue=0, ai_pace_ms=pace_s * 1000), warm=False)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{svc.port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            table_id, token = kowah_table(stub, 11)
            view = stub.GetView(table_pb2.GetViewRequest(
                table_id=table_id, seat_token=token), timeout=60).view
            act = stub.Act.future(table_pb2.ActRequest(
                table_id=table_id, seat_token=token, action=view.legal_actions[0].text),
                timeout=60)
            start = time.monotonic()
            time.sleep(1.0)  # greedy seats decide in milliseconds: the Act is in its pace
            assert not act.done()
            kowah = kowah_pb2_grpc.KowahServiceStub(ch)
            ready = kowah.CheckReady(kowah_pb2.CheckReadyRequest(hand="55c55s5m 777c"),
                                     timeout=30)
            assert ready is not None and not act.done()
            act.result()
            assert time.monotonic() - start >= pace_s - 1.0 - 0.05
            assert svc.guard.gate.running == 0  # the slot given back once, not twice
            # A new table waits its pace (at least one) without the slot too.
            made = stub.CreateTable.future(table_pb2.CreateTableRequest(
                game=common_pb2.GAME_KOWAH, seats=GRPC_SEATS, seed=12), timeout=60)
            time.sleep(1.0)
            assert not made.done()
            kowah.CheckReady(kowah_pb2.CheckReadyRequest(hand="55c55s5m 777c"), timeout=30)
            assert not made.done()
            made.result()
            assert svc.guard.gate.running == 0
    finally:
        svc.server.stop(None)


def test_a_private_decision_answered_keeps_no_other_seat_waiting():
    """R-claim-privacy: Bo's Chíu declined (Tổ Tôm seed 7, opened by Me's discard 9s) owes
    its pace, but out of the table's lock: Me's calls meanwhile answer at once. Held under
    the lock, the pace stalled them with no version moved, which told Me that someone had
    just turned a private claim down. Bo's own answer still waits its pace."""
    pace_s = 3.0
    svc = start_service("127.0.0.1", 0, 4, limits=Limits(ai_pace_ms=pace_s * 1000),
                        warm=False)
    human = common_pb2.SEAT_KIND_HUMAN
    ai = dict(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
    seats = [common_pb2.TableSeat(kind=human, name="Me"), common_pb2.TableSeat(**ai),
             common_pb2.TableSeat(kind=human, name="Bo"), common_pb2.TableSeat(**ai)]
    try:
        with grpc.insecure_channel(f"127.0.0.1:{svc.port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            r = stub.CreateTable(table_pb2.CreateTableRequest(
                game=common_pb2.GAME_TOTOM, seats=seats, seed=7), timeout=60)
            me, bo = ({t.seat: t.token for t in r.seat_tokens}[s] for s in (0, 2))

            def view(token):
                return stub.GetView(table_pb2.GetViewRequest(
                    table_id=r.table_id, seat_token=token), timeout=60).view

            stub.Act(table_pb2.ActRequest(table_id=r.table_id, seat_token=me,
                                          action="discard 9s"), timeout=60)
            assert [a.text for a in view(bo).legal_actions] == ["chiu", "decline"]
            before = view(me)
            start = time.monotonic()
            declined = stub.Act.future(table_pb2.ActRequest(
                table_id=r.table_id, seat_token=bo, action="decline"), timeout=60)
            time.sleep(0.5)  # the decline is played at once: it is in its pace now
            asked = time.monotonic()
            seen = view(me)
            assert not declined.done() and time.monotonic() - asked < 1.0
            assert seen == before  # and nothing Me sees moved
            declined.result()
            assert time.monotonic() - start >= pace_s - 0.05
    finally:
        svc.server.stop(None)


def test_a_searching_ai_decision_keeps_the_server_busy_a_share_of_its_pace(monkeypatch):
    """The server's load (solver/tables.py STEADY_SHARE): the pace hides a decision's time
    from the reply, not from a second connection's calls, which slow while an AI seat
    searches. At a paced table with a person, each searching AI decision works at least a
    third of its pace (an expert's four paces: four thirds), however little it cost;
    greedy and random seats, which cost a tenth of a millisecond, an unpaced table and a
    table of AI seats only, not at all."""
    assert tables_mod.steady_ms("strong", 300.0) == pytest.approx(100.0)
    assert tables_mod.steady_ms("heuristic", 300.0) == pytest.approx(100.0)
    assert tables_mod.steady_ms("expert", 300.0) == pytest.approx(400.0)
    assert tables_mod.steady_ms("greedy", 300.0) == tables_mod.steady_ms("random", 300.0) == 0
    pace = 150.0
    spans: list[float] = []
    started: list[float] = []
    worked: list[float] = []
    real_work, real_play = tables_mod.steady_work, Table._play

    def choose(state, level, rng, budget_ms=None):
        started.append(time.perf_counter())
        return real_choose(state, level, rng, budget_ms)

    def work(until):
        worked.append(until)
        real_work(until)

    def play(self, seat, text):
        if self.seats[seat].kind == AI:
            spans.append(time.perf_counter() - started[-1])
        real_play(self, seat, text)

    monkeypatch.setattr(tables_mod, "choose", choose)
    monkeypatch.setattr(tables_mod, "steady_work", work)
    monkeypatch.setattr(Table, "_play", play)

    def replies(level: str, pace_ms: float, n: int = 3) -> None:
        table = paced_table("kowah", FakeTime(), pace_ms, seed=4, level=level)
        spans.clear()  # the decisions before seat 0's first turn: dealt unpaced here
        worked.clear()
        rng = random.Random(1)
        for _ in range(n):
            if table.is_over:
                break
            table.act(0, real_choose(table.state, "greedy", rng))

    replies("heuristic", pace)
    assert len(spans) >= 4 and len(worked) == len(spans)
    assert min(spans) >= pace / 3 / 1000, spans  # each decision at least its share
    for level, pace_ms in (("greedy", pace), ("random", pace), ("heuristic", 0.0)):
        replies(level, pace_ms)
        assert worked == [], level
    worked.clear()
    Table.create("kowah", [Seat(AI, "heuristic")] * 3, seed=4, ai_only=True, ai_pace_ms=pace)
    assert worked == []


def test_steady_work_is_work_not_a_wait():
    """A wait would let another call run at full speed meanwhile: the load a second
    connection reads would still tell a short decision from a long one."""
    began_cpu, began = time.thread_time(), time.perf_counter()
    tables_mod.steady_work(began + 0.1)
    assert time.perf_counter() - began >= 0.1
    assert time.thread_time() - began_cpu >= 0.03  # on the processor, not asleep
