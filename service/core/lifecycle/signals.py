"""Partner signals: kept beside the log (the version stays), so no one but the partner can
tell one was sent until the entry that ends the match records every signal (the journal
does that)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Final

import engine
from engine import IllegalMove
from engine.events import HandDealt
from service.core.games.access import Access
from service.core.games.journal import Journal
from service.core.games.messages import SignalRequest, SignalResult
from service.core.lifecycle.credentials import acting_seat
from service.errors import ServiceError, busy, not_found
from service.ledger.chain import SentSignal, Signal, partner_of, seen_signals
from service.ledger.stored_game import StoredGame

SIGNAL_TRIES: Final = 20
"""How often a signal is tried again when a move or another signal came first (each try is
one script; only a busy game's other seats can make one fail)."""
HAND_ENTRIES: Final = 64
"""Entries read back to find the deal of the hand now played: a hand has far fewer (twelve
plays at most, each with its claim, and a deal)."""


def now() -> str:
    """The current UTC time, ISO 8601 with milliseconds."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Signals:
    """Signals of the games in `journal`, read through `access`."""

    def __init__(self, access: Access, journal: Journal) -> None:
        self.access = access
        self.journal = journal
        self.games = journal.games

    async def signal(self, game_id: str, token: str | None, request: SignalRequest) -> SignalResult:
        """Send the token's seat's signal to its partner."""
        game = await self.access.current(game_id)
        return await self.send(game_id, game, acting_seat(game.meta, token), request.signal)

    async def send(self, game_id: str, game: StoredGame, seat: int, signal: Signal) -> SignalResult:
        """Keep `seat`'s signal beside the log of the game as loaded (loaded again when a move
        or another signal came first)."""
        rules = game.state.rules
        partner = partner_of(rules, seat)
        if not rules.signals or partner is None:
            raise ServiceError("signal/not_allowed", 409, "these rules allow no partner signals")
        for _ in range(SIGNAL_TRIES):
            if game.state.status == "finished":
                raise IllegalMove("move/game_over", "the match is over")
            engine.check_signals_left(await self._sent_this_hand(game_id, game, seat))
            sent = SentSignal(seat=seat, signal=signal, after=game.version, time=now())
            outcome = await self.journal.store.signal(game_id, game.version, game.signals, sent)
            if outcome == "missing":
                raise not_found(game_id)
            if outcome == "kept":
                signals = (*game.signals, sent)
                self.games.remember(game_id, replace(game, signals=signals))
                side = seen_signals(signals, seat, False, rules)
                return SignalResult(version=game.version, to_seat=partner, sent=len(side))
            game = await self.access.current(game_id)  # a move or another signal came first: again
        raise busy()  # pragma: no cover

    async def _sent_this_hand(self, game_id: str, game: StoredGame, seat: int) -> int:
        """How many signals `seat` sent since the entry that dealt the hand now played (read
        from the log's last entries only when the seat may have used up its signals)."""
        mine = [sent.after for sent in game.signals if sent.seat == seat]
        if len(mine) < engine.SIGNALS_PER_HAND:
            return len(mine)
        state = game.state
        after = max(0, game.version - HAND_ENTRIES)
        entries = await self.games.entries(game_id, game, after, HAND_ENTRIES)
        dealt = [
            entry.seq
            for entry in entries
            for event in entry.events
            if isinstance(event, HandDealt)
            and (event.round, event.hand) == (state.round, state.hand)
        ]
        start = dealt[-1] if dealt else after
        return sum(1 for seq in mine if seq >= start)
