"""What `escopa play` shows: pure functions from the Python client's models (a seat's view, its
legal moves, a log entry, a round's score) and the deck drawn to rich renderables. Cards read
with their suits, French (`7♦`, hearts and diamonds in red) or Spanish naipes in the player's
words (`7 oros`, each suit in its colour), and their codes, which is what a player types."""

from __future__ import annotations

import re
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
from escopa_client.programs.decks import Deck
from escopa_client.programs.words import _, ngettext

SUITS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED: Final = frozenset("HD")
NAIPE_COLOURS: Final = {"D": "yellow", "H": "red", "S": "blue", "C": "green"}
"""The naipes' colours as the Spanish deck prints them: oros, copas, espadas, bastos."""
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
"""Every scoring category in the order the service's results list them, in words (English:
`_()` says them in the player's language)."""


def _marked() -> None:
    """The categories' words, for the catalogs' extraction (`CATEGORY_NAMES` holds them)."""
    _("escopas"), _("most cards"), _("all the cards"), _("most diamonds")
    _("all the diamonds"), _("seven of diamonds"), _("most sevens"), _("all the sevens")
    _("opponents under 10 cards"), _("primeira")


def card(code: str, deck: Deck) -> Text:
    """A card as its rank and suit: French `7♦` (red for hearts and diamonds), or Spanish
    `7 oros` (the naipe's word in the player's language, in its colour)."""
    rank, suit = code[:-1], code[-1]
    if deck == "spanish":
        return Text(f"{rank} {naipe(suit)}", style="bold " + NAIPE_COLOURS.get(suit, "default"))
    return Text(rank + SUITS.get(suit, suit), style="bold red" if suit in RED else "bold")


def naipe(suit: str) -> str:
    """A Spanish suit's word in the player's language (oros, copas, espadas, bastos in Spanish):
    the naipes have no symbols of their own."""
    words = {"D": _("coins"), "H": _("cups"), "S": _("swords"), "C": _("clubs")}
    return words.get(suit, suit)


def cards(codes: Sequence[str], deck: Deck) -> Text:
    """Cards side by side (naipes, which are words, between commas), or `none`."""
    if not codes:
        return Text(_("none"), style="dim")
    return Text(", " if deck == "spanish" else " ").join(card(code, deck) for code in codes)


def level_word(level: str) -> str:
    """A bot level in the player's words (`expert`, `especialista`)."""
    words = {"random": _("random"), "greedy": _("greedy"), "expert": _("expert")}
    return words.get(level, level)


def signal_word(signal: str) -> str:
    """A partner signal in the player's words (`guindis`, `another seven`)."""
    words = {"guindis": _("guindis"), "seven": _("another seven")}
    return words.get(signal, signal)


def bot_name(level: str, seat: int) -> str:
    """The name `escopa play` gives the bot it seats at `seat`: its level in the player's words
    and the seat's number as people count it, from 1 (`Expert 2`, `Especialista 2`)."""
    return _("{level} {seat}").format(level=level_word(level).capitalize(), seat=seat + 1)


def seat_name(view: GameView, seat: int | None, me: int) -> str:
    """`you`, or the seat's name (a bot's with its level, unless the name says it); a seat's
    number counted from 1."""
    if seat is None:
        return _("nobody")
    if seat == me:
        return _("you")
    player = next((p for p in view.players if p.seat == seat), None)
    if player is None:
        return _("seat {seat}").format(seat=seat + 1)
    if player.bot is None:
        return player.name
    level = level_word(player.bot.value)
    if player.name.lower().startswith(level.lower()):
        return player.name
    return f"{player.name} ({level})"


def side_name(view: GameView, seats: Sequence[int], me: int) -> str:
    """A side by its seats' names: `you + Greedy 3`."""
    return " + ".join(seat_name(view, seat, me) for seat in seats)


def board(view: GameView, me: int, deck: Deck) -> Panel:
    """The table, the seat's hand, the others' hand sizes, each side's pile and score."""
    turn = (
        ""
        if view.turn is None
        else _(" · to play: {who}").format(who=seat_name(view, view.turn, me))
    )
    title = (
        _("round {round}, hand {hand} · dealer {dealer} · stock {stock}").format(
            round=view.round_,
            hand=view.hand_number,
            dealer=seat_name(view, view.dealer, me),
            stock=view.stock_size,
        )
        + turn
    )
    lines: list[RenderableType] = [
        Text.assemble((label(_("table")), "cyan"), cards(view.table, deck)),
        Text.assemble((label(_("your hand")), "cyan"), cards(view.hand, deck)),
    ]
    others = [
        ngettext("{who} {count} card", "{who} {count} cards", size).format(
            who=seat_name(view, seat, me), count=size
        )
        for seat, size in enumerate(view.hand_sizes)
        if seat != me
    ]
    lines.append(Text.assemble((label(_("others")), "cyan"), ", ".join(others)))
    if view.last_move is not None:
        last = view.last_move
        first, *taken = last.move.removeprefix("claim:").split("+")
        who = seat_name(view, last.seat, me)
        if last.move.startswith("claim:"):
            said = _("{who} claimed the missed capture ").format(who=who)
            played = Text.assemble(said, cards([first, *taken], deck))
        elif taken:
            said = _("{who} played {card} and took {cards}").format(
                who=who, card="{0}", cards="{1}"
            )
            played = assembled(said, card(first, deck), cards(taken, deck))
        else:
            said = _("{who} played {card}").format(who=who, card="{0}")
            played = assembled(said, card(first, deck))
        if last.escopa:
            played.append(_(" (escopa)"), style="green")
        lines.append(Text.assemble((label(_("last move")), "cyan"), played))
    if view.signals:
        sent = ", ".join(
            f"{seat_name(view, s.seat, me)}: {signal_word(s.signal.value)}" for s in view.signals
        )
        lines.append(Text.assemble((label(_("signals")), "cyan"), sent))
    scores = Table(box=None, padding=(0, 2), show_header=True, header_style="cyan")
    target = _("score (to {target})").format(target=view.rules.target)
    for column in (_("side"), _("pile"), _("escopas"), target):
        scores.add_column(column)
    for side in view.sides:
        scores.add_row(
            side_name(view, side.seats, me), str(side.captured), str(side.escopas), str(side.score)
        )
    lines.append(scores)
    return Panel(Group(*lines), title=title, title_align="left")


Listed = LegalPlay | LegalClaim | LegalDeal


def label(word: str) -> str:
    """A line's label, padded so the lines' contents align (a longer one, `última jugada`,
    still a space before them)."""
    return f"{word:<10} "


def assembled(template: str, *parts: Text) -> Text:
    """A sentence whose `{0}`, `{1}` are coloured parts (cards), wherever the language puts them."""
    text = Text()
    for piece in re.split(r"(\{\d\})", template):
        if re.fullmatch(r"\{\d\}", piece):
            text.append_text(parts[int(piece[1])])
        elif piece:
            text.append(piece)
    return text


def choice_text(move: Listed, deck: Deck) -> Text:
    """A legal move in words: `7♦ takes 3♠ 5♥`, `7♦ down`, `claim 5♥ 2♠ 8♣`, `deal`."""
    if isinstance(move, LegalPlay):
        if move.capture:
            return assembled(_("{0} takes {1}"), card(move.card, deck), cards(move.capture, deck))
        return assembled(_("{0} down on the table"), card(move.card, deck))
    if isinstance(move, LegalClaim):
        return assembled(_("claim the missed capture {0}"), cards(move.claim, deck))
    return Text(_("deal the next hand"))


def choices(legal: LegalMoves, deck: Deck) -> Table:
    """The legal moves numbered from 1, each in words and by its code."""
    listing = Table(box=None, padding=(0, 2), show_header=False)
    listing.add_column(justify="right", style="bold")
    listing.add_column()
    listing.add_column(style="dim")
    for number, move in enumerate(legal.moves, start=1):
        listing.add_row(str(number), choice_text(move, deck), move.id)
    return listing


def entry_lines(entry: LogEntry, view: GameView, me: int, deck: Deck) -> list[RenderableType]:
    """What one log entry did, a line per event (a round's end as its score table)."""
    who = seat_name(view, entry.seat, me)
    life = {
        "joined": _("{who} takes a seat"),
        "left": _("{who} leaves the seat"),
        "resigned": _("{who} resigns"),
        "aborted": _("{who} aborts the match"),
        "rematch": _("{who} asks for a rematch"),
    }
    if entry.type_.value in life:
        return [Text(life[entry.type_.value].format(who=who), style="yellow")]
    shown: list[RenderableType] = []
    for event in entry.events:
        if isinstance(event, Played):
            actor = seat_name(view, event.seat, me)
            if event.capture:
                said = _("{who} played {card} and took {cards}")
                line = assembled(
                    said.format(who=actor, card="{0}", cards="{1}"),
                    card(event.card, deck),
                    cards(event.capture, deck),
                )
            else:
                said = _("{who} played {card}")
                line = assembled(said.format(who=actor, card="{0}"), card(event.card, deck))
            if event.escopa:
                line.append(_(" — escopa!"), style="bold green")
            shown.append(line)
        elif isinstance(event, Claimed):
            actor = seat_name(view, event.seat, me)
            said = _("{who} claimed the missed capture ").format(who=actor)
            shown.append(Text.assemble(said, cards(event.cards, deck)))
        elif isinstance(event, TableBonus):
            actor = seat_name(view, event.seat, me)
            said = ngettext(
                "{who} took the dealt table, {count} escopa: ",
                "{who} took the dealt table, {count} escopas: ",
                event.escopas,
            ).format(who=actor, count=event.escopas)
            shown.append(Text.assemble(said, cards(event.cards, deck)))
        elif isinstance(event, HandDealt):
            what = (
                _("round {round}, last hand dealt")
                if event.last
                else _("round {round}, hand {hand} dealt")
            )
            shown.append(Text(what.format(round=event.round_, hand=event.hand), style="dim"))
        elif isinstance(event, LastCardsTaken) and event.cards:
            taker = _("nobody") if event.side is None else _side_of(view, event.side, me)
            said = _("{who} took the last cards ").format(who=taker)
            shown.append(Text.assemble(said, cards(event.cards, deck)))
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
    title = _("round {round}").format(round=score.round_)
    table = Table(title=title, title_justify="left", header_style="cyan")
    table.add_column("")
    for side in score.sides:
        table.add_column(side_name(view, side.seats, me), justify="right")

    def row(label: str, values: Sequence[str]) -> None:
        table.add_row(label, *values)

    row(_("cards"), [str(s.cards) for s in score.sides])
    row(_("diamonds"), [str(s.diamonds) for s in score.sides])
    row(_("sevens"), [str(s.sevens) for s in score.sides])
    if view.rules.points.primeira:  # a preset that scores no primeira shows none
        row(_("primeira"), ["-" if s.primeira is None else str(s.primeira) for s in score.sides])
    row(_("escopas"), [str(s.escopas) for s in score.sides])
    for category in categories(score):
        points = [_points(s, category) for s in score.sides]
        if any(points):
            named = _(CATEGORY_NAMES[category]) if category in CATEGORY_NAMES else category
            row(f"+ {named}", [str(p) if p else "" for p in points])
    if any(s.void or s.penalty for s in score.sides):
        row(_("wrong captures"), [f"-{s.penalty}" if s.void else "" for s in score.sides])
    table.add_section()
    row(_("round"), [f"{s.total:+d}" for s in score.sides])
    row(_("match"), [str(t) for t in score.match_totals])
    return table


def categories(score: RoundScore) -> list[str]:
    """The categories to list: the known ones in their order, then any a newer service adds."""
    scored = [c for side in score.sides for c in side.categories.additional_properties]
    return [*CATEGORY_NAMES, *dict.fromkeys(c for c in scored if c not in CATEGORY_NAMES)]


def _points(side: SideScore, category: str) -> int:
    return side.categories.additional_properties.get(category, 0)


def outcome_text(outcome: Outcome, view: GameView, me: int) -> str:
    """`you won 21-14 after 4 rounds`, `Rita (expert) won ...`, or a draw."""
    totals = "-".join(str(t) for t in outcome.totals)
    rounds = ngettext("after {count} round", "after {count} rounds", outcome.rounds)
    after = rounds.format(count=outcome.rounds)
    result = "won" if isinstance(outcome.result, Unset) else outcome.result.value
    if result in ("won", "resigned") and outcome.winner is not None:
        winner = _side_of(view, outcome.winner, me)
        mine = me in next((s.seats for s in view.sides if s.side == outcome.winner), [])
        said = (
            _("match over: you win {totals} {after}")
            if mine
            else _("match over: {winner} won {totals} {after}")
        )
        return said.format(winner=winner, totals=totals, after=after)
    if result == "aborted":
        return _("match over: aborted")
    if result == "draw":
        return _("match over: the sides drew {totals} {after}").format(totals=totals, after=after)
    said = _("match over: the sides shared the victory {totals} {after}")
    return said.format(totals=totals, after=after)
