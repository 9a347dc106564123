"""`escopa bot`: a bot that plays one seat as an ordinary client of the API, the way Lichess
bots are clients with a scoped token. It holds only the seat's token, follows the game's
events stream, and decides with `bots/` from what the stream and the seat's view show it:
the same view and knowledge the service's own bot seats get, never more.

An example for integrators who write their own bot (docs/bot-client.md).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator

import msgspec

from bots import DEFAULT_BUDGET, Heard, Knowledge, Level, Observed, knowledge_of, level
from engine.events import Event as EngineEvent
from engine.moves import move_text
from engine.signals import partner_of
from engine.views import View
from escopa_client import ApiError, Escopa, Event, Table
from escopa_client.generated.models import GameView

log = logging.getLogger("escopa.bot")
VERSION_CONFLICT = "game/version_conflict"


class Memory:
    """What the seat has read of the log: each entry's events (as the stream showed them to
    it) or its older signal, by seq, to fold into the bots' `Knowledge`."""

    def __init__(self) -> None:
        self.seq = 0
        self.items: list[tuple[int, Observed]] = []

    def read(self, event: Event) -> None:
        entry = event.entry.to_dict()
        self.seq = event.seq
        if entry["type"] == "signal" and entry.get("seat") is not None:
            heard = Heard(sender=entry["seat"], signal=entry["signal"])
            self.items.append((event.seq, heard))
            return
        for item in msgspec.convert(entry.get("events", []), list[EngineEvent]):
            self.items.append((event.seq, item))

    def knowledge(self, view: GameView, seen: View) -> Knowledge:
        """The seat's knowledge: the log's items, with the signals its view shows placed after
        the entry they were sent after (as the service's bot seats hear them)."""
        assert seen.seat is not None
        signals = sorted(view.signals, key=lambda s: s.after)
        heard: list[tuple[int, Observed]] = [
            (s.after, Heard(sender=s.seat, signal=s.signal.value)) for s in signals
        ]
        merged = sorted(self.items + heard, key=lambda pair: pair[0])  # stable: entries first
        return knowledge_of(seen.rules, seen.seat, _items(merged), _partner_tells(view, seen))


def _items(pairs: list[tuple[int, Observed]]) -> Iterator[Observed]:
    return (item for _, item in pairs)


def _partner_tells(view: GameView, seen: View) -> bool:
    """Whether the partner is a service bot that signals every seven it is dealt (levels are
    public: the view names them)."""
    assert seen.seat is not None
    partner = partner_of(seen.rules, seen.seat)
    if partner is None or not seen.rules.signals:
        return False
    bot = view.players[partner].bot
    return bot is not None and level(bot.value).tells


class RemoteBot:
    """One seat played by a bot level through the API."""

    def __init__(self, table: Table, bot: Level, budget: int) -> None:
        self.table = table
        self.bot = bot
        self.budget = budget
        self.memory = Memory()
        self.moves = 0

    def play(self) -> GameView:
        """Follow the game from its first entry and act whenever the seat may, until the
        match ends; the final view."""
        start = self.table.view().version
        for event in self.table.events(after=0):
            self.memory.read(event)
            if event.ends_match:
                break
            if event.seq >= start:  # the entries before it are history: catch up first
                self.act()
        return self.table.view()

    def act(self) -> None:
        """Signal and move when the seat may and what it has read is the game's present: a
        view ahead of the stream waits for the entries that explain it."""
        view = self.table.view()
        if view.version != self.memory.seq or view.status.value == "finished":
            return
        seen = msgspec.convert(view.to_dict(), View)
        known = self.memory.knowledge(view, seen)
        for signal in self.bot.signals(seen, known):
            self.table.signal(signal)
        legal = self.table.legal_moves()
        if not legal.moves or legal.version != view.version:
            return
        rng = random.Random(f"{self.table.game_id}/{seen.seat}/{view.version}")
        text = move_text(self.bot.choose(seen, known, rng, self.budget))
        try:
            self.table.move(text, view.version, attempts=1)
        except ApiError as error:
            if error.code != VERSION_CONFLICT:
                raise
            log.info("the game moved on before %s: waiting for its entries", text)
            return
        self.moves += 1


def run(
    url: str, game_id: str, token: str, bot: str, budget: int | None, api_key: str | None
) -> int:
    """Play the seat to the end of the match; 0, or 1 with the refusal that stopped it."""
    with Escopa(url, api_key=api_key) as escopa:
        chosen = DEFAULT_BUDGET if budget is None else budget
        player = RemoteBot(escopa.table(game_id, token), level(bot), chosen)
        try:
            final = player.play()
        except ApiError as error:
            log.error("escopa bot: %s", error)
            return 1
    outcome = final.outcome
    summary = f"winner seat {outcome.winner}" if outcome is not None else final.status.value
    print(f"game {game_id}: {player.moves} moves played as seat {final.seat}; {summary}")
    return 0
