"""How `selfplay --backend ray` starts or reaches Ray, with a stand-in for the `ray` module
(so these run without Ray): a local instance that fails to start is started once more; a
named cluster is tried once; a failure is one clear input error naming --address."""

from __future__ import annotations

import sys
import types

import pytest

from moneycards.cli.deals import ray_module
from moneycards.solver.errors import InvalidInput


def stand_in(monkeypatch, failures: int,
             why: str = "Timed out waiting for file gcs_server_port") -> types.SimpleNamespace:
    """A `ray` whose init fails `failures` times (saying `why`), recording every call."""
    calls: list[str] = []
    state = {"up": False, "left": failures}

    def init(address=None, **_):
        calls.append(f"init {address}")
        if state["left"]:
            state["left"] -= 1
            raise RuntimeError(why)
        state["up"] = True

    def shutdown():
        calls.append("shutdown")

    ray = types.SimpleNamespace(init=init, shutdown=shutdown,
                                is_initialized=lambda: state["up"], calls=calls)
    monkeypatch.setitem(sys.modules, "ray", ray)
    return ray


def test_a_local_instance_that_fails_to_start_is_started_once_more(monkeypatch):
    ray = stand_in(monkeypatch, failures=1)
    assert ray_module(None) is ray
    assert ray.calls == ["init None", "shutdown", "init None"]


def test_a_local_instance_failing_twice_is_one_input_error(monkeypatch):
    ray = stand_in(monkeypatch, failures=2)
    with pytest.raises(InvalidInput) as err:
        ray_module(None)
    assert ray.calls == ["init None", "shutdown", "init None", "shutdown"]
    assert err.value.field == "--address"
    assert str(err.value) == ("--address: cannot start or reach a Ray cluster on this "
                              "machine: Timed out waiting for file gcs_server_port")


def test_a_named_cluster_is_tried_once(monkeypatch):
    ray = stand_in(monkeypatch, failures=1)
    with pytest.raises(InvalidInput) as err:
        ray_module("10.0.0.9:6379")
    assert ray.calls == ["init 10.0.0.9:6379", "shutdown"]
    assert "Ray cluster at 10.0.0.9:6379" in str(err.value)


def test_ray_s_error_over_several_lines_is_told_in_one(monkeypatch):
    stand_in(monkeypatch, failures=2, why="Failed to start GCS.\n  Last 0 lines of error files:\n")
    with pytest.raises(InvalidInput) as err:
        ray_module(None)
    assert str(err.value) == ("--address: cannot start or reach a Ray cluster on this "
                              "machine: Failed to start GCS. Last 0 lines of error files:")
