"""Partner signals: the partner sees them while the game runs, no one else can tell one was
sent (not in the log, the version, the view or its ETag), and the entry that ends the match
records them all, hash-chained and audited."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.core.games.journal import SIGNAL_TRIES
from service.ledger.audit import audit_entries
from service.ledger.chain import SentSignal
from service.ledger.log import iso, now_ms
from service.ledger.stored_game import Commit
from service.store.games_repository import GamesRepository
from tests.harness.api import Client, Game, Json, assert_chain, assert_problem, create_game, ok
from tests.harness.audits import rechain
from tests.harness.settings import app_settings


async def observed(game: Game, reader: int | None) -> tuple[Json, str, list[Json], int]:
    """All a reader can observe of a game: its view, the view's ETag, the log and the version."""
    response = await game.get(reader)
    return ok(response), response.headers["etag"], await game.log(reader), await game.version()


def match_end(entries: list[Json]) -> Json:
    (last,) = [e for e in entries if any(v["type"] == "match_ended" for v in e["events"])]
    return last


async def test_opponents_and_spectators_cannot_tell_that_a_signal_was_sent(
    client: Client,
) -> None:
    game = await create_game(client, players=4)
    before = {reader: await observed(game, reader) for reader in (None, 0, 2)}

    result = ok(await game.signal(1, "guindis"))

    assert result == {"version": 1, "to_seat": 3, "sent": 1}
    for reader in (None, 0, 2):
        assert await observed(game, reader) == before[reader], f"reader {reader} can tell"
    assert all(e["type"] != "signal" for e in await game.log(1))


async def test_the_partner_and_the_sender_see_the_signal_in_their_view(client: Client) -> None:
    game = await create_game(client, players=4)
    before = await game.get(3)

    ok(await game.signal(1, "guindis"))
    ok(await game.signal(3, "seven"))

    for seat in (1, 3):
        response = await game.get(seat)
        signals = ok(response)["signals"]
        assert [(s["seat"], s["signal"], s["after"]) for s in signals] == [
            (1, "guindis", 1),
            (3, "seven", 1),
        ]
        assert response.headers["etag"] != before.headers["etag"], "the partner's view changed"
    for reader in (None, 0, 2):
        assert (await game.view(reader))["signals"] == []


async def test_the_entry_that_ends_the_match_records_every_signal(client: Client) -> None:
    game = await create_game(client, players=4, target=1)
    ok(await game.signal(1, "guindis"))
    ok(await game.signal(2, "seven"))

    assert (await game.play_out())["status"] == "finished"

    for reader in (None, 0, 1, 2, 3):
        entries = await game.log(reader)
        assert_chain(entries)
        recorded = match_end(entries)["signals"]
        assert [(s["seat"], s["signal"]) for s in recorded] == [(1, "guindis"), (2, "seven")]
        assert all("signals" not in e for e in entries if e is not match_end(entries))
        assert len((await game.view(reader))["signals"]) == 2
    audit = ok(await client.get(f"{game.url}/audit"))
    assert audit["ok"] is True, audit


async def test_a_forged_signal_in_the_final_entry_is_caught_by_the_audit(client: Client) -> None:
    game = await create_game(client, players=4, target=1)
    ok(await game.signal(1, "guindis"))
    await game.play_out()
    export = ok(await client.get(f"{game.url}/export"))
    entries = export["entries"]
    last = match_end(entries)

    last["signals"][0]["seat"] = 0  # the signal moved to an opponent, the hash not redone
    failure = audit_entries(entries).failure
    assert failure is not None
    assert failure.kind == "chain"
    last["signals"][0]["after"] = last["seq"]  # re-hashed: past the chain, not the order check
    rechain(entries)
    failure = audit_entries(entries).failure
    assert failure is not None
    assert (failure.kind, failure.field) == ("signal", "signals")


@pytest.fixture
async def pair(redis_url: str) -> AsyncIterator[tuple[Client, Client]]:
    """Clients of two app instances (two caches) on the same Redis."""
    first = create_app(app_settings(redis_url))
    second = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=first) as a, AsyncTestClient(app=second) as b:
        yield a, b


async def test_a_signal_sent_through_another_process_is_recorded_at_the_end(
    pair: tuple[Client, Client],
) -> None:
    first, second = pair
    game = await create_game(first, players=4, target=1)
    await game.view(0)  # the first process has the game cached, without the signal to come

    ok(await game.on(second).signal(0, "seven"))
    assert (await game.play_out())["status"] == "finished"

    recorded = match_end(await game.log())["signals"]
    assert [(s["seat"], s["signal"]) for s in recorded] == [(0, "seven")]


async def test_a_signal_after_the_game_is_over_is_refused(client: Client) -> None:
    game = await create_game(client, players=4, target=1)
    version = (await game.play_out())["version"]

    assert_problem(await game.signal(0, "seven"), 409, "move/game_over")
    assert await game.version() == version
    assert "signals" not in match_end(await game.log())


async def test_signals_are_not_allowed_with_two_players(client: Client) -> None:
    game = await create_game(client, players=2)

    assert_problem(await game.signal(0, "guindis"), 409, "signal/not_allowed")
    assert await game.version() == 1


@pytest.mark.parametrize(
    ("preset", "rules"),
    [("escoba", {}), ("escopa", {"signals": False}), ("escopa", {"partnerships": False})],
    ids=["escoba", "signals-off", "no-partnerships"],
)
async def test_signals_are_not_allowed_unless_the_rules_give_partners_signals(
    client: Client, preset: str, rules: dict[str, object]
) -> None:
    game = await create_game(client, players=4, preset=preset, **rules)

    assert_problem(await game.signal(0, "seven"), 409, "signal/not_allowed")
    assert await game.version() == 1


async def test_a_signal_needs_a_seats_token(client: Client) -> None:
    game = await create_game(client, players=4)

    assert_problem(await game.signal(None, "seven"), 401, "auth/missing_token")


async def test_an_unknown_signal_is_a_bad_request(client: Client) -> None:
    game = await create_game(client, players=4)

    assert_problem(await game.signal(0, "ace of cups"), 400, "request/invalid")
    assert (await game.view(1))["signals"] == []


async def test_a_last_move_that_loses_every_try_to_a_new_signal_is_refused_and_not_acknowledged(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await create_game(client, players=4, target=1)
    store = client.app.state.house.repository
    committed = GamesRepository.commit
    kept: list[str] = []

    async def after_a_new_signal(self: GamesRepository, write: Commit) -> Any:
        recorded = write.signals  # the signals the entry records: only the one ending the match
        if recorded is not None:  # another seat keeps a signal just before each try
            expected = write.expected
            sent = SentSignal(
                seat=len(kept) % 4, signal="seven", after=expected, time=iso(now_ms())
            )
            kept.append(await store.signal(write.game_id, expected, recorded, sent))
        return await committed(self, write)

    monkeypatch.setattr(GamesRepository, "commit", after_a_new_signal)
    view = await game.view()
    while True:  # the first legal move each turn, to the move that ends the match
        seat = view["turn"]
        body = {"expected_version": view["version"], "move": (await game.legal(seat))[0]["id"]}
        answer = await game.post_move(seat, body)
        if answer.status_code != 200 or answer.json()["view"]["status"] == "finished":
            break
        view = answer.json()["view"]

    assert kept == ["kept"] * SIGNAL_TRIES, "every try lost to a signal stored just before it"
    problem = assert_problem(answer, 503, "game/busy")
    assert answer.headers["retry-after"] == "1"
    assert "receipt" not in problem
    assert await game.version() == view["version"], "nothing was stored"
    monkeypatch.undo()  # the signals stop: the same move, sent again, ends the match
    result = ok(await game.post_move(seat, body))
    assert result["view"]["status"] == "finished"
    assert result["receipt"]["seq"] == await game.version() == view["version"] + 1
    assert len(match_end(await game.log())["signals"]) == SIGNAL_TRIES


async def test_a_seat_sends_three_signals_a_hand_and_more_after_the_next_deal(
    client: Client,
) -> None:
    game = await create_game(client, players=4)
    for kind in ("guindis", "seven", "seven"):
        ok(await game.signal(1, kind))

    refused = assert_problem(await game.signal(1, "seven"), 409, "signal/limit_reached")

    assert "3 signals a hand" in refused["detail"] and "next deal" in refused["detail"]
    assert len((await game.view(3))["signals"]) == 3, "the refused signal is not kept"
    ok(await game.signal(3, "seven"))  # the bound is each seat's own
    view = await game.view()
    while (await game.view())["hand_number"] == view["hand_number"]:
        turn = (await game.view())["turn"]
        ok(await game.move(turn, move=(await game.legal(turn))[0]["id"]))
    ok(await game.signal(1, "guindis"))
    assert len((await game.view(3))["signals"]) == 5
