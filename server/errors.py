"""Mapping solver errors to gRPC status: INVALID_ARGUMENT with a google.rpc.BadRequest."""

from __future__ import annotations

import functools
import re
from typing import Callable, Mapping, TypeVar

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from moneycards.solver.errors import (ContextError, ImpossibleCards, InvalidInput, NotationError,
                                      snake_case)


_S = TypeVar("_S")
_Req = TypeVar("_Req")
_Resp = TypeVar("_Resp")
_K = TypeVar("_K", bound=int)
_V = TypeVar("_V")

DOMAIN = "moneycards"
MAX_DESCRIPTION = 300  # the status must fit the trailers


def error_reason(err: InvalidInput) -> str:
    """ErrorInfo's reason: the rule id the input breaks, or the kind of input error."""
    if err.rule:
        return err.rule
    for cls, reason in ((NotationError, "INVALID_NOTATION"), (ImpossibleCards, "IMPOSSIBLE_CARDS"),
                        (ContextError, "CONTRADICTORY_REQUEST")):
        if isinstance(err, cls):
            return reason
    return "INVALID_INPUT"


def describe(err: InvalidInput) -> str:
    """What a field violation says of bad input: the problem and the rule id it breaks
    (the same words for a single call and for one item of a batch)."""
    description = err.message + (f" [{err.rule}]" if err.rule else "")
    if len(description) > MAX_DESCRIPTION:
        description = description[:MAX_DESCRIPTION] + "…"
    return description


def bad_request_status(err: InvalidInput, field: str) -> grpc.Status:
    """A status whose details carry one field violation naming `field` and the problem, and
    an ErrorInfo whose reason is the rule id (clients switch on it without parsing text)."""
    return rpc_status.to_status(bad_request_proto(err, field))


def undecodable(message: str, err: Exception, form: str = "protobuf binary") -> status_pb2.Status:
    """The INVALID_ARGUMENT status of a request body that does not decode as `message` (a
    full message name): its field violation names the field the decoder refused, by the
    proto's names with its path (`seats[0].invited`, `kowah_rules.bogus`; a key the
    message does not have, as the body wrote it), and says why in the body's own terms."""
    field, why = decoder_says(str(err))
    return bad_request_proto(InvalidInput(f"the request is not a valid {message} in {form}"
                                          f"{': ' + why if why else ''}"), field)


def decoder_says(text: str) -> tuple[str, str]:
    """The field path and the reason in protobuf's JSON parser's words: 'Failed to parse
    matchRules field: Failed to parse deals field: invalid literal for int() with base 10:
    'x'.' is ("match_rules.deals", "'x' is not a whole number")."""
    lines = text.strip().split("\n")
    first = lines[0].strip().rstrip(".")
    parents = re.findall(r"Failed to parse (\w+) field: ", first)
    reason = re.sub(r"^(Failed to parse \w+ field: )+", "", first)
    unknown = re.match(r'Message type "[\w.]*?(\w+)" has no field named "([^"]*)" at "([^"]*)"',
                       reason)
    if unknown:
        # a key the message lacks: named as written, under its parent's proto path
        short, key, at = unknown.groups()
        path = [p for p in _proto_path(at) if p]
        fields = re.findall(r"'(\w+)'", lines[1]) if len(lines) > 1 else []
        told = f" (its fields: {', '.join(snake_case(f) for f in fields)})" if fields else ""
        return ".".join([*path, key]), f'{short} has no field "{key}"{told}'
    at = re.search(r" at ([\w.\[\]]+)$", reason)
    if at and "." in at.group(1):
        path = _proto_path(at.group(1))
        reason = reason[:at.start()]
    else:
        path = [snake_case(p) for p in parents]
        reason = re.sub(r" at \w+$", "", reason)
    if not path:
        return "request", first
    return ".".join(path), _in_json_words(reason.strip().rstrip("."))


def _proto_path(at: str) -> list[str]:
    """'CreateTableRequest.seats[0].aiLevel' as ['seats[0]', 'ai_level']: the message's
    own name dropped, each JSON name as the proto's."""
    return [snake_case(p) for p in at.split(".")[1:]]


_JSON_KIND = {"int": "a number", "float": "a number", "bool": "true or false",
              "list": "an array", "dict": "an object", "NoneType": "null", "str": "a string"}


def _in_json_words(reason: str) -> str:
    """The parser's reason without Python's words (int(), 'bytes-like object')."""
    if m := re.match(r"invalid literal for int\(\) with base 10: (.*)$", reason):
        return f"{m.group(1)} is not a whole number"
    if m := re.match(r"Couldn't parse integer: (.*)$", reason):
        return f"{m.group(1)} is not a whole number"
    if m := re.match(r"expected string or bytes-like object, got '(\w+)'$", reason):
        return f"expected a string, got {_JSON_KIND.get(m.group(1), m.group(1))}"
    return reason


def bad_request_proto(err: InvalidInput, field: str) -> status_pb2.Status:
    """`bad_request_status` as the google.rpc.Status message."""
    description = describe(err)
    field = field[:100]
    violation = error_details_pb2.BadRequest.FieldViolation(field=field, description=description)
    if err.rule:
        violation.reason = err.rule
    bad_request, info = any_pb2.Any(), any_pb2.Any()
    bad_request.Pack(error_details_pb2.BadRequest(field_violations=[violation]))
    metadata = {"field": field}
    if err.rule:
        metadata["rule"] = err.rule
    info.Pack(error_details_pb2.ErrorInfo(reason=error_reason(err), domain=DOMAIN,
                                          metadata=metadata))
    return status_pb2.Status(code=code_pb2.INVALID_ARGUMENT,
                             message=f"{field}: {violation.description}",
                             details=[bad_request, info])


def field_path(err: InvalidInput, paths: Mapping[str, str]) -> str:
    """The request's path of the field a solver error names ("win_card" ->
    "context.win_card" by `paths`; unnamed: "request"). A name inside a mapped field keeps
    its tail under the longest mapped head ("record.deal.hands[1]" -> "deal.hands[1]")."""
    name = err.field or "request"
    if name in paths:
        return paths[name]
    for k in range(len(name) - 1, 0, -1):
        if name[k] in ".[" and name[:k] in paths:
            return paths[name[:k]] + name[k:]
    return name


def rpc(field_paths: Mapping[str, str] | None = None) -> Callable[
        [Callable[[_S, _Req, grpc.ServicerContext], _Resp]],
        Callable[[_S, _Req, grpc.ServicerContext], _Resp]]:
    """Decorate a servicer method: solver input errors become INVALID_ARGUMENT.

    `field_paths` maps the solver's field names to the request's field paths
    (e.g. "win_card" -> "context.win_card").
    """
    paths = dict(field_paths or {})

    def decorate(method: Callable[[_S, _Req, grpc.ServicerContext], _Resp]
                 ) -> Callable[[_S, _Req, grpc.ServicerContext], _Resp]:
        @functools.wraps(method)
        def wrapper(self: _S, request: _Req, context: grpc.ServicerContext) -> _Resp:
            try:
                return method(self, request, context)
            except InvalidInput as err:
                context.abort_with_status(bad_request_status(err, field_path(err, paths)))
                # grpc is untyped: its abort_with_status always raises, which mypy cannot see
                raise AssertionError("abort_with_status returned") from err

        return wrapper

    return decorate


def enum_value(table: Mapping[_K, _V], value: _K, field: str) -> _V:
    """The solver value of a proto enum number; an unknown number is bad input."""
    if value not in table:
        raise InvalidInput(f"unknown enum value {value}", field=field)
    return table[value]

