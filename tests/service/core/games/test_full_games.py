"""Whole matches through HTTP: every preset with 2, 3 and 4 players, random legal moves."""

from __future__ import annotations

import random

import msgspec
import pytest

import engine
from engine.rules import side_count
from tests.harness.api import (
    Client,
    assert_chain,
    assert_score_sheet,
    chosen_seed,
    committed_to,
    create_game,
    replay,
    sha256_hex,
)

pytestmark = pytest.mark.slow  # whole matches, seconds of CPU: make test, not make check


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["escopa", "escoba", "escova"])
async def test_a_whole_match_plays_to_the_end_and_its_log_replays(
    client: Client, preset: str, players: int
) -> None:
    seed = chosen_seed(f"full {preset} {players}")
    game = await create_game(client, players=players, preset=preset, seed=seed)

    finished = await game.play_out(random.Random(seed))

    assert finished["status"] == "finished"
    assert finished["seed"] == seed
    entries = await game.log()
    assert committed_to(entries[0]["game"]) == game.created["seed_commitment"]
    assert sha256_hex(seed) != game.created["seed_commitment"], "a chosen seed is salted"
    assert len(entries) == finished["version"]
    assert_chain(entries)
    final = replay(entries)
    assert final.status == "finished"
    rules = engine.make_rules(preset, {"players": players})
    assert entries[0]["game"]["rules"]["target"] == rules.target
    sheet = await game.score()
    assert_score_sheet(sheet, entries[0]["game"]["rules"]["points"], side_count(rules))
    assert tuple(sheet["totals"]) == final.scores
    assert sheet["outcome"] == msgspec.json.decode(msgspec.json.encode(final.outcome))
    assert [s["score"] for s in finished["sides"]] == sheet["totals"]


async def test_a_match_dealt_by_hand_plays_to_the_end(client: Client) -> None:
    game = await create_game(
        client, players=3, preset="escoba", seed="by hand", auto_deal=False, target=5
    )

    finished = await game.play_out(random.Random(7))

    entries = await game.log()
    deals = [e for e in entries if e["type"] == "deal"]
    assert len(deals) == 4 * len((await game.score())["rounds"])  # four hands a round
    assert_chain(entries)
    replay(entries)
    assert finished["status"] == "finished"
