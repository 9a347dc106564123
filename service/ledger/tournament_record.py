"""A duplicate tournament as recorded, shown and exported: its entrants, its rounds with their
tables and games, and how a table's duplicate results come from its two games' boards.

Pure: the service stores and shows these shapes, the export carries them, and the audit
(`service.ledger.tournament_audit`) recomputes them from the games alone (docs/tournaments.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final, Literal

import msgspec
from msgspec import UNSET, UnsetType

import engine
from bots.levels import BotLevel
from engine.scoring import RoundScore
from engine.state import canonical_json
from engine.tournament import PairingKind, Standing, Table, duplicate_result
from service.ledger.chain import RatedInfo
from service.ledger.export import Export
from service.ledger.ratings import RatingChange
from service.ledger.signatures import HeadSignature

TOURNAMENT_FORMAT: Final = "escopa-tournament-v1"
TournamentStatus = Literal["waiting", "running", "finished"]


class EntrantRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An entrant: its number (the order entrants were given in, from 0), its name, and a bot's
    level or a person's `player_id` (the seam where rated tournaments name their players)."""

    entrant: int
    name: str
    bot: BotLevel | None = None
    player_id: str | None = None


class TableRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A pairing of a round: `a` against `b` (null: `a`'s bye); its two games, seat 0 first in
    each (`seats`: `[a, b]` then `[b, a]`); `a`'s duplicate result per board once both ended."""

    a: int
    b: int | None = None
    game_ids: tuple[str, ...] = ()
    seats: tuple[tuple[int, ...], ...] = ()
    results: tuple[int, ...] | None = None


class RoundRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A round: its number, the board numbers its games deal, its tables."""

    round: int
    boards: tuple[int, ...]
    tables: tuple[TableRecord, ...]


class TournamentRecord(msgspec.Struct, frozen=True, kw_only=True):
    """What anyone may see of a tournament: its settings, entrants, commitment and rounds.

    `rules` are its games' rules before the boards of a round are set on them."""

    tournament_id: str
    name: str
    status: TournamentStatus
    preset: str
    rules: engine.Rules
    pairing: PairingKind
    round_count: int
    boards: int
    seed_commitment: str
    client_seed: str | None = None
    commitment_id: str | None = None
    created: str
    entrants: tuple[EntrantRecord, ...]
    rounds: tuple[RoundRecord, ...] = ()
    rated: RatedInfo | None = None
    """A rated tournament's ladder, rating scope and each entrant's rated player (a person's
    `player_id`, a bot's `bot:<level>`): each table is one rated match (`settlement_id`)."""


class TournamentView(TournamentRecord, frozen=True, kw_only=True):
    """`GET /v1/tournaments/{id}`: the record, the standings after the rounds played and, once
    the tournament is over, its seed (its server seed; with a client seed, the key is
    `seed:client_seed`)."""

    standings: tuple[Standing, ...] = ()
    seed: str | UnsetType = UNSET


class TableRatings(msgspec.Struct, frozen=True, kw_only=True):
    """A rated table's match: its settlement id, where it was, and its entrants' ratings
    before and after (seat 0: `a`, seat 1: `b`)."""

    settlement_id: str
    round: int
    table: int
    changes: tuple[RatingChange, ...]


class TournamentExport(msgspec.Struct, frozen=True, kw_only=True):
    """A finished tournament as one document: the view (seed revealed), every game's export,
    a rated tournament's tables' ratings, and the service's signature of them all
    (`tournament_message`)."""

    format: Literal["escopa-tournament-v1"] = TOURNAMENT_FORMAT
    tournament: TournamentView
    games: tuple[Export, ...]
    ratings: tuple[TableRatings, ...] = ()
    signature: HeadSignature | None = None


def settlement_id(tournament_id: str, round_no: int, table: int) -> str:
    """A rated table's settlement id: `<tournament_id>.r<round>.t<table>` (table from 0)."""
    return f"{tournament_id}.r{round_no}.t{table}"


def settled_table(settled: str) -> str | None:
    """The tournament a settlement id names when it is a table's (a game's id has no dot)."""
    return settled.split(".", 1)[0] if "." in settled else None


def tournament_message(tournament_id: str, body: object) -> bytes:
    """The bytes a tournament export's signature signs: `escopa-tournament-v1:{id}:{sha256}`
    of the canonical JSON of the document without its `signature`."""
    digest = hashlib.sha256(canonical_json(body)).hexdigest()
    return f"{TOURNAMENT_FORMAT}:{tournament_id}:{digest}".encode("ascii")


def board_numbers(round_no: int, boards: int) -> tuple[int, ...]:
    """The boards round `round_no` deals: `(round_no - 1) * boards + 1` onwards."""
    first = (round_no - 1) * boards + 1
    return tuple(range(first, first + boards))


def round_of(rules: engine.Rules) -> int:
    """The tournament round a game of boards belongs to, from its first board."""
    return (rules.first_board - 1) // rules.boards + 1


def points(rounds: Sequence[RoundScore]) -> list[tuple[int, int]]:
    """Each board's round points by seat (2-player tables: side = seat)."""
    return [(score.sides[0].total, score.sides[1].total) for score in rounds]


def table_results(
    first: Sequence[RoundScore], second: Sequence[RoundScore], boards: int
) -> tuple[int, ...]:
    """`a`'s duplicate result per board from its table's two games' scored rounds."""
    return duplicate_result(points(first), points(second), boards)


def played(rounds: Sequence[RoundRecord]) -> list[list[Table]]:
    """The rounds whose every table has its results, as the pure functions take them."""
    done = []
    for record in rounds:
        tables = [Table(a=t.a, b=t.b, results=t.results or ()) for t in record.tables]
        if any(t.b is not None and t.results is None for t in record.tables):
            break
        done.append(tables)
    return done
