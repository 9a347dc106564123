"""The audit of a tournament's export: pure and offline, like a game's (`audit.py`).

In order, and the first check that does not hold is the answer (docs/tournaments.md):
the document's shape; its signature (with keys given); the seed against its commitment;
then round by round the pairings (and, one game a table, the seats), recomputed from the
results before them and the key; each table's games (one; two in the first format): present,
each game's own audit (chain, seed, replay, end, signature), each dealt from the round's seed
and boards with the table's seats; the tables' results, recomputed from the games' scored
rounds (IMPs and matchpoints: from every table of the round, with who left early); a rated
tournament's tables' ratings: each table's after is the rating function's of its before and
its results (the chain from table to table, across other games, is `escopa ratings
--recompute`'s); finally the standings, recomputed. Round by round, the audit keeps only what
the next round's pairing needs (`SoFar`: per entrant, its result each round, whom it met, its
byes and seat 0s), never a round's tables or games after it. Every format audits:
`escopa-tournament-v3` (JSON Lines, read one round's line and one game at a time:
`service.ledger.tournament_lines`), v2 and v1.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import msgspec
from cryptography.exceptions import InvalidSignature

from engine import duplicate
from engine.duplicate import Played
from engine.events import RoundEnded
from engine.scoring import RoundScore
from engine.shuffle import commitment, round_seed, shuffle_key
from engine.tournament import (
    Pairing,
    PairingKind,
    Seated,
    Standing,
    Table,
    ranked,
    round_results,
    round_robin,
    swiss_from,
)
from service.ledger.audit import (
    AuditFailure,
    AuditReport,
    SignatureState,
    anchored,
    audit_entries,
)
from service.ledger.chain import LogEntry
from service.ledger.compact_log import CompactGame, rebuilt_game
from service.ledger.export import read_document
from service.ledger.ratings import LadderRating, Rating, rated, table_outcome
from service.ledger.signatures import HeadSignature, PublicKeys, unb64
from service.ledger.tournament_lines import (
    TOURNAMENT_FORMAT_V3,
    LinesEnd,
    LinesHeader,
    RoundLine,
    given_game,
    is_lines,
    lines_message,
)
from service.ledger.tournament_record import (
    TOURNAMENT_FORMAT,
    TOURNAMENT_FORMAT_V1,
    RoundRecord,
    TableRatings,
    TableRecord,
    TournamentExport,
    TournamentView,
    across_of,
    board_numbers,
    played_game,
    scored_tables,
    settlement_id,
    table_results,
    tournament_message,
)

TournamentFailureKind = Literal[
    "format", "signature", "seed", "pairing", "game", "deal", "results", "standings", "ratings"
]


class TournamentFailure(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The first check that did not hold: its kind, where (round, table, game) and why; for a
    game whose own audit failed, that audit's failure (`game_failure`)."""

    kind: TournamentFailureKind
    round: int | None = None
    table: int | None = None
    game_id: str | None = None
    reason: str
    game_failure: AuditFailure | None = None


class TournamentAuditReport(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """`ok` when every check held; `games`: how many games were audited; `signature` as a
    game's audit says it (`verified` only with keys given)."""

    ok: bool
    tournament_id: str | None = None
    games: int = 0
    signature: SignatureState = "absent"
    failure: TournamentFailure | None = None


class _Broke(Exception):
    def __init__(self, failure: TournamentFailure) -> None:
        super().__init__(failure.reason)
        self.failure = failure


def _broke(kind: TournamentFailureKind, reason: str, **where: Any) -> _Broke:
    return _Broke(TournamentFailure(kind=kind, reason=reason, **where))


def is_tournament(document: object) -> bool:
    """Whether a decoded document is a tournament export (else perhaps a game's)."""
    return isinstance(document, dict) and document.get("format") in FORMATS


FORMATS = (TOURNAMENT_FORMAT, TOURNAMENT_FORMAT_V1)


def audit_tournament(data: bytes, keys: PublicKeys | None = None) -> TournamentAuditReport:
    """Audit a tournament export as `escopa audit FILE` does (a v3 one line by line)."""
    if is_lines(data[:64]):
        return audit_lines(lambda: iter(io.BytesIO(data)), keys)
    try:
        raw = read_document(data)
        if not is_tournament(raw):
            named = " or ".join(FORMATS)
            raise _broke("format", f"not a tournament export: `format` is not {named}")
        try:
            export = msgspec.convert(raw, TournamentExport)
        except msgspec.ValidationError as error:
            raise _broke("format", f"not a tournament export: {error}") from None
        signature = _signature(raw, export, keys)
        source = DocumentGames(raw, export, keys)
        games = _Tournament(export.tournament, source, keys).check()
    except (ValueError, LookupError, TypeError, msgspec.ValidationError) as error:
        reason = f"not a tournament export: {error}"  # only a malformed document gets here
        return TournamentAuditReport(
            ok=False, failure=TournamentFailure(kind="format", reason=reason)
        )
    except _Broke as broke:
        failed = broke.failure.kind == "signature"
        return TournamentAuditReport(
            ok=False,
            tournament_id=_id_of(raw),
            failure=broke.failure,
            signature="failed" if failed else "absent",
        )
    return TournamentAuditReport(
        ok=True, tournament_id=export.tournament.tournament_id, games=games, signature=signature
    )


def audit_file(path: str | Path, keys: PublicKeys | None = None) -> TournamentAuditReport:
    """Audit a tournament export file: a v3 one read line by line (one game in memory at a
    time), an older one as a whole document."""
    with open(path, "rb") as file:
        start = file.read(64)
    if not is_lines(start):
        return audit_tournament(Path(path).read_bytes(), keys)

    def opened() -> Iterator[bytes]:
        with open(path, "rb") as file:
            yield from file

    return audit_lines(opened, keys)


def audit_lines(
    opened: Callable[[], Iterator[bytes]], keys: PublicKeys | None = None
) -> TournamentAuditReport:
    """Audit a v3 export given as its lines (`opened` reads them afresh: with keys, a first
    pass checks the signature, so a document changed anywhere fails as `signature` first)."""
    tournament_id = None
    try:
        if keys is not None:
            _lines_signature(opened(), keys)
        lines = enumerate(opened(), start=1)
        header = _header(next(lines, (1, b""))[1])
        view = header.tournament
        tournament_id = view.tournament_id
        source = LineGames(lines, view, keys)
        games = _Tournament(view, source, keys).check()
        signature = _lines_end(source.end, lines, games, header.games, keys)
    except (ValueError, LookupError, TypeError, RecursionError) as error:
        reason = f"not a tournament export: {error}"  # a malformed document (too deep too)
        return TournamentAuditReport(
            ok=False,
            tournament_id=tournament_id,
            failure=TournamentFailure(kind="format", reason=reason),
        )
    except _Broke as broke:
        failed = broke.failure.kind == "signature"
        return TournamentAuditReport(
            ok=False,
            tournament_id=tournament_id,
            failure=broke.failure,
            signature="failed" if failed else "absent",
        )
    return TournamentAuditReport(
        ok=True, tournament_id=tournament_id, games=games, signature=signature
    )


def _header(line: bytes) -> LinesHeader:
    """A v3 export's first line."""
    try:
        header = msgspec.json.decode(line, type=LinesHeader)
    except msgspec.DecodeError as error:
        raise _broke("format", f"line 1: not a tournament export's header: {error}") from None
    if header.format != TOURNAMENT_FORMAT_V3:
        raise _broke("format", f"line 1: `format` is not {TOURNAMENT_FORMAT_V3}")
    if header.tournament.rounds:
        raise _broke("format", "line 1: the tournament's rounds are lines of their own")
    return header


def _end(number: int, line: bytes) -> LinesEnd:
    """A v3 export's last line."""
    try:
        return msgspec.json.decode(line, type=LinesEnd)
    except msgspec.DecodeError as error:
        raise _broke(
            "format", f"line {number}: not the export's last line (its signature): {error}"
        ) from None


def _lines_signature(lines: Iterator[bytes], keys: PublicKeys) -> None:
    """The v3 export's signature over every line before its last, by a key given."""
    digest = hashlib.sha256()
    first = next(lines, b"")
    tournament_id = _header(first).tournament.tournament_id
    number, last = 1, first
    for line in lines:
        digest.update(last)
        number, last = number + 1, line
    signed = _end(number, last).signature
    _verify(keys, signed, lines_message(tournament_id, digest.hexdigest()))


def _lines_end(
    end: tuple[int, bytes],
    lines: Iterator[tuple[int, bytes]],
    games: int,
    stated: int,
    keys: PublicKeys | None,
) -> SignatureState:
    """After the rounds: the header's count held, then the signature line and nothing else."""
    if games != stated:
        raise _broke("format", f"the header says {stated} games; the tournament has {games}")
    _end(*end)
    extra = next(lines, None)
    if extra is not None:
        raise _broke("format", f"line {extra[0]}: a line after the export's signature")
    return "verified" if keys is not None else "unchecked"


def _signature(
    raw: dict[str, Any], export: TournamentExport, keys: PublicKeys | None
) -> SignatureState:
    """What the export's signature says; with keys, it must be theirs over the document."""
    signed = export.signature
    if keys is None:
        return "absent" if signed is None else "unchecked"
    if signed is None:
        raise _broke("signature", "the export carries no signature")
    body = {name: value for name, value in raw.items() if name != "signature"}
    _verify(keys, signed, tournament_message(_id_of(raw) or "", body, export.format))
    return "verified"


def _verify(keys: PublicKeys, signed: HeadSignature, message: bytes) -> None:
    """The signature must be a given key's over the message."""
    key = keys.get(signed.key_id)
    if key is None:
        known = ", ".join(sorted(keys)) or "none"
        raise _broke(
            "signature", f"signed by key {signed.key_id!r}, not a key given (known: {known})"
        )
    try:
        key.verify(unb64(signed.signature), message)
    except (InvalidSignature, ValueError):
        raise _broke(
            "signature",
            f"the signature of key {signed.key_id} does not hold for this document: it is not "
            "the one the service signed",
        ) from None


def _id_of(raw: object) -> str | None:
    """The tournament id a document states, if it states one."""
    found = raw.get("tournament") if isinstance(raw, dict) else None
    tournament_id = found.get("tournament_id") if isinstance(found, dict) else None
    return tournament_id if isinstance(tournament_id, str) else None


@dataclass
class SoFar:
    """What the rounds audited so far leave for the next round's pairing and the standings:
    per entrant, its result (or score) each round (None: a bye), whom it met, whether it had
    a bye and how many rounds it held seat 0 at a table. It grows with the entrants and the
    rounds, not with the games' logs, and no table is kept."""

    entrants: int
    per_round: list[list[int | None]] = field(default_factory=list)
    met: list[list[int]] = field(init=False)
    byes: set[int] = field(default_factory=set)
    held: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.met = [[] for _ in range(self.entrants)]

    @property
    def rounds(self) -> int:
        return len(self.per_round)

    def standings(self) -> list[Standing]:
        return ranked(self.per_round, self.met)

    def pairs(self, kind: PairingKind, key: bytes, round_no: int) -> tuple[Pairing, ...]:
        """The next round's pairings, as `engine.tournament.pairings` makes them."""
        if kind == "round_robin":
            return round_robin(self.entrants, round_no)
        return swiss_from(key, round_no, self.standings(), self.met, self.byes)

    def add(self, tables: Sequence[Seated], results: list[int | None]) -> None:
        """A round played: its tables and each entrant's result in it."""
        self.per_round.append(results)
        for table in tables:
            if table.b is None:
                self.byes.add(table.a)
                continue
            self.met[table.a].append(table.b)
            self.met[table.b].append(table.a)
            self.held[table.a] = self.held.get(table.a, 0) + 1


class _Tournament:
    """One audit's walk through the tournament, round by round."""

    def __init__(self, view: TournamentView, games: GameSource, keys: PublicKeys | None) -> None:
        self.view = view
        self.keys = keys
        self.games = games
        self.audited = 0
        self.so_far = SoFar(len(view.entrants))

    def check(self) -> int:
        view = self.view
        if view.status != "finished" or not isinstance(view.seed, str):
            raise _broke("seed", "the tournament is not over: its seed is not revealed")
        if commitment(view.seed) != view.seed_commitment:
            raise _broke("seed", "sha256(seed) is not the tournament's seed_commitment")
        key = shuffle_key(view.seed, view.client_seed)
        for record, ratings in self.games.rounds():
            if view.scoring == "pairs":
                self._round(key, record)
            else:
                self._scored_round(key, record)
            self._ratings(record, ratings)
        if self.so_far.rounds != view.round_count:
            raise _broke("results", f"{self.so_far.rounds} rounds played, not {view.round_count}")
        if tuple(self.so_far.standings()) != view.standings:
            raise _broke("standings", "the standings are not the ones the results give")
        return self.audited

    def _ratings(self, record: RoundRecord, ratings: tuple[TableRatings, ...]) -> None:
        """The round's rated tables' ratings, each after the function's of before and
        results: one per rated table."""
        view = self.view
        tables = {
            settlement_id(view.tournament_id, record.round, number): table
            for number, table in enumerate(record.tables)
            if table.b is not None and view.rated is not None
        }
        given = {t.settlement_id: t for t in ratings}
        if set(given) != set(tables) or len(given) != len(ratings):
            odd = sorted(set(given) ^ set(tables) or given)[0]
            raise _broke("ratings", f"table {odd}: the ratings are not one per rated table")
        for settled, table in tables.items():
            self._table_ratings(given[settled], table)

    def _table_ratings(self, given: TableRatings, table: TableRecord) -> None:
        where = {"round": given.round, "table": given.table}
        changes = sorted(given.changes, key=lambda c: c.seat)
        if [c.seat for c in changes] != [0, 1] or table.results is None:
            raise _broke("ratings", "a rated table's ratings are its two seats'", **where)
        outcome = table_outcome(sum(table.results), len(table.results))
        after = rated(self.view.rules, outcome, [_rating(c.before) for c in changes])
        if after != [_rating(c.after) for c in changes]:
            raise _broke(
                "ratings",
                f"table {given.settlement_id}: its ratings after are not the ones its results "
                "and its ratings before give",
                **where,
            )

    def _round(self, key: bytes, record: RoundRecord) -> None:
        round_no = record.round
        if round_no != self.so_far.rounds + 1:
            raise _broke("pairing", "rounds are missing or out of order", round=round_no)
        boards = board_numbers(round_no, self.view.boards)
        if record.boards != boards:
            raise _broke("deal", f"round {round_no} deals boards {boards}", round=round_no)
        expected = self.so_far.pairs(self.view.pairing, key, round_no)
        given = [(t.a, t.b) for t in record.tables]
        for number, pair in enumerate(expected):
            if number >= len(given) or given[number] != (pair.a, pair.b):
                shown = given[number] if number < len(given) else "nothing"
                raise _broke(
                    "pairing",
                    f"table {number} pairs {shown}; the pairing rules give ({pair.a}, {pair.b})",
                    round=round_no,
                    table=number,
                )
        if len(given) != len(expected):
            raise _broke("pairing", "more tables than the pairing rules give", round=round_no)
        seed = round_seed(key, round_no)
        tables = [self._table(seed, round_no, number, t) for number, t in enumerate(record.tables)]
        self.so_far.add(tables, round_results(self.so_far.entrants, tables))

    def _scored_round(self, key: bytes, record: RoundRecord) -> None:
        """A round of one game a table: its boards, its tables as the pairing and the seating
        give them, every game, then every table's score recomputed from all of them."""
        view, round_no = self.view, record.round
        if round_no != self.so_far.rounds + 1:
            raise _broke("pairing", "rounds are missing or out of order", round=round_no)
        boards = board_numbers(round_no, view.boards)
        if record.boards != boards:
            raise _broke("deal", f"round {round_no} deals boards {boards}", round=round_no)
        across = across_of(view.scoring)
        pairs = self.so_far.pairs(view.pairing, key, round_no)
        expected = duplicate.seated_by(pairs, round_no, self.so_far.held)
        given = [(t.a, t.b) for t in record.tables]
        for number, table in enumerate(expected):
            if number >= len(given) or given[number] != (table.a, table.b):
                shown = given[number] if number < len(given) else "nothing"
                raise _broke(
                    "pairing",
                    f"table {number} seats {shown}; the pairing rules give ({table.a}, "
                    f"{table.b}) (seat 0 first)",
                    round=round_no,
                    table=number,
                )
        if len(given) != len(expected):
            raise _broke("pairing", "more tables than the pairing rules give", round=round_no)
        seed = round_seed(key, round_no)
        tables = [self._played(seed, round_no, i, t) for i, t in enumerate(record.tables)]
        ids = [t.game_ids for t in record.tables]
        again = scored_tables(tables, view.boards, ids, view.scoring)
        for number, (kept, scored) in enumerate(zip(record.tables, again, strict=True)):
            if kept != scored:
                raise _broke(
                    "results",
                    f"table {number}'s games give {view.scoring} "
                    f"{_list(scored.imps or scored.matchpoints)} and results "
                    f"{_list(scored.results)}, not {_list(kept.imps or kept.matchpoints)} and "
                    f"{_list(kept.results)}",
                    round=round_no,
                    table=number,
                )
        totals = duplicate.round_totals(self.so_far.entrants, tables, view.boards, across)
        self.so_far.add(tables, totals)

    def _played(self, seed: str, round_no: int, number: int, table: TableRecord) -> Played:
        """A table's one game audited and as it was played (a bye: none)."""
        where: dict[str, Any] = {"round": round_no, "table": number}
        if table.b is None:
            if table.game_ids:
                raise _broke("results", "a bye has no game", **where)
            return Played(a=table.a)
        seats = (table.a, table.b)
        if table.seats != (seats,) or len(table.game_ids) != 1:
            raise _broke("pairing", "a table plays one game, seats [a, b]", **where)
        (game_id,) = table.game_ids
        return played_game(self._game(seed, round_no, game_id, seats, where), seats)

    def _table(self, seed: str, round_no: int, number: int, table: TableRecord) -> Table:
        where: dict[str, Any] = {"round": round_no, "table": number}
        if table.b is None:
            if table.game_ids or table.results:
                raise _broke("results", "a bye has no games and no results", **where)
            return Table(a=table.a, b=None, results=())
        if table.seats != ((table.a, table.b), (table.b, table.a)) or len(table.game_ids) != 2:
            raise _broke("pairing", "a table plays two games, seats [a, b] then [b, a]", **where)
        first, second = (
            _scores(self._game(seed, round_no, g, seats, where))
            for g, seats in zip(table.game_ids, table.seats, strict=True)
        )
        results = table_results(first, second, self.view.boards)
        if table.results != results:
            raise _broke(
                "results", f"the games give results {list(results)}, not {table.results}", **where
            )
        return Table(a=table.a, b=table.b, results=results)

    def _game(
        self, seed: str, round_no: int, game_id: str, seats: tuple[int, ...], where: dict[str, Any]
    ) -> list[LogEntry]:
        """Audit one game and check it is the table's; its log."""
        where = {**where, "game_id": game_id}
        found = self.games.game(game_id, round_no, seats)
        if found is None:
            raise _broke("game", f"game {game_id} is not in the export", **where)
        report, entries = found
        if not report.ok:
            failure = report.failure
            reason = failure.reason if failure is not None else "its audit failed"
            raise _broke("game", f"game {game_id}: {reason}", game_failure=failure, **where)
        self.audited += 1
        info = entries[0].game
        assert info is not None
        boards = board_numbers(round_no, self.view.boards)
        names = tuple(self.view.entrants[e].name for e in seats)
        if info.seed != seed:
            raise _broke(
                "deal", f"game {game_id} is not dealt from round {round_no}'s seed", **where
            )
        if info.rules.boards != len(boards) or info.rules.first_board != boards[0]:
            raise _broke("deal", f"game {game_id} does not deal boards {list(boards)}", **where)
        if info.players != names:
            raise _broke(
                "deal", f"game {game_id} seats {list(info.players)}, not {list(names)}", **where
            )
        return entries


class GameSource(Protocol):
    """Where the audit finds a tournament's rounds (each with its tables' ratings) and games:
    each one's audit (its signature checked) and log, or None when the export lacks it."""

    def rounds(self) -> Iterator[tuple[RoundRecord, tuple[TableRatings, ...]]]: ...

    def game(
        self, game_id: str, round_no: int, seats: tuple[int, ...]
    ) -> tuple[AuditReport, list[LogEntry]] | None: ...


class DocumentGames:
    """The games of a v1 or v2 export: one document, every game's whole log, by id."""

    def __init__(
        self, raw: dict[str, Any], export: TournamentExport, keys: PublicKeys | None
    ) -> None:
        self.keys = keys
        self.export = export
        self.games: Mapping[str, Any] = {
            str(g.get("game_id")): g for g in raw.get("games", []) if isinstance(g, dict)
        }

    def rounds(self) -> Iterator[tuple[RoundRecord, tuple[TableRatings, ...]]]:
        """The document's rounds, each with the ratings that name it; then a rating that
        names no round is one too many."""
        ratings = self.export.ratings
        for record in self.export.tournament.rounds:
            yield record, tuple(r for r in ratings if r.round == record.round)
        played = {record.round for record in self.export.tournament.rounds}
        for odd in (r for r in ratings if r.round not in played):
            raise _broke(
                "ratings", f"table {odd.settlement_id}: the ratings are not one per rated table"
            )

    def game(
        self, game_id: str, round_no: int, seats: tuple[int, ...]
    ) -> tuple[AuditReport, list[LogEntry]] | None:
        found = self.games.get(game_id)
        if found is None:
            return None
        report = audit_entries(found.get("entries", []), game_id)
        if report.ok:
            signed = found.get("signature")
            if signed is not None or self.keys is not None:
                head = msgspec.convert(signed, HeadSignature) if signed is not None else None
                report = anchored(report, head, self.keys)
        if not report.ok:
            return report, []
        return report, msgspec.convert(found["entries"], list[LogEntry])


class LineGames:
    """The games of a v3 export, line by line in the export's order: each rebuilt from its
    moves and the tournament, then audited."""

    def __init__(
        self, lines: Iterator[tuple[int, bytes]], view: TournamentView, keys: PublicKeys | None
    ) -> None:
        self.lines = lines
        self.view = view
        self.keys = keys
        self.end: tuple[int, bytes] = (0, b"")
        """The first line after the rounds: the export's signature, if it is one."""

    def rounds(self) -> Iterator[tuple[RoundRecord, tuple[TableRatings, ...]]]:
        """Each round's line (before its games) until a line that is not a round's."""
        for number, line in self.lines:
            if _line_kind.decode(line).round is None:
                self.end = (number, line)
                return
            try:
                found = _round_line.decode(line)
            except msgspec.DecodeError as error:
                raise _broke("format", f"line {number}: not a round: {error}") from None
            yield found, found.ratings

    def game(
        self, game_id: str, round_no: int, seats: tuple[int, ...]
    ) -> tuple[AuditReport, list[LogEntry]] | None:
        number, line = next(self.lines, (0, b""))
        if not line:
            return None
        try:
            compact = _compact_game.decode(line)
        except msgspec.DecodeError as error:
            raise _broke("format", f"line {number}: not a game: {error}") from None
        if compact.game_id != game_id:
            raise _broke(
                "game",
                f"line {number} is game {compact.game_id}, not {game_id}: games are missing "
                "or out of order",
                round=round_no,
                game_id=game_id,
            )
        report, entries = rebuilt_game(compact, given_game(self.view, round_no, seats))
        if report.ok and (compact.signature is not None or self.keys is not None):
            report = anchored(report, compact.signature, self.keys)
        return report, entries


class _LineKind(msgspec.Struct, frozen=True):
    """Whether a line is a round's: it names one."""

    round: object = None


_compact_game = msgspec.json.Decoder(CompactGame)
_round_line = msgspec.json.Decoder(RoundLine)
_line_kind = msgspec.json.Decoder(_LineKind)


def _scores(entries: list[LogEntry]) -> list[RoundScore]:
    """A game's scored rounds (boards)."""
    return [e.score for entry in entries for e in entry.events if isinstance(e, RoundEnded)]


def _rating(shown: LadderRating) -> Rating:
    return Rating(shown.mu, shown.sigma, shown.games, shown.wins)


def _list(found: object) -> object:
    return list(found) if isinstance(found, tuple) else found
