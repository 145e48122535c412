"""docs/deploy.md's example load balancer: the Envoy configuration parses and says what the
doc says — calls balanced over HTTP/2 to the replicas, their gRPC health service checked,
no time limit on Watch streams, retries only for calls that never reached a replica — and
the docs link to it."""

from __future__ import annotations

import pathlib

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENVOY = ROOT / "examples" / "deploy" / "envoy.yaml"


def test_the_envoy_example_parses_and_balances_grpc_calls_over_the_replicas():
    config = yaml.safe_load(ENVOY.read_text())
    resources = config["static_resources"]
    (listener,) = resources["listeners"]
    assert listener["address"]["socket_address"]["address"] == "127.0.0.1"
    (chain,) = listener["filter_chains"]
    (hcm,) = chain["filters"]
    assert hcm["name"] == "envoy.filters.network.http_connection_manager"
    manager = hcm["typed_config"]
    assert manager["@type"].endswith("http_connection_manager.v3.HttpConnectionManager")
    routes = manager["route_config"]["virtual_hosts"][0]["routes"]
    watch = next(r for r in routes if r["match"]["prefix"].endswith("TableService/Watch"))
    assert watch["route"]["timeout"] == "0s"
    rest = routes[-1]
    assert rest["match"]["prefix"] == "/"
    retry_on = rest["route"]["retry_policy"]["retry_on"].split(",")
    assert set(retry_on) <= {"connect-failure", "refused-stream", "reset-before-request"}
    assert manager["http_filters"][-1]["name"] == "envoy.filters.http.router"

    (cluster,) = resources["clusters"]
    assert cluster["name"] == rest["route"]["cluster"] == watch["route"]["cluster"]
    options = cluster["typed_extension_protocol_options"][
        "envoy.extensions.upstreams.http.v3.HttpProtocolOptions"]
    assert "http2_protocol_options" in options["explicit_http_config"]
    assert "grpc_health_check" in cluster["health_checks"][0]
    endpoints = [e["endpoint"]["address"]["socket_address"]
                 for group in cluster["load_assignment"]["endpoints"]
                 for e in group["lb_endpoints"]]
    assert len(endpoints) >= 2
    assert all(e["address"] == "127.0.0.1" for e in endpoints)
    # The replicas named in the comment are the endpoints.
    for e in endpoints:
        assert f"--port {e['port_value']}" in ENVOY.read_text()


def test_the_docs_link_the_deploy_guide_and_its_example():
    deploy = (ROOT / "docs" / "deploy.md").read_text()
    assert "../examples/deploy/envoy.yaml" in deploy
    assert "docs/deploy.md" in (ROOT / "README.md").read_text()
    assert "deploy.md" in (ROOT / "docs" / "operations.md").read_text()
