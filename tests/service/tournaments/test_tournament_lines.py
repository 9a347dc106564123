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

from service.ledger.compact_log import CompactGame, rebuilt_game
from service.ledger.signatures import KeyRing
from service.ledger.tournament_audit import audit_tournament
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
    for (round_no, game_id, seats), line in zip(
        games_in(export.tournament), lines[1:], strict=False
    ):
        compact = msgspec.json.decode(line, type=CompactGame)
        assert "events" not in msgspec.json.decode(line)["entries"][1], "moves only"
        report, entries = rebuilt_game(compact, given_game(export.tournament, round_no, seats))
        assert report.ok, report.failure
        assert entries == by_id[game_id].entries


def test_a_move_changed_names_its_game_and_with_the_keys_the_signature_fails() -> None:
    lines = as_lines((HERE / "v1-export.json").read_bytes())
    game = msgspec.json.decode(lines[3])
    entry = game["entries"][1]
    entry["move"] = next(card for card in ("AC", "AD") if card not in entry["move"])
    lines[3] = msgspec.json.encode(game) + b"\n"
    changed = b"".join(lines)

    assert audit_tournament(changed, KEYS).failure.kind == "signature"
    failure = audit_tournament(changed).failure
    assert (failure.kind, failure.game_id) == ("game", game["game_id"])
    assert failure.game_failure is not None and failure.game_failure.kind == "replay"


def test_a_games_own_signature_holds_only_for_its_logged_salts() -> None:
    lines = as_lines((HERE / "v2-matchpoints-export.json").read_bytes())
    game = msgspec.json.decode(lines[2])
    salt = game["entries"][4]["salt"]
    game["entries"][4]["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    forged = resigned([*lines[:2], msgspec.json.encode(game) + b"\n", *lines[3:]])

    failure = audit_tournament(b"".join(forged), KEYS).failure

    assert (failure.kind, failure.game_id) == ("game", game["game_id"])
    assert failure.game_failure is not None and failure.game_failure.kind == "signature"


MATCHPOINTS_LINES = as_lines((HERE / "v2-matchpoints-export.json").read_bytes())


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
    line=st.integers(1, len(MATCHPOINTS_LINES) - 2),
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
    game = msgspec.json.decode(MATCHPOINTS_LINES[1])
    game["entries"][3]["ms"] = 10**30
    lines = [MATCHPOINTS_LINES[0], msgspec.json.encode(game) + b"\n", *MATCHPOINTS_LINES[2:]]

    failure = audit_tournament(b"".join(lines)).failure

    assert failure is not None and failure.game_failure is not None
    assert (failure.game_failure.kind, failure.game_failure.seq) == ("format", 4)


def test_a_game_line_nested_too_deeply_is_a_format_failure() -> None:
    deep = b'{"game_id":"x","entries":[],"game":{"a":' + b"[" * 100_000 + b"]" * 100_000 + b"}}"
    lines = [MATCHPOINTS_LINES[0], deep + b"\n", *MATCHPOINTS_LINES[2:]]
    assert audit_tournament(b"".join(lines)).failure.kind == "format"


def test_a_game_line_missing_or_a_line_added_is_named() -> None:
    lines = as_lines((HERE / "v2-matchpoints-export.json").read_bytes())
    dropped = audit_tournament(b"".join(resigned([*lines[:2], *lines[3:]])), KEYS).failure
    assert dropped.kind == "game" and "missing or out of order" in dropped.reason
    added = audit_tournament(b"".join(resigned([*lines[:-1], lines[2], lines[-1]])), KEYS)
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
