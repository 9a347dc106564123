"""The whole deployment under faults, once and short: two `escopa serve` (bot worker off), two
`escopa bots`, a webhook receiver, a Redis Cluster of 3 masters and 3 replicas and a PostgreSQL
archive, all real processes on loopback, under a mixed load (people against bots, rated games,
a rated tournament of people and bots, webhooks on) while a fault of each kind is dealt in
turn. Then everything is read back: no promise broken (tests/harness/whole_checks.py).
`bench/faults.py` runs the same at length."""

from __future__ import annotations

from pathlib import Path

from tests.harness.deployment import FAULTS
from tests.harness.mixed_load import Shape
from tests.harness.whole_run import Plan, run_whole

SHORT = Plan(
    seconds=30, moves=300, gap=6, shape=Shape(people=3, rated_pairs=1, tournament_people=2)
)
"""About a minute of load: every fault kind once (each 6 s after the one before ends)."""


async def test_every_promise_holds_through_a_fault_of_each_kind(tmp_path: Path) -> None:
    figures = await run_whole(tmp_path / "run", SHORT)

    assert figures.violations == [], "\n".join(figures.dealt + figures.violations)
    assert set(figures.faults) == set(FAULTS)
    assert figures.acknowledged >= SHORT.moves
    checked = figures.checked
    assert figures.tournaments >= 1 and checked.settlements > 0
    assert checked.deliveries > checked.finished > 0
    assert figures.answers[500] == 0
