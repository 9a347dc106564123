"""What a game read presents, as wire shapes: its view for a seat, its players, a legal move,
the answer to a change of its life. Pure: no store here."""

from __future__ import annotations

import msgspec
from msgspec import UNSET

import engine
from engine import Move, State
from service.core.games.messages import Changed, GameView, LegalMove, PlayerInfo
from service.core.lifecycle.clocks import Clocks
from service.ledger.chain import LogEntry, SentSignal, seen_signals, visible
from service.ledger.game_meta import GameMeta, SeatMeta
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame


def game_view(
    game_id: str,
    version: int,
    state: State,
    meta: GameMeta,
    seat: int | None,
    signals: tuple[SentSignal, ...] = (),
) -> GameView:
    """The wire view of a game for `seat` (None: a spectator), built from the engine's view."""
    seen = engine.view(state, seat)
    finished = state.status == "finished"
    if meta.tournament:  # a round's seed: shown by a read once the round is over (`Reads`)
        seen = msgspec.structs.replace(seen, seed=None)
    return GameView(
        **msgspec.structs.asdict(seen),
        game_id=game_id,
        version=version,
        players=tuple(player_info(i, s) for i, s in enumerate(meta.seats)),
        seed_commitment=meta.seed_commitment,
        signals=tuple(seen_signals(signals, seat, finished, state.rules)),
        lobby=True if meta.lobby and state.status == "waiting" else UNSET,
        rematch=meta.rematch if meta.rematch is not None else UNSET,
        rated=True if meta.rated else UNSET,
        tournament=meta.tournament or UNSET,
    )


def seat_view(game_id: str, game: StoredGame, seat: int | None, clocks: Clocks) -> GameView:
    """The game as loaded, as `seat` sees it, with its clock."""
    view = game_view(game_id, game.version, game.state, game.meta, seat, game.signals)
    return clocked(view, game, clocks)


def clocked(view: GameView, game: StoredGame, clocks: Clocks) -> GameView:
    """The view with the clock's deadline and banks, for a clocked game."""
    fields = clocks.fields(game)
    return msgspec.structs.replace(view, **fields) if fields else view


def player_info(seat: int, meta: SeatMeta) -> PlayerInfo:
    """A seat on the wire: its name and bot level, or that it is open."""
    return PlayerInfo(seat=seat, name=meta.name, bot=meta.bot, open=True if meta.open else UNSET)


def view_tag(view: GameView) -> str:
    """The view's ETag: its version, and the count of signals the reader sees (only a partner
    sees them change while the game runs, so only a partner's tag carries the count)."""
    return f'"{view.version}.{len(view.signals)}"' if view.signals else f'"{view.version}"'


def legal_move(move: Move) -> LegalMove:
    """A legal move on the wire, its text form as id."""
    if isinstance(move, engine.Play):
        return LegalMove(id=str(move), kind="play", card=move.card, capture=move.capture)
    if isinstance(move, engine.Claim):
        return LegalMove(id=str(move), kind="claim", claim=move.cards)
    return LegalMove(id=str(move), kind="deal")


def changed(
    ring: KeyRing, game_id: str, entry: LogEntry, game: StoredGame, seat: int | None
) -> Changed:
    """The answer to a change of the game's life: its entry and view for `seat`, signed."""
    state = game.state
    finished = state.status == "finished"
    return Changed(
        version=entry.seq,
        entry=visible(entry, seat, finished, state.rules),
        view=game_view(game_id, entry.seq, state, game.meta, seat),
        receipt=ring.receipt(game_id, entry.seq, entry.hash),
    )
