"""`X-Forwarded-For` picks the client's rate-limit identity only when it comes from a trusted
proxy (`ESCOPA_FORWARDED_ALLOW_IPS`, default none), never by default from loopback."""

from __future__ import annotations

from pathlib import Path

import httpx

from service.cli.main import trusted_proxies
from tests.harness.processes import serve_processes

LIMITED = {"ESCOPA_RATE_LIMIT": "3/60", "ESCOPA_LOG_FORMAT": "text"}


def statuses(base: str, forwarded_for: list[str]) -> list[int]:
    with httpx.Client(base_url=base) as client:
        return [
            client.get("/v1/rules/presets", headers={"X-Forwarded-For": who}).status_code
            for who in forwarded_for
        ]


def test_by_default_a_local_client_cannot_choose_its_identity(
    redis_url: str, tmp_path: Path
) -> None:
    with serve_processes(redis_url, tmp_path, 1, **LIMITED) as (served,):
        answers = statuses(served.base, [f"203.0.113.{i}" for i in range(5)])

    assert answers == [200, 200, 200, 429, 429]


def test_a_listed_proxy_is_believed(redis_url: str, tmp_path: Path) -> None:
    env = {**LIMITED, "ESCOPA_FORWARDED_ALLOW_IPS": "127.0.0.1"}
    with serve_processes(redis_url, tmp_path, 1, **env) as (served,):
        answers = statuses(served.base, [f"203.0.113.{i}" for i in range(5)])
        same = statuses(served.base, ["198.51.100.7"] * 4)

    assert answers == [200] * 5
    assert same == [200, 200, 200, 429]


def test_the_forwarding_setting_lists_trusted_addresses_or_none() -> None:
    assert trusted_proxies("") is None
    assert trusted_proxies(" , ") is None
    assert trusted_proxies("10.0.0.1, 10.0.0.2") == "10.0.0.1,10.0.0.2"
