"""The move route's fast lane answers exactly as the declared handler does.

Each request goes to two app instances on one Redis: one with the fast lane (the default), one
with `fast_moves` off, where every move goes through the declared Litestar handler. Refused
requests change nothing, so both apps answer them on the same game; accepted moves are compared
on two games dealt from the same seed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import msgspec
import pytest
from litestar import Litestar, Request
from litestar.testing import AsyncTestClient

import service.app as app_module
from engine.cards import DECK
from service.app import create_app
from service.core.games.messages import MoveRequest
from service.http.fast_moves import CommonMove, common_move
from service.http.strict import strict_body
from service.settings import HttpSettings, LimitSettings, Rate
from tests.harness.api import Client, Game, Json, assert_problem, chosen_seed, create_game, ok
from tests.harness.settings import app_settings

LIMIT = 2048


@pytest.fixture
async def pair(redis_url: str) -> AsyncIterator[tuple[Client, Client]]:
    """Clients of an app with the fast lane and of one without, on the same Redis."""
    fast = create_app(app_settings(redis_url, http=HttpSettings(max_body_bytes=LIMIT)))
    plain = create_app(
        app_settings(redis_url, http=HttpSettings(max_body_bytes=LIMIT, fast_moves=False))
    )
    async with AsyncTestClient(app=fast) as a, AsyncTestClient(app=plain) as b:
        yield a, b


def same(first: httpx.Response, second: httpx.Response) -> None:
    """Same status, headers (but the request id) and body."""
    assert first.status_code == second.status_code, (first.text, second.text)
    assert headers_of(first) == headers_of(second)
    assert first.content == second.content


def headers_of(response: httpx.Response) -> list[tuple[str, str]]:
    return sorted((k, v) for k, v in response.headers.items() if k != "x-request-id")


async def both(
    pair: tuple[Client, Client], game: Game, content: bytes, headers: dict[str, str]
) -> httpx.Response:
    """Post the same raw request through both apps; they must answer alike."""
    fast, plain = pair
    url = f"{game.url}/moves"
    answers = [await client.post(url, content=content, headers=headers) for client in (fast, plain)]
    same(*answers)
    return answers[0]


async def a_move(game: Game) -> tuple[int, Json]:
    """The seat to play and the body of its first legal move at the current version."""
    view = await game.view()
    seat = view["turn"]
    moves = await game.legal(seat)
    return seat, {"expected_version": view["version"], "move": moves[0]["id"]}


def body(value: Any) -> bytes:
    return msgspec.json.encode(value)


JSON = {"Content-Type": "application/json"}


async def test_refused_moves_get_the_same_problem_from_the_fast_lane_and_the_handler(
    pair: tuple[Client, Client],
) -> None:
    game = await create_game(pair[0])
    seat, move = await a_move(game)
    auth = {**JSON, **game.auth(seat)}
    other = {**JSON, **game.auth(1 - seat)}
    stale = {**move, "expected_version": move["expected_version"] + 5}
    hand = (await game.view(seat))["hand"]
    elsewhere = next(card for card in DECK if card not in hand)
    cases: list[tuple[bytes, dict[str, str], int, str]] = [
        (body(stale), auth, 409, "game/version_conflict"),
        (body(move), other, 409, "move/not_your_turn"),
        (body({**move, "move": elsewhere}), auth, 422, "move/card_not_in_hand"),
        (body({**move, "card": elsewhere}), auth, 422, "request/ambiguous_move"),
        (body(move), JSON, 401, "auth/missing_token"),
        (body(move), {**JSON, "Authorization": "Basic abc"}, 401, "auth/malformed"),
        (body(move), {**JSON, "Authorization": "Bearer nope"}, 401, "auth/invalid_token"),
        (body({**move, "expected_version": str(move["expected_version"])}), auth, 400, ""),
        (body({**move, "extra": 1}), auth, 400, ""),
        (b"{not json", auth, 400, ""),
        (b"", auth, 400, ""),
        (body({**move, "move": "x" * LIMIT}), auth, 413, ""),
        (body(move), {**auth, "Idempotency-Key": "no spaces"}, 400, ""),
        (body(move), {**auth, "Idempotency-Key": "k" * 65}, 400, ""),
        (body(move), {**JSON, "Authorization": "Bearer " + "t" * 200}, 400, ""),
    ]
    before = await game.snapshot()
    for content, headers, status, code in cases:
        answer = await both(pair, game, content, headers)
        problem = assert_problem(answer, status, code or answer.json()["code"])
        assert problem["status"] == status
    assert await game.snapshot() == before


async def test_an_unknown_game_is_the_same_404_on_both_paths(
    pair: tuple[Client, Client],
) -> None:
    game = await create_game(pair[0])
    seat, move = await a_move(game)
    missing = Game(game.client, "f" * 24, game.tokens, game.created)
    answer = await both(pair, missing, body(move), {**JSON, **game.auth(seat)})
    assert_problem(answer, 404, "game/not_found")


def comparable(result: Json) -> Json:
    """A move's answer without what differs between two games of one seed: ids, times, salts
    (and so the salted seed commitments, and the signed receipt's game, hash and signature)."""
    differ = {"time", "hash", "prev_hash", "salt"}
    entry = {k: v for k, v in result["entry"].items() if k not in differ}
    view = {k: v for k, v in result["view"].items() if k not in {"game_id", "seed_commitment"}}
    receipt = {k: v for k, v in result["receipt"].items() if k in ("seq", "key_id")}
    return {**result, "entry": entry, "view": view, "receipt": receipt}


async def test_well_formed_moves_skip_the_declared_handler_and_the_rest_reach_it(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    handled: list[str] = []

    async def declared(request: Request[Any, Any, Any]) -> None:
        """The declared handler's `before_request` hook, counting the moves that reach it."""
        if request.url.path.endswith("/moves"):
            handled.append((request.app.state.house.settings.http.fast_moves and "fast") or "plain")
        await strict_body(request)

    monkeypatch.setattr(app_module, "strict_body", declared)
    for fast_moves in (True, False):
        app = create_app(app_settings(redis_url, http=HttpSettings(fast_moves=fast_moves)))
        async with AsyncTestClient(app=app) as client:
            game = await create_game(client)
            seat, move = await a_move(game)
            ok(await game.post_move(seat, move))  # well formed
            seat, move = await a_move(game)
            lax = {**move, "expected_version": str(move["expected_version"])}
            assert_problem(await game.post_move(seat, lax), 400, "request/invalid")
            integral = {**move, "expected_version": move["expected_version"] * 1.0}
            played = ok(await game.post_move(seat, integral))
            assert played["version"] == move["expected_version"] + 1
    # the lax body and the integral number (`2.0`, an integer in JSON Schema) reach the handler
    assert handled == ["fast", "fast", "plain", "plain", "plain"]


async def test_accepted_moves_give_the_same_answer_on_both_paths(
    pair: tuple[Client, Client],
) -> None:
    fast, plain = pair
    games = [await create_game(fast), await create_game(plain)]
    for step in range(12):
        answers = []
        for game, client in zip(games, pair, strict=True):
            seat, move = await a_move(game)
            answers.append(await game.on(client).post_move(seat, move, key=f"k{step}"))
        assert answers[0].status_code == answers[1].status_code == 200
        assert answers[0].headers["content-type"] == answers[1].headers["content-type"]
        assert comparable(answers[0].json()) == comparable(answers[1].json())


async def test_a_retry_through_the_other_path_gets_the_first_answer_byte_for_byte(
    pair: tuple[Client, Client],
) -> None:
    fast, plain = pair
    game = await create_game(fast)
    for first, second in ((fast, plain), (plain, fast)):
        seat, move = await a_move(game)
        key = f"retry-{move['expected_version']}"
        answer = await game.on(first).post_move(seat, move, key=key)
        retried = await game.on(second).post_move(seat, move, key=key)
        ok(answer)
        same(answer, retried)


async def test_an_integral_version_is_taken_by_both_lanes(pair: tuple[Client, Client]) -> None:
    game = await create_game(pair[0])
    for client in pair:
        seat, move = await a_move(game)
        version = move["expected_version"]
        move["expected_version"] = float(version)  # `2.0`: an integer in JSON Schema
        assert ok(await game.on(client).post_move(seat, move))["version"] == version + 1


async def test_the_fast_lane_is_rate_limited_like_every_route(redis_url: str) -> None:
    app = create_app(app_settings(redis_url, limits=LimitSettings(requests=Rate(3, 60.0))))
    async with AsyncTestClient(app=app) as client:
        game = await create_game(client)
        seat, move = await a_move(game)  # the create, a view and the legal moves: 3 requests
        answer = await game.post_move(seat, move)
        assert_problem(answer, 429, "rate/limited")
        assert int(answer.headers["retry-after"]) >= 1


def scope(headers: list[tuple[bytes, bytes]], game_id: str = "g1") -> dict[str, Any]:
    return {"path_params": {"game_id": game_id}, "headers": headers}


MOVE = b'{"expected_version": 3, "move": "AC"}'


def test_a_well_formed_move_takes_the_fast_lane() -> None:
    headers = [(b"content-type", b"application/json"), (b"authorization", b"Bearer t")]
    found = common_move(scope([*headers, (b"idempotency-key", b"a-1")]), MOVE)
    assert found == CommonMove("g1", MoveRequest(expected_version=3, move="AC"), "Bearer t", "a-1")
    assert common_move(scope([]), MOVE) is None, "no Content-Type: the handler answers 415"


@pytest.mark.parametrize(
    ("headers", "content", "game_id"),
    [
        ([(b"content-type", b"text/plain")], MOVE, "g1"),
        ([(b"authorization", b"Bearer a"), (b"Authorization", b"Bearer b")], MOVE, "g1"),
        ([(b"authorization", b"Bearer " + b"t" * 200)], MOVE, "g1"),
        ([(b"idempotency-key", b"k" * 65)], MOVE, "g1"),
        ([(b"idempotency-key", b"has space")], MOVE, "g1"),
        ([], b'{"expected_version": 3.0, "move": "AC"}', "g1"),
        ([], b'{"expected_version": "3", "move": "AC"}', "g1"),
        ([], b"[]", "g1"),
        ([], MOVE, "g" * 65),
    ],
)
def test_anything_unusual_goes_on_to_the_declared_handler(
    headers: list[tuple[bytes, bytes]], content: bytes, game_id: str
) -> None:
    assert common_move(scope(headers, game_id), content) is None


# --- the ASGI messages themselves: bodies in pieces, announced lengths ------------------------

Message = dict[str, Any]


@asynccontextmanager
async def running(app: Litestar) -> AsyncIterator[Litestar]:
    """The app with its lifespan run on the test's own event loop, for raw ASGI calls."""
    inbox: asyncio.Queue[Message] = asyncio.Queue()
    outbox: asyncio.Queue[Message] = asyncio.Queue()
    await inbox.put({"type": "lifespan.startup"})
    scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
    task = asyncio.create_task(app(scope, inbox.get, outbox.put))  # type: ignore[arg-type]
    started = await asyncio.wait_for(outbox.get(), 10)
    if started["type"] != "lifespan.startup.complete":
        task.cancel()
        raise AssertionError(f"the app did not start: {started}")
    try:
        yield app
    finally:
        await inbox.put({"type": "lifespan.shutdown"})
        await task


async def post(
    app: Litestar, path: str, pieces: list[bytes], headers: dict[str, str]
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """A POST whose body arrives in `pieces` (one ASGI message each): status, headers, body."""
    messages: list[Message] = [
        {"type": "http.request", "body": piece, "more_body": i < len(pieces) - 1}
        for i, piece in enumerate(pieces)
    ]
    sent: list[Message] = []

    async def receive() -> Message:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(3600)  # pragma: no cover - the app never reads past the body
        raise AssertionError

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "client": ("127.0.0.1", 1),
        "server": ("test", 80),
        "state": {},
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }
    await asyncio.wait_for(app(scope, receive, send), 10)  # type: ignore[arg-type]
    start = sent[0]
    kept = sorted((k, v) for k, v in start["headers"] if k != b"x-request-id")
    return start["status"], kept, b"".join(m.get("body", b"") for m in sent[1:])


async def test_bodies_in_pieces_and_announced_lengths_get_the_same_answers_on_both_paths(
    redis_url: str,
) -> None:
    fast = create_app(app_settings(redis_url, http=HttpSettings(max_body_bytes=LIMIT)))
    plain = create_app(
        app_settings(redis_url, http=HttpSettings(max_body_bytes=LIMIT, fast_moves=False))
    )
    async with running(fast), running(plain):
        as_json = {"content-type": "application/json"}
        created = await post(
            fast,
            "/v1/games",
            [b'{"players": ["Ana", "Bia"], "seed": "%s"}' % chosen_seed("p").encode()],
            as_json,
        )
        game = msgspec.json.decode(created[2])
        version, seat = game["version"], game["view"]["turn"]
        path = f"/v1/games/{game['game_id']}/moves"
        auth = {"authorization": f"Bearer {game['players'][seat]['token']}", **as_json}
        stale = body({"expected_version": version + 9, "move": "AC"})
        padded = b" " * LIMIT + stale
        cases: list[tuple[list[bytes], dict[str, str], int]] = [
            ([stale[:5], b"", stale[5:]], auth, 409),  # whole in three pieces
            ([b"{", b"x}"], auth, 400),  # bad JSON in pieces
            ([padded[:LIMIT], padded[LIMIT:]], auth, 413),  # too large, found while reading
            ([stale], {**auth, "content-length": str(LIMIT + 1)}, 413),  # too large, announced
            ([stale], {**auth, "content-length": "9" * 5000}, 400),  # no length Python can read
        ]
        for pieces, headers, status in cases:
            answers = [await post(app, path, pieces, headers) for app in (fast, plain)]
            assert answers[0] == answers[1]
            assert answers[0][0] == status, answers[0][2]
