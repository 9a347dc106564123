"""The SSRF rules of webhooks: https only (http to allowed hosts), and never an address inside
the service's network (private, loopback, link-local, metadata...) unless allowed."""

from __future__ import annotations

import ipaddress

import pytest

from service.core.webhooks.webhook_targets import address_fault, checked, parse_target
from service.errors import ServiceError

NONE: frozenset[str] = frozenset()


@pytest.mark.parametrize(
    "address",
    [
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "127.0.0.1",
        "169.254.169.254",  # the cloud metadata service
        "100.100.100.200",  # another cloud's metadata service
        "0.0.0.0",
        "224.0.0.1",
        "240.0.0.1",
        "100.64.0.1",
        "::1",
        "fe80::1",
        "fd00:ec2::254",
        "::ffff:10.0.0.1",  # an IPv4-mapped private address
        "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
        "2002:808:808::1",  # 6to4 of a public address: still a relay to anywhere
        "fec0::1",  # site-local
    ],
)
def test_an_address_inside_a_network_is_refused(address: str) -> None:
    assert address_fault(ipaddress.ip_address(address)) is not None


@pytest.mark.parametrize("address", ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])
def test_a_public_address_is_accepted(address: str) -> None:
    assert address_fault(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/hook",
        "ftp://example.com/hook",
        "https://user:pass@example.com/hook",
        "https:///hook",
        "https://exa mple.com/",
        "https://example.com:99999/",
        "example.com/hook",
    ],
)
def test_a_url_that_is_not_plain_https_is_refused_with_a_stable_code(url: str) -> None:
    with pytest.raises(ServiceError) as refused:
        parse_target(url, NONE)
    assert (refused.value.code, refused.value.status) == ("webhook/url_invalid", 422)


def test_plain_http_is_accepted_for_an_allowed_host_only() -> None:
    target = parse_target("http://127.0.0.1:8080/in?x=1", frozenset({"127.0.0.1"}))
    assert (target.scheme, target.host, target.port, target.path) == (
        "http", "127.0.0.1", 8080, "/in?x=1",
    )  # fmt: skip
    with pytest.raises(ServiceError):
        parse_target("http://127.0.0.2/in", frozenset({"127.0.0.1"}))


@pytest.mark.parametrize(
    "url",
    [
        "https://10.0.0.7/hook",
        "https://169.254.169.254/latest",
        "https://[::1]/",
        "https://localhost/",
        "https://2130706433/",  # 127.0.0.1 as one number
        "https://0x7f.0.0.1/",  # and in hex
        "https://[::ffff:169.254.169.254]/",
    ],
)
async def test_a_host_that_is_or_resolves_to_an_inner_address_is_refused(url: str) -> None:
    with pytest.raises(ServiceError) as refused:
        await checked(url, NONE)
    assert (refused.value.code, refused.value.status) == ("webhook/address_refused", 422)


async def test_an_allowed_address_may_be_reached_though_it_is_loopback() -> None:
    target, addresses = await checked("https://localhost:8443/", frozenset({"localhost"}))
    assert target.host == "localhost"
    assert all(a.is_loopback for a in addresses)
    _, by_address = await checked("https://127.0.0.1/", frozenset({"127.0.0.1"}))
    assert [str(a) for a in by_address] == ["127.0.0.1"]


async def test_a_host_that_does_not_resolve_is_refused() -> None:
    with pytest.raises(ServiceError) as refused:
        await checked("https://no-such-host.invalid/hook", NONE)
    assert refused.value.code == "webhook/unresolvable"
