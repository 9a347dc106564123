"""`escopa audit FILE --key K` (run as a process): a signed export holds only with the service's
key; a game rebuilt from the revealed seed, a signature by another key, a stripped signature
or a relabelled game fail with the reason; without a key the audit says that it proved internal
consistency only."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.store.redis_server import RedisServer
from tests.harness.api import Json
from tests.harness.audits import escopa, export_bytes, finished_game, rebuilt
from tests.harness.settings import app_settings
from tests.harness.signing import (
    OTHER_KEY,
    SIGNING_KEY,
    export_signed_bytes,
    key_id,
    public_text,
    published,
    sign,
    signed_bytes,
)

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "export.json"
EXPORT_V3 = "escopa-export-v3"


@pytest.fixture(scope="module")
async def exported(redis_server: RedisServer) -> AsyncIterator[bytes]:
    """One finished 2-player game, exported by a service signing with the tests' key."""
    app = create_app(app_settings(redis_server.url))
    async with AsyncTestClient(app=app) as client:
        game = await finished_game(client, 2, "escopa", seed="signed", target=7)
        yield await export_bytes(game)


@pytest.fixture
def export(exported: bytes) -> Json:
    document: Json = json.loads(exported)
    return document


def written(folder: Path, document: Json, name: str) -> str:
    path = folder / name
    path.write_text(json.dumps(document))
    return str(path)


def audited(tmp_path: Path, document: Json, *keys: str) -> tuple[int, list[str]]:
    """`escopa audit` of the document, with the service's published keys of `keys` as a file."""
    options = ["--key", written(tmp_path, published(*keys), "keys.json")] if keys else []
    done = escopa("audit", written(tmp_path, document, "game.json"), *options)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, done.stdout.splitlines()


# --- the genuine export ---------------------------------------------------------------------


def test_a_signed_export_holds_with_the_service_key(tmp_path: Path, export: Json) -> None:
    code, lines = audited(tmp_path, export, SIGNING_KEY)

    assert code == 0
    (line,) = lines
    assert line.startswith(f"ok: game {export['game_id']}: {len(export['entries'])} entries, ")
    assert f"every move and the signature of key {key_id(SIGNING_KEY)} verified" in line
    assert export["signature"]["key_id"] == key_id(SIGNING_KEY)


def test_the_key_can_be_given_as_itself(export: Json, tmp_path: Path) -> None:
    done = escopa(
        "audit", written(tmp_path, export, "game.json"), "--key", public_text(SIGNING_KEY)
    )

    assert done.returncode == 0, done.stdout
    assert "and the signature of key" in done.stdout


def test_the_json_report_says_the_signature_was_verified(export: Json, tmp_path: Path) -> None:
    keys = written(tmp_path, published(SIGNING_KEY), "keys.json")
    done = escopa("audit", written(tmp_path, export, "game.json"), "--key", keys, "--json")

    report = json.loads(done.stdout)
    assert (report["ok"], report["signature"], report["key_id"]) == (
        True,
        "verified",
        key_id(SIGNING_KEY),
    )


def test_without_a_key_the_audit_warns_it_proved_consistency_only(
    tmp_path: Path, export: Json
) -> None:
    code, lines = audited(tmp_path, export)

    assert code == 0
    verdict, warning = lines
    assert verdict.startswith(f"ok: game {export['game_id']}")
    assert warning.startswith(
        "warning: signature not checked: this proves the export is consistent"
    )


# --- forgeries --------------------------------------------------------------------------------


def test_a_game_rebuilt_from_the_revealed_seed_fails_with_the_key(
    tmp_path: Path, export: Json
) -> None:
    forged = rebuilt(export, random.Random(14))
    moves = [e["move"] for e in forged["entries"][1:]]
    assert moves != [e["move"] for e in export["entries"][1:]]
    assert forged["entries"][0] == export["entries"][0]

    unchecked, _ = audited(tmp_path, forged)
    code, lines = audited(tmp_path, forged, SIGNING_KEY)

    assert unchecked == 0  # consistent in itself: what issue 14's attacker showed
    assert code == 1
    last = forged["entries"][-1]
    assert lines == [
        f"FAILED: game {export['game_id']}: the signature of key {key_id(SIGNING_KEY)} does not "
        f"hold for game {export['game_id']}'s head (seq {last['seq']}, hash {last['hash']}): the "
        "chain is not the one the service signed"
    ]


def test_a_rebuilt_game_signed_by_another_key_fails_as_unknown(
    tmp_path: Path, export: Json
) -> None:
    forged = rebuilt(export, random.Random(15))
    last = forged["entries"][-1]
    message = export_signed_bytes(forged["game_id"], last["seq"], last["hash"])
    forged["signature"] = {"key_id": key_id(OTHER_KEY), "signature": sign(OTHER_KEY, message)}

    code, lines = audited(tmp_path, forged, SIGNING_KEY)

    assert code == 1
    assert lines == [
        f"FAILED: game {export['game_id']}: signed by key '{key_id(OTHER_KEY)}', which is not a "
        f"key given (known: {key_id(SIGNING_KEY)})"
    ]


def test_another_keys_signature_under_the_service_key_id_fails(
    tmp_path: Path, export: Json
) -> None:
    forged = rebuilt(export, random.Random(16))
    last = forged["entries"][-1]
    message = export_signed_bytes(forged["game_id"], last["seq"], last["hash"])
    forged["signature"]["signature"] = sign(OTHER_KEY, message)

    code, lines = audited(tmp_path, forged, SIGNING_KEY)

    assert code == 1
    assert "does not hold for game" in lines[0]


def test_a_stripped_signature_fails_with_the_key(tmp_path: Path, export: Json) -> None:
    forged = rebuilt(export, random.Random(17))
    del forged["signature"]
    forged["format"] = "escopa-export-v1"

    unchecked, warned = audited(tmp_path, forged)
    code, lines = audited(tmp_path, forged, SIGNING_KEY)

    assert unchecked == 0
    assert warned[1].startswith("warning: the export is unsigned: ")
    assert code == 1
    assert lines == [
        f"FAILED: game {export['game_id']}: the export carries no signature (escopa-export-v1): "
        "a key checks signed exports only"
    ]


@pytest.mark.parametrize("form", ["escopa-export-v3", "escopa-export-v2"])
def test_a_signed_format_without_its_signature_is_refused(
    tmp_path: Path, export: Json, form: str
) -> None:
    del export["signature"]
    export["format"] = form

    code, lines = audited(tmp_path, export)

    assert code == 1
    assert lines == [f"FAILED: export: `signature` is missing: an {form} export is signed"]


def receipt_in_place(export: Json, seq: int, form: str) -> Json:
    """The export cut at `seq` as `form`, signed with the genuine receipt of that head (the
    service's key makes the very bytes it answered: Ed25519 is deterministic)."""
    entries = export["entries"][:seq]
    message = signed_bytes(export["game_id"], seq, entries[-1]["hash"])
    receipt = {"key_id": key_id(SIGNING_KEY), "signature": sign(SIGNING_KEY, message)}
    return {**export, "format": form, "entries": entries, "signature": receipt}


def test_a_receipt_in_place_of_the_exports_signature_does_not_hold(
    tmp_path: Path, export: Json
) -> None:
    last = export["entries"][-1]
    code, lines = audited(tmp_path, receipt_in_place(export, last["seq"], EXPORT_V3), SIGNING_KEY)

    assert code == 1
    assert lines == [
        f"FAILED: game {export['game_id']}: the signature of key {key_id(SIGNING_KEY)} does not "
        f"hold for game {export['game_id']}'s head (seq {last['seq']}, hash {last['hash']}): the "
        "chain is not the one the service signed"
    ]


@pytest.mark.parametrize("form", [EXPORT_V3, "escopa-export-v2"])
def test_a_log_cut_short_and_signed_with_its_last_receipt_fails_as_not_over(
    tmp_path: Path, export: Json, form: str
) -> None:
    code, lines = audited(tmp_path, receipt_in_place(export, 19, form), SIGNING_KEY)

    assert code == 1
    assert "the log ends before the match is over" in lines[0]


def test_a_v2_export_signed_with_the_receipt_of_its_final_head_still_holds(
    tmp_path: Path, export: Json
) -> None:
    older = receipt_in_place(export, len(export["entries"]), "escopa-export-v2")

    code, lines = audited(tmp_path, older, SIGNING_KEY)

    assert code == 0, lines
    assert f"the signature of key {key_id(SIGNING_KEY)} verified" in lines[0]


def test_a_relabelled_game_fails_with_the_key(tmp_path: Path, export: Json) -> None:
    relabelled = copy.deepcopy(export)
    relabelled["game_id"] = "0" * 24

    unchecked, _ = audited(tmp_path, relabelled)
    code, lines = audited(tmp_path, relabelled, SIGNING_KEY)

    assert unchecked == 0  # no hash covers the label
    assert code == 1
    assert "does not hold for game 000000000000000000000000's head" in lines[0]


def test_an_unsigned_v1_export_fails_with_a_key() -> None:
    done = escopa("audit", str(EXAMPLE), "--key", public_text(SIGNING_KEY))

    assert done.returncode == 1
    assert "the export carries no signature (escopa-export-v1)" in done.stdout


# --- rotation and bad keys ------------------------------------------------------------------


def test_an_export_of_the_old_key_holds_with_the_rotated_keys(tmp_path: Path, export: Json) -> None:
    code, lines = audited(tmp_path, export, OTHER_KEY, SIGNING_KEY)
    newer, _ = audited(tmp_path, export, OTHER_KEY)

    assert code == 0
    assert f"the signature of key {key_id(SIGNING_KEY)} verified" in lines[0]
    assert newer == 1  # a ring that dropped the old key no longer vouches for its games


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("nonsense", "a key is 43 base64url characters or 64 hex digits"),
        (
            '{"keys": [{"id": "0123456789abcdef", "algorithm": "Ed25519", "public_key": "%s"}]}',
            "the id is not that of its public key",
        ),
        ('{"keys": [{"id": "x", "algorithm": "RSA", "public_key": "y"}]}', "not a published key"),
    ],
)
def test_a_bad_key_exits_2_naming_it(tmp_path: Path, export: Json, key: str, reason: str) -> None:
    path = tmp_path / "keys.json"
    path.write_text(key.replace("%s", public_text(SIGNING_KEY)))
    given = key if key == "nonsense" else str(path)

    done = escopa("audit", written(tmp_path, export, "game.json"), "--key", given)

    assert done.returncode == 2
    assert reason in done.stderr


def test_a_signed_export_replays_offline(tmp_path: Path, export: Json) -> None:
    done = escopa("replay", written(tmp_path, export, "game.json"))

    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1].startswith(f"ok: game {export['game_id']}: ")
