"""Self-play on Ray gives what self-play in this process gives for the same seeds: the
`selfplay` command of every game, and the deals of bench/strength.py in chunks smaller than
the run (results come back in the deals' order). Needs Ray (`pip install -c constraints.txt
'moneycards[ray]'`); .ci/run installs it and sets MONEYCARDS_REQUIRE_RAY, which turns the
skip into a failure."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from moneycards.cli.deals import play_deals
from moneycards.cli.main import cli

try:
    import ray
except ImportError:
    ray = None

pytestmark = pytest.mark.skipif(
    ray is None and not os.environ.get("MONEYCARDS_REQUIRE_RAY"),
    reason="Ray is not installed: pip install -c constraints.txt -e '.[ray]' (.ci/run does)")

SEATS = {"totom": "greedy,random,greedy,random", "kowah": "greedy,random,random",
         "lukfu": "random,greedy,greedy"}


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_selfplay_on_ray_gives_the_local_results_for_the_same_seeds():
    assert ray is not None, "MONEYCARDS_REQUIRE_RAY is set but Ray is not installed"
    try:
        for game, seats in SEATS.items():
            args = [game, "selfplay", "--deals", "4", "--seed", "3", "--seats", seats,
                    "--json"]
            local, on_ray = run(*args), run(*args, "--backend", "ray")
            assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
            # nothing of Ray's own on stderr (its note that a local cluster has token
            # authentication on was a second line beside the run's progress or error)
            assert on_ray.stderr == "", on_ray.stderr
            assert json.loads(on_ray.stdout) == json.loads(local.stdout), game
        jobs = [(100 + k, ["greedy" if s == k % 3 else "random" for s in range(3)])
                for k in range(7)]
        spread = [(d.seed, d.result.to_dict(), d.record)
                  for d in play_deals("lukfu", jobs, None, "ray", chunk=2, records=True)]
        here = [(d.seed, d.result.to_dict(), d.record)
                for d in play_deals("lukfu", jobs, None, records=True)]
        assert spread == here and [s for s, _, _ in spread] == [s for s, _ in jobs]
        assert all(r is not None and r["actions"] for _, _, r in spread)  # selfplay --records
    finally:
        ray.shutdown()


def test_an_address_without_the_ray_backend_is_refused():
    r = run("kowah", "selfplay", "--deals", "1", "--address", "127.0.0.1:1")
    assert r.exit_code == 2 and "--backend ray" in r.output
