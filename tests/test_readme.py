"""The README's examples run as written: every `$ moneycards ...` line with the output shown
under it (a `...` line stands for any lines), and every command of its `sh` blocks that runs
the tool on the example files."""

from __future__ import annotations

import shutil

import pytest

from tests.doc_commands import ROOT, blocks, json_subset, matches, run, sessions, sh_commands

README = ROOT / "README.md"
BLOCKS = blocks(README)
# (command, expected lines) of every `$ moneycards` line; the README's other commands are
# run by tests/test_docs_commands.py.
SESSIONS = [(c, e) for c, e in sessions(README) if c.startswith("moneycards ")]


def test_the_readme_has_examples():
    assert len(SESSIONS) >= 15


@pytest.mark.parametrize("command,expected", SESSIONS, ids=[c for c, _ in SESSIONS])
def test_readme_example(command, expected):
    r = run(command, ROOT)
    got = (r.stdout + r.stderr).splitlines()
    assert r.returncode in (0, 2)
    if len(expected) == 1 and expected[0].startswith("{"):
        assert json_subset(expected[0], r.stdout), r.stdout
        return
    assert matches(expected, got), "\n".join(["expected:"] + expected + ["got:"] + got)


def test_readme_sh_blocks(tmp_path):
    """The `moneycards` commands of the sh blocks run (exit 0) from a copy of the examples;
    `serve` and `play` are long-running and left to their own tests."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples",
                    ignore=shutil.ignore_patterns("node_modules"))
    ran = 0
    for line in sh_commands(README):
        if not line.startswith("moneycards ") or " serve" in line or " play" in line:
            continue
        r = run(line, tmp_path)
        assert r.returncode == 0, f"{line}\n{r.stderr}"
        ran += 1
    assert ran >= 3


def test_the_readme_screens_are_the_golden_screens():
    """A screen the README shows under 'Screens of fixed positions' is its golden file as
    it is now (tests/golden/screens), not as it once was."""
    goldens = {p.read_text(encoding="utf-8").splitlines()[0]: p
               for p in (ROOT / "tests" / "golden" / "screens").glob("*.txt")}
    shown = 0
    for lang, body in BLOCKS:
        path = goldens.get(body.splitlines()[0]) if body.strip() and not lang else None
        if path is not None:
            assert body.rstrip("\n") == path.read_text(encoding="utf-8").rstrip("\n"), path.name
            shown += 1
    assert shown >= 3  # one screen per game
