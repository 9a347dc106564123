"""Security: API keys, rate limits, bounded and closed request bodies, no internals in errors,
and no one where they don't belong (other games' tokens, other seats' cards, the live seed).

Complements test_views.py and test_log.py (a seat's own view and log at the start of a game)
with whole games checked at every step, and the routes those leave out.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
import redis
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis as AsyncRedis

import engine
from service import settings as settings_module
from service.app import create_app
from service.core.rate_limits import RateCounts, RateLimiter
from service.settings import KeySettings, LimitSettings, Rate, RedisSettings, Settings, secret_hash
from service.store import redis_keys
from service.store.multiplex import Multiplexed
from service.store.redis_gateway import RedisGateway
from tests.harness.api import (
    Client,
    Game,
    Json,
    assert_problem,
    card_leaves,
    chosen_seed,
    create_game,
    make_rules,
    ok,
    serve_apps,
)
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS

ROOT = Path(__file__).resolve().parents[3]
KEY, OTHER_KEY = "k-0123456789abcdef-alpha", "k-fedcba9876543210-beta"
CREATING = {
    "/v1/games": {"players": ["Ana", "Bia"]},
    "/v1/commitments": None,
    "/v1/replays": {"players": ["Ana", "Bia"], "seed": "s", "moves": []},
}


@asynccontextmanager
async def app_client(redis_url: str, **groups: Any) -> AsyncIterator[Client]:
    app = create_app(app_settings(redis_url, **groups))
    async with AsyncTestClient(app=app) as test_client:
        yield test_client


@pytest.fixture
async def keyed(redis_url: str) -> AsyncIterator[Client]:
    """An app that needs one of two API keys to create games, commitments and replays."""
    hashes = (secret_hash(KEY), secret_hash(OTHER_KEY))
    keys = KeySettings(signing=SIGNING_KEYS, api_hashes=hashes)
    async with app_client(redis_url, keys=keys) as test_client:
        yield test_client


# --- API keys ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", list(CREATING))
async def test_with_api_keys_creating_needs_a_valid_key(keyed: Client, path: str) -> None:
    body = CREATING[path]

    missing = await keyed.post(path, json=body)
    wrong = await keyed.post(path, json=body, headers={"X-API-Key": "k-guess"})
    overlong = await keyed.post(path, json=body, headers={"X-API-Key": "k" * 5000})
    good = await keyed.post(path, json=body, headers={"X-API-Key": OTHER_KEY})

    assert_problem(missing, 401, "auth/api_key_required")
    assert_problem(wrong, 401, "auth/invalid_api_key")
    assert_problem(overlong, 401, "auth/invalid_api_key")
    assert good.status_code in (200, 201), good.text


async def test_with_api_keys_a_refused_creation_stores_nothing(
    keyed: Client, redis_url: str
) -> None:
    await keyed.post("/v1/games", json=CREATING["/v1/games"], headers={"X-API-Key": "nope"})

    store = redis.Redis.from_url(redis_url)
    assert [k for k in store.scan_iter() if not k.startswith(b"{rl:")] == []
    store.close()


async def test_with_api_keys_playing_and_reading_need_only_the_seat_token(keyed: Client) -> None:
    created = ok(
        await keyed.post("/v1/games", json={"players": ["Ana", "Bia"]}, headers={"X-API-Key": KEY}),
        201,
    )
    game = Game(keyed, created["game_id"], [p["token"] for p in created["players"]], created)

    view = await game.view()
    ok(await game.move(view["turn"], move=(await game.legal(view["turn"]))[0]["id"]))
    ok(await game.log_page())
    ok(await keyed.get("/v1/rules/presets"))


def test_the_settings_keep_only_hashes_of_the_api_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ESCOPA_API_KEYS", f" {KEY} ,, {OTHER_KEY}")

    settings = Settings.from_env()

    assert settings.keys.api_hashes == (secret_hash(KEY), secret_hash(OTHER_KEY))
    assert secret_hash(KEY) == hashlib.sha256(KEY.encode()).hexdigest()
    dumped = msgspec.json.encode(settings).decode() + repr(settings)
    assert KEY not in dumped and OTHER_KEY not in dumped


async def test_a_key_is_compared_with_every_stored_hash_in_constant_time(
    keyed: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[str, str]] = []
    real = settings_module.hmac.compare_digest

    def spy(a: str, b: str) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(settings_module.hmac, "compare_digest", spy)

    ok(await keyed.post("/v1/commitments", headers={"X-API-Key": KEY}), 201)

    # No early exit on the first match: every configured hash is compared.
    assert [b for _, b in compared] == [secret_hash(KEY), secret_hash(OTHER_KEY)]
    assert {a for a, _ in compared} == {secret_hash(KEY)}


def test_the_openapi_document_declares_the_api_key_where_it_applies() -> None:
    doc = json.loads((ROOT / "openapi" / "openapi.json").read_text())

    scheme = doc["components"]["securitySchemes"]["apiKey"]
    assert scheme == {**scheme, "type": "apiKey", "in": "header", "name": "X-API-Key"}
    keyed = {
        (path, method)
        for path, operations in doc["paths"].items()
        for method, operation in operations.items()
        if any("apiKey" in requirement for requirement in operation.get("security", []))
    }
    creating = {
        ("/v1/games", "post"),
        ("/v1/commitments", "post"),
        ("/v1/replays", "post"),
        ("/v1/tournaments", "post"),
    }
    own = {("/v1/webhook", "put"), ("/v1/webhook", "delete")}  # an API key's own webhook
    either = {  # a seat's (an entrant's) token or the key
        ("/v1/games/{game_id}/webhook-deliveries", "get"),
        ("/v1/tournaments/{tournament_id}/webhook-deliveries", "get"),
    }
    scoped = {  # the API key's players (one scope on a server without keys)
        ("/v1/players/{player_id}", "get"),
        ("/v1/players/{player_id}/games", "get"),
        ("/v1/leaderboards/{ladder}", "get"),
    }
    assert keyed == creating | own | either | scoped
    for path, method in own:
        assert doc["paths"][path][method]["security"] == [{"apiKey": []}]
    for path, method in either:
        assert doc["paths"][path][method]["security"] == [{"playerToken": []}, {"apiKey": []}]
    for path, method in creating | scoped:
        operation = doc["paths"][path][method]
        # Needed only when the server has keys, hence also `{}` (none) in the contract.
        assert operation["security"] == [{}, {"apiKey": []}]
        assert "401" in operation["responses"]


# --- rate limits ---------------------------------------------------------------------------


async def test_past_the_limit_a_client_gets_429_with_retry_after(redis_url: str) -> None:
    async with app_client(redis_url, limits=LimitSettings(requests=Rate(5, 60.0))) as client:
        answers = [await client.get("/v1/rules/presets") for _ in range(5)]
        refused = await client.get("/v1/rules/presets")
        also_refused = await client.post("/v1/games", json={"players": ["Ana", "Bia"]})

        assert [a.status_code for a in answers] == [200] * 5
        problem = assert_problem(refused, 429, "rate/limited")
        assert 1 <= int(refused.headers["retry-after"]) <= 120
        assert refused.headers["retry-after"] in problem["detail"]
        assert_problem(also_refused, 429, "rate/limited")
        # Probes, metrics and the schema are never limited.
        for path in ("/healthz", "/readyz", "/metrics", "/openapi.json"):
            assert (await client.get(path)).status_code == 200, path


async def test_the_limit_is_shared_by_every_api_process_through_redis(redis_url: str) -> None:
    async with (
        app_client(redis_url, limits=LimitSettings(requests=Rate(6, 60.0))) as first,
        app_client(redis_url, limits=LimitSettings(requests=Rate(6, 60.0))) as second,
    ):
        statuses = [
            (await (first if i % 2 else second).get("/v1/rules/presets")).status_code
            for i in range(6)
        ]

        assert statuses == [200] * 6
        assert_problem(await first.get("/v1/rules/presets"), 429, "rate/limited")
        assert_problem(await second.get("/v1/rules/presets"), 429, "rate/limited")


def from_address(base_url: str, address: str, key: str | None = None) -> httpx.AsyncClient:
    """A client whose requests come from `address` (any 127.x.y.z is loopback on Linux)."""
    headers = {"X-API-Key": key} if key else {}
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base_url, transport=transport, headers=headers)


async def test_limits_count_per_client_address_and_per_api_key(redis_url: str) -> None:
    settings = app_settings(
        redis_url,
        limits=LimitSettings(requests=Rate(4, 60.0)),
        keys=KeySettings(signing=SIGNING_KEYS, api_hashes=(secret_hash(KEY),)),
    )
    async with serve_apps(redis_url, 2, settings=settings) as servers:
        bases = [str(server.base_url) for server in servers]
        async with (
            from_address(bases[0], "127.0.0.2") as busy,
            from_address(bases[1], "127.0.0.3") as quiet,
            from_address(bases[0], "127.0.0.4", KEY) as keyed_a,
            from_address(bases[1], "127.0.0.5", KEY) as keyed_b,
            from_address(bases[1], "127.0.0.5") as unkeyed_b,
        ):
            assert [(await busy.get("/v1/rules/presets")).status_code for _ in range(5)] == [
                *[200] * 4,
                429,
            ]
            assert (await quiet.get("/v1/rules/presets")).status_code == 200

            # One key from two addresses: the key's own counter runs out first.
            assert [(await keyed_a.get("/v1/rules/presets")).status_code for _ in range(2)] == [
                200,
                200,
            ]
            assert [(await keyed_b.get("/v1/rules/presets")).status_code for _ in range(3)] == [
                200,
                200,
                429,
            ]
            # That address, without the key, is still under its own limit.
            assert (await unkeyed_b.get("/v1/rules/presets")).status_code == 200


async def test_a_rate_limit_of_0_switches_the_limits_off(redis_url: str) -> None:
    async with app_client(redis_url, limits=LimitSettings(requests=Rate(0, 60.0))) as client:
        for _ in range(30):
            ok(await client.get("/v1/rules/presets"))

    store = redis.Redis.from_url(redis_url)
    assert store.keys("{rl:*") == []
    store.close()


def test_the_rate_limit_setting_reads_requests_per_seconds() -> None:
    default = Settings().limits.requests

    def rate_limit(text: str | None) -> Rate:
        env = {} if text is None else {"ESCOPA_RATE_LIMIT": text}
        return Settings.from_env(env).limits.requests

    assert rate_limit("600/60") == (600, 60.0)
    assert rate_limit("100") == (100, default.window)
    assert rate_limit("0")[0] == 0
    assert rate_limit(None) == (default.limit, default.window)
    for bad in ("-1/60", "10/0", "ten/60"):
        with pytest.raises(ValueError):
            rate_limit(bad)


def test_the_default_limit_is_generous() -> None:
    requests = Settings().limits.requests

    assert requests.limit / requests.window >= 100  # requests per second and client


@pytest.mark.parametrize("multiplexed", [True, False])
async def test_counting_a_request_counts_each_client_in_redis_with_an_expiry(
    redis_url: str, multiplexed: bool
) -> None:
    client = AsyncRedis.from_url(redis_url)
    fast = Multiplexed(redis_url, 2.0) if multiplexed else None
    store = RedisGateway(client, fast=fast)
    clients = [("a", "1.2.3.4"), ("k", "ab12")]

    assert await RateLimiter(10, 60).hit(RateCounts(store), clients, 90.0) == 0
    assert await RateLimiter(1, 60).hit(RateCounts(store), clients, 90.0) > 0

    for kind, who in clients:
        key = redis_keys.rate(kind, who, 1)
        assert await client.get(key) == b"2"
        assert 60_000 < await client.pttl(key) <= 121_000
    await client.aclose()
    if fast is not None:
        await fast.aclose()


@pytest.mark.parametrize(
    ("current", "previous", "elapsed", "wait"),
    [
        (10, 0, 0.5, 0.0),  # exactly the limit, nothing before
        (5, 10, 0.5, 0.0),  # half of the previous window still counts: 5 + 5
        (6, 10, 0.5, 0.2 * 60),  # 5 + 6 > 10: 7 fit once 3/10 of the previous is left, at 0.7
        (11, 0, 0.5, 0.5 * 60 + (1 - 9 / 11) * 60),  # over on its own: into the next window
    ],
)
def test_the_sliding_window_weighs_the_previous_window_by_what_is_left_of_it(
    current: int, previous: int, elapsed: float, wait: float
) -> None:
    assert RateLimiter(10, 60).wait(current, previous, elapsed) == pytest.approx(wait)


# --- bodies, bounds, errors ----------------------------------------------------------------


async def test_a_body_over_the_limit_is_413_request_too_large(client: Client) -> None:
    names = ["A" * 40] * 2
    body = {"players": names, "seed": "x" * 200, "pad": "y" * (17 * 1024)}

    headers = {"Content-Type": "application/json"}
    response = await client.post("/v1/games", content=json.dumps(body), headers=headers)

    assert_problem(response, 413, "request/too_large")


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/games", {"players": ["Ana", "Bia"], "colour": "red"}),
        ("/v1/games", {"players": ["Ana", "Bia"], "rules": {"target": 5, "jokers": True}}),
        ("/v1/games", {"players": ["Ana", "Bia"], "rules": {"points": {"bonus": 1}}}),
        ("/v1/replays", {"players": ["Ana", "Bia"], "seed": "s", "moves": [], "extra": 1}),
        ("/v1/replays", {"players": ["A", "B"], "seed": "s", "moves": [{"seat": 0, "x": 1}]}),
    ],
)
async def test_an_unknown_field_anywhere_in_a_body_is_refused(
    client: Client, path: str, body: Json
) -> None:
    code = "rules/invalid" if "rules" in body else "request/invalid"  # an unknown option
    response = await client.post(path, json=body)
    assert_problem(response, 422 if "rules" in body else 400, code)


GAME_BODIES: dict[str, Json] = {
    "moves": {"expected_version": 1, "move": "deal", "why": "?"},
    "deal": {"expected_version": 1, "why": "?"},
    "signals": {"signal": "seven", "why": "?"},
}


@pytest.mark.parametrize("route", list(GAME_BODIES))
async def test_an_unknown_field_in_a_game_body_is_refused(client: Client, route: str) -> None:
    game = await create_game(client, players=4)
    seat = (await game.view())["turn"]

    response = await client.post(
        f"{game.url}/{route}", json=GAME_BODIES[route], headers=game.auth(seat)
    )

    assert_problem(response, 400, "request/invalid")
    assert "why" in response.json()["detail"]
    assert await game.version() == 1


def _bounded_pattern(pattern: str) -> bool:
    """An anchored pattern with no unbounded repetition matches strings of bounded length."""
    return pattern.startswith("^") and pattern.endswith("$") and not re.search(r"[+*]|,\}", pattern)


def unbounded(
    schema: Json, schemas: Json, where: str, seen: frozenset[str] = frozenset()
) -> Iterator[str]:
    """Every place in a request schema where a string or a list has no upper bound, or an
    object accepts unknown members."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        if name not in seen:
            target = schemas[name]
            if "properties" in target and target.get("additionalProperties") is not False:
                yield f"{name}: unknown members allowed"
            yield from unbounded(target, schemas, name, seen | {name})
        return
    bounded_here = "maxLength" in schema or "enum" in schema or "const" in schema
    bounded_here = bounded_here or _bounded_pattern(schema.get("pattern", ""))
    for keyword in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(keyword, []):
            inherited = {
                **branch,
                **{k: schema[k] for k in ("maxLength", "maxItems") if k in schema},
            }
            yield from unbounded(inherited, schemas, where, seen)
    kind = schema.get("type")
    if kind == "string" and not bounded_here:
        yield f"{where}: string without maxLength"
    if kind == "array":
        if "maxItems" not in schema:
            yield f"{where}: array without maxItems"
        yield from unbounded(schema.get("items", {}), schemas, f"{where}[]", seen)
    for name, member in schema.get("properties", {}).items():
        yield from unbounded(member, schemas, f"{where}.{name}", seen)


def test_every_string_and_list_a_request_can_carry_is_bounded_and_bodies_are_closed() -> None:
    doc = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    schemas = doc["components"]["schemas"]
    problems = []
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            for media in operation.get("requestBody", {}).get("content", {}).values():
                problems += unbounded(media["schema"], schemas, f"{method} {path} body")
            for parameter in operation.get("parameters", []):
                where = f"{method} {path} {parameter['in']} {parameter['name']}"
                problems += unbounded(parameter["schema"], schemas, where)

    assert problems == []


def test_every_request_struct_refuses_unknown_fields() -> None:
    from service.core.games import messages
    from service.ledger import overrides
    from service.ledger.replay import ReplayMove, ReplayRequest

    requests = [
        messages.CreateGame, messages.MoveRequest, messages.DealRequest, messages.SignalRequest,
        overrides.RulesOverride, overrides.PointsOverride, overrides.PrimeiraValues,
        ReplayRequest, ReplayMove,
    ]  # fmt: skip
    assert [r.__name__ for r in requests if not r.__struct_config__.forbid_unknown_fields] == []


SECRET = "s3cr3t-internal-detail"


def assert_generic_500(response: httpx.Response) -> None:
    problem = assert_problem(response, 500, "service/internal")
    assert problem["detail"] == "an internal error occurred"
    text = response.text
    for leak in (SECRET, "Traceback", ".py", "line ", "RuntimeError", "DecodeError", "redis"):
        assert leak not in text, f"{leak!r} in {text}"


async def test_an_internal_error_answers_a_generic_problem(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await create_game(client)

    async def broken(*args: object) -> object:
        raise RuntimeError(f"{SECRET} at /srv/escopa/service/games.py line 7")

    monkeypatch.setattr("service.core.games.reads.Reads.view", broken)

    assert_generic_500(await game.get())


async def test_corrupt_stored_data_answers_a_generic_problem(
    client: Client, redis_url: str
) -> None:
    game = await create_game(client)
    store = redis.Redis.from_url(redis_url)
    store.hset(f"{{g:{game.id}}}:game", "meta", b"\x92" + SECRET.encode())
    store.close()

    assert_generic_500(await game.get())
    assert_generic_500(await game.post_move(0, {"expected_version": 1, "move": "deal"}))


async def test_an_unreachable_redis_is_a_503_that_names_no_host(redis_url: str) -> None:
    nowhere = RedisSettings(url="redis://127.0.0.1:1/0", timeout=0.5)
    async with app_client(nowhere.url, redis=nowhere) as client:
        response = await client.get("/v1/games/0123456789abcdef01234567")

    problem = assert_problem(response, 503, "service/unavailable")
    assert "127.0.0.1" not in response.text and ":1/" not in response.text
    assert problem["detail"] == "the game store is unreachable; try again shortly"


# --- tokens and secrets --------------------------------------------------------------------


@pytest.mark.parametrize("route", ["log", "deal", "signals"])
async def test_a_token_of_one_game_is_refused_by_another_on_every_route(
    client: Client, route: str
) -> None:
    first = await create_game(client, players=4)
    second = await create_game(client, players=4, auto_deal=False)
    foreign = first.auth(0)
    url = f"{second.url}/{route}"

    if route == "log":
        response = await client.get(url, headers=foreign)
    else:
        body = {"signal": "seven"} if route == "signals" else {"expected_version": 1}
        response = await client.post(url, json=body, headers=foreign)

    assert_problem(response, 401, "auth/invalid_token")
    assert await second.version() == 1


async def test_a_seat_token_acts_only_as_its_own_seat(client: Client) -> None:
    game = await create_game(client, players=3)
    view = await game.view()
    turn = view["turn"]
    other = (turn + 1) % 3

    # Another seat's token lists that seat's moves (none now), never the seat to act's.
    assert (await game.legal(other)) == []
    # And cannot play the seat to act's move.
    move = (await game.legal(turn))[0]["id"]
    assert_problem(await game.move(other, move=move), 409, "move/not_your_turn")
    assert await game.version() == 1


def shown_by(entry: Json) -> set[str]:
    """The cards an entry shows, but for the first-dealer draw (a public shuffle of its own)."""
    events = [e for e in entry["events"] if e["type"] != "first_dealer"]
    return set(card_leaves({**entry, "events": events}))


def hidden_from(state: engine.State, reader: int | None) -> set[str]:
    """The cards `reader` may not know: the stock and every other seat's hand."""
    hidden = set(state.stock)
    for seat, hand in enumerate(state.hands):
        if seat != reader:
            hidden |= set(hand)
    return hidden


class Secrets:
    """What each reader may not know after each log entry, from the engine's own replay."""

    def __init__(self, state: engine.State, readers: list[int | None]) -> None:
        self.readers = readers
        self.after: dict[int, engine.State] = {}
        self.record(1, state)

    def record(self, seq: int, state: engine.State) -> None:
        self.after[seq] = state

    async def check(self, game: Game) -> None:
        """No view, log entry or legal move shows a reader a card hidden from it at that time;
        the seed stays hidden until the match is over."""
        now = self.after[max(self.after)]
        running = now.status != "finished"
        for reader in self.readers:
            view = await game.view(reader)
            shown = set(card_leaves(view))
            if reader is not None:
                shown |= set(card_leaves(await game.legal(reader)))
            if running:
                assert not shown & hidden_from(now, reader), f"reader {reader}: {view}"
            for entry in await game.log(reader):
                if running:
                    secret = hidden_from(self.after[entry["seq"]], reader)
                    leaked = shown_by(entry) & secret
                    assert not leaked, f"reader {reader} sees {sorted(leaked)} in {entry}"
            assert view["seed"] == (None if running else now.seed)


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_no_reader_ever_sees_a_hidden_card_or_the_seed_while_the_game_runs(
    client: Client, players: int
) -> None:
    # A match of one round: the checker compares what is shown with the state after each step,
    # and a new round deals the last round's public cards again.
    seed = chosen_seed(f"hidden-{players}")
    game = await create_game(client, players=players, seed=seed, target=2)
    state, _ = engine.start(make_rules(players, target=2), seed)
    secrets = Secrets(state, [None, *range(players)])

    step = 0
    while state.status != "finished":
        if step % 5 == 0:
            await secrets.check(game)
        seat = state.turn
        assert seat is not None
        moves = await game.legal(seat)
        move = moves[step % len(moves)]["id"]
        result = ok(await game.move(seat, move=move))
        state, _ = engine.apply(state, seat, engine.parse_move(move))
        secrets.record(result["version"], state)
        if state.status != "finished":  # the mover's answer: its own view and entry
            leaked = set(card_leaves(result)) & hidden_from(state, seat)
            assert not leaked, f"the mover {seat} is answered hidden {sorted(leaked)}"
        step += 1

    await secrets.check(game)
    assert (await game.view())["seed"] == seed
