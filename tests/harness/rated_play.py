"""Rated games played through the service by bots, for the abuse watch's simulation and its
bench (`bench/watch.py`): each person seat moves as the service's hint at its player's bot
level says, and gives a game up early (resigns at its first turn) when its player's behaviour
says so: an honest player now and then, a sandbagger most of the time, a friend feeding a
booster every time they meet."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service.settings import LimitSettings, Rate, RatingSettings, Settings
from tests.harness.ratings import named
from tests.harness.settings import app_settings

UNLIMITED = Rate(0, 60.0)


def simulation_settings(redis_url: str, ratings: RatingSettings | None = None) -> Settings:
    """The service as the simulation plays it: no rate limit on its many requests and hints;
    the ratings' settings (the watch's thresholds) as given."""
    limits = msgspec.structs.replace(
        LimitSettings(), requests=UNLIMITED, creations=UNLIMITED, hints=UNLIMITED
    )
    return app_settings(redis_url, limits=limits, ratings=ratings or RatingSettings())


@dataclass(frozen=True)
class Player:
    """A simulated person: its player id, the bot level it plays at, the chance it gives a
    rated game up early, and the opponents it always gives its games up to (a booster's
    friend)."""

    player_id: str
    level: str = "greedy"
    give_up: float = 0.0
    feeds: frozenset[str] = field(default_factory=frozenset)

    def gives_up_to(self, opponent: str, rng: random.Random) -> bool:
        return opponent in self.feeds or rng.random() < self.give_up


@dataclass
class Played:
    """A finished simulated game: its id, players (seat order), who gave it up early."""

    game_id: str
    players: tuple[str, str]
    gave_up: str | None


async def play_rated(
    client: Any, seats: tuple[Player, Player], rng: random.Random, target: int = 1
) -> Played:
    """A rated game to `target` points between two players, played through the API."""
    names = ("Ana", "Bia")
    people = [await named(client, name, p.player_id) for name, p in zip(names, seats, strict=True)]
    body = {"players": people, "rated": True, "rules": {"target": target}}
    created = await client.post("/v1/games", json=body)
    assert created.status_code == 201, created.text
    game = created.json()
    game_id, url = game["game_id"], f"/v1/games/{game['game_id']}"
    tokens = [seat["token"] for seat in game["players"]]
    ids = (seats[0].player_id, seats[1].player_id)
    giving_up = [p.gives_up_to(ids[1 - s], rng) for s, p in enumerate(seats)]
    view = game["view"]
    while view["status"] != "finished":
        turn = view["turn"]
        auth = {"Authorization": f"Bearer {tokens[turn]}"}
        if giving_up[turn]:
            resigned = await client.post(f"{url}/resign", headers=auth)
            assert resigned.status_code == 200, resigned.text
            return Played(game_id, ids, ids[turn])
        hint = await client.get(f"{url}/hint", params={"level": seats[turn].level}, headers=auth)
        assert hint.status_code == 200, hint.text
        chosen = hint.json()
        move = {"move": chosen["move"]["id"], "expected_version": chosen["version"]}
        moved = await client.post(f"{url}/moves", json=move, headers=auth)
        assert moved.status_code == 200, moved.text
        view = moved.json()["view"]
    return Played(game_id, ids, None)


async def flagged(client: Any, players: list[str]) -> dict[str, str]:
    """The players the watch flags on `escopa-2p`, and why (`sandbag`, `boost`)."""
    found = {}
    for player_id in players:
        answer = await client.get(f"/v1/players/{player_id}")
        ladder = answer.json()["ratings"].get("escopa-2p") if answer.status_code == 200 else None
        if ladder is not None and ladder["flagged"] is not None:
            found[player_id] = ladder["flagged"]["kind"]
    return found
