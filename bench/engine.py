"""Benchmark of the Escopa engine: random self-play of full matches, through the public API only.

What it measures, all in one run so that the ratios compare like with like:

1. Self-play: 2-player matches played to the target (the escopa preset in full, escoba and
   escova briefly). A seeded `random.Random` picks each move among `engine.legal_moves`, and
   `engine.apply` plays it (a due deal is applied as `Deal()`). Reported as matches per second
   and moves per second (a move is one `apply`).
2. Baselines on the states visited by a few escopa matches:
   - the random player alone: `legal_moves` + `choice` without `apply`, i.e. the player's share
     of the self-play cost;
   - a naive legal-move generator that enumerates every subset of the table with
     `itertools.combinations` (2^n subsets per hand card), the blind search that the engine's
     subset-sum search replaces. It must list exactly the engine's moves, in the same order.
3. Legal-move generation on a crowded table (12 and 16 cards, a 3-card hand), naive against the
   engine: the engine cold (each table seen for the first time) and warm (seen before).

4. With `--baseline PATH` (a folder holding another checkout's `engine/`) or `--baseline-rev
   REV` (that commit's `engine/`, taken with `git archive`), both engines side by side:
   `bench/self_play.py` runs each in its own process, in turn (the order swapped every round),
   for `--rounds` rounds: self-play moves per second and `legal_moves` on crowded tables, each
   engine's median and the median of the rounds' ratios (new / baseline).

Times are CPU seconds of this process (`time.process_time`), so other load on the machine skews
them less. Usage: `python bench/engine.py [--matches N] [--seed S] [--baseline-rev 07966cf]`
(10-30 s by default, about a minute more with a baseline).
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# This file is named engine.py: drop its own folder from the path so `engine` is the package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import msgspec  # noqa: E402

import engine  # noqa: E402
from engine import Claim, Move, Play, Rules, State  # noqa: E402
from service.cli.progress import track  # noqa: E402

RANKS = "A234567QJK"
SUITS = "CDHS"
DECK = [rank + suit for suit in SUITS for rank in RANKS]
"""docs/rules.md's canonical deck order, rebuilt here so the naive generator owes nothing to it."""
ORDER = {card: i for i, card in enumerate(DECK)}
VALUE = {card: RANKS.index(card[0]) + 1 for card in DECK}


def play_match(rules: Rules, seed: str, rng: random.Random, seen: list[State] | None) -> int:
    """Play one match with random legal moves; return the number of moves applied."""
    state, _ = engine.start(rules, seed)

    def choose(state: State, seat: int) -> Move:
        if seen is not None and state.status == "playing":
            seen.append(state)
        return rng.choice(engine.legal_moves(state, seat))

    return len(engine.play_out(state, choose)[1])


def self_play(preset: str, matches: int, seed: int) -> tuple[int, float]:
    """Play `matches` 2-player matches of a preset; return the moves applied and the seconds."""
    rules = engine.make_rules(preset, {"players": 2})
    rng = random.Random(seed)
    moves = 0
    began = time.process_time()
    for i in track(range(matches), matches, f"self-play {preset}", "matches"):
        moves += play_match(rules, f"bench-{seed}-{preset}-{i}", rng, None)
    return moves, time.process_time() - began


def naive_captures(table: Sequence[str], value: int) -> list[tuple[str, ...]]:
    """Every subset of the table that makes 15 with `value`, found by blind enumeration."""
    found = [
        tuple(sorted(combo, key=ORDER.__getitem__))
        for size in range(1, len(table) + 1)
        for combo in itertools.combinations(table, size)
        if sum(VALUE[c] for c in combo) + value == 15
    ]
    return sorted(found, key=lambda cards: [ORDER[c] for c in cards])


def naive_legal_moves(state: State) -> list[Move]:
    """The legal moves of the seat to act, in the engine's documented order, the naive way."""
    assert state.turn is not None
    moves: list[Move] = []
    claim = state.claim
    if claim is not None and claim.seat == state.turn:
        rest = [c for c in state.table if c != claim.card]
        for capture in naive_captures(rest, VALUE[claim.card]):
            moves.append(Claim(tuple(sorted((claim.card, *capture), key=ORDER.__getitem__))))
    hand = sorted(state.hands[state.turn], key=ORDER.__getitem__)
    options = [(card, naive_captures(state.table, VALUE[card])) for card in hand]
    discard = state.rules.capture == "optional" or not any(found for _, found in options)
    for card, found in options:
        moves.extend(Play(card, capture) for capture in found)
        if discard:
            moves.append(Play(card))
    return moves


def collect_states(matches: int, seed: int) -> list[State]:
    """The states in which a seat was to act during a few escopa matches."""
    rules = engine.make_rules("escopa", {"players": 2})
    rng = random.Random(seed)
    seen: list[State] = []
    for i in range(matches):
        play_match(rules, f"bench-states-{seed}-{i}", rng, seen)
    return seen


def time_generator(
    generate: Callable[[State], list[Move]], states: Sequence[State], seed: int
) -> float:
    """Seconds to generate the legal moves of every state and pick one at random."""
    rng = random.Random(seed)
    began = time.process_time()
    for state in states:
        rng.choice(generate(state))
    return time.process_time() - began


def crowded_states(template: State, size: int, count: int, seed: int) -> list[State]:
    """States with a 3-card hand to act and `size` random other cards on the table."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        cards = rng.sample(DECK, size + 3)
        hand = tuple(sorted(cards[:3], key=ORDER.__getitem__))
        hands = tuple(hand if seat == template.turn else () for seat in range(2))
        table = tuple(cards[3:])
        states.append(msgspec.structs.replace(template, hands=hands, table=table, claim=None))
    return states


def check_same_moves(states: Sequence[State]) -> None:
    """Fail loudly unless the naive generator lists exactly the engine's moves."""
    for state in states:
        if naive_legal_moves(state) != engine.legal_moves(state):
            raise AssertionError(f"the generators disagree on table {state.table}")


def report_self_play(matches: int, seed: int) -> float:
    """Time self-play of each preset; print and return the escopa moves per second."""
    print("self-play, 2 players, random legal moves, to the target:")
    rate = 0.0
    for preset, count in (("escopa", matches), ("escoba", matches // 5), ("escova", matches // 5)):
        moves, seconds = self_play(preset, max(count, 1), seed)
        per_second = moves / seconds
        rate = rate or per_second
        print(
            f"  {preset:7} {max(count, 1):6} matches {moves:9,} moves {seconds:7.2f} s"
            f"  {max(count, 1) / seconds:8.1f} matches/s {per_second:10,.0f} moves/s"
        )
    return rate


def report_baselines(seed: int, self_play_rate: float) -> None:
    """Time the random player alone and the naive generator on visited states."""
    states = collect_states(40, seed)
    check_same_moves(states)
    player = len(states) / time_generator(engine.legal_moves, states, seed)
    naive = len(states) / time_generator(naive_legal_moves, states, seed)
    print(f"baselines on {len(states):,} visited escopa states (moves generated and chosen):")
    print(
        f"  random player alone (legal_moves + choice) {player:10,.0f} states/s"
        f"  ({self_play_rate / player:.0%} of the self-play time per move)"
    )
    print(
        f"  naive itertools legal moves + choice       {naive:10,.0f} states/s"
        f"  (the engine's legal_moves is {player / naive:.1f}x faster)"
    )


def report_crowded(seed: int) -> None:
    """Time legal-move generation on 12- and 16-card tables, naive against the engine."""
    template = next(s for s in collect_states(1, seed) if s.claim is None)
    print("legal moves on a crowded table (3-card hand), microseconds per call:")
    print(f"  {'table':>5} {'naive':>12} {'engine cold':>12} {'engine warm':>12} {'speed-up':>9}")
    for size, count in ((12, 200), (16, 20)):
        states = crowded_states(template, size, count, seed + size)
        cold = time_generator(engine.legal_moves, states, seed) / count * 1e6
        warm = time_generator(engine.legal_moves, states, seed) / count * 1e6
        naive = time_generator(naive_legal_moves, states, seed) / count * 1e6
        check_same_moves(states[:5])
        print(f"  {size:5} {naive:12,.0f} {cold:12,.1f} {warm:12,.1f} {naive / cold:8,.0f}x")


HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def engine_run(root: Path, matches: int, seed: int) -> dict[str, Any]:
    """One engine's figures from `bench/self_play.py`, in a process of its own."""
    command = [sys.executable, str(HERE / "self_play.py"), str(root), str(matches), str(seed)]
    found: dict[str, Any] = json.loads(
        subprocess.run(command, check=True, capture_output=True, text=True).stdout
    )
    return found


def report_side_by_side(baseline: Path, label: str, rounds: int, matches: int, seed: int) -> None:
    """Today's engine against `baseline`'s, in turn, `rounds` times; medians and ratios."""
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "today": []}
    roots = {"baseline": baseline, "today": ROOT}
    for i in track(range(rounds), rounds, "side by side", "rounds"):
        for name in ("baseline", "today") if i % 2 == 0 else ("today", "baseline"):
            runs[name].append(engine_run(roots[name], matches, seed))
    rates = {name: [r["moves"] / r["seconds"] for r in found] for name, found in runs.items()}
    ratios = [t / b for t, b in zip(rates["today"], rates["baseline"], strict=True)]
    print(f"side by side with {label} ({rounds} rounds of {matches} matches, in turn):")
    for name in ("baseline", "today"):
        print(
            f"  {name:8} self-play {statistics.median(rates[name]):10,.0f} moves/s"
            f" (best {max(rates[name]):,.0f})"
        )
    print(
        f"  ratio today / baseline: median {statistics.median(ratios):.3f}"
        f" (rounds {min(ratios):.3f}-{max(ratios):.3f})"
    )
    print("  legal_moves on a crowded table (3-card hand), microseconds per call (median):")
    for size in runs["today"][0]["crowded"]:
        base = statistics.median(r["crowded"][size] for r in runs["baseline"])
        today = statistics.median(r["crowded"][size] for r in runs["today"])
        print(
            f"    {size:>2} cards: baseline {base:9,.1f}  today {today:9,.1f}"
            f"  x{base / today:.2f} faster"
        )


def checkout(rev: str, into: Path, *packages: str) -> Path:
    """`rev`'s `packages` folders (`engine/` when none is named), extracted into `into` (`git
    archive`)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, *(packages or ("engine",))],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> None:
    """Parse the options and print every measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="escopa matches (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random choice")
    parser.add_argument("--baseline", type=Path, help="a folder holding another engine/ to compare")
    parser.add_argument("--baseline-rev", help="a commit whose engine/ to compare (git archive)")
    parser.add_argument("--rounds", type=int, default=12, help="side-by-side rounds (default 12)")
    parser.add_argument("--round-matches", type=int, default=60, help="matches per engine a round")
    args = parser.parse_args()
    print(
        f"escopa engine benchmark: python {platform.python_version()}, seed {args.seed},"
        f" engine {Path(engine.__file__).parent}"
    )
    if args.baseline is not None or args.baseline_rev is not None:
        with tempfile.TemporaryDirectory() as folder:
            root = args.baseline or checkout(args.baseline_rev, Path(folder))
            label = args.baseline_rev or str(args.baseline)
            report_side_by_side(root, label, args.rounds, args.round_matches, args.seed)
    rate = report_self_play(args.matches, args.seed)
    report_baselines(args.seed, rate)
    report_crowded(args.seed)


if __name__ == "__main__":
    main()
