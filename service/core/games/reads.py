"""What a request may read of a game: its view for the reader's seat, the seat's legal
moves, the score sheet and pages of the log, each redacted for the reader."""

from __future__ import annotations

from typing import Final

import msgspec

import engine
from service.core.games.access import Access
from service.core.games.journal import Journal
from service.core.games.messages import GameView, Invite, LegalMoves, LogPage, ScoreSheet
from service.core.games.presented import legal_move, seat_view
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.invites import current_invite
from service.core.ratings.players import Players
from service.ledger.chain import visible
from service.ledger.game_meta import GameMeta
from service.ledger.signatures import KeyRing

MAX_LOG_PAGE: Final = 200


class Reads:
    """Reads of the games in `journal`, through `access`."""

    def __init__(
        self,
        access: Access,
        journal: Journal,
        clocks: Clocks,
        ring: KeyRing,
        players: Players | None = None,
    ) -> None:
        self.access = access
        self.players = players
        self.journal = journal
        self.games = journal.games
        self.clocks = clocks
        self.ring = ring

    async def view(self, game_id: str, token: str | None) -> GameView:
        """The game as the token's seat (or a spectator, without a token) may see it."""
        game, seat = await self.access.read_as(game_id, token)
        view = seat_view(game_id, game, seat, self.clocks)
        over = game.meta.tournament and game.state.status == "finished"
        if over and not await self.access.sealed(game):  # the round is over: its seed opens
            view = msgspec.structs.replace(view, seed=game.state.seed)
        if game.state.status == "waiting" and seat is not None and seat == game.meta.creator:
            view = msgspec.structs.replace(view, invites=tuple(self.invites(game_id, game.meta)))
        if game.meta.rated and game.state.status == "finished" and self.players is not None:
            changes = await self.players.changes(game_id, game)
            view = msgspec.structs.replace(view, ratings=changes) if changes else view
        return view

    def invites(self, game_id: str, meta: GameMeta) -> list[Invite]:
        """The current invites of the open seats (shown to the creator while the game waits)."""
        shown = []
        for seat, kept in enumerate(meta.seats):
            if kept.open:
                made = current_invite(self.ring, game_id, seat, kept.opened, kept.invite_hash)
                if made is not None:
                    shown.append(Invite(seat=seat, invite=made))
        return shown

    async def legal_moves(self, game_id: str, token: str | None) -> LegalMoves:
        """The legal moves of the token's seat, in the engine's fixed order."""
        game, seat = await self.access.acting(game_id, token)
        moves = engine.legal_moves(game.state, seat)
        return LegalMoves(version=game.version, seat=seat, moves=[legal_move(m) for m in moves])

    async def score(self, game_id: str) -> ScoreSheet:
        """Every round's breakdown per side, the totals and the winner."""
        game = await self.access.load(game_id)
        await self.access.seals.check(game_id, game)
        state = game.state
        return ScoreSheet(
            game_id=game_id,
            status=state.status,
            target=state.rules.target,
            rounds=state.rounds,
            totals=state.scores,
            outcome=state.outcome,
        )

    async def log(self, game_id: str, token: str | None, after: int, limit: int) -> LogPage:
        """A page of the log, redacted for the reader until the game is over."""
        game, seat = await self.access.read_as(game_id, token)
        finished = game.state.status == "finished" and not await self.access.sealed(game)
        entries = await self.games.entries(game_id, game, after, min(limit, MAX_LOG_PAGE))
        rules = game.state.rules
        shown = [visible(e, seat, finished, rules) for e in entries]
        last = shown[-1].seq if shown else after
        return LogPage(game_id=game_id, entries=shown, next_after=last, head=game.version)
