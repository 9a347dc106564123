"""A legal move posted back to `/moves` exactly as `GET /legal-moves` listed it is accepted."""

from __future__ import annotations

import random

import msgspec
import pytest
from jsonschema import Draft202012Validator

from service.app import openapi_document
from service.core.games.messages import MoveRequest
from service.core.games.moves import move_from
from tests.harness.api import Client, Json, assert_problem, create_game, ok

APPLIES = {"play": {"card", "capture"}, "claim": {"claim"}, "deal": set()}
_COMPONENTS = openapi_document()["components"]
MOVE_SCHEMA = Draft202012Validator(
    {"$ref": "#/components/schemas/MoveRequest", "components": _COMPONENTS}
)
"""The published schema of a move body: a listed move posted as listed must satisfy it too."""


async def play_verbatim(client: Client, seed: str, **rules: object) -> tuple[set[str], int]:
    """Play a whole match posting a random listed move as listed; check every listed one
    decodes as the move its id names. The kinds played, and the moves checked."""
    game = await create_game(client, players=2, seed=seed, target=3, **rules)
    rng = random.Random(seed)
    played: set[str] = set()
    checked = 0
    view = await game.view()
    while view["status"] != "finished":
        seat = view["turn"] if view["turn"] is not None else 0
        listing = ok(await client.get(f"{game.url}/legal-moves", headers=game.auth(seat)))
        for listed in listing["moves"]:
            assert set(listed) == {"id", "kind"} | APPLIES[listed["kind"]], listed
            body = {**listed, "expected_version": 1}
            assert not list(MOVE_SCHEMA.iter_errors(body)), body
            request = msgspec.convert(body, MoveRequest, strict=True)
            assert str(move_from(request)) == listed["id"]
            checked += 1
        chosen: Json = rng.choice(listing["moves"])
        body = {**chosen, "expected_version": listing["version"]}
        result = ok(await game.post_move(seat, body))
        assert result["move"] == chosen["id"]
        played.add(chosen["kind"])
        view = result["view"]
    return played, checked


async def test_every_listed_move_of_whole_games_is_accepted_as_listed(client: Client) -> None:
    kinds: set[str] = set()
    checked = 0
    for i in range(4):
        played, count = await play_verbatim(client, f"verbatim-{i}", auto_deal=i % 2 == 0)
        kinds |= played
        checked += count
    assert kinds == {"play", "claim", "deal"}
    assert checked > 100


@pytest.mark.parametrize(
    "mismatch",
    [{"id": "AC"}, {"kind": "claim"}, {"id": "deal", "kind": "deal"}],
)
async def test_a_listed_move_whose_members_disagree_is_ambiguous(
    client: Client, mismatch: Json
) -> None:
    game = await create_game(client)
    seat = (await game.view())["turn"]
    listed = next(m for m in await game.legal(seat) if m["id"] != "AC")

    response = await game.post_move(seat, {**listed, **mismatch, "expected_version": 1})

    assert_problem(response, 422, "request/ambiguous_move")


async def test_a_listed_move_id_alone_goes_without_a_capture(client: Client) -> None:
    game = await create_game(client)
    seat = (await game.view())["turn"]
    listed = (await game.legal(seat))[0]
    body = {"id": listed["id"], "capture": ["AC"], "expected_version": 1}

    response = await game.post_move(seat, body)

    assert_problem(response, 422, "request/ambiguous_move")
    assert list(MOVE_SCHEMA.iter_errors(body))
