"""The archive's contract, the same for both stores: put, get, history by player and by key,
newest first; idempotent by game id (a later version replaces an earlier one, never the
reverse); the schema migrated by itself once."""

from __future__ import annotations

import msgspec

from service.ledger.signatures import HeadSignature
from service.ledger.stored_game import Body
from service.store.archive.opening import open_archive
from service.store.archive.record import Archive, ArchivedGame, Summary, pack, unpack

SIGNED = HeadSignature(key_id="k1", signature="c2ln")


def archived(
    game_id: str,
    finished: int,
    players: tuple[str, ...] = ("Ana", "Bia"),
    key: str | None = None,
    version: int = 40,
) -> ArchivedGame:
    summary = Summary(
        game_id=game_id,
        version=version,
        preset="escopa",
        players=players,
        key=key,
        created_ms=finished - 60_000,
        finished_ms=finished,
        outcome="won:0",
    )
    records = tuple(f"record {n} of {game_id}".encode() for n in range(version))
    body = Body(version, f"head-{version}", SIGNED, records, b"meta", b"", b"")
    return ArchivedGame(summary=summary, body=body)


async def test_a_game_put_is_got_back_as_it_was(archive: Archive) -> None:
    game = archived("g1", 1_000_000)
    assert await archive.put(game) is True
    assert await archive.get("g1") == game
    assert await archive.get("missing") is None
    assert await archive.count() == 1


async def test_putting_the_same_game_twice_keeps_it_once(archive: Archive) -> None:
    game = archived("g1", 1_000_000)
    assert await archive.put(game) is True
    assert await archive.put(game) is False
    assert await archive.count() == 1
    assert len(await archive.history(player="Ana")) == 1


async def test_a_later_version_replaces_an_earlier_one_and_never_the_reverse(
    archive: Archive,
) -> None:
    await archive.put(archived("g1", 1_000_000, version=40))
    assert await archive.put(archived("g1", 2_000_000, ("Ana", "Caio"), version=41)) is True
    assert await archive.put(archived("g1", 3_000_000, version=39)) is False
    found = await archive.get("g1")
    assert found is not None and found.body.version == 41
    assert [s.game_id for s in await archive.history(player="Caio")] == ["g1"]
    assert await archive.history(player="Bia") == []


async def test_a_players_history_is_newest_first_and_pages_by_time(archive: Archive) -> None:
    for n in range(5):
        await archive.put(archived(f"g{n}", 1_000_000 + n, ("Ana", f"P{n}")))
    await archive.put(archived("other", 2_000_000, ("Bia", "Caio")))
    page = await archive.history(player="Ana", limit=3)
    assert [s.game_id for s in page] == ["g4", "g3", "g2"]
    rest = await archive.history(player="Ana", before=page[-1].finished_ms, limit=3)
    assert [s.game_id for s in rest] == ["g1", "g0"]
    assert page[0].players == ("Ana", "P4") and page[0].outcome == "won:0"


async def test_a_keys_history_lists_only_the_games_it_created(archive: Archive) -> None:
    await archive.put(archived("a", 1_000_001, key="key-a"))
    await archive.put(archived("b", 1_000_002, key="key-b"))
    await archive.put(archived("c", 1_000_003, key="key-a"))
    assert [s.game_id for s in await archive.history(key="key-a")] == ["c", "a"]
    assert [s.game_id for s in await archive.history()] == ["c", "b", "a"]


async def test_every_id_is_walked_in_order(archive: Archive) -> None:
    for name in ("c", "a", "b"):
        await archive.put(archived(name, 1_000_000))
    assert await archive.ids("", 2) == ["a", "b"]
    assert await archive.ids("b", 2) == ["c"]


async def test_opening_an_archive_again_keeps_its_games_and_migrates_nothing_twice(
    archive: Archive, archive_url: str
) -> None:
    await archive.put(archived("g1", 1_000_000))
    again = await open_archive(archive_url)
    assert again is not None
    try:
        assert await again.get("g1") == archived("g1", 1_000_000)
    finally:
        await again.close()


def test_a_body_is_stored_compressed_when_that_pays_and_read_back_either_way() -> None:
    body = archived("g1", 1).body
    packed = pack(body)
    assert packed[:1] in (b"z", b"1") and unpack(packed) == body
    assert len(packed) < len(msgspec.msgpack.encode(body))
    tiny = Body(1, "h", SIGNED, (b"\x01",), b"m")
    assert pack(tiny)[:1] == b"m" and unpack(pack(tiny)) == tiny
