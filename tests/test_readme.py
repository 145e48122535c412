"""The README's examples run as written: every `$ moneycards ...` line with the output shown
under it (a `...` line stands for any lines), and every command of its `sh` blocks that runs
the tool on the example files."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```", README, flags=re.S | re.M)


def _sessions():
    """(command, expected lines) for every `$ moneycards` line of the plain blocks."""
    out = []
    for lang, body in BLOCKS:
        if lang:
            continue
        lines = body.splitlines()
        for k, line in enumerate(lines):
            if line.startswith("$ moneycards "):
                expected = []
                for nxt in lines[k + 1:]:
                    if nxt.startswith("$ "):
                        break
                    expected.append(nxt)
                while expected and not expected[-1].strip():
                    expected.pop()  # a blank line between two examples
                out.append((line[2:].split("  #")[0].strip(), expected))
    return out


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    exe = str(Path(sys.executable).parent / "moneycards")
    env = {**os.environ, "COLUMNS": "100"}
    return subprocess.run(f"{shlex.quote(exe)} {command.removeprefix('moneycards ')}",
                          shell=True, capture_output=True, text=True, cwd=cwd, env=env)


def _matches(expected: list[str], got: list[str]) -> bool:
    """Line by line; a `...` line (or a line ending in `, ... }`) matches any run of lines."""
    if not expected:
        return not got
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(_matches(rest, got[i:]) for i in range(len(got) + 1))
    if not got:
        return False
    if "..." in head:
        pattern = ".*".join(re.escape(part) for part in head.split("..."))
        return re.fullmatch(pattern, got[0]) is not None and _matches(rest, got[1:])
    return head == got[0] and _matches(rest, got[1:])


SESSIONS = _sessions()


def test_the_readme_has_examples():
    assert len(SESSIONS) >= 15


def _json_subset(expected: str, got: str) -> bool:
    """A one-line JSON example shows some keys (`, ... }` elides the rest): those match."""
    shown = json.loads(re.sub(r",\s*\.\.\.\s*}", "}", expected))
    actual = json.loads(got)
    return all(actual.get(k) == v for k, v in shown.items())


@pytest.mark.parametrize("command,expected", SESSIONS, ids=[c for c, _ in SESSIONS])
def test_readme_example(command, expected):
    r = _run(command, ROOT)
    got = (r.stdout + r.stderr).splitlines()
    assert r.returncode in (0, 2)
    if len(expected) == 1 and expected[0].startswith("{"):
        assert _json_subset(expected[0], r.stdout), r.stdout
        return
    assert _matches(expected, got), "\n".join(["expected:"] + expected + ["got:"] + got)


def test_readme_sh_blocks(tmp_path):
    """The `moneycards` commands of the sh blocks run (exit 0) from a copy of the examples;
    `serve` and `play` are long-running and left to their own tests."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples",
                    ignore=shutil.ignore_patterns("node_modules"))
    ran = 0
    for lang, body in BLOCKS:
        if lang != "sh":
            continue
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if not line.startswith("moneycards ") or " serve" in line or " play" in line:
                continue
            r = _run(line, tmp_path)
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
