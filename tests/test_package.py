"""The distribution: one import namespace, the contract files, typing marker and license."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Built from a copy of the tracked files, so the checkout gets no build/ folder."""
    out = tmp_path_factory.mktemp("wheel")
    src = tmp_path_factory.mktemp("src")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        if (ROOT / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, src / rel)
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                        "-q", "-w", str(out), str(src)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    (whl,) = out.glob("moneycards-*.whl")
    return whl


def test_the_wheel_installs_only_the_moneycards_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.startswith("moneycards-")}
    assert tops == {"moneycards"}
    for must in ("moneycards/__main__.py", "moneycards/py.typed",
                 "moneycards/solver/totom/table.py", "moneycards/server/app.py",
                 "moneycards/cli/main.py", "moneycards/v1/totom_pb2.py",
                 "moneycards/v1/totom.proto", "moneycards/v1/common.proto",
                 # the rules as written (`moneycards GAME rules`, the page's rule links)
                 "moneycards/docs/rules/totom.md", "moneycards/docs/rules/kowah.md",
                 "moneycards/docs/rules/lukfu.md", "moneycards/docs/proposed-rulings.md"):
        assert must in names, must
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "License-Expression: Apache-2.0" in text
    assert any(n.endswith("licenses/LICENSE") for n in names)
    assert "Classifier: Typing :: Typed" in text


def test_the_wheel_runs_from_a_clean_venv(wheel, tmp_path):
    """A fresh venv sees the test environment's dependencies through a plain path entry
    (a .pth line adds a path but runs none of that folder's .pth hooks, so the editable
    install of this checkout stays out), then takes the wheel alone. The venv is made
    without its own pip (seeding one costs seconds): this pip installs into it."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    deps = next(Path(p) for p in sys.path if p.endswith("site-packages") and Path(p).is_dir())
    (site,) = venv.glob("lib/python*/site-packages")
    (site / "deps.pth").write_text(str(deps) + "\n")
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q",
                        "--no-deps", str(wheel)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(py), "-m", "moneycards", "totom", "check",
                        "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", "--engine", "exact"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1].startswith("WINS")
    r = subprocess.run([str(py), "-m", "moneycards", "kowah", "rules", "KW-R4"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "KW-R4  Ready (checki): the eight cards form two triplets" in r.stdout
    code = "import moneycards.solver; print(moneycards.solver.__file__)"
    r = subprocess.run([str(py), "-c", code],
                       capture_output=True, text=True, cwd=tmp_path)
    assert str(venv) in r.stdout


def test_python_dash_m_moneycards_is_the_command():
    r = subprocess.run([sys.executable, "-m", "moneycards", "--help"], capture_output=True,
                       text=True, cwd=ROOT)
    assert r.returncode == 0
    assert "Usage: moneycards" in r.stdout
