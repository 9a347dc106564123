"""A tournament's compact export (`escopa-tournament-v3`, JSON Lines, each game its moves only):
served streamed, audited line by line, its games rebuilt exactly as they were logged; the v1
and v2 exports the service wrote still audit, and turned into lines they audit the same."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engine import duplicate, tournament
from engine.duplicate import Played
from engine.tournament import PairingKind, Table
from service.ledger.compact_log import CompactGame, rebuilt_game
from service.ledger.signatures import KeyRing
from service.ledger.tournament_audit import SoFar, audit_tournament
from service.ledger.tournament_lines import (
    LinesDigest,
    end_line,
    games_in,
    given_game,
    lines_of,
)
from service.ledger.tournament_record import TournamentExport
from tests.harness.api import Client, assert_problem
from tests.harness.audits import escopa
from tests.harness.signing import SIGNING_KEYS
from tests.harness.tournaments import create_tournament, entrants, play_to_the_end

RING = KeyRing.of(SIGNING_KEYS)
KEYS = RING.public
HERE = Path(__file__).parent
FIXTURES = ("v1-export.json", "v2-matchpoints-export.json")


def as_lines(document: bytes) -> list[bytes]:
    """An export of one document turned into v3 lines, signed with the test keys."""
    export = msgspec.json.decode(document, type=TournamentExport)
    by_id = {game.game_id: game for game in export.games}
    games = (by_id[game_id] for _, game_id, _ in games_in(export.tournament))
    return list(lines_of(export.tournament, export.ratings, games, RING.sign))


def game_lines(lines: list[bytes]) -> list[int]:
    """Where the game lines are (each round's own line is before its games)."""
    return [n for n, line in enumerate(lines) if b'"game_id"' in line[:12]]


def resigned(lines: list[bytes]) -> list[bytes]:
    """The lines with their last one signed again over the others (a forger with the key)."""
    body, digest = lines[:-1], LinesDigest()
    for line in body:
        digest.hashed.update(line)
    tournament_id = msgspec.json.decode(body[0])["tournament"]["tournament_id"]
    return [*body, end_line(digest, tournament_id, RING.sign)]


@pytest.mark.parametrize("name", FIXTURES)
def test_an_export_written_before_audits_the_same_once_turned_into_lines(name: str) -> None:
    document = (HERE / name).read_bytes()
    before = audit_tournament(document, KEYS)
    assert before.ok, before.failure

    after = audit_tournament(b"".join(as_lines(document)), KEYS)

    assert after.ok, after.failure
    assert (after.games, after.signature) == (before.games, "verified")
    assert after.tournament_id == before.tournament_id


@pytest.mark.parametrize("name", FIXTURES)
def test_every_game_rebuilt_from_its_moves_is_its_logged_game_entry_for_entry(name: str) -> None:
    export = msgspec.json.decode((HERE / name).read_bytes(), type=TournamentExport)
    by_id = {game.game_id: game for game in export.games}
    lines = as_lines((HERE / name).read_bytes())
    games = [lines[n] for n in game_lines(lines)]
    assert len(games) == len(export.games)
    for (round_no, game_id, seats), line in zip(games_in(export.tournament), games, strict=True):
        compact = msgspec.json.decode(line, type=CompactGame)
        assert "events" not in msgspec.json.decode(line)["entries"][1], "moves only"
        report, entries = rebuilt_game(compact, given_game(export.tournament, round_no, seats))
        assert report.ok, report.failure
        assert entries == by_id[game_id].entries


def test_a_move_changed_names_its_game_and_with_the_keys_the_signature_fails() -> None:
    lines = as_lines((HERE / "v1-export.json").read_bytes())
    number = game_lines(lines)[1]
    game = msgspec.json.decode(lines[number])
    entry = game["entries"][1]
    entry["move"] = next(card for card in ("AC", "AD") if card not in entry["move"])
    lines[number] = msgspec.json.encode(game) + b"\n"
    changed = b"".join(lines)

    assert audit_tournament(changed, KEYS).failure.kind == "signature"
    failure = audit_tournament(changed).failure
    assert (failure.kind, failure.game_id) == ("game", game["game_id"])
    assert failure.game_failure is not None and failure.game_failure.kind == "replay"


def test_a_games_own_signature_holds_only_for_its_logged_salts() -> None:
    lines = as_lines((HERE / "v2-matchpoints-export.json").read_bytes())
    number = game_lines(lines)[1]
    game = msgspec.json.decode(lines[number])
    salt = game["entries"][4]["salt"]
    game["entries"][4]["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    forged = resigned([*lines[:number], msgspec.json.encode(game) + b"\n", *lines[number + 1 :]])

    failure = audit_tournament(b"".join(forged), KEYS).failure

    assert (failure.kind, failure.game_id) == ("game", game["game_id"])
    assert failure.game_failure is not None and failure.game_failure.kind == "signature"


MATCHPOINTS_LINES = as_lines((HERE / "v2-matchpoints-export.json").read_bytes())
FIRST_GAME = game_lines(MATCHPOINTS_LINES)[0]


def changed(value: object, by: int) -> object:
    """Another value of the same kind: a number moved, a seat swapped, a text's first
    character replaced (a salt's hex digit, a move's card)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value + by
    assert isinstance(value, str)
    others = [c for c in "0123456789ADCHSJQK" if c != value[0]]
    return others[by % len(others)] + value[1:]


@settings(max_examples=40, deadline=None)
@given(
    line=st.sampled_from(game_lines(MATCHPOINTS_LINES)),
    entry=st.integers(0, 200),
    member=st.sampled_from(["ms", "seat", "move", "salt"]),
    by=st.integers(1, 17),
)
def test_any_one_member_of_any_entry_changed_fails_the_audit_even_signed_again(
    line: int, entry: int, member: str, by: int
) -> None:
    """Whatever a holder of the tournament's key changes in a game's moves, salts or times,
    the game's own signature (or its replay) refuses it."""
    game = msgspec.json.decode(MATCHPOINTS_LINES[line])
    entries = game["entries"]
    target = entries[entry % len(entries)]
    assume(member in target)
    target[member] = changed(target[member], by if member != "seat" else 1)
    if member == "seat":
        target["seat"] %= 2
    lines = list(MATCHPOINTS_LINES)
    lines[line] = msgspec.json.encode(game) + b"\n"

    report = audit_tournament(b"".join(resigned(lines)), KEYS)

    assert not report.ok
    assert (report.failure.kind, report.failure.game_id) == ("game", game["game_id"])


def test_a_time_no_calendar_holds_is_a_format_failure_of_its_entry() -> None:
    game = msgspec.json.decode(MATCHPOINTS_LINES[FIRST_GAME])
    game["entries"][3]["ms"] = 10**30
    lines = list(MATCHPOINTS_LINES)
    lines[FIRST_GAME] = msgspec.json.encode(game) + b"\n"

    failure = audit_tournament(b"".join(lines)).failure

    assert failure is not None and failure.game_failure is not None
    assert (failure.game_failure.kind, failure.game_failure.seq) == ("format", 4)


def test_a_game_line_nested_too_deeply_is_a_format_failure() -> None:
    deep = b'{"game_id":"x","entries":[],"game":{"a":' + b"[" * 100_000 + b"]" * 100_000 + b"}}"
    for number in (FIRST_GAME - 1, FIRST_GAME):  # where a round's line is, and a game's
        lines = list(MATCHPOINTS_LINES)
        lines[number] = deep + b"\n"
        assert audit_tournament(b"".join(lines)).failure.kind == "format"


def test_a_game_line_missing_or_a_line_added_is_named() -> None:
    lines = as_lines((HERE / "v2-matchpoints-export.json").read_bytes())
    first = game_lines(lines)[0]
    dropped = resigned([*lines[:first], *lines[first + 1 :]])
    failure = audit_tournament(b"".join(dropped), KEYS).failure
    assert failure.kind == "game" and "missing or out of order" in failure.reason
    added = audit_tournament(b"".join(resigned([*lines[:-1], lines[first], lines[-1]])), KEYS)
    assert added.failure.kind == "format"
    assert audit_tournament(b"".join(lines[:-1])).failure.kind == "format", "no signature"


def test_escopa_audit_reads_a_file_of_lines_by_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "tournament.jsonl"
    path.write_bytes(b"".join(as_lines((HERE / "v1-export.json").read_bytes())))
    keys = tmp_path / "keys.json"
    keys.write_bytes(msgspec.json.encode(RING.published()))

    done = escopa("audit", str(path), "--key", str(keys))

    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("OK: tournament ")
    assert "signature verified" in done.stdout
    among = escopa("audit", str(tmp_path))
    assert among.returncode == 2
    assert "tournament.jsonl" in among.stdout and "audit it alone" in among.stdout
    assert "tournament.jsonl:2" not in among.stdout, "not read as a game export a line"


async def test_a_finished_tournament_streams_its_lines_and_they_audit(client: Client) -> None:
    created = await create_tournament(client, entrants=entrants(2, 3), rounds=2, boards=2)
    url = f"/v1/tournaments/{created['tournament_id']}/export/lines"
    assert_problem(await client.get(url), 409, "tournament/not_finished")
    await play_to_the_end(client, created, random.Random(5))

    response = await client.get(url)
    whole = await client.get(f"/v1/tournaments/{created['tournament_id']}/export")

    assert response.status_code == 200
    assert response.headers["content-type"] == "application/octet-stream"
    tournament_id = created["tournament_id"]
    assert (
        response.headers["content-disposition"] == f'attachment; filename="{tournament_id}.jsonl"'
    )

    report = audit_tournament(response.content, KEYS)
    assert report.ok, report.failure
    assert report.games == audit_tournament(whole.content, KEYS).games == 2 * 2
    assert report.signature == "verified"


def test_each_rounds_line_comes_before_its_games_and_the_header_holds_no_round() -> None:
    export = msgspec.json.decode((HERE / "v1-export.json").read_bytes(), type=TournamentExport)
    lines = [msgspec.json.decode(line) for line in as_lines((HERE / "v1-export.json").read_bytes())]

    assert lines[0]["tournament"]["rounds"] == [] and "ratings" not in lines[0]
    for record in export.tournament.rounds:
        [at] = [n for n, line in enumerate(lines) if line.get("round") == record.round]
        games = [game_id for table in record.tables for game_id in table.game_ids]
        assert [line["game_id"] for line in lines[at + 1 : at + 1 + len(games)]] == games


def test_a_header_with_rounds_or_a_rounds_table_changed_fails_the_audit() -> None:
    lines = list(MATCHPOINTS_LINES)
    header = msgspec.json.decode(lines[0])
    record = msgspec.json.decode(lines[FIRST_GAME - 1])
    with_rounds = {**header, "tournament": {**header["tournament"], "rounds": [record]}}
    lines[0] = msgspec.json.encode(with_rounds) + b"\n"
    assert audit_tournament(b"".join(resigned(lines)), KEYS).failure.kind == "format"

    number, table = next((n, t) for n, t in enumerate(record["tables"]) if "b" in t)
    table["a"], table["b"] = table["b"], table["a"]
    lines = list(MATCHPOINTS_LINES)
    lines[FIRST_GAME - 1] = msgspec.json.encode(record) + b"\n"
    failure = audit_tournament(b"".join(resigned(lines)), KEYS).failure
    assert (failure.kind, failure.round, failure.table) == ("pairing", 1, number)


@settings(max_examples=60, deadline=None)
@given(
    entrants=st.integers(2, 9),
    rounds=st.integers(1, 4),
    kind=st.sampled_from(["swiss", "round_robin"]),
    seed=st.integers(0, 2**32),
)
def test_what_the_audit_keeps_pairs_and_ranks_as_the_whole_history_does(
    entrants: int, rounds: int, kind: PairingKind, seed: int
) -> None:
    """`SoFar` (per entrant: results, whom it met, byes, seat 0s) gives the engine's pairings,
    seats and standings from every table played, round after round."""
    rng, key = random.Random(seed), seed.to_bytes(8, "big")
    so_far, duplicated = SoFar(entrants), SoFar(entrants)
    played: list[list[Table]] = []
    seated: list[list[Played]] = []
    for round_no in range(1, rounds + 1):
        pairs = tournament.pairings(kind, key, round_no, entrants, played)
        assert so_far.pairs(kind, key, round_no) == pairs
        tables = [Table(a=p.a, b=p.b, results=(rng.randint(-9, 9),) if p.b is not None else ())
                  for p in pairs]  # fmt: skip
        played.append(tables)
        so_far.add(tables, tournament.round_results(entrants, tables))
        found = duplicate.pairings(kind, key, round_no, entrants, seated, 1, "imps")
        again = duplicate.seated_by(
            duplicated.pairs(kind, key, round_no), round_no, duplicated.held
        )
        assert again == found
        boards = [
            replace(t, points=((rng.randint(0, 6), rng.randint(0, 6)),)) if t.b is not None else t
            for t in found
        ]
        seated.append(boards)
        duplicated.add(boards, duplicate.round_totals(entrants, boards, 1, "imps"))
    assert so_far.standings() == tournament.standings(entrants, played)
    assert duplicated.standings() == duplicate.standings(entrants, seated, 1, "imps")
