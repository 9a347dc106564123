"""Each timeout policy through the API, applied by the app's clock sweeper once the deadline
has passed, with the timeout entry in the log and the audit holding; a read applies none."""

from __future__ import annotations

import asyncio

from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.harness.api import Client, Game, Json, assert_problem, create, create_game, ok
from tests.harness.bots import bot
from tests.harness.clocks import applied, clock, clock_settings, ms, past, started
from tests.harness.seats import OPEN, act, create_open, invites, join


async def test_a_forfeit_on_timeout_loses_the_match_and_the_game_audits(client: Client) -> None:
    game, view = await started(client, "forfeit")
    seat = view["turn"]
    after = await applied(game, view)
    outcome = after["outcome"]
    assert after["status"] == "finished"
    assert outcome["result"] == "timeout" and outcome["timed_out"] == [seat]
    assert outcome["winner"] == 1 - seat
    last = (await game.log())[-1]
    assert last["type"] == "timeout" and last["move"] == "forfeit" and last["seat"] == seat
    assert last["deadline"] == view["deadline"] and ms(last["time"]) >= ms(last["deadline"])
    report = ok(await client.get(f"{game.url}/audit"))
    assert report["ok"] is True and report["outcome"]["result"] == "timeout"


async def test_first_move_plays_the_first_legal_move_for_the_seat(client: Client) -> None:
    game, view = await started(client, "first_move")
    seat = view["turn"]
    first = (await game.legal(seat))[0]["id"]
    after = await applied(game, view)
    last = (await game.log())[-1]
    assert last["type"] == "timeout" and last["move"] == first and last["seat"] == seat
    assert after["version"] == view["version"] + 1 and after["turn"] != seat
    ok(await act(client, game.id, "resign", game.tokens[seat]))
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_the_bot_plays_a_legal_move_for_a_seat_that_ran_out(client: Client) -> None:
    game, view = await started(client, "bot")
    seat = view["turn"]
    legal = {move["id"] for move in await game.legal(seat)}
    await applied(game, view)
    last = (await game.log(seat))[-1]
    assert last["type"] == "timeout" and last["move"] in legal
    assert (await game.view(seat))["timeouts"][seat] == 1
    ok(await act(client, game.id, "resign", game.tokens[0]))
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_after_n_timeouts_in_a_row_the_seat_is_a_zombie_until_its_person_plays(
    client: Client,
) -> None:
    # A zombie's 3 s leave room for the person's move on a busy machine (1 s did not).
    game, view = await started(client, "bot", turn=4, zombie_after=1, zombie_seconds=3)
    seat = view["turn"]
    other = await applied(game, view, 1 - seat)
    assert other["turn"] == 1 - seat and other["timeouts"][seat] == 1
    moved = ok(await game.move(1 - seat, move=(await game.legal(1 - seat))[0]["id"]))["view"]
    assert moved["turn"] == seat
    mine = ok(await game.move(seat, move=(await game.legal(seat))[0]["id"]))["view"]
    *_, other_move, my_move = await game.log()
    assert ms(moved["deadline"]) - ms(other_move["time"]) == 3000
    assert mine["timeouts"][seat] == 0
    assert ms(mine["deadline"]) - ms(my_move["time"]) == 4000


async def test_the_view_shows_the_deadline_the_time_left_and_every_bank(client: Client) -> None:
    game, view = await started(client, "forfeit", turn=2, bank=3)
    assert view["banks_ms"] == [3000, 3000] and view["timeouts"] == [0, 0]
    assert 0 < view["ms_left"] <= 5000
    assert ms(view["deadline"]) == ms((await game.log())[-1]["time"]) + 5000
    spectator = await game.view()
    assert spectator["deadline"] == view["deadline"]


async def test_time_past_the_turn_is_drawn_from_the_bank(client: Client) -> None:
    game, view = await started(client, "forfeit", turn=1, bank=2)
    seat = view["turn"]
    await past(view["deadline"], extra=-1.5)  # 0.5 s into the bank
    moved = ok(await game.move(seat, move=(await game.legal(seat))[0]["id"]))["view"]
    *_, turn_began, move = await game.log()
    over = ms(move["time"]) - ms(turn_began["time"]) - 1000  # the service's own reckoning
    assert 0 < moved["banks_ms"][seat] == 2000 - over <= 1600
    assert moved["banks_ms"][1 - seat] == 2000


async def test_a_move_sent_after_the_deadline_finds_the_timeout_applied_first(
    client: Client,
) -> None:
    game, view = await started(client, "first_move")
    seat = view["turn"]
    move = (await game.legal(seat))[0]["id"]
    await past(view["deadline"])
    late = await game.post_move(seat, {"move": move, "expected_version": view["version"]})
    problem = assert_problem(late, 409, "move/timed_out")
    assert view["deadline"] in problem["detail"]
    log = await game.log()
    assert [e["type"] for e in log[-2:]] == ["move", "timeout"]


async def test_a_game_whose_first_move_never_comes_is_aborted(client: Client) -> None:
    game = await create_game(client, clock=clock("bot"))
    view = await game.view()
    assert view["deadline"] is not None and view["banks_ms"] == [0, 0]
    after = await applied(game, view)
    assert after["status"] == "finished" and after["outcome"]["result"] == "aborted"
    last = (await game.log())[-1]
    assert last["type"] == "timeout" and last["move"] == "abort"
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_a_game_without_a_clock_shows_no_deadline(client: Client) -> None:
    view = await (await create_game(client)).view()
    assert "deadline" not in view and "banks_ms" not in view


async def test_the_join_that_deals_a_clocked_game_shows_its_first_move_deadline(
    client: Client,
) -> None:
    created = await create_open(client, ["Ana", OPEN], rules={"clock": clock("forfeit")})
    joined = ok(await join(client, created["game_id"], invite=invites(created)[1], name="Bia"))
    assert joined["view"]["status"] == "playing" and joined["view"]["deadline"] is not None
    assert joined["view"]["banks_ms"] == [0, 0]


async def test_a_game_whose_person_never_moves_is_aborted_though_a_bot_moved_first(
    client: Client,
) -> None:
    rules = {"clock": clock("bot"), "first_dealer": 1}  # seat 0, the bot, acts first
    body = {"players": [bot("Robo", "random"), "Ana"], "preset": "escopa", "rules": rules}
    url = f"/v1/games/{ok(await create(client, body), 201)['game_id']}"
    view = await moved_by_the_bot(client, url)
    if view["status"] == "playing":  # else a loaded machine read it after the 2 s ran out
        assert view["turn"] == 1 and view["deadline"] is not None
        await applied(Game(client, url.rsplit("/", 1)[-1], [], {}), view)
    after = ok(await client.get(url))
    assert after["status"] == "finished" and after["outcome"]["result"] == "aborted"
    log = ok(await client.get(f"{url}/log"))["entries"]
    assert [(e["type"], e["seat"]) for e in log[1:]] == [("move", 0), ("timeout", 1)]
    assert log[0]["game"]["bots"] == [0] and log[-1]["move"] == "abort"
    assert ok(await client.get(f"{url}/audit"))["ok"] is True


async def moved_by_the_bot(client: Client, url: str) -> Json:
    """The game's view once its bot seat has made the first move (60 s bound a hang)."""
    for _ in range(600):
        view = ok(await client.get(url))
        if view["version"] >= 2:
            return view
        await asyncio.sleep(0.1)
    raise AssertionError("the bot made no first move in 60 s")


async def test_reads_past_a_deadline_apply_nothing_and_the_next_write_applies_it_first(
    redis_url: str,
) -> None:
    async with AsyncTestClient(app=create_app(clock_settings(redis_url))) as client:  # no sweeper
        game, view = await started(client, "first_move")
        seat = view["turn"]
        move = (await game.legal(seat))[0]["id"]
        await past(view["deadline"])
        for _ in range(3):
            seen = await game.view(seat)
            assert seen["version"] == view["version"] and seen["ms_left"] == 0
            assert [e["type"] for e in await game.log()][-1] != "timeout"
            ok(await client.get(f"{game.url}/score"))
            ok(await client.get(f"{game.url}/legal-moves", headers=game.auth(seat)))
        assert (await game.view())["version"] == view["version"], "no read wrote"
        late = await game.post_move(seat, {"move": move, "expected_version": view["version"]})
        assert_problem(late, 409, "move/timed_out")
        assert [e["type"] for e in await game.log()][-1] == "timeout"
