"""Bot seats through the HTTP API: the service plays them itself, as ordinary logged moves."""

from __future__ import annotations

import asyncio
import logging
import random

import msgspec
import pytest
import redis

import engine
from service.core.bots.bot_seats import BotSeats
from service.core.bots.worker_processes import Question, WorkerProcesses
from service.core.games.messages import CreateGame, MoveRequest, PlayerEntry, SignalRequest
from service.core.house import House
from service.ledger.overrides import RulesOverride
from service.ledger.signatures import KeyRing
from service.settings import BotSettings
from service.store import redis_keys
from service.store.redis_gateway import RedisGateway
from tests.harness.api import (
    Json,
    assert_chain,
    assert_problem,
    chosen_seed,
    ok,
    replay,
    serve_apps,
)
from tests.harness.bots import bot, seat_bots
from tests.harness.clocks import clock, clock_settings
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS


def moves_by(entries: list[Json], seats: set[int], kind: str = "move") -> list[Json]:
    return [e for e in entries if e["type"] == kind and e["seat"] in seats]


@pytest.mark.parametrize("preset", ["escopa", "escova"])
async def test_a_person_plays_an_expert_bot_to_the_end_of_the_match(
    redis_url: str, preset: str
) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        table = await seat_bots(client, ["Ana", bot("Rita", "expert")], preset=preset, target=1)
        final = await table.play_out(random.Random(1))
        assert final["status"] == "finished"
        entries = await table.game.log()
    assert_chain(entries)
    replay(entries)  # every logged state hash, the bot's moves' too, replays
    assert moves_by(entries, {1}), "the bot played moves of its own"


async def test_bots_of_every_level_fill_a_partnership_and_the_expert_signals_its_partner(
    redis_url: str,
) -> None:
    players = ["Ana", bot("Rita", "expert"), bot("Gil", "greedy"), bot("Teo", "expert")]
    async with serve_apps(redis_url, 1) as [client]:
        # partners-4: both experts are dealt a seven in the first hand
        table = await seat_bots(client, players, seed="partners-4", signals=True, target=1)
        seen: list[Json] = []
        rng = random.Random(2)
        while await table.step(rng):
            view = await table.game.view(0)
            if view["status"] != "finished":
                seen += view["signals"]  # what the person saw while the match ran
        entries = await table.game.log()
    signals = entries[-1].get("signals", [])  # the entry that ends the match records them all
    assert {s["seat"] for s in signals} == {1, 3}, "the expert bots signalled their partners"
    assert {e["seat"] for e in moves_by(entries, {1, 2, 3})} == {1, 2, 3}
    # the person saw no signal between the bots, whose partnership is the other side
    assert not seen
    assert all("signals" not in e for e in entries[:-1])
    replay(entries)


async def test_bots_deal_when_it_is_their_duty_and_never_capture_wrongly_in_honor_mode(
    redis_url: str,
) -> None:
    players = [bot("Rita", "expert"), "Ana", bot("Gil", "greedy")]
    async with serve_apps(redis_url, 1) as [client]:
        table = await seat_bots(
            client,
            players,
            preset="escoba",
            seed="honor",
            target=1,
            auto_deal=False,
            validation="honor",
            missed_capture="claimable",
        )
        final = await table.play_out(random.Random(3))
        entries = await table.game.log()
    assert final["status"] == "finished"
    assert moves_by(entries, {0, 2}, "deal"), "a bot dealt when the deal was its duty"
    replay(entries)
    bot_plays = [
        event
        for entry in moves_by(entries, {0, 2})
        for event in entry["events"]
        if event["type"] == "played" and event["seat"] in (0, 2)
    ]
    assert bot_plays and not any(event["wrong"] for event in bot_plays)


async def test_the_create_answer_gives_tokens_to_people_only_and_views_show_each_level(
    redis_url: str,
) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        body = {
            "players": [bot("Rita", "greedy"), "Ana", bot("Gil", "random")],
            "seed": chosen_seed("t"),
        }
        created = ok(await client.post("/v1/games", json=body), 201)
        assert [(p["seat"], p["name"]) for p in created["players"]] == [(1, "Ana")]
        shown = [(p["name"], p["bot"]) for p in created["view"]["players"]]
        assert shown == [("Rita", "greedy"), ("Ana", None), ("Gil", "random")]
        entries = ok(await client.get(f"/v1/games/{created['game_id']}/log"))["entries"]
        assert entries[0]["game"]["players"] == ["Rita", "Ana", "Gil"]


async def test_an_unknown_bot_level_is_a_problem_naming_the_field(redis_url: str) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        body = {"players": ["Ana", bot("Rita", "wizard")]}
        problem = assert_problem(await client.post("/v1/games", json=body), 400, "request/invalid")
        assert problem["field"] == "players[1].bot", problem
        extra = {"players": ["Ana", {"name": "Rita", "bot": "expert", "cheat": True}]}
        assert_problem(await client.post("/v1/games", json=extra), 400, "request/invalid")


async def test_bots_alone_at_a_table_are_refused(redis_url: str) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        body = {"players": [bot("Rita", "expert"), bot("Gil", "random")]}
        problem = assert_problem(await client.post("/v1/games", json=body), 422, "game/no_person")
        assert problem["field"] == "players"


async def test_a_bot_that_leads_plays_as_soon_as_the_game_is_created(redis_url: str) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        table = await seat_bots(client, ["Ana", bot("Rita", "greedy")], first_dealer=0)
        assert engine.current_seat(table.state) == 1
        await table.wait_past(1)
        await table.catch_up()
        assert engine.current_seat(table.state) == 0


async def test_a_due_bot_turn_waits_in_redis_for_any_worker_and_no_person_can_play_it(
    redis_url: str,
) -> None:
    off = app_settings(redis_url, bots=BotSettings(worker=False))
    async with serve_apps(redis_url, 1, settings=off) as [client]:
        table = await seat_bots(client, ["Ana", bot("Rita", "expert")], first_dealer=0)
        moves = engine.legal_moves(table.state, 1)
        body = {"expected_version": 1, "move": str(moves[0])}
        assert_problem(await table.game.post_move(0, body), 409, "move/not_your_turn")
        assert_problem(await table.game.post_move(None, body), 401, "auth/missing_token")
        queued = redis.Redis.from_url(redis_url)
        index = redis_keys.bot_turns(redis_keys.shard(table.game.id))
        assert queued.zscore(index, table.game.id) is not None
        assert (await table.game.view(0))["version"] == 1
    async with serve_apps(redis_url, 1) as [client]:  # another process, with a worker
        table.game = table.game.on(client)
        await table.wait_past(1)
    assert queued.zscore(index, table.game.id) is None, "the turn played left the index"
    queued.close()


async def test_a_persons_move_is_answered_before_the_bot_replies(redis_url: str) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        table = await seat_bots(client, ["Ana", bot("Rita", "expert")], first_dealer=1)
        assert engine.current_seat(table.state) == 0
        move = engine.legal_moves(table.state, 0)[0]
        body = {"expected_version": 1, "move": str(move)}
        answer = ok(await table.game.post_move(0, body))
        assert (answer["version"], answer["view"]["turn"]) == (2, 1)
        await table.wait_past(2)


def bot_seats(house: House, workers: WorkerProcesses) -> BotSeats:
    """The house's bot seats, thinking with `workers` and a budget of 100."""
    return BotSeats(house.access, house.journal, house.moves, house.signals, workers, 100)


async def test_a_bot_is_asked_only_what_its_seat_sees(redis_url: str) -> None:
    client = redis.asyncio.Redis.from_url(redis_url, protocol=3)
    settings = app_settings(redis_url)
    games = House(RedisGateway(client), settings, KeyRing.of(SIGNING_KEYS))
    players: list[str | PlayerEntry] = ["Ana", PlayerEntry(name="Rita", bot="expert"), "Bia"]
    created = await games.creation.create(
        CreateGame(players=players, seed=chosen_seed("fair"), preset="escoba")
    )
    game = await games.access.load(created.game_id)
    seats = bot_seats(games, WorkerProcesses(0))
    for seat in range(3):
        asked = await seats.question(created.game_id, game, seat, "expert")
        hidden = {c for s in range(3) if s != seat for c in game.state.hands[s]}
        hidden |= set(game.state.stock)
        text = msgspec.json.encode((asked.seen, asked.known)).decode()
        assert not [card for card in hidden if f'"{card}"' in text], seat
        assert asked.seen == engine.view(game.state, seat)
    await client.aclose()


async def test_a_seats_knowledge_holds_the_signals_its_view_shows_and_no_other(
    redis_url: str,
) -> None:
    client = redis.asyncio.Redis.from_url(redis_url, protocol=3)
    games = House(
        RedisGateway(client),
        app_settings(redis_url, bots=BotSettings(worker=False)),
        KeyRing.of(SIGNING_KEYS),
    )
    players: list[str | PlayerEntry] = [
        "Ana",
        PlayerEntry(name="Rita", bot="expert"),
        "Bia",
        PlayerEntry(name="Teo", bot="expert"),
    ]
    rules = RulesOverride(signals=True)
    created = await games.creation.create(
        CreateGame(players=players, seed=chosen_seed("heard"), rules=rules)
    )
    game_id = created.game_id
    seats = bot_seats(games, WorkerProcesses(0))
    before = await seats.knowledge(
        game_id, await games.access.load(game_id), 2
    )  # kept at this version
    assert before.signals == ()
    ana = created.players[0].token
    await games.signals.signal(game_id, ana, SignalRequest(signal="seven"))
    game = await games.access.load(game_id)
    assert game.version == 1, "a signal changes no version"
    partner = await seats.knowledge(game_id, game, 2)
    assert [(h.sender, h.signal) for h in partner.signals] == [(0, "seven")]
    for opponent in (1, 3):
        assert (await seats.knowledge(game_id, game, opponent)).signals == ()
    await client.aclose()


def missing_a_capture(state: engine.State, seat: int, rng: random.Random) -> engine.Move:
    """A person who discards a card that could have captured whenever one can: a claim left."""
    moves = engine.legal_moves(state, seat)
    capturing = {m.card for m in moves if isinstance(m, engine.Play) and m.capture}
    missed = [m for m in moves if isinstance(m, engine.Play) and not m.capture]
    return rng.choice([m for m in missed if m.card in capturing] or moves)


@pytest.mark.parametrize("level", ["greedy", "expert"])
async def test_a_bot_claims_the_capture_a_person_missed(redis_url: str, level: str) -> None:
    async with serve_apps(redis_url, 1) as [client]:
        table = await seat_bots(client, ["Ana", bot("Rita", level)], seed="missed", target=3)
        table.choose = missing_a_capture
        assert (await table.play_out(random.Random(5)))["status"] == "finished"
        entries = await table.game.log()
    claims = [e for e in moves_by(entries, {1}) if e["move"].startswith("claim:")]
    assert claims, "the bot claimed none of the captures the person left"
    replay(entries)


class SlowWorkerProcesses(WorkerProcesses):
    """Worker processes that decide (truly) only after `seconds`: the bot's clock runs out first."""

    def __init__(self, seconds: float) -> None:
        super().__init__(0)
        self.seconds = seconds

    async def decide(self, question: Question) -> engine.Move:
        await asyncio.sleep(self.seconds)
        return await super().decide(question)


async def test_a_bot_turn_that_times_out_while_it_thinks_is_dropped_with_a_plain_log_line(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    client = redis.asyncio.Redis.from_url(redis_url, protocol=3)
    settings = clock_settings(redis_url, bots=BotSettings(worker=False))
    games = House(RedisGateway(client), settings, KeyRing.of(SIGNING_KEYS))
    body = {
        "players": ["Ana", bot("Rita", "greedy")],
        "seed": chosen_seed("slow bot"),
        "rules": {"clock": clock("bot"), "first_dealer": 1},
    }
    created = await games.creation.create(msgspec.convert(body, CreateGame))
    game_id, token = created.game_id, created.players[0].token
    first = engine.legal_moves((await games.access.load(game_id)).state, 0)[0]
    await games.moves.play(game_id, token, MoveRequest(expected_version=1, move=str(first)), None)
    seats = bot_seats(games, SlowWorkerProcesses(1.5))
    with caplog.at_level(logging.INFO, logger="escopa"):
        assert await seats.take(game_id) is False
    assert (await games.access.load(game_id)).version == 3  # the stand-in's move
    said = [r for r in caplog.records if "timed out" in r.getMessage()]
    assert said and all(r.exc_info is None and r.levelno <= logging.WARNING for r in said)
    games.workers.close()
    await client.aclose()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
