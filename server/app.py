"""The gRPC server: every game service, standard health checking and server reflection."""

from __future__ import annotations

import signal
import sys
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2,
                           totom_pb2_grpc)
from moneycards.server.kowah import KowahService
from moneycards.server.lukfu import LukFuService
from moneycards.server.reflection import enable as enable_reflection
from moneycards.server.totom import TotomService

MAX_MESSAGE_BYTES = 1 << 20  # requests are a few hundred bytes; bound what we accept

SERVICES = [
    (totom_pb2, "TotomService", totom_pb2_grpc.add_TotomServiceServicer_to_server, TotomService),
    (kowah_pb2, "KowahService", kowah_pb2_grpc.add_KowahServiceServicer_to_server, KowahService),
    (lukfu_pb2, "LukFuService", lukfu_pb2_grpc.add_LukFuServiceServicer_to_server, LukFuService),
]


def build_server(host: str = "127.0.0.1", port: int = 0,
                 workers: int = 8) -> tuple[grpc.Server, int]:
    """A started server and the port it listens on (port 0 picks a free one)."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers),
        options=[("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                 ("grpc.max_send_message_length", MAX_MESSAGE_BYTES)],
    )
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    names = [health.SERVICE_NAME]
    for module, service, add, servicer in SERVICES:
        add(servicer(), server)
        full_name = module.DESCRIPTOR.services_by_name[service].full_name
        names.append(full_name)
        health_servicer.set(full_name, health_pb2.HealthCheckResponse.SERVING)
    health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    enable_reflection(names, server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    server.start()
    return server, bound


def serve_forever(host: str, port: int, workers: int) -> None:
    server, bound = build_server(host, port, workers)
    print(f"moneycards gRPC server listening on {host}:{bound}", flush=True)

    def stop(*_):
        server.stop(grace=2).wait()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.wait_for_termination()
