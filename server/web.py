"""The web port: the game services and TableService over the Connect protocol and gRPC-Web
(for browsers), and the web table's static files, beside the gRPC port.

The same servicer objects answer both ports, behind the same GuardInterceptor (request id,
the limit of calls at once, solver time limits, INTERNAL for anything unexpected, solver
worker processes with --workers), so one server process has one table state, one call
limit and one watch limit whichever port a call comes through. The protocols are read and
written by connect-python (`connectrpc`, the `*_connect.py` code generated from proto/);
uvicorn serves HTTP/1.1 on an event loop in a thread of the server process, and the
grpcio-style servicers run in a thread pool, as under grpcio, through one adapter
(`_Context` and `_bridge`): their aborts become Connect errors with the same details
(google.rpc.ErrorInfo with the reason and rule id, google.rpc.BadRequest), and a Watch
stream ends when its client goes away.

Requests: POST only, with a Connect or gRPC-Web content type (a browser preflights those
from another origin, so CORS decides who may call: loopback origins and --web-origin),
at most 1 MB as on the gRPC port (gzip included). Native gRPC is on the gRPC port.
"""

from __future__ import annotations

import asyncio
import contextvars
import email.utils
import functools
import gzip
import hashlib
import json
import logging
import mimetypes
import os
import socket
import ssl
import tempfile
import threading
import time
import urllib.parse
import zlib
from collections.abc import AsyncIterator, Awaitable, Generator, Iterable
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeAlias

import grpc
import uvicorn
from connectrpc import _codec  # its codec registry (check_codecs); pinned in constraints.txt
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from connectrpc.request import RequestContext
from google.protobuf import descriptor_pool
from google.protobuf.descriptor import Descriptor, ServiceDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from google.rpc import status_pb2
from grpc_status import rpc_status

import moneycards
from moneycards.server.addresses import is_loopback
from moneycards.server.errors import undecodable
from moneycards.server.interceptors import GuardInterceptor, internal_status
from moneycards.server.limits import RESERVED_THREADS, Limits
from moneycards.solver.errors import InvalidInput, snake_case
from moneycards.solver.ruletext import paged_games, rule_texts
from moneycards.v1 import kowah_connect, lukfu_connect, table_connect, totom_connect

if TYPE_CHECKING:
    from moneycards.server.app import AddServicer, Service, ServicerEntry

# ASGI, as uvicorn speaks it: a connection's scope and the events received and sent.
Scope = dict[str, Any]
Event = dict[str, Any]
Receive = Callable[[], Awaitable[Event]]
Send = Callable[[Event], Awaitable[None]]
Headers = Iterable[tuple[bytes, bytes]]
# A guarded grpcio handler's request or answer: the message, or its bytes for a solver worker.
Payload: TypeAlias = "Message | bytes"

log = logging.getLogger("moneycards.server")

DEFAULT_PORT = 8080
# The built web table: the package's moneycards/web folder (index.html and its assets).
STATIC_ROOT = Path(moneycards.__path__[0]).resolve() / "web"
# What a browser may send to call the services (CORS preflight) and read of the answers.
ALLOW_HEADERS = ("content-type, connect-protocol-version, connect-timeout-ms, "
                 "connect-accept-encoding, connect-content-encoding, grpc-timeout, "
                 "x-grpc-web, x-user-agent")
EXPOSE_HEADERS = ("grpc-status, grpc-message, grpc-status-details-bin, "
                  "connect-content-encoding, content-encoding")
RPC_CONTENT_TYPES = {"application/json", "application/proto", "application/connect+json",
                     "application/connect+proto", "application/grpc-web",
                     "application/grpc-web+proto", "application/grpc-web+json"}
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "[::1]", "::1"}

# The disconnect flag of the call being handled, from the request's ASGI task to its
# endpoint (the endpoint gets only a connectrpc RequestContext).
_GONE: contextvars.ContextVar[threading.Event] = contextvars.ContextVar("gone")


@dataclass(frozen=True)
class WebOptions:
    """The web port: its number (0: a free one), the origins besides loopback that may
    call it from a browser, and the folder served at / (None: the package's web/)."""

    port: int = DEFAULT_PORT
    origins: tuple[str, ...] = ()
    root: str | None = None


def check_origin(origin: str) -> str:
    """An origin as browsers send it: scheme://host[:port], no path."""
    parts = urllib.parse.urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname or \
            parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise InvalidInput(f"{origin!r} is not an origin such as https://cards.example.org",
                           field="--web-origin")
    return origin.rstrip("/").lower()


def address(host: str, port: int, tls: bool) -> str:
    name = f"[{host.strip('[]')}]" if ":" in host else host
    return f"{'https' if tls else 'http'}://{name}:{port}/"


# -- the servicers, as Connect endpoints -----------------------------------------------------
_CODES = {c: Code[c.name.replace("CANCELLED", "CANCELED")]
          for c in grpc.StatusCode if c is not grpc.StatusCode.OK}


def connect_error(status: Any) -> ConnectError:
    """A grpc.Status (as `abort_with_status` takes) as a Connect error with its details."""
    details: list[Message] = []
    for key, value in status.trailing_metadata or ():
        if key == "grpc-status-details-bin":
            details = list(status_pb2.Status.FromString(value).details)
    return ConnectError(_CODES.get(status.code, Code.UNKNOWN), status.details or "", details)


class _Context:
    """The part of grpc.ServicerContext the servicers and the guard use, over one Connect
    call: aborts raise a ConnectError; the call is active until its deadline passes or its
    client goes away (seen for streams)."""

    def __init__(self, ctx: RequestContext[Any, Any], gone: threading.Event):
        self._ctx = ctx
        self._gone = gone

    def time_remaining(self) -> float | None:
        ms = self._ctx.timeout_ms()
        return None if ms is None else max(0.0, ms / 1000)

    def is_active(self) -> bool:
        remaining = self.time_remaining()
        return not self._gone.is_set() and (remaining is None or remaining > 0)

    def abort(self, code: grpc.StatusCode, details: str) -> NoReturn:
        raise ConnectError(_CODES.get(code, Code.UNKNOWN), details)

    def abort_with_status(self, status: grpc.Status) -> NoReturn:
        raise connect_error(status)

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return tuple(self._ctx.request_headers().allitems())

    def peer(self) -> str:
        """The client's address as gRPC spells a peer ("ipv4:1.2.3.4:5678",
        "ipv6:[::1]:5678"), for the per-client limits."""
        host, _, port = (self._ctx.client_address() or "").rpartition(":")
        if not host:
            return "unknown"
        return f"ipv6:[{host.strip('[]')}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


def _internal(method: str, err: BaseException) -> ConnectError:
    request_id = os.urandom(8).hex()
    log.error("request %s %s failed", request_id, method, exc_info=err)
    return connect_error(internal_status(request_id))


def _bridge(service_name: str, handlers: dict[str, Any], descriptor: ServiceDescriptor,
            pool: futures.Executor) -> SimpleNamespace:
    """An object with one async method per RPC, named as the generated Connect code calls
    it (`CheckHand` -> `check_hand`), running the guarded grpcio handler in `pool`."""
    bridge = SimpleNamespace()
    for m in descriptor.methods:
        handler, method = handlers[m.name], f"/{service_name}/{m.name}"
        output = _message_class(m.output_type)
        if m.server_streaming:
            setattr(bridge, snake_case(m.name), _streaming(method, handler, output, pool))
        else:
            setattr(bridge, snake_case(m.name), _unary(method, handler, output, pool))
    return bridge


def _message_class(descriptor: Descriptor) -> type[Message]:
    cls: type[Message] = GetMessageClass(descriptor)
    return cls


def _request(handler: grpc.RpcMethodHandler, request: Message) -> Payload:
    # A handler for a solver worker process takes (and answers) the message's bytes.
    if handler.request_deserializer:
        return request
    data: bytes = request.SerializeToString()
    return data


def _unary(method: str, handler: grpc.RpcMethodHandler, output: type[Message],
           pool: futures.Executor
           ) -> Callable[[Message, RequestContext[Any, Any]], Awaitable[Message]]:
    call = handler.unary_unary

    def run(request: Message, context: _Context) -> Message:
        try:
            answer = call(_request(handler, request), context)
        except ConnectError:
            raise
        except Exception as err:  # the guard answers INTERNAL itself; this is a last resort
            raise _internal(method, err) from None
        return answer if handler.response_serializer else output.FromString(answer)

    async def endpoint(request: Message, ctx: RequestContext[Any, Any]) -> Message:
        context = _Context(ctx, _GONE.get(threading.Event()))
        return await asyncio.get_running_loop().run_in_executor(pool, run, request, context)

    return endpoint


def _streaming(method: str, handler: grpc.RpcMethodHandler, output: type[Message],
               pool: futures.Executor
               ) -> Callable[[Message, RequestContext[Any, Any]], AsyncIterator[Message]]:
    call = handler.unary_stream
    end = object()

    def step(stream: Generator[Payload, None, None], lock: threading.Lock) -> object:
        with lock:  # never two threads in the generator at once (a step and the close)
            try:
                return next(stream)
            except StopIteration:
                return end
            except ConnectError:
                raise
            except Exception as err:
                raise _internal(method, err) from None

    def close(stream: Generator[Payload, None, None], lock: threading.Lock) -> None:
        with lock:
            stream.close()

    async def endpoint(request: Message, ctx: RequestContext[Any, Any]
                       ) -> AsyncIterator[Message]:
        gone = _GONE.get(threading.Event())
        stream = call(_request(handler, request), _Context(ctx, gone))
        lock = threading.Lock()
        loop = asyncio.get_running_loop()
        try:
            while True:
                item = await loop.run_in_executor(pool, step, stream, lock)
                if item is end:
                    return
                yield item if handler.response_serializer else output.FromString(item)
        finally:
            gone.set()  # a step still waiting for events stops at its next look
            pool.submit(close, stream, lock)

    return endpoint


class BoundedGzip:
    """gzip whose decompression stops past the message limit (no gzip bombs)."""

    def __init__(self, limit: int):
        self.limit = limit

    def name(self) -> str:
        return "gzip"

    def compress(self, data: bytes | bytearray | memoryview) -> bytes:
        return gzip.compress(data, compresslevel=1)

    def decompress(self, data: bytes | bytearray | memoryview) -> bytes:
        d = zlib.decompressobj(wbits=31)
        out = d.decompress(bytes(data), self.limit + 1)
        if len(out) > self.limit or d.unconsumed_tail:
            raise ConnectError(Code.RESOURCE_EXHAUSTED,
                               f"a request message is at most {self.limit} bytes")
        return out


class CheckedCodec:
    """A connectrpc codec whose decoding failure is INVALID_ARGUMENT with a BadRequest
    naming the field the decoder names (connectrpc answers a codec's exception UNKNOWN,
    with the parser's own words)."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.form = "JSON" if inner.name() == "json" else "protobuf binary"

    def name(self) -> str:
        name: str = self.inner.name()
        return name

    def encode(self, message: Message) -> bytes:
        data: bytes = self.inner.encode(message)
        return data

    def decode(self, data: bytes | bytearray, message: Message) -> Message:
        try:
            decoded: Message = self.inner.decode(data, message)
        except ConnectError:
            raise
        except Exception as err:  # json_format.ParseError, DecodeError, ...
            status = undecodable(message.DESCRIPTOR.full_name, err, self.form)
            raise connect_error(rpc_status.to_status(status)) from None
        return decoded


def check_codecs() -> None:
    """Put `CheckedCodec` round each codec connectrpc looks up by content type (one
    registry, read at each request)."""
    for key, codec in list(_codec._codecs.items()):
        if not isinstance(codec, CheckedCodec):
            _codec._codecs[key] = CheckedCodec(codec)


def connect_apps(servicers: Iterable[ServicerEntry], guard: GuardInterceptor,
                 pool: futures.Executor, max_bytes: int) -> dict[str, Any]:
    """The ASGI application of each service (by its full name), over the servicer objects
    and guard the gRPC server has (`servicers`: (full name, servicer, add-function))."""
    check_codecs()
    generated = {"moneycards.v1.TotomService": totom_connect.TotomServiceASGIApplication,
                 "moneycards.v1.KowahService": kowah_connect.KowahServiceASGIApplication,
                 "moneycards.v1.LukFuService": lukfu_connect.LukFuServiceASGIApplication,
                 "moneycards.v1.TableService": table_connect.TableServiceASGIApplication}
    apps = {}
    for name, servicer, add, descriptor in servicers:
        raw = _grpc_handlers(servicer, add)
        guarded = {m: guard.intercept_service(_always(h),
                                              SimpleNamespace(method=f"/{name}/{m}",
                                                              invocation_metadata=()))
                   for m, h in raw.items()}
        apps[name] = generated[name](_bridge(name, guarded, descriptor, pool),
                                     read_max_bytes=max_bytes,
                                     compressions=[BoundedGzip(max_bytes)])
    return apps


def _always(handler: grpc.RpcMethodHandler
            ) -> Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler]:
    """The continuation of an interceptor whose service has this one handler."""
    return lambda _details: handler


def _grpc_handlers(servicer: object, add: AddServicer) -> dict[str, Any]:
    """The grpcio method handlers the generated `add_..._to_server` registers."""
    found: dict[str, Any] = {}

    class Collect:
        def add_generic_rpc_handlers(self, _handlers: object) -> None:
            pass

        def add_registered_method_handlers(self, _name: str, handlers: dict[str, Any]
                                           ) -> None:
            found.update(handlers)

    add(servicer, Collect())
    return found


# -- the HTTP side: routing, CORS, static files ----------------------------------------------
class WebApp:
    """The ASGI application of the web port."""

    def __init__(self, apps: dict[str, Any], *, origins: tuple[str, ...] = (),
                 root: Path = STATIC_ROOT, loopback_only: bool = True,
                 max_bytes: int = 1 << 20):
        self.apps = apps
        self.origins = set(origins)
        self.root = root
        self.loopback_only = loopback_only
        self.max_body = max_bytes + 1024  # a message, its envelopes and end-of-stream

    def allowed(self, origin: str) -> bool:
        host = urllib.parse.urlsplit(origin).hostname or ""
        return origin in self.origins or (origin.startswith(("http://", "https://")) and
                                           (host in LOOPBACK_NAMES or host.startswith("127.")))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no lifespan, no websockets
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        if self.loopback_only and not _loopback_host(headers.get("host", "")):
            # a page whose name was pointed at this machine (DNS rebinding) gets nothing
            return await _plain(send, 421, "this server answers requests for its "
                                           "loopback address only\n")
        origin = headers.get("origin", "").lower()
        cors: list[tuple[bytes, bytes]] = []
        if origin and self.allowed(origin):
            cors = [(b"access-control-allow-origin", origin.encode()), (b"vary", b"origin")]
        service = scope["path"].split("/")[1] if scope["path"].count("/") == 2 else ""
        app = self.apps.get(service)
        if app is None:
            return await self.static(scope, send, cors)
        method = scope["method"]
        if method == "OPTIONS":
            if cors and "access-control-request-method" in headers:
                return await _plain(send, 204, "", [
                    *cors, (b"access-control-allow-methods", b"POST"),
                    (b"access-control-allow-headers", ALLOW_HEADERS.encode()),
                    (b"access-control-max-age", b"7200")])
            return await _plain(send, 403, "this origin may not call the services\n")
        if method != "POST":
            return await _plain(send, 405, "calls are POST requests (Connect or gRPC-Web)\n",
                                [(b"allow", b"POST")])
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type not in RPC_CONTENT_TYPES:
            why = ("native gRPC is served on the gRPC port" if content_type.startswith(
                "application/grpc") else "calls are Connect (application/json or "
                "application/proto) or gRPC-Web (application/grpc-web+proto)")
            return await _plain(send, 415, why + "\n")
        mismatch = connect_mismatch(scope["path"], content_type)
        if mismatch:
            return await _plain(send, 415, mismatch + "\n")
        gone = threading.Event()
        _GONE.set(gone)
        received = 0

        async def bounded_receive() -> Event:
            nonlocal received
            message = await receive()
            if message["type"] == "http.disconnect":
                gone.set()
            received += len(message.get("body", b""))
            if received > self.max_body:
                raise ConnectError(Code.RESOURCE_EXHAUSTED,
                                   f"a request is at most {self.max_body - 1024} bytes")
            return message

        async def send_cors(message: Event) -> None:
            if cors and message["type"] == "http.response.start":
                message = {**message, "headers": [
                    *message.get("headers", []), *cors,
                    (b"access-control-expose-headers", EXPOSE_HEADERS.encode())]}
            await send(message)

        await app(scope, bounded_receive, send_cors)

    async def static(self, scope: Scope, send: Send, cors: list[tuple[bytes, bytes]]) -> None:
        if scope["method"] not in ("GET", "HEAD"):
            return await _plain(send, 405, "static files answer GET\n", [(b"allow", b"GET")])
        path = urllib.parse.unquote(scope["path"])
        index = self.root / "index.html"
        if path == "/" and not index.is_file():
            return await _plain(send, 404, NOT_BUILT)
        if path == RULES_PATH:
            data, kind, modified = rules_json(), "application/json", None
        else:
            target = _inside(self.root, path)
            if target is not None and target.is_dir():
                target = target / "index.html"
            if target is None or not target.is_file():
                return await _plain(send, 404, "not found\n")
            data, modified = target.read_bytes(), target.stat().st_mtime
            kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        etag = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
        if kind.startswith("text/") or kind in ("application/javascript", "image/svg+xml",
                                                "application/json"):
            kind += "; charset=utf-8"
        head = [(b"content-type", kind.encode()), (b"etag", etag.encode()),
                (b"cache-control", b"no-cache"), (b"x-content-type-options", b"nosniff"),
                *PAGE_HEADERS, *cors]
        if modified is not None:
            head.append((b"last-modified", email.utils.formatdate(modified,
                                                                  usegmt=True).encode()))
        request_headers = dict(scope["headers"])
        if request_headers.get(b"if-none-match", b"").decode("latin-1") == etag:
            await send({"type": "http.response.start", "status": 304, "headers": head})
            await send({"type": "http.response.body", "body": b""})
            return
        head.append((b"content-length", str(len(data)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": head})
        await send({"type": "http.response.body",
                    "body": b"" if scope["method"] == "HEAD" else data})


# The page loads only its own script, style and calls (no inline code, no other origin),
# is never framed and sends no referrer: whatever a table's text holds (a seat's name) can
# neither run code nor send a view elsewhere. The icon is an empty data: URL.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                           "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
                           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
PAGE_HEADERS = ((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
                (b"referrer-policy", b"no-referrer"))


# Every rule and ruling of the built-in games as written (solver/ruletext.py), for the page's
# rule links: {"totom": [{"id", "game", "section", "text", "proposed", "preset"}, ...], ...}.
RULES_PATH = "/rules.json"


@functools.cache
def rules_json() -> bytes:
    return json.dumps({game: [r.as_json() for r in rule_texts(game)]
                       for game in paged_games()},
                      ensure_ascii=False).encode()


NOT_BUILT = """\
The web table is not built into this installation: there is no page to show here yet.

This server answers the game services and TableService on this port for browsers, over
the Connect protocol and gRPC-Web, at /moneycards.v1.TableService/CreateTable and the
like (docs/web.md in the source tells how to call them).
"""

mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("image/svg+xml", ".svg")


def _loopback_host(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name.lower() in LOOPBACK_NAMES or name.startswith("127.")


def _inside(root: Path, path: str) -> Path | None:
    """The file `path` names under `root`, or None if it would leave it (.., links) or
    names a hidden file."""
    parts = [p for p in path.split("/") if p]
    if any(p in ("..", ".") or p.startswith(".") or "\\" in p or "\0" in p for p in parts):
        return None
    target = root.joinpath(*parts)
    try:
        resolved = target.resolve()
        # The page's own folder too: a strict editable install links each file of `root`
        # to the checkout's copy, and those links are the page, not a way out of it.
        bases = {root.resolve(), (root / "index.html").resolve().parent}
    except OSError:
        return None
    return target if any(resolved == b or b in resolved.parents for b in bases) else None


def connect_mismatch(path: str, content_type: str) -> str | None:
    """Why a Connect call's content type does not fit its method, or None: a server stream
    (Watch) is enveloped (application/connect+json), a unary call is not (application/json).
    The Connect library answers such a call 415 with no body; this says which to send."""
    if not content_type.startswith("application/") or "grpc-web" in content_type:
        return None
    service, _, name = path.strip("/").partition("/")
    try:
        method = descriptor_pool.Default().FindServiceByName(service).methods_by_name.get(name)
    except KeyError:
        return None
    if method is None:
        return None  # the service says the method is unknown
    form = content_type.removeprefix("application/").removeprefix("connect+")
    enveloped = content_type.startswith("application/connect+")
    if method.server_streaming and not enveloped:
        return (f"{name} is a server stream: over Connect it is sent as "
                f"application/connect+{form}, each message in an envelope, not as "
                f"{content_type}")
    if not method.server_streaming and enveloped:
        return (f"{name} is a unary call: over Connect it is sent as application/{form}, "
                f"not as {content_type} (that is for a stream, such as Watch)")
    return None


async def _plain(send: Send, status: int, text: str, headers: Headers = ()) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


# -- the listener ----------------------------------------------------------------------------
def bind(host: str, port: int, reuseport: bool = False) -> socket.socket:
    """The web port's socket, bound (not listening yet); OSError when it cannot be."""
    bare = host.strip("[]")
    infos = socket.getaddrinfo(bare, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, _, _, sockaddr = infos[0]
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on such sockets' connections, and
    # without it a response's headers and body meet Nagle's algorithm (40 ms a call).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuseport:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(sockaddr)
    except OSError:
        sock.close()
        raise
    return sock


def ssl_context(tls: tuple[bytes, bytes]) -> ssl.SSLContext:
    """A server context from PEM bytes (ssl loads files only: a private temporary folder)."""
    cert, key = tls
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in (("cert.pem", cert), ("key.pem", key)):
            path = os.path.join(folder, name)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            paths.append(path)
        context.load_cert_chain(*paths)
    context.set_alpn_protocols(["http/1.1"])
    return context


class WebServer:
    """uvicorn on `sock`, on an event loop in a thread of its own."""

    def __init__(self, app: WebApp, sock: socket.socket, tls: ssl.SSLContext | None,
                 grace_s: float):
        self.sock = sock
        self.port = sock.getsockname()[1]
        # httptools (C) parses HTTP/1.1 a call ~0.25 ms faster than h11 (pure Python) here,
        # which made Connect calls slower than the same calls over gRPC.
        config = uvicorn.Config(
            app, lifespan="off", log_config=None, access_log=False, server_header=False,
            loop="asyncio", http="httptools", timeout_graceful_shutdown=max(1, round(grace_s)),
            ssl_context_factory=(lambda _config, _default: tls) if tls else None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, name="web", daemon=True)
        self.failed: BaseException | None = None

    def _run(self) -> None:
        try:
            asyncio.run(self.server.serve(sockets=[self.sock]))
        except BaseException as err:  # noqa: B036 - start() reports it
            self.failed = err

    def start(self, timeout: float = 30.0) -> None:
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if self.failed is not None or not self.thread.is_alive() or \
                    time.monotonic() > deadline:
                raise RuntimeError(f"the web port did not start: {self.failed!r}")
            time.sleep(0.01)

    def stop(self) -> None:
        """Stop taking connections; calls in flight get the grace."""
        self.server.should_exit = True


def start_web(service: Service, host: str, options: WebOptions, sock: socket.socket,
              tls: tuple[bytes, bytes] | None, limits: Limits, max_bytes: int) -> WebServer:
    """Serve `service`'s servicers (server/app.py) on `sock`."""
    # Calls and watches wait in their own threads, as on the gRPC port; a stream's close
    # may wait for its last look at the table.
    threads = limits.max_concurrent + 2 * RESERVED_THREADS + 2 * limits.max_watches
    pool = futures.ThreadPoolExecutor(max_workers=threads, thread_name_prefix="web")
    assert service.guard is not None  # start_service made it
    apps = connect_apps(service.servicers, service.guard, pool, max_bytes)
    root = Path(options.root) if options.root else STATIC_ROOT
    app = WebApp(apps, origins=options.origins, root=root, loopback_only=is_loopback(host),
                 max_bytes=max_bytes)
    web = WebServer(app, sock, ssl_context(tls) if tls else None, limits.grace_s)
    web.start()
    return web
