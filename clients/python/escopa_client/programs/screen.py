"""What `escopa play` shows: pure functions from the Python client's models (a seat's view, its
legal moves, a log entry, a round's score) to rich renderables. Cards read with their suits
(`7♦`, hearts and diamonds in red) and their codes, which is what a player types."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from escopa_client.generated.models import (
    Claimed,
    GameView,
    HandDealt,
    LastCardsTaken,
    LegalClaim,
    LegalDeal,
    LegalMoves,
    LegalPlay,
    LogEntry,
    MatchEnded,
    Outcome,
    Played,
    RoundEnded,
    RoundScore,
    SideScore,
    TableBonus,
)
from escopa_client.generated.types import Unset

SUITS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED: Final = frozenset("HD")
CATEGORY_NAMES: Final = {
    "escopa": "escopas",
    "most_cards": "most cards",
    "all_cards": "all the cards",
    "most_diamonds": "most diamonds",
    "all_diamonds": "all the diamonds",
    "seven_of_diamonds": "seven of diamonds",
    "most_sevens": "most sevens",
    "all_sevens": "all the sevens",
    "opponents_under_10": "opponents under 10 cards",
    "primeira": "primeira",
}
"""Every scoring category in the order the service's results list them, in words."""


def card(code: str) -> Text:
    """A card as its rank and suit symbol, `7♦`, red for hearts and diamonds."""
    rank, suit = code[:-1], code[-1]
    return Text(rank + SUITS.get(suit, suit), style="bold red" if suit in RED else "bold")


def cards(codes: Sequence[str]) -> Text:
    """Cards side by side, or `none`."""
    if not codes:
        return Text("none", style="dim")
    return Text(" ").join(card(code) for code in codes)


def seat_name(view: GameView, seat: int | None, me: int) -> str:
    """`you`, or the seat's name (a bot's with its level, unless the name says it)."""
    if seat is None:
        return "nobody"
    if seat == me:
        return "you"
    player = next((p for p in view.players if p.seat == seat), None)
    if player is None:
        return f"seat {seat}"
    if player.bot is None or player.name.lower().startswith(player.bot.value):
        return player.name
    return f"{player.name} ({player.bot.value})"


def side_name(view: GameView, seats: Sequence[int], me: int) -> str:
    """A side by its seats' names: `you + Greedy 2`."""
    return " + ".join(seat_name(view, seat, me) for seat in seats)


def board(view: GameView, me: int) -> Panel:
    """The table, the seat's hand, the others' hand sizes, each side's pile and score."""
    turn = "" if view.turn is None else f" · to play: {seat_name(view, view.turn, me)}"
    title = (
        f"round {view.round_}, hand {view.hand_number} · dealer {seat_name(view, view.dealer, me)}"
        f" · stock {view.stock_size}{turn}"
    )
    lines: list[RenderableType] = [
        Text.assemble(("table      ", "cyan"), cards(view.table)),
        Text.assemble(("your hand  ", "cyan"), cards(view.hand)),
    ]
    others = [
        f"{seat_name(view, seat, me)} {size} card{'s' * (size != 1)}"
        for seat, size in enumerate(view.hand_sizes)
        if seat != me
    ]
    lines.append(Text.assemble(("others     ", "cyan"), ", ".join(others)))
    if view.last_move is not None:
        last = view.last_move
        first, *taken = last.move.removeprefix("claim:").split("+")
        if last.move.startswith("claim:"):
            played = Text.assemble("claimed the missed capture ", cards([first, *taken]))
        else:
            played = Text.assemble("played ", card(first))
            if taken:
                played.append_text(Text.assemble(", taking ", cards(taken)))
        said = Text.assemble(f"{seat_name(view, last.seat, me)} ", played)
        if last.escopa:
            said.append(" (escopa)", style="green")
        lines.append(Text.assemble(("last move  ", "cyan"), said))
    if view.signals:
        sent = ", ".join(f"{seat_name(view, s.seat, me)}: {s.signal.value}" for s in view.signals)
        lines.append(Text.assemble(("signals    ", "cyan"), sent))
    scores = Table(box=None, padding=(0, 2), show_header=True, header_style="cyan")
    for column in ("side", "pile", "escopas", f"score (to {view.rules.target})"):
        scores.add_column(column)
    for side in view.sides:
        scores.add_row(
            side_name(view, side.seats, me), str(side.captured), str(side.escopas), str(side.score)
        )
    lines.append(scores)
    return Panel(Group(*lines), title=title, title_align="left")


Listed = LegalPlay | LegalClaim | LegalDeal


def choice_text(move: Listed) -> Text:
    """A legal move in words: `7♦ takes 3♠ 5♥`, `7♦ down`, `claim 5♥ 2♠ 8♣`, `deal`."""
    if isinstance(move, LegalPlay):
        if move.capture:
            return Text.assemble(card(move.card), " takes ", cards(move.capture))
        return Text.assemble(card(move.card), " down on the table")
    if isinstance(move, LegalClaim):
        return Text.assemble("claim the missed capture ", cards(move.claim))
    return Text("deal the next hand")


def choices(legal: LegalMoves) -> Table:
    """The legal moves numbered from 1, each in words and by its code."""
    listing = Table(box=None, padding=(0, 2), show_header=False)
    listing.add_column(justify="right", style="bold")
    listing.add_column()
    listing.add_column(style="dim")
    for number, move in enumerate(legal.moves, start=1):
        listing.add_row(str(number), choice_text(move), move.id)
    return listing


def entry_lines(entry: LogEntry, view: GameView, me: int) -> list[RenderableType]:
    """What one log entry did, a line per event (a round's end as its score table)."""
    who = seat_name(view, entry.seat, me)
    if entry.type_.value in ("joined", "left", "resigned", "aborted", "rematch"):
        return [Text(f"{who}: {entry.type_.value}", style="yellow")]
    shown: list[RenderableType] = []
    for event in entry.events:
        if isinstance(event, Played):
            actor = seat_name(view, event.seat, me)
            line = Text.assemble(f"{actor} played ", card(event.card))
            if event.capture:
                line.append_text(Text.assemble(", taking ", cards(event.capture)))
            if event.escopa:
                line.append(" — escopa!", style="bold green")
            shown.append(line)
        elif isinstance(event, Claimed):
            actor = seat_name(view, event.seat, me)
            shown.append(Text.assemble(f"{actor} claimed the missed capture ", cards(event.cards)))
        elif isinstance(event, TableBonus):
            actor = seat_name(view, event.seat, me)
            said = f"{actor} took the dealt table, {event.escopas} escopa(s): "
            shown.append(Text.assemble(said, cards(event.cards)))
        elif isinstance(event, HandDealt):
            what = "last hand" if event.last else f"hand {event.hand}"
            shown.append(Text(f"round {event.round_}, {what} dealt", style="dim"))
        elif isinstance(event, LastCardsTaken) and event.cards:
            taker = "nobody" if event.side is None else _side_of(view, event.side, me)
            shown.append(Text.assemble(f"{taker} took the last cards ", cards(event.cards)))
        elif isinstance(event, RoundEnded):
            shown.append(round_table(event.score, view, me))
        elif isinstance(event, MatchEnded):
            shown.append(Text(outcome_text(event.outcome, view, me), style="bold"))
    return shown


def _side_of(view: GameView, side: int, me: int) -> str:
    seats = next((s.seats for s in view.sides if s.side == side), [side])
    return side_name(view, seats, me)


def round_table(score: RoundScore, view: GameView, me: int) -> Table:
    """A round's scoring category by category: what each side captured, the points of every
    category anyone scored, the round's total and the match's."""
    table = Table(title=f"round {score.round_}", title_justify="left", header_style="cyan")
    table.add_column("")
    for side in score.sides:
        table.add_column(side_name(view, side.seats, me), justify="right")

    def row(label: str, values: Sequence[str]) -> None:
        table.add_row(label, *values)

    row("cards", [str(s.cards) for s in score.sides])
    row("diamonds", [str(s.diamonds) for s in score.sides])
    row("sevens", [str(s.sevens) for s in score.sides])
    if view.rules.points.primeira:  # a preset that scores no primeira shows none
        row("primeira", ["-" if s.primeira is None else str(s.primeira) for s in score.sides])
    row("escopas", [str(s.escopas) for s in score.sides])
    for category in categories(score):
        points = [_points(s, category) for s in score.sides]
        if any(points):
            label = CATEGORY_NAMES.get(category, category)
            row(f"+ {label}", [str(p) if p else "" for p in points])
    if any(s.void or s.penalty for s in score.sides):
        row("wrong captures", [f"-{s.penalty}" if s.void else "" for s in score.sides])
    table.add_section()
    row("round", [f"{s.total:+d}" for s in score.sides])
    row("match", [str(t) for t in score.match_totals])
    return table


def categories(score: RoundScore) -> list[str]:
    """The categories to list: the known ones in their order, then any a newer service adds."""
    scored = [c for side in score.sides for c in side.categories.additional_properties]
    return [*CATEGORY_NAMES, *dict.fromkeys(c for c in scored if c not in CATEGORY_NAMES)]


def _points(side: SideScore, category: str) -> int:
    return side.categories.additional_properties.get(category, 0)


def outcome_text(outcome: Outcome, view: GameView, me: int) -> str:
    """`you won 21-14 after 4 rounds`, `Expert 1 (expert) won ...`, or a draw."""
    totals = "-".join(str(t) for t in outcome.totals)
    rounds = f"after {outcome.rounds} round{'s' * (outcome.rounds != 1)}"
    result = "won" if isinstance(outcome.result, Unset) else outcome.result.value
    if result in ("won", "resigned") and outcome.winner is not None:
        winner = _side_of(view, outcome.winner, me)
        verb = "win" if winner == "you" or winner.startswith("you +") else "won"
        return f"match over: {winner} {verb} {totals} {rounds}"
    if result == "aborted":
        return "match over: aborted"
    verb = "drew" if result == "draw" else "shared the victory"
    return f"match over: the sides {verb} {totals} {rounds}"
