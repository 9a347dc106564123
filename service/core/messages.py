"""The use cases' requests and answers, which the HTTP layer sends as they are (msgspec Structs)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.moves import MoveText
from engine.rules import PresetName
from engine.scoring import Outcome, RoundScore
from engine.state import Status
from engine.views import View
from service.ledger.chain import LogEntry, SentSignal, Signal
from service.ledger.signatures import Receipt
from service.ledger.terms import BotLevel, ClientSeed, CommitmentId, PlayerName, RulesOverride, Seed

CardCode = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=2,
        pattern="^([A2-7QJK])[CDHS]$",
        examples=["7D"],
        description="a card code: its rank (A, 2-7, Q, J or K) then its suit (C, D, H or S), "
        "such as 7D",
    ),
]

Version = Annotated[int, Meta(ge=1, le=1_000_000, description="the game's log head seq")]

TICKET_PATTERN = "^[A-Za-z0-9_-]{32}$"


class BotPlayer(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A seat the service plays itself, at a bot level."""

    name: PlayerName
    bot: BotLevel


class CreateGame(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A new game: 2-4 players in seat order, a preset, overrides and an optional seed.

    A player is a person's name, or `{"name": ..., "bot": level}` for a seat the service plays.

    For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead of
    a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.
    """

    players: Annotated[
        list[PlayerName | BotPlayer],
        Meta(
            min_length=2,
            max_length=4,
            extra_json_schema={"uniqueItems": True, "contains": {"type": "string"}},
        ),
    ]
    preset: PresetName = "escopa"
    rules: RulesOverride | None = None
    seed: Seed | None = None
    commitment_id: CommitmentId | None = None
    client_seed: ClientSeed | None = None


class SeatToken(msgspec.Struct, kw_only=True):
    """A person's seat's secret token: shown once, stored only as a hash (bots have none)."""

    seat: int
    name: str
    token: str


class PlayerInfo(msgspec.Struct, kw_only=True):
    """A seat: its player's name, and its level when the service plays it."""

    seat: int
    name: str
    bot: BotLevel | None = None


class GameView(View, frozen=True, kw_only=True):
    """A game as the reader may see it: the engine's view of its seat (never another seat's
    hand, the stock or a live seed), with what the service adds: the game's id and version,
    its players, the seed's commitment, and the partner signals the reader may see.

    `signals`: the partner signals of the reader's side while the game runs (a spectator and
    the opponents see none), every signal once it is over.
    """

    game_id: str
    version: int
    players: tuple[PlayerInfo, ...]
    seed_commitment: str
    signals: tuple[SentSignal, ...] = ()


class CreatedGame(msgspec.Struct, kw_only=True):
    """The new game: its id, each seat's token (the only time it is shown), the view, and the
    service's signed receipt of the log's first entry."""

    game_id: str
    players: list[SeatToken]
    seed_commitment: str
    version: int
    view: GameView
    receipt: Receipt
    commitment_id: str | None = None
    client_seed: str | None = None


MoveKind = Literal["play", "claim", "deal"]


class LegalMove(msgspec.Struct, kw_only=True):
    """A legal move; `id` is its text form. Only the members of its kind are given (`card` and
    `capture` for a play, `claim` for a claim), so it can be posted to `/moves` as it is."""

    id: str
    kind: MoveKind
    card: str | UnsetType = UNSET
    capture: tuple[str, ...] | UnsetType = UNSET
    claim: tuple[str, ...] | UnsetType = UNSET


class LegalMoves(msgspec.Struct, kw_only=True):
    version: int
    seat: int
    moves: list[LegalMove]


class MoveValue(msgspec.Struct, kw_only=True):
    """A legal move and a bot's value of it: the margin of points it expects for the seat."""

    move: LegalMove
    value: float


class Hint(msgspec.Struct, kw_only=True):
    """The move a bot of `level` would play for the seat, and its value of every legal move."""

    version: int
    seat: int
    level: BotLevel
    move: LegalMove
    moves: list[MoveValue]


class MoveRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A move: `card` (+ `capture`), or `claim`, or `move` as a legal move's id; or a legal move
    as `GET /legal-moves` lists it (`id`, `kind` and its members), which must agree."""

    expected_version: Version
    card: CardCode | UnsetType = UNSET
    capture: Annotated[list[CardCode], Meta(max_length=39)] | UnsetType = UNSET
    claim: Annotated[list[CardCode], Meta(min_length=2, max_length=40)] | UnsetType = UNSET
    move: MoveText | UnsetType = UNSET
    id: MoveText | UnsetType = UNSET
    kind: MoveKind | UnsetType = UNSET


class DealRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    expected_version: Version | None = None


class SignalRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A partner signal: `guindis` (I hold the 7D) or `seven` (I hold another seven)."""

    signal: Signal


class MoveResult(msgspec.Struct, kw_only=True):
    """The accepted move, the log entry it made (as the mover may see it), the new view, and the
    service's signed receipt of the new head."""

    version: int
    move: str
    entry: LogEntry
    view: GameView
    receipt: Receipt


class SignalResult(msgspec.Struct, kw_only=True):
    """A signal kept for the partner: the game's `version` is unchanged (no one else can tell),
    `sent` counts the signals of the sender's side so far."""

    version: int
    to_seat: int
    sent: int


class StreamTicket(msgspec.Struct, kw_only=True):
    """A short-lived ticket to follow a game's events as one seat, for clients that cannot send
    headers (a browser's `EventSource`): `GET /events?ticket=...`. It cannot act for the seat."""

    ticket: Annotated[str, msgspec.Meta(min_length=32, max_length=32, pattern=TICKET_PATTERN)]
    expires_in: Annotated[int, msgspec.Meta(ge=1, description="seconds it stays valid")]


class ScoreSheet(msgspec.Struct, kw_only=True):
    """Every round's per-category breakdown per side, the match totals and the winner."""

    game_id: str
    status: Status
    target: int
    rounds: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None


class LogPage(msgspec.Struct, kw_only=True):
    """A page of the log; fetch the next with `after=next_after`."""

    game_id: str
    entries: list[LogEntry]
    next_after: int
    head: int
