"""Wire shapes: every request and response body, as msgspec Structs with bounds and examples."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.rules import (
    Bonus,
    BonusTaker,
    CaptureRule,
    Leftover,
    MissedCapture,
    PresetName,
    PrimeiraFigures,
    Rotation,
    TieRule,
    Validation,
)
from engine.scoring import Outcome, RoundScore
from engine.state import LastMove, Status
from engine.views import SideView
from service.log import LogEntry, Signal

CardCode = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=2,
        pattern="^([A2-7QJK])[CDHS]$",
        examples=["7D"],
        description="rank then suit",
    ),
]
Seat = Annotated[int, Meta(ge=0, le=3)]
Version = Annotated[int, Meta(ge=1, le=1_000_000, description="the game's log head seq")]
_PRINTABLE = r"^[^\x00-\x1f\x7f]+$"
PlayerName = Annotated[str, Meta(min_length=1, max_length=40, pattern=_PRINTABLE)]
Seed = Annotated[str, Meta(min_length=1, max_length=200, pattern=_PRINTABLE)]
_CARD = "[A2-7QJK][CDHS]"
TICKET_PATTERN = "^[A-Za-z0-9_-]{32}$"
# `(?!\n)`: Python's `$` also matches before a final newline, JSON Schema's (ECMA-262) does not.
MOVE_TEXT_PATTERN = f"^(deal|claim:{_CARD}(\\+{_CARD})+|{_CARD}(\\+{_CARD})*)$(?!\\n)"
MoveText = Annotated[
    str,
    Meta(
        pattern=MOVE_TEXT_PATTERN,
        max_length=200,
        description="a legal move's id: `5H`, `5H+2S+QD`, `claim:5S+QD` or `deal`",
        examples=["5H+2S+QD"],
    ),
]
ClientSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="the client's seed; the shuffle key is `server_seed:client_seed`",
    ),
]
CommitmentId = Annotated[
    str,
    Meta(
        min_length=24,
        max_length=24,
        pattern="^[0-9a-f]{24}$",
        description="a commitment from POST /v1/commitments",
    ),
]
Points = Annotated[int, Meta(ge=0, le=100)]


class PointsOverride(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Points per category to override; 0 switches a category off."""

    escopa: Points | UnsetType = UNSET
    most_cards: Points | UnsetType = UNSET
    most_diamonds: Points | UnsetType = UNSET
    all_diamonds: Points | UnsetType = UNSET
    seven_of_diamonds: Points | UnsetType = UNSET
    most_sevens: Points | UnsetType = UNSET
    all_sevens: Points | UnsetType = UNSET
    opponents_under_10: Points | UnsetType = UNSET
    primeira: Points | UnsetType = UNSET
    all_cards: Points | UnsetType = UNSET


class PrimeiraValues(msgspec.Struct, forbid_unknown_fields=True):
    """The primeira value of each rank."""

    A: Points
    two: Points = msgspec.field(name="2")
    three: Points = msgspec.field(name="3")
    four: Points = msgspec.field(name="4")
    five: Points = msgspec.field(name="5")
    six: Points = msgspec.field(name="6")
    seven: Points = msgspec.field(name="7")
    Q: Points
    J: Points
    K: Points


class RulesOverride(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Options that override the preset; any option left out keeps the preset's value."""

    partnerships: bool | UnsetType | None = UNSET
    target: Annotated[int, Meta(ge=1, le=1000)] | UnsetType = UNSET
    first_dealer: Literal["draw"] | Seat | UnsetType = UNSET
    dealer_rotation: Rotation | UnsetType = UNSET
    initial_table_bonus: Bonus | UnsetType = UNSET
    capture: CaptureRule | UnsetType = UNSET
    missed_capture: MissedCapture | UnsetType = UNSET
    points: PointsOverride | UnsetType = UNSET
    primeira_values: PrimeiraValues | UnsetType = UNSET
    validation: Validation | UnsetType = UNSET
    signals: bool | UnsetType = UNSET
    auto_deal: bool | UnsetType = UNSET
    initial_bonus_taker: BonusTaker | UnsetType = UNSET
    tie_at_target: TieRule | UnsetType = UNSET
    leftover_cards: Leftover | UnsetType = UNSET
    primeira_figures: PrimeiraFigures | UnsetType = UNSET


class CreateGame(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A new game: 2-4 player names in seat order, a preset, overrides and an optional seed.

    For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead of
    a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.
    """

    players: Annotated[list[PlayerName], Meta(min_length=2, max_length=4)]
    preset: PresetName = "escopa"
    rules: RulesOverride | None = None
    seed: Seed | None = None
    commitment_id: CommitmentId | None = None
    client_seed: ClientSeed | None = None


class SeatToken(msgspec.Struct, kw_only=True):
    """A seat's secret token: shown once, stored only as a hash."""

    seat: int
    name: str
    token: str


class PlayerInfo(msgspec.Struct, kw_only=True):
    seat: int
    name: str


class GameView(msgspec.Struct, kw_only=True):
    """A game as the reader may see it: never another seat's hand, the stock or a live seed."""

    game_id: str
    version: int
    status: Status
    seat: int | None
    players: list[PlayerInfo]
    round: int
    hand_number: int
    dealer: int
    turn: int | None
    table: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    sides: tuple[SideView, ...]
    claim_seat: int | None
    last_move: LastMove | None
    outcome: Outcome | None
    seed_commitment: str
    seed: str | None


class CreatedGame(msgspec.Struct, kw_only=True):
    """The new game: its id, each seat's token (the only time it is shown), and the view."""

    game_id: str
    players: list[SeatToken]
    seed_commitment: str
    version: int
    view: GameView
    commitment_id: str | None = None
    client_seed: str | None = None


class LegalMove(msgspec.Struct, kw_only=True):
    """A legal move; `id` is its text form, accepted as `move` when playing."""

    id: str
    kind: Literal["play", "claim", "deal"]
    card: str | None = None
    capture: tuple[str, ...] = ()
    claim: tuple[str, ...] = ()


class LegalMoves(msgspec.Struct, kw_only=True):
    version: int
    seat: int
    moves: list[LegalMove]


class MoveRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A move: `card` (+ `capture`), or `claim`, or `move` as a legal move's id."""

    expected_version: Version
    card: CardCode | UnsetType = UNSET
    capture: Annotated[list[CardCode], Meta(max_length=39)] | UnsetType = UNSET
    claim: Annotated[list[CardCode], Meta(min_length=2, max_length=40)] | UnsetType = UNSET
    move: MoveText | UnsetType = UNSET


class DealRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    expected_version: Version | None = None


class SignalRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A partner signal: `guindis` (I hold the 7D) or `seven` (I hold another seven)."""

    signal: Signal


class MoveResult(msgspec.Struct, kw_only=True):
    """The accepted move, the log entry it made (as the mover may see it) and the new view."""

    version: int
    move: str
    entry: LogEntry
    view: GameView


class SignalResult(msgspec.Struct, kw_only=True):
    version: int
    seq: int
    to_seat: int


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


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """An RFC 9457 problem; `code` is stable and machine-readable."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    field: str | None = None
    index: int | None = None


class Health(msgspec.Struct, kw_only=True):
    status: Literal["ok", "unavailable"]
