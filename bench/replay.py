"""Benchmark of the audit: finished games verified per second offline, next to self-play.

All in one run, on the same games, so the ratios compare like with like:

1. Self-play: 2-player escopa matches played to the target by a seeded random player through
   `engine.legal_moves` and `engine.apply` (as `bench/engine.py` does): matches per second.
2. Recording: the same matches played again while writing the log the way the service does
   (`state_hash` after every move, each entry sealed with its SHA-256), then exported as JSON.
   This is the work the service adds to playing; it is not timed against Redis.
3. Audit: `service.ledger.audit.audit_export` on each export, the whole of `escopa audit FILE` but
   reading the file: JSON decoding, the hash chain, the seed commitment, the replay of every move
   with its state hash and events. Reported as games per second and as a multiple of self-play.
4. Replay: `service.ledger.replay.replay` of each game's moves (what `POST /v1/replays` computes).

Usage: `python bench/replay.py [--matches N] [--seed S]` (about 10-20 s with the defaults).
"""

from __future__ import annotations

import argparse
import platform
import random
import secrets
import sys
import time
from pathlib import Path

import msgspec

# bench/engine.py sits beside this file: drop this folder from the path so `engine` is the package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import engine  # noqa: E402
from engine import Deal, Rules  # noqa: E402
from engine.shuffle import commitment  # noqa: E402
from service.cli.progress import track  # noqa: E402
from service.ledger.audit import audit_export  # noqa: E402
from service.ledger.chain import GENESIS, GameInfo, LogEntry, sealed  # noqa: E402
from service.ledger.export import Export  # noqa: E402
from service.ledger.replay import ReplayMove, replay  # noqa: E402
from service.ledger.signatures import KeyRing, new_private_text  # noqa: E402

SIGNER = KeyRing.of([new_private_text()])

TIME = "2026-01-01T00:00:00.000Z"
PLAYERS = ("Ana", "Bia")


def self_play(rules: Rules, seed: str, rng: random.Random) -> int:
    """One match with random legal moves, the engine alone; returns the moves applied."""
    state, _ = engine.start(rules, seed)
    return len(engine.play_out(state, lambda s, seat: rng.choice(engine.legal_moves(s, seat)))[1])


def recorded(rules: Rules, seed: str, rng: random.Random) -> tuple[bytes, list[ReplayMove]]:
    """The same match, logged as the service logs it, exported; and its moves."""
    state, events = engine.start(rules, seed)
    info = GameInfo(rules=rules, players=PLAYERS, seed=seed, seed_commitment=commitment(seed))
    entry = sealed(
        LogEntry(
            seq=1,
            type="created",
            time=TIME,
            game=info,
            events=tuple(events),
            prev_hash=GENESIS,
            state_hash=engine.state_hash(state),
            salt=secrets.token_hex(16),
        )
    )
    entries = [entry]
    moves: list[ReplayMove] = []
    _, steps = engine.play_out(state, lambda s, seat: rng.choice(engine.legal_moves(s, seat)))
    for seat, move, state, events in steps:
        entry = sealed(
            LogEntry(
                seq=entry.seq + 1,
                type="deal" if isinstance(move, Deal) else "move",
                time=TIME,
                seat=seat,
                move=str(move),
                events=tuple(events),
                prev_hash=entry.hash,
                state_hash=engine.state_hash(state),
                salt=secrets.token_hex(16),
            )
        )
        entries.append(entry)
        moves.append(ReplayMove(seat=seat, move=str(move)))
    game_id = secrets.token_hex(12)
    signature = SIGNER.sign_export(game_id, entry.seq, entry.hash)  # as the service signs exports
    export = Export(game_id=game_id, entries=entries, signature=signature)
    return msgspec.json.encode(export), moves


def main() -> None:
    """Parse the options, run the four measurements on the same matches, print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300, help="escopa matches (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random choice")
    args = parser.parse_args()
    rules = engine.make_rules("escopa", {"players": 2})
    n = args.matches
    seeds = [f"bench-replay-{args.seed}-{i}" for i in range(n)]
    print(f"escopa audit benchmark: python {platform.python_version()}, {args.matches} matches")

    rng = random.Random(args.seed)
    began = time.process_time()
    moves = sum(self_play(rules, seed, rng) for seed in track(seeds, n, "self-play", "matches"))
    play = time.process_time() - began

    rng = random.Random(args.seed)
    began = time.process_time()
    games = [recorded(rules, seed, rng) for seed in track(seeds, n, "record", "matches")]
    record = time.process_time() - began
    size = sum(len(data) for data, _ in games)

    began = time.process_time()
    reports = [audit_export(data) for data, _ in track(games, n, "audit", "exports")]
    audit = time.process_time() - began
    assert all(r.ok for r in reports), next(r.failure for r in reports if not r.ok)
    entries = sum(r.entries for r in reports)

    began = time.process_time()
    for seed, (_, played) in track(zip(seeds, games, strict=True), n, "replay", "matches"):
        replay(rules, PLAYERS, seed, None, played)
    again = time.process_time() - began

    print(f"  {moves:,} moves, {entries:,} log entries, exports {size / n / 1024:.0f} KiB a game")
    rows = [
        ("self-play (engine only)", play),
        ("self-play + log + export", record),
        ("audit offline (audit_export)", audit),
        ("replay (POST /v1/replays)", again),
    ]
    for name, seconds in rows:
        print(
            f"  {name:30} {seconds:7.2f} s {n / seconds:9.1f} games/s "
            f"{seconds / n * 1000:8.2f} ms/game {seconds / play:6.2f}x self-play"
        )
    print(
        f"audit: {n / audit:.1f} finished games verified per second offline, "
        f"self-play {n / play:.1f} matches per second: the audit costs {audit / play:.2f}x playing"
    )


if __name__ == "__main__":
    main()
