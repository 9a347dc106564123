"""Rated tournaments: what one needs of its entrants, and each table settled as one rated match
between its two entrants on the ladder `<preset>-2p`, as the tournament scores the table: won
by the entrant whose total over the boards is positive (0: a draw), by the same exactly-once
settlement as a rated game, keyed by the table's settlement id (docs/ratings.md). The abuse
watch counts it as its game ended (a table resigned at once is given up early). The games
themselves are not rated: that would count each board again."""

from __future__ import annotations

from collections.abc import Sequence

from service.core.ratings.player_ids import scope_of
from service.core.ratings.players import Match, Players
from service.errors import ServiceError
from service.ledger.chain import RatedInfo
from service.ledger.ratings import BOT_PREFIX, ladder_of, table_outcome
from service.ledger.tournament_record import (
    EntrantRecord,
    RoundRecord,
    TableRatings,
    TableRecord,
    TournamentRecord,
    settlement_id,
)
from service.ledger.watch import Ending


def rated_entrants(entrants: Sequence[EntrantRecord], preset: str, key: str | None) -> RatedInfo:
    """A rated tournament's ladder, scope and each entrant's rated player: a person's
    `player_id` (422 without one), a bot's `bot:<level>`; 422 when two entrants are one."""
    players: list[str] = []
    for entrant in entrants:
        where = f"entrants[{entrant.entrant}]"
        player = _rated_player(entrant, where)
        if player in players:
            raise ServiceError(
                "tournament/same_player",
                422,
                "entrants {entrant} and {entrant2} are one rated player '{player_id}': a rated "
                "tournament's entrants are distinct players (at most one bot of each level)",
                field=where,
                entrant=players.index(player),
                entrant2=entrant.entrant,
                player_id=player,
            )
        players.append(player)
    return RatedInfo(ladder=ladder_of(preset, 2), scope=scope_of(key), players=tuple(players))


def _rated_player(entrant: EntrantRecord, where: str) -> str:
    """An entrant's rated player, refused without a `player_id` or with a bot's form."""
    if entrant.bot is not None:
        return f"{BOT_PREFIX}{entrant.bot}"
    if entrant.player_id is None:
        raise ServiceError(
            "tournament/player_id_required",
            422,
            "entrant {entrant} of a rated tournament needs a `player_id`: each table is a rated "
            "match between two players",
            field=where,
            entrant=entrant.entrant,
        )
    if entrant.player_id.startswith(BOT_PREFIX):
        raise ServiceError(
            "player/reserved_id",
            422,
            "entrant {entrant}: ids starting 'bot:' are the bots'",
            field=where,
            entrant=entrant.entrant,
        )
    return entrant.player_id


def table_match(
    record: TournamentRecord,
    round_no: int,
    number: int,
    table: TableRecord,
    ending: Ending | None,
) -> Match:
    """A table with its results as the rated match between its entrants (`a` at seat 0),
    its game's `ending` for the watch."""
    rated = record.rated
    assert rated is not None and table.b is not None and table.results is not None
    a, b = table.a, table.b
    return Match(
        settlement_id=settlement_id(record.tournament_id, round_no, number),
        scope=rated.scope,
        ladder=rated.ladder,
        rules=record.rules,
        outcome=table_outcome(sum(table.results), len(table.results)),
        named={0: rated.players[a], 1: rated.players[b]},
        names=(record.entrants[a].name, record.entrants[b].name),
        tournament_id=record.tournament_id,
        game_ids=table.game_ids,
        ending=ending,
    )


async def settle_tables(
    players: Players | None,
    record: TournamentRecord,
    last: RoundRecord,
    tables: Sequence[TableRecord],
    endings: Sequence[Ending | None],
) -> None:
    """Settle the round's tables whose results are new in `tables` (`endings`: how each
    table's game ended), in table order, before they are recorded: a crash before the record
    leaves them to the next move on, which finds those settled already settled (the
    settlement id is written once)."""
    if players is None or record.rated is None:
        return
    for number, (was, now, ending) in enumerate(zip(last.tables, tables, endings, strict=True)):
        if was.results is None and now.results is not None and now.b is not None:
            await players.settle_match(table_match(record, last.round, number, now, ending))


async def table_ratings(
    players: Players | None, record: TournamentRecord
) -> tuple[TableRatings, ...]:
    """Each rated table's entrants' ratings before and after it, as settled."""
    if players is None or record.rated is None:
        return ()
    found: list[TableRatings] = []
    for played in record.rounds:
        for number, table in enumerate(played.tables):
            if table.b is None:
                continue
            settled = settlement_id(record.tournament_id, played.round, number)
            changes = await players.settled_changes(record.rated.scope, settled)
            found.append(
                TableRatings(
                    settlement_id=settled, round=played.round, table=number, changes=changes
                )
            )
    return tuple(found)
