"""Generate the Python code for proto/moneycards/v1/*.proto with the pinned grpcio-tools.

Run from anywhere: `python proto/generate.py`. The generated files sit beside the .proto
files and are committed; tests/test_proto.py regenerates them and checks they match.
"""

from __future__ import annotations

import pathlib
import sys

from grpc_tools import protoc

PROTO_ROOT = pathlib.Path(__file__).resolve().parent


def generate(out_dir: pathlib.Path = PROTO_ROOT) -> list[pathlib.Path]:
    sources = sorted((PROTO_ROOT / "moneycards" / "v1").glob("*.proto"))
    include = pathlib.Path(protoc.__file__).resolve().parent / "_proto"
    args = ["protoc", f"-I{PROTO_ROOT}", f"-I{include}", f"--python_out={out_dir}",
            f"--pyi_out={out_dir}", f"--grpc_python_out={out_dir}"]
    args += [str(p.relative_to(PROTO_ROOT)) for p in sources]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    return sources


if __name__ == "__main__":
    generate(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else PROTO_ROOT)
