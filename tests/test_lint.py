"""House habits kept by the tests: ruff (rules in pyproject.toml) and mypy, both on the
checkout itself. mypy reads the package as installed through the editable install's tree of
links (README, Layout), so the tree must be current: that is checked first."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = CONFIG["tool"]["setuptools"]
REINSTALL = ("re-run the README's install command (`.venv/bin/pip install -q -c "
             "constraints.txt -e '.[test]'`): a strict editable install links the files "
             "that exist when it runs (README, Layout)")


def installed_tree() -> Path:
    """The folder the editable install put on sys.path, holding the whole `moneycards`
    package as links to the checkout's files (its folders are real ones: a hand-made layout
    that links whole folders is not it)."""
    for entry in sys.path:
        solver = Path(entry or ".") / "moneycards" / "solver"
        if (solver / "__init__.py").is_file() and not solver.is_symlink():
            return Path(entry)
    pytest.fail("no installed `moneycards` tree on sys.path (an editable install other than "
                "setuptools' strict mode, set in pyproject.toml?): " + REINSTALL)


def folder_of(package: str) -> Path:
    """The checkout folder of a package, by pyproject.toml's package-dir."""
    dirs = SETUPTOOLS["package-dir"]
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in dirs:
            return ROOT / dirs[".".join(parts[:n])] / Path(*parts[n:])
    return ROOT / Path(*parts)


def expected_links() -> dict[Path, Path]:
    """Each file the install should link (its place in the tree: its file in the checkout):
    every package's modules and its package data."""
    data = SETUPTOOLS.get("package-data", {})
    links = {}
    for package in SETUPTOOLS["packages"]:
        src, where = folder_of(package), Path(*package.split("."))
        files = [p for p in src.glob("*.py")]
        files += [p for pattern in data.get(package, []) for p in src.glob(pattern)]
        links.update({where / p.relative_to(src): p for p in files
                      if p.is_file() and "__pycache__" not in p.parts})
    return links


def test_the_installed_tree_is_current():
    """Every module and data file of the checkout is linked in the installed tree, and the
    tree holds nothing else: a module added, moved or removed since the install would
    otherwise be missing for mypy and import-linter (and at run time), or linger there."""
    tree = installed_tree()
    want = expected_links()
    have = {p.relative_to(tree) for p in (tree / "moneycards").rglob("*")
            if (p.is_file() or p.is_symlink()) and "__pycache__" not in p.parts}
    missing = sorted(str(p) for p in set(want) - have)
    stale = sorted(str(p) for p in have - set(want))
    wrong = sorted(str(p) for p in set(want) & have
                   if not os.path.samefile(tree / p, want[p]))
    assert not (missing or stale or wrong), (
        f"the installed tree is behind the checkout: missing {missing}, stale {stale}, "
        f"not linked to the checkout {wrong}; " + REINSTALL)


def test_mypy_packages_are_the_mapped_folders():
    """`mypy` from the checkout's root names each folder pyproject.toml maps into the
    package: there `moneycards` is the front door folder alone. A folder of data only (the
    rules pages, moneycards.docs) has nothing to check."""
    code = {pkg for pkg, folder in SETUPTOOLS["package-dir"].items()
            if any((ROOT / folder).glob("*.py"))}
    assert code == set(SETUPTOOLS["package-dir"]) - {"moneycards.docs"}
    assert set(CONFIG["tool"]["mypy"]["packages"]) == code


def test_ruff_is_clean():
    r = subprocess.run([str(BIN / "ruff"), "check", "--no-cache", "--output-format", "concise",
                        "."], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-1000:]


def in_checkout(output: str, tree: Path) -> str:
    """mypy's report with the tree's paths written as the checkout's files they link to."""
    def real(m: re.Match[str]) -> str:
        path = Path(m.group(0))
        return os.path.relpath(os.path.realpath(path if path.is_absolute() else ROOT / path),
                               ROOT)
    prefix = re.escape(os.path.relpath(tree, ROOT))
    return re.sub(rf"(?m)^(?:{re.escape(str(tree))}|{prefix})/\S+?\.pyi?(?=:)", real, output)


def test_mypy_is_clean(tmp_path, request):
    """mypy, with the configuration of pyproject.toml (strict on the domain and the public
    API, `packages` naming what it checks), passes on the checkout, run as a developer runs
    it: `mypy` from the checkout's root. Its cache is kept in pytest's cache folder (mypy
    re-checks every module whose text changed), so a second run takes seconds."""
    tree = installed_tree()
    cache = getattr(request.config, "cache", None)
    cache_dir = cache.mkdir("mypy") if cache is not None else tmp_path / ".mypy_cache"
    r = subprocess.run([str(BIN / "mypy"), "--cache-dir", str(cache_dir)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, in_checkout(r.stdout[-6000:], tree) + r.stderr[-2000:]
    # Every module of the package was checked, none only followed (and so silenced, as an
    # installed package's would be). mypy counts a stub and its module once, and also counts
    # the data folders (web/, migrations/) as namespace packages.
    modules = {p.with_suffix("") for p in expected_links() if p.suffix in (".py", ".pyi")}
    checked = re.search(r"no issues found in (\d+) source files", r.stdout)
    assert checked and int(checked.group(1)) >= len(modules), (r.stdout, len(modules))


def test_a_games_own_spec_keeps_its_types(tmp_path, request):
    """`TOTOM_GAME.seeded()` is a TotomState and `.rules()` TotomRules to the type checker,
    not Any or the base class; a spec found by name is the base (`AnyGame`)."""
    from moneycards.solver.games import KOWAH_GAME, LUKFU_GAME, TOTOM_GAME, spec

    assert (TOTOM_GAME, KOWAH_GAME, LUKFU_GAME) == tuple(map(spec, ("totom", "kowah", "lukfu")))
    cache = getattr(request.config, "cache", None)
    # a cache of its own: the whole-tree check above may run at once on another worker, and
    # two mypy runs with other options in one cache race (this one then printed nothing)
    cache_dir = (cache.mkdir("mypy-strict-snippet") if cache is not None
                 else tmp_path / ".mypy_cache")
    snippet = tmp_path / "typed_specs.py"
    snippet.write_text(
        "from typing import assert_type\n"
        "from moneycards.solver.games import KOWAH_GAME, TOTOM_GAME, spec\n"
        "from moneycards.solver.kowah.rules import KowahRules\n"
        "from moneycards.solver.table import TableState\n"
        "from moneycards.solver.totom.table import TotomState\n"
        "assert_type(TOTOM_GAME.seeded(1), TotomState)\n"
        "assert_type(KOWAH_GAME.rules(), KowahRules)\n"
        "assert_type(spec('lukfu').seeded(1), TableState)\n"
        "bad: TotomState = KOWAH_GAME.seeded(1)\n", encoding="utf-8")
    r = subprocess.run([str(BIN / "mypy"), "--cache-dir", str(cache_dir), "--strict",
                        "--follow-imports", "silent", str(snippet)],
                       capture_output=True, text=True, cwd=ROOT)
    # The one error is the Kowah state given to a Tổ Tôm name: the types are real.
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "KowahState" in errors[0] and ":9:" in errors[0], \
        (r.returncode, r.stdout, r.stderr)
