"""Player ids on seats: the integrator's ids for the people it seats, scoped to its API key, and
what a rated game needs of them (every person named; bots as `bot:<level>`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from msgspec import UNSET, UnsetType

from service.core.games.messages import BotPlayer, CreateGame, OpenSeat, Player, PlayerEntry
from service.errors import ServiceError
from service.ledger.chain import RatedInfo
from service.ledger.ratings import BOT_PREFIX, ladder_of

NO_KEYS_SCOPE: Final = "-"
"""The one scope of player ids on a server without API keys."""


def scope_of(key: str | None) -> str:
    """The scope of the player ids a request names: its API key's id, or the one scope."""
    return key if key is not None else NO_KEYS_SCOPE


def given_ids(entries: Sequence[str | PlayerEntry]) -> list[str]:
    """The player id each seat of a create request names ('' none), each checked."""
    ids = [
        "" if isinstance(e, str) or isinstance(e.player_id, UnsetType) else e.player_id
        for e in entries
    ]
    for seat, player_id in enumerate(ids):
        checked(player_id, seat)
        if player_id and ids.index(player_id) != seat:
            raise ServiceError(
                "player/duplicate",
                422,
                "seats {seat} and {seat2} name the same player '{player_id}'",
                field="players",
                index=seat,
                seat=ids.index(player_id),
                seat2=seat,
                player_id=player_id,
            )
    return ids


def checked(player_id: str, seat: int) -> str:
    """A person's player id, refused when it takes a bot's form (`bot:<level>`)."""
    if player_id.startswith(BOT_PREFIX):
        raise ServiceError(
            "player/reserved_id",
            422,
            "seat {seat}: ids starting 'bot:' are the bots'",
            field="players",
            index=seat,
            seat=seat,
        )
    return player_id


def rated_players(players: Sequence[Player], ids: Sequence[str]) -> tuple[str, ...]:
    """Each seat's rated player: its id, or `bot:<level>` for a bot seat; 422 naming the
    first person (or open) seat without an id."""
    rated: list[str] = []
    for seat, (player, player_id) in enumerate(zip(players, ids, strict=True)):
        if isinstance(player, BotPlayer):
            rated.append(f"{BOT_PREFIX}{player.bot}")
        elif isinstance(player, OpenSeat) or not player_id:
            raise ServiceError(
                "rating/player_id_required",
                422,
                "seat {seat} of a rated game needs a `player_id`: every person of a rated game is "
                "named when it is created",
                field="players",
                index=seat,
                seat=seat,
            )
        else:
            rated.append(player_id)
    return tuple(rated)


def rated_info(
    request: CreateGame, players: Sequence[Player], ids: Sequence[str], key: str | None
) -> RatedInfo | UnsetType:
    """What a rated game's first entry records of its players (nothing for an unrated one)."""
    if not request.rated:
        return UNSET
    ladder = ladder_of(request.preset, len(players))
    return RatedInfo(ladder=ladder, scope=scope_of(key), players=rated_players(players, ids))
