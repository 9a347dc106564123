"""POST /v1/games: presets, overrides, seats and tokens, the seed commitment, and refusals."""

from __future__ import annotations

import json
import re

import msgspec
import pytest

import engine
from tests.harness.api import (
    NAMES,
    Client,
    assert_problem,
    chosen_seed,
    create,
    create_game,
    engine_start,
    ok,
    sha256_hex,
)

HEX64 = re.compile(r"^[0-9a-f]{64}$")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["escopa", "escoba", "escova"])
async def test_each_preset_creates_a_game_with_one_distinct_token_per_seat(
    client: Client, preset: str, players: int
) -> None:
    body = ok(await create(client, {"players": list(NAMES[:players]), "preset": preset}), 201)

    assert HEX64.match(body["seed_commitment"])
    assert body["version"] == 1
    assert [p["seat"] for p in body["players"]] == list(range(players))
    assert [p["name"] for p in body["players"]] == list(NAMES[:players])
    tokens = [p["token"] for p in body["players"]]
    assert len(set(tokens)) == players
    assert all(len(t) >= 32 for t in tokens)
    view = body["view"]
    assert view["game_id"] == body["game_id"]
    assert view["status"] == "playing"
    assert view["hand_sizes"] == [3] * players
    assert view["stock_size"] == 40 - 3 * players - 4


async def test_the_created_view_is_public_and_shows_no_hand(client: Client) -> None:
    game = await create_game(client, players=3)
    view = game.created["view"]

    assert view["seat"] is None
    assert view["hand"] == []
    assert view["seed"] is None
    assert view["version"] == 1
    assert view["seed_commitment"] == game.created["seed_commitment"]
    shown = json.dumps(view)
    assert not [t for t in game.tokens if t in shown]


async def test_a_chosen_seed_cannot_be_found_from_its_commitment(client: Client) -> None:
    seed = chosen_seed("31337")
    game = await create_game(client, seed=seed, target=1)
    commitment = game.created["seed_commitment"]

    # The commitment is not the seed's plain hash: the seed is salted.
    assert sha256_hex(seed) != commitment
    info = (await game.log())[0]["game"]
    assert info["seed"] is None
    assert info["seed_salt"] is None, "the salt is hidden with the seed"
    # Two games with the same chosen seed have different commitments.
    again = await create_game(client, seed=seed)
    assert again.created["seed_commitment"] != commitment


WEAK_SEEDS = {
    "six-digits": ("493117", "6 characters"),  # issue 27's: found from the first deal in 12.8 s
    "one-character": ("s", "1 characters"),
    "31-hex-digits": ("0123456789abcdef0123456789abcde", "31 characters"),
    "one-repeated": ("7" * 200, "about 9 bits"),
    "seven-kinds": ("abcdefg" * 6, "about 17 bits"),
    # issue 53's: a 7-digit number zero-padded to 32, found from the first deal in 8.1 s
    "zero-padded": ("4930177".zfill(32), "about 26 bits"),
    "padded-after": ("seed-4930177".ljust(32, "x"), "about 50 bits"),
    "a-sequence-repeated": ("0123456789abcdef" * 2, "about 29 bits"),
    "two-characters": ("01011100101100111010111001011111", "about 50 bits"),
}


@pytest.mark.parametrize(("seed", "why"), WEAK_SEEDS.values(), ids=WEAK_SEEDS.keys())
@pytest.mark.parametrize("seats", [["Ana", "Bia"], ["Ana", {"open": True}]], ids=["full", "open"])
async def test_a_chosen_seed_a_search_could_find_is_refused_saying_why(
    client: Client, seats: list[object], seed: str, why: str
) -> None:
    response = await create(client, {"players": seats, "seed": seed})

    problem = assert_problem(response, 422, "request/weak_seed")
    assert problem["field"] == "seed"
    assert why in problem["detail"]
    assert "32 characters" in problem["detail"]


@pytest.mark.parametrize(
    "seed", ["5a78a1f9b8caabc058d3107626fca099", "ação: a guindis e os outros setes"]
)
async def test_a_chosen_seed_of_32_characters_with_8_kinds_is_taken(
    client: Client, seed: str
) -> None:
    game = await create_game(client, seed=seed, target=1)

    await game.play_out()
    assert (await game.view())["seed"] == seed


async def test_a_chosen_seeds_salt_is_revealed_with_it_and_keeps_the_shuffle(
    client: Client,
) -> None:
    seed = chosen_seed("ação")
    game = await create_game(client, seed=seed, target=1)
    opening = (await game.view(0))["hand"]

    await game.play_out()

    info = (await game.log())[0]["game"]
    assert info["seed"] == seed
    assert re.fullmatch("[0-9a-f]{32}", info["seed_salt"])
    assert sha256_hex(f"{info['seed_salt']}:{seed}".encode()) == game.created["seed_commitment"]
    assert tuple(opening) == engine_start(seed, 2).hands[0], "the shuffle key is the seed"
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_a_server_seed_needs_no_salt(client: Client) -> None:
    game = await create_game(client, seed=None, target=1)

    await game.play_out()

    info = (await game.log())[0]["game"]
    assert "seed_salt" not in info
    assert sha256_hex(info["seed"]) == game.created["seed_commitment"]


async def test_a_game_without_a_seed_gets_a_fresh_secret_server_seed(client: Client) -> None:
    first = await create_game(client, seed=None)
    second = await create_game(client, seed=None)

    for game in (first, second):
        assert HEX64.match(game.created["seed_commitment"])
        assert game.created["view"]["seed"] is None
        assert (await game.log(0))[0]["game"]["seed"] is None
    assert first.created["seed_commitment"] != second.created["seed_commitment"]


async def test_the_opening_deal_is_the_engines_deal_for_the_seed(client: Client) -> None:
    # docs/rules.md's vectors (key `escopa`) are the engine's tests: a seed that short is refused.
    game = await create_game(client, seed="escopa")
    view = game.created["view"]

    state = engine_start("escopa", 2)
    assert (view["dealer"], view["turn"]) == (state.dealer, state.turn)
    assert tuple(view["table"]) == state.table
    assert tuple((await game.view(0))["hand"]) == state.hands[0]


@pytest.mark.parametrize("dealer", [0, 1, 2])
async def test_a_first_dealer_override_fixes_the_dealer_and_the_first_player(
    client: Client, dealer: int
) -> None:
    game = await create_game(client, players=3, seed="fixed dealer", first_dealer=dealer)
    view = game.created["view"]

    assert view["dealer"] == dealer
    assert view["turn"] == (dealer + 1) % 3
    events = (await game.log())[0]["events"]
    assert "first_dealer" not in [e["type"] for e in events]


async def test_rule_overrides_are_what_the_game_plays_by(client: Client) -> None:
    game = await create_game(
        client,
        preset="escova",
        players=2,
        points={"primeira": 2, "most_cards": 0},
        target=11,
        auto_deal=False,
        first_dealer=0,
    )

    rules = (await game.log())[0]["game"]["rules"]
    assert rules["points"]["primeira"] == 2
    assert rules["points"]["most_cards"] == 0
    assert rules["points"]["seven_of_diamonds"] == 1  # the preset's value stays
    assert rules["target"] == 11
    assert rules["auto_deal"] is False
    assert rules["first_dealer"] == 0
    assert rules["dealer_rotation"] == "round"  # escova's own option
    expected = engine.make_rules(
        "escova",
        {
            "players": 2,
            "points": {"primeira": 2, "most_cards": 0},
            "target": 11,
            "auto_deal": False,
            "first_dealer": 0,
        },
    )
    assert rules == msgspec.to_builtins(expected)
    assert (await game.score())["target"] == 11
    assert game.created["view"]["status"] == "dealing"


@pytest.mark.parametrize("players", [1, 5])
async def test_fewer_than_two_or_more_than_four_players_is_a_bad_request(
    client: Client, players: int
) -> None:
    response = await create(client, {"players": ["p"] * players})

    assert_problem(response, 400, "request/invalid")


async def test_partnerships_with_three_players_are_refused_naming_the_field(
    client: Client,
) -> None:
    body = {"players": ["a", "b", "c"], "rules": {"partnerships": True}}

    problem = assert_problem(await create(client, body), 422, "rules/invalid")

    assert problem["field"] == "rules.partnerships"


async def test_a_first_dealer_seat_that_does_not_exist_is_refused_naming_the_field(
    client: Client,
) -> None:
    body = {"players": ["a", "b"], "rules": {"first_dealer": 3}}

    problem = assert_problem(await create(client, body), 422, "rules/invalid")

    assert problem["field"] == "rules.first_dealer"


async def test_an_unknown_field_is_a_bad_request(client: Client) -> None:
    body = {"players": ["a", "b"], "colour": "red"}

    assert_problem(await create(client, body), 400, "request/invalid")


@pytest.mark.parametrize(
    "rules",
    [{"jokers": True}, {"points": {"best_card": 1}}, {"players": 3}],
    ids=["rules", "points", "players-not-matching"],
)
async def test_an_unknown_or_wrong_option_is_unplayable_rules(
    client: Client, rules: dict[str, object]
) -> None:
    body = {"players": ["a", "b"], "rules": rules}

    assert_problem(await create(client, body), 422, "rules/invalid")


@pytest.mark.parametrize("preset", ["scopa", "ESCOPA", ""])
async def test_an_unknown_preset_is_a_bad_request(client: Client, preset: str) -> None:
    response = await create(client, {"players": ["a", "b"], "preset": preset})

    assert_problem(response, 400, "request/invalid")


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["a", ""]},
        {"players": ["a", "b"], "seed": ""},
    ],
    ids=["empty-name", "empty-seed"],
)
async def test_an_out_of_bounds_value_is_a_bad_request(
    client: Client, body: dict[str, object]
) -> None:
    assert_problem(await create(client, body), 400, "request/invalid")


async def test_a_body_that_is_not_json_is_a_bad_request(client: Client) -> None:
    response = await client.post(
        "/v1/games", content=b"{not json", headers={"Content-Type": "application/json"}
    )

    assert_problem(response, 400, "request/invalid")


@pytest.mark.parametrize(
    ("rules", "players", "field"),
    [
        (None, 5, "players"),
        ({"points": {"escopa": -1}}, 2, "escopa"),
        ({"points": {"best_card": 1}}, 2, "best_card"),
    ],
    ids=["five-players", "negative-points", "unknown-category"],
)
async def test_an_unplayable_option_is_refused_with_the_fields_name(
    client: Client, rules: dict[str, object] | None, players: int, field: str
) -> None:
    # docs/rules.md: "a combination that cannot be played (5 players, partnerships with 3, negative
    # points, an unknown category) is refused with the field's name".
    body: dict[str, object] = {"players": ["p"] * players}
    if rules is not None:
        body["rules"] = rules

    status, code = (400, "request/invalid") if rules is None else (422, "rules/invalid")
    problem = assert_problem(await create(client, body), status, code)

    assert field in (problem.get("field") or "") + " " + problem["detail"], problem
