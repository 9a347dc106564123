"""The benchmark scripts still run and print their figures (a short run each; no timing)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(script: str, *args: str, temporary: Path | None = None) -> str:
    """A bench script's output; it must exit 0 within two minutes."""
    env = {**os.environ, "TMPDIR": str(temporary)} if temporary else None
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_engine_benchmark_prints_its_rates_and_its_baseline_ratios() -> None:
    out = run("engine.py", "--matches", "5")
    assert re.search(r"the engine's legal_moves is [\d.]+x faster", out), out


def test_the_engine_benchmark_prints_today_beside_a_baseline_and_the_ratio() -> None:
    out = run(
        "engine.py",
        "--matches",
        "2",
        "--baseline",
        str(ROOT),
        "--rounds",
        "2",
        "--round-matches",
        "2",
    )
    assert re.search(r"ratio today / baseline: median [\d.]+ \(rounds", out), out
    assert re.search(r"20 cards: baseline +[\d,.]+ +today +[\d,.]+ +x[\d.]+ faster", out), out


def test_the_endgames_benchmark_finds_no_move_short_of_the_best_and_prints_its_times() -> None:
    out = run("endgames.py", "--count", "5")
    assert "moves short of the best: 0" in out, out
    assert re.search(r"expert decision: p50 [\d.]+ ms .* p99 [\d.]+ ms", out), out


def test_the_endgames_benchmark_prints_today_beside_a_baseline_and_the_p99_ratio() -> None:
    out = run("endgames.py", "--count", "5", "--baseline", str(ROOT), "--rounds", "2")
    assert re.search(r"baseline p50 [\d.]+ ms .* p99 [\d.]+ ms .*\(medians of the rounds\)", out)
    assert re.search(r"today +p50 [\d.]+ ms .* p99 [\d.]+ ms", out), out
    assert re.search(r"p99 baseline / today: median [\d.]+ \(rounds [\d.]+-[\d.]+\)", out), out


def test_the_speedup_benchmark_prints_both_sides_the_ratios_and_the_same_moves() -> None:
    out = run(
        "speedup.py", "--baseline", str(ROOT), "--rounds", "1", "--matches", "2", "--scale", "0.02"
    )
    for side in ("baseline", "today"):
        assert re.search(rf"{side} +[\d,]+ +[\d.]+ +[\d.]+$", out, re.MULTILINE), out
    for figure in ("self-play", "expert p50", "expert p95"):
        assert re.search(rf"{figure} today x[\d.]+ faster \(rounds x[\d.]+-x[\d.]+\)", out), out
    assert re.search(r"the same expert move in every one of the \d+ corpus positions", out), out


def test_the_worker_start_benchmark_prints_forked_workers_beside_spawned_ones() -> None:
    out = run("worker_start.py", "--rounds", "2")
    for way in ("spawned", "forked"):
        assert re.search(rf"{way} +first answer +[\d.]+ ms +worker CPU +[\d.]+ ms", out), out
    assert re.search(r"forked / spawned: [\d.]+ of the wall time, [\d.]+ of the CPU", out), out


def test_the_replay_benchmark_prints_the_audit_against_self_play() -> None:
    out = run("replay.py", "--matches", "3")
    assert re.search(r"the audit costs [\d.]+x playing", out), out


def test_the_load_benchmark_prints_both_routes_the_ratio_and_bytes_per_match(
    tmp_path: Path,
) -> None:
    out = run(
        "load.py",
        "--clients",
        "4",
        "--seconds",
        "2",
        "--rounds",
        "1",
        "--workers",
        "1",
        "--matches",
        "1",
        temporary=tmp_path,
    )
    assert re.search(r"GET /healthz +[\d,]+ req/s +p50 +[\d.]+ ms +p99", out), out
    assert re.search(r"POST /moves +[\d,]+ moves/s +p50 +[\d.]+ ms +p99", out), out
    assert re.search(r"ratio moves/bare: \d+%", out), out
    assert re.search(r"Redis bytes per finished 2-player match: [\d,]+", out), out
    assert list(tmp_path.iterdir()) == [], "Redis's files are left behind"


def test_the_storage_benchmark_prints_the_cost_of_a_match_in_redis_beside_its_speed(
    tmp_path: Path,
) -> None:
    out = run(
        "storage.py", "--matches", "2", "--repeat", "2", "--archived", "100", temporary=tmp_path
    )
    figures = r"[\d,]+ / [\d,]+ / [\d,]+ bytes"
    assert re.search(
        rf"\| Redis memory, finished match \(min / median / max\) \| {figures} \|", out
    )
    assert re.search(rf"\| Redis memory, game at mid-game \(min / median / max\) \| {figures}", out)
    assert re.search(r"\| append-only file bytes per move \| [\d,]+ \|", out), out
    assert re.search(r"\| Redis commands per move \(sent.*\| [\d.]+ / 1\.00 \|", out), out
    assert re.search(r"\| moves per second .*\| [\d,]+ \|", out), out
    assert re.search(r"\| event of a move \(SSE\), mid-game \(p50 / p90\) \| [\d.]+ / ", out), out
    assert "| Redis memory of a finished match once archived, after its TTL | 0 bytes |" in out
    for store in ("SQLite", "PostgreSQL"):
        assert re.search(rf"\| {store}: bytes per archived match, 100 matches .*\| [\d,]+ \|", out)
        assert re.search(rf"\| {store}: a player's history page.*\| [\d.]+ / [\d.]+ ms \|", out)
    assert list(tmp_path.iterdir()) == [], "Redis's files are left behind"


def test_the_soak_finishes_its_games_and_audits_them_clean() -> None:
    out = run("soak.py", "--players", "2", "--games", "2", "--target", "1")
    assert re.search(r"audits +2 clean, 0 failed", out), out


def test_the_bot_latency_benchmark_prints_reply_times_and_the_rates_of_one_worker() -> None:
    out = run("bot_latency.py", "--games", "2", "--seconds", "4", "--level", "greedy")
    assert re.search(r"^ +2 +\d+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +", out, re.MULTILINE), out


def test_the_bots_benchmark_prints_every_pairing_s_strength_and_think_time() -> None:
    out = run("bots.py", "--matches", "1", "--four", "1", "--budget", "200")
    for setting in ("escopa 2p", "escoba 2p", "escopa 4p"):
        for pairing in ("greedy v random", "expert v greedy", "expert v expert/4"):
            line = rf"{setting} +{pairing} +2 +[\d.]+% +[+-][\d.]+ \[[+-][\d.]+, [+-][\d.]+\]"
            assert re.search(line + r" +[\d.]+ +[\d.]+ +[\d.]+", out), (setting, pairing, out)
    assert re.search(r"escopa 4p +expert v silent +2 ", out), out


def test_the_webhook_benchmark_prints_how_soon_a_turn_event_follows_its_move(
    tmp_path: Path,
) -> None:
    out = run("webhooks.py", "--games", "2", "--seconds", "2", temporary=tmp_path)
    assert re.search(r"move->turn event p50 +[\d.]+ ms +p95 +[\d.]+ ms", out), out
    assert re.search(r"[\d.]+ deliveries/s +missing 0", out), out
    assert list(tmp_path.iterdir()) == [], "Redis's files are left behind"


def test_the_transports_benchmark_prints_each_part_against_the_framework_s_way(
    tmp_path: Path,
) -> None:
    out = run(
        "transports.py",
        "--clients",
        "4",
        "--seconds",
        "0.5",
        "--rounds",
        "1",
        "--redis-seconds",
        "0.2",
        "--requests",
        "200",
        "--warm-up",
        "0.4",
        temporary=tmp_path,
    )
    for part in ("head", "receive_deadline", "fast_moves", "strict"):
        assert re.search(rf"=> {part}: \w+ against [\w-]+: x[\d.]+ the requests/s", out), out
    assert re.search(r"=> x[\d.]+ the calls/s, [+-][\d.]+ us of client CPU per call", out), out
    assert "the script ran 2 times; writes: raised OutcomeUnknown, the script ran 1 time" in out
    assert "strict hook: [400, 415, 422]; Litestar's own decoding: [200, 200, 201]" in out
    assert re.search(r"shipped 200 \(content-length \d+\); Litestar's own: 405", out), out
    assert re.search(r"shipped: closed after 1\.\d s, answered HTTP/1.1 408 .*still open", out)
    assert list(tmp_path.iterdir()) == [], "Redis's files are left behind"


def test_a_benchmark_draws_its_progress_on_stderr_when_forced_and_none_on_a_pipe() -> None:
    for forced, drawn in (("1", True), ("", False)):
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "replay.py"), "--matches", "3"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
            env={**os.environ, "ESCOPA_PROGRESS": forced},
        )
        assert ("3/3" in done.stderr) is drawn
        assert ("matches/s" in done.stderr and "left" in done.stderr) is drawn
        assert "3/3" not in done.stdout  # the figures stay clean


def test_the_durability_benchmark_prints_a_row_per_mode_waitaof_among_them() -> None:
    out = run("durability.py", "--clients", "4", "--seconds", "1")
    rows = [line for line in out.splitlines() if re.match(r"\| (everysec|always)", line)]
    assert len(rows) == 4 and sum("WAITAOF" in row for row in rows) == 2, out


def test_the_tournament_benchmark_prints_its_figures_and_the_audit() -> None:
    out = run("tournament.py", "--entrants", "4", "--rounds", "1", "--boards", "1", "--poll", "0.2")
    assert re.search(r"wall time [\d,.]+ s, [\d,]+ moves/s", out), out
    assert re.search(r"Redis memory: used [\d,.]+ MiB", out), out
    assert "audit OK (2 games, signature verified)" in out, out


def test_the_duplicate_comparison_prints_a_row_per_scoring_and_each_against_plain() -> None:
    out = run("tournament.py", "--compare", "2", "--shrink", "3,0")
    for name in ("plain", "matchpoints", "IMPs, shrink 3", "IMPs, shrink 0"):
        assert re.search(rf"  {name} +strongest first +\d+%; rank correlation -?\d\.\d{{3}}", out)
    assert len(re.findall(r"minus plain [+-]\d\.\d{3} \(\d\.\d{3}\)", out)) == 3, out


def test_the_ratings_benchmark_prints_a_settlement_and_both_pages() -> None:
    out = run("ratings.py", "--players", "200", "--rounds", "5")
    assert "rated game settled (p99)" in out and "around a player, among all (p99)" in out


def test_the_timeouts_benchmark_prints_how_late_timeouts_are_applied() -> None:
    out = run("timeouts.py", "--games", "20", "--seconds", "3", "--turn", "1")
    assert "p99" in out


def test_the_watch_benchmark_prints_its_false_positives_and_when_each_abuser_is_flagged() -> None:
    out = run("watch.py", "--games", "30", "--players", "6")
    assert re.search(r"honest players flagged \(false positives\) \| \d+ of 6", out), out
    assert re.search(r"booster .* flagged after \| 3 of its 3 games", out), out


def test_the_luck_benchmark_prints_each_estimates_variance_removed_and_the_ladders(
    tmp_path: Path,
) -> None:
    out = run("luck.py", "--matches", "2", "--budget", "100", "--samples", "2")
    for name in ("linear", "search", "greedy"):
        assert re.search(rf"{name}: corrected [\d.]+, removed -?[\d.]+%", out), out
    assert re.search(r"mixed: removed -?[\d.]+% \(cross-fitted\)", out), out
    out = run("luck.py", "--ladder", "2", "--seasons", "2")
    assert re.search(r"skill scores: 10: \d+%", out), out
    learned = tmp_path / "values.py"
    out = run("luck.py", "--learn", "3", "--out", str(learned))
    assert "learned escopa-2p:greedy:3 from" in out, out
    assert "ValueTable(" in learned.read_text()
