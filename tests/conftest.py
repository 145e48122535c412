import os

import grpc
import pytest

# A server started by a test keeps its tables in memory, never in the user's data folder.
os.environ.setdefault("MONEYCARDS_DB", ":memory:")


@pytest.fixture(scope="session")
def server_address():
    """A real server on an ephemeral loopback port, for the whole test session."""
    from moneycards.server.app import build_server

    server, port = build_server("127.0.0.1", 0, workers=4)
    yield f"127.0.0.1:{port}"
    server.stop(grace=None)


@pytest.fixture(scope="session")
def channel(server_address):
    ch = grpc.insecure_channel(server_address)
    grpc.channel_ready_future(ch).result(timeout=10)
    yield ch
    ch.close()
