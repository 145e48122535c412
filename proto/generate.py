"""Generate the Python code for proto/moneycards/v1/*.proto with the pinned grpcio-tools
and, for the web port's Connect and gRPC-Web services (server/web.py), the pinned
protoc-gen-connect-python (`*_connect.py`, over the same `*_pb2` messages).

Run from anywhere: `python proto/generate.py`. The generated files sit beside the .proto
files and are committed; tests/test_proto.py regenerates them and checks they match.
"""

from __future__ import annotations

import pathlib
import shutil
import sys

from grpc_tools import protoc

PROTO_ROOT = pathlib.Path(__file__).resolve().parent


def generate(out_dir: pathlib.Path = PROTO_ROOT) -> list[pathlib.Path]:
    sources = sorted((PROTO_ROOT / "moneycards" / "v1").glob("*.proto"))
    include = pathlib.Path(protoc.__file__).resolve().parent / "_proto"
    args = ["protoc", f"-I{PROTO_ROOT}", f"-I{include}", f"--python_out={out_dir}",
            f"--pyi_out={out_dir}", f"--grpc_python_out={out_dir}",
            f"--plugin=protoc-gen-connect-python={connect_plugin()}",
            f"--connect-python_out={out_dir}"]
    args += [str(p.relative_to(PROTO_ROOT)) for p in sources]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    return sources


def connect_plugin() -> str:
    """The protoc-gen-connect-python of this interpreter's environment (the test extra)."""
    beside = pathlib.Path(sys.executable).parent / "protoc-gen-connect-python"
    found = str(beside) if beside.exists() else shutil.which("protoc-gen-connect-python")
    if not found:
        raise SystemExit("protoc-gen-connect-python is missing: "
                         "pip install -c constraints.txt -e '.[test]'")
    return found


if __name__ == "__main__":
    generate(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else PROTO_ROOT)
