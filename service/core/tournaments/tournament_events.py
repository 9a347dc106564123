"""A tournament's events: what one saved change told, as public facts only, numbered.

Pure: the events of a change are the difference between the record before it and the record
after (a round opened, tables' results recorded, the end), so the script that saves the change
appends exactly its events (`TournamentStore.save`), and a save that loses its compare-and-set
appends none. Their numbers come from the record too (`event_count`): the `n`-th event of a
tournament is the same on every process and in every retry.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from service.core.tournaments.tournament_messages import (
    RoundStartedEvent,
    TableResultEvent,
    TournamentEvent,
    TournamentFinishedEvent,
)
from service.core.webhooks.webhook_messages import event_type
from service.ledger.tournament_record import (
    RoundRecord,
    TableRecord,
    TournamentRecord,
    standings_of,
)

decoder: Final = msgspec.json.Decoder(TournamentEvent)
_encoder: Final = msgspec.json.Encoder()


def delivery_id(tournament_id: str, seq: int) -> str:
    """The id of a tournament's `seq`-th event: the same on every attempt of its delivery."""
    return f"{tournament_id}.{seq}"


def _scored(table: TableRecord) -> bool:
    """Whether the table played (not a bye) and has its results."""
    return table.b is not None and table.results is not None


def event_count(record: TournamentRecord) -> int:
    """How many events the tournament has told: one per round opened, one per table's
    results, one at the end."""
    tables = sum(1 for r in record.rounds for t in r.tables if _scored(t))
    return len(record.rounds) + tables + (1 if record.status == "finished" else 0)


def events_between(
    before: TournamentRecord, after: TournamentRecord, seed: str, time: str
) -> list[TournamentEvent]:
    """The events of the change from `before` to `after` (`seed`: the tournament's, told at
    its end; `time`: when the change is saved), in order, numbered on from `before`'s."""
    made: list[TournamentEvent] = []
    first = event_count(before)

    def common() -> dict[str, Any]:
        seq = first + len(made) + 1
        tournament_id = after.tournament_id
        return {
            "id": delivery_id(tournament_id, seq),
            "tournament_id": tournament_id,
            "seq": seq,
            "time": time,
        }

    for index, record in enumerate(after.rounds):
        old = before.rounds[index] if index < len(before.rounds) else None
        if old is None:
            tables = tuple(_unscored(t) for t in record.tables)
            made.append(
                RoundStartedEvent(
                    **common(), round=record.round, boards=record.boards, tables=tables
                )
            )
        for number, table in enumerate(record.tables):
            if _scored(table) and (old is None or not _scored(old.tables[number])):
                made.append(_result(common(), record, number, table))
    if after.status == "finished" and before.status != "finished":
        final = standings_of(after)
        made.append(TournamentFinishedEvent(**common(), standings=tuple(final), seed=seed))
    return made


def _result(
    common: dict[str, Any], record: RoundRecord, number: int, table: TableRecord
) -> TableResultEvent:
    assert table.b is not None and table.results is not None
    results = table.results
    return TableResultEvent(
        **common,
        round=record.round,
        table=number,
        a=table.a,
        b=table.b,
        results=results,
        total=sum(results),
        matchpoints=table.matchpoints if table.matchpoints is not None else msgspec.UNSET,
        imps=table.imps if table.imps is not None else msgspec.UNSET,
        left=table.left if table.left is not None else msgspec.UNSET,
    )


def _unscored(table: TableRecord) -> TableRecord:
    """A table as its round starts: its entrants and game, no result yet."""
    return msgspec.structs.replace(
        table, results=None, points=None, left=None, matchpoints=None, imps=None
    )


def encoded(events: list[TournamentEvent]) -> list[tuple[int, str, bytes]]:
    """The events as the save script appends them: number, type and JSON."""
    return [(e.seq, event_type(e), _encoder.encode(e)) for e in events]
