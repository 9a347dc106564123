"""Creating a tournament refuses bad input with a precise problem (RFC 9457) and a stable code,
and needs an API key on a server with keys."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import KeySettings, secret_hash
from tests.harness.api import Client, assert_problem, ok
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS
from tests.harness.tournaments import entrants

KEY = "tournament-test-key-0123456789"
BASE: dict[str, Any] = {
    "name": "cup",
    "entrants": entrants(2, 2),
    "rounds": 2,
    "boards": 1,
    "pairing": "swiss",
}


@pytest.mark.parametrize(
    ("changes", "status", "code"),
    [
        ({"entrants": entrants(1, 0)}, 400, "request/invalid"),
        ({"entrants": entrants(2001, 0)}, 400, "request/invalid"),
        ({"rounds": 0}, 400, "request/invalid"),
        ({"rounds": 21}, 400, "request/invalid"),
        ({"boards": 0}, 400, "request/invalid"),
        ({"boards": 11}, 400, "request/invalid"),
        ({"pairing": "knockout"}, 400, "request/invalid"),
        (
            {"entrants": [{"name": "Ana", "bot": "grandmaster"}, {"name": "Bia"}]},
            400,
            "request/invalid",
        ),
        (
            {"entrants": [{"name": "Ana", "bot": "greedy", "player_id": "x"}, {"name": "Bia"}]},
            422,
            "tournament/invalid_entrant",
        ),
        ({"entrants": [{"name": "Ana"}, {"name": "Ana"}]}, 422, "name/lookalike"),
        ({"rounds": 4}, 422, "tournament/too_many_rounds"),
        ({"pairing": "round_robin", "rounds": 2}, 422, "tournament/round_robin_rounds"),
        ({"rules": {"boards": 3}}, 422, "tournament/boards_in_rules"),
        ({"rules": {"target": 0}}, 422, "rules/invalid"),
        ({"client_seed": "mine"}, 422, "request/client_seed_without_commitment"),
        ({"commitment_id": "0" * 24}, 404, "commitment/not_found"),
        ({"seed": "5a78a1f9b8caabc058d3107626fca099"}, 400, "request/invalid"),
    ],
)
async def test_bad_input_is_refused_with_a_stable_code(
    client: Client, changes: dict[str, Any], status: int, code: str
) -> None:
    response = await client.post("/v1/tournaments", json={**BASE, **changes})
    body = assert_problem(response, status, code)
    assert body["detail"]


async def test_a_round_robin_states_the_rounds_it_plays(client: Client) -> None:
    body = {**BASE, "entrants": entrants(3, 2), "pairing": "round_robin", "rounds": 4}
    problem = assert_problem(
        await client.post("/v1/tournaments", json=body), 422, "tournament/round_robin_rounds"
    )
    assert "exactly 5 rounds" in problem["detail"]
    body["rounds"] = 5
    ok(await client.post("/v1/tournaments", json=body), 201)


async def test_an_unknown_tournament_is_not_found(client: Client) -> None:
    assert_problem(await client.get("/v1/tournaments/nope"), 404, "tournament/not_found")
    assert_problem(await client.get("/v1/tournaments/nope/export"), 404, "tournament/not_found")


async def test_a_server_with_keys_creates_tournaments_only_with_one(redis_url: str) -> None:
    keys = KeySettings(signing=SIGNING_KEYS, api_hashes=(secret_hash(KEY),))
    app = create_app(app_settings(redis_url, keys=keys))
    async with AsyncTestClient(app=app) as client:
        refused = await client.post("/v1/tournaments", json=BASE)
        created = await client.post("/v1/tournaments", json=BASE, headers={"X-API-Key": KEY})
    assert refused.status_code == 401
    assert created.status_code == 201


async def test_a_commitment_fixes_the_tournament_seed_once(client: Client) -> None:
    made = ok(await client.post("/v1/commitments"), 201)
    body = {**BASE, "commitment_id": made["commitment_id"], "client_seed": "mine"}
    created = ok(await client.post("/v1/tournaments", json=body), 201)
    assert created["seed_commitment"] == made["seed_commitment"]
    assert_problem(await client.post("/v1/tournaments", json=body), 409, "commitment/used")
