"""The audit of a game's joins, leaves, resignation and rematch: each entry is replayed, and a
forged one is found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.ledger.audit import audit_entries
from tests.harness.api import Json, assert_problem, entry_hash, ok
from tests.harness.audits import documented_verifier, escopa, rechain, replay_body
from tests.harness.seats import OPEN, act, create_open, invites, join, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def finished_log(client: Client) -> list[Json]:
    """The log of `whole_life`'s game."""
    game_id = await whole_life(client)
    entries: list[Json] = ok(await client.get(f"/v1/games/{game_id}/log"))["entries"]
    return entries


async def whole_life(client: Client) -> str:
    """A 3-seat game: a join, its leave, two joins (the last deals), a resignation, a rematch."""
    created = await create_open(client, ["Ana", OPEN, OPEN])
    game_id, codes = created["game_id"], invites(created)
    bia = ok(await join(client, game_id, invite=codes[1], name="Bia"))
    ok(await act(client, game_id, "leave", bia["token"]))
    owner = tokens(created)[0]
    view = ok(
        await client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {owner}"})
    )
    fresh = {i["seat"]: i["invite"] for i in view["invites"]}
    ok(await join(client, game_id, invite=fresh[1], name="Bia"))
    ok(await join(client, game_id, invite=codes[2], name="Caio"))
    ok(await act(client, game_id, "resign", owner))
    ok(await act(client, game_id, "rematch", owner))
    return game_id


def resealed(entries: list[Json], at: int, **changes: object) -> list[Json]:
    """The log with entry `at` changed and every hash from there on made again."""
    forged = [dict(e) for e in entries]
    forged[at].update(changes)
    for index in range(at, len(forged)):
        if index:
            forged[index]["prev_hash"] = forged[index - 1]["hash"]
        forged[index]["hash"] = entry_hash(forged[index])
    return forged


async def test_a_whole_life_audits_entry_by_entry(client: Client) -> None:
    entries = await finished_log(client)
    assert [e["type"] for e in entries] == [
        "created", "joined", "left", "joined", "joined", "resigned", "rematch",
    ]  # fmt: skip
    report = audit_entries(entries)
    assert report.ok, report.failure
    assert report.outcome is not None and report.outcome.result == "resigned"


async def test_a_join_of_a_seat_that_is_not_open_is_found(client: Client) -> None:
    entries = await finished_log(client)
    report = audit_entries(resealed(entries, 1, seat=0))
    assert report.failure is not None
    assert (report.failure.seq, report.failure.field) == (2, "seat")


async def test_a_forged_deal_at_the_last_join_is_found(client: Client) -> None:
    entries = await finished_log(client)
    report = audit_entries(resealed(entries, 4, events=[]))
    assert report.failure is not None
    assert (report.failure.seq, report.failure.kind) == (5, "replay")


async def test_a_resignation_by_the_wrong_side_is_found(client: Client) -> None:
    entries = await finished_log(client)
    report = audit_entries(resealed(entries, 5, seat=1))
    assert report.failure is not None
    assert (report.failure.seq, report.failure.kind) == (6, "replay")


async def test_a_rematch_entry_without_its_game_is_not_in_the_log_format(client: Client) -> None:
    entries = await finished_log(client)
    forged = resealed(entries, 6)
    del forged[6]["rematch"]
    forged[6]["hash"] = entry_hash(forged[6])
    report = audit_entries(forged)
    assert report.failure is not None and report.failure.field == "rematch"


# --- replays of a game's whole life ----------------------------------------------------------


async def lifecycle_export(client: Client, tmp_path: Path) -> tuple[Json, Path]:
    """The export of `whole_life`'s game, and the file it is written to."""
    response = await client.get(f"/v1/games/{await whole_life(client)}/export")
    assert response.status_code == 200, response.text
    path = tmp_path / "game.json"
    path.write_bytes(response.content)
    export: Json = json.loads(response.content)
    return export, path


async def test_a_replay_of_joins_and_a_resignation_reaches_the_audits_replay_hash(
    client: Client, tmp_path: Path
) -> None:
    export, _ = await lifecycle_export(client, tmp_path)
    body = replay_body(export)
    assert body["moves"] == [{"seat": 0, "move": "resign"}]
    audit = ok(await client.get(f"/v1/games/{export['game_id']}/audit"))

    replayed = ok(await client.post("/v1/replays", json=body))

    assert replayed["status"] == "finished"
    assert replayed["score"]["outcome"]["result"] == "resigned"
    assert replayed["score"]["outcome"]["resigned"] == [0]
    assert replayed["replay_hash"] == audit["replay_hash"]
    assert replayed["state_hash"] == export["entries"][5]["state_hash"]


async def test_an_abort_replays_as_a_step_with_no_winner(client: Client) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "abort", "moves": [{"seat": 1, "move": "abort"}]}

    replayed = ok(await client.post("/v1/replays", json=body))

    assert replayed["status"] == "finished"
    outcome = replayed["score"]["outcome"]
    assert (outcome["result"], outcome["winner"]) == ("aborted", None)
    assert [s["move"] for s in replayed["steps"]] == ["abort"]


async def test_an_abort_after_a_seat_played_is_refused_naming_its_index(client: Client) -> None:
    start = ok(await client.post("/v1/replays", json={"players": ["Ana", "Bia"], "seed": "x"}))
    first = start["view"]["turn"]
    card = ok(
        await client.post(
            "/v1/replays",
            json={"players": ["Ana", "Bia"], "seed": "x", "include_state": True},
        )
    )["state"]["hands"][first][0]
    body = {
        "players": ["Ana", "Bia"],
        "seed": "x",
        "moves": [{"seat": first, "move": card}, {"seat": 0, "move": "abort"}],
    }

    response = await client.post("/v1/replays", json=body)

    problem = assert_problem(response, 422, "replay/illegal_move")
    assert problem["index"] == 1
    assert "abort/too_late" in problem["detail"]


async def test_escopa_replay_checks_an_export_from_joins_to_resignation(
    client: Client, tmp_path: Path
) -> None:
    _, path = await lifecycle_export(client, tmp_path)

    done = escopa("replay", str(path))

    assert done.returncode == 0, done.stdout
    assert "every state hash matches the log" in done.stdout


async def test_escopa_replay_says_a_game_aborted_while_waiting_has_nothing_to_replay(
    client: Client, tmp_path: Path
) -> None:
    created = await create_open(client, ["Ana", OPEN])
    ok(await act(client, created["game_id"], "abort", tokens(created)[0]))
    path = tmp_path / "aborted.json"
    path.write_bytes((await client.get(f"/v1/games/{created['game_id']}/export")).content)

    done = escopa("replay", str(path))

    assert done.returncode == 1
    assert "nothing was dealt" in done.stdout


async def test_the_documented_verifier_accepts_a_game_from_joins_to_resignation(
    client: Client, tmp_path: Path
) -> None:
    export, _ = await lifecycle_export(client, tmp_path)

    assert documented_verifier()["verify"](export) == export["entries"][-1]["hash"]


async def test_the_documented_verifier_finds_a_forged_deal_at_the_last_join(
    client: Client, tmp_path: Path
) -> None:
    export, _ = await lifecycle_export(client, tmp_path)
    dealt = next(e for e in export["entries"][4]["events"] if e["type"] == "dealt")
    dealt["hands"][0], dealt["hands"][1] = dealt["hands"][1], dealt["hands"][0]
    rechain(export["entries"])

    with pytest.raises(AssertionError) as caught:
        documented_verifier()["verify"](export)

    assert str(caught.value).startswith("seq 5: round 1 hand 1: hands")
