"""The fault run's checker finds what it must: each judgement of tests/harness/whole_checks.py
and tests/harness/key_lifetimes.py, given a broken promise, names it (and a kept one passes)."""

from __future__ import annotations

import time

from service.core.webhooks.webhook_events import signature
from service.settings import Settings
from tests.harness.key_lifetimes import Key, Lifetimes
from tests.harness.mixed_load import Ack, Played
from tests.harness.whole_checks import (
    Checker,
    expected_events,
    rated_tables,
    tournament_events,
    verify_at,
)

DAY_MS = 24 * 3600 * 1000


def entry(seq: int, kind: str = "move") -> dict[str, object]:
    return {"seq": seq, "type": kind, "seat": seq % 2, "move": f"m{seq}"}


def test_every_entry_of_a_game_is_told_in_order_from_its_start_to_its_end() -> None:
    entries = [entry(1, "created"), entry(2), entry(3, "timeout"), entry(4)]
    told = [expected_events(e, len(entries)) for e in entries]
    assert told == [["game.started", "turn"], ["turn"], ["timeout", "turn"], ["game.finished"]]


def test_an_acknowledged_move_missing_or_replaced_in_its_log_is_named() -> None:
    log = [entry(1, "created"), entry(2), entry(3)]
    kept = Played("g", ["t"], acks=[Ack(2, 0, "m2"), Ack(3, 1, "m3")])
    assert Checker.acknowledged(kept, log) == []
    lost = Played("g", ["t"], acks=[Ack(3, 1, "other"), Ack(4, 0, "m4")])
    assert len(Checker.acknowledged(lost, log)) == 2


def test_a_tournament_tells_a_start_per_round_a_result_per_table_played_and_its_end() -> None:
    record = {
        "tournament_id": "t1",
        "rated": {"players": ["p-0", "p-1", "bot:random"]},
        "rounds": [
            {"round": 1, "tables": [{"a": 2}, {"a": 1, "b": 0}]},
            {"round": 2, "tables": [{"a": 0, "b": 2}, {"a": 1}]},
        ],
    }
    told = tournament_events(record)
    assert told == {"round.started": 2, "table.result": 2, "tournament.finished": 1}
    assert sorted(rated_tables(record)) == [
        ("bot:random", "t1.r2.t0"),
        ("p-0", "t1.r1.t1"),
        ("p-0", "t1.r2.t0"),
        ("p-1", "t1.r1.t1"),
    ]


def test_a_delivery_counts_only_signed_with_its_secret_and_fresh_when_it_came() -> None:
    body = b'{"type":"turn"}'
    now = int(time.time())
    header = signature("whsec_a", now, body)
    assert verify_at("whsec_a", header, body, now + 1)
    assert not verify_at("whsec_b", header, body, now + 1)
    assert not verify_at("whsec_a", header, body + b" ", now + 1)
    assert not verify_at("whsec_a", header, body, now + 3600)
    assert not verify_at("whsec_a", "", body, now)


def test_a_key_that_outlives_its_lifetime_is_named_and_one_within_it_is_not() -> None:
    settings = Settings.from_env({"ESCOPA_FINISHED_TTL": "5"})
    lifetimes = Lifetimes(settings, frozenset({"aa"}))
    within = [
        Key("{g:bb}:game", 7 * DAY_MS),
        Key("{g:bb}:idem:0:k", DAY_MS),
        Key("{g:aa}:log", 30_000),
        Key("{rt:-}:p:u-1", -1),
        Key("{t:cc}:tournament", -1),
        Key("{c:dd}:commitment", 1000),
        Key("{rl:a:1}:5", 1000),
    ]
    assert [k.name for k in within if lifetimes.problem(k)] == []
    outlived = [
        Key("{g:aa}:game", 4000),  # the archive holds it: Redis should have let it go
        Key("{g:bb}:game", -1),  # a game kept for ever
        Key("{g:bb}:idem:0:k", 2 * DAY_MS),
        Key("{ar:3}:finished", -1),  # work left
        Key("{bt:0}:turns", -1),
        Key("{c:dd}:commitment", -1),
        Key("{zz}:what", -1),
    ]
    assert [k.name for k in outlived if not lifetimes.problem(k)] == []
