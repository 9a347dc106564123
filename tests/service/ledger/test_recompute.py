"""Ratings recomputed from the signed exports alone equal the service's to the last bit, and a
game the service rated otherwise is named."""

from __future__ import annotations

from typing import Any

import msgspec

from service.ledger.ratings import Rating
from service.ledger.recompute import Key, first_difference, recompute
from tests.harness.ratings import rated_game

PLAYERS = ("u-1", "u-2", "u-3")


async def service_ratings(client: Any) -> dict[Key, Rating]:
    found: dict[Key, Rating] = {}
    for player in PLAYERS:
        ladder = (await client.get(f"/v1/players/{player}")).json()["ratings"]["escopa-2p"]
        rating = Rating(ladder["mu"], ladder["sigma"], ladder["games"], ladder["wins"])
        found["-", "escopa-2p", player] = rating
    return found


async def test_a_recompute_from_the_exports_equals_the_services_ratings(client: Any) -> None:
    pairs = [("u-1", "u-2"), ("u-2", "u-3"), ("u-3", "u-1"), ("u-1", "u-3")]
    games = [await rated_game(client, a, b) for a, b in pairs]
    exports = [(await client.get(f"/v1/games/{g['game_id']}/export")).json() for g in games]
    done = recompute(exports)
    assert done.failed is None
    service = await service_ratings(client)
    rated_after = {}
    for game in games:
        view = (await client.get(f"/v1/games/{game['game_id']}")).json()
        changes = sorted(view["ratings"], key=lambda c: c["seat"])
        rated_after[game["game_id"]] = tuple(
            Rating(c["after"]["mu"], c["after"]["sigma"], c["after"]["games"], c["after"]["wins"])
            for c in changes
        )
    assert first_difference(done, service, rated_after) is None
    bent = dict(service)
    old = bent["-", "escopa-2p", "u-2"]
    bent["-", "escopa-2p", "u-2"] = msgspec.structs.replace(old, mu=old.mu + 1e-12)
    assert "u-2" in str(first_difference(done, bent, rated_after))
    out_of_order = recompute([exports[1], exports[0], *exports[2:]])
    assert games[1]["game_id"] in str(first_difference(out_of_order, service, rated_after))
