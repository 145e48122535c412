"""Dependencies point one way: import contracts (import-linter) on the installed layout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYOUT = {"moneycards": "moneycards", "moneycards/solver": "solver",
          "moneycards/server": "server", "moneycards/cli": "cli",
          "moneycards/v1": "proto/moneycards/v1"}


def test_import_contracts(tmp_path):
    """The package as installed (one `moneycards` tree, as in the wheel) keeps every contract
    of pyproject.toml: the domain imports no service, CLI or gRPC code; the service no CLI;
    the games not each other."""
    for target, source in LAYOUT.items():
        shutil.copytree(ROOT / source, tmp_path / target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
    lint = Path(sys.executable).parent / "lint-imports"
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    r = subprocess.run([str(lint), str(ROOT / "pyproject.toml"), "--no-cache"],
                       capture_output=True, text=True, cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "3 kept, 0 broken" in r.stdout
