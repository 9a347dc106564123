"""The wire shapes of webhooks: a subscription asked for and answered, the deliveries of a
game, and the events POSTed to a receiver (each a named schema, `type` its tag)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from bots.levels import BotLevel
from engine.scoring import Outcome
from service.ledger.chain import LogEntry

WebhookUrl = Annotated[
    str,
    Meta(
        min_length=8,
        max_length=2048,
        description="an absolute `https` URL (plain `http` only to hosts in "
        "`ESCOPA_WEBHOOK_ALLOW`), no credentials",
        examples=["https://example.com/escopa-hook"],
    ),
]
DeliveryState = Literal["pending", "delivered", "failed"]
WebhookEventType = Literal[
    "game.started",
    "turn",
    "timeout",
    "game.finished",
    "round.started",
    "table.result",
    "tournament.finished",
]


def event_type(event: msgspec.Struct) -> str:
    """An event's type, as deliveries and streams name it: its Struct's tag."""
    return str(type(event).__struct_config__.tag)


class WebhookRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Where to POST a game's (or a tournament's) events, and which: `events` names the event
    types to deliver (default: all of them); the others are never sent nor listed, so a
    filtered subscription's deliveries skip the `seq`s of the entries it left out."""

    url: WebhookUrl
    events: Annotated[list[WebhookEventType], Meta(min_length=1, max_length=7)] | UnsetType = UNSET


class WebhookSubscription(msgspec.Struct, kw_only=True):
    """A webhook subscription: its URL and its signing secret, shown only in this answer (the
    service derives it again when it signs and never stores it)."""

    url: str
    secret: str
    events: list[WebhookEventType] | UnsetType = UNSET


class WebhookDelivery(msgspec.Struct, kw_only=True):
    """One event's delivery: its id (the `X-Escopa-Delivery` header), the event, the log entry
    it comes from, the attempts made, the last answer's status or the last error, and its
    state (`pending` until it is delivered, `failed` once the attempts are spent)."""

    id: str
    event: str
    seq: int
    attempts: int
    state: DeliveryState
    last_status: int | None = None
    last_error: str | None = None


class WebhookDeliveries(msgspec.Struct, kw_only=True):
    """A game's webhook deliveries, in the order they are made; the `url` only for the API
    key that created the game (a seat never sees it)."""

    game_id: str
    url: str | UnsetType = UNSET
    deliveries: list[WebhookDelivery]


class WebhookPlayer(msgspec.Struct, kw_only=True):
    """A seat as an event names it: its player's name, and its level for a bot."""

    seat: int
    name: str
    bot: BotLevel | None = None


class GameStartedEvent(msgspec.Struct, kw_only=True, tag_field="type", tag="game.started"):
    """The game is dealt (at creation, or by the join that took its last open seat)."""

    id: str
    game_id: str
    seq: int
    time: str
    players: list[WebhookPlayer]


class TurnEvent(msgspec.Struct, kw_only=True, tag_field="type", tag="turn"):
    """A seat must act (play, or deal when a deal is due) at `version`; `deadline`, the UTC
    time by which it must, when the game has a clock (else null)."""

    id: str
    game_id: str
    seq: int
    time: str
    seat: int
    player: str
    version: int
    deadline: str | None = None


class GameFinishedEvent(msgspec.Struct, kw_only=True, tag_field="type", tag="game.finished"):
    """The match is over: its outcome (won, draw, shared, resigned, aborted...) and every
    side's final score."""

    id: str
    game_id: str
    seq: int
    time: str
    outcome: Outcome
    scores: tuple[int, ...]


class TimeoutEvent(msgspec.Struct, kw_only=True, tag_field="type", tag="timeout"):
    """A seat ran out of time: the log's `timeout` entry as a spectator sees it."""

    id: str
    game_id: str
    seq: int
    time: str
    seat: int | None
    entry: LogEntry


WebhookEvent = GameStartedEvent | TurnEvent | GameFinishedEvent | TimeoutEvent
