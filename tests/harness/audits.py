"""Helpers for the replay, audit, export and commitment tests: finished games and forgeries.

Games are played through the real app over HTTP and a real Redis; forgeries are made on the
export's JSON, re-hashed (when a test wants a forger who knows the hashing) independently of the
service's code, with the canonical JSON of `helpers.canonical`.
"""

from __future__ import annotations

import copy
import json
import random
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec

import engine
from tests.harness.api import (
    GENESIS,
    NAMES,
    Client,
    Game,
    Json,
    create,
    create_game,
    entry_hash,
    ok,
)


async def new_commitment(client: Client) -> Json:
    return ok(await client.post("/v1/commitments"), 201)


async def committed_game(
    client: Client,
    players: int = 2,
    preset: str = "escopa",
    client_seed: str | None = "lucky client",
    **rules: Any,
) -> tuple[Game, Json]:
    """A game created from a fresh commitment (and a client seed): the game and the commitment."""
    commitment = await new_commitment(client)
    body: Json = {
        "players": list(NAMES[:players]),
        "preset": preset,
        "commitment_id": commitment["commitment_id"],
    }
    if client_seed is not None:
        body["client_seed"] = client_seed
    if rules:
        body["rules"] = rules
    created = ok(await create(client, body), 201)
    tokens = [p["token"] for p in created["players"]]
    return Game(client, created["game_id"], tokens, created), commitment


async def finished_game(
    client: Client,
    players: int = 2,
    preset: str = "escopa",
    seed: str | None = "audit",
    committed: bool = False,
    **rules: Any,
) -> Game:
    """A game played to the end with random legal moves (seeded by `seed` or the preset)."""
    if committed:
        game, _ = await committed_game(client, players, preset, **rules)
    else:
        game = await create_game(client, players=players, preset=preset, seed=seed, **rules)
    await game.play_out(random.Random(f"{seed} {preset} {players}"))
    return game


async def export_bytes(game: Game) -> bytes:
    response = await game.client.get(f"{game.url}/export")
    assert response.status_code == 200, response.text
    return response.content


async def audit_of(game: Game) -> Json:
    return ok(await game.client.get(f"{game.url}/audit"))


ENDING_STEPS = {"resigned": "resign", "aborted": "abort"}


def replay_steps(entry: Json) -> list[Json]:
    """The replay step of a move, deal, resigned or aborted entry (none for other entries)."""
    if entry["type"] in ("move", "deal"):
        return [{"seat": entry["seat"], "move": entry["move"]}]
    if entry["type"] in ENDING_STEPS:
        return [{"seat": entry["seat"], "move": ENDING_STEPS[entry["type"]]}]
    if entry["type"] == "timeout":  # what followed: a move, `abort`, or a forfeit (`timeout`)
        move = "timeout" if entry["move"] == "forfeit" else entry["move"]
        return [{"seat": entry["seat"], "move": move}]
    return []


def replay_body(export: Json, **extra: Any) -> Json:
    """A `POST /v1/replays` body that replays an export's moves (and its early ending, as the
    step `resign` or `abort`), rules given in full, seats named as they were taken."""
    info = export["entries"][0]["game"]
    rules = {k: v for k, v in info["rules"].items() if k != "players"}
    players = list(info["players"])
    for entry in export["entries"]:
        if entry["type"] == "joined":
            players[entry["seat"]] = entry["player"]
    body: Json = {
        "players": players,
        "rules": rules,
        "seed": info["seed"],
        "moves": [step for entry in export["entries"] for step in replay_steps(entry)],
        **extra,
    }
    if info["client_seed"] is not None:
        body["client_seed"] = info["client_seed"]
    return body


def documented_verifier() -> dict[str, Any]:
    """The independent verifier program printed in docs/audit.md, executed as written."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "audit.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(), flags=re.DOTALL)
    assert len(blocks) == 1, "docs/audit.md has exactly one Python program"
    namespace: dict[str, Any] = {"__name__": "audit_doc"}
    exec(compile(blocks[0], str(doc), "exec"), namespace)
    return namespace


def rechain(entries: list[Json], start: int = 0) -> list[Json]:
    """Re-hash every entry from position `start` on, as a forger who knows the format would."""
    prev = GENESIS if start == 0 else entries[start - 1]["hash"]
    for entry in entries[start:]:
        entry["prev_hash"] = prev
        entry["hash"] = entry_hash(entry)
        prev = entry["hash"]
    return entries


def forged(export: Json, change: Any, index: int, rehash: bool) -> bytes:
    """A copy of the export with `change(entry)` applied to entry `index` (re-chained or not)."""
    copied = copy.deepcopy(export)
    change(copied["entries"][index])
    if rehash:
        rechain(copied["entries"], index)
    return json.dumps(copied).encode()


def rebuilt(export: Json, rng: random.Random) -> Json:
    """Another complete game forged from the export's revealed seed, as issue 14's attacker did:
    random legal moves from the same opening, fresh salts, every hash recomputed; the same
    `game_id`, seed, commitment and `created` entry, and the export's signature copied over."""
    forged = copy.deepcopy(export)
    created = forged["entries"][0]
    info = created["game"]
    key = info["seed"] if info["client_seed"] is None else f"{info['seed']}:{info['client_seed']}"
    state, _ = engine.start(msgspec.convert(info["rules"], engine.Rules), key)
    entries = [created]
    while state.status != "finished":
        seat = 0 if state.status == "dealing" else state.turn
        assert seat is not None
        move = rng.choice(engine.legal_moves(state, seat))
        state, events = engine.apply(state, seat, move)
        kind = "deal" if isinstance(move, engine.Deal) else "move"
        entries.append(
            {
                "seq": len(entries) + 1,
                "type": kind,
                "time": created["time"],
                "seat": seat,
                "move": engine.move_text(move),
                "signal": None,
                "game": None,
                "events": msgspec.to_builtins(events),
                "prev_hash": "",
                "state_hash": engine.state_hash(state),
                "salt": secrets.token_hex(16),
                "hash": "",
            }
        )
    forged["entries"] = rechain(entries, 1)
    return forged


def first_index(export: Json, wanted: Any) -> int:
    """The position of the first entry for which `wanted(entry)` holds."""
    return next(i for i, e in enumerate(export["entries"]) if wanted(e))


def escopa(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """Run the `escopa` command as a separate process (no server, no Redis)."""
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
