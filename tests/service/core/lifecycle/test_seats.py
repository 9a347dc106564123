"""Open seats, invites and joins: a game waits, dealing nothing, until every seat is taken."""

from __future__ import annotations

import re
from pathlib import Path

from litestar.testing import AsyncTestClient

from tests.harness.api import assert_chain, assert_problem, card_leaves, chosen_seed, ok
from tests.harness.seats import OPEN, act, bearer, create_open, invites, join, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def test_a_game_with_an_open_seat_waits_and_deals_nothing(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN], seed=chosen_seed("escopa"))
    view = created["view"]
    assert view["status"] == "waiting"
    assert view["table"] == [] and view["hand_sizes"] == [0, 0] and view["turn"] is None
    assert view["players"][1] == {"seat": 1, "name": "", "bot": None, "open": True}
    assert set(tokens(created)) == {0} and set(invites(created)) == {1}
    log = ok(await client.get(f"/v1/games/{created['game_id']}/log"))["entries"]
    assert [e["type"] for e in log] == ["created"]
    assert log[0]["game"]["open"] == [1] and log[0]["game"]["seed"] is None
    assert not list(card_leaves(log))


async def test_a_waiting_game_refuses_moves_with_not_started(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    game_id, token = created["game_id"], tokens(created)[0]
    body = {"card": "7D", "expected_version": 1}
    response = await client.post(f"/v1/games/{game_id}/moves", json=body, headers=bearer(token))
    assert_problem(response, 409, "move/not_started")
    assert ok(await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token))) == {
        "version": 1,
        "seat": 0,
        "moves": [],
    }


async def test_joining_by_invite_answers_the_seat_token_and_the_last_join_deals(
    client: Client,
) -> None:
    seed = chosen_seed("four-on-the-table")  # a table of 15 would go to the dealer at once
    created = await create_open(client, ["Ana", OPEN, OPEN], seed=seed)
    game_id, codes = created["game_id"], invites(created)
    first = ok(await join(client, game_id, invite=codes[1], name="Bia"))
    assert first["seat"] == 1 and first["view"]["status"] == "waiting"
    assert first["entry"]["type"] == "joined" and first["entry"]["player"] == "Bia"
    assert ok(await client.get(f"/v1/games/{game_id}", headers=bearer(first["token"])))["seat"] == 1
    last = ok(await join(client, game_id, invite=codes[2], name="Caio"))
    assert last["view"]["status"] == "playing"
    assert len(last["view"]["hand"]) == 3 and len(last["view"]["table"]) == 4
    entries = ok(await client.get(f"/v1/games/{game_id}/log"))["entries"]
    assert [e["type"] for e in entries] == ["created", "joined", "joined"]
    assert [e["player"] for e in entries[1:]] == ["Bia", "Caio"]
    assert any(event["type"] == "dealt" for event in entries[2]["events"])
    assert [p["name"] for p in last["view"]["players"]] == ["Ana", "Bia", "Caio"]


async def test_an_invite_is_used_once(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN, OPEN])
    game_id, codes = created["game_id"], invites(created)
    ok(await join(client, game_id, invite=codes[1], name="Bia"))
    assert_problem(
        await join(client, game_id, invite=codes[1], name="Caio"), 403, "join/invite_invalid"
    )


async def test_an_unknown_invite_or_another_games_invite_is_refused(client: Client) -> None:
    one = await create_open(client, ["Ana", OPEN])
    other = await create_open(client, ["Ana", OPEN])
    refused = await join(client, one["game_id"], invite=invites(other)[1], name="Bia")
    assert_problem(refused, 403, "join/invite_invalid")
    assert_problem(
        await join(client, one["game_id"], invite="A" * 43, name="Bia"), 403, "join/invite_invalid"
    )


async def test_a_started_game_refuses_joins_with_not_waiting(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    game_id, code = created["game_id"], invites(created)[1]
    ok(await join(client, game_id, invite=code, name="Bia"))
    assert_problem(await join(client, game_id, invite=code, name="Caio"), 409, "game/not_waiting")


async def test_a_joining_name_must_differ_from_the_other_seats(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    refused = await join(client, created["game_id"], invite=invites(created)[1], name="Ana")
    body = assert_problem(refused, 409, "join/name_taken")
    assert body["field"] == "name"
    assert "name already" in body["detail"] and "NFKC" not in body["detail"]


async def test_join_needs_exactly_one_of_invite_and_seat(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN], lobby=True)
    game_id, code = created["game_id"], invites(created)[1]
    assert_problem(await join(client, game_id, name="Bia"), 422, "join/ambiguous")
    both = await join(client, game_id, invite=code, seat=1, name="Bia")
    assert_problem(both, 422, "join/ambiguous")


async def test_joining_an_unknown_game_is_not_found(client: Client) -> None:
    refused = await join(client, "0" * 24, invite="A" * 43, name="Bia")
    assert_problem(refused, 404, "game/not_found")


async def test_a_seat_by_number_needs_a_lobby_game(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    refused = await join(client, created["game_id"], seat=1, name="Bia")
    assert_problem(refused, 403, "join/invite_required")


async def test_a_seat_by_number_must_be_open_and_exist(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN], lobby=True)
    game_id = created["game_id"]
    assert_problem(await join(client, game_id, seat=0, name="Bia"), 409, "join/seat_taken")
    assert_problem(await join(client, game_id, seat=3, name="Bia"), 409, "join/no_such_seat")


async def test_the_creator_sees_the_open_seats_invites_and_others_do_not(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN, OPEN])
    game_id = created["game_id"]
    mine = ok(await client.get(f"/v1/games/{game_id}", headers=bearer(tokens(created)[0])))
    assert {i["seat"]: i["invite"] for i in mine["invites"]} == invites(created)
    joined = ok(await join(client, game_id, invite=invites(created)[1], name="Bia"))
    theirs = ok(await client.get(f"/v1/games/{game_id}", headers=bearer(joined["token"])))
    assert "invites" not in theirs
    assert "invites" not in ok(await client.get(f"/v1/games/{game_id}"))


async def test_leaving_opens_the_seat_with_a_new_invite_for_the_creator(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN, OPEN])
    game_id, codes = created["game_id"], invites(created)
    joined = ok(await join(client, game_id, invite=codes[1], name="Bia"))
    left = ok(await act(client, game_id, "leave", joined["token"]))
    assert left["entry"]["type"] == "left" and left["entry"]["seat"] == 1
    assert left["view"]["players"][1]["open"] is True
    assert_problem(
        await client.get(f"/v1/games/{game_id}", headers=bearer(joined["token"])),
        401,
        "auth/invalid_token",
    )
    mine = ok(await client.get(f"/v1/games/{game_id}", headers=bearer(tokens(created)[0])))
    fresh = {i["seat"]: i["invite"] for i in mine["invites"]}
    assert fresh[1] != codes[1] and fresh[2] == codes[2]
    assert_problem(
        await join(client, game_id, invite=codes[1], name="Bia"), 403, "join/invite_invalid"
    )
    assert ok(await join(client, game_id, invite=fresh[1], name="Bia"))["seat"] == 1


async def test_the_creator_cannot_leave_and_nobody_leaves_a_started_game(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    game_id = created["game_id"]
    assert_problem(await act(client, game_id, "leave", tokens(created)[0]), 409, "leave/creator")
    joined = ok(await join(client, game_id, invite=invites(created)[1], name="Bia"))
    assert_problem(await act(client, game_id, "leave", joined["token"]), 409, "game/not_waiting")


async def test_leave_needs_a_seat_token(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    refused = await client.post(f"/v1/games/{created['game_id']}/leave")
    assert_problem(refused, 401, "auth/missing_token")


async def test_names_bots_and_open_seats_mix(client: Client) -> None:
    created = await create_open(client, ["Ana", {"name": "Rita", "bot": "greedy"}, OPEN])
    view = created["view"]
    assert [p.get("bot") for p in view["players"]] == [None, "greedy", None]
    assert set(invites(created)) == {2} and set(tokens(created)) == {0}


async def test_an_open_seat_object_must_be_open_alone(client: Client) -> None:
    response = await client.post(
        "/v1/games", json={"players": ["Ana", {"open": True, "name": "Bia"}]}
    )
    assert_problem(response, 400, "request/invalid")


async def test_a_whole_waiting_log_verifies_its_chain_once_finished(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    game_id = created["game_id"]
    ok(await join(client, game_id, invite=invites(created)[1], name="Bia"))
    ok(await act(client, game_id, "resign", tokens(created)[0]))
    entries = ok(await client.get(f"/v1/games/{game_id}/log"))["entries"]
    assert_chain(entries)
    report = ok(await client.get(f"/v1/games/{game_id}/audit"))
    assert report["ok"] is True, report


def test_every_problem_code_of_a_games_life_is_on_the_api_page() -> None:
    root = Path(__file__).resolve().parents[4]
    readme = (root / "docs" / "api.md").read_text()
    modules = (
        "service/core/lifecycle/seats.py",
        "service/core/lifecycle/endings.py",
        "service/core/lifecycle/rematch.py",
    )
    sources = "".join((root / name).read_text() for name in (*modules, "engine/ending.py"))
    codes = set(re.findall(r'"((?:join|leave|abort|rematch|game|move)/[a-z_]+)"', sources))
    assert {"join/invite_invalid", "game/not_waiting", "abort/too_late"} <= codes
    unreachable = {"game/id_collision", "move/unknown_seat"}  # no client can cause them
    assert not [code for code in sorted(codes - unreachable) if f"`{code}`" not in readme]
