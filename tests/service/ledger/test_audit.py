"""GET /v1/games/{id}/audit: every preset and player count round trips (play, export, audit over
HTTP, `escopa audit` offline, replay: all agree); the audit finds what was changed in Redis."""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest
import redis

import engine
from service.ledger.audit import audit_entries, audit_export
from service.ledger.log import decode_step, encode
from service.ledger.signatures import public_keys
from service.store import redis_keys
from tests.harness.api import (
    Client,
    assert_chain,
    assert_problem,
    committed_to,
    create_game,
    ok,
)
from tests.harness.audits import (
    audit_of,
    escopa,
    export_bytes,
    finished_game,
    rechain,
    replay_body,
)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["escopa", "escoba", "escova"])
async def test_play_export_audit_offline_audit_and_replay_all_agree(
    client: Client, preset: str, players: int, tmp_path: Path
) -> None:
    game = await finished_game(client, players, preset, committed=players != 3)
    log = await game.log()
    data = await export_bytes(game)
    export = json.loads(data)

    report = await audit_of(game)
    published = ok(await client.get("/v1/keys"))
    offline = json.loads(msgspec.json.encode(audit_export(data, public_keys(published))))
    file = tmp_path / "export.json"
    file.write_bytes(data)
    (tmp_path / "keys.json").write_text(json.dumps(published))
    command = escopa("audit", str(file), "--key", str(tmp_path / "keys.json"))
    replayed = ok(await client.post("/v1/replays", json=replay_body(export)))

    assert export["entries"] == log
    assert_chain(log)
    assert report["ok"] is True, report
    assert report["failure"] is None
    assert report["entries"] == len(log) == await game.version()
    assert report["head_hash"] == log[-1]["hash"]
    assert report["status"] == "finished"
    assert report["totals"] == (await game.score())["totals"]
    assert report["signature"] == "verified"
    assert offline == report
    assert command.returncode == 0, command.stdout + command.stderr
    assert command.stdout.count("\n") == 1
    assert command.stdout.startswith(f"ok: game {game.id}: {len(log)} entries")
    assert log[-1]["hash"] in command.stdout
    assert report["state_hash"] in command.stdout
    moves = [e for e in log if e["type"] in ("move", "deal")]
    assert [s["state_hash"] for s in replayed["steps"]] == [e["state_hash"] for e in moves]
    assert replayed["start_state_hash"] == log[0]["state_hash"]
    assert replayed["state_hash"] == report["state_hash"] == log[-1]["state_hash"]
    assert replayed["replay_hash"] == report["replay_hash"]
    assert replayed["score"]["totals"] == report["totals"]
    assert replayed["score"]["outcome"] == report["outcome"]
    info = log[0]["game"]
    assert committed_to(info) == info["seed_commitment"]


async def test_the_audit_answers_the_head_the_entries_and_the_replay(client: Client) -> None:
    game = await finished_game(client, 2, "escova", seed="short", target=3)

    report = await audit_of(game)

    assert set(report) == {
        "ok",
        "game_id",
        "entries",
        "head_hash",
        "state_hash",
        "replay_hash",
        "status",
        "totals",
        "outcome",
        "failure",
        "signature",
        "key_id",
    }
    assert report["game_id"] == game.id
    view = await game.view()
    assert report["outcome"] == view["outcome"]
    assert len(report["replay_hash"]) == 64


async def test_an_unfinished_game_cannot_be_audited(client: Client) -> None:
    game = await create_game(client)

    response = await client.get(f"{game.url}/audit")

    body = assert_problem(response, 409, "game/not_finished")
    assert game.id in body["detail"]


async def test_an_unknown_game_cannot_be_audited(client: Client) -> None:
    response = await client.get("/v1/games/0123456789abcdef01234567/audit")

    assert_problem(response, 404, "game/not_found")


def rewrite_record(redis_url: str, game_id: str, seq: int, later_ms: int) -> None:
    """Make entry `seq`'s stored time later, as someone with write access to Redis could."""
    store = redis.Redis.from_url(redis_url)
    stored = redis_keys.entries(game_id)
    step = decode_step(store.lindex(stored, seq - 1))
    store.lset(stored, seq - 1, encode(msgspec.structs.replace(step, ms=step.ms + later_ms)))
    store.close()


async def test_a_record_changed_in_the_stored_log_fails_the_audit_at_the_head(
    client: Client, redis_url: str
) -> None:
    game = await finished_game(client, 2, "escopa", seed="stored", target=5)
    assert (await audit_of(game))["ok"] is True
    rewrite_record(redis_url, game.id, 5, 1000)

    report = await audit_of(game)

    assert report["ok"] is False
    failure = report["failure"]
    assert failure["kind"] == "chain"
    assert failure["field"] == "hash"
    assert "is not the game's head" in failure["reason"]


async def test_a_log_that_does_not_end_at_the_stored_head_fails_the_audit(
    client: Client, redis_url: str
) -> None:
    game = await finished_game(client, 2, "escova", seed="head", target=3)
    store = redis.Redis.from_url(redis_url)
    store.hset(redis_keys.game(game.id), "head", "f" * 64)
    store.close()

    report = await audit_of(game)

    assert report["ok"] is False
    assert report["failure"]["kind"] == "chain"
    assert "is not the game's head" in report["failure"]["reason"]


async def test_the_audit_replays_a_match_dealt_by_hand_with_signals(client: Client) -> None:
    game = await create_game(client, players=4, seed="signals", auto_deal=False, target=3)
    assert ok(await game.signal(0, "guindis"))
    assert ok(await game.signal(3, "seven"))
    await game.play_out(random.Random(4))
    log = await game.log()
    assert {e["type"] for e in log} == {"created", "move", "deal"}
    assert [s["signal"] for s in log[-1]["signals"]] == ["guindis", "seven"]

    report = await audit_of(game)

    assert report["ok"] is True, report
    assert report["entries"] == len(log)
    final = engine.start(engine.make_rules("escopa", {"players": 4}), "signals")[0]
    assert report["state_hash"] != engine.state_hash(final)


HOUSE_RULES = {
    "initial_bonus_taker": "mano",
    "initial_table_bonus": "fifteen",
    "leftover_cards": "dealer",
    "primeira_figures": "ignore",
    "points": {"all_cards": 2, "primeira": 2},
    "target": 7,
}


@pytest.mark.parametrize(("tie", "seats"), [("shared", [0, 2]), ("draw", [])])
async def test_a_match_under_house_rules_ends_tied_and_its_export_audits_and_replays(
    client: Client, tie: str, seats: list[int]
) -> None:
    # with these rules and seed, first legal moves end round 3 at 8-2-8: sides 0 and 2 tie
    game = await create_game(
        client, players=3, preset="escoba", seed="house 7", tie_at_target=tie, **HOUSE_RULES
    )
    finished = await game.play_out()
    log = await game.log()
    data = await export_bytes(game)

    report = await audit_of(game)
    replayed = ok(await client.post("/v1/replays", json=replay_body(json.loads(data))))
    command = escopa("audit", "-", stdin=data)

    rules = log[0]["game"]["rules"]
    assert {k: rules[k] for k in HOUSE_RULES if k != "points"} == {
        k: v for k, v in HOUSE_RULES.items() if k != "points"
    }
    assert rules["tie_at_target"] == tie
    assert rules["points"]["all_cards"] == 2
    assert rules == msgspec.to_builtins(
        engine.make_rules("escoba", {**HOUSE_RULES, "players": 3, "tie_at_target": tie})
    )
    outcome = {
        "winner": None, "seats": seats, "totals": [8, 2, 8], "rounds": 3, "result": tie,
        "tied": [0, 2],
    }  # fmt: skip
    assert finished["outcome"] == outcome
    assert log[-1]["events"][-1] == {"type": "match_ended", "outcome": outcome}
    assert report["ok"] is True, report
    assert report["outcome"] == outcome
    assert report["state_hash"] == log[-1]["state_hash"]
    assert replayed["state_hash"] == report["state_hash"]
    assert replayed["score"]["outcome"] == outcome
    assert command.returncode == 0, command.stdout + command.stderr
    verb = "shared the victory" if tie == "shared" else "drew"
    assert f"sides 0, 2 {verb} 8-2-8 after 3 rounds" in command.stdout


async def test_an_older_log_with_signal_entries_still_verifies(client: Client) -> None:
    game = await create_game(client, players=4, seed="old-signals", target=1)
    await game.play_out()
    export = ok(await client.get(f"{game.url}/export"))
    entries = export["entries"]
    # Before signals were kept beside the log, each one was an entry of its own.
    old = {"seq": 2, "type": "signal", "time": entries[1]["time"], "seat": 1, "move": None,
           "signal": "guindis", "game": None, "events": [], "prev_hash": "", "state_hash": None,
           "salt": "00" * 16, "hash": ""}  # fmt: skip
    entries.insert(1, old)
    for seq, entry in enumerate(entries, start=1):
        entry["seq"] = seq
    rechain(entries)

    report = audit_entries(entries)

    assert report.ok, report.failure
    assert report.entries == len(entries)


async def test_a_chosen_seeds_salt_is_checked_against_the_commitment(client: Client) -> None:
    game = await create_game(client, seed="31337", target=1)
    await game.play_out()
    export = ok(await client.get(f"{game.url}/export"))
    assert audit_entries(export["entries"]).ok

    for salt in ("0" * 32, None):
        entries = json.loads(json.dumps(export["entries"]))
        entries[0]["game"]["seed_salt"] = salt
        rechain(entries)  # a forger who re-hashes the chain
        failure = audit_entries(entries).failure
        assert failure is not None
        assert (failure.seq, failure.kind) == (1, "seed")
    unsalted = json.loads(json.dumps(export["entries"]))
    del unsalted[0]["game"]["seed_salt"]
    rechain(unsalted)
    failure = audit_entries(unsalted).failure
    assert failure is not None
    assert (failure.kind, failure.reason) == ("seed", "seq 1: seed does not match seed_commitment")
