"""The wire shapes of creating a duplicate tournament (`POST /v1/tournaments`) and its answer;
what a tournament shows afterwards is `service.ledger.tournament_record`."""

from __future__ import annotations

from typing import Annotated, Final

import msgspec
from msgspec import UNSET, Meta, UnsetType

from bots.levels import BotLevel
from engine.rules import Clock, PresetName
from engine.tournament import PairingKind
from service.ledger.names import PlayerName
from service.ledger.overrides import RulesOverride
from service.ledger.ratings import PlayerId
from service.ledger.seeds import ClientSeed, CommitmentId

MAX_ENTRANTS: Final = 2000
MAX_ROUNDS: Final = 20
MAX_BOARDS: Final = 10
MAX_TOURNAMENT_BODY: Final = 256 * 1024
"""The largest `POST /v1/tournaments` body: room for 2000 entrants with long names and ids."""


class EntrantEntry(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An entrant: a person by `name` (and an optional `player_id`), or a bot seat as
    `{"name", "bot": level}`."""

    name: PlayerName
    player_id: PlayerId | UnsetType = UNSET
    bot: BotLevel | UnsetType = UNSET


class CreateTournament(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A duplicate tournament of 2-player tables: its entrants in order, `rounds` of `boards`
    boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
    default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed.

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
