"""A finished tournament's export as lines (`escopa-tournament-v3`): written and read one game
at a time, its games as their moves only.

JSON Lines, each line one JSON object: first the header (`format`, the `tournament` view with
its seed and standings but not its rounds, the number of `games`); then each round: a line of
its own (`RoundLine`: its boards, its tables, a rated tournament's tables' `ratings`), then a
line for each of its games in the order of its tables and each table's games (`CompactGame`:
its moves, salts and times; what its tournament gives, the round's rules and seed and the
seats' names, is not repeated); last the service's `signature` of every byte before that line:
`escopa-tournament-v3:{tournament_id}:{sha256}`. The audit reads it line by line, keeping one
round's tables and one game at a time, and rebuilds each game's log from its moves
(`service.ledger.compact_log`) to audit it and check the game's own signature. v1 and v2
exports are one JSON document (`service.ledger.tournament_record`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

import msgspec

from engine.shuffle import commitment, round_seed, shuffle_key
from service.ledger.compact_log import CompactGame, compacted
from service.ledger.export import Export
from service.ledger.signatures import HeadSignature
from service.ledger.tournament_record import (
    RoundRecord,
    TableRatings,
    TournamentView,
    board_numbers,
)

TOURNAMENT_FORMAT_V3: Final = "escopa-tournament-v3"
LINES_START: Final = b'{"format":"escopa-tournament-v3"'
"""How a v3 export's first line begins (its header's first member)."""


class LinesHeader(msgspec.Struct, frozen=True, kw_only=True):
    """A v3 export's first line: the tournament (seed revealed; its rounds are lines of their
    own) and how many game lines follow."""

    format: str = TOURNAMENT_FORMAT_V3
    tournament: TournamentView
    games: int


class RoundLine(RoundRecord, frozen=True, kw_only=True):
    """A round of a v3 export, on the line before its games: its record and a rated
    tournament's ratings of its tables."""

    ratings: tuple[TableRatings, ...] = ()


class LinesEnd(msgspec.Struct, frozen=True, kw_only=True):
    """A v3 export's last line: the service's signature of every line before it."""

    signature: HeadSignature


def lines_message(tournament_id: str, digest: str) -> bytes:
    """The bytes a v3 export's signature signs: `{format}:{id}:{sha256 of the lines before}`."""
    return f"{TOURNAMENT_FORMAT_V3}:{tournament_id}:{digest}".encode("ascii")


def is_lines(start: bytes) -> bool:
    """Whether a file that begins with these bytes is a v3 export."""
    return start.lstrip().startswith(LINES_START)


def games_in(view: TournamentView) -> Iterator[tuple[int, str, tuple[int, ...]]]:
    """Every game of the tournament in the export's order: its round, id and seats."""
    for record in view.rounds:
        for game_id, seats in round_games(record):
            yield record.round, game_id, seats


def round_games(record: RoundRecord) -> Iterator[tuple[str, tuple[int, ...]]]:
    """A round's games in the export's order: each one's id and seats."""
    for table in record.tables:
        yield from zip(table.game_ids, table.seats, strict=False)


def header(view: TournamentView) -> LinesHeader:
    """A v3 export's first line: the tournament without its rounds."""
    games = sum(1 for _ in games_in(view))
    return LinesHeader(tournament=msgspec.structs.replace(view, rounds=()), games=games)


def round_line(record: RoundRecord, ratings: tuple[TableRatings, ...]) -> RoundLine:
    """A round's line: its record and the ratings of its tables (of all the tournament's)."""
    own = tuple(r for r in ratings if r.round == record.round)
    return RoundLine(round=record.round, boards=record.boards, tables=record.tables, ratings=own)


def given_game(view: TournamentView, round_no: int, seats: tuple[int, ...]) -> dict[str, Any]:
    """A game's `created` entry's `game` as its tournament gives it (JSON values): the round's
    rules and seed (with its commitment) and its seats' names."""
    assert isinstance(view.seed, str)
    seed = round_seed(shuffle_key(view.seed, view.client_seed), round_no)
    boards = board_numbers(round_no, view.boards)
    rules = msgspec.structs.replace(view.rules, boards=view.boards, first_board=boards[0])
    given = {
        "rules": rules,
        "players": [view.entrants[e].name for e in seats],
        "seed": seed,
        "seed_commitment": commitment(seed),
        "client_seed": None,
        "commitment_id": None,
    }
    found: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(given))
    return found


class LinesDigest:
    """The running SHA-256 of a v3 export's lines, as written or read."""

    def __init__(self) -> None:
        self.hashed = hashlib.sha256()

    def line(self, value: object) -> bytes:
        """A line of the export, hashed."""
        data = msgspec.json.encode(value) + b"\n"
        self.hashed.update(data)
        return data

    def message(self, tournament_id: str) -> bytes:
        return lines_message(tournament_id, self.hashed.hexdigest())


def compact_game(
    view: TournamentView, round_no: int, seats: tuple[int, ...], game: Export
) -> CompactGame:
    """A game's line: its export as its moves, less what the tournament gives."""
    ratings = tuple(game.ratings) if isinstance(game.ratings, list) else msgspec.UNSET
    given = given_game(view, round_no, seats)
    return compacted(game.game_id, game.entries, given, game.signature, ratings)


def end_line(
    digest: LinesDigest, tournament_id: str, sign: Callable[[bytes], HeadSignature]
) -> bytes:
    """The last line: the signature of every line before it."""
    return msgspec.json.encode(LinesEnd(signature=sign(digest.message(tournament_id)))) + b"\n"


def lines_of(
    view: TournamentView,
    ratings: tuple[TableRatings, ...],
    games: Iterable[Export],
    sign: Callable[[bytes], HeadSignature],
) -> Iterator[bytes]:
    """A finished tournament's v3 export, line by line, from its games' exports in the
    export's order (`games_in`)."""
    digest, exports = LinesDigest(), iter(games)
    yield digest.line(header(view))
    for record in view.rounds:
        yield digest.line(round_line(record, ratings))
        for game_id, seats in round_games(record):
            game = next(exports)
            assert game.game_id == game_id
            yield digest.line(compact_game(view, record.round, seats, game))
    assert next(exports, None) is None
    yield end_line(digest, view.tournament_id, sign)
