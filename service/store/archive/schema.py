"""The archive's tables, one schema for every store, and its migrations: each a list of
statements, applied in order, once, by the store that opens a database older than them (the
version it is at is kept in `archive_schema`)."""

from __future__ import annotations

from typing import Final

from service.store.archive.record import Summary

MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        """CREATE TABLE archived_games (
            game_id TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            preset TEXT NOT NULL,
            players TEXT NOT NULL,
            api_key TEXT,
            created_ms BIGINT NOT NULL,
            finished_ms BIGINT NOT NULL,
            outcome TEXT NOT NULL,
            tournament TEXT,
            body {blob} NOT NULL
        )""",
        "CREATE INDEX archived_games_by_key ON archived_games (api_key, finished_ms)",
        "CREATE INDEX archived_games_by_time ON archived_games (finished_ms)",
        """CREATE TABLE archived_players (
            player TEXT NOT NULL,
            finished_ms BIGINT NOT NULL,
            game_id TEXT NOT NULL,
            PRIMARY KEY (player, finished_ms, game_id)
        )""",
    ),
)
"""Migration n (from 1) takes the schema from version n - 1 to n; `{blob}` is the store's
type for bytes."""

SCHEMA_TABLE: Final = "CREATE TABLE IF NOT EXISTS archive_schema (version INTEGER NOT NULL)"
COLUMNS: Final = (
    "game_id, version, preset, players, api_key, created_ms, finished_ms, outcome, tournament"
)
PLAYER_SEPARATOR: Final = "\x1f"
"""Between the players' names in their column (a unit separator: no name holds one)."""


def history_query(
    player: str | None, key: str | None, before: int | None, mark: str
) -> tuple[str, list[object]]:
    """The history query and its arguments, `mark(n)` placing the n-th argument (`?` or `$n`)."""
    args: list[object] = []

    def arg(value: object) -> str:
        args.append(value)
        return mark.replace("#", str(len(args)))

    columns = ", ".join(f"g.{name.strip()}" for name in COLUMNS.split(","))
    wheres = []
    if player is not None:
        source = "archived_players p JOIN archived_games g ON g.game_id = p.game_id"
        wheres.append(f"p.player = {arg(player)}")
        time = "p.finished_ms"
    else:
        source, time = "archived_games g", "g.finished_ms"
    if key is not None:
        wheres.append(f"g.api_key = {arg(key)}")
    if before is not None:
        wheres.append(f"{time} < {arg(before)}")
    where = f" WHERE {' AND '.join(wheres)}" if wheres else ""
    return f"SELECT {columns} FROM {source}{where} ORDER BY {time} DESC", args


def summary_of(row: tuple[object, ...] | list[object]) -> Summary:
    """A row of `COLUMNS` as a summary."""
    game_id, version, preset, players, key, created, finished, outcome, tournament = row
    return Summary(
        game_id=str(game_id),
        version=int(str(version)),
        preset=str(preset),
        players=tuple(str(players).split(PLAYER_SEPARATOR)),
        key=None if key is None else str(key),
        created_ms=int(str(created)),
        finished_ms=int(str(finished)),
        outcome=str(outcome),
        tournament=None if tournament is None else str(tournament),
    )


def row_of(summary: Summary, body: bytes) -> tuple[object, ...]:
    """The values of `COLUMNS` and the body, for an insert."""
    return (
        summary.game_id,
        summary.version,
        summary.preset,
        PLAYER_SEPARATOR.join(summary.players),
        summary.key,
        summary.created_ms,
        summary.finished_ms,
        summary.outcome,
        summary.tournament,
        body,
    )


UPSERT: Final = (
    f"INSERT INTO archived_games ({COLUMNS}, body) VALUES ({{marks}}) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "preset = excluded.preset, players = excluded.players, api_key = excluded.api_key, "
    "created_ms = excluded.created_ms, finished_ms = excluded.finished_ms, "
    "outcome = excluded.outcome, tournament = excluded.tournament, body = excluded.body "
    "WHERE excluded.version > archived_games.version RETURNING game_id"
)
"""Insert a game, or replace it with a later version; a row comes back when it was written."""
