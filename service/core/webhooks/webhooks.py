"""Webhook subscriptions and their deliveries, as use cases: subscribe a game, a tournament
or an API key, derive a subscription's secret, turn a game's outbox (or a tournament's events,
under the subject `t:<id>`) into events, list their deliveries.

A secret is never stored: it is an HMAC under a key derived from the service's signing keys
(`KeyRing.derived`) of the subscription's scope and a random nonce, made again by whoever
signs a delivery. The game keeps only the URL, the scope, the nonce and the signing key's id.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final

import msgspec
from msgspec import UNSET

from service.core.games.access import Access
from service.core.games.journal import Journal
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.credentials import acting_seat
from service.core.tournaments.tournament_events import decoder as tournament_decoder
from service.core.tournaments.tournament_messages import TournamentEvent
from service.core.webhooks.webhook_events import events_of
from service.core.webhooks.webhook_messages import (
    WebhookDeliveries,
    WebhookDelivery,
    WebhookEvent,
    WebhookRequest,
    WebhookSubscription,
    event_type,
)
from service.core.webhooks.webhook_targets import checked
from service.errors import ServiceError, gone
from service.ledger.log import Cursor, decode_opening, decode_record, iso
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame
from service.settings import KEY_ID_LENGTH, Settings, matching_key_hash
from service.store.redis_keys import tournament_of
from service.store.tournament_store import TournamentStore
from service.store.webhook_store import DeliveryRecord, Hook, KeptDeliveries, WebhookStore

SECRET_PREFIX: Final = "whsec_"
AnyEvent = WebhookEvent | TournamentEvent
"""A body the webhook worker POSTs: a game's event or a tournament's."""


def secret_of(ring: KeyRing, hook: Hook) -> str | None:
    """The subscription's secret, made again (None: its signing key left the ring)."""
    made = ring.derived(f"webhook:{hook.scope}:{hook.nonce}")
    ids = list(ring.public)
    return SECRET_PREFIX + made[ids.index(hook.signer)] if hook.signer in ids else None


def api_key_id(settings: Settings, presented: str | None) -> str | None:
    """The id (a prefix of its hash) of a valid API key of this server, or None."""
    found = matching_key_hash(settings.keys.api_hashes, presented)
    return found[:KEY_ID_LENGTH] if found is not None else None


class Webhooks:
    """Subscriptions and deliveries over the games' store."""

    def __init__(
        self,
        access: Access,
        journal: Journal,
        store: WebhookStore,
        tournaments: TournamentStore,
        clocks: Clocks,
        ring: KeyRing,
        allow: Sequence[str],
    ) -> None:
        self.access = access
        self.journal = journal
        self.clocks = clocks
        self.ring = ring
        self.store = store
        self.tournaments = tournaments
        self.allow = frozenset(allow)

    async def subscription(
        self, request: WebhookRequest, scope: str, key: str
    ) -> tuple[Hook, WebhookSubscription]:
        """A new subscription to the checked URL, for the event types asked (default: all),
        and its secret (to show once)."""
        url = request.url
        await checked(url, self.allow)
        ring = self.ring
        events = tuple(dict.fromkeys(request.events)) if request.events else ()
        hook = Hook(
            url=url,
            scope=scope,
            nonce=secrets.token_hex(16),
            signer=ring.signer_id,
            key=key,
            events=events,
        )
        secret = secret_of(ring, hook)
        assert secret is not None
        shown = WebhookSubscription(url=url, secret=secret, events=request.events)
        return hook, shown

    async def for_game(
        self, request: WebhookRequest | None, key: str | None, scope: str = "game"
    ) -> tuple[Hook | None, WebhookSubscription | None]:
        """A new game's (or tournament's) subscription: the one its request names (its secret
        shown once), or else the one its API key names (its secret was shown when the key
        named it)."""
        if request is not None:
            return await self.subscription(request, scope, key or "")
        if key is None:
            return None, None
        kept = await self.store.key_hook(key)
        if kept is None:
            return None, None
        return msgspec.structs.replace(kept, key=key), None

    async def name_for_key(self, key: str | None, request: WebhookRequest) -> WebhookSubscription:
        """Name the webhook of every game the API key creates from now on; its secret once."""
        if key is None:
            raise key_required()
        hook, shown = await self.subscription(request, f"key:{key}", key)
        await self.store.set_key_hook(key, hook)
        return shown

    async def drop_for_key(self, key: str | None) -> None:
        if key is None:
            raise key_required()
        await self.store.set_key_hook(key, None)

    async def due_events(self, subject: str, seqs: list[int]) -> dict[int, list[AnyEvent]] | None:
        """The events of the outbox entries `seqs` of a game or a tournament (`t:<id>`), by
        seq; None when the game is gone."""
        tournament_id = tournament_of(subject)
        if tournament_id is not None:
            return await self.tournament_events(tournament_id, seqs)
        try:
            game = await self.access.load(subject)
        except ServiceError as error:
            if gone(error):
                return None
            raise
        return widened(await self.events(subject, game, seqs))

    async def tournament_events(
        self, tournament_id: str, seqs: list[int]
    ) -> dict[int, list[AnyEvent]]:
        """A tournament's events numbered `seqs` (one event each), by number."""
        if not seqs:
            return {}
        first, last = min(seqs), max(seqs)
        found = await self.tournaments.events(tournament_id, first - 1, last - first + 1)
        events = [tournament_decoder.decode(data) for data in found]
        return {e.seq: [e] for e in events if e.seq in seqs}

    async def events(
        self, game_id: str, game: StoredGame, seqs: list[int]
    ) -> dict[int, list[WebhookEvent]]:
        """The events of the entries `seqs` of the game as loaded, by seq (replayed)."""
        wanted = set(seqs)
        found: dict[int, list[WebhookEvent]] = {}
        if not wanted:
            return found
        records = await self.journal.store.records_of(game_id, game, 0, max(wanted) - 1)
        cursor, entry = Cursor.opening(decode_opening(records[0]))
        assert entry is not None
        if 1 in wanted:
            found[1] = events_of(
                game_id, entry, None, cursor.state, game.meta, self._deadline(cursor)
            )
        for record in records[1:]:
            before = cursor.state
            entry = cursor.step(decode_record(record))
            assert entry is not None
            if entry.seq in wanted:
                after = cursor.state
                found[entry.seq] = events_of(
                    game_id, entry, before, after, game.meta, self._deadline(cursor)
                )
        return found

    def _deadline(self, cursor: Cursor) -> str | None:
        """When the seat to act after the cursor's entry runs out of time (UTC), or None."""
        ms = self.clocks.deadline(cursor.state, cursor.timing)
        return iso(ms) if ms is not None else None

    async def deliveries(
        self, game_id: str, token: str | None, key: str | None
    ) -> WebhookDeliveries:
        """The game's deliveries, for one of its seats or the API key that created it; only
        that key sees the URL (a URL often holds a credential, and a seat may be a stranger
        who joined from the lobby)."""
        game = await self.access.load(game_id)
        kept = await self.store.deliveries(game_id, game)
        hook = kept.hook if kept is not None else None
        seat = token is not None or key is None
        if seat:
            acting_seat(game.meta, token)  # a seat's token (401 without one)
        elif hook is None or key != hook.key:
            raise ServiceError(
                "webhook/forbidden", 403, "this API key did not create this game's webhook"
            )
        if kept is None or hook is None:
            raise ServiceError(
                "webhook/not_found", 404, "game '{game_id}' has no webhook", game_id=game_id
            )
        events = await self.events(game_id, game, [seq for _, seq in kept.outbox])
        url = UNSET if seat else hook.url
        listed = listed_deliveries(kept, widened(events))
        return WebhookDeliveries(game_id=game_id, url=url, deliveries=listed)


def widened(events: dict[int, list[WebhookEvent]]) -> dict[int, list[AnyEvent]]:
    """A game's events by seq, typed as any subject's."""
    return {seq: [*made] for seq, made in events.items()}


def listed_deliveries(
    kept: KeptDeliveries, events: dict[int, list[AnyEvent]]
) -> list[WebhookDelivery]:
    """Every delivery of the outbox's events, in order, with its state (`pending` before any
    attempt)."""
    listed = []
    for _, seq in kept.outbox:
        for event in events.get(seq, []):
            if not kept.hook.delivers(event_type(event)):
                continue
            record = kept.states.get(event.id, DeliveryRecord(attempts=0, state="pending"))
            listed.append(
                WebhookDelivery(
                    id=event.id,
                    event=event_type(event),
                    seq=seq,
                    attempts=record.attempts,
                    state=record.state,
                    last_status=record.status,
                    last_error=record.error,
                )
            )
    return listed


def key_required() -> ServiceError:
    return ServiceError(
        "auth/api_key_required",
        401,
        "naming a webhook for an API key needs one of this server's API keys (`X-API-Key`)",
    )
