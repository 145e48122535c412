"""The commands the documentation shows, read from its Markdown: the `$ ` lines of plain
and `console` blocks with the output shown under them, and the commands of `sh` blocks; and
how to run one as a reader would, with the venv's commands first on PATH."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
VENV_BIN = Path(sys.executable).parent


def blocks(path: Path) -> list[tuple[str, str]]:
    """(language, body) of every fenced block."""
    text = path.read_text(encoding="utf-8")
    return re.findall(r"^```(\w*)\n(.*?)^```", text, flags=re.S | re.M)


def _complete(command: str) -> bool:
    """Whether the shell would run `command` as it stands (no open quote, no trailing
    continuation)."""
    stripped = command.rstrip()
    if stripped.endswith(("\\", "|", "&&", "||", "{")):
        return False
    try:
        shlex.split(command, comments=True)
    except ValueError:  # an open quote: the command goes on on the next line
        return False
    return True


def _uncomment(line: str) -> str:
    """A line without its trailing `  # comment` (two spaces before the #)."""
    return line.split("  #")[0].rstrip() if "  #" in line else line.rstrip()


def sessions(path: Path) -> list[tuple[str, list[str]]]:
    """(command, expected output lines) for every `$ ` line of the plain and console
    blocks; a command may go on over lines ending in a backslash."""
    out = []
    for lang, body in blocks(path):
        if lang not in ("", "console"):
            continue
        lines = body.splitlines()
        k = 0
        while k < len(lines):
            if not lines[k].startswith("$ "):
                k += 1
                continue
            command = lines[k][2:]
            while not _complete(command) and k + 1 < len(lines):
                k += 1
                command += "\n" + lines[k]
            expected = []
            for nxt in lines[k + 1:]:
                if nxt.startswith("$ "):
                    break
                expected.append(nxt)
            while expected and not expected[-1].strip():
                expected.pop()  # a blank line between two examples
            out.append((_uncomment(command).strip(), expected))
            k += 1
    return out


def sh_commands(path: Path) -> list[str]:
    """The commands of the `sh` blocks, each as the shell reads it (continued lines joined
    with their newlines, comments and blank lines left out)."""
    out = []
    for lang, body in blocks(path):
        if lang not in ("sh", "bash", "shell"):
            continue
        command = ""
        for line in body.splitlines():
            if not command and (not line.strip() or line.lstrip().startswith("#")):
                continue
            command = f"{command}\n{line}" if command else line
            if _complete(command):
                out.append(_uncomment(command).strip())
                command = ""
        if command:
            out.append(command.strip())
    return out


def env() -> dict[str, str]:
    """The environment a reader has after `. .venv/bin/activate`: the venv's commands
    (moneycards, python, pip, buf) first on PATH; a fixed terminal width."""
    return {**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "VIRTUAL_ENV": str(VENV_BIN.parent), "COLUMNS": "100"}


def run(command: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """A command as written, by bash, in `cwd`."""
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=cwd,
                          env=env(), timeout=timeout)


def matches(expected: list[str], got: list[str]) -> bool:
    """Line by line; a `...` line matches any run of lines, and `...` inside a line any
    text."""
    if not expected:
        return not got
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(matches(rest, got[i:]) for i in range(len(got) + 1))
    if not got:
        return False
    if "..." in head:
        pattern = ".*".join(re.escape(part) for part in head.split("..."))
        return re.fullmatch(pattern, got[0]) is not None and matches(rest, got[1:])
    return head == got[0] and matches(rest, got[1:])


def json_subset(expected: str, got: str) -> bool:
    """A one-line JSON example shows some keys (`, ... }` elides the rest): those match."""
    shown = json.loads(re.sub(r",\s*\.\.\.\s*}", "}", expected))
    actual = json.loads(got)
    return all(actual.get(k) == v for k, v in shown.items())
