"""Shared helpers for the HTTP tests: create games, play and deal, read logs, check problems.

Everything goes through the real app over HTTP and a real Redis; the engine is used only to know
in advance what a seeded deal holds (the engine is deterministic) and to replay a finished log.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Final

import httpx
import msgspec
import uvicorn
from httpx import Response

import engine
from engine.captures import can_capture
from engine.cards import DECK, VALUE
from service.app import create_app
from service.ledger.seeds import seed_weakness
from service.settings import Settings
from tests.harness.settings import app_settings

Client = httpx.AsyncClient  # the litestar AsyncTestClient, or a real HTTP client
Json = dict[str, Any]

GENESIS: Final = "0" * 64
PROBLEM_JSON: Final = "application/problem+json"
NAMES: Final = ("Ana", "Bia", "Caio", "Duda")
CARDS: Final = frozenset(DECK)
DEFAULT_SEED: Final = "escopa-24"
"""The seed label of a test's game unless it says otherwise: seat 0 moves first with 2, 3 or 4
players in every preset, as many tests assume."""


# --- hashing and the log chain ---------------------------------------------------------------


def sha256_hex(data: str | bytes) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()


def canonical(value: object) -> bytes:
    """The canonical JSON docs/rules.md hashes, computed independently of the service's code."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def committed_to(game: Json) -> str:
    """The commitment a `created` entry's revealed seed makes: SHA-256 of `seed_salt:seed` when
    the creator chose the seed (it has a salt), else of the seed."""
    salt = game.get("seed_salt")
    return sha256_hex(game["seed"] if salt is None else f"{salt}:{game['seed']}")


def entry_hash(entry: Json) -> str:
    """The hash an entry should carry: SHA-256 of its canonical JSON without `hash`."""
    return sha256_hex(canonical({k: v for k, v in entry.items() if k != "hash"}))


def assert_linked(entries: list[Json]) -> None:
    """Seq runs 1, 2, 3, ... and every prev_hash is the previous entry's hash."""
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    assert entries[0]["prev_hash"] == GENESIS
    for before, after in pairwise(entries):
        assert after["prev_hash"] == before["hash"], f"chain broken at seq {after['seq']}"


def assert_chain(entries: list[Json]) -> None:
    """The full chain of an unredacted log: linked, and every hash recomputes."""
    assert_linked(entries)
    for entry in entries:
        assert entry["hash"] == entry_hash(entry), f"hash of seq {entry['seq']} does not verify"


def replay(entries: list[Json]) -> engine.State:
    """Replay a finished game's full log with the engine; every logged state_hash must match."""
    created = entries[0]
    rules = msgspec.convert(created["game"]["rules"], engine.Rules)
    state, _ = engine.start(rules, created["game"]["seed"])
    assert created["state_hash"] == engine.state_hash(state)
    for entry in entries[1:]:
        if entry["type"] == "signal":
            assert entry["state_hash"] is None
            continue
        state, _ = engine.apply(state, entry["seat"], engine.parse_move(entry["move"]))
        assert entry["state_hash"] == engine.state_hash(state), f"state of seq {entry['seq']}"
    return state


def assert_score_sheet(sheet: Json, points: Json, sides: int) -> None:
    """A finished match's sheet: per-round per-side breakdowns that add up to the totals."""
    assert sheet["status"] == "finished"
    rounds = sheet["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
    running = [0] * sides
    for result in rounds:
        assert [s["side"] for s in result["sides"]] == list(range(sides))
        cards = 0
        for side in result["sides"]:
            categories = side["categories"]
            assert set(categories) == {name for name, value in points.items() if value}
            assert side["total"] == sum(categories.values())  # strict validation: no penalty
            assert categories.get("escopa", 0) == side["escopas"] * points["escopa"]
            running[side["side"]] += side["total"]
            cards += side["cards"]
        assert cards + (len(result["last_cards"]) if result["last_capturer"] is None else 0) == 40
        assert sum(s["diamonds"] for s in result["sides"]) <= 10
        assert [s["seven_of_diamonds"] for s in result["sides"]].count(True) <= 1
        assert result["match_totals"] == running
    assert sheet["totals"] == rounds[-1]["match_totals"]
    outcome = sheet["outcome"]
    winner = outcome["winner"]
    assert outcome["totals"] == sheet["totals"]
    assert outcome["rounds"] == len(rounds)
    assert sheet["totals"][winner] >= sheet["target"]
    assert all(t < sheet["totals"][winner] for i, t in enumerate(sheet["totals"]) if i != winner)
    for earlier in rounds[:-1]:  # the match ends after the first round that decides it
        top = max(earlier["match_totals"])
        assert top < sheet["target"] or earlier["match_totals"].count(top) > 1


# --- problems --------------------------------------------------------------------------------


def assert_problem(response: Response, status: int, code: str) -> Json:
    """An RFC 9457 problem with the given status and stable code; returns its body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM_JSON)
    body: Json = response.json()
    for member in ("type", "title", "status", "detail", "code"):
        assert body.get(member), f"problem lacks `{member}`: {body}"
    assert body["status"] == status
    assert body["code"] == code, body
    assert body["type"].endswith(code)
    return body


def ok(response: Response, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


# --- the engine's view of a seeded game -------------------------------------------------------


def make_rules(players: int, preset: str = "escopa", **overrides: Any) -> engine.Rules:
    return engine.make_rules(preset, {"players": players, **overrides})


def chosen_seed(label: str) -> str:
    """A seed the service takes from a creator (`seeds.seed_weakness`), made from a test's short
    label and the same every run: the label, then 32 hex digits of its hash. A strong seed is
    kept as it is, so the helper may be applied twice."""
    if seed_weakness(label) is None:
        return label
    return f"{label}:{sha256_hex(label)[:32]}"


def engine_start(seed: str, players: int, preset: str = "escopa", **overrides: Any) -> engine.State:
    """The state a game created with this seed (a label, see `chosen_seed`) starts in."""
    state, _ = engine.start(make_rules(players, preset, **overrides), chosen_seed(seed))
    return state


def find_seed(
    wanted: Callable[[engine.State], bool],
    players: int = 2,
    preset: str = "escopa",
    prefix: str = "seed",
    **overrides: Any,
) -> tuple[str, engine.State]:
    """The first seed `prefix-0`, `prefix-1`, ... (as `chosen_seed` makes it) whose opening state
    satisfies `wanted`."""
    for i in range(2000):
        seed = chosen_seed(f"{prefix}-{i}")
        state = engine_start(seed, players, preset, **overrides)
        if wanted(state):
            return seed, state
    raise AssertionError("no seed found")  # pragma: no cover


def capturing_cards(state: engine.State) -> list[str]:
    """The cards of the seat to act that could capture on the table."""
    assert state.turn is not None
    return [c for c in state.hands[state.turn] if can_capture(state.table, VALUE[c])]


def card_leaves(value: object) -> Iterator[str]:
    """Every card code appearing anywhere in a JSON value (also inside move texts `5H+2S`)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from card_leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_leaves(item)
    elif isinstance(value, str):
        for part in value.replace(":", "+").split("+"):
            if part in CARDS:
                yield part


# --- games over HTTP -------------------------------------------------------------------------


@dataclass
class Game:
    """A game created through the API, with every seat's token."""

    client: Client
    id: str
    tokens: list[str]
    created: Json

    @property
    def url(self) -> str:
        return f"/v1/games/{self.id}"

    def on(self, client: Client) -> Game:
        """The same game, reached through another client (another process)."""
        return replace(self, client=client)

    def auth(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    async def get(self, seat: int | None = None, **headers: str) -> Response:
        return await self.client.get(self.url, headers={**self.auth(seat), **headers})

    async def view(self, seat: int | None = None) -> Json:
        return ok(await self.get(seat))

    async def version(self) -> int:
        version: int = (await self.view())["version"]
        return version

    async def legal(self, seat: int) -> list[Json]:
        body = ok(await self.client.get(f"{self.url}/legal-moves", headers=self.auth(seat)))
        moves: list[Json] = body["moves"]
        return moves

    async def post_move(self, seat: int | None, body: Json, key: str | None = None) -> Response:
        headers = self.auth(seat) | ({"Idempotency-Key": key} if key else {})
        return await self.client.post(f"{self.url}/moves", json=body, headers=headers)

    async def move(self, seat: int, key: str | None = None, **fields: Any) -> Response:
        """Post a move at the current version (unless `expected_version` is given)."""
        fields.setdefault("expected_version", await self.version())
        return await self.post_move(seat, fields, key)

    async def deal(self, seat: int, body: Json | None = None, key: str | None = None) -> Response:
        headers = self.auth(seat) | ({"Idempotency-Key": key} if key else {})
        return await self.client.post(f"{self.url}/deal", json=body, headers=headers)

    async def signal(self, seat: int | None, kind: str) -> Response:
        return await self.client.post(
            f"{self.url}/signals", json={"signal": kind}, headers=self.auth(seat)
        )

    async def log_page(
        self, seat: int | None = None, after: int | None = None, limit: int | None = None
    ) -> Response:
        params = {k: v for k, v in (("after", after), ("limit", limit)) if v is not None}
        return await self.client.get(f"{self.url}/log", params=params, headers=self.auth(seat))

    async def log(self, seat: int | None = None) -> list[Json]:
        """The whole log as `seat` sees it, page after page."""
        entries: list[Json] = []
        after = 0
        while True:
            page = ok(await self.log_page(seat, after=after, limit=200))
            entries += page["entries"]
            if page["next_after"] >= page["head"]:
                return entries
            after = page["next_after"]

    async def score(self) -> Json:
        return ok(await self.client.get(f"{self.url}/score"))

    async def snapshot(self) -> tuple[int, int]:
        """The version and the log length, to show that a refused request changed nothing."""
        return await self.version(), len(await self.log())

    async def play_out(self, rng: random.Random | None = None, max_steps: int = 3000) -> Json:
        """Play legal moves (the first, or `rng`'s choice) and deal until the match is over."""
        view = await self.view()
        version, status, turn = view["version"], view["status"], view["turn"]
        for _ in range(max_steps):
            if status == "finished":
                return await self.view()
            if status == "dealing":
                response = await self.deal(0, {"expected_version": version})
            else:
                moves = await self.legal(turn)
                chosen = moves[0] if rng is None else rng.choice(moves)
                body = {"expected_version": version, "move": chosen["id"]}
                response = await self.post_move(turn, body)
            result = ok(response)
            version = result["version"]
            status, turn = result["view"]["status"], result["view"]["turn"]
        raise AssertionError("the match did not end")  # pragma: no cover


async def create(client: Client, body: Json) -> Response:
    return await client.post("/v1/games", json=body)


async def create_game(
    client: Client,
    players: int = 2,
    preset: str = "escopa",
    seed: str | None = DEFAULT_SEED,
    **rules: Any,
) -> Game:
    """A game created over HTTP (seed label `DEFAULT_SEED` unless told otherwise, made a seed
    the service takes by `chosen_seed`; None: a server seed)."""
    body: Json = {"players": list(NAMES[:players]), "preset": preset}
    if seed is not None:
        body["seed"] = chosen_seed(seed)
    if rules:
        body["rules"] = rules
    created = ok(await create(client, body), 201)
    tokens = [p["token"] for p in created["players"]]
    return Game(client, created["game_id"], tokens, created)


@asynccontextmanager
async def serve_apps(
    redis_url: str, count: int, connections: int = 20, settings: Settings | None = None
) -> AsyncIterator[list[Client]]:
    """Clients of `count` app instances served by uvicorn on loopback, all on one Redis.

    Litestar's AsyncTestClient runs each request to completion in its own thread while the test's
    event loop waits, so requests sent through it never overlap; races need real servers.
    """
    served: list[tuple[uvicorn.Server, asyncio.Task[None]]] = []
    clients: list[Client] = []
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            listening = socket.socket()  # bound here and handed over: no other socket can
            sockets.append(listening)  # take the port between choosing and binding it
            listening.bind(("127.0.0.1", 0))
            port = listening.getsockname()[1]
            app = create_app(settings or app_settings(redis_url))
            # Idle connections outlive the clients' keep-alive, so a client never sends on one
            # the server is closing (the race answers "disconnected without a response").
            config = uvicorn.Config(
                app, host="127.0.0.1", port=port, log_level="warning", timeout_keep_alive=60
            )
            server = uvicorn.Server(config)
            served.append((server, asyncio.create_task(server.serve(sockets=[listening]))))
            limits = httpx.Limits(max_connections=connections, keepalive_expiry=30)
            clients.append(httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits))
        for server, task in served:
            while not server.started:
                assert not task.done(), "uvicorn did not start"
                await asyncio.sleep(0.01)
        yield clients
    finally:
        for client in clients:
            await client.aclose()
        for server, _ in served:
            server.should_exit = True
        await asyncio.gather(*(task for _, task in served))
        for listening in sockets:
            listening.close()  # uvicorn closes them too, but not when its startup failed
