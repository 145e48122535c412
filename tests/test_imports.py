"""Imports sit at the top of their module. A function-level import stays only where LAZY
names it, with its reason: a measured start-up cost (`python -X importtime`) or an import
cycle (README, Layout). The sources are read, not run (ast)."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The package's folders (pyproject.toml's package-dir), less the generated code and the web
# table's files.
FOLDERS = {"moneycards": "moneycards", "solver": "moneycards.solver",
           "server": "moneycards.server", "cli": "moneycards.cli"}
SKIPPED = ("moneycards/v1/*", "moneycards/web/*")


@dataclass(frozen=True)
class Lazy:
    modules: tuple[str, ...]  # imported modules (with their submodules); fnmatch patterns
    where: tuple[str, ...]  # the files that may import them in a function; fnmatch patterns
    why: str  # the cost it saves, or "cycle: ..." / "order: ..."


# The modules `moneycards --help` loads (checked below): a command imports what it runs.
START = ("moneycards/__init__.py", "cli/__init__.py", "cli/main.py", "cli/common.py",
         "cli/totom.py", "cli/kowah.py", "cli/lukfu.py", "cli/tables.py", "cli/play.py",
         "cli/records.py", "cli/rules.py", "solver/__init__.py", "solver/cards.py",
         "solver/errors.py", "solver/games.py", "solver/rulebook.py", "solver/ruletext.py",
         "solver/screen.py", "solver/table.py", "solver/totom/__init__.py",
         "solver/totom/screen.py", "solver/totom/chan.py",
         "solver/kowah/__init__.py", "solver/lukfu/__init__.py")

# Figures: `python -X importtime`, the least of 11 runs, on top of what the importer has
# already loaded (for a command: on top of `moneycards --help`, itself ~90-110 ms).
LAZY = (
    Lazy(("ortools",), ("solver/cpsat.py",),
         "~420-470 ms (cp_model loads pandas): only the CP-SAT engines load it; "
         "`--help`, `import moneycards.<game>` and the exact engines run without it"),
    Lazy(("moneycards.solver.totom.check", "moneycards.solver.kowah.check",
          "moneycards.solver.lukfu.check", "moneycards.solver.totom.rules",
          "moneycards.solver.totom.exact", "moneycards.solver.totom.table",
          "moneycards.solver.tables", "moneycards.solver.hints",
          "moneycards.solver.observation", "moneycards.solver.ranking", "moneycards.players",
          "moneycards.cli.session", "moneycards.cli.deals", "moneycards.cli.screen"), START,
         "`moneycards --help` loads click, the command modules and the game registry only; "
         "a command loads what it runs: a game's check 18-39 ms, the tables ~20 ms, the "
         "interactive session ~35 ms"),
    Lazy(("google.protobuf", "moneycards.v1", "moneycards.records", "moneycards.wire",
          "moneycards.cli.vocabulary"),
         START + ("cli/deals.py", "moneycards/players.py", "moneycards/lukfu.py"),
         "protobuf and the generated messages ~25 ms, with the record files' reader ~55 ms: "
         "only record files, --json answers and gRPC seats need them"),
    Lazy(("grpc", "grpc_status", "grpc_health", "google.rpc", "moneycards.v1.*_pb2_grpc",
          "moneycards.server",
          "moneycards.cli.serve"), ("cli/*", "moneycards/players.py", "moneycards/wire.py"),
         "grpc ~50 ms, the service (moneycards.server.app) ~300 ms: only serve, remote "
         "tables, gRPC seats, a failed call's details (wire.error_info) and --json answers "
         "load them; serve sets GRPC_VERBOSITY first"),
    Lazy(("numpy", "moneycards.solver.batch", "moneycards.solver.*.batch",
          "moneycards.cli.batch", "moneycards.server.totom"),
         ("cli/*", "server/kowah.py", "solver/kowah/exact.py"),
         "numpy ~50-100 ms: the batch checks (--batch, CheckHands, CheckReadyMany), Kowah's "
         "hint tables and server.totom's tables use it; `import moneycards.kowah` and the "
         "exact engine's checks, with or without --json, run without it"),
    Lazy(("moneycards.records", "moneycards.solver.hints", "moneycards.solver.observation",
          "moneycards.server.limits"), ("server/records.py", "server/totom.py", "server/lukfu.py"),
         "a --json answer loads these servicer modules for their messages; the record files' "
         "reader (with solver.tables) and the hint path, ~30 ms, load for the calls that "
         "replay a record or rank a hint"),
    Lazy(("rich",), ("cli/screen.py",),
         "~25 ms: only `play` draws with it; replay and the explanations do not"),
    Lazy(("moneycards.solver.games",), ("moneycards/__init__.py",),
         "`import moneycards` runs before every moneycards.* import (the generated messages, "
         "the service, a bot's Player), ~16 ms; the game registry would add 25-45 ms"),
    Lazy(("moneycards.cli",), ("moneycards/players.py",),
         "the command line (click) ~20 ms, for serve_seats' channel only: a bot that imports "
         "Player does not load it"),
    Lazy(("moneycards.server.web",), ("server/app.py",),
         "the web port (connectrpc, uvicorn) ~90 ms: not loaded with --no-web"),
    Lazy(("psycopg", "psycopg_pool", "moneycards.server.pgstore"), ("server/store.py",),
         "the optional `postgres` extra (psycopg ~165 ms): only a postgresql:// store loads "
         "it, and without it the error names the extra"),
    Lazy(("ray",), ("cli/deals.py",), "the optional `ray` extra: only --backend ray"),
    Lazy(("readline",), ("cli/session.py",),
         "not on every platform, and loading it changes input() for the whole process: only "
         "a terminal session wants it"),
    Lazy(("moneycards.server.app",), ("server/processes.py",),
         "order: a server process of --processes loads this module (and server/web.py) to "
         "unpickle its arguments, "
         "then pins its core and sets GRPC_VERBOSITY; the service (gRPC, numpy) loads after"),
    Lazy(("moneycards.server.app",), ("server/workers.py",),
         "cycle: app imports workers (SolverPool)"),
    Lazy(("moneycards.cli.records",), ("cli/tables.py",),
         "cycle: cli/records.py imports match_deals from cli/tables.py"),
    Lazy(("moneycards.solver.games",), ("solver/lukfu/record.py",),
         "cycle: the registry imports the Luk Fu table, which reads its records here"),
    Lazy(("moneycards.solver.games",), ("solver/cards.py", "solver/rulebook.py"),
         "cycle: the registry imports the decks, which use cards.Deck and register rules"),
    Lazy(("moneycards.solver.games", "moneycards.solver.observation",
          "moneycards.solver.screen", "moneycards.solver.bounds"), ("solver/table.py",),
         "cycle: the registry imports the table interface (solver/games.py), and the "
         "observation reader, the screens and the length bounds import the registry"),
)


def sources() -> dict[str, str]:
    """The package's Python files (path from the root: its module name)."""
    found = {}
    for folder, package in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if any(fnmatch(rel, s) for s in SKIPPED):
                continue
            parts = [package] + list(path.relative_to(ROOT / folder).with_suffix("").parts)
            found[rel] = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    return found


def function_imports(source: str) -> list[tuple[int, list[str]]]:
    """Each import statement inside a function: its line and what it names (`a.b` for
    `from a import b`: b may be a submodule of a, or a name in it). The package imports
    absolutely; a relative import is named as written, and so never lazy."""
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if in_function and isinstance(child, ast.Import):
                found.append((child.lineno, [a.name for a in child.names]))
            elif in_function and isinstance(child, ast.ImportFrom):
                base = "." * child.level + (child.module or "")
                found.append((child.lineno, [f"{base}.{a.name}" for a in child.names]))
            visit(child, in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(source), False)
    return found


def covers(patterns: tuple[str, ...], name: str) -> bool:
    """`name` or a package it is in matches a pattern."""
    parts = name.split(".")
    return any(fnmatch(".".join(parts[:n]), p) for p in patterns for n in range(1, len(parts) + 1))


def unexplained(path: str, source: str) -> list[str]:
    """The function-level imports of a file that no LAZY entry allows there."""
    entries = [e for e in LAZY if any(fnmatch(path, w) for w in e.where)]
    out = []
    for line, names in function_imports(source):
        bad = [n for n in names if not any(covers(e.modules, n) for e in entries)]
        if bad:
            out.append(f"{path}:{line}: {', '.join(bad)}")
    return out


def test_imports_are_at_the_top_unless_lazy_says_why():
    problems = []
    for path in sources():
        problems += unexplained(path, (ROOT / path).read_text(encoding="utf-8"))
    assert not problems, (
        "function-level imports with no reason in LAZY (tests/test_imports.py): move them "
        "to the top of the module, or add a measured reason:\n" + "\n".join(problems))


def test_the_check_finds_a_function_level_import():
    source = ("import json\n\ndef f():\n    import numpy as np\n    from moneycards.solver "
              "import games\n    from moneycards.solver.kowah.batch import check_texts\n"
              "    return np, games, json\n")
    assert unexplained("cli/batch.py", source) == [
        "cli/batch.py:5: moneycards.solver.games"]
    assert unexplained("solver/kowah/hint.py", source) == [
        "solver/kowah/hint.py:4: numpy", "solver/kowah/hint.py:5: moneycards.solver.games",
        "solver/kowah/hint.py:6: moneycards.solver.kowah.batch.check_texts"]


def test_every_lazy_entry_names_files_that_exist():
    files = sources()
    for e in LAZY:
        assert e.why and e.modules and e.where
        assert any(any(fnmatch(p, w) for w in e.where) for p in files), e


def help_start() -> set[str]:
    code = ("import sys\nfrom moneycards.cli.main import cli\ntry:\n    cli(['--help'], "
            "prog_name='moneycards')\nexcept SystemExit:\n    pass\n"
            "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return set(r.stderr.split())


def test_start_is_what_help_loads_and_lazy_modules_are_not():
    """START is the modules `moneycards --help` loads; the modules kept lazy for the CLI's
    start are not among them (else their laziness would save nothing), nor are ortools
    and grpc (tests/test_cli.py checks more commands' help)."""
    loaded = help_start()
    files = sources()
    assert {files[p] for p in START} == {m for m in loaded if m.split(".")[0] == "moneycards"}
    assert not {"ortools", "grpc"} & {m.split(".")[0] for m in loaded}
    for e in LAZY:  # (the front door's own entry is for `import moneycards` alone)
        if e.why.startswith(("cycle:", "order:")):
            continue
        if any(fnmatch(p, w) for p in START if p != "moneycards/__init__.py" for w in e.where):
            assert not [m for m in loaded if covers(e.modules, m)], e
