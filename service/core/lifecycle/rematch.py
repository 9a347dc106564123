"""A rematch: the finished game again, same rules and seats, the first deal to the next seat.
One rematch per game, the same for every seat that asks, each with its own new token (made
again from the signing keys, so no token is stored)."""

from __future__ import annotations

import secrets
from typing import Final

import msgspec

import engine
from service.core.audits.commitments import Seeds
from service.core.games.access import Access
from service.core.games.creation import game_info
from service.core.games.journal import Change, Journal, nothing_answered
from service.core.games.messages import Rematch
from service.core.games.presented import seat_view
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.invites import rematch_id, rematch_token
from service.errors import ServiceError, busy
from service.ledger.game_meta import GameMeta, SeatMeta, open_seats
from service.ledger.log import Life, Opening, iso, new_salt_key, now_ms
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame
from service.settings import secret_hash
from service.store.games_repository import NEW_GAME
from service.store.webhook_store import WebhookStore, hook_bytes

TRIES: Final = 50
"""How often an offer that found the game moved on reads it again (only racers cause it)."""


class Rematches:
    """Rematches of the finished games in `journal` (their webhook subscriptions in `hooks`)."""

    def __init__(
        self, access: Access, journal: Journal, hooks: WebhookStore, clocks: Clocks, ring: KeyRing
    ) -> None:
        self.access = access
        self.journal = journal
        self.hooks = hooks
        self.clocks = clocks
        self.ring = ring

    async def rematch(self, game_id: str, token: str | None) -> Rematch:
        """The rematch of the finished game, as the token's seat takes it: created by the
        first seat that asks, and recorded in the finished game's log."""
        for _ in range(TRIES):
            game, seat = await self.access.writing(game_id, token)
            if game.state.status != "finished":
                raise ServiceError(
                    "game/not_finished",
                    409,
                    "game {game_id} is not over: no rematch yet",
                    game_id=game_id,
                )
            if open_seats(game.meta):
                raise ServiceError(
                    "rematch/seats_open", 409, "this game ended before its seats were taken"
                )
            new_id = game.meta.rematch or rematch_id(self.ring, game_id)
            if game.meta.rematch is None:
                await self._create(game_id, game, new_id)
                meta = msgspec.structs.replace(game.meta, rematch=new_id)
                life = Life("rematch", seat, now_ms() - game.ms, new_id)
                change = Change(record=life, meta=meta)
                stored = await self.journal.commit(
                    game_id, game, change, nothing_answered, type(None)
                )
                if stored.game is None:
                    continue
            return await self._answer(game_id, new_id, seat)
        raise busy()

    async def _create(self, game_id: str, game: StoredGame, new_id: str) -> None:
        """Store the rematch game (a racer may have stored it first: then it stays as it is)."""
        old = game.state
        rules = old.rules
        first, _ = engine.start(rules, old.seed)
        rules = msgspec.structs.replace(
            rules, first_dealer=(first.first_dealer + 1) % rules.players
        )
        seeds = Seeds(secrets.token_hex(32))
        seats = tuple(
            SeatMeta(kept.name, "", kept.bot)
            if kept.bot is not None
            else SeatMeta(kept.name, secret_hash(rematch_token(self.ring, new_id, at)))
            for at, kept in enumerate(game.meta.seats)
        )
        created = now_ms()
        meta = GameMeta(
            seats=seats,
            seed_commitment=seeds.commitment,
            created=iso(created),
            preset=game.meta.preset,
            rematch=None,
            key=game.meta.key,
        )
        bots = tuple(at for at, kept in enumerate(seats) if kept.bot)
        info = game_info(rules, [kept.name for kept in seats], seeds, [], bots)
        kept = await self.hooks.deliveries(game_id, game)
        hook = hook_bytes(kept.hook if kept is not None else None)  # the same one
        opening = Opening(info, created, new_salt_key())
        await self.journal.open(new_id, opening, meta, NEW_GAME, hook)

    async def _answer(self, game_id: str, new_id: str, seat: int) -> Rematch:
        game = await self.access.load(new_id)
        kept = game.meta.seats[seat]
        token = rematch_token(self.ring, new_id, seat, kept.token_hash)
        view = seat_view(new_id, game, seat, self.clocks)
        return Rematch(game_id=new_id, rematch_of=game_id, seat=seat, token=token, view=view)
