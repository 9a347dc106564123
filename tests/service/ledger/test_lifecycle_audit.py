"""The audit of a game's joins, leaves, resignation and rematch: each entry is replayed, and a
forged one is found."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from service.ledger.audit import audit_entries
from tests.harness.api import Json, entry_hash, ok
from tests.harness.seats import OPEN, act, create_open, invites, join, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def finished_log(client: Client) -> list[Json]:
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
    entries: list[Json] = ok(await client.get(f"/v1/games/{game_id}/log"))["entries"]
    return entries


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
