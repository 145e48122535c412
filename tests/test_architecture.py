"""Dependencies point one way: import contracts (import-linter) on the checkout, read through
the editable install's tree of links (README, Layout)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts(tmp_path):
    """The package as installed (one `moneycards` tree, as in the wheel) keeps every contract
    of pyproject.toml: the domain imports no service, CLI or gRPC code; the service no CLI;
    the games not each other. lint-imports puts its working folder first on sys.path, and
    at the checkout's root that finds the front door folder alone, so it runs from an empty
    folder: the package it reads is the installed one, whose files are the checkout's."""
    code = "import moneycards.solver as m; print(m.__file__)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.strip()).resolve() == ROOT / "solver" / "__init__.py", (
        f"the installed package is not this checkout: {r.stdout}")
    lint = Path(sys.executable).parent / "lint-imports"
    r = subprocess.run([str(lint), str(ROOT / "pyproject.toml"), "--no-cache"],
                       capture_output=True, text=True, cwd=tmp_path)
    hint = ("\n(`does not exist`: the editable install is not setuptools' strict mode; re-run "
            "the README's install command)" if "does not exist" in r.stdout else "")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:] + hint
    assert "3 kept, 0 broken" in r.stdout
