"""Strength and speed of the bot levels: duplicate matches between levels, engine alone.

Every deal is played twice with the seats swapped (the same seed, so the same deck in every
round), so the luck of the cards cancels out. For each pairing it prints the matches played,
the first level's match win rate, its points-per-round margin with a 95% confidence interval
(over the deals, each deal's two matches together), and the first level's think time per move
(CPU time of the deciding thread: p50, p95, max). Pairings: greedy against random, expert
against greedy, expert against expert with a quarter of the budget, in 2-player escopa and
escoba; in 4-player escopa (partnerships) the same and signalling experts against experts
that neither send nor use signals.

Usage: `python bench/bots.py [--matches N] [--four N] [--budget B] [--jobs J] [--only TEXT]`
(N deals per 2-player pairing, so 2N matches; the full default run takes about an hour on
one core).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

# This file is named bots.py: drop its own folder from the path so `bots` is the package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import msgspec  # noqa: E402

import engine  # noqa: E402
from bots import DEFAULT_BUDGET, Knowledge, Level, level  # noqa: E402
from bots.table import play_match  # noqa: E402
from engine.views import View  # noqa: E402
from service.cli.progress import track  # noqa: E402


class Pairing(NamedTuple):
    """Two players (level names, `silent`: an expert without signals) and their budgets."""

    setting: str
    first: str
    second: str
    first_budget: int
    second_budget: int


class Deal(NamedTuple):
    """One deal's two matches, from the first player's side: wins, round margins, think times."""

    wins: int
    margin: int
    rounds: int
    thinks: list[float]


SETTINGS = {
    "escopa 2p": ("escopa", 2),
    "escoba 2p": ("escoba", 2),
    "escopa 4p": ("escopa", 4),
}


def silent() -> Level:
    """An expert that sends no signals and ignores those it receives."""
    expert = level("expert")

    def deaf(known: Knowledge) -> Knowledge:
        return msgspec.structs.replace(known, signals=())

    return Level(
        "silent",
        lambda v, k, r, b: expert.choose(v, deaf(k), r, b),
        lambda v, k, r, b: expert.evaluate(v, deaf(k), r, b),
        lambda v, k: (),
    )


def player(name: str, thinks: list[float] | None) -> Level:
    """A level by name, its decisions timed into `thinks` when given."""
    found = silent() if name == "silent" else level(name)
    if thinks is None:
        return found
    choose = found.choose

    def timed(seen: View, known: Knowledge, rng: object, budget: int) -> engine.Move:
        began = time.thread_time()
        move = choose(seen, known, rng, budget)  # type: ignore[arg-type]
        if seen.status == "playing":
            thinks.append(time.thread_time() - began)
        return move

    return found._replace(choose=timed)  # type: ignore[arg-type]


def play_deal(job: tuple[Pairing, int]) -> Deal:
    """Both matches of deal `index`: the first player on side 0, then on side 1."""
    pairing, index = job
    preset, players = SETTINGS[pairing.setting]
    rules = engine.make_rules(preset, {"players": players})
    wins = margin = rounds = 0
    thinks: list[float] = []
    for first_side in (0, 1):
        seats = []
        budgets = []
        for seat in range(players):
            mine = seat % 2 == first_side
            seats.append(player(pairing.first, thinks) if mine else player(pairing.second, None))
            budgets.append(pairing.first_budget if mine else pairing.second_budget)
        state, opening = engine.start(rules, f"bench-bots-{preset}-{players}-{index}")
        final, _ = play_match(state, seats, budgets, opening)
        assert final.outcome is not None
        wins += final.outcome.winner == first_side
        for score in final.rounds:
            margin += score.sides[first_side].total - score.sides[1 - first_side].total
            rounds += 1
    return Deal(wins, margin, rounds, thinks)


def report(pairing: Pairing, deals: Sequence[Deal], seconds: float) -> str:
    """One line of the table."""
    matches = 2 * len(deals)
    wins = sum(d.wins for d in deals)
    per_deal = [d.margin / d.rounds for d in deals]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(deals)) if len(deals) > 1 else 0.0
    thinks = sorted(t for d in deals for t in d.thinks)

    def at(q: float) -> float:
        return 1000 * thinks[min(len(thinks) - 1, int(q * len(thinks)))]

    first = f"{pairing.first}" + ("/4" if pairing.first_budget < pairing.second_budget else "")
    second = f"{pairing.second}" + ("/4" if pairing.second_budget < pairing.first_budget else "")
    return (
        f"{pairing.setting:<10} {first + ' v ' + second:<22} {matches:>7}"
        f" {100 * wins / matches:>6.1f}%"
        f" {mean:>+7.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
        f" {at(0.5):>7.1f} {at(0.95):>6.1f} {1000 * thinks[-1]:>6.1f}  {seconds:>6.0f}s"
    )


def pairings(budget: int, matches: int, four: int) -> list[tuple[Pairing, int]]:
    """Every pairing with its number of deals."""
    found = []
    for setting in SETTINGS:
        deals = four if setting.endswith("4p") else matches
        found += [
            (Pairing(setting, "greedy", "random", budget, budget), deals),
            (Pairing(setting, "expert", "greedy", budget, budget), deals),
            (Pairing(setting, "expert", "expert", budget, budget // 4), deals),
        ]
        if setting.endswith("4p"):
            found.append((Pairing(setting, "expert", "silent", budget, budget), deals))
    return found


def main() -> None:
    """Parse the options, play every pairing, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="deals per 2-player pairing")
    parser.add_argument("--four", type=int, default=50, help="deals per 4-player pairing")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="expert nodes/move")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing deals")
    parser.add_argument("--only", default="", help="only pairings whose line contains this")
    args = parser.parse_args()
    print(
        f"bot levels, duplicate matches: python {platform.python_version()}, "
        f"expert budget {args.budget} nodes per move, {args.jobs} process(es)"
    )
    print(
        f"{'setting':<10} {'pairing':<22} {'matches':>7} {'wins':>7} {'margin/round [95% CI]':>24}"
        f" {'p50 ms':>7} {'p95':>6} {'max':>6}  {'time':>7}"
    )
    chosen = [
        (p, n)
        for p, n in pairings(args.budget, args.matches, args.four)
        if args.only in f"{p.setting} {p.first} v {p.second}" and n > 0
    ]
    with multiprocessing.Pool(args.jobs) as pool:
        for pairing, deals in chosen:
            began = time.perf_counter()
            jobs = pool.imap(play_deal, [(pairing, i) for i in range(deals)], chunksize=1)
            name = f"{pairing.setting} {pairing.first} v {pairing.second}"
            played = list(track(jobs, deals, name, "deals"))
            print(report(pairing, played, time.perf_counter() - began), flush=True)


if __name__ == "__main__":
    main()
