"""A game's log entries as webhook events: pure, and the same for every log entry type.

An entry yields, in order: the event its type names (`timeout`), `game.started` when it dealt
the game, `turn` when a seat must act after it, `game.finished` when it ended the match.
Nothing hidden: the entry is shown as a spectator sees it, the rest are public facts.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Final

import engine
from engine import State
from service.core.webhooks.webhook_messages import (
    GameFinishedEvent,
    GameStartedEvent,
    TimeoutEvent,
    TurnEvent,
    WebhookEvent,
    WebhookPlayer,
)
from service.ledger.chain import LogEntry, visible
from service.ledger.game_meta import GameMeta

RUNNING: Final = frozenset({"playing", "dealing"})
ENTRY_EVENTS: Final = frozenset({"timeout"})
"""Log entry types that are an event of their own, named as the entry."""


def delivery_id(game_id: str, seq: int, index: int) -> str:
    """The id of the `index`-th event of entry `seq`: the same on every attempt."""
    return f"{game_id}.{seq}.{index}"


def events_of(
    game_id: str,
    entry: LogEntry,
    before: State | None,
    after: State,
    meta: GameMeta,
    deadline: str | None = None,
) -> list[WebhookEvent]:
    """The events of `entry`, which took the game from `before` (None: it created it) to
    `after`; `deadline`: when the seat to act after it runs out of time (None: no clock)."""
    made: list[WebhookEvent] = []

    def common() -> dict[str, Any]:
        index = len(made)
        return {
            "id": delivery_id(game_id, entry.seq, index),
            "game_id": game_id,
            "seq": entry.seq,
            "time": entry.time,
        }

    finished = after.status == "finished"
    if entry.type in ENTRY_EVENTS:
        shown = visible(entry, None, finished, after.rules)
        made.append(TimeoutEvent(**common(), seat=entry.seat, entry=shown))
    if after.status in RUNNING and (before is None or before.status == "waiting"):
        players = [WebhookPlayer(seat=s, name=m.name, bot=m.bot) for s, m in enumerate(meta.seats)]
        made.append(GameStartedEvent(**common(), players=players))
    seat = engine.current_seat(after)
    if after.status in RUNNING and seat is not None:
        made.append(
            TurnEvent(
                **common(),
                seat=seat,
                player=meta.seats[seat].name,
                version=entry.seq,
                deadline=deadline,
            )
        )
    if finished and (before is None or before.status != "finished"):
        assert after.outcome is not None
        made.append(GameFinishedEvent(**common(), outcome=after.outcome, scores=after.scores))
    return made


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The `X-Escopa-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256,
    under the secret, of "<t>.<body>">` (Stripe's scheme)."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"
