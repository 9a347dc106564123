"""The audit of a tournament's export: pure and offline, like a game's (`audit.py`).

In order, and the first check that does not hold is the answer (docs/tournaments.md):
the document's shape; its signature (with keys given); the seed against its commitment;
then round by round the pairings (and, one game a table, the seats), recomputed from the
results before them and the key; each table's games (one; two in the first format): present,
each game's own audit (chain, seed, replay, end, signature), each dealt from the round's seed
and boards with the table's seats; the tables' results, recomputed from the games' scored
rounds (IMPs and matchpoints: from every table of the round, with who left early); the
standings, recomputed; finally a rated tournament's tables' ratings: each table's after is the
rating function's of its before and its results (the chain from table to table, across other
games, is `escopa ratings --recompute`'s). Both formats audit: `escopa-tournament-v2` and v1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec
from cryptography.exceptions import InvalidSignature

from engine import duplicate
from engine.duplicate import Played
from engine.events import RoundEnded
from engine.scoring import RoundScore
from engine.shuffle import commitment, round_seed, shuffle_key
from engine.tournament import Table, pairings
from service.ledger.audit import AuditFailure, SignatureState, anchored, audit_entries
from service.ledger.chain import LogEntry
from service.ledger.export import read_document
from service.ledger.ratings import LadderRating, Rating, rated, table_outcome
from service.ledger.signatures import HeadSignature, PublicKeys, unb64
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
    standings_of,
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
    """Audit a tournament export as `escopa audit FILE` does."""
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
        games = _Tournament(export, raw, keys).check()
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


def _signature(
    raw: dict[str, Any], export: TournamentExport, keys: PublicKeys | None
) -> SignatureState:
    """What the export's signature says; with keys, it must be theirs over the document."""
    signed = export.signature
    if keys is None:
        return "absent" if signed is None else "unchecked"
    if signed is None:
        raise _broke("signature", "the export carries no signature")
    key = keys.get(signed.key_id)
    if key is None:
        known = ", ".join(sorted(keys)) or "none"
        raise _broke(
            "signature", f"signed by key {signed.key_id!r}, not a key given (known: {known})"
        )
    body = {name: value for name, value in raw.items() if name != "signature"}
    message = tournament_message(_id_of(raw) or "", body, export.format)
    try:
        key.verify(unb64(signed.signature), message)
    except (InvalidSignature, ValueError):
        raise _broke(
            "signature",
            f"the signature of key {signed.key_id} does not hold for this document: it is not "
            "the one the service signed",
        ) from None
    return "verified"


def _id_of(raw: object) -> str | None:
    """The tournament id a document states, if it states one."""
    found = raw.get("tournament") if isinstance(raw, dict) else None
    tournament_id = found.get("tournament_id") if isinstance(found, dict) else None
    return tournament_id if isinstance(tournament_id, str) else None


class _Tournament:
    """One audit's walk through the tournament, round by round."""

    def __init__(
        self, export: TournamentExport, raw: dict[str, Any], keys: PublicKeys | None
    ) -> None:
        self.view: TournamentView = export.tournament
        self.ratings = export.ratings
        self.keys = keys
        self.games: Mapping[str, Any] = {
            str(g.get("game_id")): g for g in raw.get("games", []) if isinstance(g, dict)
        }
        self.audited = 0

    def check(self) -> int:
        view = self.view
        if view.status != "finished" or not isinstance(view.seed, str):
            raise _broke("seed", "the tournament is not over: its seed is not revealed")
        if commitment(view.seed) != view.seed_commitment:
            raise _broke("seed", "sha256(seed) is not the tournament's seed_commitment")
        key = shuffle_key(view.seed, view.client_seed)
        if view.scoring == "pairs":
            done: list[list[Table]] = []
            for record in view.rounds:
                self._round(key, record, done)
            count = len(done)
        else:
            seated: list[list[Played]] = []
            for record in view.rounds:
                self._scored_round(key, record, seated)
            count = len(seated)
        if count != view.round_count:
            raise _broke("results", f"{count} rounds played, not {view.round_count}")
        again = tuple(standings_of(view))
        if again != view.standings:
            raise _broke("standings", "the standings are not the ones the results give")
        self._ratings()
        return self.audited

    def _ratings(self) -> None:
        """Every rated table's ratings, each after the function's of before and results."""
        view = self.view
        tables = {
            settlement_id(view.tournament_id, r.round, number): table
            for r in view.rounds
            for number, table in enumerate(r.tables)
            if table.b is not None and view.rated is not None
        }
        given = {t.settlement_id: t for t in self.ratings}
        if set(given) != set(tables):
            odd = sorted(set(given) ^ set(tables))[0]
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

    def _round(self, key: bytes, record: RoundRecord, done: list[list[Table]]) -> None:
        round_no = record.round
        if round_no != len(done) + 1:
            raise _broke("pairing", "rounds are missing or out of order", round=round_no)
        boards = board_numbers(round_no, self.view.boards)
        if record.boards != boards:
            raise _broke("deal", f"round {round_no} deals boards {boards}", round=round_no)
        n = len(self.view.entrants)
        expected = pairings(self.view.pairing, key, round_no, n, done)
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
        done.append(tables)

    def _scored_round(self, key: bytes, record: RoundRecord, done: list[list[Played]]) -> None:
        """A round of one game a table: its boards, its tables as the pairing and the seating
        give them, every game, then every table's score recomputed from all of them."""
        view, round_no = self.view, record.round
        if round_no != len(done) + 1:
            raise _broke("pairing", "rounds are missing or out of order", round=round_no)
        boards = board_numbers(round_no, view.boards)
        if record.boards != boards:
            raise _broke("deal", f"round {round_no} deals boards {boards}", round=round_no)
        n = len(view.entrants)
        across = across_of(view.scoring)
        expected = duplicate.pairings(view.pairing, key, round_no, n, done, view.boards, across)
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
        done.append(tables)

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
        self._game(seed, round_no, game_id, seats, where)
        entries = msgspec.convert(self.games[game_id]["entries"], list[LogEntry])
        return played_game(entries, seats)

    def _table(self, seed: str, round_no: int, number: int, table: TableRecord) -> Table:
        where: dict[str, Any] = {"round": round_no, "table": number}
        if table.b is None:
            if table.game_ids or table.results:
                raise _broke("results", "a bye has no games and no results", **where)
            return Table(a=table.a, b=None, results=())
        if table.seats != ((table.a, table.b), (table.b, table.a)) or len(table.game_ids) != 2:
            raise _broke("pairing", "a table plays two games, seats [a, b] then [b, a]", **where)
        first, second = (
            self._game(seed, round_no, g, seats, where)
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
    ) -> list[RoundScore]:
        """Audit one game and check it is the table's; its scored rounds (boards)."""
        where = {**where, "game_id": game_id}
        found = self.games.get(game_id)
        if found is None:
            raise _broke("game", f"game {game_id} is not in the export", **where)
        report = audit_entries(found.get("entries", []), game_id)
        if report.ok:
            signed = found.get("signature")
            if signed is not None or self.keys is not None:
                head = msgspec.convert(signed, HeadSignature) if signed is not None else None
                report = anchored(report, head, self.keys)
        if not report.ok:
            failure = report.failure
            reason = failure.reason if failure is not None else "its audit failed"
            raise _broke("game", f"game {game_id}: {reason}", game_failure=failure, **where)
        self.audited += 1
        entries = msgspec.convert(found["entries"], list[LogEntry])
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
        return [e.score for entry in entries for e in entry.events if isinstance(e, RoundEnded)]


def _rating(shown: LadderRating) -> Rating:
    return Rating(shown.mu, shown.sigma, shown.games, shown.wins)


def _list(found: object) -> object:
    return list(found) if isinstance(found, tuple) else found
