"""Fuzzing every RPC: whatever the request, the answer is OK or a status with details that
says what is wrong (never UNKNOWN or INTERNAL), and the server stays healthy after it.

Requests are generated from the proto descriptors, so new fields and methods are covered
without changing this file.
"""

import json

import grpc
import pytest
from google.protobuf.descriptor import FieldDescriptor as F
from google.protobuf.message_factory import GetMessageClass
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moneycards.server.app import SERVICES, start_service
from moneycards.server.limits import Limits
from tests.fuzz_strategies import EXAMPLES, json_text, notation, samples

ALLOWED = {grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION,
           grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.NOT_FOUND}
GAME_OF = {"TotomService": "totom", "KowahService": "kowah", "LukFuService": "lukfu"}
INT_RANGES = {F.TYPE_INT32: (-(2**31), 2**31 - 1), F.TYPE_SINT32: (-(2**31), 2**31 - 1),
              F.TYPE_INT64: (-(2**63), 2**63 - 1), F.TYPE_SINT64: (-(2**63), 2**63 - 1),
              F.TYPE_UINT32: (0, 2**32 - 1), F.TYPE_UINT64: (0, 2**64 - 1)}

METHODS = [(GAME_OF[name], module.DESCRIPTOR.services_by_name[name], m)
           for module, name, _, _ in SERVICES
           for m in module.DESCRIPTOR.services_by_name[name].methods]


def _int(lo: int, hi: int):
    edges = [v for v in (0, 1, 2, 3, 4, 6, 36, -1, lo, hi) if lo <= v <= hi]
    return st.one_of(st.sampled_from(edges), st.integers(lo, hi))


def field_strategy(game: str, f, depth: int):
    if f.type == F.TYPE_STRING:
        one = json_text(game, 0) if f.name.endswith("_json") else notation
    elif f.type in INT_RANGES:
        one = _int(*INT_RANGES[f.type])
        if f.name == "budget_ms":
            one = st.one_of(st.sampled_from([-1, 0, 1, 20]), one)
    elif f.type == F.TYPE_BOOL:
        one = st.booleans()
    elif f.type == F.TYPE_ENUM:
        numbers = [v.number for v in f.enum_type.values]
        one = st.one_of(st.sampled_from(numbers), st.integers(-5, 50))
    elif f.type == F.TYPE_MESSAGE and f.message_type.GetOptions().map_entry:
        key, value = (field_strategy(game, f.message_type.fields_by_name[n], depth + 1)
                      for n in ("key", "value"))
        return st.dictionaries(key, value, max_size=4) \
            if key is not None and value is not None else None
    elif f.type == F.TYPE_MESSAGE and depth < 3:
        one = message_strategy(game, f.message_type, depth + 1)
    elif f.type == F.TYPE_BYTES:
        one = st.binary(max_size=40)
    else:
        return None
    if f.is_repeated:
        return st.lists(one, max_size=4)
    return one


def _game_record(game: str, text: str):
    from moneycards.v1 import common_pb2

    rec = json.loads(text)
    msg = common_pb2.GameRecord(rules=rec.get("rules") or "",
                                actions=[a for a in rec.get("actions", []) if isinstance(a, str)])
    if isinstance(rec.get("seed"), int) and abs(rec["seed"]) < 2**31:
        msg.seed = rec["seed"]
    return msg


def message_strategy(game: str, desc, depth: int = 0):
    cls = GetMessageClass(desc)
    fields = {f.name: s for f in desc.fields
              if (s := field_strategy(game, f, depth)) is not None}
    generic = st.fixed_dictionaries({}, optional=fields).map(lambda d: cls(**d))
    if desc.full_name == "moneycards.v1.GameRecord":
        real = st.sampled_from(samples(game)).map(lambda s: _game_record(game, s[1]))
        return st.one_of(generic, real)
    return generic


@pytest.fixture(scope="module")
def fuzz_channel():
    svc = start_service("127.0.0.1", 0, workers=2, warm=False,
                        limits=Limits(max_concurrent=2, hint_cap_ms=50))
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    yield ch
    ch.close()
    svc.server.stop(None)


def check_call(channel, service, method, request) -> None:
    out_cls = GetMessageClass(method.output_type)
    call = channel.unary_unary(f"/{service.full_name}/{method.name}",
                               request_serializer=lambda m: m.SerializeToString(),
                               response_deserializer=out_cls.FromString)
    try:
        call(request, timeout=30)
    except grpc.RpcError as err:
        assert err.code() in ALLOWED, f"{err.code()}: {err.details()} for {request!r:.300}"
        status = rpc_status.from_call(err)
        assert status is not None and status.details, f"{err.code()} without details"
    health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(),
                                                       timeout=1)
    assert health.status == health_pb2.HealthCheckResponse.SERVING


@pytest.mark.parametrize("examples", EXAMPLES)
@pytest.mark.parametrize("game, service, method", METHODS,
                         ids=[f"{s.name}.{m.name}" for _, s, m in METHODS])
def test_fuzz_rpc_never_unknown_and_stays_healthy(fuzz_channel, game, service, method, examples):
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(message_strategy(game, method.input_type))
    def run(request):
        check_call(fuzz_channel, service, method, request)

    run()
