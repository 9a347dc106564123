"""Resigning and aborting through the API: the match ends early, is logged, and audits."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from tests.harness.api import DEFAULT_SEED, assert_problem, chosen_seed, create_game, ok
from tests.harness.seats import OPEN, act, create_open, full_game, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def test_resigning_finishes_the_match_for_the_other_side_and_reveals_the_seed(
    client: Client,
) -> None:
    game = await create_game(client)
    resigned = ok(await act(client, game.id, "resign", game.tokens[1]))
    outcome = resigned["view"]["outcome"]
    assert outcome["result"] == "resigned" and outcome["resigned"] == [1]
    assert outcome["winner"] == 0
    assert resigned["entry"]["type"] == "resigned" and resigned["entry"]["seat"] == 1
    view = await game.view()
    assert view["status"] == "finished" and view["seed"] == chosen_seed(DEFAULT_SEED)
    report = ok(await client.get(f"{game.url}/audit"))
    assert report["ok"] is True and report["outcome"]["result"] == "resigned"


async def test_a_partnership_resigns_together(client: Client) -> None:
    game = await create_game(client, players=4)
    outcome = ok(await act(client, game.id, "resign", game.tokens[3]))["view"]["outcome"]
    assert outcome["resigned"] == [1, 3] and outcome["seats"] == [0, 2]


async def test_a_finished_match_cannot_be_resigned_again(client: Client) -> None:
    game = await create_game(client)
    ok(await act(client, game.id, "resign", game.tokens[0]))
    assert_problem(await act(client, game.id, "resign", game.tokens[1]), 409, "move/game_over")


async def test_a_waiting_game_cannot_be_resigned(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN])
    refused = await act(client, created["game_id"], "resign", tokens(created)[0])
    assert_problem(refused, 409, "move/not_started")


async def test_resign_needs_a_valid_token(client: Client) -> None:
    game = await create_game(client)
    assert_problem(await client.post(f"{game.url}/resign"), 401, "auth/missing_token")
    assert_problem(await act(client, game.id, "resign", "x" * 43), 401, "auth/invalid_token")


async def test_an_abort_before_any_play_ends_with_no_winner(client: Client) -> None:
    game = await create_game(client)
    aborted = ok(await act(client, game.id, "abort", game.tokens[1]))
    outcome = aborted["view"]["outcome"]
    assert outcome["result"] == "aborted" and outcome["winner"] is None and outcome["seats"] == []
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_after_a_play_abort_is_too_late(client: Client) -> None:
    game = await create_game(client)
    view = await game.view()
    moves = await game.legal(view["turn"])
    ok(await game.move(view["turn"], move=moves[0]["id"]))
    assert_problem(await act(client, game.id, "abort", game.tokens[0]), 409, "abort/too_late")


async def test_a_waiting_game_aborted_by_its_creator_audits(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN, OPEN], lobby=True)
    game_id = created["game_id"]
    ok(await act(client, game_id, "abort", tokens(created)[0]))
    report = ok(await client.get(f"/v1/games/{game_id}/audit"))
    assert report["ok"] is True and report["outcome"]["result"] == "aborted"
    assert ok(await client.get("/v1/lobby"))["games"] == []


async def test_a_game_joined_then_resigned_audits_with_its_joins(client: Client) -> None:
    game = await full_game(client, players=3)
    ok(await act(client, game.id, "resign", game.tokens[2]))
    report = ok(await client.get(f"{game.url}/audit"))
    assert report["ok"] is True and report["entries"] == 4


async def test_a_resignation_retried_with_its_idempotency_key_gets_its_first_answer(
    client: Client,
) -> None:
    game = await create_game(client)
    headers = {"Authorization": f"Bearer {game.tokens[0]}", "Idempotency-Key": "resign-1"}
    first = ok(await client.post(f"{game.url}/resign", headers=headers))
    again = ok(await client.post(f"{game.url}/resign", headers=headers))
    assert again == first
    reused = await client.post(f"{game.url}/abort", headers=headers)
    assert_problem(reused, 422, "request/idempotency_key_reused")
    assert [e["type"] for e in await game.log()].count("resigned") == 1


async def test_signals_sent_before_a_resignation_are_recorded_by_it_and_audited(
    client: Client,
) -> None:
    game = await create_game(client, players=4)
    ok(await game.signal(0, "guindis"))
    resigned = ok(await act(client, game.id, "resign", game.tokens[1]))
    assert [s["seat"] for s in resigned["entry"]["signals"]] == [0]
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_a_move_with_the_key_of_a_resignation_is_refused_as_a_reused_key(
    client: Client,
) -> None:
    game = await create_game(client, players=2)
    headers = {"Authorization": f"Bearer {game.tokens[0]}", "Idempotency-Key": "same"}
    ok(await client.post(f"{game.url}/resign", headers=headers))
    body = {"card": "7D", "expected_version": 1}
    reused = await client.post(f"{game.url}/moves", json=body, headers=headers)
    assert_problem(reused, 422, "request/idempotency_key_reused")
    dealt = await client.post(f"{game.url}/deal", json={"expected_version": 1}, headers=headers)
    assert_problem(dealt, 422, "request/idempotency_key_reused")
