"""The audit of a timed-out game: its times checked against the deadlines it replays, so a
log whose times were rewritten (and its hashes sealed again) is refused as a `clock` fault."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from service.ledger.audit import audit_entries
from tests.harness.api import Client, entry_hash, ok
from tests.harness.audits import escopa, replay_body
from tests.harness.clocks import applied, ms, started

Json = dict[str, Any]


def at(milliseconds: int) -> str:
    """A time in the log's form."""
    moment = datetime.fromtimestamp(milliseconds / 1000, UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def resealed(entries: list[Json], seq: int, **changes: Any) -> list[Json]:
    """The log with entry `seq` changed and every hash from it on computed again."""
    forged = copy.deepcopy(entries)
    forged[seq - 1].update(changes)
    for index in range(seq - 1, len(forged)):
        if index:
            forged[index]["prev_hash"] = forged[index - 1]["hash"]
        forged[index]["hash"] = entry_hash(forged[index])
    return forged


async def timed_out_log(client: Client) -> list[Json]:
    """A forfeit-clocked game: a move, the other seat's move in time, then a timeout."""
    game, view = await started(client, "forfeit")
    seat = view["turn"]
    ok(await game.move(seat, move=(await game.legal(seat))[0]["id"]))
    await applied(game, await game.view())
    entries: list[Json] = ok(await client.get(f"{game.url}/export"))["entries"]
    assert [entry["type"] for entry in entries] == ["created", "move", "move", "timeout"]
    return entries


async def test_a_timed_out_game_audits_and_its_forged_times_do_not(client: Client) -> None:
    entries = await timed_out_log(client)
    assert audit_entries(entries).ok
    timeout = entries[3]

    early = resealed(entries, 4, time=at(ms(timeout["deadline"]) - 1))
    failure = audit_entries(early).failure
    assert failure is not None and (failure.seq, failure.kind, failure.field) == (
        4,
        "clock",
        "time",
    )

    moved = at(ms(timeout["deadline"]) - 5)
    other = resealed(entries, 4, deadline=moved)
    failure = audit_entries(other).failure
    assert failure is not None and (failure.kind, failure.field) == ("clock", "deadline")

    late = resealed(entries, 3, time=at(ms(entries[1]["time"]) + 1500))
    failure = audit_entries(late).failure
    assert failure is not None and (failure.seq, failure.kind, failure.field) == (
        3,
        "clock",
        "time",
    )


async def test_a_timeout_that_claims_to_abort_a_started_game_does_not_replay(
    client: Client,
) -> None:
    entries = await timed_out_log(client)
    forged = resealed(entries, 4, move="abort")
    failure = audit_entries(forged).failure
    assert failure is not None and (failure.seq, failure.kind, failure.field) == (
        4,
        "clock",
        "move",
    )
    assert "aborts only before any person's move" in failure.reason


@pytest.mark.parametrize("policy", ["forfeit", "first_move"])
async def test_a_timed_out_game_replays_to_the_audits_replay_hash(
    client: Client, policy: str, tmp_path: Path
) -> None:
    game, view = await started(client, policy)
    after = await applied(game, view)
    if after["status"] != "finished":
        ok(await client.post(f"{game.url}/resign", headers=game.auth(after["turn"])))
    export = ok(await client.get(f"{game.url}/export"))
    assert "timeout" in [e["type"] for e in export["entries"]]
    audit = ok(await client.get(f"{game.url}/audit"))

    replayed = ok(await client.post("/v1/replays", json=replay_body(export)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    done = escopa("replay", str(path))

    assert replayed["replay_hash"] == audit["replay_hash"]
    assert replayed["state_hash"] == export["entries"][-1]["state_hash"]
    assert done.returncode == 0, done.stdout
    assert "every state hash matches the log" in done.stdout
