"""One webhook delivery over HTTP: to an address checked against the SSRF rules, within a
bounded time, reading a bounded answer, never following a redirect."""

from __future__ import annotations

import asyncio
import ipaddress
from dataclasses import dataclass
from typing import Final

import httpx

from service.core.webhook_targets import Address, Target
from service.errors import ServiceError

MAX_ANSWER_BYTES: Final = 64 * 1024
"""How much of a receiver's answer is read (the rest is dropped with the connection)."""
USER_AGENT: Final = "escopa-webhooks/1"


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt got: the answer's status, or why there was none."""

    status: int | None
    error: str | None

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def address_url(target: Target, address: Address) -> str:
    """The target's URL with its host replaced by the checked address."""
    host = f"[{address}]" if isinstance(address, ipaddress.IPv6Address) else str(address)
    return f"{target.scheme}://{host}:{target.port}{target.path}"


async def post(
    target: Target, address: Address, body: bytes, headers: dict[str, str], timeout: float
) -> Attempt:
    """POST `body` to `address` as `target`'s host (its name in `Host` and, over https, in the
    TLS server name the certificate is checked against)."""
    default = 443 if target.scheme == "https" else 80
    host = target.host if target.port == default else f"{target.host}:{target.port}"
    sent = {
        **headers,
        "Host": host,
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
    }
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    try:
        return await asyncio.wait_for(
            _send(address_url(target, address), body, sent, extensions, timeout), timeout
        )
    except TimeoutError:
        return Attempt(None, f"no answer within {timeout:g} s")


async def _send(
    url: str, body: bytes, headers: dict[str, str], extensions: dict[str, str], timeout: float
) -> Attempt:
    async with httpx.AsyncClient(
        follow_redirects=False, trust_env=False, timeout=timeout
    ) as client:
        try:
            request = client.build_request(
                "POST", url, content=body, headers=headers, extensions=extensions
            )
            response = await client.send(request, stream=True)
            try:
                read = 0
                async for chunk in response.aiter_raw():
                    read += len(chunk)
                    if read >= MAX_ANSWER_BYTES:
                        break
            finally:
                await response.aclose()
        except httpx.HTTPError as error:
            return Attempt(None, f"{type(error).__name__}: {str(error)[:200]}")
    return Attempt(response.status_code, None)


def refusal(error: ServiceError) -> Attempt:
    """An attempt the SSRF rules stopped before any connection."""
    return Attempt(None, f"{error.code}: {error.detail}")
