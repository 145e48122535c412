"""Deadlines, measured on the answer: a hint whose client allows less time than its budget
answers in time (not DEADLINE_EXCEEDED), in the server's threads and in worker processes;
a call whose client hangs up frees its place within a bound; a call whose deadline passed
while it waited is not run.

A hint's search is counted in work and usually ends long before its wall-clock cap, so
the servers here run a search that uses all the time it is given (as a hint does on a
slow or busy machine): the answer's time is then decided by the budget the server chose.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import time

import grpc
import pytest

from moneycards.server.app import start_service
from moneycards.server.limits import Limits
from moneycards.solver.tables import AI, HUMAN, Seat, Table
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc, totom_pb2, totom_pb2_grpc

# A search that takes its whole budget unless stopped, then answers as a cut-short hint.
SLOW_SEARCH = textwrap.dedent("""
    import os
    if os.environ.get("MONEYCARDS_SLOW_SEARCH"):
        import time
        import moneycards.solver.hints as hints

        real = hints.hint

        def hint(obs, budget_ms=None, stop=None, **options):
            until = time.monotonic() + (2.0 if budget_ms is None else budget_ms / 1000)
            while time.monotonic() < until and not (stop is not None and stop()):
                time.sleep(0.005)
            return real(obs, 1.0, **options)
        hints.hint = hint
""")
CAP_MS = 8000  # the server's cap: far beyond every deadline below
BUDGET_MS = 6000  # what each hint asks for


def stateless_request() -> totom_pb2.TotomServiceHintRequest:
    t = Table.create("totom", [Seat(HUMAN)] + [Seat(AI, "random")] * 3, seed=3)
    return totom_pb2.TotomServiceHintRequest(
        observation_json=json.dumps(t.observation(0).to_json()), budget_ms=BUDGET_MS)


def answered_in_time(call, timeout: float) -> float:
    """Seconds the call took; fails if it did not answer OK before `timeout`."""
    start = time.monotonic()
    try:
        response = call(timeout=timeout)
    except grpc.RpcError as err:
        pytest.fail(f"{err.code().name} after {time.monotonic() - start:.2f}s "
                    f"(deadline {timeout}s): {err.details()}")
    took = time.monotonic() - start
    assert response.actions  # OK: it answered before the client's deadline
    return took


def slot_freed_after_hang_up(stub, request, bound: float) -> float:
    """A hint with no deadline, cancelled by its client after 0.3 s: seconds until the one
    place for a solver call serves another hint (it must within `bound`)."""
    first = stub.Hint.future(request)
    time.sleep(0.3)
    first.cancel()
    hung_up = time.monotonic()
    quick = totom_pb2.TotomServiceHintRequest(observation_json=request.observation_json,
                                              budget_ms=1)
    while True:
        try:
            stub.Hint(quick, timeout=bound)
            return time.monotonic() - hung_up
        except grpc.RpcError as err:
            left = bound - (time.monotonic() - hung_up)
            if left <= 0:
                pytest.fail(f"the place was still taken {bound}s after the client hung up "
                            f"({err.code().name})")
            time.sleep(0.05)


# -- in the server's threads ----------------------------------------------------------------
@pytest.fixture(scope="module")
def slow_threads():
    import moneycards.solver.hints as hints

    real = hints.hint
    exec(SLOW_SEARCH.replace('if os.environ.get("MONEYCARDS_SLOW_SEARCH"):', "if True:"), {})
    svc = start_service("127.0.0.1", 0, 2, warm=True,  # as `serve` does: no cold first search
                        limits=Limits(hint_cap_ms=CAP_MS, max_concurrent=1, queue=0))
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    try:
        yield ch
    finally:
        hints.hint = real
        ch.close()
        svc.server.stop(None)


def test_a_stateless_hint_with_a_deadline_shorter_than_its_budget_answers_in_time(slow_threads):
    stub = totom_pb2_grpc.TotomServiceStub(slow_threads)
    took = answered_in_time(lambda timeout: stub.Hint(stateless_request(), timeout=timeout),
                            0.8)
    assert took > 0.4  # it did use the time it had, not less


def test_a_table_hint_with_a_deadline_shorter_than_its_budget_answers_in_time(slow_threads):
    stub = table_pb2_grpc.TableServiceStub(slow_threads)
    seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
        common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_RANDOM)
        for _ in range(3)]
    r = stub.CreateTable(table_pb2.CreateTableRequest(game=common_pb2.GAME_TOTOM, seats=seats,
                                                      seed=3))
    token = r.seat_tokens[0].token
    request = table_pb2.TableServiceHintRequest(table_id=r.table_id, seat_token=token,
                                                budget_ms=BUDGET_MS)
    took = answered_in_time(lambda timeout: stub.Hint(request, timeout=timeout), 0.8)
    assert took > 0.4


def test_a_hint_whose_client_hung_up_frees_its_place_at_once(slow_threads):
    """No deadline, so only the client's leaving can stop it: within half a second the
    server's one place for a solver call serves the next (not after the 6 s budget)."""
    stub = totom_pb2_grpc.TotomServiceStub(slow_threads)
    assert slot_freed_after_hang_up(stub, stateless_request(), bound=2.0) < 1.0


# -- in worker processes --------------------------------------------------------------------
@pytest.fixture(scope="module")
def slow_workers(tmp_path_factory):
    where = tmp_path_factory.mktemp("slow-search")
    (where / "sitecustomize.py").write_text(SLOW_SEARCH)
    env = dict(os.environ, MONEYCARDS_SLOW_SEARCH="1",
               PYTHONPATH=os.pathsep.join([str(where), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--db", ":memory:", "--no-web", "--workers", "1",
                             "--max-calls", "1", "--hint-cap-ms", str(CAP_MS)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    try:
        line = proc.stdout.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, line + proc.stderr.read()
        ch = grpc.insecure_channel(f"127.0.0.1:{m.group(1)}")
        yield ch
        ch.close()
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)


def test_in_a_worker_process_a_hint_with_a_short_deadline_answers_in_time(slow_workers):
    """The worker reads the time left before the client's deadline (not "unlimited") and
    chooses its budget by it."""
    stub = totom_pb2_grpc.TotomServiceStub(slow_workers)
    took = answered_in_time(lambda timeout: stub.Hint(stateless_request(), timeout=timeout),
                            1.0)
    assert took > 0.5


def test_in_a_worker_process_a_hint_whose_client_hung_up_frees_its_place(slow_workers):
    # The cancelled call's flag slot is kept until its worker stops, so the next call
    # cannot take the slot and clear the flag before the worker has read it.
    stub = totom_pb2_grpc.TotomServiceStub(slow_workers)
    assert slot_freed_after_hang_up(stub, stateless_request(), bound=3.0) < 1.5


# -- a call that waited past its deadline --------------------------------------------------
def test_a_worker_does_not_run_a_call_whose_deadline_passed_while_it_waited():
    """The call reached the worker after its client's deadline: it is answered as
    expired, and the solver never runs (it would have answered, after the client left)."""
    from moneycards.server.workers import run_call

    request = stateless_request()
    request.budget_ms = 1
    path = "/moneycards.v1.TotomService/Hint"
    assert run_call(path, request.SerializeToString(), time.time() - 0.01, Limits())[0] \
        == "expired"
    # The same call with time left runs.
    assert run_call(path, request.SerializeToString(), time.time() + 30, Limits())[0] == "ok"


def test_a_worker_context_tells_the_time_left_before_the_clients_deadline():
    from moneycards.server.workers import ChildContext

    left = ChildContext(time.time() + 0.5, Limits()).time_remaining()
    assert left is not None and 0.3 < left <= 0.5
    assert ChildContext(None, Limits()).time_remaining() is None
