"""The audit of a tournament's export names what broke: a card of one game, a pairing, the
standings, the seed, the signature; `escopa audit FILE` says it in a line."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from service.cli.offline import audit_file
from service.ledger.signatures import KeyRing
from service.ledger.tournament_audit import audit_tournament
from tests.harness.api import Client
from tests.harness.signing import SIGNING_KEYS
from tests.harness.tournaments import create_tournament, entrants, play_to_the_end

KEYS = KeyRing.of(SIGNING_KEYS).public
Json = dict[str, Any]


async def exported(client: Client) -> Json:
    """A finished tournament of bots of two levels (5 entrants: a bye each round), exported."""
    body = entrants(0, 3, "greedy") + [{"name": f"random {i}", "bot": "random"} for i in range(2)]
    created = await create_tournament(client, entrants=body, rounds=3, boards=1)
    await play_to_the_end(client, created, random.Random(3))
    response = await client.get(f"/v1/tournaments/{created['tournament_id']}/export")
    assert response.status_code == 200
    document: Json = msgspec.json.decode(response.content)
    return document


def audited(document: Json, keys: bool = False) -> Any:
    return audit_tournament(msgspec.json.encode(document), KEYS if keys else None)


async def test_an_untouched_export_audits_with_the_service_keys(client: Client) -> None:
    document = await exported(client)
    report = audited(document, keys=True)
    assert report.ok, report.failure
    assert report.signature == "verified"
    assert report.games == 3 * 2, "a game a table, two tables a round"


async def test_one_card_changed_in_one_games_export_names_that_game(client: Client) -> None:
    document = await exported(client)
    game = document["games"][5]
    events = game["entries"][0]["events"]  # the deal, then a table bonus if the table made 15
    dealt = next(event for event in events if event["type"] == "dealt")
    hand = dealt["hands"][0]
    hand[0] = next(c for c in ("AC", "2C", "3C", "4C") if c not in hand)

    report = audited(document)

    assert not report.ok
    assert report.failure.kind == "game"
    assert report.failure.game_id == game["game_id"]
    assert report.failure.game_failure.seq == 1
    assert report.failure.round is not None and report.failure.table is not None


async def test_one_pairing_changed_names_the_round_and_table(client: Client) -> None:
    document = await exported(client)
    last = document["tournament"]["rounds"][-1]
    paired = [t for t in last["tables"] if "b" in t]
    paired[0]["a"], paired[1]["a"] = paired[1]["a"], paired[0]["a"]

    report = audited(document)

    assert not report.ok
    assert report.failure.kind == "pairing"
    assert report.failure.round == last["round"]
    assert report.failure.table == last["tables"].index(paired[0])


async def test_changed_standings_are_recomputed_and_refused(client: Client) -> None:
    document = await exported(client)
    document["tournament"]["standings"][0]["total"] += 1

    report = audited(document)

    assert not report.ok and report.failure.kind == "standings"


async def test_a_changed_result_or_seed_is_named(client: Client) -> None:
    document = await exported(client)
    table = next(t for t in document["tournament"]["rounds"][0]["tables"] if "b" in t)
    table["results"][0] += 2
    assert audited(document).failure.kind == "results"
    table["results"][0] -= 2
    document["tournament"]["seed"] = "0" * 64
    assert audited(document).failure.kind == "seed"


async def test_any_change_breaks_the_signature_when_keys_are_given(client: Client) -> None:
    document = await exported(client)
    document["tournament"]["name"] = "another cup"

    report = audited(document, keys=True)

    assert not report.ok and report.failure.kind == "signature"
    assert report.signature == "failed"


@pytest.mark.parametrize("change", [False, True])
async def test_escopa_audit_file_checks_a_tournament_export(
    client: Client, tmp_path: Path, change: bool
) -> None:
    document = await exported(client)
    if change:
        document["tournament"]["rounds"][0]["tables"][0]["a"] += 1
    path = tmp_path / "tournament.json"
    path.write_bytes(msgspec.json.encode(document))
    out = io.StringIO()

    status = audit_file(str(path), out=out)

    assert status == (1 if change else 0)
    assert out.getvalue().startswith("FAILED: pairing (round 1, table 0)" if change else "OK: ")


async def test_a_malformed_document_is_refused_as_a_format_failure(client: Client) -> None:
    document = await exported(client)
    document["tournament"]["rounds"][0]["round"] = 99
    assert audited(document).failure.kind == "pairing"
    document["tournament"]["rounds"][0]["round"] = 1
    document["tournament"]["rounds"][0]["tables"] = "no tables"
    assert audited(document).failure.kind == "format"
    assert audit_tournament(b"{not json").failure.kind == "format"


def v1_export() -> Json:
    """A tournament export of the first format (two games a pairing, seats swapped), as the
    service wrote it before matchpoints: 5 bots, 2 rounds of 1 board."""
    document: Json = msgspec.json.decode((Path(__file__).parent / "v1-export.json").read_bytes())
    return document


def test_an_export_scored_by_matchpoints_still_audits_and_names_a_changed_score() -> None:
    """The second format as the service wrote it while it scored by matchpoints: 5 bots,
    3 rounds of 1 board."""
    path = Path(__file__).parent / "v2-matchpoints-export.json"
    document: Json = msgspec.json.decode(path.read_bytes())
    assert document["tournament"]["scoring"] == "matchpoints"
    report = audited(document, keys=True)
    assert report.ok, report.failure
    assert report.signature == "verified" and report.games == 3 * 2
    table = next(t for t in document["tournament"]["rounds"][0]["tables"] if "b" in t)
    table["matchpoints"][0] = [table["matchpoints"][0][1], table["matchpoints"][0][0]]
    assert audited(document).failure.kind == "results"


def test_an_export_of_the_first_format_still_audits_with_the_service_keys() -> None:
    document = v1_export()
    assert document["format"] == "escopa-tournament-v1"
    report = audited(document, keys=True)
    assert report.ok, report.failure
    assert report.signature == "verified" and report.games == 2 * 2 * 2


def test_a_changed_card_pairing_or_score_of_the_first_format_is_named() -> None:
    card = v1_export()
    dealt = next(e for e in card["games"][2]["entries"][0]["events"] if e["type"] == "dealt")
    dealt["hands"][0][0] = next(c for c in ("AC", "2C", "3C") if c not in dealt["hands"][0])
    failure = audited(card).failure
    assert failure.kind == "game" and failure.game_id == card["games"][2]["game_id"]

    pairing = v1_export()
    tables = [t for t in pairing["tournament"]["rounds"][1]["tables"] if "b" in t]
    tables[0]["a"], tables[1]["a"] = tables[1]["a"], tables[0]["a"]
    assert (audited(pairing).failure.kind, audited(pairing).failure.round) == ("pairing", 2)

    score = v1_export()
    table = next(t for t in score["tournament"]["rounds"][0]["tables"] if "b" in t)
    table["results"][0] += 1
    assert audited(score).failure.kind == "results"
