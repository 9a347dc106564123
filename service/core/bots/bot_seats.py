"""The seats the service plays: taking a due bot turn, and hints for a person's seat.

A bot is asked only what its seat may see: the seat's view and its knowledge of the public log
(each entry as that seat may see it, `bots.learn`), never the state. Its action is committed
like a person's, with the version check, so a turn taken twice is played once.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Final

import engine
from bots import Heard, Knowledge, knowledge_of, learn, level
from bots.levels import BotLevel
from service.core.bots.worker_processes import Question, WorkerProcesses
from service.core.games.access import Access
from service.core.games.journal import Journal
from service.core.games.messages import Hint, MoveValue
from service.core.games.moves import Moves
from service.core.games.presented import legal_move
from service.core.lifecycle.signals import Signals
from service.errors import ServiceError, gone
from service.ledger.chain import LogEntry, SentSignal, seen_signals
from service.ledger.stored_game import StoredGame

log = logging.getLogger("escopa")
Admission = Callable[[], Awaitable[None]]
"""What a hint waits for before the bot thinks (the HTTP layer's hint limit)."""
KNOWN_GAMES: Final = 2048
"""Seats whose knowledge is kept between turns, so a turn reads only the log's new entries."""
PAGE: Final = 200
GONE: Final = frozenset({"game/not_found", "game/version_conflict"})
TIMED_OUT: Final = "move/timed_out"


def learn_entry(known: Knowledge, entry: LogEntry) -> Knowledge:
    """The knowledge after one log entry: its events (each redacted for the seat by `learn`),
    or an older log's signal entry (`learn` keeps only the signals the seat may see)."""
    if entry.type == "signal" and entry.signal is not None and entry.seat is not None:
        return learn(known, Heard(sender=entry.seat, signal=entry.signal))
    for event in entry.events:
        known = learn(known, event)
    return known


def partner_tells(game: StoredGame, seat: int) -> bool:
    """Whether the seat's partner is a bot that signals every seven it is dealt (levels are
    public, so any seat may know it)."""
    rules = game.state.rules
    partner = engine.partner_of(rules, seat)
    if partner is None or not rules.signals:
        return False
    bot = game.meta.seats[partner].bot
    return bot is not None and level(bot).tells


class BotSeats:
    """Takes due bot turns and answers hints; `budget` bounds each decision's search."""

    def __init__(
        self,
        access: Access,
        journal: Journal,
        moves: Moves,
        signals: Signals,
        workers: WorkerProcesses,
        budget: int,
    ) -> None:
        self.access = access
        self.journal = journal
        self.games = journal.games
        self.moves = moves
        self.signals = signals
        self.workers = workers
        self.budget = budget
        self._known: OrderedDict[tuple[str, int], tuple[int, int, Knowledge]] = OrderedDict()
        """Per game and seat: the log's seq and the count of seen signals known, and the
        knowledge then."""

    async def take(self, game_id: str) -> bool:
        """Play the game's bot turn if a bot seat is to act; True once committed, False when
        none is (the game moved on, ended or is gone). Any other failure raises: the turn
        stays indexed, to be taken again."""
        try:
            game = await self.access.current(game_id)
        except ServiceError as error:
            if gone(error):
                return False
            raise
        seat = engine.current_seat(game.state)
        bot = None if seat is None else game.meta.seats[seat].bot
        if seat is None or bot is None:
            return False
        version = game.version
        try:
            game = await self._signal(game_id, game)
            if game.version != version:
                return True  # the game moved on meanwhile: its index entry says what is due
            question = await self.question(game_id, game, seat, bot)
            await self._commit(game_id, game, seat, await self.workers.decide(question))
        except ServiceError as error:
            if error.code == TIMED_OUT:  # the clock played the turn: no error of the service
                log.info("bot at seat %d of %s timed out: %s", seat, game_id, error.detail)
                return False
            if error.code in GONE:
                return False
            raise
        return True

    async def _signal(self, game_id: str, game: StoredGame) -> StoredGame:
        """Send the signals every signalling bot seat has yet to send in this hand, so that
        before any bot moves, each has told its partner what it was dealt. Signals are kept
        beside the log (the version stays): the game as it is once they are sent."""
        if not game.state.rules.signals or game.state.status == "finished":
            return game
        for seat, meta in enumerate(game.meta.seats):
            if meta.bot is None:
                continue
            asked = await self.question(game_id, game, seat, meta.bot)
            for signal in level(meta.bot).signals(asked.seen, asked.known):
                await self.signals.send(game_id, game, seat, signal)
                game = await self.access.current(game_id)
        return game

    async def _commit(self, game_id: str, game: StoredGame, seat: int, move: engine.Move) -> None:
        try:
            await self.moves.play_as(game_id, game, seat, move)
        except engine.EngineError:
            # A bot's illegal move is a bug of the bot: log it, and keep the game going.
            log.exception("bot at seat %d of %s chose %s", seat, game_id, move)
            fallback = engine.legal_moves(game.state, seat)[0]
            await self.moves.play_as(game_id, game, seat, fallback)

    async def hint(
        self, game_id: str, token: str | None, level: BotLevel, admit: Admission
    ) -> Hint:
        """What a bot of `level` would play for the token's seat now, with every move's value;
        `admit` (the hint limit) is awaited once the token and the turn are checked."""
        game, seat = await self.access.acting(game_id, token)
        if game.state.status == "finished":
            raise engine.IllegalMove("move/game_over", "the match is over")
        if engine.current_seat(game.state) != seat:
            raise ServiceError(
                "hint/not_your_turn", 409, "a hint is for a move this seat must make now"
            )
        await admit()
        values = await self.workers.appraise(await self.question(game_id, game, seat, level))
        best = max(values, key=lambda pair: pair[1])[0]
        return Hint(
            version=game.version,
            seat=seat,
            level=level,
            move=legal_move(best),
            moves=[MoveValue(move=legal_move(m), value=round(v, 3)) for m, v in values],
        )

    async def question(self, game_id: str, game: StoredGame, seat: int, bot: str) -> Question:
        """What the seat's bot is asked: its view and knowledge at the game's version."""
        known = await self.knowledge(game_id, game, seat)
        seen = engine.view(game.state, seat)
        return Question(bot, seen, known, game.state.seed, game.version + 1, self.budget)

    async def knowledge(self, game_id: str, game: StoredGame, seat: int) -> Knowledge:
        """The seat's knowledge of the log up to the game's version and of the signals its
        view shows (`seen_signals`, in the order sent), from the new ones only when the seat's
        knowledge at an earlier point is kept."""
        version = game.version
        rules = game.state.rules
        seen = seen_signals(game.signals, seat, game.state.status == "finished", rules)
        kept = self._known.pop((game_id, seat), None)
        if kept is not None and kept[0] <= version and kept[1] <= len(seen):
            seq, heard, known = kept
        else:
            seq, heard = 0, 0
            known = knowledge_of(rules, seat, (), partner_tells(game, seat))
        known, heard = self._hear(known, seen, heard, seq)
        while seq < version:
            entries = await self.games.entries(game_id, game, seq, min(PAGE, version - seq))
            if not entries:
                break
            for entry in entries:
                known = learn_entry(known, entry)
                seq = entry.seq
                known, heard = self._hear(known, seen, heard, seq)
        self._known[(game_id, seat)] = (seq, heard, known)
        if len(self._known) > KNOWN_GAMES:
            self._known.popitem(last=False)
        return known

    @staticmethod
    def _hear(
        known: Knowledge, seen: list[SentSignal], heard: int, seq: int
    ) -> tuple[Knowledge, int]:
        """The knowledge after the signals from `seen[heard]` on that were sent while the log's
        head was at most `seq` (a signal follows the entry it was sent after), and how many
        of `seen` it has heard then."""
        while heard < len(seen) and seen[heard].after <= seq:
            sent = seen[heard]
            known = learn(known, Heard(sender=sent.seat, signal=sent.signal))
            heard += 1
        return known, heard
