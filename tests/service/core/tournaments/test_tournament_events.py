"""A tournament's events as the difference of its records: however its changes are grouped
into saves, the events told are the same, numbered 1, 2, ... with no gap, as many as the
record counts."""

from __future__ import annotations

import itertools

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import make_rules
from service.core.tournaments.tournament_events import event_count, events_between
from service.ledger.tournament_record import (
    EntrantRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
)

ENTRANTS = 5  # two tables and a bye a round
START = TournamentRecord(
    tournament_id="t1",
    name="cup",
    status="running",
    preset="escopa",
    rules=make_rules(),
    pairing="swiss",
    round_count=2,
    boards=1,
    seed_commitment="0" * 64,
    created="2026-01-01T00:00:00.000Z",
    entrants=tuple(EntrantRecord(entrant=e, name=f"e{e}") for e in range(ENTRANTS)),
)


def opened(round_no: int) -> RoundRecord:
    tables = (TableRecord(a=0, b=1, game_ids=("g1", "g2")), TableRecord(a=2, b=3), TableRecord(a=4))
    return RoundRecord(round=round_no, boards=(round_no,), tables=tables)


def with_result(record: TournamentRecord, table: int) -> TournamentRecord:
    last = record.rounds[-1]
    tables = list(last.tables)
    tables[table] = msgspec.structs.replace(tables[table], results=(table + 1,))
    rounds = (*record.rounds[:-1], msgspec.structs.replace(last, tables=tuple(tables)))
    return msgspec.structs.replace(record, rounds=rounds)


def history() -> list[TournamentRecord]:
    """Every record of a 2-round tournament, one change at a time (tables' results in table
    order: a save that records several tells them in that order)."""
    records = [START]
    for round_no in (1, 2):
        rounds = (*records[-1].rounds, opened(round_no))
        records.append(msgspec.structs.replace(records[-1], rounds=rounds))
        records.append(with_result(records[-1], 0))
        records.append(with_result(records[-1], 1))
    records.append(msgspec.structs.replace(records[-1], status="finished"))
    return records


@given(st.sets(st.integers(1, len(history()) - 2)))
def test_the_events_are_the_same_however_the_changes_are_saved(cuts: set[int]) -> None:
    records = history()
    saved = [records[0], *(records[i] for i in sorted(cuts)), records[-1]]
    told = [
        e
        for before, after in itertools.pairwise(saved)
        for e in events_between(before, after, "seed", "now")
    ]
    one_by_one = [
        e
        for before, after in itertools.pairwise(records)
        for e in events_between(before, after, "seed", "now")
    ]
    assert told == one_by_one
    assert [e.seq for e in told] == list(range(1, event_count(records[-1]) + 1))
    kinds = [str(type(e).__struct_config__.tag) for e in told]
    assert kinds == ["round.started", "table.result", "table.result"] * 2 + ["tournament.finished"]


def test_a_change_not_made_tells_nothing() -> None:
    for record in history():
        assert events_between(record, record, "seed", "now") == []
