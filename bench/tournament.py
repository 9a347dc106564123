"""Duplicate tournaments: a Swiss tournament of bots through the service, and what duplicate
pairing is worth against plain pairing, measured.

`--service` (the default): a real Redis and one `escopa serve` process; one Swiss tournament
of bot entrants (`--entrants`, `--rounds`, `--boards`, levels `random` and `greedy` in turn)
created by `POST /v1/tournaments` and played by the service's own bot worker; prints the wall
time, the moves per second, Redis's memory (used and peak), and for each export (the v2
document, the v3 lines) its size, bytes a game, and its audit's time and peak memory.

`--compare N`: no service, the engine and the bots alone. N Swiss tournaments of 8 entrants
of known strengths (strength s plays a random legal move with probability s/8, else greedy's
move: 0 is the strongest), seated in a shuffled order, 3 rounds, seated and paired as the
service does; every table plays the round's boards, scored across the tables by IMPs (with
each `--shrink` of the datum) or matchpoints (duplicate), or each table plays boards of its
own, scored plainly (plain), the same boards per entrant. Prints how often the strongest
finished first under each, the mean rank correlation with strength and its standard error,
and the paired difference with plain.

    python bench/tournament.py [--entrants 1000 --rounds 7 --boards 2]
    python bench/tournament.py --compare 300 --compare-boards 2 [--shrink 3,0]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import httpx  # noqa: E402
import msgspec  # noqa: E402
import redis  # noqa: E402

import engine  # noqa: E402
from bots import DEFAULT_BUDGET  # noqa: E402
from bots.levels import Level, level  # noqa: E402
from bots.table import play_match  # noqa: E402
from engine import duplicate  # noqa: E402
from engine.duplicate import Played, Scoring  # noqa: E402
from engine.moves import Move  # noqa: E402
from engine.shuffle import round_seed, shuffle_key  # noqa: E402
from engine.tournament import opponents, ranked, swiss_from  # noqa: E402
from service.ledger.signatures import public_keys  # noqa: E402
from service.ledger.tournament_audit import (  # noqa: E402
    TournamentAuditReport,
    audit_file,
    audit_tournament,
)
from service.ledger.tournament_record import points  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402

LEVELS = ("random", "greedy")


def entrants(count: int) -> list[dict[str, str]]:
    return [{"name": f"bot {i}", "bot": LEVELS[i % len(LEVELS)]} for i in range(count)]


async def run_service(base: str, args: argparse.Namespace) -> tuple[float, dict[str, object]]:
    """Create the tournament, wait for its end; the wall time and the finished view."""
    body = {
        "name": "bench",
        "entrants": entrants(args.entrants),
        "rounds": args.rounds,
        "boards": args.boards,
        "pairing": "swiss",
    }
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        started = time.perf_counter()
        created = (await client.post("/v1/tournaments", json=body)).json()
        url = f"/v1/tournaments/{created['tournament_id']}"
        while True:
            await asyncio.sleep(args.poll)
            view: dict[str, object] = (await client.get(url)).json()
            if view["status"] == "finished":
                return time.perf_counter() - started, view


async def exported(base: str, tournament_id: str, folder: Path) -> tuple[bytes, Path, bytes]:
    """The v2 document, the v3 lines (streamed to a file) and the service's keys."""
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        export = await client.get(f"/v1/tournaments/{tournament_id}/export")
        lines = folder / "export.jsonl"
        with lines.open("wb") as file:
            url = f"/v1/tournaments/{tournament_id}/export/lines"
            async with client.stream("GET", url) as streamed:
                async for chunk in streamed.aiter_bytes():
                    file.write(chunk)
        keys = await client.get("/v1/keys")
    return export.content, lines, keys.content


def audited(audit: Callable[[], TournamentAuditReport]) -> tuple[TournamentAuditReport, float, int]:
    """An audit's report, its seconds and the peak of the memory it allocates (bytes, in a
    second run, traced: tracing slows it)."""
    started = time.perf_counter()
    report = audit()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    audit()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return report, seconds, peak


def service_bench(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="escopa-tournament-") as temporary:
        folder = Path(temporary)
        with RedisServer(folder / "redis") as server:
            env = {
                "ESCOPA_RATE_LIMIT": "0",
                "ESCOPA_CREATE_RATE_LIMIT": "0",
                "ESCOPA_TOURNAMENT_MAX_ENTRANTS": str(max(2, args.entrants)),
            }
            with serve_processes(server.url, folder, 1, "--log-level", "warning", **env) as [api]:
                wall, view = asyncio.run(run_service(api.base, args))
                tournament_id = str(view["tournament_id"])
                export, lines, keys = asyncio.run(exported(api.base, tournament_id, folder))
            memory = redis.Redis.from_url(server.url).info("memory")
        trusted = public_keys(msgspec.json.decode(keys))
        whole = audited(lambda: audit_tournament(export, trusted))
        streamed = audited(lambda: audit_file(lines, trusted))
        compact = lines.stat().st_size
    games = msgspec.json.decode(export)["games"]
    moves = sum(1 for g in games for e in g["entries"] if e["type"] in ("move", "timeout"))
    print(
        f"Swiss tournament of {args.entrants} bots ({'/'.join(LEVELS)}), {args.rounds} rounds "
        f"of {args.boards} boards, scored by {view['scoring']}: {len(games):,} games, "
        f"{moves:,} moves"
    )
    print(f"wall time {wall:,.1f} s, {moves / wall:,.0f} moves/s (one API process)")
    print(
        f"Redis memory: used {memory['used_memory'] / 2**20:,.1f} MiB, "
        f"peak {memory['used_memory_peak'] / 2**20:,.1f} MiB"
    )
    for name, size, (report, seconds, peak) in (
        ("v2 document (/export)", len(export), whole),
        ("v3 lines (/export/lines)", compact, streamed),
    ):
        verdict = "OK" if report.ok else f"FAILED: {report.failure}"
        print(
            f"{name}: {size / 2**20:,.2f} MiB, {size / len(games):,.0f} bytes a game; audit "
            f"{verdict} ({report.games:,} games, signature {report.signature}) in "
            f"{seconds:,.1f} s, peak memory {peak / 2**20:,.1f} MiB"
        )
    print(f"v3 / v2 size: {compact / len(export):.3f}")


# --- duplicate against plain, the engine alone --------------------------------------------


def noisy(strength: int, of: int) -> Level:
    """Greedy, but a random legal move with probability strength/of (0: the strongest)."""
    greedy, chaos = level("greedy"), level("random")
    rate = strength / of

    def choose(seen: engine.View, known: object, rng: random.Random, budget: int) -> Move:
        chosen = chaos if rng.random() < rate else greedy
        return chosen.choose(seen, known, rng, budget)  # type: ignore[arg-type]

    return greedy._replace(name=f"noisy-{strength}", choose=choose)


def board_points(rules: engine.Rules, seed: str, seats: Sequence[Level]) -> list[tuple[int, int]]:
    state, events = engine.start(rules, seed)
    final, _ = play_match(state, seats, [DEFAULT_BUDGET] * 2, events)
    return points(final.rounds)


def simulate(
    key: bytes,
    players: Sequence[Level],
    rounds: int,
    boards: int,
    scoring: Scoring,
    shrink: int = duplicate.SHRINK,
) -> list[int]:
    """One Swiss tournament, seated and paired as the service does; its entrants in the
    final order of its standings. Duplicate (`imps`, `matchpoints`): every table plays the
    round's boards, scored across the tables; `plain`: each table plays boards of its own,
    2 for a board won, 1 for a tie, the same boards per entrant; `shrink`, the IMP datum's."""
    played: list[list[Played]] = []
    per_round: list[list[int | None]] = []
    n = len(players)
    for round_no in range(1, rounds + 1):
        seed = round_seed(key, round_no)
        first = (round_no - 1) * boards + 1
        rules = engine.make_rules("escopa", {"boards": boards, "first_board": first})
        standing = ranked(per_round, opponents(n, played))
        pairs = swiss_from(key, round_no, standing, opponents(n, played), duplicate.byes(played))
        tables = []
        for table in duplicate.seated(pairs, round_no, played):
            assert table.b is not None
            own = f"{seed}:{table.a}" if scoring == "plain" else seed
            dealt = board_points(rules, own, (players[table.a], players[table.b]))
            tables.append(Played(a=table.a, b=table.b, points=tuple(dealt)))
        played.append(tables)
        per_round.append(round_scores(n, tables, boards, scoring, shrink))
    return [s.entrant for s in ranked(per_round, opponents(n, played))]


def round_scores(
    n: int, tables: Sequence[Played], boards: int, scoring: Scoring, shrink: int
) -> list[int | None]:
    """The round's totals: across the tables, or each table alone (plainly)."""
    if scoring != "plain":
        return duplicate.round_totals(n, tables, boards, scoring, shrink)
    totals: list[int | None] = [None] * n
    for table in tables:
        for entrant, got in enumerate(duplicate.round_totals(n, [table], boards, "imps")):
            if got is not None:
                totals[entrant] = got
    return totals


def spearman(order: Sequence[int]) -> float:
    """Spearman's rank correlation of a final order of strengths with the order 0, 1, ..."""
    n = len(order)
    squares = sum((place - strength) ** 2 for place, strength in enumerate(order))
    return 1 - 6 * squares / (n * (n * n - 1))


def compare(count: int, boards: int, shrinks: Sequence[int]) -> None:
    """Each tournament seats the same strengths in a shuffled order (ties in the standings
    fall to entrant numbers, which must not tell strength), under every scoring in turn."""
    n, rounds = 8, 3
    runs: dict[str, tuple[Scoring, int]] = {"plain": ("plain", duplicate.SHRINK)}
    runs |= {"matchpoints": ("matchpoints", duplicate.SHRINK)}
    runs |= {f"IMPs, shrink {k}": ("imps", k) for k in shrinks}
    first = dict.fromkeys(runs, 0)
    rho: dict[str, list[float]] = {name: [] for name in runs}
    for t in range(count):
        key = shuffle_key(f"compare-{t}")
        strengths = list(range(n))
        random.Random(t).shuffle(strengths)
        players = [noisy(strengths[e], n) for e in range(n)]
        for name, (scoring, shrink) in runs.items():
            ranked_out = simulate(key, players, rounds, boards, scoring, shrink)
            order = [strengths[e] for e in ranked_out]
            first[name] += order[0] == 0
            rho[name].append(spearman(order))
    print(
        f"{count} Swiss tournaments of {n} entrants (strength s: random with probability s/{n}, "
        f"else greedy), {rounds} rounds, {boards} board(s) an entrant a round:"
    )
    for name in runs:
        mean = statistics.fmean(rho[name])
        error = statistics.stdev(rho[name]) / math.sqrt(count) if count > 1 else 0.0
        gaps = [d - p for d, p in zip(rho[name], rho["plain"], strict=True)]
        gap = statistics.stdev(gaps) / math.sqrt(count) if count > 1 else 0.0
        against = (
            "" if name == "plain" else f"; minus plain {statistics.fmean(gaps):+.3f} ({gap:.3f})"
        )
        print(
            f"  {name:16} strongest first {first[name] / count:4.0%}; rank correlation "
            f"{mean:.3f} (standard error {error:.3f}){against}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between reads")
    parser.add_argument("--compare", type=int, default=0, help="N tournaments, engine alone")
    parser.add_argument("--compare-boards", type=int, default=1, help="boards a round")
    parser.add_argument(
        "--shrink", default=str(duplicate.SHRINK), help="IMP datum shrinkages to try, 3,0"
    )
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.compare_boards, [int(k) for k in args.shrink.split(",")])
    else:
        service_bench(args)


if __name__ == "__main__":
    main()
