"""Creating a game: its seats (people with tokens, bots, open seats with invites), its rules
and seeds, its first entry; a game with open seats waits for its players, dealing nothing."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import msgspec
from msgspec import UNSET, UnsetType

import engine
from service.core.audits.commitments import Seeds, seeds_for
from service.core.games.journal import Journal
from service.core.games.messages import (
    BotPlayer,
    CreatedGame,
    CreateGame,
    OpenSeat,
    Player,
    PlayerEntry,
    SeatToken,
)
from service.core.games.presented import seat_view
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.invites import invite
from service.core.lifecycle.lobby import Lobby
from service.core.ratings.player_ids import given_ids, rated_info
from service.core.ratings.player_secrets import Named, PlayerSecrets
from service.core.webhooks.webhooks import Webhooks
from service.errors import ServiceError
from service.ledger.chain import GameInfo, RatedInfo
from service.ledger.game_meta import GameMeta, SeatMeta
from service.ledger.log import Opening, iso, new_salt_key, now_ms
from service.ledger.names import player_names
from service.ledger.ratings import ladder_of
from service.ledger.replay import rules_of
from service.ledger.signatures import KeyRing
from service.settings import secret_hash
from service.store.commitment_store import USED_UP, CommitmentStore
from service.store.games_repository import NEW_GAME
from service.store.webhook_store import hook_bytes


def as_player(entry: str | PlayerEntry | BotPlayer) -> Player:
    """A seat of a create request as the use cases take it: a name, a bot or an open seat
    (callers in the process may give a `BotPlayer` as it is)."""
    if isinstance(entry, str | BotPlayer):
        return entry
    name, bot, opened = entry.name, entry.bot, entry.open
    unset = isinstance(bot, UnsetType) and isinstance(opened, UnsetType)
    if isinstance(name, str) and isinstance(entry.player_id, str) and unset:
        return name
    lone = isinstance(entry.player_secret, UnsetType)  # a secret goes with a player id
    if lone and opened is True and isinstance(name, UnsetType) and isinstance(bot, UnsetType):
        return OpenSeat()
    if lone and isinstance(name, str) and isinstance(bot, str) and isinstance(opened, UnsetType):
        return BotPlayer(name=name, bot=bot)
    raise ServiceError(
        "request/invalid",
        400,
        'a player is a name, {{"name", "player_id"}}, {{"name", "bot"}} or {{"open": true}}',
        field="players",
    )


def seat_names(players: list[Player]) -> list[str]:
    """The names of the seats in NFC (open seats: empty), each one shown and its own
    (`names.player_names`)."""
    given = ["" if isinstance(p, OpenSeat) else str(getattr(p, "name", p)) for p in players]
    return list(player_names(given))


def people_of(players: list[Player]) -> list[int]:
    """The seats of the people (not the bots; open seats are for people); at least one is
    needed."""
    people = [seat for seat, p in enumerate(players) if not isinstance(p, BotPlayer)]
    if not people:
        raise ServiceError(
            "game/no_person",
            422,
            "seat at least one person: bots alone are not served",
            field="players",
        )
    return people


def seat_meta(
    name: str, player: Player, token: str | None, code: str | None, player_id: str = ""
) -> SeatMeta:
    """A seat as stored, under its checked `name`: a person by its token's hash, a bot by its
    level (and no token), an open seat by its invite's hash."""
    if isinstance(player, OpenSeat):
        assert code is not None
        return SeatMeta("", "", open=True, invite_hash=secret_hash(code), opened=1)
    if isinstance(player, BotPlayer):
        return SeatMeta(name, "", player.bot)
    assert token is not None
    return SeatMeta(name, secret_hash(token), player_id=player_id)


def game_info(
    rules: engine.Rules,
    names: list[str],
    seeds: Seeds,
    opened: list[int],
    bots: tuple[int, ...],
    rated: RatedInfo | UnsetType = UNSET,
) -> GameInfo:
    """What a game's first entry records: its rules, seats, seeds, open seats and (for a
    clocked game) the seats bots play, whose moves start no clock."""
    return GameInfo(
        rules=rules,
        players=tuple(names),
        seed=seeds.seed,
        seed_commitment=seeds.commitment,
        client_seed=seeds.client_seed,
        commitment_id=seeds.commitment_id,
        seed_salt=seeds.salt if seeds.salt is not None else UNSET,
        open=tuple(opened) if opened else UNSET,
        bots=bots if rules.clock is not None and bots else UNSET,
        rated=rated,
    )


@dataclass(frozen=True, slots=True)
class Placed:
    """A game whose seats are decided before it exists (a tournament's table): its id, rules,
    seats as stored, seed (committed to by its SHA-256), creating API key and tournament."""

    game_id: str
    rules: engine.Rules
    seats: tuple[SeatMeta, ...]
    seed: str
    key: str | None
    tournament: str


def named_seats(entries: list[str | PlayerEntry], ids: list[str]) -> list[Named]:
    """The player ids a create request names, each with the secret given beside it."""
    return [
        Named(player_id, secret_of(entry), "players", seat)
        for seat, (entry, player_id) in enumerate(zip(entries, ids, strict=True))
        if player_id
    ]


def secret_of(entry: object) -> str | None:
    """The `player_secret` an entry of a request gives (None: none)."""
    secret = getattr(entry, "player_secret", None)
    return secret if isinstance(secret, str) else None


class Creation:
    """New games in `journal`; their seeds from `commitments`, their webhook from `webhooks`,
    the player ids they name vouched for by `secrets`."""

    def __init__(
        self,
        journal: Journal,
        commitments: CommitmentStore,
        webhooks: Webhooks,
        lobby: Lobby,
        clocks: Clocks,
        ring: KeyRing,
        player_secrets: PlayerSecrets,
    ) -> None:
        self.journal = journal
        self.commitments = commitments
        self.webhooks = webhooks
        self.lobby = lobby
        self.clocks = clocks
        self.ring = ring
        self.secrets = player_secrets

    async def create(self, request: CreateGame, api_key: str | None = None) -> CreatedGame:
        """Create a game; with open seats it waits for its players, dealing nothing. Its
        webhook: the request's, or else the one the creating API key (by its id) names."""
        players = [as_player(p) for p in request.players]
        webhook, shown = await self.webhooks.for_game(request.webhook, api_key)
        names = seat_names(players)
        rules = rules_of(request.preset, request.rules, len(names))
        people_of(players)
        ids = given_ids(request.players)
        rated = rated_info(request, players, ids, api_key)
        await self.secrets.vouch(named_seats(request.players, ids))
        bots = tuple(seat for seat, p in enumerate(players) if isinstance(p, BotPlayer))
        game_id = secrets.token_hex(12)
        seeds = await seeds_for(self.commitments, request, game_id)
        created = now_ms()
        tokens = {s: secrets.token_urlsafe(32) for s, p in enumerate(players) if isinstance(p, str)}
        invites = {
            s: invite(self.ring, game_id, s, 1)
            for s, p in enumerate(players)
            if isinstance(p, OpenSeat)
        }
        seats = tuple(
            seat_meta(name, player, tokens.get(s), invites.get(s), ids[s])
            for s, (name, player) in enumerate(zip(names, players, strict=True))
        )
        meta = GameMeta(
            seats=seats,
            seed_commitment=seeds.commitment,
            created=iso(created),
            commitment_id=seeds.commitment_id,
            client_seed=seeds.client_seed,
            key=api_key,
            ladder=ladder_of(request.preset, len(players)),
            rated=request.rated,
        )
        if invites:  # a waiting game: its preset and creator, and whether the lobby lists it
            creator = min(tokens) if tokens else None
            meta = msgspec.structs.replace(
                meta, preset=request.preset, lobby=request.lobby, creator=creator
            )
        info = game_info(rules, names, seeds, sorted(invites), bots, rated)
        # A commitment is used up once consumed, even if the game's own write is not confirmed.
        advice = USED_UP if seeds.commitment_id is not None else NEW_GAME
        await self.lobby.announce(game_id, meta)  # before the write: a crash never unlists it
        opened = await self.journal.open(
            game_id, Opening(info, created, new_salt_key()), meta, advice, hook_bytes(webhook)
        )
        if opened is None:
            raise ServiceError("game/id_collision", 409, "try again")  # pragma: no cover
        game, entry = opened
        answered = [SeatToken(seat=s, name=names[s], token=t) for s, t in tokens.items()]
        answered += [SeatToken(seat=s, name="", invite=i) for s, i in invites.items()]
        return CreatedGame(
            game_id=game_id,
            players=sorted(answered, key=lambda p: p.seat),
            seed_commitment=meta.seed_commitment,
            version=1,
            view=seat_view(game_id, game, None, self.clocks),
            commitment_id=seeds.commitment_id,
            client_seed=seeds.client_seed,
            receipt=self.ring.receipt(game_id, 1, entry.hash),
            webhook=shown or UNSET,
        )

    async def place(self, placed: Placed) -> bool:
        """Open a game whose seats are decided (people by their token's hash, bots by level)
        under its given id, dealing at once; False when a game has that id already."""
        created = now_ms()
        seeds = Seeds(placed.seed)
        meta = GameMeta(
            seats=placed.seats,
            seed_commitment=seeds.commitment,
            created=iso(created),
            key=placed.key,
            tournament=placed.tournament,
        )
        names = [seat.name for seat in placed.seats]
        bots = tuple(seat for seat, kept in enumerate(placed.seats) if kept.bot is not None)
        info = game_info(placed.rules, names, seeds, [], bots)
        opening = Opening(info, created, new_salt_key())
        return await self.journal.open(placed.game_id, opening, meta, NEW_GAME) is not None
