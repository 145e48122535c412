"""Which addresses are this machine's: for the default of TLS (a client connecting to a
host) and for what only local clients may do (a gRPC peer). Kept apart from the service so
that a remote client asks it without loading the server (about 300 ms)."""

from __future__ import annotations

import ipaddress
import urllib.parse


def is_loopback(host: str) -> bool:
    """True for `localhost` and loopback addresses (IPv6 in brackets or not)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def client_host(peer: str) -> str:
    """The address part of a gRPC peer ("ipv4:1.2.3.4:5678", "ipv6:%5B::1%5D:5678",
    "unix:/path"): what per-client limits count by."""
    kind, _, rest = urllib.parse.unquote(peer or "").partition(":")
    if kind in ("ipv4", "ipv6"):
        return rest.rsplit(":", 1)[0].strip("[]")
    return peer or "unknown"


def is_loopback_peer(peer: str) -> bool:
    """True for a gRPC peer on this machine: a loopback address or a local socket."""
    host = client_host(peer)
    if (peer or "").startswith("unix:"):
        return True  # a local socket: only this machine's users reach it
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bracketed(host: str) -> str:
    """A host as an address with a port writes it: an IPv6 address in brackets ([::1])."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
