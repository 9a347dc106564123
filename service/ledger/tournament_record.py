"""A duplicate tournament as recorded, shown and exported: its entrants, its rounds with their
tables and games, and how a table's results come from its games' boards.

Two formats: `escopa-tournament-v2` (one game a table, IMPs or matchpoints across the round's
tables: `engine.duplicate`) for every tournament made now, and `escopa-tournament-v1` (a pairing's
two games of the same boards, seats swapped: `engine.tournament`), whose exports still audit.

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
from engine import duplicate
from engine.duplicate import Across, Played, Points
from engine.events import MatchEnded, RoundEnded
from engine.scoring import Outcome, RoundScore
from engine.state import canonical_json
from engine.tournament import PairingKind, Standing, Table, duplicate_result
from engine.tournament import standings as pair_standings
from service.ledger.chain import LogEntry, RatedInfo
from service.ledger.export import Export
from service.ledger.ratings import RatingChange
from service.ledger.signatures import HeadSignature

TOURNAMENT_FORMAT_V1: Final = "escopa-tournament-v1"
TOURNAMENT_FORMAT: Final = "escopa-tournament-v2"
TournamentFormat = Literal["escopa-tournament-v1", "escopa-tournament-v2"]
TournamentStatus = Literal["waiting", "running", "finished"]
TournamentScoring = Literal["pairs", "imps", "matchpoints", "plain"]
"""How results are scored: `imps` (one game a table, each margin against the datum of the
round's tables: every tournament of 4 entrants or more made now), `matchpoints` (one game a
table, compared across the round's tables: the first such tournaments), `plain` (one game a
table, a lone table: 2 to each board's winner), or `pairs` (the first format's two games a
pairing, seats swapped)."""


class EntrantRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An entrant: its number (the order entrants were given in, from 0), its name, and a bot's
    level or a person's `player_id` (the seam where rated tournaments name their players)."""

    entrant: int
    name: str
    bot: BotLevel | None = None
    player_id: str | None = None


class TableRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A table of a round: `a` against `b` (null: `a`'s bye), its games with their `seats`
    (entrants, seat 0 first) and, once the round is over, per board `a`'s result (`results`).

    IMPs, matchpoints and plain scoring: one game, `a` at seat 0; `points` each board's round
    points by seat (null: never reached), `left` the entrant who left the game early, `imps`
    (IMP scoring) or `matchpoints` (matchpoints and plain scoring) each board's (`a`'s, `b`'s)
    and `results` their difference. Pairs (the first format): two games, `[a, b]` then
    `[b, a]`; `results` `a`'s duplicate result per board."""

    a: int
    b: int | None = None
    game_ids: tuple[str, ...] = ()
    seats: tuple[tuple[int, ...], ...] = ()
    results: tuple[int, ...] | None = None
    points: tuple[Points | None, ...] | None = None
    left: int | None = None
    matchpoints: tuple[Points, ...] | None = None
    imps: tuple[Points, ...] | None = None


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
    scoring: TournamentScoring = "pairs"
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

    format: TournamentFormat = TOURNAMENT_FORMAT
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


def tournament_message(
    tournament_id: str, body: object, version: TournamentFormat = TOURNAMENT_FORMAT
) -> bytes:
    """The bytes a tournament export's signature signs: `{format}:{id}:{sha256}` of the
    canonical JSON of the document without its `signature`."""
    digest = hashlib.sha256(canonical_json(body)).hexdigest()
    return f"{version}:{tournament_id}:{digest}".encode("ascii")


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


def played_tables(rounds: Sequence[RoundRecord]) -> list[list[Played]]:
    """The rounds whose every table has its results, as `engine.duplicate` takes them."""
    done = []
    for record in rounds:
        if any(t.b is not None and t.results is None for t in record.tables):
            break
        done.append(
            [Played(a=t.a, b=t.b, points=t.points or (), left=t.left) for t in record.tables]
        )
    return done


def standings_of(record: TournamentRecord) -> list[Standing]:
    """The standings after the rounds played, as the tournament's scoring ranks them."""
    entrants = len(record.entrants)
    if record.scoring == "pairs":
        return pair_standings(entrants, played(record.rounds))
    across = across_of(record.scoring)
    return duplicate.standings(entrants, played_tables(record.rounds), record.boards, across)


def across_of(scoring: TournamentScoring) -> Across:
    """How a tournament compares a board across two tables or more: IMPs, but matchpoints in
    the tournaments made with them."""
    return "matchpoints" if scoring == "matchpoints" else "imps"


def scored_tables(
    tables: Sequence[Played],
    boards: int,
    game_ids: Sequence[tuple[str, ...]],
    scoring: TournamentScoring,
) -> tuple[TableRecord, ...]:
    """A round's tables once all its games are over, with their scores and results."""
    found = []
    scored = duplicate.table_scores(tables, boards, across_of(scoring))
    for table, per_board, ids in zip(tables, scored, game_ids, strict=True):
        if table.b is None or per_board is None:
            found.append(TableRecord(a=table.a))
            continue
        found.append(
            TableRecord(
                a=table.a,
                b=table.b,
                game_ids=ids,
                seats=((table.a, table.b),),
                results=tuple(mine - theirs for mine, theirs in per_board),
                points=table.points,
                left=table.left,
                matchpoints=None if scoring == "imps" else per_board,
                imps=per_board if scoring == "imps" else None,
            )
        )
    return tuple(found)


def leaver_of(outcome: Outcome | None, last_timeout: int | None) -> int | None:
    """The seat that left a game that ended early: the resigner's, the one out of time, or the
    one whose first move never came (`last_timeout`: the seat of the game's final timeout);
    None when the game was played out."""
    if outcome is None:
        return None
    if outcome.resigned:
        return outcome.resigned[0]
    if outcome.timed_out:
        return outcome.timed_out[0]
    return last_timeout if outcome.result == "aborted" else None


def played_game(entries: Sequence[LogEntry], seats: tuple[int, int]) -> Played:
    """A table's game as played, from its whole log: each board's points, who left it."""
    outcome = None
    points: list[Points] = []
    for entry in entries:
        for event in entry.events:
            if isinstance(event, RoundEnded):
                points.append((event.score.sides[0].total, event.score.sides[1].total))
            elif isinstance(event, MatchEnded):
                outcome = event.outcome
    last = entries[-1]
    seat = leaver_of(outcome, last.seat if last.type == "timeout" else None)
    left = seats[seat] if seat is not None else None
    return Played(a=seats[0], b=seats[1], points=tuple(points), left=left)
