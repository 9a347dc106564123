"""`escopa simulate` as a separate process: the strength table adds up, its intervals hold
their rates, a seed gives the same table on one process or two, and the progress bar."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.harness.audits import escopa


def simulate(*args: str) -> dict[str, Any]:
    done = escopa("simulate", "--json", *args)
    assert done.returncode == 0, done.stderr
    table: dict[str, Any] = json.loads(done.stdout)
    return table


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    return simulate("--games", "12", "--bots", "greedy,random", "--seed", "t", "--jobs", "2")


def test_every_level_plays_every_match_and_wins_draws_and_losses_add_up(
    table: dict[str, Any],
) -> None:
    rows = table["levels"]
    assert [r["name"] for r in rows] == ["greedy", "random"]
    assert all(r["games"] == 12 for r in rows)
    assert sum(r["wins"] for r in rows) + rows[0]["draws"] == 12
    assert rows[0]["draws"] == rows[1]["draws"]


def test_every_rate_lies_in_0_1_inside_its_interval(table: dict[str, Any]) -> None:
    for row in table["levels"]:
        low, high = row["win_interval"]["low"], row["win_interval"]["high"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert row["win_rate"] == row["wins"] / row["games"]
        margin = row["margin_interval"]
        assert margin["low"] <= row["margin"] <= margin["high"]


def test_the_margins_of_two_levels_are_opposite(table: dict[str, Any]) -> None:
    first, second = table["levels"]
    assert first["margin"] == pytest.approx(-second["margin"])


def test_greedy_beats_random_beyond_doubt(table: dict[str, Any]) -> None:
    greedy = table["levels"][0]
    assert greedy["win_interval"]["low"] > 0.5
    assert greedy["margin_interval"]["low"] > 0


def test_the_same_seed_gives_the_same_table_on_one_process(table: dict[str, Any]) -> None:
    again = simulate("--games", "12", "--bots", "greedy,random", "--seed", "t", "--jobs", "1")
    assert again == table


def test_another_seed_deals_other_matches(table: dict[str, Any]) -> None:
    other = simulate("--games", "12", "--bots", "greedy,random", "--seed", "u", "--jobs", "1")
    assert other["seed"] == "u"
    assert other["levels"] != table["levels"]


def test_four_players_in_partnerships_with_an_expert_side() -> None:
    table = simulate("--games", "2", "--bots", "expert,greedy", "--players", "4", "--budget", "40")
    assert table["players"] == 4
    assert [r["games"] for r in table["levels"]] == [2, 2]


def test_the_text_table_has_a_line_per_level_with_its_rate_and_intervals() -> None:
    done = escopa("simulate", "--games", "4", "--bots", "greedy,random,greedy", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("4 matches of escopa, 2 players, seed 'simulate'")
    assert lines[1].split() == [
        "level",
        "games",
        "wins",
        "draws",
        "win",
        "rate",
        "[95%",
        "CI]",
        "margin",
        "[95%",
        "CI]",
    ]
    rows = [line.split()[0] for line in lines[2:]]
    assert rows == ["greedy#1", "random", "greedy#2"]
    number = r"[+-]\d+\.\d\d"
    for line in lines[2:]:
        assert re.search(
            rf"\d+\.\d% \[\d+\.\d%, \d+\.\d%\] +{number}( \[{number}, {number}\])?$", line
        ), line
    assert done.stderr == ""  # stderr is not a terminal: no bar


def test_a_forced_progress_bar_shows_the_count_rate_and_time_left() -> None:
    done = escopa(
        "simulate", "--games", "3", "--bots", "greedy,random", "--jobs", "1", "--progress"
    )
    assert done.returncode == 0, done.stderr
    assert "3/3" in done.stderr
    assert re.search(r"\d+\.\d games/(s|min)", done.stderr)
    assert "left" in done.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bots", "expert"], "two levels or more"),
        (["--bots", "expert,wizard"], "unknown bot level 'wizard'; known: random, greedy, expert"),
        (["--games", "0"], "--games must be 1 or more"),
        (["--players", "5"], "5 players cannot play"),
        (["--preset", "poker"], "unknown preset 'poker'"),
    ],
)
def test_a_bad_option_exits_2_saying_why(args: list[str], said: str) -> None:
    done = escopa("simulate", *args)
    assert done.returncode == 2
    assert said in done.stderr
    assert done.stdout == ""
