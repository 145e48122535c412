"""Fuzzing every CLI command: whatever the arguments and files, the exit code is 0 or 2, a
failure is one line on stderr starting with "error: " (a JSON object under --json), and
nothing ends in a traceback.

`serve` (it would keep running) and `play` (interactive) are covered by their own tests.
"""

import itertools
import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moneycards.cli.main import cli
from tests.fuzz_strategies import EXAMPLES, json_text, notation

SKIP = {"serve", "play"}
NUMBERS = ["0", "1", "2", "3", "-1", "4", "6", "36", "2147483647", "9" * 50, "nan", "inf",
           "x", "1e9", "0.5", ""]
SMALL = {"deals": ["0", "1", "-1", "x", "100001"],
         "budget_ms": ["0", "1", "5", "-1", "nan", "inf", "1e9", "x"],
         "seats": ["random,random,random,random", "greedy,random,random", "random,random,random",
                   "strong", "x,y", ""]}


def commands(group, path=()):
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from commands(cmd, (*path, name))
        elif name not in SKIP:
            yield (*path, name), cmd


COMMANDS = list(commands(cli))
_files = itertools.count()


def file_strategy(game: str, which: int, folder: Path):
    def write(content):
        path = folder / f"f{next(_files)}.json"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        return str(path)

    return st.one_of(json_text(game, which).map(write), st.binary(max_size=64).map(write),
                     st.just(str(folder / "missing.json")))


def value_strategy(game: str, param, folder: Path):
    if isinstance(param.type, click.File):
        which = 0 if param.name == "state_file" else 1
        return file_strategy(game, which, folder)
    if param.name in SMALL:
        return st.sampled_from(SMALL[param.name])
    if isinstance(param.type, click.Choice):
        return st.sampled_from([*param.type.choices, "bogus"])
    if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
        return st.sampled_from(NUMBERS)
    return notation


@st.composite
def argv(draw, path, cmd, folder):
    game = path[0]
    args = list(path)
    for p in cmd.params:
        if isinstance(p, click.Argument):
            args.append(draw(value_strategy(game, p, folder)))
            continue
        forced = p.name in ("budget_ms", "deals")  # keep each run short
        if not forced and not draw(st.booleans()):
            continue
        if p.is_flag:
            args.append(p.opts[0])
        else:
            args += [p.opts[0], draw(value_strategy(game, p, folder))]
    return args


@pytest.mark.parametrize("examples", EXAMPLES)
@pytest.mark.parametrize("path, cmd", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_fuzz_cli_exits_0_or_2_with_one_line(path, cmd, examples, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(argv(path, cmd, folder))
    def run(args):
        r = CliRunner().invoke(cli, args, prog_name="moneycards")
        shown = f"{args!r:.300} -> {r.exit_code}: {r.stderr[-500:]}"
        assert r.exception is None or isinstance(r.exception, SystemExit), shown
        assert "Traceback" not in r.output, shown
        if r.exit_code == 1 and "--find" in args:  # no rule found: exit 1, as grep does
            if "--json" in args:  # an empty list, nothing on stderr
                assert json.loads(r.stdout) == [] and r.stderr == "", shown
            else:
                assert re.fullmatch(r"no .* rule has (a word|words) starting .*\n", r.stderr), \
                    shown
            return
        assert r.exit_code in (0, 2), shown
        if r.exit_code == 2:
            lines = r.stderr.strip().splitlines()
            assert len(lines) == 1, shown
            if "--json" in args:  # under --json the one line is a JSON object
                assert set(json.loads(lines[0])) == {"error"}, shown
            else:
                assert lines[0].startswith("error: "), shown

    run()
