"""Partner signals: logged, seen by the partner only while the game runs, by all after it."""

from __future__ import annotations

import pytest

from tests.harness.api import Client, Game, assert_problem, create_game, ok


async def signalled_game(client: Client, **rules: object) -> tuple[Game, int]:
    """A 4-player escopa game where seat 1 signalled `guindis`; returns the signal's seq."""
    game = await create_game(client, players=4, **rules)  # type: ignore[arg-type]
    result = ok(await game.signal(1, "guindis"))
    receipt = result.pop("receipt")
    assert result == {"version": 2, "seq": 2, "to_seat": 3}
    assert (receipt["game_id"], receipt["seq"]) == (game.id, 2)
    return game, result["seq"]


def signal_entry(entries: list[dict[str, object]], seq: int) -> dict[str, object]:
    (entry,) = [e for e in entries if e["seq"] == seq]
    assert entry["type"] == "signal"
    assert entry["seat"] == 1
    assert entry["move"] is None
    assert entry["state_hash"] is None
    return entry


async def test_a_signal_is_logged_and_only_the_partner_sees_its_kind(client: Client) -> None:
    game, seq = await signalled_game(client)

    seen = {seat: signal_entry(await game.log(seat), seq)["signal"] for seat in range(4)}

    assert seen == {0: None, 1: "guindis", 2: None, 3: "guindis"}
    assert signal_entry(await game.log(None), seq)["signal"] is None


async def test_a_signal_advances_the_version_but_not_the_game(client: Client) -> None:
    game = await create_game(client, players=4)
    before = await game.view()

    ok(await game.signal(0, "seven"))

    after = await game.view()
    assert after["version"] == before["version"] + 1
    assert {k: v for k, v in after.items() if k != "version"} == {
        k: v for k, v in before.items() if k != "version"
    }


async def test_everyone_sees_the_signals_once_the_game_is_over(client: Client) -> None:
    game, seq = await signalled_game(client, target=1)

    assert (await game.play_out())["status"] == "finished"

    for reader in (None, 0, 1, 2, 3):
        assert signal_entry(await game.log(reader), seq)["signal"] == "guindis"


async def test_a_signal_after_the_game_is_over_is_refused(client: Client) -> None:
    game = await create_game(client, players=4, target=1)
    version = (await game.play_out())["version"]

    assert_problem(await game.signal(0, "seven"), 409, "move/game_over")
    assert await game.version() == version


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
    assert await game.version() == 1
