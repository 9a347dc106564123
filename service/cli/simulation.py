"""`escopa simulate`: matches between bot levels played offline (the engine and the bots, no
server), on several processes, and the strength table of each level."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from functools import partial
from typing import TextIO

import msgspec

from bots.levels import LEVELS
from bots.strength import Match, Strength, simulate, strengths
from engine.errors import RulesError
from engine.rules import Rules, make_rules, side_count
from service.cli.progress import progress


class Table(msgspec.Struct, frozen=True, kw_only=True):
    """What `escopa simulate --json` prints: the settings, and each level's strength."""

    preset: str
    players: int
    games: int
    seed: str
    budget: int
    levels: list[Strength]


def matches(
    rules: Rules, names: Sequence[str], budget: int, seed: str, games: int, jobs: int
) -> Iterator[Match]:
    """Every match, in the order they finish (on `jobs` processes when more than one)."""
    play = partial(simulate, rules, names, budget, seed)
    if jobs <= 1:
        yield from map(play, range(games))
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap_unordered(play, range(games))


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play the matches (with a progress bar) and print the table; 2 on a bad option."""
    out = out or sys.stdout
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    try:
        rules = make_rules(args.preset, {"players": args.players})
        problem = _refused(names, args.games, rules)
    except RulesError as error:
        problem = str(error)
    if problem:
        print(f"escopa simulate: {problem}", file=sys.stderr)
        return 2
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, args.games))
    played: list[Match] = []
    try:
        with progress(args.games, "simulate", "games", args.progress) as advance:
            for match in matches(rules, names, args.budget, args.seed, args.games, jobs):
                played.append(match)
                advance(1)
    except KeyboardInterrupt:
        print(f"escopa simulate: interrupted after {len(played)} matches", file=sys.stderr)
        return 130
    played.sort(key=lambda m: m.game)
    table = Table(
        preset=args.preset,
        players=args.players,
        games=args.games,
        seed=args.seed,
        budget=args.budget,
        levels=strengths(names, played),
    )
    if args.json:
        out.write(msgspec.json.format(msgspec.json.encode(table)).decode() + "\n")
    else:
        out.write(text(table, names))
    return 0


def _refused(names: Sequence[str], games: int, rules: Rules) -> str | None:
    """Why these options cannot run, or None."""
    unknown = [n for n in names if n not in LEVELS]
    if unknown:
        return f"unknown bot level {unknown[0]!r}; known: {', '.join(LEVELS)}"
    if len(names) < 2:
        return "--bots needs two levels or more, comma-separated (a level may repeat)"
    if games < 1:
        return "--games must be 1 or more"
    if side_count(rules) < 2:
        return "the rules must have two sides or more"
    return None


def text(table: Table, names: Sequence[str]) -> str:
    """The strength table as text, one line per level."""
    budget = f", expert budget {table.budget} nodes a move" if "expert" in names else ""
    lines = [
        f"{table.games} matches of {table.preset}, {table.players} players, seed "
        f"{table.seed!r}{budget}; each deal played once per seating of the {len(names)} levels",
        f"{'level':<12} {'games':>6} {'wins':>6} {'draws':>6}  {'win rate [95% CI]':<24}"
        " margin [95% CI]",
    ]
    for row in table.levels:
        low, high = row.win_interval.low, row.win_interval.high
        rate = f"{_percent(row.win_rate)} [{_percent(low)}, {_percent(high)}]"
        margin = f"{row.margin:+.2f}"
        if row.margin_interval is not None:
            margin += f" [{row.margin_interval.low:+.2f}, {row.margin_interval.high:+.2f}]"
        lines.append(
            f"{row.name:<12} {row.games:>6} {row.wins:>6} {row.draws:>6}  {rate:<24} {margin}"
        )
    return "\n".join(lines) + "\n"


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `simulate` command's options."""
    from bots import DEFAULT_BUDGET
    from service.cli.progress import add_option

    sim = commands.add_parser(
        "simulate", help="play matches between bot levels offline and print their strength"
    )
    sim.add_argument("--games", type=int, default=100, help="matches to play (default 100)")
    sim.add_argument(
        "--bots",
        default="expert,greedy",
        help=f"the levels that play, comma-separated ({', '.join(LEVELS)}; default "
        "expert,greedy); each side of a match is one level, rotating from match to match",
    )
    sim.add_argument("--preset", default="escopa", help="the rules preset (default escopa)")
    sim.add_argument(
        "--players", type=int, default=2, help="2, 3 or 4 (4: two partnerships; default 2)"
    )
    sim.add_argument("--seed", default="simulate", help="the seed of the deals (default simulate)")
    sim.add_argument(
        "--budget",
        type=int,
        default=DEFAULT_BUDGET,
        help=f"the expert's search nodes per move (default {DEFAULT_BUDGET})",
    )
    sim.add_argument(
        "--jobs", type=int, default=0, help="processes playing matches (default: one per core)"
    )
    sim.add_argument("--json", action="store_true", help="print the table as JSON")
    add_option(sim)
    sim.set_defaults(handler=run)
