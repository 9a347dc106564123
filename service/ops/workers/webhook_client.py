"""One webhook delivery over HTTP: to an address checked against the SSRF rules, within a
bounded time, reading a bounded answer, never following a redirect."""

from __future__ import annotations

import asyncio
import ipaddress
import ssl
from dataclasses import dataclass
from typing import Final

import httpx

from service.core.webhooks.webhook_targets import Address, Target
from service.errors import ServiceError

MAX_ANSWER_BYTES: Final = 64 * 1024
"""How much of a receiver's answer is read (the rest is dropped with the connection)."""
USER_AGENT: Final = "escopa-webhooks/1"


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt got: the answer's status, or why there was none."""

    status: int | None
    error: str | None
    timed_out: bool = False
    """No answer came within the attempt's time."""

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def address_url(target: Target, address: Address) -> str:
    """The target's URL with its host replaced by the checked address."""
    host = f"[{address}]" if isinstance(address, ipaddress.IPv6Address) else str(address)
    return f"{target.scheme}://{host}:{target.port}{target.path}"


class WebhookClient:
    """The worker's HTTP client: made once (a TLS context costs about 0.1 s to make), keeping
    no connection open between deliveries, so none made for one host name (its certificate
    checked against that name) ever carries a delivery to another."""

    def __init__(self) -> None:
        self.client = httpx.AsyncClient(
            follow_redirects=False,
            trust_env=False,
            verify=ssl.create_default_context(),
            limits=httpx.Limits(max_keepalive_connections=0),
        )

    async def post(
        self,
        target: Target,
        address: Address,
        body: bytes,
        headers: dict[str, str],
        timeout: float,
    ) -> Attempt:
        """POST `body` to `address` as `target`'s host (its name in `Host` and, over https,
        in the TLS server name the certificate is checked against), within `timeout`."""
        default = 443 if target.scheme == "https" else 80
        host = target.host if target.port == default else f"{target.host}:{target.port}"
        sent = {
            **headers,
            "Host": host,
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
        }
        extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
        request = self.client.build_request(
            "POST",
            address_url(target, address),
            content=body,
            headers=sent,
            extensions=extensions,
            timeout=timeout,
        )
        try:
            return await asyncio.wait_for(self._send(request), timeout)
        except TimeoutError:
            return Attempt(None, f"no answer within {timeout:g} s", timed_out=True)

    async def _send(self, request: httpx.Request) -> Attempt:
        try:
            response = await self.client.send(request, stream=True)
            try:
                read = 0
                async for chunk in response.aiter_raw():
                    read += len(chunk)
                    if read >= MAX_ANSWER_BYTES:
                        break
            finally:
                await response.aclose()
        except httpx.HTTPError as error:
            timed_out = isinstance(error, httpx.TimeoutException)
            return Attempt(None, f"{type(error).__name__}: {str(error)[:200]}", timed_out)
        return Attempt(response.status_code, None)

    async def aclose(self) -> None:
        await self.client.aclose()


def refusal(error: ServiceError) -> Attempt:
    """An attempt the SSRF rules stopped before any connection."""
    return Attempt(None, f"{error.code}: {error.detail}")
