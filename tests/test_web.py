"""The web port: `moneycards serve` answers the same services over the Connect protocol and
gRPC-Web, from the same tables as its gRPC port (a real `serve` process, plain HTTP from
the standard library as a browser or curl would send it), with the same errors and limits;
CORS, the static page and the command's flags."""

from __future__ import annotations

import base64
import gzip
import http.client
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc
from tests.conftest import ts_example_in

SERVE = [sys.executable, "-m", "moneycards", "serve"]
HAND = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"  # a winning Tổ Tôm hand
KOWAH_SEATS = [{"kind": "SEAT_KIND_HUMAN"},
               {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_RANDOM"},
               {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_GREEDY"}]


@pytest.fixture(scope="module")
def served():
    """A real server: its gRPC address and its web port's base URL. Its AI seats answer at
    once: the pace is tested apart (tests/test_ai_pace.py, and the page at the default pace
    in tests/test_web_page.py)."""
    proc = subprocess.Popen([*SERVE, "--port", "0", "--web-port", "0", "--db", ":memory:",
                             "--max-watches", "4", "--ai-pace-ms", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first, second = proc.stdout.readline(), proc.stdout.readline()
        grpc_port = re.search(r"gRPC server listening on 127\.0\.0\.1:(\d+) \(plaintext\)$",
                              first.strip())
        web = re.search(r"web server listening on (http://127\.0\.0\.1:\d+/) ", second)
        assert grpc_port and web, first + second + proc.stderr.read()
        ch = grpc.insecure_channel(f"127.0.0.1:{grpc_port.group(1)}")
        yield table_pb2_grpc.TableServiceStub(ch), web.group(1).rstrip("/")
        ch.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0


def post(base: str, path: str, body: dict | bytes, content_type="application/json",
         headers=None) -> tuple[int, dict, bytes]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="POST",
                                 headers={"Content-Type": content_type, **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def call(base: str, method: str, body: dict) -> dict:
    """A unary call in Connect's JSON form; an error is raised with its JSON."""
    status, _, data = post(base, f"/moneycards.v1.{method}", body)
    answer = json.loads(data)
    if status != 200:
        raise ConnectFailure(status, answer)
    return answer


class ConnectFailure(Exception):
    def __init__(self, status: int, error: dict):
        super().__init__(error)
        self.status, self.error = status, error

    def detail(self, kind: str) -> dict:
        (d,) = [d for d in self.error.get("details", []) if d["type"] == f"google.rpc.{kind}"]
        return d["debug"]


def create_over_http(base: str, seed: int | None = None) -> tuple[str, str]:
    body = {"game": "GAME_KOWAH", "seats": KOWAH_SEATS}
    if seed is not None:
        body["seed"] = str(seed)  # int64 in JSON is a string
    r = call(base, "TableService/CreateTable", body)
    (seat,) = r["seatTokens"]
    return r["tableId"], seat["token"]


def create_over_grpc(stub) -> tuple[str, str]:
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seed=11,
        seats=[common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN),
               common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                    ai_level=common_pb2.AI_LEVEL_RANDOM),
               common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                    ai_level=common_pb2.AI_LEVEL_GREEDY)]))
    return r.table_id, r.seat_tokens[0].token


def grpc_view(stub, tid, token) -> table_pb2.TableView:
    return stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view


# -- unary calls ------------------------------------------------------------------------------
def test_a_table_created_over_http_is_played_over_grpc(served):
    stub, base = served
    tid, token = create_over_http(base, seed=3)
    v = grpc_view(stub, tid, token)
    assert v.table_id == tid and v.legal_actions
    after = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                          action=v.legal_actions[0].text)).view
    seen = call(base, "TableService/GetView", {"tableId": tid, "seatToken": token})["view"]
    assert int(seen["version"]) == after.version > v.version
    assert [a["text"] for a in seen.get("legalActions", [])] == \
        [a.text for a in after.legal_actions]


def test_a_table_created_over_grpc_is_played_over_http(served):
    stub, base = served
    tid, token = create_over_grpc(stub)
    seen = call(base, "TableService/GetView", {"tableId": tid, "seatToken": token})["view"]
    action = seen["legalActions"][0]["text"]
    r = call(base, "TableService/Act", {"tableId": tid, "seatToken": token, "action": action,
                                        "expectedVersion": seen["version"]})
    assert r["events"][0]["action"] == action
    assert grpc_view(stub, tid, token).version == int(r["view"]["version"])


def test_an_illegal_action_answers_its_rule_id_as_over_grpc(served):
    stub, base = served
    tid, token = create_over_http(base, seed=5)
    legal = {a.text for a in grpc_view(stub, tid, token).legal_actions}
    bad = next(a for a in ("take", "draw", "declare 2h2h", "stay") if a not in legal)
    with pytest.raises(ConnectFailure) as web:
        call(base, "TableService/Act", {"tableId": tid, "seatToken": token, "action": bad})
    with pytest.raises(grpc.RpcError) as rpc:
        stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action=bad))
    assert web.value.status == 400 and web.value.error["code"] == "failed_precondition"
    info = web.value.detail("ErrorInfo")
    assert re.fullmatch(r"KW-[A-Z0-9-]+", info["reason"]), info
    assert info["metadata"] == {"rule": info["reason"], "field": "action",
                                "why": info["metadata"]["why"]}
    # the rules' reason alone: the message less the quoted action and seat, and the rule
    assert web.value.error["message"] == \
        f"'{bad}' by Player 0: {info['metadata']['why']} [{info['reason']}]"
    status = rpc_status_of(rpc.value)
    grpc_info = error_details_pb2.ErrorInfo()
    status.details[0].Unpack(grpc_info)
    assert grpc_info.reason == info["reason"] and status.message == web.value.error["message"]


def rpc_status_of(err: grpc.RpcError) -> status_pb2.Status:
    from grpc_status import rpc_status

    return rpc_status.from_call(err)


def test_bad_input_names_its_field_in_a_bad_request(served):
    _, base = served
    tid, token = create_over_http(base)
    with pytest.raises(ConnectFailure) as err:
        call(base, "TableService/Act", {"tableId": tid, "seatToken": token, "action": "take",
                                        "expectedVersion": "-1"})
    assert err.value.error["code"] == "invalid_argument"
    (violation,) = err.value.detail("BadRequest")["fieldViolations"]
    assert violation["field"] == "expected_version"
    with pytest.raises(ConnectFailure) as err:
        call(base, "TableService/GetView", {"tableId": tid, "seatToken": "not-a-token"})
    assert err.value.status == 403 and err.value.error["code"] == "permission_denied"


@pytest.mark.parametrize("method, body, field, words", [
    ("GetView", b'{"tableId": 5}', "table_id", ": expected a string, got a number"),
    # a key the message lacks is named as written (not as a field it is not), with the
    # message's own fields
    ("GetView", b'{"tableID": "x"}', "tableID",
     'GetViewRequest has no field "tableID" (its fields: table_id, seat_token)'),
    ("GetView", b'{"expectedVersion": "1"}', "expectedVersion",
     'GetViewRequest has no field "expectedVersion"'),
    ("GetView", b'{"nosuch": 1}', "nosuch", 'no field "nosuch"'),
    ("GetView", b'{broken', "request", "Failed to load JSON"),
    ("GetView", b"\xff\xff\xff", "request", "in protobuf binary"),
    # nested fields by their whole proto path, the reason in JSON's words, not Python's
    ("CreateTable", b'{"seats": [{"name": "a"}, {"invited": "yes"}]}', "seats[1].invited",
     "Expected true or false without quotes"),
    ("CreateTable", b'{"kowahRules": {"bogus": 1}}', "kowah_rules.bogus",
     'KowahRules has no field "bogus" (its fields: preset, optional_declaration, '),
    ("CreateTable", b'{"matchRules": {"deals": "x"}}', "match_rules.deals",
     ": 'x' is not a whole number"),
    ("CreateTable", b'{"matchRules": {"deals": 1.5}}', "match_rules.deals",
     ": 1.5 is not a whole number"),
    ("CreateTable", b'{"seats": [{"aiLevel": "BOGUS"}]}', "seats[0].ai_level",
     "Invalid enum value BOGUS"),
])
def test_a_body_that_does_not_decode_is_invalid_argument_naming_its_field(served, method, body,
                                                                          field, words):
    """Connect's codecs refuse a body as the services refuse bad fields: 400
    invalid_argument, a BadRequest naming the field the decoder refused by the proto's
    names and its whole path (JSON's seats[1].invited, match_rules.deals), never unknown."""
    _, base = served
    binary = body.startswith(b"\xff")
    status, _, data = post(base, f"/moneycards.v1.TableService/{method}", body,
                           "application/proto" if binary else "application/json")
    error = json.loads(data)
    assert status == 400 and error["code"] == "invalid_argument", error
    assert error["message"].startswith(f"{field}: the request is not a valid "
                                       f"moneycards.v1.{method}Request")
    assert "int()" not in error["message"] and "bytes-like" not in error["message"]
    assert words in error["message"] and "\n" not in error["message"]
    failure = ConnectFailure(status, error)
    assert failure.detail("BadRequest")["fieldViolations"][0]["field"] == field
    assert failure.detail("ErrorInfo")["reason"] == "INVALID_INPUT"


def test_a_seed_out_of_range_names_the_seed_over_connect(served):
    _, base = served
    with pytest.raises(ConnectFailure) as err:
        call(base, "TableService/CreateTable", {"game": "GAME_KOWAH", "seats": KOWAH_SEATS,
                                                "seed": "99999999999999999999"})
    assert err.value.status == 400
    assert err.value.detail("BadRequest")["fieldViolations"][0]["field"] == "seed"


def test_a_stateless_call_over_connect(served):
    _, base = served
    r = call(base, "TotomService/CheckHand", {"hand": HAND})
    assert r["wins"] is True and r["chanCount"] == 6
    with pytest.raises(ConnectFailure) as err:
        call(base, "TotomService/CheckHand", {"hand": "22c 6x"})
    assert err.value.detail("ErrorInfo")["reason"] == "INVALID_NOTATION"


def test_binary_connect_from_the_generated_python_client(served):
    from moneycards.v1.table_connect import TableServiceClientSync

    stub, base = served
    tid, token = create_over_grpc(stub)
    with TableServiceClientSync(base) as client:  # application/proto
        v = client.get_view(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view
    assert v == grpc_view(stub, tid, token)


def test_only_post_with_an_rpc_content_type_reaches_a_service(served):
    _, base = served
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(base + "/moneycards.v1.TableService/ListTables?encoding=json"
                               "&message=%7B%7D", timeout=10)
    assert err.value.code == 405  # a GET needs no preflight: no call is made by one
    status, _, _ = post(base, "/moneycards.v1.TableService/ListTables", {},
                        content_type="text/plain")
    assert status == 415  # nor by a form or text/plain POST
    status, _, body = post(base, "/moneycards.v1.TableService/ListTables", b"",
                           content_type="application/grpc")
    assert status == 415 and b"gRPC port" in body


@pytest.mark.parametrize("method, content_type, says", [
    ("Watch", "application/json", "Watch is a server stream: over Connect it is sent as "
                                  "application/connect+json, each message in an envelope"),
    ("Watch", "application/proto", "as application/connect+proto"),
    ("GetView", "application/connect+json", "GetView is a unary call: over Connect it is "
                                            "sent as application/json, not as "
                                            "application/connect+json"),
])
def test_a_stream_or_a_unary_call_sent_in_the_other_s_form_says_which_to_send(
        served, method, content_type, says):
    """Connect's content types differ for a stream and a unary call; the wrong one is a 415
    that says which to send (the Connect library's own 415 has no body)."""
    _, base = served
    status, _, body = post(base, f"/moneycards.v1.TableService/{method}", b"{}",
                           content_type=content_type)
    assert status == 415 and says in body.decode(), body


def test_requests_are_at_most_a_megabyte_gzip_included(served):
    _, base = served
    status, _, data = post(base, "/moneycards.v1.TotomService/CheckHand",
                           {"hand": "2c" * 600_000})
    assert status == 429 and json.loads(data)["code"] == "resource_exhausted"
    bomb = gzip.compress(json.dumps({"hand": " " * 5_000_000 + "2c"}).encode())
    assert len(bomb) < 100_000
    status, _, data = post(base, "/moneycards.v1.TotomService/CheckHand", bomb,
                           headers={"Content-Encoding": "gzip"})
    assert status == 429 and json.loads(data)["code"] == "resource_exhausted"


# -- Watch: server streaming ------------------------------------------------------------------
def envelope(flags: int, data: bytes) -> bytes:
    return struct.pack(">BI", flags, len(data)) + data


class Stream:
    """A server-streaming call's response, read one envelope at a time (its headers come
    with the first message)."""

    def __init__(self, base: str, method: str, body: bytes, content_type: str):
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        self.conn.request("POST", f"/moneycards.v1.{method}", body=body,
                          headers={"Content-Type": content_type})
        self._response: http.client.HTTPResponse | None = None

    @property
    def response(self) -> http.client.HTTPResponse:
        if self._response is None:
            self._response = self.conn.getresponse()
            assert self._response.status == 200, self._response.read()
        return self._response

    def next(self) -> tuple[int, bytes]:
        head = self.response.read(5)
        assert len(head) == 5, head
        flags, size = struct.unpack(">BI", head)
        return flags, self.response.read(size)

    def close(self):
        self.conn.close()


def watch_over_connect(base, tid, token, since=0) -> Stream:
    body = json.dumps({"tableId": tid, "seatToken": token, "fromVersion": str(since)})
    return Stream(base, "TableService/Watch", envelope(0, body.encode()),
                  "application/connect+json")


def watch_over_grpc_web(base, tid, token, since=0) -> Stream:
    body = table_pb2.WatchRequest(table_id=tid, seat_token=token, from_version=since)
    return Stream(base, "TableService/Watch", envelope(0, body.SerializeToString()),
                  "application/grpc-web+proto")


def test_watch_streams_events_over_connect(served):
    stub, base = served
    tid, token = create_over_http(base, seed=7)
    start = grpc_view(stub, tid, token)
    stream = watch_over_connect(base, tid, token)
    try:
        seen = 0
        while seen < start.version:  # what was played before the person's turn
            flags, data = stream.next()
            assert flags == 0, data
            seen = int(json.loads(data)["event"]["version"])
        act = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                            action=start.legal_actions[0].text))
        streamed = []
        while seen < act.view.version:  # the person's action over gRPC, then the AI replies
            flags, data = stream.next()
            assert flags == 0, data
            event = json.loads(data)["event"]
            streamed.append(event["action"])
            seen = int(event["version"])
        assert streamed == [e.action for e in act.events]
        stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=token))
        flags, data = stream.next()  # the end of the stream: the table was closed
        assert flags == 2, data
        assert json.loads(data)["error"]["code"] == "not_found"
    finally:
        stream.close()


def test_watch_streams_events_over_grpc_web(served):
    stub, base = served
    tid, token = create_over_grpc(stub)
    act = stub.Act(table_pb2.ActRequest(
        table_id=tid, seat_token=token, action=grpc_view(stub, tid, token).legal_actions[0].text))
    stream = watch_over_grpc_web(base, tid, token)
    try:
        assert stream.response.getheader("content-type").startswith("application/grpc-web")
        events = []
        while not events or events[-1].version < act.view.version:
            flags, data = stream.next()
            assert flags == 0, data
            events.append(table_pb2.WatchResponse.FromString(data).event)
        assert events[-len(act.events):] == list(act.events)
        stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=token))
        flags, data = stream.next()
        assert flags == 0x80, data  # the trailers, in the body
        trailers = dict(line.split(": ", 1) for line in data.decode().split("\r\n") if line)
        assert trailers["grpc-status"] == str(grpc.StatusCode.NOT_FOUND.value[0])
        status = status_pb2.Status.FromString(
            base64.b64decode(trailers["grpc-status-details-bin"] + "=="))
        info = error_details_pb2.ErrorInfo()
        status.details[0].Unpack(info)
        assert info.reason == "TABLE_NOT_FOUND"
    finally:
        stream.close()


def test_a_watch_ends_when_its_browser_goes_away_and_frees_its_slot(served):
    """Watches are counted across both ports (--max-watches 4): four open over the web
    port leave none for gRPC; once those clients go away, gRPC gets one again."""
    stub, base = served
    tid, token = create_over_grpc(stub)
    streams = [watch_over_connect(base, tid, token, since=grpc_view(stub, tid, token).version)
               for _ in range(4)]
    time.sleep(0.5)  # each stream has taken its slot
    with pytest.raises(grpc.RpcError) as err:
        next(iter(stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=token),
                             timeout=10)))
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    for s in streams:
        s.close()
    deadline = time.monotonic() + 10
    while True:
        try:
            first = next(iter(stub.Watch(table_pb2.WatchRequest(table_id=tid,
                                                                 seat_token=token),
                                         timeout=10)))
            break
        except grpc.RpcError as e:
            assert e.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert time.monotonic() < deadline, "the closed streams kept their slots"
            time.sleep(0.2)
    assert first.event.version >= 1


# -- browsers: CORS, DNS rebinding, the page --------------------------------------------------
def raw(base: str, method: str, path: str, headers: dict) -> http.client.HTTPResponse:
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request(method, path, headers=headers)
    r = conn.getresponse()
    r.read()
    conn.close()
    return r


def test_cors_lets_loopback_pages_call_and_no_other(served):
    _, base = served
    path = "/moneycards.v1.TableService/CreateTable"
    ask = {"Access-Control-Request-Method": "POST",
           "Access-Control-Request-Headers": "content-type,connect-protocol-version"}
    r = raw(base, "OPTIONS", path, {"Origin": "http://localhost:5173", **ask})
    assert r.status == 204
    assert r.getheader("access-control-allow-origin") == "http://localhost:5173"
    assert "connect-protocol-version" in r.getheader("access-control-allow-headers")
    r = raw(base, "OPTIONS", path, {"Origin": "https://cards.example.org", **ask})
    assert r.status == 403 and r.getheader("access-control-allow-origin") is None
    status, headers, _ = post(base, "/moneycards.v1.TableService/ListTables", {},
                              headers={"Origin": "http://127.0.0.1:3000"})
    assert status == 200
    assert headers["access-control-allow-origin"] == "http://127.0.0.1:3000"
    assert "grpc-status" in headers["access-control-expose-headers"]


def test_a_loopback_server_answers_no_other_host_name(served):
    _, base = served
    r = raw(base, "POST", "/moneycards.v1.TableService/ListTables",
            {"Host": "cards.attacker.example", "Content-Type": "application/json"})
    assert r.status == 421


def test_the_page_says_when_the_web_table_is_not_built(tmp_path):
    from moneycards.server.app import start_service
    from moneycards.server.web import WebOptions

    svc = start_service("127.0.0.1", 0, 2, warm=False, web=WebOptions(0, (), str(tmp_path)))
    try:
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(f"http://127.0.0.1:{svc.web.port}/", timeout=10)
        assert err.value.code == 404
        text = err.value.read().decode()
        assert "not built" in text and "<" not in text
    finally:
        svc.web.stop()
        svc.server.stop(None)


def test_serve_serves_the_package_page_at_the_root(served):
    from moneycards.server.web import STATIC_ROOT

    _, base = served
    if not (STATIC_ROOT / "index.html").is_file():
        pytest.skip("the web table is not built into this checkout")
    with urllib.request.urlopen(base + "/", timeout=10) as r:
        assert r.read() == (STATIC_ROOT / "index.html").read_bytes()


def test_a_built_page_is_served_with_its_assets(tmp_path):
    from moneycards.server.app import start_service
    from moneycards.server.web import WebOptions

    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>table</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log(1)")
    (tmp_path / ".secret").write_text("no")
    svc = start_service("127.0.0.1", 0, 2, warm=False,
                        web=WebOptions(0, ("https://cards.example.org",), str(tmp_path)))
    base = f"http://127.0.0.1:{svc.web.port}"
    try:
        with urllib.request.urlopen(base + "/", timeout=10) as r:
            assert r.read().startswith(b"<!doctype html>")
            assert r.headers["content-type"] == "text/html; charset=utf-8"
            etag = r.headers["etag"]
            # Only the page's own code runs and calls out; it is never framed.
            csp = r.headers["content-security-policy"]
            assert "script-src 'self'" in csp and "connect-src 'self'" in csp
            assert "frame-ancestors 'none'" in csp and "unsafe" not in csp
            assert r.headers["referrer-policy"] == "no-referrer"
        with urllib.request.urlopen(base + "/assets/app.js", timeout=10) as r:
            assert r.headers["content-type"] == "text/javascript; charset=utf-8"
        assert raw(base, "GET", "/", {"If-None-Match": etag}).status == 304
        for path in ("/.secret", "/../pyproject.toml", "/%2e%2e/pyproject.toml", "/nope.js"):
            assert raw(base, "GET", path, {}).status == 404, path
        r = raw(base, "OPTIONS", "/moneycards.v1.TableService/Act",
                {"Origin": "https://cards.example.org", "Access-Control-Request-Method": "POST"})
        assert r.getheader("access-control-allow-origin") == "https://cards.example.org"
    finally:
        svc.web.stop()
        svc.server.stop(None)


# -- the command ------------------------------------------------------------------------------
def one_line_exit_2(args: list[str]) -> str:
    r = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


@pytest.mark.parametrize("args,message", [
    (["--port", "0", "--web-port", "70000"], "--web-port: 70000 is not 0-65535"),
    (["--port", "5000", "--web-port", "5000"], "--web-port: 5000 is the gRPC port"),
    (["--port", "0", "--no-web", "--web-port", "1"], "--no-web: --no-web turns the web port off"),
    (["--port", "0", "--web-origin", "cards.example.org"], "--web-origin: 'cards.example.org'"),
    (["--port", "0", "--host", "0.0.0.0", "--web-port", "0"], "not a loopback address"),
])
def test_bad_web_flags_are_one_line(args, message):
    assert message in one_line_exit_2(args)


def test_a_taken_web_port_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_exit_2(["--port", "0", "--web-port", str(port), "--db", ":memory:"])
    assert f"cannot listen on http://127.0.0.1:{port}/ (--web-port)" in line


def test_no_web_serves_grpc_alone():
    proc = subprocess.Popen([*SERVE, "--port", "0", "--no-web", "--db", ":memory:"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "gRPC server listening" in proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGTERM)
        rest, _ = proc.communicate(timeout=20)
    assert "web server" not in rest and proc.returncode == 0


def start(args: list[str]) -> tuple[subprocess.Popen, str, str]:
    proc = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    first, second = proc.stdout.readline(), proc.stdout.readline()
    grpc_port = re.search(r"listening on [^ ]+:(\d+) ", first)
    web = re.search(r"web server listening on (https?://[^ ]+/) ", second)
    assert grpc_port and web, first + second + proc.stderr.read()
    return proc, grpc_port.group(1), web.group(1).rstrip("/")


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0


def test_server_processes_share_the_web_port_and_the_tables(tmp_path):
    proc, grpc_port, base = start(["--port", "0", "--processes", "2", "--no-cpu-affinity",
                                   "--db", str(tmp_path / "tables.db")])
    try:
        with grpc.insecure_channel(f"127.0.0.1:{grpc_port}") as ch:
            stub = table_pb2_grpc.TableServiceStub(ch)
            for _ in range(6):  # connections land on either process
                tid, token = create_over_http(base)
                assert grpc_view(stub, tid, token).table_id == tid
    finally:
        stop(proc)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_the_web_port_speaks_tls_when_the_grpc_port_does(tmp_path):
    import ssl

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    proc, _, base = start(["--port", "0", "--host", "localhost", "--db", ":memory:",
                           "--tls-cert", str(cert), "--tls-key", str(key)])
    try:
        assert base.startswith("https://localhost:")
        req = urllib.request.Request(base + "/moneycards.v1.TotomService/CheckHand",
                                     data=json.dumps({"hand": HAND}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        context = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(req, timeout=10, context=context) as r:
            assert json.loads(r.read())["wins"] is True
        with pytest.raises((urllib.error.URLError, ConnectionError, http.client.HTTPException)):
            urllib.request.urlopen(req.full_url.replace("https:", "http:"), timeout=10)
    finally:
        stop(proc)


def test_the_web_socket_is_tcp_so_its_connections_get_nodelay():
    """asyncio sets TCP_NODELAY on the connections of a socket made with IPPROTO_TCP only;
    without it every answer waited ~40 ms for the client's delayed ACK."""
    from moneycards.server.web import bind

    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


TS_CLIENT = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ts"


# The tests that build examples/ts: one at a time, and only where its packages are.
def ts_client_test(test):
    test = pytest.mark.xdist_group("ts-client")(test)
    return pytest.mark.skipif(
        not (shutil.which("node") and (TS_CLIENT / "node_modules" / "@connectrpc"
                                       / "connect-web").exists())
        and not os.environ.get("MONEYCARDS_REQUIRE_NODE"),
        reason="TypeScript client not installed (run `npm ci` in examples/ts)")(test)


@ts_client_test
def test_the_browser_transports_of_connect_web(served, tmp_path):
    """connect-web's Connect (JSON and binary) and gRPC-Web transports, through `fetch`,
    from the TypeScript generated by protoc-gen-es (examples/ts/web.ts)."""
    stub, base = served
    built = ts_example_in(tmp_path / "ts")
    r = subprocess.run(["node", str(built / "dist" / "web.js"), base],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert [x["transport"] for x in lines] == ["connect-json", "connect-binary", "grpc-web"]
    for x in lines:
        assert re.fullmatch(r"KW-[A-Z0-9-]+", x["rule"] or ""), x
        assert x["events"][-len(x["acted"]):] == x["acted"], x  # streamed as Act answered
        assert x["closed"] is True, x  # no unfinished table left counting against the address
        assert x["wins"] is True


@ts_client_test
def test_the_browser_snippet_of_docs_web_md_plays_its_seat_to_the_end(served, tmp_path):
    """The ```ts block of docs/web.md, as written, type-checks strictly against the generated
    code and, run with the page's `location` given, plays its deal to a result."""
    _, base = served
    generated = ts_example_in(tmp_path / "ts", compile=False)
    page = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "web.md").read_text()
    snippet = re.search(r"```ts\n(.*?)```", page, flags=re.S).group(1)
    (tmp_path / "snippet.ts").write_text("export {};\n" + snippet)
    shutil.copytree(generated / "gen", tmp_path / "gen")
    (tmp_path / "node_modules").symlink_to(TS_CLIENT / "node_modules")
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "tsconfig.json").write_text(json.dumps({"compilerOptions": {
        "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
        "strict": True, "lib": ["ES2022", "DOM"], "types": [], "skipLibCheck": True,
        "outDir": "out"}, "files": ["snippet.ts"]}))
    r = subprocess.run(["node", str(TS_CLIENT / "node_modules" / "typescript" / "bin" / "tsc"),
                        "-p", "."], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    (tmp_path / "out" / "run.mjs").write_text(
        "globalThis.location = { origin: process.argv[2] };\nawait import('./snippet.js');\n")
    r = subprocess.run(["node", "out/run.mjs", base], cwd=tmp_path, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"\((KW-K1|KW-K2)\)\.$", r.stdout.strip()), r.stdout  # the result


def test_page_files_linked_from_elsewhere_are_served_and_a_link_out_is_not(tmp_path):
    """A strict editable install serves the page as links to the checkout's files: they are
    the page; a link to any other place is refused."""
    from moneycards.server.web import _inside

    page, served = tmp_path / "checkout-web", tmp_path / "installed-web"
    page.mkdir()
    served.mkdir()
    for name in ("index.html", "app.js", "app.css"):
        (page / name).write_text(name)
        (served / name).symlink_to(page / name)
    secret = tmp_path / "secret.txt"
    secret.write_text("no")
    (served / "leak.txt").symlink_to(secret)
    assert _inside(served, "/app.js") == served / "app.js"
    assert _inside(served, "/app.css") == served / "app.css"
    assert _inside(served, "/leak.txt") is None
    assert _inside(served, "/../secret.txt") is None
