"""Moves and deals: a seat's move checked by the engine and committed through the journal,
at the version the request saw; a request retried with its `Idempotency-Key` gets its first
answer. Bots' moves take the same path (`play_as`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Final

import msgspec
from msgspec import UNSET, UnsetType

import engine
from engine import Deal, Move, State
from engine.moves import claim as claim_move
from engine.moves import parse_move, play
from service.core.games.access import Access
from service.core.games.journal import Change, Draft, Journal
from service.core.games.messages import MoveRequest, MoveResult
from service.core.games.presented import clocked, game_view
from service.core.lifecycle.clocks import Clocks, timed_out_problem
from service.core.lifecycle.credentials import acting_seat
from service.errors import ServiceError, version_conflict
from service.ledger.chain import visible
from service.ledger.log import Step, iso, now_ms
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame
from service.store import redis_keys

KINDS: Final[dict[type, str]] = {engine.Play: "play", engine.Claim: "claim", Deal: "deal"}


def move_from(request: MoveRequest) -> Move:
    """The engine move a request names: exactly one of `card`, `claim` or `move` (or a listed
    move's `id` alone, without `capture`); a listed move's `id` and `kind`, when given, must name
    the same move."""
    move = _named(request)
    listed, kind = request.id, request.kind
    if not isinstance(listed, UnsetType) and str(parse_move(listed)) != str(move):
        raise ServiceError(
            "request/ambiguous_move",
            422,
            "`id` '{listed}' is not move {move}",
            listed=listed,
            move=move,
        )
    if not isinstance(kind, UnsetType) and kind != KINDS[type(move)]:
        raise ServiceError(
            "request/ambiguous_move",
            422,
            "`kind` '{kind}' is not move {move}",
            kind=kind,
            move=move,
        )
    return move


def _named(request: MoveRequest) -> Move:
    card, claim, text, capture = request.card, request.claim, request.move, request.capture
    given = [card is not UNSET, claim is not UNSET, text is not UNSET]
    if not any(given) and not isinstance(request.id, UnsetType) and capture is UNSET:
        return parse_move(request.id)
    if sum(given) != 1:
        raise ServiceError(
            "request/ambiguous_move", 422, "give exactly one of `card`, `claim` or `move`"
        )
    if not isinstance(card, UnsetType):
        return play(card, capture if not isinstance(capture, UnsetType) else [])
    if capture is not UNSET:
        raise ServiceError("request/ambiguous_move", 422, "`capture` goes with `card`")
    if not isinstance(claim, UnsetType):
        return claim_move(claim)
    assert not isinstance(text, UnsetType)
    return parse_move(text)


class Moves:
    """Moves and deals of the games in `journal`, read through `access`."""

    def __init__(self, access: Access, journal: Journal, clocks: Clocks, ring: KeyRing) -> None:
        self.access = access
        self.journal = journal
        self.games = journal.games
        self.clocks = clocks
        self.ring = ring  # signs the receipt of every acknowledged move

    async def play(
        self, game_id: str, token: str | None, request: MoveRequest, key: str | None
    ) -> MoveResult:
        """Apply the token's seat's move if the game is still at `expected_version`."""
        expected = request.expected_version
        game, seat = await self._acting(game_id, token, expected)
        fingerprint = hashlib.sha256(msgspec.json.encode(request)).hexdigest() if key else ""
        return await self._commit(
            game_id, game, seat, move_from(request), expected, key, fingerprint
        )

    async def deal(
        self, game_id: str, token: str | None, expected: int | None, key: str | None
    ) -> MoveResult:
        """Deal the next hand or round when a deal is due (auto-deal off)."""
        game, seat = await self._acting(game_id, token, expected)
        version = game.version if expected is None else expected
        return await self._commit(game_id, game, seat, Deal(), version, key, f"deal:{expected}")

    async def play_as(self, game_id: str, game: StoredGame, seat: int, move: Move) -> MoveResult:
        """Commit the move a bot chose for `seat` in the game as loaded; a 409 if the game
        moved on meanwhile (so a turn taken twice is played once)."""
        return await self._commit(game_id, game, seat, move, game.version, None, "")

    async def _acting(
        self, game_id: str, token: str | None, expected: int | None
    ) -> tuple[StoredGame, int]:
        """The game for a move at `expected` and the acting seat, which must not have timed
        out since."""
        game = await self.access.load_at(game_id, expected)
        seat = acting_seat(game.meta, token)
        await self._missed(game_id, game, seat, game.version if expected is None else expected)
        return game, seat

    async def _commit(
        self,
        game_id: str,
        game: StoredGame,
        seat: int,
        move: Move,
        expected: int,
        key: str | None,
        fingerprint: str,
    ) -> MoveResult:
        """Apply through the engine and commit through the journal.

        The commit script answers a retry that reaches it; one refused before that (the game
        moved on, or the move no longer applies) looks for the first answer here.
        """
        idem_key = redis_keys.idempotency(game_id, seat, key) if key else None
        try:
            game, state, events = await self._apply(game_id, game, seat, move, expected)
        except (ServiceError, engine.EngineError):
            prior = await self.journal.idempotency.first_answer(idem_key, fingerprint, MoveResult)
            if prior is not None:
                return prior
            raise
        step = Step(seat, str(move), now_ms() - game.ms)
        change = Change(
            record=step,
            applied=(state, tuple(events)),
            key=idem_key,
            fingerprint=fingerprint,
        )
        stored = await self.journal.commit(
            game_id, game, change, self._answer(seat, str(move)), MoveResult
        )
        if stored.outcome == "clock":
            await self._late(game_id, seat, expected)
        if stored.result is None:
            raise version_conflict(expected, stored.version)
        return stored.result

    def _answer(self, seat: int, move: str) -> Callable[[Draft], MoveResult]:
        def answer(draft: Draft) -> MoveResult:
            after, entry = draft.after, draft.entry
            state, game_id = after.state, draft.game_id
            view = game_view(game_id, after.version, state, after.meta, seat, after.signals)
            return MoveResult(
                version=after.version,
                move=move,
                entry=visible(entry, seat, draft.finished, state.rules),
                view=clocked(view, after, self.clocks),
                receipt=self.ring.receipt(game_id, after.version, entry.hash),
            )

        return answer

    async def _apply(
        self, game_id: str, game: StoredGame, seat: int, move: Move, expected: int
    ) -> tuple[StoredGame, State, list[engine.Event]]:
        """The move applied to the game at `expected`, and the copy it was applied to; a
        refusal first checks it is not late, nor from a copy holding a write a failover lost
        (the stored game at the same version then decides)."""
        if expected != game.version:
            raise version_conflict(expected, game.version)
        try:
            return game, *engine.apply(game.state, seat, move)
        except engine.EngineError:
            current = await self.access.current(game_id)  # a refusal from a cached copy may be late
            if current.version != expected:
                raise version_conflict(expected, current.version) from None
            if current.head == game.head:
                raise
        return current, *engine.apply(current.state, seat, move)

    async def _late(self, game_id: str, seat: int, expected: int) -> None:
        """A move the commit script found past the game's deadline: the timeout goes first."""
        game = await self.access.current(game_id)
        await self._missed(game_id, game, seat, expected)
        deadline = self.clocks.deadline(game.state, game.timing)
        raise timed_out_problem(seat, iso(deadline) if deadline is not None else "its deadline")

    async def _missed(self, game_id: str, game: StoredGame, seat: int, expected: int) -> None:
        """409 `move/timed_out` when the entry after `expected` is `seat`'s timeout: the
        move the request made was at version `expected`, before its deadline passed."""
        if game.version <= expected:
            return
        found = await self.games.entries(game_id, game, expected, 1)
        entry = found[0] if found else None
        if entry is not None and entry.type == "timeout" and entry.seat == seat:
            raise timed_out_problem(seat, str(entry.deadline))
