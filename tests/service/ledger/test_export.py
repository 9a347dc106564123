"""GET /v1/games/{id}/export, and what the offline audit says about every kind of forgery.

Each forgery is tried twice: as a changed byte (the entry's hash no longer recomputes) and as a
forger who re-hashes the chain from the changed entry on (the seed, the replay or the chain's
order then gives it away). The failure must name the first entry at fault and say why.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

import engine
from engine.cards import sort_cards
from service.app import create_app
from service.ledger.audit import audit_export
from service.ledger.chain import GameInfo
from service.ledger.export import Export
from service.ledger.replay import key_text
from service.ledger.signatures import public_keys
from service.store.redis_server import RedisServer
from tests.harness.api import Client, Json, assert_problem, create_game, sha256_hex
from tests.harness.audits import committed_game, export_bytes, first_index, forged, rechain
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEY, published

Failure = dict[str, Any]


@pytest.fixture(scope="module")
async def exported(redis_server: RedisServer) -> AsyncIterator[bytes]:
    """One finished 2-player game made from a commitment and a client seed, exported."""
    app = create_app(app_settings(redis_server.url))
    async with AsyncTestClient(app=app) as client:
        game, _ = await committed_game(client, 2, "escopa", target=11)
        await game.play_out(random.Random(11))
        yield await export_bytes(game)


@pytest.fixture
def export(exported: bytes) -> Json:
    document: Json = json.loads(exported)
    return document


def failure_of(data: bytes) -> Failure:
    report = audit_export(data)
    assert not report.ok, "the forgery was not caught"
    assert report.state_hash is None
    failure: Failure = msgspec.to_builtins(report.failure)
    return failure


# --- the document -------------------------------------------------------------------------------


async def test_the_export_is_the_whole_unredacted_log_of_the_finished_game(client: Client) -> None:
    game, commitment = await committed_game(client, 3, "escova", target=3)
    await game.play_out(random.Random(3))

    data = await export_bytes(game)

    export = msgspec.json.decode(data, type=Export)
    document = json.loads(data)
    assert set(document) == {"format", "game_id", "entries", "signature"}
    assert export.format == "escopa-export-v3"
    assert export.game_id == game.id
    assert document["entries"] == await game.log()
    assert [e.seq for e in export.entries] == list(range(1, (await game.version()) + 1))
    info = export.entries[0].game
    assert info is not None
    assert export.entries[0].type == "created"
    assert info.players == ("Ana", "Bia", "Caio")
    assert info.rules.target == 3
    assert info.seed_commitment == commitment["seed_commitment"]
    assert info.commitment_id == commitment["commitment_id"]
    assert info.client_seed == "lucky client"
    assert info.seed is not None
    assert re.fullmatch("[0-9a-f]{64}", info.seed)
    assert all(e.salt for e in export.entries)
    assert audit_export(data).ok


async def test_an_unfinished_game_cannot_be_exported(client: Client) -> None:
    game = await create_game(client)

    response = await client.get(f"{game.url}/export")

    assert_problem(response, 409, "game/not_finished")


async def test_an_unknown_game_cannot_be_exported(client: Client) -> None:
    response = await client.get("/v1/games/0123456789abcdef01234567/export")

    assert_problem(response, 404, "game/not_found")


def test_the_untouched_export_audits(exported: bytes) -> None:
    report = audit_export(exported)

    assert report.ok, report.failure
    assert report.failure is None
    assert report.status == "finished"


# --- forgeries, one kind of field at a time -------------------------------------------------------


def is_deal_entry(entry: Json) -> bool:
    """A move entry that also dealt the next hand (not the round's first: no table)."""
    return entry["type"] == "move" and any(
        e["type"] == "dealt" and e["hand"] > 1 for e in entry["events"]
    )


def other_card(card: str) -> str:
    """The same rank in the next suit: a one-byte change."""
    suits = "CDHS"
    return card[0] + suits[(suits.index(card[1]) + 1) % 4]


@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_a_card_changed_in_a_dealt_hand_is_caught(export: Json, rehash: bool) -> None:
    at = first_index(export, is_deal_entry)
    entry = export["entries"][at]
    dealt = next(i for i, e in enumerate(entry["events"]) if e["type"] == "dealt")
    card = entry["events"][dealt]["hands"][1][1]

    def change(e: Json) -> None:
        e["events"][dealt]["hands"][1][1] = other_card(card)

    failure = failure_of(forged(export, change, at, rehash))

    seq = entry["seq"]
    assert failure["seq"] == seq
    detail = (
        f"events differ from the replay: events[{dealt}].hands[1][1] is "
        f'"{other_card(card)}" in the log, "{card}" in the replay'
    )
    if rehash:
        assert failure == {
            "seq": seq, "kind": "replay", "field": "events", "reason": f"seq {seq}: {detail}",
        }  # fmt: skip
    else:
        assert failure["field"] == "hash"
        assert failure["reason"] == f"seq {seq}: hash does not match its content ({detail})"


def state_before(export: Json, at: int) -> engine.State:
    """The state just before entry `at`, replayed with the engine."""
    info = msgspec.convert(export["entries"][0]["game"], GameInfo)
    assert info.seed is not None
    state, _ = engine.start(info.rules, key_text(info.seed, info.client_seed))
    for entry in export["entries"][1:at]:
        if entry["type"] in ("move", "deal"):
            state, _ = engine.apply(state, entry["seat"], engine.parse_move(entry["move"]))
    return state


def forged_capture(export: Json) -> tuple[int, str, str]:
    """A capture entry, and its move with one captured card swapped for one not on the table."""
    for at, entry in enumerate(export["entries"]):
        if entry["type"] != "move" or "+" not in entry["move"] or "claim" in entry["move"]:
            continue
        card, *taken = entry["move"].split("+")
        table = state_before(export, at).table
        for suit in "CDHS":
            substitute = taken[0][0] + suit
            if substitute not in table and substitute != card:
                capture = sort_cards([substitute, *taken[1:]])
                return at, substitute, "+".join([card, *capture])
    raise AssertionError("no capture to forge")  # pragma: no cover


@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_a_capture_card_changed_is_caught(export: Json, rehash: bool) -> None:
    at, substitute, move = forged_capture(export)
    entry = export["entries"][at]

    def change(e: Json) -> None:
        e["move"] = move

    failure = failure_of(forged(export, change, at, rehash))

    seq = entry["seq"]
    illegal = (
        f"illegal move {move} by seat {entry['seat']}: move/card_not_on_table: "
        f"{substitute} is not on the table ("
    )
    assert failure["seq"] == seq
    if rehash:
        assert (failure["kind"], failure["field"]) == ("replay", "move")
        assert failure["reason"].startswith(f"seq {seq}: {illegal}")
    else:
        assert (failure["kind"], failure["field"]) == ("chain", "hash")
        hashed = f"seq {seq}: hash does not match its content ("
        assert failure["reason"].startswith(hashed + illegal)


@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_a_seat_changed_is_caught(export: Json, rehash: bool) -> None:
    at = first_index(export, lambda e: e["type"] == "move" and e["seq"] > 5)
    entry = export["entries"][at]
    seat = entry["seat"]

    def change(e: Json) -> None:
        e["seat"] = 1 - seat

    failure = failure_of(forged(export, change, at, rehash))

    seq = entry["seq"]
    illegal = (
        f"illegal move {entry['move']} by seat {1 - seat}: move/not_your_turn: "
        f"it is seat {seat}'s turn, not seat {1 - seat}'s"
    )
    if rehash:
        assert failure == {
            "seq": seq, "kind": "replay", "field": "move", "reason": f"seq {seq}: {illegal}",
        }  # fmt: skip
    else:
        assert failure["reason"] == f"seq {seq}: hash does not match its content ({illegal})"


def test_two_entries_swapped_are_caught_by_their_seq(export: Json) -> None:
    entries = export["entries"]
    entries[7], entries[8] = entries[8], entries[7]

    failure = failure_of(json.dumps(export).encode())

    assert failure == {
        "seq": 8,
        "kind": "chain",
        "field": "seq",
        "reason": "seq 8: entry 8 of the log has seq 9: entries are missing, repeated or out of "
        "order",
    }


def test_two_moves_swapped_and_renumbered_are_caught_by_the_chain(export: Json) -> None:
    entries = export["entries"]
    entries[7], entries[8] = entries[8], entries[7]
    entries[7]["seq"], entries[8]["seq"] = 8, 9

    failure = failure_of(json.dumps(export).encode())

    assert failure["seq"] == 8
    assert failure["field"] == "prev_hash"
    assert failure["reason"] == "seq 8: prev_hash is not the hash of seq 7"


def test_two_moves_swapped_and_rechained_are_caught_by_the_replay(export: Json) -> None:
    entries = export["entries"]
    at = next(
        i
        for i in range(3, len(entries) - 1)
        if entries[i]["type"] == entries[i + 1]["type"] == "move"
        and entries[i]["seat"] != entries[i + 1]["seat"]
    )
    entries[at], entries[at + 1] = entries[at + 1], entries[at]
    entries[at]["seq"], entries[at + 1]["seq"] = at + 1, at + 2
    rechain(entries, at)

    failure = failure_of(json.dumps(export).encode())

    assert failure["seq"] == at + 1
    assert failure["kind"] == "replay"
    assert "move/not_your_turn" in failure["reason"]


@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_a_changed_seed_is_caught(export: Json, rehash: bool) -> None:
    seed = export["entries"][0]["game"]["seed"]
    changed = ("1" if seed[0] != "1" else "2") + seed[1:]

    def change(e: Json) -> None:
        e["game"]["seed"] = changed

    failure = failure_of(forged(export, change, 0, rehash))

    if rehash:
        assert failure == {
            "seq": 1,
            "kind": "seed",
            "field": "game.seed",
            "reason": "seq 1: seed does not match seed_commitment",
        }
    else:
        assert failure["reason"] == (
            "seq 1: hash does not match its content (seed does not match seed_commitment)"
        )


def test_a_seed_and_commitment_both_replaced_are_caught_by_the_replay(export: Json) -> None:
    def change(e: Json) -> None:
        e["game"]["seed"] = "f" * 64
        e["game"]["seed_commitment"] = sha256_hex("f" * 64)

    failure = failure_of(forged(export, change, 0, True))

    assert failure["seq"] == 1
    assert failure["field"] == "state_hash"
    assert failure["reason"].startswith("seq 1: state_hash differs from the replay")


@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_a_changed_client_seed_is_caught(export: Json, rehash: bool) -> None:
    def change(e: Json) -> None:
        e["game"]["client_seed"] = "lucky clienT"

    failure = failure_of(forged(export, change, 0, rehash))

    assert failure["seq"] == 1
    if rehash:
        assert failure["kind"] == "replay"
        assert failure["field"] == "state_hash"
        assert failure["reason"].startswith("seq 1: state_hash differs from the replay (logged")
    else:
        assert failure["reason"].startswith(
            "seq 1: hash does not match its content (state_hash differs"
        )


@pytest.mark.parametrize(
    ("member", "value"),
    [("target", 12), ("dealer_rotation", "round"), ("points", "all_sevens=9")],
)
@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_changed_rules_are_caught(export: Json, rehash: bool, member: str, value: Any) -> None:
    def change(e: Json) -> None:
        if member == "points":
            e["game"]["rules"]["points"]["all_sevens"] = 9
        else:
            e["game"]["rules"][member] = value

    failure = failure_of(forged(export, change, 0, rehash))

    assert failure["seq"] == 1
    assert failure["field"] == ("state_hash" if rehash else "hash")
    assert "state_hash differs from the replay" in failure["reason"]


def test_unplayable_rules_are_named(export: Json) -> None:
    def change(e: Json) -> None:
        e["game"]["rules"]["players"] = 5

    failure = failure_of(forged(export, change, 0, True))

    assert failure["kind"] == "rules"
    assert failure["field"] == "game.players"
    assert failure["reason"] == "seq 1: 2 players for rules of 5"


@pytest.mark.parametrize("rehash", [False, True], ids=["byte", "rechained"])
def test_a_changed_state_hash_is_caught(export: Json, rehash: bool) -> None:
    at = 17
    digest = export["entries"][at]["state_hash"]
    changed = ("0" if digest[5] != "0" else "1").join((digest[:5], digest[6:]))

    def change(e: Json) -> None:
        e["state_hash"] = changed

    failure = failure_of(forged(export, change, at, rehash))

    detail = f'state_hash differs from the replay (logged "{changed}", replayed "{digest}")'
    assert failure["seq"] == at + 1
    if rehash:
        assert failure["reason"] == f"seq {at + 1}: {detail}"
        assert failure["field"] == "state_hash"
    else:
        assert failure["reason"] == f"seq {at + 1}: hash does not match its content ({detail})"


def test_a_changed_hash_is_caught(export: Json) -> None:
    at = 30
    digest = export["entries"][at]["hash"]
    export["entries"][at]["hash"] = ("a" if digest[0] != "a" else "b") + digest[1:]

    failure = failure_of(json.dumps(export).encode())

    assert failure == {
        "seq": at + 1,
        "kind": "chain",
        "field": "hash",
        "reason": f"seq {at + 1}: hash does not match its content",
    }


def test_a_changed_time_is_caught_by_the_hash_alone(export: Json) -> None:
    export["entries"][4]["time"] = "2000-01-01T00:00:00.000Z"

    failure = failure_of(json.dumps(export).encode())

    assert failure["reason"] == "seq 5: hash does not match its content"


def test_a_rehashed_harmless_change_breaks_the_next_link(export: Json) -> None:
    export["entries"][4]["time"] = "2000-01-01T00:00:00.000Z"
    rechain(export["entries"][:5], 4)

    failure = failure_of(json.dumps(export).encode())

    assert failure["reason"] == "seq 6: prev_hash is not the hash of seq 5"


def test_a_log_cut_short_is_incomplete(export: Json) -> None:
    count = len(export["entries"])
    del export["entries"][-3:]

    failure = failure_of(json.dumps(export).encode())

    assert failure["kind"] == "incomplete"
    assert failure["seq"] == count - 3
    assert failure["reason"].startswith(
        f"seq {count - 3}: the log ends before the match is over (status playing"
    )


def test_a_missing_first_entry_is_caught(export: Json) -> None:
    del export["entries"][0]

    failure = failure_of(json.dumps(export).encode())

    assert failure["seq"] == 1
    assert failure["field"] == "seq"


def test_an_added_member_is_caught(export: Json) -> None:
    export["entries"][3]["note"] = "trust me"
    rechain(export["entries"], 3)

    failure = failure_of(json.dumps(export).encode())

    assert failure == {
        "seq": 4,
        "kind": "format",
        "field": "note",
        "reason": "seq 4: `note` is not a log entry member",
    }


def test_a_removed_member_is_caught(export: Json) -> None:
    del export["entries"][3]["salt"]
    rechain(export["entries"], 3)

    failure = failure_of(json.dumps(export).encode())

    assert failure["field"] == "salt"
    assert failure["reason"] == "seq 4: `salt` is missing"


def test_a_move_after_the_end_is_caught(export: Json) -> None:
    last = copy.deepcopy(export["entries"][-1])
    last["seq"] += 1
    last["move"] = "deal"
    last["type"] = "deal"
    export["entries"].append(last)
    rechain(export["entries"], len(export["entries"]) - 1)

    failure = failure_of(json.dumps(export).encode())

    assert failure["seq"] == last["seq"]
    assert "move/game_over" in failure["reason"]


def test_a_signal_is_refused_when_the_rules_allow_none(export: Json) -> None:
    signal = {
        "seq": 2, "type": "signal", "time": "2026-01-01T00:00:00.000Z", "seat": 0,
        "move": None, "signal": "guindis", "game": None, "events": [], "prev_hash": "",
        "state_hash": None, "salt": "00", "hash": "",
    }  # fmt: skip
    entries = export["entries"]
    entries.insert(1, signal)
    for seq, entry in enumerate(entries, 1):
        entry["seq"] = seq
    rechain(entries, 1)

    failure = failure_of(json.dumps(export).encode())

    assert failure == {
        "seq": 2,
        "kind": "signal",
        "field": "signal",
        "reason": "seq 2: these rules allow no partner signals",
    }


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"{not json", "not a JSON document"),
        (b"[]", "not an export: the document is not a JSON object"),
        (b'{"format": "other", "entries": []}', 'not an export: `format` is "other"'),
        (b'{"format": "escopa-export-v1", "game_id": "x", "entries": []}', "the log holds no"),
        (b'{"format": "escopa-export-v1", "game_id": 1, "entries": []}', "`game_id` is not a"),
        (b'{"format": "escopa-export-v1", "game_id": "x", "entries": {}}', "`entries` is not"),
        (b'{"format": "escopa-export-v1", "game_id": "x", "entries": [], "x": 1}', "`x` is not"),
        (b'{"format": "escopa-export-v1", "game_id": "x", "entries": [1]}', "seq 1: the entry"),
    ],
)
def test_a_document_that_is_not_an_export_is_refused(data: bytes, reason: str) -> None:
    failure = failure_of(data)

    assert failure["kind"] == "format"
    assert failure["reason"].startswith(reason)


# --- any one byte -------------------------------------------------------------------------------

CARD = re.compile(rb'(?<=["+:])[A2-7QJK][CDHS](?=["+])')
SEAT = re.compile(rb'"(?:seat|dealer|side|winner)":([0-3])')


def flipped(data: bytes, at: int, byte: int) -> bytes:
    return data[:at] + bytes([byte]) + data[at + 1 :]


def sample(positions: list[int], count: int, seed: int) -> list[int]:
    return sorted(random.Random(seed).sample(positions, min(count, len(positions))))


def test_any_card_changed_anywhere_is_caught(exported: bytes) -> None:
    positions = [m.start() + 1 for m in CARD.finditer(exported)]
    assert len(positions) > 100  # any finished match: 40 cards dealt, 36+ plays name theirs twice

    for at in sample(positions, 150, 1):
        suit = exported[at : at + 1]
        other = b"CDHS"[(b"CDHS".index(suit) + 1) % 4]
        report = audit_export(flipped(exported, at, other))
        assert not report.ok, f"a card changed at byte {at} was not caught"


def test_any_seat_changed_anywhere_is_caught(exported: bytes) -> None:
    positions = [m.start(1) for m in SEAT.finditer(exported)]
    assert len(positions) > 60  # any finished match: 36+ plays, a seat in the entry and the event

    for at in sample(positions, 120, 2):
        digit = exported[at]
        report = audit_export(flipped(exported, at, ord("0") + (digit - ord("0") + 1) % 2))
        assert not report.ok, f"a seat changed at byte {at} was not caught"


def test_any_byte_changed_outside_the_game_id_and_signature_is_caught(exported: bytes) -> None:
    label = exported.index(b'"game_id":')
    game_id = range(label, exported.index(b",", label))
    signature = range(exported.index(b'"signature":'), len(exported))  # the last member
    positions = [i for i in range(len(exported)) if i not in game_id and i not in signature]

    for at in sample(positions, 200, 3):
        original = exported[at]
        byte = random.Random(at).choice([b for b in range(32, 127) if b != original])
        report = audit_export(flipped(exported, at, byte))
        assert not report.ok, f"byte {at} changed from {chr(original)!r} to {chr(byte)!r}"


def test_with_the_key_any_byte_changed_anywhere_is_caught(exported: bytes) -> None:
    keys = public_keys(published(SIGNING_KEY))
    label = exported.index(b'"game_id":')
    anchored = [*range(label, label + 40), *range(exported.index(b'"signature":'), len(exported))]
    assert audit_export(exported, keys).signature == "verified"

    for at in [*sample(anchored, 60, 4), *sample(list(range(len(exported))), 100, 5)]:
        original = exported[at]
        byte = random.Random(at).choice([b for b in range(32, 127) if b != original])
        report = audit_export(flipped(exported, at, byte), keys)
        assert not report.ok, f"byte {at} changed from {chr(original)!r} to {chr(byte)!r}"
