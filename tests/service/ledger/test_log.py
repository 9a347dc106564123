"""GET /log: pages, the hash chain, and what each reader may see while the game runs."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine.cards import DECK
from tests.harness.api import (
    DEFAULT_SEED,
    GENESIS,
    Client,
    Game,
    Json,
    assert_chain,
    assert_linked,
    assert_problem,
    card_leaves,
    chosen_seed,
    create_game,
    entry_hash,
    ok,
    replay,
)


async def play_first_moves(game: Game, count: int) -> None:
    """Play the first legal move `count` times."""
    for _ in range(count):
        turn = (await game.view())["turn"]
        ok(await game.move(turn, move=(await game.legal(turn))[0]["id"]))


def dealt_events(entries: list[Json]) -> list[Json]:
    return [e for entry in entries for e in entry["events"] if e["type"] == "dealt"]


async def test_the_log_pages_through_after_and_limit(client: Client) -> None:
    game = await create_game(client)
    await play_first_moves(game, 7)
    everything = await game.log()
    assert len(everything) == 8

    pages, after = [], 0
    while True:
        page = ok(await game.log_page(0, after=after, limit=3))
        assert page["head"] == 8
        assert page["game_id"] == game.id
        if not page["entries"]:
            assert page["next_after"] == after
            break
        assert len(page["entries"]) <= 3
        assert page["next_after"] == page["entries"][-1]["seq"]
        pages.append([e["seq"] for e in page["entries"]])
        after = page["next_after"]

    assert pages == [[1, 2, 3], [4, 5, 6], [7, 8]]
    assert [e["seq"] for e in everything] == list(range(1, 9))


async def test_the_log_head_is_the_games_version(client: Client) -> None:
    game = await create_game(client)
    await play_first_moves(game, 3)

    page = ok(await game.log_page())

    assert page["head"] == await game.version() == 4
    assert page["entries"][-1]["seq"] == 4


@pytest.mark.parametrize(
    "params",
    [{"limit": 0}, {"limit": 201}, {"after": -1}, {"limit": "many"}],
    ids=["limit-0", "limit-201", "after-negative", "limit-text"],
)
async def test_out_of_range_paging_is_a_bad_request(client: Client, params: Json) -> None:
    game = await create_game(client)

    response = await client.get(f"{game.url}/log", params=params)

    assert_problem(response, 400, "request/invalid")


async def test_a_running_games_log_is_linked_from_64_zeros(client: Client) -> None:
    game = await create_game(client, players=3)
    await play_first_moves(game, 10)

    entries = await game.log(1)

    assert entries[0]["prev_hash"] == GENESIS
    assert entries[0]["type"] == "created"
    assert_linked(entries)
    assert [e["hash"] for e in await game.log()] == [e["hash"] for e in entries]


async def test_entries_with_nothing_hidden_verify_while_the_game_runs(client: Client) -> None:
    game = await create_game(client)
    await play_first_moves(game, 4)  # four plays inside the first hand: nothing secret in them

    entries = await game.log()

    for entry in entries[1:]:
        assert entry["type"] == "move"
        assert entry["hash"] == entry_hash(entry)


async def test_a_finished_games_log_verifies_entry_by_entry(client: Client) -> None:
    game = await create_game(client, players=3, target=1)
    await game.play_out()

    entries = await game.log()

    assert_chain(entries)
    assert entries[0]["game"]["seed"] == chosen_seed(DEFAULT_SEED)
    assert len(dealt_events(entries)) >= 4  # three players: four hands a round
    replay(entries)


async def test_while_the_game_runs_a_seat_sees_only_its_own_dealt_hands(client: Client) -> None:
    game = await create_game(client, players=2)
    await play_first_moves(game, 6)  # the sixth play ends the hand: hand 2 is dealt in its entry

    entries = await game.log(0)

    dealt = dealt_events(entries)
    assert len(dealt) == 2
    for event in dealt:
        assert len(event["hands"][0]) == 3
        assert event["hands"][1] == []
    assert dealt[1]["hands"][0] == (await game.view(0))["hand"]
    assert entries[0]["game"]["seed"] is None
    assert entries[0]["game"]["seed_commitment"] == game.created["seed_commitment"]


async def test_a_seats_log_never_shows_the_other_seats_hand(client: Client) -> None:
    game = await create_game(client, players=2)
    await play_first_moves(game, 1)
    secret = set((await game.view(1))["hand"])
    public = set((await game.view())["table"])

    shown = set(card_leaves([e["events"] for e in await game.log(0) if e["type"] != "created"]))
    shown |= {c for e in dealt_events(await game.log(0)) for hand in e["hands"] for c in hand}

    assert not (shown & secret) - public


async def test_a_spectator_sees_no_dealt_hands_and_no_seed(client: Client) -> None:
    game = await create_game(client, players=4)

    entries = await game.log()

    (dealt,) = dealt_events(entries)
    assert dealt["hands"] == [[], [], [], []]
    assert dealt["table"]
    assert entries[0]["game"]["seed"] is None


async def test_once_the_game_is_over_everyone_sees_every_hand_and_the_seed(
    client: Client,
) -> None:
    game = await create_game(client, players=2, target=1)
    await game.play_out()

    for reader in (None, 0, 1):
        entries = await game.log(reader)
        assert entries[0]["game"]["seed"] == chosen_seed(DEFAULT_SEED)
        assert all(len(h) == 3 for e in dealt_events(entries) for h in e["hands"])


async def test_the_log_of_an_unknown_game_is_not_found(client: Client) -> None:
    response = await client.get("/v1/games/ffffffffffffffffffffffff/log")

    assert_problem(response, 404, "game/not_found")


async def test_the_log_refuses_a_token_that_is_not_a_seat(client: Client) -> None:
    game = await create_game(client)

    response = await client.get(f"{game.url}/log", headers={"Authorization": "Bearer nope"})

    assert_problem(response, 401, "auth/invalid_token")


async def test_a_redacted_entry_hash_does_not_reveal_the_hidden_hand(client: Client) -> None:
    game = await create_game(client, players=2)
    await play_first_moves(game, 6)  # the sixth play ends the hand: hand 2 is dealt in its entry
    entries = await game.log(0)
    entry = entries[-1]
    (dealt,) = dealt_events([entry])
    assert dealt["hand"] == 2
    assert dealt["hands"][1] == []

    seen = set(card_leaves(entries))  # seat 0's cards and every public card so far
    unknown = [c for c in DECK if c not in seen]
    recovered = None
    for guess in combinations(unknown, 3):
        dealt["hands"][1] = list(guess)
        if entry_hash(entry) == entry["hash"]:
            recovered = guess
            break

    assert recovered is None, f"seat 0 recovered seat 1's hand {recovered} from the hash"
