"""Ratings recomputed from signed exports alone: each rated game audited (its outcome is the
replay's, not the document's word), and each rated tournament table from its tournament's
export, audited as a whole (its results recomputed from its two games), rated with the same
function the service applies (`ratings.rated`), in the order the service applied them; the
abuse watch counted again with the same function (`watch.watched`), each match with the
thresholds the service recorded with it, and each flag the operator cleared cleared at the
same point; the result is compared with the service's ratings and watches to the last bit, or
the first game, table or player where they part is named."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine.rules import Rules
from engine.scoring import Outcome
from service.ledger.audit import audit_entries
from service.ledger.chain import GameInfo
from service.ledger.compact_log import CompactGame
from service.ledger.ratings import FIRST, Rating, rated, table_outcome
from service.ledger.tournament_audit import TournamentAuditReport, audit_lines, audit_tournament
from service.ledger.tournament_record import (
    TableRecord,
    TournamentView,
    settled_table,
    settlement_id,
)
from service.ledger.watch import (
    EMPTY,
    Ending,
    Thresholds,
    Watch,
    cleared,
    ending_of,
    watch_match,
)

Key = tuple[str, str, str]
"""A rating's place: scope, ladder, player id."""


@dataclass(frozen=True)
class LinesExport:
    """A v3 tournament export (`escopa-tournament-v3`) as the recompute reads it: its lines
    (`opened` reads them afresh, for the audit), its tournament with its rounds, and each
    game's ending (`watch.ending_of` of its moves)."""

    opened: Callable[[], Iterator[bytes]]
    tournament: Mapping[str, Any]
    endings: Mapping[str, Ending]


@dataclass(frozen=True)
class TableDocument:
    """A rated tournament's table as the recompute reads it: its tournament's export (a v1
    or v2 document decoded, or a v3 one's lines) and its round and table number."""

    export: Mapping[str, Any] | LinesExport
    round: int
    table: int


@dataclass(frozen=True)
class Cleared:
    """The operator's clearing of a player's flag on a ladder, in the settle order."""

    scope: str
    ladder: str
    player_id: str


Document = Mapping[str, Any] | TableDocument | Cleared


@dataclass(frozen=True)
class _Match:
    """A match to rate and watch: its settlement id, each seat's rating place, its rules and
    outcome, whether its ratings move (an aborted game's do not), how its log ended (None: a
    table)."""

    settlement_id: str
    places: list[Key]
    rules: Rules
    outcome: Outcome
    rated: bool = True
    ending: Ending | None = None


class _Unrateable(Exception):
    """A game or table whose document does not prove its result."""


@dataclass
class Recomputed:
    """The ratings rebuilt so far, each game's (or table's) seats' ratings after it, and the
    first game or table that could not be rated (its id and why), if any."""

    ratings: dict[Key, Rating] = field(default_factory=dict)
    after: dict[str, tuple[Rating, ...]] = field(default_factory=dict)
    watches: dict[Key, Watch] = field(default_factory=dict)
    """Each watched player's watch on each ladder (bots are not watched)."""
    failed: tuple[str, str] | None = None
    tournaments: dict[int, TournamentView | str] = field(default_factory=dict)
    """Each tournament export's audited view, or why it does not audit (by the export's id)."""


def recompute(
    documents: Iterable[Document], watch: Mapping[str, Thresholds] | None = None
) -> Recomputed:
    """Rate the exports' rated games and tables in the order given (the service's order), and
    watch each match the service watched, with the thresholds `watch` names for it (by
    settlement id; none: the service did not watch it)."""
    done = Recomputed()
    for document in documents:
        if isinstance(document, Cleared):
            key = (document.scope, document.ladder, document.player_id)
            done.watches[key] = cleared(done.watches.get(key, EMPTY))
            continue
        where = _where(document)
        try:
            if isinstance(document, TableDocument):
                match = _table(document, done)
            else:
                match = _game(document)
        except _Unrateable as why:
            done.failed = (where, str(why))
            return done
        if match is None:
            continue
        if match.rated:
            before = [done.ratings.get(place, FIRST) for place in match.places]
            after = rated(match.rules, match.outcome, before)
            done.ratings.update(zip(match.places, after, strict=True))
            done.after[match.settlement_id] = tuple(after)
        thresholds = (watch or {}).get(match.settlement_id)
        if thresholds is not None:
            _watch(done, match, thresholds)
    return done


def _watch(done: Recomputed, match: _Match, thresholds: Thresholds) -> None:
    """Count the match in each of its people's watches, as the service does."""
    players = {seat: place[2] for seat, place in enumerate(match.places)}
    before = {s: done.watches[p] for s, p in enumerate(match.places) if p in done.watches}
    after = watch_match(
        match.rules, match.outcome, players, match.ending, thresholds, match.settlement_id, before
    )
    for seat, watch in after.items():
        done.watches[match.places[seat]] = watch


def _where(document: Mapping[str, Any] | TableDocument) -> str:
    if isinstance(document, TableDocument):
        view = _tournament_of(document.export)
        return settlement_id(str(view.get("tournament_id")), document.round, document.table)
    return str(document.get("game_id"))


def _game(document: Mapping[str, Any]) -> _Match | None:
    """A rated game's match from its audited export (None: not rated); an aborted one moves
    no rating, but the watch counts it."""
    game_id = str(document.get("game_id"))
    entries = document.get("entries")
    report = audit_entries(entries if isinstance(entries, list) else [], game_id)
    if not report.ok or report.outcome is None:
        raise _Unrateable("its log does not audit, or the match is not over")
    assert isinstance(entries, list)
    info = msgspec.convert(entries[0]["game"], GameInfo)
    if not isinstance(info.rated, msgspec.Struct):
        return None
    scope, ladder = info.rated.scope, info.rated.ladder
    places = [(scope, ladder, player) for player in info.rated.players]
    rated_ = report.outcome.result != "aborted"
    return _Match(game_id, places, info.rules, report.outcome, rated_, _ending(entries))


def _ending(entries: list[Any]) -> Ending:
    """How a game ended, from its exported log (`watch.ending_of`)."""
    return ending_of((str(e["type"]), e.get("seat"), str(e.get("move") or "")) for e in entries[1:])


def _table(document: TableDocument, done: Recomputed) -> _Match | None:
    """A rated table's match from its tournament's audited export (None: not rated)."""
    view = _audited(document.export, done)
    table = view.rounds[document.round - 1].tables[document.table]
    if view.rated is None or table.b is None or table.results is None:
        return None
    scope, ladder, players = view.rated.scope, view.rated.ladder, view.rated.players
    places = [(scope, ladder, players[table.a]), (scope, ladder, players[table.b])]
    outcome = table_outcome(sum(table.results), len(table.results))
    where = settlement_id(view.tournament_id, document.round, document.table)
    return _Match(where, places, view.rules, outcome, ending=_table_ending(document, table))


def _table_ending(document: TableDocument, table: TableRecord) -> Ending | None:
    """How a table's one game ended, from its export in the tournament's (None: a table of
    the first format, two games, as the service watched it)."""
    if len(table.game_ids) != 1:
        return None
    if isinstance(document.export, LinesExport):
        return document.export.endings[table.game_ids[0]]
    games = document.export.get("games") or []
    [game] = [g for g in games if g.get("game_id") == table.game_ids[0]]
    return _ending(game["entries"])


def _audited(export: Mapping[str, Any] | LinesExport, done: Recomputed) -> TournamentView:
    """The tournament's view once its export audits (each export audited once)."""
    found = done.tournaments.get(id(export))
    if found is None:
        report = _audit(export)
        failure = report.failure
        if failure is not None:
            at = f"round {failure.round}, table {failure.table}: " if failure.round else ""
            found = f"its tournament's export does not audit ({failure.kind}): {at}{failure.reason}"
        else:
            found = msgspec.convert(_tournament_of(export), TournamentView)
        done.tournaments[id(export)] = found
    if isinstance(found, str):
        raise _Unrateable(found)
    return found


def _audit(export: Mapping[str, Any] | LinesExport) -> TournamentAuditReport:
    if isinstance(export, LinesExport):
        return audit_lines(export.opened)
    return audit_tournament(msgspec.json.encode(export))


def _tournament_of(export: Mapping[str, Any] | LinesExport) -> Mapping[str, Any]:
    """The tournament an export states (its rounds included), as JSON values."""
    if isinstance(export, LinesExport):
        return export.tournament
    view = export.get("tournament")
    return view if isinstance(view, dict) else {}


def lines_export(opened: Callable[[], Iterator[bytes]]) -> LinesExport:
    """A v3 export read for the recompute: its header's tournament with its rounds' lines
    (their ratings aside) and its games' endings (one game's line in memory at a time; the
    audit reads the lines again)."""
    lines = opened()
    header = msgspec.json.decode(next(lines, b"{}"))
    tournament = header.get("tournament") if isinstance(header, dict) else None
    rounds, endings = [], {}
    for line in lines:
        found = msgspec.json.decode(line)
        if isinstance(found, dict) and "game_id" in found:
            game = msgspec.convert(found, CompactGame)
            steps = ((e.type, e.seat, e.move or "") for e in game.entries[1:])
            endings[game.game_id] = ending_of(steps)
        elif isinstance(found, dict) and "round" in found:
            rounds.append({name: value for name, value in found.items() if name != "ratings"})
    view = {**tournament, "rounds": rounds} if isinstance(tournament, dict) else {}
    return LinesExport(opened, view, endings)


def tables_of(export: Mapping[str, Any] | LinesExport) -> dict[str, TableDocument]:
    """A rated tournament export's tables (byes aside) by settlement id; none for an unrated
    one."""
    view = _tournament_of(export)
    if not view.get("rated"):
        return {}
    found: dict[str, TableDocument] = {}
    for each in view.get("rounds", []):
        for number, table in enumerate(each.get("tables", [])):
            if table.get("b") is not None:
                where = settlement_id(str(view.get("tournament_id")), each["round"], number)
                found[where] = TableDocument(export, each["round"], number)
    return found


def first_difference(
    done: Recomputed,
    service: Mapping[Key, Rating],
    games: Mapping[str, tuple[Rating, ...]],
    watches: Mapping[Key, Watch] | None = None,
) -> str | None:
    """Where the recomputed ratings part from the service's: the first game (or table) whose
    seats' ratings after it differ, else the first player whose rating differs, else (when
    `watches` are given) the first player whose watch differs; None: equal."""
    if done.failed is not None:
        return f"{_kind(done.failed[0])} {done.failed[0]}: {done.failed[1]}"
    for game_id, after in done.after.items():
        if games.get(game_id) != after:
            return (
                f"{_kind(game_id)} {game_id}: the service rated it {games.get(game_id)}, "
                f"recomputed {after}"
            )
    for place in sorted(set(service) | set(done.ratings)):
        if service.get(place) != done.ratings.get(place):
            return f"player {place}: the service has {service.get(place)}, recomputed " + str(
                done.ratings.get(place)
            )
    if watches is None:
        return None
    for place in sorted(set(watches) | set(done.watches)):
        if watches.get(place, EMPTY) != done.watches.get(place, EMPTY):
            return (
                f"player {place}'s watch: the service has {watches.get(place)}, recomputed "
                f"{done.watches.get(place)}"
            )
    return None


def _kind(settled: str) -> str:
    """What a settlement id names: a tournament's table, or a game."""
    return "game" if settled_table(settled) is None else "table"
