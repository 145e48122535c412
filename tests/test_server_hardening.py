"""The server as an operator runs it: never UNKNOWN, bounded work, shedding, liveness."""

import json
import logging
import math
import threading
import time
from contextlib import contextmanager

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from moneycards.server.app import start_service
from moneycards.server.kowah import KowahService
from moneycards.server.limits import Limits, hint_budget_ms
from moneycards.solver.errors import SolveLimit
from moneycards.solver.games import seeded
from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2,
                           totom_pb2_grpc)

WIN = kowah_pb2.CheckWinRequest(hand="1c2c3c 4c5c6c 7c7c", pair="7c7c", card="7c",
                                via=kowah_pb2.KOWAH_VIA_DISCARD)


@contextmanager
def serving(limits: Limits):
    svc = start_service("127.0.0.1", 0, workers=limits.max_concurrent, limits=limits,
                        warm=False)
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    try:
        yield ch
    finally:
        ch.close()
        svc.server.stop(None)


def details(err: grpc.RpcError) -> dict:
    status = rpc_status.from_call(err)
    assert status is not None, f"no status details: {err.code()} {err.details()}"
    out = {}
    for any_ in status.details:
        for cls in (error_details_pb2.ErrorInfo, error_details_pb2.RetryInfo,
                    error_details_pb2.BadRequest, error_details_pb2.RequestInfo):
            if any_.Is(cls.DESCRIPTOR):
                msg = cls()
                any_.Unpack(msg)
                out[cls.__name__] = msg
    return out


def healthy(ch) -> bool:
    r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=1)
    return r.status == health_pb2.HealthCheckResponse.SERVING


# -- errors never UNKNOWN -------------------------------------------------------------------
def test_an_unexpected_exception_is_internal_with_a_request_id_and_a_logged_traceback(
        monkeypatch, caplog):
    def broken(self, request, context):
        raise ZeroDivisionError("secret internals")

    monkeypatch.setattr(KowahService, "CheckWin", broken)
    caplog.set_level(logging.ERROR, logger="moneycards.server")
    with serving(Limits(max_concurrent=2)) as ch:
        with pytest.raises(grpc.RpcError) as exc:
            kowah_pb2_grpc.KowahServiceStub(ch).CheckWin(WIN, timeout=10)
        err = exc.value
        assert err.code() == grpc.StatusCode.INTERNAL
        assert "secret" not in err.details()
        info = details(err)["ErrorInfo"]
        rid = info.metadata["request_id"]
        assert info.reason == "INTERNAL" and err.details() == f"internal error (request id {rid})"
        logged = [r for r in caplog.records if rid in r.getMessage()]
        assert logged and logged[0].exc_info[0] is ZeroDivisionError
        assert healthy(ch)


def test_a_solver_time_limit_is_resource_exhausted_not_unknown(monkeypatch):
    def timed_out(self, request, context):
        raise SolveLimit("the CP-SAT model gave no answer (UNKNOWN)")

    monkeypatch.setattr(KowahService, "CheckWin", timed_out)
    with serving(Limits(max_concurrent=2)) as ch:
        with pytest.raises(grpc.RpcError) as exc:
            kowah_pb2_grpc.KowahServiceStub(ch).CheckWin(WIN, timeout=10)
        assert exc.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert details(exc.value)["ErrorInfo"].reason == "SOLVER_TIME_LIMIT"


# -- overload and liveness ------------------------------------------------------------------
def test_calls_over_the_limit_are_shed_and_health_still_answers(monkeypatch):
    entered, release = threading.Semaphore(0), threading.Event()

    def slow(self, request, context):
        entered.release()
        release.wait(20)
        return kowah_pb2.CheckWinResponse(wins=True)

    monkeypatch.setattr(KowahService, "CheckWin", slow)
    # No line to wait in: the third call is shed at once, not when its wait runs out just
    # before its deadline (a race a loaded machine could lose; tests/test_bite_admission.py
    # tests the line).
    with serving(Limits(max_concurrent=2, queue=0)) as ch:
        stub = kowah_pb2_grpc.KowahServiceStub(ch)
        futures = [stub.CheckWin.future(WIN, timeout=30) for _ in range(2)]
        for _ in range(2):
            assert entered.acquire(timeout=10)
        with pytest.raises(grpc.RpcError) as exc:
            stub.CheckWin(WIN, timeout=10)
        assert exc.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        found = details(exc.value)
        assert found["ErrorInfo"].reason == "OVERLOADED" and "RetryInfo" in found
        assert all(healthy(ch) for _ in range(5))
        release.set()
        assert all(f.result().wins for f in futures)
        assert stub.CheckWin(WIN, timeout=10).wins  # the slots are free again


def test_a_1s_deadline_on_the_most_expensive_hint_frees_the_worker_long_before_it_would_end(
        monkeypatch):
    # The dealer's opening: the most actions a Tổ Tôm hint ranks. Each evaluation is made
    # slow (0.5 s, ten or more of them: 5 s or more), so only the deadline (not the budget:
    # cap 60 s) can end the call early. The worker is free about 1 s in; the bound of 3 s
    # leaves room for a loaded machine and still tells a cancelled hint from a finished one.
    import moneycards.solver.totom.hint as engine

    real = engine._after

    def slow_after(*args, **kwargs):
        time.sleep(0.5)  # the second evaluation starts before the budget ends, runs to the deadline
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "_after", slow_after)
    state = seeded("totom", 1)
    obs = state.observation(state.current_seat()).to_json()
    assert len(obs["legal_actions"]) >= 10
    request = totom_pb2.TotomServiceHintRequest(observation_json=json.dumps(obs),
                                                budget_ms=2**31 - 1)
    with serving(Limits(max_concurrent=1, hint_cap_ms=60_000)) as ch:
        stub = totom_pb2_grpc.TotomServiceStub(ch)
        started = time.monotonic()
        try:
            answer = stub.Hint(request, timeout=1.0)
            # The server stops at the deadline less a margin, so on a busy machine its
            # partial answer can arrive first: then the slow evaluations were cut short.
            assert any(not a.HasField("value") for a in answer.actions)
        except grpc.RpcError as err:
            assert err.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        while True:  # the one worker slot: shed until the abandoned hint has stopped
            try:
                kowah_pb2_grpc.KowahServiceStub(ch).CheckWin(WIN, timeout=5)
                break
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert time.monotonic() - started < 3.0, "the worker is still busy"
                time.sleep(0.02)
        assert time.monotonic() - started < 3.0


def test_hint_budget_is_the_least_of_budget_deadline_and_cap():
    limits = Limits(hint_cap_ms=2000)
    assert hint_budget_ms(0, "totom", limits, None) == 2000  # the game's default safety cap
    assert hint_budget_ms(0, "lukfu", Limits(hint_cap_ms=1500), None) == 1500  # the cap
    assert hint_budget_ms(300, "kowah", limits, None) == 300
    assert hint_budget_ms(2**31 - 1, "kowah", limits, None) == 2000  # the cap
    # The deadline, less a tenth of the time left (at least 50 ms, at most 500 ms):
    assert hint_budget_ms(2**31 - 1, "kowah", limits, 1.0) == pytest.approx(900)
    assert hint_budget_ms(2**31 - 1, "kowah", limits, 0.3) == pytest.approx(250)
    assert hint_budget_ms(2**31 - 1, "kowah", limits, 0.05) == 0
    assert hint_budget_ms(2**31 - 1, "kowah", Limits(hint_cap_ms=60_000), 30.0) \
        == pytest.approx(29_500)
    assert hint_budget_ms(50, "kowah", limits, 0.0) == 0  # past the deadline: the first action only
    assert hint_budget_ms(1e-6, "totom", limits, None) == 1e-6  # what was asked


# -- bad input: INVALID_ARGUMENT naming the field, echo clipped ----------------------------
def field_of(err) -> str:
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, (err.code(), err.details())
    return details(err)["BadRequest"].field_violations[0].field


def observation(game: str, seed: int = 1, steps: int = 0) -> dict:
    state = seeded(game, seed)
    for _ in range(steps):
        state.apply(state.legal_texts()[0])
    return state.observation(state.current_seat()).to_json()


def kowah_hint(channel, obs, budget_ms=0):
    return kowah_pb2_grpc.KowahServiceStub(channel).Hint(
        kowah_pb2.KowahServiceHintRequest(observation_json=json.dumps(obs), budget_ms=budget_ms),
        timeout=10)


def test_a_request_over_a_megabyte_is_resource_exhausted_as_documented(channel):
    """docs/operations.md: over 1 MB, gRPC itself answers RESOURCE_EXHAUSTED."""
    with pytest.raises(grpc.RpcError) as exc:
        kowah_pb2_grpc.KowahServiceStub(channel).CheckReady(
            kowah_pb2.CheckReadyRequest(hand="5c" * 1_050_000), timeout=30)
    assert exc.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "larger than max" in exc.value.details()


def test_a_100kB_token_is_clipped_in_the_error(channel):
    with pytest.raises(grpc.RpcError) as exc:
        kowah_pb2_grpc.KowahServiceStub(channel).CheckReady(
            kowah_pb2.CheckReadyRequest(hand="x" * 100_000), timeout=10)
    assert field_of(exc.value) == "hand"
    assert len(exc.value.details()) < 200
    assert "…(100000 chars)" in exc.value.details()


@pytest.mark.parametrize("budget", [-1.0, -math.inf, math.nan])
def test_a_negative_budget_is_invalid(channel, budget):
    """A budget below 0 or none at all (NaN) is refused in the same words; infinity is
    capped (below)."""
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(channel, observation("kowah"), budget_ms=budget)
    assert field_of(exc.value) == "budget_ms"
    assert exc.value.details().startswith(
        "budget_ms: budget_ms is 0 (the default) or a positive number of milliseconds (more "
        "than "), exc.value.details()
    assert exc.value.details().endswith(f", not {budget:g}")


def test_an_infinite_budget_is_capped(channel):
    answer = kowah_hint(channel, observation("kowah"), budget_ms=math.inf)
    assert answer.actions


@pytest.mark.parametrize("seat", [10**12, "x", -1, 3, True])
def test_a_seat_out_of_range_is_invalid(channel, seat):
    obs = observation("kowah")
    obs["seat"] = seat
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(channel, obs)
    assert field_of(exc.value) == "observation_json.seat"


@pytest.mark.parametrize("text, needle", [
    ('{"game": "kowah", "seat": ' + "9" * 5000 + "}", "number too large"),
    ('{"game": "kowah", "x": ' + "[" * 5000 + "]" * 5000 + "}", "nested deeper"),
    ('{"game": "kowah", "seat": NaN}', "NaN is not a JSON number"),
])
def test_json_that_is_not_strict_is_invalid(channel, text, needle):
    with pytest.raises(grpc.RpcError) as exc:
        kowah_pb2_grpc.KowahServiceStub(channel).Hint(
            kowah_pb2.KowahServiceHintRequest(observation_json=text), timeout=10)
    assert field_of(exc.value) == "observation_json"
    assert needle in exc.value.details()


def test_score_with_more_fu_than_cards_is_invalid_LF_W2(channel):
    with pytest.raises(grpc.RpcError) as exc:
        lukfu_pb2_grpc.LukFuServiceStub(channel).Score(
            lukfu_pb2.ScoreRequest(fu=2**31 - 1, winner=0, caller=0), timeout=10)
    assert field_of(exc.value) == "fu"
    assert "[LF-W2]" in exc.value.details()


# -- hint recomputes, never trusts ----------------------------------------------------------
def test_a_forged_take_on_the_first_turn_is_refused_KW_T3(channel):
    obs = observation("kowah")
    assert obs["first_turn"] and obs["legal_actions"] == ["draw"]
    obs["legal_actions"] = ["take", "draw"]
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(channel, obs)
    assert field_of(exc.value) == "observation_json.legal_actions[0]"
    assert "KW-T3" in exc.value.details()


def test_a_duplicate_action_is_refused(channel):
    obs = observation("kowah", steps=1)
    obs["legal_actions"] = obs["legal_actions"] + obs["legal_actions"][:1]
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(channel, obs)
    assert field_of(exc.value) == f"observation_json.legal_actions[{len(obs['legal_actions']) - 1}]"
    assert "listed twice" in exc.value.details()


def test_a_card_counted_more_often_than_the_deck_holds_is_refused(channel):
    obs = observation("kowah", steps=2)
    obs["discards"] = [{"seat": 1, "card": "3h"}] * 5
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(channel, obs)
    assert field_of(exc.value) == "observation_json"
    assert "3h is counted" in exc.value.details()
    assert "the deck holds 4" in exc.value.details()


def test_a_forged_luk_fu_claim_is_refused_LF_W2(channel):
    state = seeded("lukfu", 3)
    while state.legal_texts()[0].startswith("call"):
        state.apply("call play")
    obs = state.observation(state.current_seat()).to_json()
    assert "claim" not in obs["legal_actions"]
    obs["legal_actions"] = ["claim"] + obs["legal_actions"]
    with pytest.raises(grpc.RpcError) as exc:
        lukfu_pb2_grpc.LukFuServiceStub(channel).Hint(
            lukfu_pb2.LukFuServiceHintRequest(observation_json=json.dumps(obs)), timeout=10)
    assert field_of(exc.value) == "observation_json.legal_actions[0]"
    assert "LF-W2" in exc.value.details()


def test_too_many_dead_cards_are_refused_in_totom(channel):
    obs = observation("totom")
    obs["dead"] = [{"seat": 1, "card": "1h"}] * 5
    with pytest.raises(grpc.RpcError) as exc:
        totom_pb2_grpc.TotomServiceStub(channel).Hint(
            totom_pb2.TotomServiceHintRequest(observation_json=json.dumps(obs)), timeout=10)
    assert field_of(exc.value) == "observation_json"
    assert "copies of 1h are seen" in exc.value.details()
    assert "the deck holds 4" in exc.value.details()


# -- solver calls in worker processes (what `serve` runs) ------------------------------------
@pytest.fixture(scope="module")
def process_channel():
    svc = start_service("127.0.0.1", 0, workers=2, warm=False, processes=1,
                        limits=Limits(max_concurrent=2, hint_cap_ms=200))
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    yield ch
    ch.close()
    svc.pool.kill()
    svc.server.stop(None)


def test_worker_processes_answer_like_the_server_threads(process_channel, channel):
    request = kowah_pb2.CheckReadyRequest(hand="1c2c3c 4c5c6c 7c7c")
    there = kowah_pb2_grpc.KowahServiceStub(process_channel).CheckReady(request, timeout=60)
    here = kowah_pb2_grpc.KowahServiceStub(channel).CheckReady(request, timeout=60)
    assert there == here and there.hand == "12345677c"


def test_worker_processes_keep_field_errors(process_channel):
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(process_channel, observation("kowah"), budget_ms=-1)
    assert field_of(exc.value) == "budget_ms"
    obs = observation("kowah")
    obs["legal_actions"] = ["take"]
    with pytest.raises(grpc.RpcError) as exc:
        kowah_hint(process_channel, obs)
    assert field_of(exc.value) == "observation_json.legal_actions[0]"


@pytest.mark.parametrize("method, stream", [
    ("/moneycards.v1.KowahService/CheckReady", False),  # decoded in a worker process
    ("/moneycards.v1.TableService/GetView", False),  # in the server process
    ("/moneycards.v1.TableService/Watch", True),  # a stream
])
def test_bytes_that_do_not_decode_are_invalid_argument_not_internal(process_channel, method,
                                                                    stream):
    """grpcio answers a request its deserializer refuses with INTERNAL ('Exception
    deserializing request!'); here it is bad input: INVALID_ARGUMENT naming the message."""
    call = (process_channel.unary_stream if stream else process_channel.unary_unary)(method)
    with pytest.raises(grpc.RpcError) as exc:
        answer = call(b"\xff\xff\xff", timeout=30)
        if stream:
            list(answer)
    assert field_of(exc.value) == "request"
    message = method.rsplit("/", 1)[1] + "Request"
    assert exc.value.details().startswith(
        f"request: the request is not a valid moneycards.v1.{message} in protobuf binary")
    assert details(exc.value)["ErrorInfo"].reason == "INVALID_INPUT"


def test_worker_processes_answer_hints_within_the_deadline(process_channel):
    state = seeded("lukfu", 3)
    while state.legal_texts()[0].startswith("call"):
        state.apply("call play")
    obs = json.dumps(state.observation(state.current_seat()).to_json())
    stub = lukfu_pb2_grpc.LukFuServiceStub(process_channel)
    r = stub.Hint(lukfu_pb2.LukFuServiceHintRequest(observation_json=obs, budget_ms=2**31 - 1),
                  timeout=30)
    assert r.actions and r.seat == state.current_seat()


def test_a_dead_worker_process_is_replaced():
    import os
    import signal as signals

    svc = start_service("127.0.0.1", 0, workers=1, warm=True, processes=1,
                        limits=Limits(max_concurrent=1))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{svc.port}") as ch:
            stub = kowah_pb2_grpc.KowahServiceStub(ch)
            request = kowah_pb2.CheckReadyRequest(hand="1c2c3c 4c5c6c 7c7c")
            expected = stub.CheckReady(request, timeout=60)
            for pid in list(svc.pool._pool._processes):
                os.kill(pid, signals.SIGKILL)
            time.sleep(0.5)
            try:  # the pool notices the death on this call or the next
                stub.CheckReady(request, timeout=60)
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.INTERNAL
            assert stub.CheckReady(request, timeout=60) == expected
            assert healthy(ch)
    finally:
        svc.pool.kill()
        svc.server.stop(None)


def test_a_worker_sees_its_client_leave_through_the_shared_flag(monkeypatch):
    from moneycards.server import workers

    flags = [0, 0]
    monkeypatch.setattr(workers, "_cancelled", flags)
    ctx = workers.ChildContext(time.time() + 60, Limits(), slot=1)
    assert not ctx.cancelled()
    flags[1] = 1
    assert ctx.cancelled() and not ctx.is_active()
    assert workers.ChildContext(time.time() - 1, Limits()).cancelled()  # past its deadline


def test_a_forged_totom_win_is_refused(channel):
    state = seeded("totom", 1)
    obs = state.observation(state.current_seat()).to_json()
    assert obs["phase"] == "TOTOM_PHASE_OPENING" and "win" not in obs["legal_actions"]
    obs["legal_actions"] = ["win"] + obs["legal_actions"]
    with pytest.raises(grpc.RpcError) as exc:
        totom_pb2_grpc.TotomServiceStub(channel).Hint(
            totom_pb2.TotomServiceHintRequest(observation_json=json.dumps(obs)), timeout=10)
    assert field_of(exc.value) == "observation_json.legal_actions[0]"
    assert "do not win [TT-W7]" in exc.value.details()
