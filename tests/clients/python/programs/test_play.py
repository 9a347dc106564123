"""`escopa play` driven in a pseudo-terminal against a live `escopa serve`: whole short matches
typed move by move (by number and by code), against bots and at a seat joined by its invite;
and the refusals it says in words."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pexpect
import pytest
from babel.messages.pofile import read_po

from escopa_client.programs.terminal import LEVELS
from escopa_client.programs.words import LOCALE
from service.store.redis_server import free_port
from tests.harness.english import english_left
from tests.harness.processes import serve_private
from tests.harness.terminal import Listing, play_through, prompt_in, spawn, spawn_shell

UNLIMITED = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}
QUICK_BOTS = {"ESCOPA_BOT_BUDGET": "300"}  # the server's expert thinks less: shorter tests
TERMINAL = Path(__file__).resolve().parents[4] / "docs" / "terminal.md"
SUIT = re.compile("[♠♥♦♣]")
NAIPE = re.compile(r"[A2-7QJK] (?:coins|cups|swords|clubs)\b")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`escopa serve` on a free port with its private Redis and its bot worker."""
    with serve_private(tmp_path_factory.mktemp("serve"), **UNLIMITED, **QUICK_BOTS) as served:
        yield served.base


def by_number_then_by_code(prompt: int, shown: Listing) -> str:
    """A wrong number first, then alternately the first move's number and the last's code."""
    if prompt == 0:
        return "99"
    if not shown.moves:  # the prompt again after a refusal
        return "1"
    return "1" if prompt % 2 else shown.moves[-1][2].lower()


def game_id_of(output: str) -> str:
    found = re.search(r"game ([0-9a-f]{24}), you are seat (\d)", output)
    assert found, output[:500]
    return found.group(1)


def test_the_game_speaks_the_language_asked_and_says_in_it_how_to_come_back(
    base_url: str,
) -> None:
    child = spawn("--url", base_url, "--bots", "greedy", "--lang", "it", "--name", "Ana")
    child.expect("la tua mossa")
    assert "tua mano" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "hai lasciato il tavolo; riprendi il tuo posto con: escopa play" in str(child.before)


def test_a_whole_match_against_a_bot_typed_by_number_and_by_code(base_url: str) -> None:
    child = spawn("--url", base_url, "--bots", "greedy", "--target", "3", "--name", "Ana")

    session = play_through(child, by_number_then_by_code)

    out = session.output
    assert session.status == 0, out[-2000:]
    assert "choose a number from 1 to " in out  # the 99
    assert "your hand" in out and "table" in out
    assert SUIT.search(out) and not NAIPE.search(out), "escopa is drawn in French suits"
    assert "Greedy 2 played " in out  # the bot's moves, live
    assert out.count("\x1b[2J") >= 3, "each turn redraws the screen in place"
    boards = list(re.finditer(r"last move  Greedy 2 (played \S+|claimed)", out))
    assert boards
    opening = out.find("╭─", out.find("╭─") + 1)  # the first board may show a move made before
    for board in boards:  # each bot move after it is told before the board that shows it
        if board.group(1) != "claimed" and board.start() > opening:
            assert out.rfind(f"Greedy 2 {board.group(1)}", 0, board.start()) != -1
    assert "you played " in out
    assert re.search(r"round 1\s", out)
    for row in ("cards", "diamonds", "sevens", "escopas", "round", "match"):
        assert re.search(rf"│ {row} +│", out), row
    assert not re.search(r"│ primeira +│", out), "the escopa preset scores no primeira"
    game = game_id_of(out)
    assert f"game {game}, you are seat 1" in out, "seats are counted from 1 on the screen"
    score = httpx.get(f"{base_url}/v1/games/{game}/score").json()
    assert score["status"] == "finished"
    totals = "-".join(str(t) for t in score["outcome"]["totals"])
    verb = "you win" if score["outcome"]["winner"] == 0 else "Greedy 2 won"
    assert f"match over: {verb} {totals} after " in out
    assert f"replay: {base_url}/replay/{game}" in out
    moved = httpx.get(f"{base_url}/v1/games/{game}/log?limit=200").json()["entries"]
    mine = [e for e in moved if e["type"] == "move" and e["seat"] == 0]
    assert len(mine) == sum(1 for t in session.typed[1:] if t != "99")


def test_an_escoba_match_is_drawn_in_naipes_and_played_by_the_codes_typed(base_url: str) -> None:
    child = spawn("--url", base_url, "--bots", "greedy", "--preset", "escoba", "--target", "2")

    session = play_through(child, lambda n, shown: shown.moves[-1][2] if shown.moves else "1")

    out = session.output
    assert session.status == 0, out[-2000:]
    assert NAIPE.search(out) and not SUIT.search(out), "escoba is drawn in Spanish naipes"
    card = r"[A2-7QJK][CDHS]"
    assert all(re.fullmatch(rf"{card}(\+{card})*|1", t) for t in session.typed), session.typed
    moved = httpx.get(f"{base_url}/v1/games/{game_id_of(out)}/log?limit=200").json()["entries"]
    assert len([e for e in moved if e["type"] == "move" and e["seat"] == 0]) == len(session.typed)


@pytest.mark.parametrize(
    ("preset", "deck", "drawn", "not_drawn"),
    [("escoba", "french", SUIT, NAIPE), ("escopa", "spanish", NAIPE, SUIT)],
    ids=["escoba in french suits", "escopa in naipes"],
)
def test_the_deck_asked_is_drawn_whatever_the_preset(
    base_url: str, preset: str, deck: str, drawn: re.Pattern[str], not_drawn: re.Pattern[str]
) -> None:
    child = spawn("--url", base_url, "--bots", "random", "--preset", preset, "--deck", deck)
    child.expect(r"your move \(")
    shown = child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert drawn.search(shown) and not not_drawn.search(shown), shown


def test_a_seat_joined_by_its_invite_plays_its_match_to_the_end(base_url: str) -> None:
    created = httpx.post(
        f"{base_url}/v1/games",
        json={
            "players": [{"name": "Rui", "bot": "random"}, {"open": True}],
            "rules": {"target": 2},
        },
    ).json()
    game = created["game_id"]
    assert created["view"]["status"] == "waiting"
    invite = next(p["invite"] for p in created["players"] if "invite" in p)

    child = spawn("--url", base_url, "--game", game, "--invite", invite, "--name", "Bia")
    session = play_through(child, lambda n, shown: "1")

    assert session.status == 0, session.output[-2000:]
    assert f"game {game}, you are seat 2" in session.output
    assert "Rui (random) played " in session.output
    view = httpx.get(f"{base_url}/v1/games/{game}").json()
    assert view["status"] == "finished"
    assert [p["name"] for p in view["players"]] == ["Rui", "Bia"]


def test_partners_signal_from_the_terminal_and_the_log_records_it(base_url: str) -> None:
    child = spawn("--url", base_url, "--bots", "greedy", "--players", "4", "--target", "2")
    answers = iter(["s wink", "s seven"])

    session = play_through(child, lambda n, shown: next(answers, "1"))

    out = session.output
    assert session.status == 0, out[-2000:]
    assert "s guindis or s seven to signal" in out
    assert "the signals are guindis (the seven of diamonds) and seven (another seven)" in out
    assert "you signalled seven to your partner" in out
    game = game_id_of(out)
    entries = httpx.get(f"{base_url}/v1/games/{game}/log?limit=200").json()["entries"]
    sent = [s for e in entries for s in e.get("signals") or []]
    assert [(s["seat"], s["signal"]) for s in sent] == [(0, "seven")]


def test_a_wrong_invite_is_refused_in_words_of_the_language_asked(base_url: str) -> None:
    created = httpx.post(
        f"{base_url}/v1/games",
        json={"players": [{"name": "Rui", "bot": "random"}, {"open": True}]},
    ).json()

    child = spawn("--url", base_url, "--game", created["game_id"], "--invite", "x" * 43)
    child.expect("escopa play: 403 join/invite_invalid: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    said = "esta invitación es desconocida, ya se usó o es de otra partida"
    child = spawn(
        "--url", base_url, "--game", created["game_id"], "--invite", "x" * 43, "--lang", "es"
    )
    child.expect(f"escopa play: 403 join/invite_invalid: {said}")
    child.expect(pexpect.EOF)


def test_a_hint_then_leaving_then_taking_the_seat_again_by_its_token(base_url: str) -> None:
    child = spawn("--url", base_url, "--bots", "random", "--target", "2")
    child.expect(r"your move \(")
    child.sendline("h")
    child.expect(r"the expert would play (\d+): (\S+)\r\n")
    child.expect(r"your move \(")
    child.sendline("q")
    child.expect(r"take your seat again with: escopa play --url \S+ --game (\w+) --token (\S+)")
    game, token = child.match.group(1), child.match.group(2)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert httpx.get(f"{base_url}/v1/games/{game}").json()["status"] == "playing"

    again = spawn("--url", base_url, "--game", game, "--token", token)
    session = play_through(again, lambda n, shown: "1")

    assert session.status == 0, session.output[-2000:]
    assert f"game {game}, you are seat 1" in session.output
    assert httpx.get(f"{base_url}/v1/games/{game}").json()["status"] == "finished"


def test_without_a_server_it_says_to_start_escopa_serve() -> None:
    child = spawn("--url", f"http://127.0.0.1:{free_port()}")
    child.expect("escopa play: no Escopa service at http://127.0.0.1:")
    child.expect("start one with `escopa serve`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def readme_commands() -> list[str]:
    """The command lines of docs/terminal.md's block, comments dropped."""
    section = TERMINAL.read_text()
    block = section.split("```sh\n", 1)[1].split("\n```", 1)[0]
    return [line.split("  #", 1)[0].strip() for line in block.splitlines()]


def test_the_readme_terminal_commands_work_as_written(base_url: str, tmp_path: Path) -> None:
    commands = readme_commands()
    assert [c.split()[:2] for c in commands] == [
        [".venv/bin/escopa", verb] for verb in ("play", "play", "play", "simulate", "audit")
    ], "written as a person types them in the clone's folder, where `make run` put escopa"
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parents[1])  # the clone's folder
    exports = tmp_path / "exports"
    exports.mkdir()
    open_seat = httpx.post(
        f"{base_url}/v1/games",
        json={
            "players": [{"name": "Ana", "bot": "greedy"}, {"open": True}],
            "rules": {"target": 3},
        },
    ).json()
    env = {
        "ESCOPA_URL": base_url,
        "GAME": open_seat["game_id"],
        "INVITE": next(p["invite"] for p in open_seat["players"] if "invite" in p),
    }
    for command in commands[:3]:
        session = play_through(spawn_shell(command, tmp_path, **env), lambda n, shown: "1")
        assert session.status == 0, command + session.output[-2000:]
        game = game_id_of(session.output)
        export = httpx.get(f"{base_url}/v1/games/{game}/export")
        assert export.status_code == 200, command
        (exports / f"{game}.json").write_bytes(export.content)
    assert "Bia" in [
        p["name"] for p in httpx.get(f"{base_url}/v1/games/{env['GAME']}").json()["players"]
    ]

    simulated = spawn_shell(commands[3], tmp_path, **env)
    simulated.expect(r"expert +20 ")
    simulated.expect(r"greedy +20 ")
    simulated.expect(pexpect.EOF)
    simulated.close()
    assert simulated.exitstatus == 0

    audited = spawn_shell(commands[4], tmp_path, **env)
    audited.expect(r"3 exports: 3 ok, 0 failed, 0 unreadable")
    audited.expect(pexpect.EOF)
    audited.close()
    assert audited.exitstatus == 0


def catalog_messages(locale: str) -> list[str]:
    """Every message of the terminal's catalog in `locale` (`en`: the template's English), each
    plural form apart."""
    folder = LOCALE if locale == "en" else LOCALE / locale / "LC_MESSAGES"
    name = "escopa_client.pot" if locale == "en" else "escopa_client.po"
    with (folder / name).open("rb") as source:
        entries = [m for m in read_po(source) if m.id]
    if locale == "en":
        return [text for m in entries for text in (m.id if isinstance(m.id, tuple) else (m.id,))]
    return [
        text for m in entries for text in (m.string if isinstance(m.string, tuple) else (m.string,))
    ]


def test_a_match_in_portuguese_says_no_english_its_bots_hint_and_refusals_included(
    base_url: str,
) -> None:
    child = spawn("--url", base_url, "--bots", "expert", "--target", "1", language="pt_BR")
    typed = iter(["99", "h"])  # a wrong number, a hint, then the first move each time

    session = play_through(child, lambda n, shown: next(typed, "1"), prompt=prompt_in("pt_BR"))

    refused = spawn("--url", base_url, "--bots", "wizard", language="pt_BR")
    refused.expect(pexpect.EOF)
    said = session.output + str(refused.before)
    assert session.status == 0, said[-2000:]
    assert "Especialista 2" in said and "escolha um número de 1 a " in said
    assert "expert (especialista)" in said, "a level is typed as the API names it, and said"
    words = re.sub(r"https?://\S+", "", said)  # addresses are not words
    own = [*catalog_messages("pt_BR"), *LEVELS]  # and `--bots` takes the levels as they are
    english = english_left(words, catalog_messages("en"), own)
    assert english == [], "English in the Portuguese terminal"
