"""`escopa play --tournament ID --token T`: each of an entrant's tables played in the terminal in
turn (`Entrant.play`), a `Terminal` a table, and what the entrant is told between them: its
table ready, its game over and the round not yet, a bye, its final place."""

from __future__ import annotations

import httpx
from rich.console import Console

from escopa_client import ApiError, Entrant, Escopa, Event
from escopa_client.generated.models import (
    EntrantTable,
    EntrantTableStatus,
    GameView,
    LegalMoves,
    TournamentView,
    TournamentViewScoring,
)
from escopa_client.programs.screen import Listed, level_word, outcome_text
from escopa_client.programs.terminal import (
    Ask,
    Options,
    Quit,
    Terminal,
    drawn_deck,
    left,
    refusal,
    refused_midway,
    speaking,
)
from escopa_client.programs.words import _, ngettext


def opponent(tournament: TournamentView, where: EntrantTable) -> str:
    """The entrant's opponent at the game `where` names, a bot's level beside its name."""
    table = next(
        t for r in tournament.rounds or () for t in r.tables if where.game_id in (t.game_ids or [])
    )
    other = table.a if where.seat == 1 else table.b
    assert isinstance(other, int), "a table with a game has two entrants"
    record = tournament.entrants[other]
    if not record.bot:
        return record.name
    return f"{record.name} ({level_word(str(record.bot))})"


def final_words(tournament: TournamentView, where: EntrantTable) -> str:
    """The entrant's final place and total: IMPs, matchpoints, or points when scored plainly."""
    total = where.total if isinstance(where.total, int) else 0
    if tournament.scoring == TournamentViewScoring.PLAIN:
        said = ngettext(
            "the tournament is over: you finished in place {rank} of {entrants}, with {count} "
            "point",
            "the tournament is over: you finished in place {rank} of {entrants}, with {count} "
            "points",
            total,
        )
    elif tournament.scoring == TournamentViewScoring.IMPS:
        said = ngettext(
            "the tournament is over: you finished in place {rank} of {entrants}, with {count} IMP",
            "the tournament is over: you finished in place {rank} of {entrants}, with {count} IMPs",
            total,
        )
    else:
        said = ngettext(
            "the tournament is over: you finished in place {rank} of {entrants}, with {count} "
            "matchpoint",
            "the tournament is over: you finished in place {rank} of {entrants}, with {count} "
            "matchpoints",
            total,
        )
    return said.format(rank=where.rank, entrants=len(tournament.entrants), count=total)


def between_words(tournament: TournamentView, where: EntrantTable) -> str:
    """What the entrant is told when it is at no table: its game over, a bye, the end."""
    if where.status == EntrantTableStatus.FINISHED:
        return final_words(tournament, where)
    if where.status == EntrantTableStatus.BYE:
        said = _(
            "round {round}: you have a bye; the next round starts when every table has finished"
        )
    elif where.round_ < tournament.round_count:
        said = _(
            "round {round}: your game is over; the next round starts when every table has finished"
        )
    else:
        said = _(
            "round {round}: your game is over; the tournament ends when every table has finished"
        )
    return said.format(round=where.round_)


class Tables:
    """The entrant at the terminal: a `Terminal` for the table it plays now (a new one each
    round), and each new place said as `Entrant.play` tells it."""

    def __init__(
        self, service: Escopa, entrant: Entrant, args: Options, console: Console, ask: Ask
    ) -> None:
        self.service = service
        self.entrant = entrant
        self.args = args
        self.console = console
        self.ask = ask
        self.terminal: Terminal | None = None

    def choose(self, view: GameView, legal: LegalMoves) -> Listed:
        assert self.terminal is not None, "a move is asked only at a table"
        return self.terminal.choose(view, legal)

    def on_event(self, event: Event) -> None:
        if self.terminal is not None:
            self.terminal.on_event(event)

    def on_table(self, where: EntrantTable) -> None:
        """Say the entrant's new place; at a new table, seat a new `Terminal` there."""
        self.close()
        tournament = self.entrant.tournament()
        if where.status != EntrantTableStatus.PLAYING:
            self.console.print(between_words(tournament, where), style="bold", soft_wrap=True)
            return
        table = self.entrant.table(where)
        seat = int(where.seat or 0)
        said = _(
            "round {round} of {rounds}: your table is ready, against {opponent}: game {game}, "
            "you are seat {seat}"
        )
        rounds, against = tournament.round_count, opponent(tournament, where)
        said = said.format(
            round=where.round_, rounds=rounds, opponent=against, game=where.game_id, seat=seat + 1
        )
        self.console.print(said, style="bold", soft_wrap=True)
        deck = self.args.deck or drawn_deck(self.service, table.view())
        self.terminal = Terminal(self.console, self.ask, table, seat, deck)

    def close(self) -> None:
        """The table played last is over: say its outcome, unless its entries said it."""
        terminal, self.terminal = self.terminal, None
        if terminal is None or terminal.ended:
            return
        final = terminal.table.view()
        if final.outcome is not None:
            self.console.print(outcome_text(final.outcome, final, terminal.seat), style="bold")


def run(args: Options, console: Console | None = None, ask: Ask | None = None) -> int:
    """Play each of the entrant's tables in turn to the tournament's end; 2 when that cannot
    start (no `--token`, no service, a token that is no entrant's)."""
    console, language = speaking(args, console)
    asked = ask or console.input
    assert args.tournament is not None, "the tournament's id"
    page = f"{args.url.rstrip('/')}/tournaments/{args.tournament}"
    with Escopa(args.url, api_key=args.api_key, language=language) as service:
        if not args.token:
            problem = ValueError(_("--tournament needs --token (your entrant's token)"))
            return refusal(console, args.url, problem)
        entrant = service.entrant(args.tournament, args.token)
        try:
            where = entrant.where()
        except (httpx.TransportError, ApiError) as error:
            return refusal(console, args.url, error)
        tournament = entrant.tournament()
        name = tournament.entrants[where.entrant].name
        said = _("tournament {tournament}: you play as {number}. {name}; its page: {page}")
        console.print(
            said.format(tournament=tournament.name, number=where.entrant + 1, name=name, page=page),
            soft_wrap=True,
        )
        player = Tables(service, entrant, args, console, asked)
        again = f"escopa play --url {args.url} --tournament {args.tournament} --token {args.token}"
        try:
            entrant.play(player.choose, player.on_event, player.on_table)
        except (KeyboardInterrupt, Quit):
            return left(console, again)
        except ApiError as error:
            return refused_midway(console, error)
    return 0
