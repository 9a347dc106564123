"""POST /v1/replays: rules, seats, a seed and moves through the engine, without storage."""

from __future__ import annotations

import hashlib
import json
import random

import msgspec
import pytest
import redis
from litestar.testing import AsyncTestClient

import engine
from service.app import create_app
from service.ledger.replay import MAX_REPLAY_MOVES
from service.settings import LimitSettings, Rate, Settings
from tests.harness.api import NAMES, Client, Json, assert_problem, chosen_seed, create_game, ok
from tests.harness.audits import committed_game, export_bytes, finished_game, replay_body
from tests.harness.settings import app_settings


async def replay(client: Client, body: Json) -> Json:
    return ok(await client.post("/v1/replays", json=body))


def moves_of(log: list[Json]) -> list[Json]:
    return [e for e in log if e["type"] in ("move", "deal")]


@pytest.mark.parametrize(
    ("preset", "players", "rules"),
    [
        ("escopa", 2, {}),
        ("escopa", 4, {"auto_deal": False, "target": 5}),
        ("escoba", 3, {"capture": "mandatory", "target": 9}),
        ("escova", 2, {"validation": "honor", "first_dealer": 1, "target": 9}),
    ],
)
async def test_a_replay_of_a_game_played_through_the_api_reproduces_every_state_hash(
    client: Client, preset: str, players: int, rules: Json
) -> None:
    game = await finished_game(client, players, preset, seed=f"replay {preset}", **rules)
    log = await game.log()
    export = json.loads(await export_bytes(game))

    result = await replay(client, replay_body(export, include_events=True))

    played = moves_of(log)
    assert len(result["steps"]) == len(played)
    assert result["start_state_hash"] == log[0]["state_hash"]
    assert result["start_events"] == log[0]["events"]
    for index, (step, entry) in enumerate(zip(result["steps"], played, strict=True)):
        assert step["index"] == index
        assert (step["seat"], step["move"]) == (entry["seat"], entry["move"])
        assert step["state_hash"] == entry["state_hash"], f"seq {entry['seq']}"
        assert step["events"] == entry["events"]
    assert result["status"] == "finished"
    assert result["state_hash"] == log[-1]["state_hash"] or log[-1]["type"] == "signal"
    score = await game.score()
    assert result["score"] == {
        "rounds": score["rounds"],
        "totals": score["totals"],
        "outcome": score["outcome"],
    }
    assert result["rules"] == log[0]["game"]["rules"]
    assert result["players"] == list(NAMES[:players])
    assert result["view"]["status"] == "finished"
    assert result["view"]["seat"] is None
    assert result["state"] is None


async def test_a_committed_game_replays_from_the_server_seed_and_the_client_seed(
    client: Client,
) -> None:
    game, commitment = await committed_game(client, 2, "escova", client_seed="ação 7D")
    await game.play_out(random.Random(1))
    export = json.loads(await export_bytes(game))

    result = await replay(client, replay_body(export, include_state=True))

    assert result["seed_commitment"] == commitment["seed_commitment"]
    assert result["state_hash"] == export["entries"][-1]["state_hash"]
    assert result["state"]["seed"] == export["entries"][0]["game"]["seed"] + ":ação 7D"
    state = msgspec.convert(result["state"], engine.State)
    assert engine.state_hash(state) == result["state_hash"]


async def test_no_moves_replays_the_start_and_the_replay_hash_is_documented(
    client: Client,
) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": []}

    result = await replay(client, body)

    start, _ = engine.start(engine.make_rules("escopa", {"players": 2}), "escopa")
    digest = engine.state_hash(start)
    assert result["start_state_hash"] == result["state_hash"] == digest
    assert result["steps"] == []
    assert result["status"] == "playing"
    assert result["score"] == {"rounds": [], "totals": [0, 0], "outcome": None}
    start_hash = hashlib.sha256(f"escopa-replay-v1:{digest}".encode()).hexdigest()
    assert result["replay_hash"] == start_hash
    assert result["seed_commitment"] == hashlib.sha256(b"escopa").hexdigest()
    assert result["view"]["table"] == ["3S", "4C", "KD", "KC"]
    assert result["start_events"] is None


async def test_each_step_extends_the_replay_hash_as_documented(client: Client) -> None:
    moves = [{"seat": 0, "move": "3C"}, {"seat": 1, "move": "QH+3C+4C"}]
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": moves}

    result = await replay(client, body)

    chain = hashlib.sha256(f"escopa-replay-v1:{result['start_state_hash']}".encode()).hexdigest()
    for step in result["steps"]:
        text = f"{chain}:{step['seat']}:{step['move']}:{step['state_hash']}"
        chain = hashlib.sha256(text.encode()).hexdigest()
    assert result["replay_hash"] == chain
    assert [s["move"] for s in result["steps"]] == ["3C", "QH+3C+4C"]


async def test_moves_are_answered_in_their_canonical_text(client: Client) -> None:
    moves = [{"seat": 0, "move": "3C"}, {"seat": 1, "move": "QH+4C+3C"}]
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": moves}

    result = await replay(client, body)

    assert result["steps"][1]["move"] == "QH+3C+4C"


async def test_the_same_moves_replay_to_the_same_hashes_twice(client: Client) -> None:
    game = await finished_game(client, 3, "escoba", seed="twice", target=5)
    body = replay_body(json.loads(await export_bytes(game)))

    first, second = await replay(client, body), await replay(client, body)

    assert first == second


async def test_a_replay_stores_nothing(client: Client, redis_url: str) -> None:
    await replay(client, {"players": ["Ana", "Bia"], "seed": "x", "moves": []})

    store = redis.Redis.from_url(redis_url)
    assert [k for k in store.scan_iter() if not k.startswith(b"{rl:")] == []  # rate counters only
    store.close()


@pytest.mark.parametrize(
    ("moves", "index", "cause"),
    [
        ([{"seat": 0, "move": "3C"}, {"seat": 1, "move": "QH+3C"}], 1, "move/capture_not_15"),
        ([{"seat": 1, "move": "QH"}], 0, "move/not_your_turn"),
        ([{"seat": 0, "move": "3C"}, {"seat": 1, "move": "7D"}], 1, "move/card_not_in_hand"),
        ([{"seat": 0, "move": "3C"}, {"seat": 1, "move": "AC+2C"}], 1, "move/card_not_on_table"),
        ([{"seat": 3, "move": "3C"}], 0, "move/unknown_seat"),
        ([{"seat": 0, "move": "deal"}], 0, "move/nothing_to_deal"),
    ],
)
async def test_an_illegal_move_is_refused_naming_its_index_and_why(
    client: Client, moves: list[Json], index: int, cause: str
) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": moves}

    response = await client.post("/v1/replays", json=body)

    problem = assert_problem(response, 422, "replay/illegal_move")
    assert problem["index"] == index
    assert problem["field"] == f"moves[{index}]"
    assert problem["detail"].startswith(f"moves[{index}]: illegal move {moves[index]['move']!r}")
    assert cause in problem["detail"]


@pytest.mark.parametrize("text", ["9X", "5H+5H", "claim:5H", "5H++QD"])
async def test_a_malformed_move_is_refused_naming_its_index(client: Client, text: str) -> None:
    moves = [{"seat": 0, "move": "3C"}, {"seat": 1, "move": text}]
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": moves}

    response = await client.post("/v1/replays", json=body)

    problem = assert_problem(response, 422, "replay/invalid_move")
    assert problem["index"] == 1
    assert problem["detail"].startswith("moves[1]: invalid move")


async def test_a_move_after_the_match_is_over_is_refused(client: Client) -> None:
    game = await finished_game(client, 2, "escova", seed="over", target=3)
    body = replay_body(json.loads(await export_bytes(game)))
    body["moves"].append({"seat": 0, "move": "deal"})

    response = await client.post("/v1/replays", json=body)

    problem = assert_problem(response, 422, "replay/illegal_move")
    assert problem["index"] == len(body["moves"]) - 1
    assert "move/game_over" in problem["detail"]


async def test_more_moves_than_the_limit_are_refused(client: Client) -> None:
    moves = [{"seat": 0, "move": "3C"}] * (MAX_REPLAY_MOVES + 1)
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": moves}

    response = await client.post("/v1/replays", json=body)

    problem = assert_problem(response, 400, "request/invalid")
    assert "moves" in problem["detail"]
    assert str(MAX_REPLAY_MOVES) in problem["detail"]


async def test_a_body_over_the_size_limit_is_refused(client: Client) -> None:
    moves = [{"seat": 0, "move": "AC+2C+3C+4C+5C+" + "x" * 100}] * 2000
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": moves}

    response = await client.post("/v1/replays", json=body)

    assert_problem(response, 413, "request/too_large")


async def test_the_limit_of_moves_fits_in_the_body_limit(client: Client) -> None:
    game = await finished_game(client, 2, "escopa", seed="long", target=60)
    body = replay_body(json.loads(await export_bytes(game)))
    assert 400 < len(body["moves"]) <= MAX_REPLAY_MOVES
    assert len(json.dumps(body)) > Settings().http.max_body_bytes  # more than other routes accept

    result = await replay(client, body)

    assert result["status"] == "finished"


@pytest.mark.parametrize(
    ("rules", "status", "code", "field"),
    [
        ({"target": 0}, 422, "rules/invalid", "rules.target"),
        ({"first_dealer": 3}, 422, "rules/invalid", "rules.first_dealer"),
        ({"partnerships": True}, 422, "rules/invalid", "rules.partnerships"),
    ],
)
async def test_unplayable_rules_are_refused_naming_the_field(
    client: Client, rules: Json, status: int, code: str, field: str
) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "x", "rules": rules, "moves": []}

    response = await client.post("/v1/replays", json=body)

    assert assert_problem(response, status, code)["field"] == field


async def test_a_replay_of_an_unfinished_game_matches_its_log_so_far(client: Client) -> None:
    game = await create_game(client, players=2, seed="so far")
    for _ in range(9):
        turn = (await game.view())["turn"]
        ok(await game.move(turn, move=(await game.legal(turn))[-1]["id"]))
    log = await game.log()
    body = {
        "players": ["Ana", "Bia"],
        "seed": chosen_seed("so far"),
        "moves": [{"seat": e["seat"], "move": e["move"]} for e in moves_of(log)],
    }

    result = await replay(client, body)

    assert [s["state_hash"] for s in result["steps"]] == [e["state_hash"] for e in moves_of(log)]
    assert result["status"] == "playing"


async def test_replays_count_their_moves_against_a_limit_of_their_own(redis_url: str) -> None:
    settings = app_settings(redis_url, limits=LimitSettings(replays=Rate(1, 60.0)))
    async with AsyncTestClient(app=create_app(settings)) as client:
        game = await finished_game(client, 2, seed="costly")
        body = replay_body(json.loads(await export_bytes(game)))
        moves = len(body["moves"])
    settings = msgspec.structs.replace(
        settings, limits=LimitSettings(replays=Rate(2 * moves + 1, 60.0))
    )
    async with AsyncTestClient(app=create_app(settings)) as client:
        for _ in range(2):
            await replay(client, body)
        refused = await client.post("/v1/replays", json=body)
        limited = assert_problem(refused, 429, "rate/limited")
        assert "replayed moves" in limited["detail"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        ok(await client.get(f"/v1/games/{game.id}"))  # other requests are not limited


async def test_a_replay_refused_in_its_worker_process_answers_the_engine_problem(
    client: Client,
) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "refused", "moves": [{"seat": 1, "move": "ZZ"}]}
    problem = assert_problem(
        await client.post("/v1/replays", json=body), 422, "replay/invalid_move"
    )
    assert "ZZ" in problem["detail"]
