"""Mapping solver errors to gRPC status: INVALID_ARGUMENT with a google.rpc.BadRequest."""

from __future__ import annotations

import functools
from typing import Callable, Mapping

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from moneycards.solver.errors import InvalidInput


MAX_DESCRIPTION = 300


def bad_request_status(err: InvalidInput, field: str) -> grpc.Status:
    """A status whose details carry one field violation naming `field` and the problem."""
    description = err.message + (f" [{err.rule}]" if err.rule else "")
    if len(description) > MAX_DESCRIPTION:  # the status must fit the trailers
        description = description[:MAX_DESCRIPTION] + "…"
    violation = error_details_pb2.BadRequest.FieldViolation(field=field[:100],
                                                            description=description)
    detail = any_pb2.Any()
    detail.Pack(error_details_pb2.BadRequest(field_violations=[violation]))
    status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT,
                               message=f"{field}: {violation.description}", details=[detail])
    return rpc_status.to_status(status)


def rpc(field_paths: Mapping[str, str] | None = None) -> Callable:
    """Decorate a servicer method: solver input errors become INVALID_ARGUMENT.

    `field_paths` maps the solver's field names to the request's field paths
    (e.g. "win_card" -> "context.win_card").
    """
    paths = dict(field_paths or {})

    def decorate(method: Callable) -> Callable:
        @functools.wraps(method)
        def wrapper(self, request, context):
            try:
                return method(self, request, context)
            except InvalidInput as err:
                name = err.field or "request"
                head, dot, rest = name.partition(".")
                mapped = paths.get(name) or (paths[head] + dot + rest if head in paths else name)
                context.abort_with_status(bad_request_status(err, mapped))

        return wrapper

    return decorate


def enum_value(table: Mapping[int, object], value: int, field: str):
    """The solver value of a proto enum number; an unknown number is bad input."""
    if value not in table:
        raise InvalidInput(f"unknown enum value {value}", field=field)
    return table[value]

