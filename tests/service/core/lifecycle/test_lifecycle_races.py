"""Races through real servers: one seat for one racer, one deal however many joins race, a
resignation against a move, a rematch asked by both seats at once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from service.core.games.journal import SIGNAL_TRIES
from service.ledger.chain import SentSignal
from service.ledger.log import iso, now_ms
from service.ledger.stored_game import Commit
from service.store.games_repository import GamesRepository
from tests.harness.api import Client, Json, create_game, ok, serve_apps
from tests.harness.seats import OPEN, act, bearer, create_open, full_game, invites, join


async def test_of_two_racers_for_one_invite_exactly_one_gets_the_seat(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as (one, two):
        for _ in range(5):
            created = await create_open(one, ["Ana", OPEN, OPEN])
            code = invites(created)[1]
            answers = await asyncio.gather(
                join(one, created["game_id"], invite=code, name="Bia"),
                join(two, created["game_id"], invite=code, name="Caio"),
            )
            assert sorted(a.status_code for a in answers) == [200, 403]


async def test_racing_joins_deal_the_game_exactly_once(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as clients:
        for _ in range(4):
            created = await create_open(clients[0], ["Ana", OPEN, OPEN, OPEN])
            game_id = created["game_id"]
            racers = [
                join(clients[seat % 2], game_id, invite=code, name=f"P{seat}")
                for seat, code in invites(created).items()
            ]
            answers = await asyncio.gather(*racers)
            assert [a.status_code for a in answers] == [200, 200, 200]
            entries = ok(await clients[0].get(f"/v1/games/{game_id}/log"))["entries"]
            deals = [e for e in entries if any(ev["type"] == "dealt" for ev in e["events"])]
            assert len(deals) == 1 and deals[0] is entries[-1]
            assert [e["seq"] for e in entries] == [1, 2, 3, 4]


async def test_racing_lobby_joins_for_one_seat_give_it_to_one(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as (one, two):
        created = await create_open(one, ["Ana", OPEN, OPEN], lobby=True)
        answers = await asyncio.gather(
            join(one, created["game_id"], seat=1, name="Bia"),
            join(two, created["game_id"], seat=1, name="Caio"),
        )
        assert sorted(a.status_code for a in answers) == [200, 409]


async def first_move(client: Client, game_id: str, token: str) -> Json:
    listed = ok(await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token)))
    return {"move": listed["moves"][0]["id"], "expected_version": listed["version"]}


async def test_a_resignation_racing_a_move_leaves_a_game_that_audits(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as (one, two):
        for _ in range(4):
            game = await full_game(one)
            turn = (await game.view())["turn"]
            body = await first_move(two, game.id, game.tokens[turn])
            moved, resigned = await asyncio.gather(
                two.post(f"{game.url}/moves", json=body, headers=bearer(game.tokens[turn])),
                act(one, game.id, "resign", game.tokens[1 - turn]),
            )
            assert resigned.status_code == 200
            assert moved.status_code in (200, 409)
            types = [e["type"] for e in ok(await one.get(f"{game.url}/log"))["entries"]]
            assert types[-1] == "resigned" and types.count("move") == (moved.status_code == 200)
            assert ok(await one.get(f"{game.url}/audit"))["ok"] is True


async def test_a_rematch_asked_by_both_seats_at_once_is_one_game(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as (one, two):
        for _ in range(4):
            game = await full_game(one)
            ok(await act(one, game.id, "resign", game.tokens[0]))
            answers = await asyncio.gather(
                act(one, game.id, "rematch", game.tokens[0]),
                act(two, game.id, "rematch", game.tokens[1]),
            )
            new = {ok(a)["game_id"] for a in answers}
            assert len(new) == 1
            entries = ok(await one.get(f"{game.url}/log"))["entries"]
            assert [e["type"] for e in entries].count("rematch") == 1


async def test_a_signal_that_lands_between_a_resignations_read_and_write_is_recorded(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await create_game(client, players=4, seed="signals", auto_deal=False, target=3)
    view = await game.view()
    store = client.app.state.house.repository
    written = GamesRepository.commit
    landed: list[bool] = []

    async def with_a_signal_first(self: GamesRepository, write: Commit) -> Any:
        if not landed:  # another process keeps a signal just before this write
            sent = SentSignal(seat=0, signal="guindis", after=view["version"], time=iso(now_ms()))
            landed.append(await store.signal(game.id, view["version"], (), sent) == "kept")
        return await written(self, write)

    monkeypatch.setattr(GamesRepository, "commit", with_a_signal_first)
    ok(await act(client, game.id, "resign", game.tokens[1]))

    assert landed == [True]
    last = (await game.log())[-1]
    assert last["type"] == "resigned"
    assert [(s["seat"], s["signal"]) for s in last["signals"]] == [(0, "guindis")]
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_a_resignation_that_loses_every_try_to_a_new_signal_is_refused_and_not_stored(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await create_game(client, players=4, seed="signals", auto_deal=False, target=3)
    version = (await game.view())["version"]
    store = client.app.state.house.repository
    written = GamesRepository.commit
    kept: list[str] = []

    async def after_a_new_signal(self: GamesRepository, write: Commit) -> Any:
        recorded = write.signals  # the signals the resignation records, as it read them
        assert recorded is not None
        sent = SentSignal(seat=len(kept) % 4, signal="seven", after=version, time=iso(now_ms()))
        kept.append(await store.signal(game.id, version, recorded, sent))
        return await written(self, write)

    monkeypatch.setattr(GamesRepository, "commit", after_a_new_signal)
    answer = await act(client, game.id, "resign", game.tokens[1])

    assert kept == ["kept"] * SIGNAL_TRIES, "every try lost to a signal stored just before it"
    assert answer.status_code == 503, answer.text
    assert answer.json()["code"] == "game/busy"
    assert answer.headers["retry-after"] == "1"
    assert await game.version() == version, "nothing was stored"
