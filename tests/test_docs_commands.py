"""The documentation as a contract: every command README.md and docs/*.md show runs as
written, with the venv's commands first on PATH (as after `. .venv/bin/activate`), in a
folder laid out as a checkout (the examples, bench/, constraints.txt, `.venv`) and holding
the files the pages define (a ```python block that starts `# NAME.py`).

README's own `moneycards` examples are run, with their output, by tests/test_readme.py;
this test runs everything else. Commands that cannot run here are listed once, in
NOT_RUN, with the reason and the test that covers them instead; commands that take more
than a few seconds are in SLOW and run under `-m slow`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.doc_commands import DOCS, ROOT, blocks, json_subset, matches, run, sessions, sh_commands

# What is not run, and why: (file, pattern searched in the command, reason).
NOT_RUN = [
    ("*", r"python3 -m venv \.venv",
     "makes the venv and installs from PyPI: the set-up this test runs in"),
    ("*", r"/opt/moneycards|python -m build|pip install",
     "builds or installs the wheel (from PyPI, into /opt): .ci/package installs the built "
     "wheel into a fresh venv outside the checkout and runs it"),
    ("*", r"moneycards serve( --db :memory: &)?$",
     "serves on the default ports, which another server on this machine may hold: "
     "tests/test_serve.py starts `serve` on free ports and checks what it prints"),
    ("plugins.md", r"^moneycards serve --plugin",
     "serves on the default ports, which another server on this machine may hold: "
     "tests/test_plugin_serve.py starts `serve --plugin tests.toygame` on free ports"),
    ("*", r"postgresql://", "needs a PostgreSQL server: tests/test_replicas.py starts one"),
    ("*", r"--backend ray", "needs the Ray cluster it names: tests/test_ray.py starts a local one"),
    ("*", r"npm ci", "downloads npm packages: tests/test_node_client.py and "
                     "tests/test_ts_client.py run the clients against a server"),
    ("README.md", r"^(nice -n 10 )?\.venv/bin/python bench/",
     "a benchmark of minutes to hours, run by hand; its figures are in the README"),
    ("strength.md", r"^(nice -n 10 )?\.venv/bin/python bench/strength\.py",
     "the strength bench, minutes to hours a row, run by hand; its figures are the page's"),
    ("README.md", r"TableService/",
     "the table ids and tokens are the ones a server drew at random: "
     "tests/test_table_service.py makes these calls"),
    ("web.md", r"127\.0\.0\.1:8080|^(T|body)=",
     "needs the table id and seat token of a CreateTable answer on a running web server: "
     "tests/test_web.py makes these calls"),
]

# Run only under -m slow: (file, command).
SLOW = {
    ("bots.md", "moneycards totom selfplay --deals 20 --seats mybots:Last,strong,strong,strong"),
    ("bots.md", ".venv/bin/python bench/strength.py --games kowah --deals 200 --seat "
                "mybots:Last --opponents random,greedy"),
}


# Exit statuses that are answers, not failures: (pattern, statuses, why).
EXITS = [(r"bench/strength\.py", (0, 1), "the bench exits 1 when the tested seat's "
          "intervals overlap its opponents' (docs/bots.md)")]


def not_run(doc: Path, command: str) -> str | None:
    for where, pattern, reason in NOT_RUN:
        if where in ("*", doc.name) and re.search(pattern, command, flags=re.M):
            return reason
    return None


def by_test_readme(doc: Path, command: str) -> bool:
    return doc.name == "README.md" and command.startswith("moneycards ")


def _cases():
    out = []
    for doc in DOCS:
        shown = [(c, None) for c in sh_commands(doc)] + sessions(doc)
        for command, expected in shown:
            if by_test_readme(doc, command) or not_run(doc, command):
                continue
            marks = [pytest.mark.slow] if (doc.name, command) in SLOW else []
            out.append(pytest.param(doc, command, expected, marks=marks,
                                    id=f"{doc.name}: {command[:70]}"))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    """A folder laid out as the pages assume: a checkout's examples, bench/ and constraints
    with its `.venv`, and the files the pages tell the reader to write."""
    where = tmp_path_factory.mktemp("docs")
    shutil.copytree(ROOT / "examples", where / "examples",
                    ignore=shutil.ignore_patterns("node_modules", "dist", "gen"))
    shutil.copy(ROOT / "constraints.txt", where)
    (where / "bench").symlink_to(ROOT / "bench")
    (where / ".venv").symlink_to(ROOT / ".venv")
    for doc in DOCS:
        for lang, body in blocks(doc):
            name = re.match(r"# (\w+\.py)\n", body)
            if lang == "python" and name:
                (where / name.group(1)).write_text(body, encoding="utf-8")
    return where


@pytest.fixture(scope="module")
def server():
    """A server for the commands that call one at 127.0.0.1:50051 (on a free port)."""
    from moneycards.server.app import start_service

    svc = start_service("127.0.0.1", 0, 2, warm=False)
    yield f"127.0.0.1:{svc.port}"
    svc.server.stop(None)


def test_the_pages_show_commands():
    assert len(CASES) >= 8
    shown = [(doc, c) for doc in DOCS for c in sh_commands(doc) + [c for c, _ in sessions(doc)]]
    for where, pattern, reason in NOT_RUN:  # no entry outlives the commands it was for
        assert reason and any(where in ("*", doc.name) and re.search(pattern, c, flags=re.M)
                   for doc, c in shown), pattern
    listed = {c for doc in DOCS for c in sh_commands(doc) + [c for c, _ in sessions(doc)]}
    assert {c for _, c in SLOW} <= listed


def test_no_command_needs_a_bare_system_pip_or_python():
    """A bare `pip` or `python` is the system's unless a venv is active; the pages name
    the venv's (`.venv/bin/python`, `/opt/moneycards/bin/pip`)."""
    for doc in DOCS:
        for command in sh_commands(doc) + [c for c, _ in sessions(doc)]:
            assert not re.search(r"(^|&& |\| )(pip|python) ", command), (doc.name, command)


@pytest.mark.parametrize("doc,command,expected", CASES)
def test_a_documented_command_runs_as_written(doc, command, expected, checkout, server):
    r = run(command.replace("127.0.0.1:50051", server), checkout)
    got = (r.stdout + r.stderr).splitlines()
    if expected is None:  # a command of an sh block: it succeeds
        ok = next((codes for pattern, codes, _ in EXITS if re.search(pattern, command)), (0,))
        assert r.returncode in ok, f"{command}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
        return
    assert r.returncode in (0, 2), r.stderr
    if len(expected) == 1 and expected[0].startswith("{"):
        assert json_subset(expected[0], r.stdout), r.stdout
        return
    assert matches(expected, got), "\n".join(["expected:"] + expected + ["got:"] + got)


def test_the_serve_synopsis_names_serve_s_options(checkout):
    """docs/operations.md's synopsis of `serve`: each option it names is one of serve's."""
    synopsis = next(body for lang, body in blocks(ROOT / "docs" / "operations.md")
                    if body.startswith("moneycards serve ["))
    shown = set(re.findall(r"--[a-z][a-z-]*", synopsis))
    helped = run("moneycards serve --help", checkout)
    assert helped.returncode == 0
    assert shown and shown <= set(re.findall(r"--[a-z][a-z-]*", helped.stdout)), \
        shown - set(re.findall(r"--[a-z][a-z-]*", helped.stdout))


def test_the_typescript_client_s_node_version_is_the_documented_one():
    """Every page that says which Node.js the TypeScript client needs says the version its
    package.json requires under `engines`."""
    engines = json.loads((ROOT / "examples" / "ts" / "package.json").read_text())["engines"]
    required = re.fullmatch(r">=(\d+)", engines["node"])
    assert required, engines
    said = {(doc.name, m) for doc in DOCS for m in re.findall(
        r"Node\.js (\d+) or later", doc.read_text(encoding="utf-8").replace("\n", " "))}
    assert {doc for doc, _ in said} >= {"README.md", "install.md"}
    assert {version for _, version in said} == {required.group(1)}, said
