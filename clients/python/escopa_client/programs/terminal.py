"""The game `escopa play` runs: a match in the terminal, over a running `escopa serve`, through
this client: against bots (a new game), or at a seat joined by its invite (or taken again with
its token). Each turn shows the table, in the deck of the game's preset (or `--deck`), and
offers the legal moves, chosen by number or by code; the other seats' moves and each round's
scoring arrive live."""

from __future__ import annotations

import itertools
import logging
import os
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

import httpx
from rich.console import Console, RenderableType

from escopa_client import ApiError, Escopa, Event, Table, answer
from escopa_client.generated.api.games import get_hint, get_log
from escopa_client.generated.api.rules import list_presets
from escopa_client.generated.api.seats import join_game
from escopa_client.generated.models import (
    BotLevel,
    GameView,
    Hint,
    JoinByInvite,
    Joined,
    LegalMoves,
    ListPresetsResponse200,
    LogEntry,
    LogPage,
)
from escopa_client.programs.decks import Deck, deck_of
from escopa_client.programs.screen import (
    SUITS,
    Listed,
    board,
    bot_name,
    choices,
    entry_lines,
    level_word,
    outcome_text,
)
from escopa_client.programs.words import _, ngettext, pick, speak

Ask = Callable[[str], str]
"""Reads one line the player types, after showing the prompt."""

RECENT: Final = 8
"""The lines of the game said last, shown above the board each time it is redrawn."""
LEVELS: Final = tuple(level.value for level in BotLevel)
"""The bot levels a seat may have, as the service's document lists them."""


@dataclass(frozen=True)
class Options:
    """What `escopa play` was asked: the service, then a new game against bots (`bots`,
    `players`, `preset`, `target`) or the seat of `game` (by its `invite` or its `token`)."""

    url: str
    name: str = "You"
    bots: str = "expert"
    players: int | None = None
    preset: str = "escopa"
    target: int | None = None
    game: str | None = None
    invite: str | None = None
    token: str | None = None
    api_key: str | None = None
    lang: str | None = None
    player_id: str | None = None
    """Your id across games (the service's players and leaderboards); with `rated`, the game
    against bots counts on its ladder."""
    player_secret: str | None = None
    """Your player id's secret (`POST /v1/players`), on a server without API keys."""
    rated: bool = False
    deck: Deck | None = None
    """The deck drawn, `french` or `spanish`; None: the one the game's preset is played with."""
    tournament: str | None = None
    """Play this tournament's tables in turn, as the entrant of `token` (`programs.tournament`)."""


class Seat(NamedTuple):
    """The seat this terminal plays: its game, number and token."""

    game_id: str
    seat: int
    token: str


class Quit(Exception):
    """The player left the table (`q`, end of input)."""


def bot_levels(bots: str, players: int | None) -> list[str]:
    """The level of each bot seat: `--bots` in order, repeated to fill `--players` - 1 seats;
    raises ValueError when a level is unknown or there are more levels than seats."""
    levels = [name.strip() for name in bots.split(",") if name.strip()]
    unknown = [name for name in levels if name not in LEVELS]
    if unknown or not levels:
        said = _("unknown bot level {level!r}; known: {known}")
        known = ", ".join(f"{level} ({level_word(level)})" for level in LEVELS)
        raise ValueError(said.format(level=unknown[0] if unknown else "", known=known))
    if players is None:
        return levels
    if len(levels) > players - 1:
        said = ngettext(
            "{levels} bot levels for {seats} bot seat",
            "{levels} bot levels for {seats} bot seats",
            players - 1,
        )
        raise ValueError(said.format(levels=len(levels), seats=players - 1))
    return list(itertools.islice(itertools.cycle(levels), players - 1))


def creation(
    name: str,
    levels: list[str],
    preset: str,
    target: int | None,
    player_id: str | None = None,
    rated: bool = False,
    player_secret: str | None = None,
) -> dict[str, Any]:
    """The `POST /v1/games` body: the player at seat 0 (by a player id, with its secret if
    given), a bot at every other seat, named in the player's words; `rated`: the game counts on
    its ladder."""
    person: dict[str, Any] = {"name": name, "player_id": player_id}
    if player_secret is not None:
        person["player_secret"] = player_secret
    seats: list[Any] = [name if player_id is None else person]
    seats += [{"name": bot_name(level, seat), "bot": level} for seat, level in enumerate(levels, 1)]
    body: dict[str, Any] = {"players": seats, "preset": preset}
    if target is not None:
        body["rules"] = {"target": target}
    if rated:
        body["rated"] = True
    return body


def take_seat(service: Escopa, args: Options) -> Seat:
    """Create the game against bots, join the one of `--game` by its invite, or take the seat of
    `--token` again."""
    if args.game and args.token:
        view = service.table(args.game, args.token).view()
        assert view.seat is not None
        return Seat(args.game, view.seat, args.token)
    if args.game and args.invite:
        body = JoinByInvite(invite=args.invite, name=args.name)
        if args.player_id is not None:
            body.player_id = args.player_id
        if args.player_secret is not None:
            body.player_secret = args.player_secret
        joined = answer(
            join_game.sync_detailed(args.game, client=service.client(), body=body), Joined
        )
        return Seat(args.game, joined.seat, joined.token)
    if args.game:
        raise ValueError(_("--game needs --invite (an open seat) or --token (your seat)"))
    levels = bot_levels(args.bots, args.players)
    made = creation(
        args.name, levels, args.preset, args.target, args.player_id, args.rated, args.player_secret
    )
    created = service.create_game(made)
    mine = created.players[0]
    assert isinstance(mine.token, str), "a person's seat is answered with its token"
    return Seat(created.game_id, mine.seat, mine.token)


def parse_choice(text: str, legal: LegalMoves) -> Listed | str:
    """The legal move the player typed: its number, its code (`7D+3S+5H`, captures in any
    order, suits as symbols too), or a card when only one move plays it; else why not."""
    typed = text.strip()
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(legal.moves):
            return legal.moves[number - 1]
        return _("choose a number from 1 to {count}").format(count=len(legal.moves))
    wanted = _key(typed)
    for move in legal.moves:
        if _key(move.id) == wanted:
            return move
    playing = [m for m in legal.moves if _key(m.id)[:2] == wanted[:2] and len(wanted[2]) == 0]
    if len(playing) == 1:
        return playing[0]
    if playing:
        numbers = ", ".join(str(legal.moves.index(m) + 1) for m in playing)
        said = _("{typed} plays several ways ({numbers}): type its number or the whole code")
        return said.format(typed=typed, numbers=numbers)
    said = _("{typed!r} is not a legal move here: type a number or a code from the list")
    return said.format(typed=typed)


def _key(text: str) -> tuple[str, str, tuple[str, ...]]:
    """A move's code made comparable: kind, first card, the other cards sorted."""
    upper = text.upper().replace(" ", "+").replace(",", "+")
    for suit, symbol in SUITS.items():
        upper = upper.replace(symbol, suit)
    kind = "claim" if upper.startswith("CLAIM:") else "play"
    parts = [p for p in upper.removeprefix("CLAIM:").split("+") if p]
    if not parts:
        return (kind, "", ())
    if kind == "claim":
        return (kind, "", tuple(sorted(parts)))
    return (kind, parts[0], tuple(sorted(parts[1:])))


class Terminal:
    """The player at the terminal: shows the table and asks for a move on each turn, and shows
    every entry of the game as it arrives."""

    def __init__(self, console: Console, ask: Ask, table: Table, seat: int, deck: Deck) -> None:
        self.console = console
        self.redraw = console.is_terminal
        """On a terminal each turn redraws the screen in place: the last lines said, the board."""
        self.recent: deque[RenderableType] = deque(maxlen=RECENT)
        self.ask = ask
        self.table = table
        self.seat = seat
        self.deck = deck
        self.view = table.view()
        self.ended = False
        self.shown = self.view.version
        """The seq of the last entry shown (the ones before the first view are not)."""

    def choose(self, view: GameView, legal: LegalMoves) -> Listed:
        """Show what happened since the last entry shown, the table and the legal moves; the
        one the player types."""
        self.view = view
        self.catch_up(view.version)
        if self.redraw:
            self.console.clear()
            for line in self.recent:
                self.console.print(line)
        self.console.print(board(view, self.seat, self.deck))
        self.console.print(choices(legal, self.deck))
        while True:
            try:
                numbers = "1" if len(legal.moves) == 1 else f"1-{len(legal.moves)}"
                signals = _(", s guindis or s seven to signal") if _signalling(view) else ""
                prompt = _("your move ({numbers}, a code{signals}, h for a hint, q to leave): ")
                typed = self.ask(prompt.format(numbers=numbers, signals=signals))
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if typed.strip().lower() in ("q", "quit"):
                raise Quit
            if typed.strip().lower() in ("h", "hint"):
                self.console.print(self.hint(legal))
                continue
            if typed.strip().lower().startswith("s "):
                self.console.print(self.signal(typed.strip()[2:].strip().lower()))
                continue
            found = parse_choice(typed, legal)
            if not isinstance(found, str):
                return found
            self.console.print(found, style="yellow")

    def hint(self, legal: LegalMoves) -> str:
        """The expert bot's move for this seat now (`GET /hint`), by its number, or why not."""
        try:
            response = get_hint.sync_detailed(
                self.table.game_id, client=self.table.client, level=BotLevel.EXPERT
            )
            found = answer(response, Hint)
        except ApiError as error:
            return _("no hint: {error}").format(error=error)
        number = next((n for n, m in enumerate(legal.moves, 1) if m.id == found.move.id), None)
        return _("the expert would play {number}: {move}").format(number=number, move=found.move.id)

    def signal(self, name: str) -> str:
        """Send a partner signal (`guindis`: the seven of diamonds, `seven`: another seven)."""
        if name not in ("guindis", "seven"):
            return _("the signals are guindis (the seven of diamonds) and seven (another seven)")
        try:
            self.table.signal(name)
        except ApiError as error:
            return _("no signal: {error}").format(error=error)
        return _("you signalled {name} to your partner").format(name=name)

    def on_event(self, event: Event) -> None:
        """Show what the entry did, unless shown already (a join refreshes the names)."""
        self.ended = self.ended or event.ends_match
        if event.seq > self.shown:
            self.show(event.entry)

    def catch_up(self, version: int) -> None:
        """Show the entries up to `version` that the events stream has not brought yet: the
        other seats may have played before the stream's next message arrives."""
        while self.shown < version:
            response = get_log.sync_detailed(
                self.table.game_id, client=self.table.client, after=self.shown, limit=200
            )
            page = answer(response, LogPage)
            for entry in page.entries:
                if entry.seq <= version:
                    self.show(entry)
            if not page.entries:
                break

    def show(self, entry: LogEntry) -> None:
        """Print one entry's lines and remember it is shown."""
        if entry.type_.value == "joined":
            self.view = self.table.view()
        for line in entry_lines(entry, self.view, self.seat, self.deck):
            self.console.print(line)
            self.recent.append(line)
        self.shown = max(self.shown, entry.seq)


def _signalling(view: GameView) -> bool:
    """Whether partners may signal at this table (4 players in partnerships, signals on)."""
    partnered = view.rules.partnerships
    paired = view.rules.players == 4 if partnered is None else bool(partnered)
    return paired and view.rules.signals


def speaking(args: Options, console: Console | None) -> tuple[Console, str]:
    """Speak the player's language (`--lang`, else the environment's) from now on: the console
    to say it on, and the language as the service is asked it (`pt-BR`)."""
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request otherwise
    spoken = pick(args.lang, os.environ)
    speak(spoken)
    return console or Console(highlight=False), spoken.replace("_", "-")


def refusal(console: Console, url: str, error: Exception) -> int:
    """Say why play cannot start (a wrong option, no service at `url`, the service's refusal):
    exit status 2."""
    if isinstance(error, httpx.TransportError):
        said = _("escopa play: no Escopa service at {url}; start one with `escopa serve`")
        console.print(said.format(url=url), soft_wrap=True)
    else:
        console.print(f"escopa play: {error}", soft_wrap=True)
    return 2


def run(args: Options, console: Console | None = None, ask: Ask | None = None) -> int:
    """Take the seat and play it to the end of the match; 2 when that cannot start."""
    console, language = speaking(args, console)
    asked = ask or console.input
    with Escopa(args.url, api_key=args.api_key, language=language) as service:
        try:
            seat = take_seat(service, args)
        except (ValueError, httpx.TransportError, ApiError) as error:
            return refusal(console, args.url, error)
        table = service.table(seat.game_id, seat.token)
        console.print(
            _("game {game}, you are seat {seat}").format(game=seat.game_id, seat=seat.seat + 1)
        )
        deck = args.deck or drawn_deck(service, table.view())
        player = Terminal(console, asked, table, seat.seat, deck)
        try:
            final = table.play(player.choose, player.on_event, after=player.shown)
        except KeyboardInterrupt:
            return _left(console, args.url, seat)
        except ApiError as error:
            return refused_midway(console, error)
        except Quit:
            return _left(console, args.url, seat)
    if final.outcome is not None and not player.ended:
        console.print(outcome_text(final.outcome, final, seat.seat), style="bold")
    console.print(_("replay: {url}").format(url=f"{args.url.rstrip('/')}/replay/{seat.game_id}"))
    return 0


def refused_midway(console: Console, error: ApiError) -> int:
    """Say that the service refused something while playing: exit status 1."""
    said = _("escopa play: the service refused: {error}").format(error=error)
    console.print(said, soft_wrap=True)
    return 1


def drawn_deck(service: Escopa, view: GameView) -> Deck:
    """The deck the game's preset is played with, its rules compared with the service's
    presets (`GET /v1/rules/presets`): a game joined by its invite names no preset."""
    presets = answer(list_presets.sync_detailed(client=service.client()), ListPresetsResponse200)
    return deck_of(view.rules.to_dict(), presets.to_dict())


def _left(console: Console, url: str, seat: Seat) -> int:
    """Say how to come back: the seat stays the player's, the game waits for its moves."""
    return left(console, f"escopa play --url {url} --game {seat.game_id} --token {seat.token}")


def left(console: Console, again: str) -> int:
    """Say the command that takes the player's place again."""
    said = _("you left the table; take your seat again with: {command}").format(command=again)
    console.print(said, soft_wrap=True)
    return 0
