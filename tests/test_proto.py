"""The API contract: buf lint is clean and the committed generated code is current."""

import filecmp
import pathlib
import shutil
import subprocess
import sys


ROOT = pathlib.Path(__file__).resolve().parents[1]
PROTO = ROOT / "proto"


def test_buf_lint_is_clean():
    buf = shutil.which("buf") or str(pathlib.Path(sys.executable).parent / "buf")
    r = subprocess.run([buf, "lint"], cwd=PROTO, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_generated_code_matches_the_protos(tmp_path):
    r = subprocess.run([sys.executable, str(PROTO / "generate.py"), str(tmp_path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    fresh = sorted(p.relative_to(tmp_path) for pattern in ("*_pb2*.py*", "*_connect.py")
                   for p in tmp_path.rglob(pattern))
    assert fresh, "nothing generated"
    for rel in fresh:
        committed = PROTO / rel
        assert committed.exists(), f"{rel} is not committed: run python proto/generate.py"
        assert filecmp.cmp(committed, tmp_path / rel, shallow=False), \
            f"{rel} is stale: run python proto/generate.py"
