"""A whole life through the API alone: found in the lobby, joined, played out, audited, and
played again from both seats."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from tests.harness.seats import whole_life

Client = AsyncTestClient  # type: ignore[type-arg]


async def test_from_the_lobby_through_a_whole_match_to_its_rematch(client: Client) -> None:
    await whole_life(client)
