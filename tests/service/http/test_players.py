"""Players known across games over HTTP: player ids on seats, rated games, a player's ratings
and games, a ladder's leaderboard, each API key's players apart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.ledger.audit import audit_export
from service.settings import KeySettings, RatingSettings, secret_hash
from tests.harness.api import Game
from tests.harness.clocks import applied, clock_settings
from tests.harness.ratings import named, play_first_moves, rated_game
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS, public_keys

MIN_GAMES = RatingSettings().min_games
KEYS = ("key-one-0123456789abcdef", "key-two-0123456789abcdef")
Client = AsyncTestClient  # type: ignore[type-arg]


@pytest.fixture
async def keyed(redis_url: str) -> AsyncIterator[Any]:
    """A client of an app with two API keys."""
    keys = KeySettings(signing=SIGNING_KEYS, api_hashes=tuple(secret_hash(k) for k in KEYS))
    async with AsyncTestClient(app=create_app(app_settings(redis_url, keys=keys))) as client:
        yield client


async def test_a_rated_game_moves_both_players_ratings_once(client: Any) -> None:
    await rated_game(client, "u-1", "u-2")
    winner = (await client.get("/v1/players/u-1")).json()["ratings"]["escopa-2p"]
    loser = (await client.get("/v1/players/u-2")).json()["ratings"]["escopa-2p"]
    assert winner["games"] == loser["games"] == 1
    assert (winner["wins"], loser["wins"]) == (1, 0)
    assert winner["mu"] > 25 > loser["mu"]
    assert winner["ordinal"] == pytest.approx(winner["mu"] - 3 * winner["sigma"])


async def test_a_players_games_list_the_newest_first_with_the_rating_change(client: Any) -> None:
    first = await rated_game(client, "u-1", "u-2")
    second = await rated_game(client, "u-1", "u-3")
    page = (await client.get("/v1/players/u-1/games", params={"limit": 1})).json()
    assert [g["game_id"] for g in page["games"]] == [second["game_id"]]
    assert page["games"][0]["outcome"] == "won" and page["games"][0]["rating_change"] > 0
    rest = await client.get("/v1/players/u-1/games", params={"after": page["next_after"]})
    assert [g["game_id"] for g in rest.json()["games"]] == [first["game_id"]]


async def test_the_leaderboard_ranks_by_ordinal_and_pages_from_a_cursor(client: Any) -> None:
    await rated_game(client, "u-1", "u-2")
    await rated_game(client, "u-1", "u-3")
    board = "/v1/leaderboards/escopa-2p"
    top = (await client.get(board, params={"limit": 2, "provisional": "true"})).json()
    assert top["entries"][0]["player_id"] == "u-1"
    assert [e["rank"] for e in top["entries"]] == [1, 2]
    assert top["entries"][0]["name"] == "Ana"
    rest = await client.get(board, params={"after": top["next_after"], "provisional": "true"})
    assert [e["rank"] for e in rest.json()["entries"]] == [3]
    around = await client.get(board, params={"around": "u-3", "limit": 1, "provisional": "true"})
    assert [e["player_id"] for e in around.json()["entries"]] == ["u-3"]


async def test_a_player_with_fewer_rated_games_than_the_minimum_is_listed_only_when_asked(
    client: Any,
) -> None:
    for _ in range(MIN_GAMES):
        await rated_game(client, "u-1", "u-2")
    await rated_game(client, "u-3", "u-1")
    listed = (await client.get("/v1/leaderboards/escopa-2p")).json()["entries"]
    assert [e["player_id"] for e in listed] == ["u-1", "u-2"]
    assert [e["games"] for e in listed] == [MIN_GAMES + 1, MIN_GAMES]
    every = await client.get("/v1/leaderboards/escopa-2p", params={"provisional": "true"})
    assert sorted(e["player_id"] for e in every.json()["entries"]) == ["u-1", "u-2", "u-3"]
    refused = await client.get("/v1/leaderboards/escopa-2p", params={"around": "u-3"})
    assert (refused.status_code, refused.json()["code"]) == (404, "player/not_listed")
    assert "provisional=true" in refused.json()["detail"]


async def test_a_rated_game_needs_an_id_on_every_person_seat(client: Any) -> None:
    body = {"players": [await named(client, "Ana", "u-1"), "Bia"], "rated": True}
    refused = await client.post("/v1/games", json=body)
    assert refused.status_code == 422
    assert refused.json()["code"] == "rating/player_id_required"
    assert refused.json()["index"] == 1


async def test_bot_seats_of_a_rated_game_are_rated_as_their_level(client: Any) -> None:
    body = {"players": [await named(client, "Ana", "u-1"), {"name": "Bot", "bot": "random"}],
            "rated": True}  # fmt: skip
    game = (await client.post("/v1/games", json=body)).json()
    token = game["players"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert (await client.post(f"/v1/games/{game['game_id']}/resign", headers=headers)).is_success
    bot = (await client.get("/v1/players/bot:random")).json()
    assert bot["ratings"]["escopa-2p"]["wins"] == 1


async def test_bad_player_ids_and_ladders_are_refused_precisely(client: Any) -> None:
    assert (await client.get("/v1/players/no%20spaces")).json()["code"] == "player/invalid_id"
    assert (await client.get("/v1/players/u-404")).status_code == 404
    assert (await client.get("/v1/leaderboards/chess-2p")).json()["code"] == "ladder/not_found"
    body = {"players": [{"name": "Ana", "player_id": "bot:greedy"}, "Bia"]}
    assert (await client.post("/v1/games", json=body)).json()["code"] == "player/reserved_id"


@pytest.mark.parametrize("seed", ["5a78a1f9b8caabc058d3107626fca099", "4930177".zfill(32)])
async def test_a_rated_game_is_never_dealt_from_a_chosen_seed(client: Any, seed: str) -> None:
    body = {"players": [await named(client, "Ana", "u-1"), await named(client, "Bia", "u-2")],
            "rated": True, "seed": seed}  # fmt: skip
    refused = await client.post("/v1/games", json=body)
    assert (refused.status_code, refused.json()["code"]) == (422, "rating/chosen_seed")
    assert refused.json()["field"] == "seed" and "every card" in refused.json()["detail"]
    commitment = (await client.post("/v1/commitments")).json()["commitment_id"]
    fair = {**body, "seed": None, "commitment_id": commitment, "client_seed": seed}
    assert (await client.post("/v1/games", json=fair)).status_code == 201


async def test_an_aborted_rated_game_moves_no_rating(client: Any) -> None:
    body = {"players": [await named(client, "Ana", "u-1"), await named(client, "Bia", "u-2")],
            "rated": True}  # fmt: skip
    game = (await client.post("/v1/games", json=body)).json()
    headers = {"Authorization": f"Bearer {game['players'][0]['token']}"}
    assert (await client.post(f"/v1/games/{game['game_id']}/abort", headers=headers)).is_success
    shown = (await client.get("/v1/players/u-1")).json()["ratings"]["escopa-2p"]
    assert (shown["games"], shown["mu"], shown["watched"]) == (0, 25.0, 1)
    games = (await client.get("/v1/players/u-1/games")).json()["games"]
    assert [(g["outcome"], g["rated"]) for g in games] == [("aborted", False)]


async def test_two_keys_players_of_the_same_id_never_mix(keyed: Any) -> None:
    one, two = KEYS
    await rated_game(keyed, "u-1", "u-2", one)
    await rated_game(keyed, "u-2", "u-1", two)
    await rated_game(keyed, "u-2", "u-1", two)
    mine = (await keyed.get("/v1/players/u-1", headers={"X-API-Key": one})).json()
    theirs = (await keyed.get("/v1/players/u-1", headers={"X-API-Key": two})).json()
    assert mine["ratings"]["escopa-2p"]["wins"] == 1
    assert (theirs["ratings"]["escopa-2p"]["games"], theirs["ratings"]["escopa-2p"]["wins"]) == (
        2,
        0,
    )
    board = await keyed.get(
        "/v1/leaderboards/escopa-2p", params={"provisional": "true"}, headers={"X-API-Key": two}
    )
    assert [e["player_id"] for e in board.json()["entries"]] == ["u-2", "u-1"]
    assert (await keyed.get("/v1/players/u-1")).status_code == 401


async def test_racing_endings_of_one_rated_game_rate_it_once(client: Any) -> None:
    body = {"players": [await named(client, "Ana", "u-1"), await named(client, "Bia", "u-2")],
            "rated": True}  # fmt: skip
    game = (await client.post("/v1/games", json=body)).json()
    ends = [
        client.post(
            f"/v1/games/{game['game_id']}/resign",
            headers={"Authorization": f"Bearer {seat['token']}"},
        )
        for seat in game["players"]
        for _ in range(3)
    ]
    answers = await asyncio.gather(*ends)
    assert {a.status_code for a in answers} <= {200, 409}
    ratings = [(await client.get(f"/v1/players/{p}")).json()["ratings"] for p in ("u-1", "u-2")]
    assert [r["escopa-2p"]["games"] for r in ratings] == [1, 1]
    assert sorted(r["escopa-2p"]["wins"] for r in ratings) == [0, 1]


def test_ratings_are_kept_as_exact_floats() -> None:
    from service.ledger.ratings import Rating

    rating = Rating(27.635389493140497, 8.06590141354368, 1, 1)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(rating), type=Rating) == rating


async def test_a_rated_games_view_says_each_seats_rating_before_and_after(client: Any) -> None:
    game = await rated_game(client, "u-1", "u-2")
    view = (await client.get(f"/v1/games/{game['game_id']}")).json()
    assert view["rated"] is True
    changes = {c["seat"]: c for c in view["ratings"]}
    assert changes[0]["before"]["mu"] == 25.0 and changes[0]["after"]["mu"] > 25.0
    assert changes[1]["after"]["games"] == 1
    assert "player_id" not in str(view)


async def test_a_rated_games_export_says_each_seats_rating_and_an_unrated_ones_none(
    client: Any,
) -> None:
    game = await rated_game(client, "u-1", "u-2")
    export = (await client.get(f"/v1/games/{game['game_id']}/export")).json()
    view = (await client.get(f"/v1/games/{game['game_id']}")).json()
    assert export["ratings"] == view["ratings"] and len(export["ratings"]) == 2
    assert export["entries"][0]["game"]["rated"]["ladder"] == "escopa-2p"
    unrated = (await client.post("/v1/games", json={"players": ["Ana", "Bia"]})).json()
    token = unrated["players"][1]["token"]
    resign = f"/v1/games/{unrated['game_id']}/resign"
    assert (await client.post(resign, headers={"Authorization": f"Bearer {token}"})).is_success
    assert "ratings" not in (await client.get(f"/v1/games/{unrated['game_id']}/export")).json()


async def test_a_rated_games_export_audits_with_its_ratings_beside_the_entries(
    client: Any,
) -> None:
    game = await rated_game(client, "u-1", "u-2")
    export = await client.get(f"/v1/games/{game['game_id']}/export")
    assert "ratings" in export.json()
    report = audit_export(export.content, public_keys())
    assert report.ok, report.failure
    assert report.signature == "verified"


@pytest.mark.parametrize("after", ["\n", "\r\n", "\u2028"])
async def test_a_player_id_with_a_line_break_after_it_is_refused_wherever_an_id_is_taken(
    client: Any, after: str
) -> None:
    await rated_game(client, "u-77", "u-78")
    seat = {"name": "Ana", "player_id": "u-77" + after}
    created = await client.post("/v1/games", json={"players": [seat, "Bia"]})
    assert (created.status_code, created.json()["field"]) == (400, "players[0].player_id")
    waiting = await client.post(
        "/v1/games", json={"players": ["Ana", {"open": True}], "lobby": True}
    )
    join = {"name": "Bia", "seat": 1, "player_id": "u-78" + after}
    joined = await client.post(f"/v1/games/{waiting.json()['game_id']}/join", json=join)
    assert (joined.status_code, joined.json()["field"]) == (400, "player_id")
    entrants = [seat, {"name": "Rita", "bot": "greedy"}]
    body = {"name": "cup", "rounds": 1, "boards": 1, "entrants": entrants}
    entered = await client.post("/v1/tournaments", json=body)
    assert (entered.status_code, entered.json()["field"]) == (400, "entrants[0].player_id")
    board = "/v1/leaderboards/escopa-2p"
    page = (await client.get(board, params={"provisional": "true", "limit": 1})).json()
    cursor = await client.get(board, params={"after": page["next_after"] + after})
    assert (cursor.status_code, cursor.json()["field"]) == (400, "after")
    around = await client.get(board, params={"around": "u-77" + after, "provisional": "true"})
    assert (around.status_code, around.json()["code"]) == (422, "player/invalid_id")
    path = await client.get("/v1/players/u-77" + quote(after))
    assert (path.status_code, path.json()["code"]) == (422, "player/invalid_id")


async def test_a_player_who_gives_rated_games_up_early_is_flagged_and_left_off_the_board(
    client: Any,
) -> None:
    limit = RatingSettings().watch_sandbag
    for n in range(limit):
        await rated_game(client, f"u-{n}", "u-sand", moves=n)  # u-sand resigns early
        shown = (await client.get("/v1/players/u-sand")).json()["ratings"]["escopa-2p"]
        assert (shown["flagged"] is None) == (n < limit - 1)
    assert shown["flagged"]["kind"] == "sandbag" and shown["games"] >= MIN_GAMES
    board = "/v1/leaderboards/escopa-2p"
    listed = [e["player_id"] for e in (await client.get(board)).json()["entries"]]
    every = (await client.get(board, params={"provisional": "true"})).json()["entries"]
    assert "u-sand" not in listed and "u-sand" in [e["player_id"] for e in every]
    refused = await client.get(board, params={"around": "u-sand"})
    assert (refused.status_code, refused.json()["code"]) == (404, "player/not_listed")
    assert "flagged" in refused.json()["detail"]
    honest = (await client.get("/v1/players/u-0")).json()["ratings"]["escopa-2p"]
    assert honest["flagged"] is None


async def test_a_player_whose_friend_gives_up_at_once_again_and_again_is_flagged_as_boosting(
    client: Any,
) -> None:
    for _ in range(RatingSettings().watch_boost):
        await rated_game(client, "u-boosted", "u-friend", moves=0)
    boosted = (await client.get("/v1/players/u-boosted")).json()["ratings"]["escopa-2p"]
    assert boosted["flagged"]["kind"] == "boost"
    friend = (await client.get("/v1/players/u-friend")).json()["ratings"]["escopa-2p"]
    assert friend["flagged"]["kind"] == "sandbag"


async def test_a_game_lost_on_time_counts_against_the_leavers_reliability(
    redis_url: str,
) -> None:
    settings = clock_settings(redis_url, sweep=True)
    async with AsyncTestClient(app=create_app(settings)) as timed:
        seats = [await named(timed, "Ana", "u-stay"), await named(timed, "Bia", "u-gone")]
        clock = {"turn_seconds": 1, "bank_seconds": 0, "on_timeout": "forfeit"}
        body = {"players": seats, "rated": True, "rules": {"clock": clock}}
        game = (await timed.post("/v1/games", json=body)).json()
        tokens = [seat["token"] for seat in game["players"]]
        await play_first_moves(timed, game["game_id"], tokens, 1)
        played = Game(timed, game["game_id"], tokens, game)
        view = await played.view()
        gone = ["u-stay", "u-gone"][view["turn"]]
        assert (await applied(played, view))["status"] == "finished"
        left = (await timed.get(f"/v1/players/{gone}")).json()["ratings"]["escopa-2p"]
        stayed = ["u-stay", "u-gone"][1 - view["turn"]]
        kept = (await timed.get(f"/v1/players/{stayed}")).json()["ratings"]["escopa-2p"]
    assert (left["watched"], left["left"], left["reliability"]) == (1, 1, 0.0)
    assert (kept["watched"], kept["left"], kept["reliability"]) == (1, 0, 1.0)
