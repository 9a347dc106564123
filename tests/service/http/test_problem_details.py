"""Every 4xx detail is a sentence naming the field and what is allowed, never a pattern."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.harness.api import Client, Json, assert_problem, create_game

REGEX_SIGNS = re.compile(r"regex|\^|\$|\\x|\[[^\]]*-[^\]]*\]|`\$\.")


def assert_readable(problem: Json, field: str) -> None:
    """The detail names the field, says what is wrong, and shows no regular expression."""
    detail = problem["detail"]
    assert field in detail, detail
    assert not REGEX_SIGNS.search(detail), detail
    assert len(detail.split()) >= 3, detail


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("8C", "move/unknown_card"),
        ("5H+8C", "move/unknown_card"),
        ("claim:5S", "move/malformed"),
        ("5H\n", "move/unknown_card"),
        ("hello", "move/unknown_card"),
    ],
)
async def test_a_move_id_that_is_no_move_is_an_engine_problem_with_a_sentence(
    client: Client, move: str, code: str
) -> None:
    game = await create_game(client)
    seat = (await game.view())["turn"]

    response = await game.post_move(seat, {"expected_version": 1, "move": move})

    problem = assert_problem(response, 422, code)
    assert not REGEX_SIGNS.search(problem["detail"]), problem["detail"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"expected_version": 1, "card": "8C"}, "card", "rank"),
        ({"expected_version": 1, "card": "5H", "capture": ["1S"]}, "capture[0]", "suit"),
        ({"expected_version": 0, "move": "5H"}, "expected_version", "at least 1"),
        ({"expected_version": "1", "move": "5H"}, "expected_version", "an integer"),
        ({"move": "5H"}, "expected_version", "required"),
        ({"expected_version": 1, "mvoe": "5H"}, "mvoe", "expected_version"),
        ({"expected_version": 1, "claim": ["5H"]}, "claim", "at least 2"),
    ],
)
async def test_a_malformed_move_body_says_which_field_and_what_it_allows(
    client: Client, body: Json, field: str, words: str
) -> None:
    game = await create_game(client)
    seat = (await game.view())["turn"]

    problem = assert_problem(await game.post_move(seat, body), 400, "request/invalid")

    assert problem["field"] == field
    assert_readable(problem, field)
    assert words in problem["detail"]


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"seed": "a\u0001b"}, "seed", "printable"),
        ({"commitment_id": "X" * 24}, "commitment_id", "hexadecimal"),
        ({"preset": "scopa"}, "preset", "'escopa'"),
        ({"players": ["Ana"]}, "players", "at least 2"),
        ({"players": ["Ana", "B" * 41]}, "players[1]", "at most 40"),
    ],
)
async def test_a_malformed_creation_says_which_field_and_what_it_allows(
    client: Client, changes: dict[str, Any], field: str, words: str
) -> None:
    body = {"players": ["Ana", "Bia"], **changes}

    problem = assert_problem(await client.post("/v1/games", json=body), 400, "request/invalid")

    assert problem["field"] == field
    assert_readable(problem, field)
    assert words in problem["detail"]


async def test_a_malformed_header_says_which_header_without_its_pattern(client: Client) -> None:
    game = await create_game(client)
    seat = (await game.view())["turn"]
    move = (await game.legal(seat))[0]["id"]

    response = await game.post_move(seat, {"expected_version": 1, "move": move}, key="no spaces")

    problem = assert_problem(response, 400, "request/invalid")
    assert_readable(problem, "Idempotency-Key")


async def test_a_replay_with_a_bad_seat_says_which_move(client: Client) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "s", "moves": [{"seat": 9, "move": "5H"}]}

    problem = assert_problem(await client.post("/v1/replays", json=body), 400, "request/invalid")

    assert problem["field"] == "moves[0].seat"
    assert_readable(problem, "moves[0].seat")
    assert "at most 3" in problem["detail"]
