"""House habits kept by the tests: ruff (rules in pyproject.toml) and mypy."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The folders as installed (pyproject.toml, package-dir): one `moneycards` tree.
LAYOUT = {"moneycards": "moneycards", "moneycards/solver": "solver",
          "moneycards/server": "server", "moneycards/cli": "cli",
          "moneycards/v1": "proto/moneycards/v1"}


def test_ruff_is_clean():
    ruff = Path(sys.executable).parent / "ruff"
    r = subprocess.run([str(ruff), "check", "--no-cache", "--output-format", "concise", "."],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-1000:]


def test_mypy_is_clean(tmp_path, request):
    """mypy, with the configuration of pyproject.toml (strict on the domain and the public
    API), passes on the package as installed. Its cache is kept in pytest's cache folder
    (mypy re-checks every module whose text changed), so a second run takes seconds."""
    cache = getattr(request.config, "cache", None)
    cache_dir = cache.mkdir("mypy") if cache is not None else tmp_path / ".mypy_cache"
    for target, source in LAYOUT.items():
        shutil.copytree(ROOT / source, tmp_path / target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
    mypy = Path(sys.executable).parent / "mypy"
    r = subprocess.run([str(mypy), "--config-file", str(ROOT / "pyproject.toml"),
                        "--cache-dir", str(cache_dir), "-p", "moneycards"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-2000:]
