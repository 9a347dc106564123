"""Where a webhook may be delivered: the SSRF rules, checked at subscription and at delivery.

Only `https` URLs, except for hosts in `ESCOPA_WEBHOOK_ALLOW` (which may also use plain
`http`); every address a host resolves to must be a global unicast address (never private,
loopback, link-local, multicast, reserved, unspecified or a cloud metadata address) unless
the host or the address is allowed. A delivery connects to an address checked here, so a DNS
answer that changes between the check and the connection (rebinding) cannot redirect it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from service.errors import ServiceError

MAX_URL_LENGTH: Final = 2048
LOOKUP_SECONDS: Final = 5.0
"""How long a webhook host's name may take to resolve (then it is `webhook/unresolvable`)."""
METADATA: Final = frozenset(
    ipaddress.ip_address(a) for a in ("169.254.169.254", "100.100.100.200", "fd00:ec2::254")
)
"""Cloud metadata services' addresses (also refused by the rules on private ranges)."""

TUNNELS: Final = (ipaddress.ip_network("2002::/16"),)
"""6to4 (RFC 3056): an address that embeds any IPv4 address, private ones included, and
reaches it through a relay; Python counts it as global."""

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True, slots=True)
class Target:
    """A webhook URL taken apart: scheme, host (lowercase, no brackets), port, path and query."""

    url: str
    scheme: str
    host: str
    port: int
    path: str


def refused(code: str, template: str, **params: Any) -> ServiceError:
    return ServiceError(code, 422, template, field="webhook.url", **params)


def parse_target(url: str, allow: frozenset[str]) -> Target:
    """The URL's parts; 422 `webhook/url_invalid` when it is not an absolute `https` URL (or
    `http` to an allowed host) without credentials."""
    if len(url) > MAX_URL_LENGTH or any(c.isspace() or ord(c) < 32 for c in url):
        raise refused("webhook/url_invalid", "the webhook URL is too long or has blanks")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise refused("webhook/url_invalid", "the webhook URL cannot be parsed") from None
    host = (parts.hostname or "").lower()
    scheme = parts.scheme.lower()
    if not host or scheme not in {"https", "http"} or parts.username or parts.password:
        raise refused(
            "webhook/url_invalid", "a webhook URL is `https://host/path`, with no credentials"
        )
    if scheme == "http" and host not in allow:
        raise refused(
            "webhook/url_invalid",
            "plain http is only for hosts in ESCOPA_WEBHOOK_ALLOW; '{host}' needs https",
            host=host,
        )
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(url, scheme, host, port or (443 if scheme == "https" else 80), path)


def address_fault(address: Address) -> str | None:
    """Why a webhook may not reach `address` (None: it may)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address_fault(address.ipv4_mapped)
    if address in METADATA:
        return "a cloud metadata address"
    if any(address in network for network in TUNNELS):
        return "a 6to4 address"
    if isinstance(address, ipaddress.IPv6Address) and address.is_site_local:
        return "a site-local address"  # fec0::/10: deprecated, still routed inside some sites
    for name in ("loopback", "link_local", "multicast", "private", "reserved", "unspecified"):
        if getattr(address, f"is_{name}"):
            return f"a {name.replace('_', '-')} address"
    if not address.is_global:
        return "not a global address"
    return None


async def resolve(target: Target, allow: frozenset[str]) -> list[Address]:
    """Every address the target's host resolves to, each checked; 422 `webhook/unresolvable`
    when there is none, `webhook/address_refused` when any is refused."""
    try:
        found = [ipaddress.ip_address(target.host)]
    except ValueError:
        found = await _lookup(target)
    if target.host in allow:
        return found
    for address in found:
        if str(address) in allow:
            continue
        fault = address_fault(address)
        if fault is not None:
            raise refused(
                "webhook/address_refused",
                "'{host}' resolves to {address}, {fault}: webhooks reach public addresses only "
                "(or hosts in ESCOPA_WEBHOOK_ALLOW)",
                host=target.host,
                address=address,
                fault=fault,
            )
    return found


async def _lookup(target: Target) -> list[Address]:
    loop = asyncio.get_running_loop()
    lookup = loop.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    try:
        infos = await asyncio.wait_for(lookup, LOOKUP_SECONDS)
    except (OSError, UnicodeError, TimeoutError):
        infos = []
    found: list[Address] = []
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if address not in found:
            found.append(address)
    if not found:
        raise refused(
            "webhook/unresolvable", "the webhook host '{host}' does not resolve", host=target.host
        )
    return found


async def checked(url: str, allow: frozenset[str]) -> tuple[Target, list[Address]]:
    """The URL and its checked addresses, or the problem that refuses it."""
    target = parse_target(url, allow)
    return target, await resolve(target, allow)
