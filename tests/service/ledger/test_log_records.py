"""The compact records: the entries derived from them are the entries written, hash for hash."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.shuffle import commitment
from service.ledger.chain import GENESIS, GameInfo, LogEntry, SentSignal, sealed
from service.ledger.log import (
    Cursor,
    Opening,
    Step,
    decode_opening,
    decode_step,
    encode,
    iso,
    next_entry,
    records_of,
    salt_of,
)


def written(seed: str, players: int) -> tuple[list[LogEntry], list[bytes]]:
    """A random match logged the way the service writes it (`next_entry`), and its records."""
    rules = engine.make_rules("escopa", {"players": players})
    info = GameInfo(
        rules=rules, players=tuple("ABCD"[:players]), seed=seed, seed_commitment=commitment(seed)
    )
    opening = Opening(info, 1_790_000_000_000, b"k" * 16)
    cursor, first = Cursor.opening(opening)
    assert first is not None
    entries, records = [first], [encode(opening)]
    rng = random.Random(seed)
    state = cursor.state
    while state.status != "finished":
        seat = engine.current_seat(state)
        assert seat is not None
        move = rng.choice(engine.legal_moves(state, seat))
        state, events = engine.apply(state, seat, move)
        finished = state.status == "finished"
        signals = (SentSignal(seat=0, signal="seven", after=3, time=iso(5)),) if finished else ()
        step = Step(seat, str(move), rng.randrange(0, 90_000), signals)
        entry = next_entry(cursor, step, state, tuple(events))
        cursor.step(step)
        assert cursor.hash == entry.hash
        entries.append(entry)
        records.append(encode(step))
    return entries, records


def derived(records: list[bytes]) -> list[LogEntry]:
    cursor, first = Cursor.opening(decode_opening(records[0]))
    assert first is not None
    steps = [cursor.step(decode_step(record)) for record in records[1:]]
    return [first, *(entry for entry in steps if entry is not None)]


@settings(max_examples=8, deadline=None)
@given(seed=st.text(min_size=1, max_size=12), players=st.sampled_from([2, 3, 4]))
def test_a_match_replayed_from_its_records_gives_back_every_entry_written(
    seed: str, players: int
) -> None:
    entries, records = written(seed, players)

    assert derived(records) == entries
    assert entries[-1].signals != msgspec.UNSET, "the entry that ends the match keeps signals"


def test_a_record_is_a_few_bytes_and_the_opening_a_few_hundred() -> None:
    _, records = written("small", 2)

    steps = records[1:]
    assert max(len(record) for record in steps[:-1]) <= 40
    assert sum(len(record) for record in steps) / len(steps) < 12
    assert len(records[0]) < 700


def test_a_replay_without_hashes_reaches_the_same_state_and_time() -> None:
    entries, records = written("state", 2)
    hashed, _ = Cursor.opening(decode_opening(records[0]))
    plain, none = Cursor.opening(decode_opening(records[0]), hashed=False)
    for record in records[1:]:
        hashed.step(decode_step(record))
        assert plain.step(decode_step(record), hashed=False) is None

    assert none is None
    assert plain.state == hashed.state
    assert (plain.seq, plain.ms) == (hashed.seq, hashed.ms) == (len(entries), plain.ms)
    assert hashed.hash == entries[-1].hash


@given(ms=st.integers(min_value=0, max_value=253_402_300_799_999))
def test_a_time_in_milliseconds_reads_as_the_iso_text_the_log_always_wrote(ms: int) -> None:
    text = (datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ms)).isoformat(
        timespec="milliseconds"
    )
    assert iso(ms) == text.replace("+00:00", "Z")


def test_salts_are_32_hex_characters_that_differ_per_entry_and_per_key() -> None:
    salts = {salt_of(b"a" * 16, seq) for seq in range(1, 500)}
    others = {salt_of(b"b" * 16, seq) for seq in range(1, 500)}

    assert len(salts) == 499
    assert not salts & others
    assert all(len(salt) == 32 and int(salt, 16) >= 0 for salt in salts)
    assert salt_of(b"a" * 16, 7) == salt_of(b"a" * 16, 7)


def test_full_entries_convert_to_records_with_their_own_salts_that_replay_into_them() -> None:
    entries, _ = written("convert", 2)
    salted: list[LogEntry] = []
    for entry in entries:  # salts of their own (as random ones were), the chain sealed again
        prev = salted[-1].hash if salted else GENESIS
        salted.append(
            sealed(msgspec.structs.replace(entry, salt=f"{entry.seq:032x}", prev_hash=prev))
        )

    assert derived(records_of(salted)) == salted


def test_full_entries_that_do_not_replay_have_no_records() -> None:
    entries, _ = written("refused", 2)
    seat = entries[5].seat
    assert seat is not None
    moved = msgspec.structs.replace(entries[5], seat=1 - seat)
    late = msgspec.structs.replace(entries[5], time="2026-01-01T00:00:00Z")
    signal = msgspec.structs.replace(entries[5], type="signal", move=None, signal="seven")

    for changed, reason in ((moved, "entry 6"), (late, "not in the log's form"),
                            (signal, "no compact form")):  # fmt: skip
        with pytest.raises(ValueError, match=reason):
            records_of([*entries[:5], changed, *entries[6:]])
