"""Games with bot seats, played through the HTTP API: the people's moves are the test's, the
bots' are the service's own.

The test knows the seed, so it follows the game with the engine (replaying every logged move
and checking its state hash) to know who must act; it never reads the service's state.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec

import engine
from tests.harness.api import Client, Game, Json, chosen_seed, ok

Chooser = Callable[[engine.State, int, random.Random], engine.Move]

WAIT: Final = 60.0
"""Seconds a test waits for the bots to reply before it fails."""


def bot(name: str, level: str) -> Json:
    """A bot seat's player entry."""
    return {"name": name, "bot": level}


@dataclass
class Table:
    """A game with bot seats as one person sees it, followed move by move with the engine."""

    game: Game
    people: list[int]
    state: engine.State
    seq: int = 1
    bot_moves: int = 0
    replies: list[float] = field(default_factory=list)
    """Seconds from each person's move acknowledged to the bots' reply seen in the view."""
    choose: Chooser = field(
        default=lambda state, seat, rng: rng.choice(engine.legal_moves(state, seat))
    )
    """How the people choose their moves."""

    @property
    def watcher(self) -> int:
        return self.people[0]

    async def catch_up(self) -> int:
        """Apply the log's new entries to the followed state; the game's version."""
        page = ok(await self.game.log_page(self.watcher, after=self.seq, limit=200))
        for entry in page["entries"]:
            self.seq = entry["seq"]
            move = engine.parse_move(entry["move"])
            self.state, _ = engine.apply(self.state, entry["seat"], move)
            assert entry["state_hash"] == engine.state_hash(self.state), entry["seq"]
            self.bot_moves += entry["seat"] not in self.people
        head: int = page["head"]  # read before the entries: they may go beyond it
        return self.seq if self.seq >= head else await self.catch_up()

    async def wait_past(self, version: int) -> int:
        """Poll the view until the game is past `version` (a bot acted); the new version."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            now: int = (await self.game.view(self.watcher))["version"]
            if now > version:
                return now
            await asyncio.sleep(0.005)
        raise AssertionError(f"no bot acted after version {version} in {WAIT} s")

    async def act(self, seat: int, rng: random.Random, version: int) -> None:
        """`seat`'s (a person's) move, chosen by `choose` (a random legal move), at `version`."""
        move = self.choose(self.state, seat, rng)
        body = {"expected_version": version}
        if isinstance(move, engine.Deal):
            ok(await self.game.deal(seat, body))
        else:
            ok(await self.game.post_move(seat, {**body, "move": str(move)}))

    async def step(self, rng: random.Random) -> bool:
        """One person's move, or the bots' reply awaited; False once the match is over."""
        version = await self.catch_up()
        seat = engine.current_seat(self.state)
        if seat is None:
            return False
        if seat not in self.people:
            await self.wait_past(version)
            return True
        await self.act(seat, rng, version)
        acked = time.perf_counter()
        after = await self.catch_up()
        if engine.current_seat(self.state) not in (*self.people, None):
            await self.wait_past(after)
            self.replies.append(time.perf_counter() - acked)
        return True

    async def play_out(self, rng: random.Random, max_steps: int = 5000) -> Json:
        """People play random legal moves, bots play theirs, until the match is over."""
        for _ in range(max_steps):
            if not await self.step(rng):
                return await self.game.view(self.watcher)
        raise AssertionError("the match did not end")  # pragma: no cover


async def seat_bots(
    client: Client,
    players: list[str | Json],
    seed: str = "bots",
    preset: str = "escopa",
    **rules: Any,
) -> Table:
    """A game created over HTTP with these players (names, or `bot(...)` entries), from the
    seed label `seed` (`chosen_seed`)."""
    seed = chosen_seed(seed)
    body: Json = {"players": players, "preset": preset, "seed": seed}
    if rules:
        body["rules"] = rules
    created = ok(await client.post("/v1/games", json=body), 201)
    tokens = [""] * len(players)
    for person in created["players"]:
        tokens[person["seat"]] = person["token"]
    game = Game(client, created["game_id"], tokens, created)
    people = [seat for seat, player in enumerate(players) if isinstance(player, str)]
    first = ok(await game.log_page(people[0], after=0, limit=1))["entries"][0]
    state, _ = engine.start(msgspec.convert(first["game"]["rules"], engine.Rules), seed)
    assert first["state_hash"] == engine.state_hash(state)
    return Table(game, people, state)
