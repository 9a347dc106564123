"""The wire shapes of creating a duplicate tournament (`POST /v1/tournaments`) and its answer,
and of the events it tells as it moves on (its event stream and its webhook's bodies); what a
tournament shows is `service.ledger.tournament_record`."""

from __future__ import annotations

from typing import Annotated, Final, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from bots.levels import BotLevel
from engine.rules import Clock, PresetName
from engine.tournament import PairingKind, Standing
from service.core.games.messages import PlayerSecret
from service.core.webhooks.webhook_messages import (
    WebhookDelivery,
    WebhookRequest,
    WebhookSubscription,
)
from service.ledger.names import PlayerName
from service.ledger.overrides import RulesOverride
from service.ledger.ratings import PlayerId
from service.ledger.seeds import ClientSeed, CommitmentId
from service.ledger.tournament_record import TableRecord

MAX_ENTRANTS: Final = 2000
MAX_ROUNDS: Final = 20
MAX_BOARDS: Final = 10
MAX_TOURNAMENT_BODY: Final = 512 * 1024
"""The largest `POST /v1/tournaments` body: room for 2000 entrants with long names, ids and
player secrets."""


class EntrantEntry(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An entrant: a person by `name` (and an optional `player_id`, on a server without API
    keys with its `player_secret`), or a bot seat as `{"name", "bot": level}`."""

    name: PlayerName
    player_id: PlayerId | UnsetType = UNSET
    bot: BotLevel | UnsetType = UNSET
    player_secret: PlayerSecret | UnsetType = UNSET


class CreateTournament(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A duplicate tournament of 2-player tables: its entrants in order, `rounds` of `boards`
    boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
    default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed; a
    `webhook` is POSTed its events (else the one the API key names, if any).

    `rated`: each table (a pairing's two games) is one rated match on the ladder
    `<preset>-2p`, won by the entrant with the positive duplicate result; every person needs
    a `player_id`, bots are rated as `bot:<level>`, and no two entrants are one player."""

    name: Annotated[str, Meta(min_length=1, max_length=80)]
    preset: PresetName = "escopa"
    rules: RulesOverride | None = None
    entrants: Annotated[
        list[EntrantEntry],
        Meta(min_length=2, max_length=MAX_ENTRANTS, description="2 to 2000 entrants"),
    ]
    rounds: Annotated[int, Meta(ge=1, le=MAX_ROUNDS, description="1 to 20 rounds")]
    boards: Annotated[int, Meta(ge=1, le=MAX_BOARDS, description="1 to 10 boards a round")]
    pairing: PairingKind
    clock: Clock | None = None
    commitment_id: CommitmentId | None = None
    client_seed: ClientSeed | None = None
    rated: bool = False
    webhook: WebhookRequest | None = None


class EntrantToken(msgspec.Struct, kw_only=True):
    """An entrant as created: a person's `token`, shown once, is its seat token in every game
    of the tournament (bots have none)."""

    entrant: int
    name: str
    token: str | UnsetType = UNSET


class CreatedTournament(msgspec.Struct, kw_only=True):
    """The new tournament: its id, the commitment to its seed, its entrants' tokens."""

    tournament_id: str
    seed_commitment: str
    entrants: list[EntrantToken]
    webhook: WebhookSubscription | UnsetType = UNSET


EntrantStatus = Literal["playing", "played", "bye", "finished"]


class EntrantTable(msgspec.Struct, kw_only=True):
    """Where an entrant plays now (`GET /v1/tournaments/{id}/table` with its token): its
    current `round` and, at a table, its `game_id`, `seat` and `boards`. `status`: `playing`
    (its game runs: `your_turn` says whether it waits for you), `played` (its game is over;
    the next round opens when every table's is), `bye` (no game this round) or `finished`
    (the tournament is over). `rank` and `total` are its standing after the rounds scored."""

    tournament_id: str
    entrant: int
    status: EntrantStatus
    round: int
    game_id: str | UnsetType = UNSET
    seat: int | UnsetType = UNSET
    boards: tuple[int, ...] = ()
    your_turn: bool = False
    rank: int | UnsetType = UNSET
    total: int | UnsetType = UNSET


class RoundStartedEvent(msgspec.Struct, kw_only=True, tag_field="type", tag="round.started"):
    """A round is paired and its games are open: its boards and tables (entrants `a` and `b`,
    `b` null for a bye; each table's two `game_ids` and their `seats`, seat 0 first)."""

    id: str
    tournament_id: str
    seq: int
    time: str
    round: int
    boards: tuple[int, ...]
    tables: tuple[TableRecord, ...]


class TableResultEvent(msgspec.Struct, kw_only=True, tag_field="type", tag="table.result"):
    """A table's result, told when its round is over (every table's at once): on each board
    `a`'s score minus `b`'s (`results`) and in all (`total`); each board's IMPs, or
    matchpoints (`a`'s, `b`'s), and who left the game early (`left`). A tournament of the
    first format (`pairs`) told `a`'s duplicate result, when both games of the table had
    ended."""

    id: str
    tournament_id: str
    seq: int
    time: str
    round: int
    table: int
    a: int
    b: int
    results: tuple[int, ...]
    total: int
    matchpoints: tuple[tuple[int, int], ...] | UnsetType = UNSET
    imps: tuple[tuple[int, int], ...] | UnsetType = UNSET
    left: int | UnsetType = UNSET


class TournamentFinishedEvent(
    msgspec.Struct, kw_only=True, tag_field="type", tag="tournament.finished"
):
    """The last round's results are in: the final standings, and the tournament's seed,
    revealed (its export is ready)."""

    id: str
    tournament_id: str
    seq: int
    time: str
    standings: tuple[Standing, ...]
    seed: str


TournamentEvent = RoundStartedEvent | TableResultEvent | TournamentFinishedEvent
"""What a tournament tells as it moves on, in the order it happens; `seq` counts them from 1."""
TournamentEventType = Literal["round.started", "table.result", "tournament.finished"]


class TournamentWebhookDeliveries(msgspec.Struct, kw_only=True):
    """A tournament's webhook deliveries, in the order they are made (`seq`: the event's); the
    `url` only for the API key that created the tournament."""

    tournament_id: str
    url: str | UnsetType = UNSET
    deliveries: list[WebhookDelivery]
