"""Reads a faulted run back and names every promise the service broke (a violation):

- every acknowledged move is in its game's log, at the version it was acknowledged with;
- every finished game is in the archive once, at its final version, and its export audits;
- every rated game (and rated tournament table) is settled once on each of its players;
- every tournament finished, and its export audits;
- every event a webhook subscription selects reached the receiver, signed with its secret;
- nothing is left in Redis past its lifetime.

Exports are read through the API (by then mostly from the archive: Redis let the games go),
audited with `service.ledger`'s audits and the service's published key.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import asyncpg  # type: ignore[import-untyped]

from service.ledger.audit import audit_export
from service.ledger.tournament_audit import audit_tournament
from service.settings import Settings
from service.store import redis_keys
from tests.harness.api import Json
from tests.harness.deployment import FINISHED_TTL, Deployment
from tests.harness.key_lifetimes import DUE_INDEXES, Lifetimes, outlived
from tests.harness.mixed_load import Played, Requests, Seen
from tests.harness.signing import public_keys
from tests.harness.webhook_receiver import Received, verify

DRAIN: Final = 180.0
"""Seconds the due work (bots, timeouts, archive, settlements, tournaments, webhooks) may take
to finish once the load stopped: a bound on a hang, not a measure."""
KEYS: Final = public_keys()
MOVES: Final = frozenset({"move", "deal", "timeout"})


@dataclass
class Findings:
    """What the checker read, and every violation it found."""

    games: int = 0
    finished: int = 0
    moves: int = 0
    """Moves in the games' logs, every seat's (people's, bots', stand-ins')."""
    deliveries: int = 0
    settlements: int = 0
    """Ratings settlements checked (a rated game or table, on each of its players)."""
    keys: int = 0
    """Keys of Redis whose lifetime was checked."""
    violations: list[str] = field(default_factory=list)

    def add(self, problems: Iterable[str]) -> None:
        self.violations.extend(problems)


def due_left(deployment: Deployment) -> list[str]:
    """The due indexes that still hold work."""
    names = [f"{{{tag}:{n}}}" for tag in DUE_INDEXES for n in range(redis_keys.SHARDS)]
    left = []
    for client in deployment.masters():
        for key in client.scan_iter(count=1000):
            if any(str(key).startswith(name) for name in names) and client.zcard(key):
                left.append(f"{key}: {client.zrange(key, 0, 4, withscores=True)}")
    return left


async def drained(deployment: Deployment, within: float = DRAIN) -> list[str]:
    """Wait until no due work is left; what is left after `within` seconds."""
    deadline = time.monotonic() + within
    while True:
        left = await asyncio.to_thread(due_left, deployment)
        if not left or time.monotonic() > deadline:
            return [f"due work left {within:.0f} s after the load stopped: {k}" for k in left]
        await asyncio.sleep(1.0)


class Checker:
    """The checks of one run, over the load's record and the deployment."""

    def __init__(self, deployment: Deployment, seen: Seen, requests: Requests) -> None:
        self.deployment = deployment
        self.seen = seen
        self.requests = requests
        self.findings = Findings()
        self.exports: dict[str, Json] = {}
        self.received: dict[str, list[Received]] = {}

    async def run(self) -> Findings:
        found = self.findings
        found.add(await drained(self.deployment))
        await asyncio.sleep(FINISHED_TTL + 2)  # the last games archived leave Redis
        archived = await self.archived()
        for cup in list(self.seen.cups.values()):
            found.add(await self.tournament(cup.id))
        self.by_delivery()
        for game in list(self.seen.games.values()):
            found.add(await self.game(game, archived))
        found.add(await self.ratings())
        for cup in self.seen.cups.values():
            found.add(self.delivered_tournament(cup.id, cup.secret))
        settings = Settings.from_env(self.deployment.env)
        lifetimes = Lifetimes(settings, frozenset(archived))
        scanned = await asyncio.to_thread(outlived, self.deployment.masters(), lifetimes)
        found.keys, problems = scanned
        found.add(problems)
        found.add(await asyncio.to_thread(self.recomputed))
        return found

    async def archived(self) -> dict[str, int]:
        """The archive's games and their versions."""
        db = await asyncpg.connect(self.deployment.archive.url)
        try:
            rows = await db.fetch("SELECT game_id, version FROM archived_games")
        finally:
            await db.close()
        return {str(row["game_id"]): int(row["version"]) for row in rows}

    async def export(self, game_id: str) -> tuple[bytes, Json] | None:
        answer = await self.requests.answered("GET", f"/v1/games/{game_id}/export")
        if answer.status_code != 200:
            return None
        return answer.content, answer.json()

    async def game(self, game: Played, archived: dict[str, int]) -> list[str]:
        """A game of the load: finished, archived once at its version, audited, its
        acknowledged moves in its log, its events delivered."""
        self.findings.games += 1
        found = await self.export(game.id)
        if found is None:
            return [f"game {game.id}: no export (not finished, or lost)"]
        data, export = found
        self.exports[game.id] = export
        entries = export["entries"]
        self.findings.finished += 1
        self.findings.moves += sum(1 for e in entries if e["type"] in MOVES)
        problems = self.acknowledged(game, entries)
        report = audit_export(data, KEYS)
        if not report.ok or report.signature != "verified":
            problems.append(f"game {game.id}: its export does not audit: {report.failure}")
        version = archived.get(game.id)
        if version != len(entries):
            problems.append(f"game {game.id}: archived at {version}, its log has {len(entries)}")
        if game.secret is not None:
            problems += self.delivered_game(game.id, game.secret, entries)
        return problems

    @staticmethod
    def acknowledged(game: Played, entries: list[Json]) -> list[str]:
        """The acknowledged moves that are not in the log at their version."""
        by_seq = {e["seq"]: e for e in entries}
        missing = []
        for ack in game.acks:
            entry = by_seq.get(ack.version, {})
            if (entry.get("seat"), entry.get("move")) != (ack.seat, ack.move):
                missing.append(f"game {game.id}: acknowledged {ack} is not in its log ({entry})")
        return missing

    def by_delivery(self) -> None:
        """The receiver's records, by subject (a game's id, or a tournament's)."""
        for received in self.deployment.receiver.received():
            subject = received.delivery.split(".")[0]
            self.received.setdefault(subject, []).append(received)

    def signed(self, subject: str, secret: str) -> dict[str, Json]:
        """The events the receiver got for `subject` with a valid signature, by delivery id;
        a request signed otherwise is a violation of its own."""
        events: dict[str, Json] = {}
        for received in self.received.get(subject, []):
            header = received.headers.get("x-escopa-signature", "")
            if not verify_at(secret, header, received.body, received.at):
                self.findings.violations.append(f"{received.delivery}: a bad signature")
                continue
            events[received.delivery] = received.json()
        self.findings.deliveries += len(events)
        return events

    def delivered_game(self, game_id: str, secret: str, entries: list[Json]) -> list[str]:
        """Every event of every entry (docs/operations.md, webhook deliveries) was received."""
        events = self.signed(game_id, secret)
        missing = []
        for entry in entries:
            for index, kind in enumerate(expected_events(entry, len(entries))):
                delivery = f"{game_id}.{entry['seq']}.{index}"
                got = events.get(delivery, {}).get("type")
                if got != kind:
                    missing.append(f"{delivery}: {kind} never delivered (got {got})")
        return missing

    async def tournament(self, tournament_id: str) -> list[str]:
        """Finished, and its export audits; its games join the games to check."""
        url = f"/v1/tournaments/{tournament_id}"
        answer = await self.requests.answered("GET", f"{url}/export")
        if answer.status_code != 200:
            return [f"tournament {tournament_id}: no export ({answer.status_code})"]
        self.exports[tournament_id] = export = answer.json()
        report = audit_tournament(answer.content, KEYS)
        problems = []
        if not report.ok or report.signature != "verified":
            problems.append(f"tournament {tournament_id}: does not audit: {report.failure}")
        for game in export["games"]:
            self.seen.games.setdefault(
                game["game_id"], Played(game["game_id"], [], tournament=tournament_id)
            )
        return problems

    def delivered_tournament(self, tournament_id: str, secret: str) -> list[str]:
        """Its events, one per round started, table played and the end, were all received."""
        events = self.signed(tournament_id, secret)
        record = self.exports.get(tournament_id, {}).get("tournament", {})
        wanted = tournament_events(record)
        got = Counter(e["type"] for e in events.values())
        ids = {f"{tournament_id}.{seq}" for seq in range(1, sum(wanted.values()) + 1)}
        problems = [
            f"{tournament_id}: event {i} never delivered" for i in sorted(ids - set(events))
        ]
        if got != wanted:
            problems.append(f"{tournament_id}: events delivered {dict(got)}, told {dict(wanted)}")
        return problems

    async def ratings(self) -> list[str]:
        """Each rated game and table settled once on each of its players, and nothing else."""
        wanted = self.settlements()
        problems = []
        for player, settlements in sorted(wanted.items()):
            self.findings.settlements += len(settlements)
            listed = await self.player_games(player)
            counts = Counter(g["game_id"] for g in listed)
            for settlement in settlements:
                if counts[settlement] != 1:
                    problems.append(f"{player}: {settlement} settled {counts[settlement]} times")
            twice = [g for g, n in counts.items() if n > 1 and g not in settlements]
            problems += [f"{player}: {g} listed {counts[g]} times" for g in twice]
            problems += await self.ladder_counts(player, listed)
        return problems

    def settlements(self) -> dict[str, set[str]]:
        """The settlement ids each rated player must have, from the exports."""
        wanted: dict[str, set[str]] = {}
        for game_id, export in self.exports.items():
            if "entries" in export:
                rated = export["entries"][0]["game"].get("rated")
                finish = export["entries"][-1]
                if rated and finish["type"] != "aborted":
                    for player in rated["players"]:
                        if player is not None:
                            wanted.setdefault(player, set()).add(game_id)
            elif export.get("tournament", {}).get("rated"):
                for player, settlement in rated_tables(export["tournament"]):
                    wanted.setdefault(player, set()).add(settlement)
        return wanted

    async def player_games(self, player: str) -> list[Json]:
        listed: list[Json] = []
        after = ""
        while True:
            query = f"?limit=100&after={after}" if after else "?limit=100"
            page = await self.requests.json(f"/v1/players/{player}/games{query}")
            listed += page["games"]
            if page["next_after"] is None:
                return listed
            after = str(page["next_after"])

    async def ladder_counts(self, player: str, listed: list[Json]) -> list[str]:
        """The player's rating counts as many games on each ladder as it lists rated ones."""
        shown = await self.requests.json(f"/v1/players/{player}")
        rated = Counter(g["ladder"] for g in listed if g["rated"])
        counts = {ladder: r["games"] for ladder, r in shown["ratings"].items()}
        if counts != dict(rated):
            return [f"{player}: rated {counts} games, lists {dict(rated)}"]
        return []

    def recomputed(self) -> list[str]:
        """`escopa ratings --recompute` against the run's Redis and archive."""
        env = {**os.environ, **self.deployment.env}
        command = [sys.executable, "-m", "service.cli", "ratings", "--recompute"]
        command += ["--redis-url", self.deployment.cluster.url]
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=600, check=False
        )
        if done.returncode != 0:
            return [f"escopa ratings --recompute: {done.stdout[-500:]} {done.stderr[-500:]}"]
        return []


def expected_events(entry: Json, entries: int) -> list[str]:
    """The events a webhook gets for a log entry of a game dealt at creation with `entries`
    entries in all: `timeout` for a timeout entry, `game.started` for the first, `turn` while
    the game goes on, `game.finished` for the last."""
    kinds = ["timeout"] if entry["type"] == "timeout" else []
    if entry["seq"] == 1:
        kinds.append("game.started")
    kinds.append("turn" if entry["seq"] < entries else "game.finished")
    return kinds


def tournament_events(record: Json) -> Counter[str]:
    """The events a finished tournament told: a round started per round, a result per table
    played (a bye plays none), its end."""
    told: Counter[str] = Counter({"tournament.finished": 1})
    for played in record.get("rounds", []):
        told["round.started"] += 1
        told["table.result"] += sum(1 for t in played["tables"] if t.get("b") is not None)
    return told


def rated_tables(record: Json) -> Iterable[tuple[str, str]]:
    """Each rated player of a rated tournament's tables, with the table's settlement id."""
    players = record["rated"]["players"]
    for played in record["rounds"]:
        for number, table in enumerate(played["tables"]):
            if table.get("b") is not None:
                settlement = f"{record['tournament_id']}.r{played['round']}.t{number}"
                yield players[table["a"]], settlement
                yield players[table["b"]], settlement


def verify_at(secret: str, header: str, body: bytes, at: float) -> bool:
    """The signature holds, and was fresh when it arrived."""
    if not header:
        return False
    parts = dict(item.split("=", 1) for item in header.split(","))
    if abs(at - int(parts.get("t", "0"))) > 300:
        return False
    return verify(secret, header, body, tolerance=float("inf"))


async def check(deployment: Deployment, seen: Seen, requests: Requests) -> Findings:
    """Every check of the run."""
    return await Checker(deployment, seen, requests).run()
