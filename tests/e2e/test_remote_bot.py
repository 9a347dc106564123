"""`escopa bot`: a bot plays one seat as an ordinary client of a live server (its token and the
events stream only), while the test plays the other seats through the client."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import msgspec

import engine
from bots import greedy, knowledge_of
from escopa_client import Escopa
from escopa_client.generated.models import GameView, LegalMoves
from tests.harness.api import chosen_seed
from tests.harness.processes import serve_private

UNLIMITED = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}


def bot_process(base: str, game_id: str, token: str, level: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "service.cli", "bot", "--url", base, "--game", game_id]
    command += ["--token", token, "--level", level, "--budget", "60"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def first(view: GameView, legal: LegalMoves) -> str:
    return random.Random(view.version).choice(legal.moves).id


def test_an_expert_bot_client_plays_its_seat_to_the_end_of_the_match(tmp_path: Path) -> None:
    with serve_private(tmp_path, **UNLIMITED) as served, Escopa(served.base) as escopa:
        game = escopa.create_game(
            {"players": ["Ana", "Robo"], "seed": chosen_seed("remote"), "rules": {"target": 7}}
        )
        tokens = [seat.token for seat in game.players]
        assert isinstance(tokens[0], str) and isinstance(tokens[1], str)
        bot = bot_process(served.base, game.game_id, tokens[1], "expert")
        final = escopa.table(game.game_id, tokens[0]).play(first)
        out, err = bot.communicate(timeout=60)
        moves = [e for e in escopa.table(game.game_id, tokens[0]).events() if e.type == "move"]
        impostor = bot_process(served.base, game.game_id, "x" * 43, "expert")
        _, refused = impostor.communicate(timeout=60)
    assert impostor.returncode == 1 and "auth/" in refused, refused
    assert bot.returncode == 0, err
    assert final.status.value == "finished" and final.outcome is not None
    played = sum(move.entry.seat == 1 for move in moves)
    assert played > 0
    assert f"{played} moves played as seat 1" in out, out


def test_bot_clients_in_a_partnership_signal_and_play_every_seat(tmp_path: Path) -> None:
    """Four `escopa bot` processes, one per seat of a partnership game: the match ends with
    only their moves, and the expert partners' signals are recorded at its end."""
    with serve_private(tmp_path, **UNLIMITED) as served, Escopa(served.base) as escopa:
        players = ["Ana", "Bia", "Caio", "Duda"]
        game = escopa.create_game(
            {"players": players, "seed": chosen_seed("bots"), "rules": {"target": 5}}
        )
        levels = ["expert", "greedy", "expert", "random"]
        bots = [
            bot_process(served.base, game.game_id, seat.token, level)
            for seat, level in zip(game.players, levels, strict=True)
            if isinstance(seat.token, str)
        ]
        results = [bot.communicate(timeout=120) for bot in bots]
        events = list(escopa.table(game.game_id, game.players[0].token or "").events())
    assert [bot.returncode for bot in bots] == [0] * 4, [err for _, err in results]
    assert events[-1].ends_match
    assert {e.entry.seat for e in events if e.type == "move"} == {0, 1, 2, 3}
    signals = events[-1].entry.to_dict().get("signals", [])
    assert signals and {s["seat"] for s in signals} <= {0, 2}, "only the experts signal"


def test_the_bot_client_decides_from_the_seat_view_and_knowledge_only(tmp_path: Path) -> None:
    """Every move the bot client played is the one its level chooses from the seat's view and
    its knowledge of the log's events so far (both rebuilt here from the finished game's full
    log): what it was given over the API is exactly what a seat may see, no more, no less."""
    with serve_private(tmp_path, **UNLIMITED) as served, Escopa(served.base) as escopa:
        game = escopa.create_game({"players": ["Ana", "Robo"], "seed": chosen_seed("fair")})
        tokens = [seat.token or "" for seat in game.players]
        bot = bot_process(served.base, game.game_id, tokens[1], "greedy")
        table = escopa.table(game.game_id, tokens[0])
        table.play(first)
        _, err = bot.communicate(timeout=60)
        entries = [event.entry.to_dict() for event in table.events()]
    assert bot.returncode == 0, err
    rules = msgspec.convert(entries[0]["game"]["rules"], engine.Rules)
    state, _ = engine.start(rules, entries[0]["game"]["seed"])
    log: list[engine.Event] = list(msgspec.convert(entries[0]["events"], list[engine.Event]))
    checked = 0
    for entry in entries[1:]:
        if entry["seat"] == 1:
            seen, known = engine.view(state, 1), knowledge_of(rules, 1, log)
            rng = random.Random(f"{game.game_id}/1/{entry['seq'] - 1}")
            assert engine.move_text(greedy.choose(seen, known, rng, 60)) == entry["move"]
            checked += 1
        state, _ = engine.apply(state, entry["seat"], engine.parse_move(entry["move"]))
        log += msgspec.convert(entry["events"], list[engine.Event])
    assert checked > 20
