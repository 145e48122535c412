"""Server reflection under both names clients ask for: grpc.reflection.v1 (newer clients
ask it first) and v1alpha, serving the google.rpc error-details protos too, so stock tools
(`buf curl`, grpcurl) decode the BadRequest and ErrorInfo in an error's details.

grpcio-reflection only ships v1alpha; v1 is the same protocol under a new package, so its
descriptor is v1alpha's renamed, and one servicer answers both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2  # noqa: F401  (registers them for lookup)
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc

V1_FILE = "grpc/reflection/v1/reflection.proto"
V1_SERVICE = "grpc.reflection.v1.ServerReflection"
# Files served beside the services' own, for decoding error details.
ERROR_DETAIL_FILES = (error_details_pb2.DESCRIPTOR.name, status_pb2.DESCRIPTOR.name)


def v1_classes() -> tuple[type[Message], type[Message]]:
    """The v1 request and response classes (v1alpha's, renamed into the default pool)."""
    pool = descriptor_pool.Default()
    try:
        fd = pool.FindFileByName(V1_FILE)
    except KeyError:
        proto = descriptor_pb2.FileDescriptorProto()
        reflection_pb2.DESCRIPTOR.CopyToProto(proto)
        proto.name, proto.package = V1_FILE, "grpc.reflection.v1"
        for m in proto.message_type:
            for f in m.field:
                if f.HasField("type_name"):
                    f.type_name = f.type_name.replace(".v1alpha.", ".v1.")
        for s in proto.service:
            for method in s.method:
                method.input_type = method.input_type.replace("v1alpha", "v1")
                method.output_type = method.output_type.replace("v1alpha", "v1")
        pool.Add(proto)
        fd = pool.FindFileByName(V1_FILE)
    msgs = fd.message_types_by_name
    return (message_factory.GetMessageClass(msgs["ServerReflectionRequest"]),
            message_factory.GetMessageClass(msgs["ServerReflectionResponse"]))


def enable(service_names: list[str], server: grpc.Server) -> None:
    """Register reflection v1 and v1alpha for `service_names` (plus both reflection services)."""
    names = [*service_names, reflection.SERVICE_NAME, V1_SERVICE]
    servicer = reflection.ReflectionServicer(names)
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    request_v1, response_v1 = v1_classes()

    def info_v1(request_iterator: Iterable[Message], context: grpc.ServicerContext
                ) -> Iterator[Message]:
        # Same wire format: hand v1 requests to the v1alpha servicer and re-type its answers.
        alpha = (reflection_pb2.ServerReflectionRequest.FromString(r.SerializeToString())
                 for r in request_iterator)
        for answer in servicer.ServerReflectionInfo(alpha, context):
            yield response_v1.FromString(answer.SerializeToString())

    handler = grpc.stream_stream_rpc_method_handler(
        info_v1, request_deserializer=request_v1.FromString,
        response_serializer=response_v1.SerializeToString)
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(V1_SERVICE, {"ServerReflectionInfo": handler}),))

