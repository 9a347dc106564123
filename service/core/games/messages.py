"""The use cases' requests and answers, which the HTTP layer sends as they are (msgspec Structs)."""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from bots.levels import BotLevel
from engine.moves import MoveText
from engine.rules import PresetName, SeatNumber
from engine.scoring import Outcome, RoundScore
from engine.state import Status
from engine.views import View
from service.core.webhooks.webhook_messages import WebhookRequest, WebhookSubscription
from service.ledger.chain import LogEntry, SentSignal, Signal
from service.ledger.names import PlayerName
from service.ledger.overrides import RulesOverride
from service.ledger.patterns import full
from service.ledger.ratings import PlayerId, RatingChange
from service.ledger.seeds import ChosenSeed, ClientSeed, CommitmentId
from service.ledger.signatures import Receipt

CardCode = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=2,
        pattern=full("^([A2-7QJK])[CDHS]$"),
        examples=["7D"],
        description="a card code: its rank (A, 2-7, Q, J or K) then its suit (C, D, H or S), "
        "such as 7D",
    ),
]

Version = Annotated[int, Meta(ge=1, le=1_000_000, description="the game's log head seq")]

TICKET_PATTERN = full("^[A-Za-z0-9_-]{32}$")


class BotPlayer(msgspec.Struct, frozen=True, kw_only=True):
    """A seat the service plays itself, at a bot level."""

    name: str
    bot: BotLevel


class OpenSeat(msgspec.Struct, frozen=True):
    """A seat left for someone to join later (`POST /join`)."""


PlayerSecret = Annotated[
    str,
    Meta(
        min_length=46,
        max_length=46,
        pattern=full("^ps_[A-Za-z0-9_-]{43}$"),
        description="the secret of a player id, from POST /v1/players: on a server without API "
        "keys, a request names a player id only with its secret",
    ),
]


class RegisterPlayer(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A player id to hold, on a server without API keys (with keys, each key vouches for the
    ids it names)."""

    player_id: PlayerId


class RegisteredPlayer(msgspec.Struct, kw_only=True):
    """A player id now held, and its secret: shown this once, kept only as SHA-256. Keep it
    (the web pages keep it on the device): every game, join or tournament naming the id on
    this server needs it."""

    player_id: str
    player_secret: str


class PlayerEntry(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A seat given as an object: `{"name", "player_id"}` for a person known across games (the
    integrator's id, scoped to the API key; on a server without API keys, with its
    `player_secret`), `{"name", "bot": level}` for a seat the service plays, or
    `{"open": true}` for one that someone joins later, by invite or from the lobby."""

    name: PlayerName | UnsetType = UNSET
    bot: BotLevel | UnsetType = UNSET
    open: Literal[True] | UnsetType = UNSET
    player_id: PlayerId | UnsetType = UNSET
    player_secret: PlayerSecret | UnsetType = UNSET


SEAT_OPEN: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {"open": {"const": True}},
    "required": ["open"],
}
"""An open seat, as JSON Schema (a game needs a person or an open seat)."""
SEAT_KNOWN_PERSON: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {"player_id": {"type": "string"}},
    "required": ["player_id"],
}
"""A person known by a player id, as JSON Schema (a person, like a bare name)."""

Player = str | BotPlayer | OpenSeat
"""A seat as the use cases take it: a person's name, a bot, or an open seat."""


InviteCode = Annotated[
    str,
    Meta(
        min_length=43,
        max_length=43,
        pattern=full("^[A-Za-z0-9_-]{43}$"),
        description="an open seat's invite, from the create answer (or the creator's view)",
    ),
]


class CreateGame(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A new game: 2-4 players in seat order, a preset, overrides and an optional seed.

    A player is a person's name, `{"name": ..., "bot": level}` for a seat the service plays, or
    `{"open": true}` for a seat someone joins later: the game then waits (`status: "waiting"`),
    dealing nothing until every seat is taken. `lobby`: list it in `GET /v1/lobby`, where anyone
    may take its open seats without an invite.

    For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead of
    a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.

    `rated`: the game counts on its ladder (`<preset>-<n>p`): every person seat needs a
    `player_id`; bot seats are rated as `bot:<level>`.
    """

    players: Annotated[
        list[PlayerName | PlayerEntry],
        Meta(
            min_length=2,
            max_length=4,
            extra_json_schema={
                "contains": {"anyOf": [{"type": "string"}, SEAT_KNOWN_PERSON, SEAT_OPEN]}
            },
        ),
    ]
    preset: PresetName = "escopa"
    rules: RulesOverride | None = None
    seed: ChosenSeed | None = None
    commitment_id: CommitmentId | None = None
    client_seed: ClientSeed | None = None
    lobby: bool = False
    webhook: WebhookRequest | None = None
    rated: bool = False


class SeatToken(msgspec.Struct, kw_only=True):
    """A person's seat's secret token: shown once, stored only as a hash (bots have none). An
    open seat has an `invite` instead (one use, stored only as a hash) and no name yet."""

    seat: int
    name: str
    token: str | UnsetType = UNSET
    invite: str | UnsetType = UNSET


class Invite(msgspec.Struct, kw_only=True):
    """An open seat's current invite, shown to the game's creator while the game waits."""

    seat: int
    invite: str


class PlayerInfo(msgspec.Struct, kw_only=True):
    """A seat: its player's name, and its level when the service plays it; an `open` seat
    (no name yet) waits for someone to join."""

    seat: int
    name: str
    bot: BotLevel | None = None
    open: bool | UnsetType = UNSET


class GameView(View, frozen=True, kw_only=True):
    """A game as the reader may see it: the engine's view of its seat (never another seat's
    hand, the stock or a live seed), with what the service adds: the game's id and version,
    its players, the seed's commitment, and the partner signals the reader may see.

    `signals`: the partner signals of the reader's side while the game runs (a spectator and
    the opponents see none), every signal once it is over. While the game waits: `lobby` when
    the lobby lists it, and for its creator, the open seats' `invites`. Once a rematch is
    asked for, `rematch` is the new game's id. A `rated` game once over and settled: each
    seat's `ratings` before and after. With a `clock` in the rules: the seat to act's
    `deadline` (UTC, null while no clock runs) and `ms_left` until it, every seat's bank left
    (`banks_ms`) and its timeouts in a row (`timeouts`). A tournament's table names its
    `tournament`; its seed shows once its round is over.
    """

    game_id: str
    version: int
    players: tuple[PlayerInfo, ...]
    seed_commitment: str
    signals: tuple[SentSignal, ...] = ()
    lobby: bool | UnsetType = UNSET
    invites: tuple[Invite, ...] | UnsetType = UNSET
    rematch: str | UnsetType = UNSET
    rated: bool | UnsetType = UNSET
    ratings: tuple[RatingChange, ...] | UnsetType = UNSET
    tournament: str | UnsetType = UNSET
    deadline: str | UnsetType | None = UNSET
    ms_left: int | UnsetType | None = UNSET
    banks_ms: tuple[int, ...] | UnsetType = UNSET
    timeouts: tuple[int, ...] | UnsetType = UNSET


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
    webhook: WebhookSubscription | UnsetType = UNSET


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


class JoinRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Take an open seat: by its `invite`, or a lobby game's open `seat` by number."""

    name: PlayerName
    invite: InviteCode | UnsetType = UNSET
    seat: SeatNumber | UnsetType = UNSET
    player_id: PlayerId | UnsetType = UNSET
    player_secret: PlayerSecret | UnsetType = UNSET


class Joined(msgspec.Struct, kw_only=True):
    """The seat taken: its secret token (shown once, stored only as a hash), the log entry, the
    view as that seat (dealt when this was the last open seat) and the signed receipt."""

    game_id: str
    seat: int
    name: str
    token: str
    version: int
    entry: LogEntry
    view: GameView
    receipt: Receipt


class Changed(msgspec.Struct, kw_only=True):
    """A seat left, a side resigned or the game was aborted: the log entry it made (as the
    asking seat may see it), the new view and the signed receipt of the new head."""

    version: int
    entry: LogEntry
    view: GameView
    receipt: Receipt


class Rematch(msgspec.Struct, kw_only=True):
    """The rematch of a finished game: the same for every seat that asks, with this seat's own
    new token (bots have none); `rematch_of` is the finished game."""

    game_id: str
    rematch_of: str
    seat: int
    token: str
    view: GameView


class LobbyGame(msgspec.Struct, kw_only=True):
    """A waiting game the lobby lists: its seats (open ones to take with `POST /join`)."""

    game_id: str
    preset: str
    players: tuple[PlayerInfo, ...]
    taken: int
    open: list[int]
    created: str


LobbyCursor = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=80,
        pattern=full("^[0-9T:.Z-]+:[0-9a-f]{24}$"),
        description="the `next_after` of the previous page",
    ),
]


class LobbyPage(msgspec.Struct, kw_only=True):
    """Waiting games with open seats, oldest first; `next_after` (null: the last page) asks
    for the next page."""

    games: list[LobbyGame]
    next_after: str | None
