"""Round scoring by category, the honor-mode final check, and the match outcome."""

from __future__ import annotations

from collections.abc import Container, Sequence
from functools import lru_cache
from typing import Final, Literal, NamedTuple

import msgspec

from engine.cards import DECK, SEVEN_OF_DIAMONDS, SUITS
from engine.rules import Points, PrimeiraFigures, Rules, seats_of

DIAMONDS_IN_DECK: Final = 10
SEVENS_IN_DECK: Final = 4
UNDER_CARDS: Final = 10
FIGURES: Final = frozenset("QJK")
HONOR_PENALTY: Final = 4

CATEGORIES: Final = (
    "escopa",
    "most_cards",
    "all_cards",
    "most_diamonds",
    "all_diamonds",
    "seven_of_diamonds",
    "most_sevens",
    "all_sevens",
    "opponents_under_10",
    "primeira",
)
"""Every scoring category, in the order results list them; the same names as `Points`."""


class SideScore(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One side's round: what it captured and the points it won in each category.

    `total` is what the round adds to the match: the sum of `categories`, or, for a side whose
    wrong captures the honor-mode final check found, `-penalty` (its own points are void).
    """

    side: int
    seats: tuple[int, ...]
    cards: int
    diamonds: int
    sevens: int
    seven_of_diamonds: bool
    primeira: int | None
    escopas: int
    categories: dict[str, int]
    wrong_captures: int = 0
    void: bool = False
    penalty: int = 0
    total: int = 0


class RoundScore(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A round's result: each side's breakdown, the last cards and the match totals after it."""

    round: int
    sides: tuple[SideScore, ...]
    last_cards: tuple[str, ...]
    last_capturer: int | None
    match_totals: tuple[int, ...]


Result = Literal["won", "draw", "shared", "resigned", "aborted", "timeout"]


class Outcome(msgspec.Struct, frozen=True, gc=False, kw_only=True, omit_defaults=True):
    """The end of a match: how it ended, the winning seats, and every side's final total.

    `result` is `won` (one side won: `winner`), `draw` (the sides in `tied` drew: no winner, no
    seats) or `shared` (the sides in `tied` all won: `seats` are all of theirs, `winner` null).
    `result` and `tied` are left out of the encoding when one side won, as before they existed.
    `resigned` (the seats of the side that resigned, with the other sides in `seats`) and
    `aborted` (no winner, no seats) end a match early (`engine.ending`), and `timeout` (the
    seats of the side whose clock ran out in `timed_out`, the other sides in `seats`).
    """

    winner: int | None
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: int
    result: Result = "won"
    tied: tuple[int, ...] = ()
    resigned: tuple[int, ...] = ()
    timed_out: tuple[int, ...] = ()


def primeira_total(
    cards: Sequence[str], values: dict[str, int], figures: PrimeiraFigures = "count"
) -> int | None:
    """The best card of each suit summed, or None when the side lacks a suit.

    With `figures: "ignore"` only cards 7 and below hold a suit: a figure is never counted.
    """
    held = set(cards)
    total = 0
    for ranked in _ranked(tuple(values.items()), figures):
        for card, value in ranked:
            if card in held:
                total += value
                break
        else:
            return None
    return total


@lru_cache(maxsize=64)
def _ranked(
    values: tuple[tuple[str, int], ...], figures: PrimeiraFigures
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per suit, the cards that hold it in the primeira with their values, the best first."""
    counted = [(rank, value) for rank, value in values if figures == "count" or rank not in FIGURES]
    counted.sort(key=lambda item: -item[1])
    return tuple(tuple((rank + suit, value) for rank, value in counted) for suit in SUITS)


class Tally(NamedTuple):
    """What one side captured in a round, as the categories count it."""

    cards: int
    diamonds: int
    sevens: int
    seven_of_diamonds: bool
    primeira: int | None


def tally(
    pile: Sequence[str], primeira_values: dict[str, int], figures: PrimeiraFigures = "count"
) -> Tally:
    """Count a side's captured cards for the categories."""
    codes = "".join(pile)  # rank then suit: "D" can only be a suit, "7" only a rank
    return Tally(
        cards=len(pile),
        diamonds=codes.count("D"),
        sevens=codes.count("7"),
        seven_of_diamonds=SEVEN_OF_DIAMONDS in pile,
        primeira=primeira_total(pile, primeira_values, figures),
    )


def _sole_best(amounts: Sequence[int | None]) -> int | None:
    """The side with strictly the highest amount, or None on a tie or when nobody qualifies."""
    best: int | None = None
    winner: int | None = None
    for side, amount in enumerate(amounts):
        if amount is None:
            continue
        if best is None or amount > best:
            best, winner = amount, side
        elif amount == best:
            winner = None
    return winner


@lru_cache(maxsize=64)
def _scoring(points: Points) -> tuple[tuple[str, int], ...]:
    """The categories that score (points above 0) with their points, in `CATEGORIES` order."""
    return tuple((name, getattr(points, name)) for name in CATEGORIES if getattr(points, name))


def _winners(tallies: Sequence[Tally]) -> dict[str, Container[int]]:
    """For each card-based category, the sides that win it (one side at most holds all the
    cards, diamonds or sevens, or the seven of diamonds)."""
    cards, diamonds, sevens, seven_of_diamonds, primeira = zip(*tallies, strict=True)
    over = len(cards) - sum(map(UNDER_CARDS.__gt__, cards))  # sides with 10 cards or more
    return {
        "most_cards": _only(_sole_best(cards)),
        "all_cards": _holder(cards, len(DECK)),
        "most_diamonds": _only(_sole_best(diamonds)),
        "all_diamonds": _holder(diamonds, DIAMONDS_IN_DECK),
        "seven_of_diamonds": _holder(seven_of_diamonds, True),
        "most_sevens": _only(_sole_best(sevens)),
        "all_sevens": _holder(sevens, SEVENS_IN_DECK),
        # A side wins when every other side has under 10 cards: all do when none has 10.
        "opponents_under_10": (
            range(len(cards)) if over == 0 else _holder(cards, max(cards)) if over == 1 else ()
        ),
        "primeira": _only(_sole_best(primeira)),
    }


def _holder(amounts: Sequence[int | bool], whole: int | bool) -> tuple[int, ...]:
    """The side whose amount is `whole` (one at most), if any."""
    return (amounts.index(whole),) if whole in amounts else ()


def _only(side: int | None) -> tuple[int, ...]:
    return () if side is None else (side,)


def _earned(
    points: Points, escopas: Sequence[int], tallies: Sequence[Tally]
) -> list[dict[str, int]]:
    """Each side's points in each category that scores (points above 0), in `CATEGORIES` order."""
    winners = _winners(tallies)
    winners["escopa"] = ()
    return [
        {
            name: worth * escopas[side] if name == "escopa" else worth * (side in winners[name])
            for name, worth in _scoring(points)
        }
        for side in range(len(tallies))
    ]


def score_round(
    rules: Rules,
    round_no: int,
    captured: Sequence[Sequence[str]],
    escopas: Sequence[int],
    wrong: Sequence[int],
    totals: Sequence[int],
    last_cards: tuple[str, ...] = (),
    last_capturer: int | None = None,
) -> RoundScore:
    """Score a finished round: category points per side, the final check, new match totals."""
    tallies = [tally(pile, rules.primeira_values, rules.primeira_figures) for pile in captured]
    earned = _earned(rules.points, escopas, tallies)
    credited = [0 if wrong[side] else sum(c.values()) for side, c in enumerate(earned)]
    results = []
    for side, counts in enumerate(tallies):
        penalty = HONOR_PENALTY + sum(credited) - credited[side] if wrong[side] else 0
        results.append(
            SideScore(
                side=side,
                seats=seats_of(rules, side),
                cards=counts.cards,
                diamonds=counts.diamonds,
                sevens=counts.sevens,
                seven_of_diamonds=counts.seven_of_diamonds,
                primeira=counts.primeira,
                escopas=escopas[side],
                categories=earned[side],
                wrong_captures=wrong[side],
                void=bool(wrong[side]),
                penalty=penalty,
                total=credited[side] - penalty,
            )
        )
    new_totals = tuple(t + r.total for t, r in zip(totals, results, strict=True))
    return RoundScore(
        round=round_no,
        sides=tuple(results),
        last_cards=last_cards,
        last_capturer=last_capturer,
        match_totals=new_totals,
    )


def match_outcome(rules: Rules, totals: Sequence[int], rounds: int) -> Outcome | None:
    """The outcome once a side reached the target, else None.

    A single highest total wins. Sides tied at the top play on, draw or share the victory, as
    `tie_at_target` says. A game of boards ends after its last board instead, whatever the
    totals: the highest total wins, a tie at the top is a draw.
    """
    best = max(totals)
    tie = "draw" if rules.boards else rules.tie_at_target
    if (rounds < rules.boards) if rules.boards else best < rules.target:
        return None
    top = tuple(side for side, total in enumerate(totals) if total == best)
    if len(top) == 1:
        (winner,) = top
        return Outcome(
            winner=winner, seats=seats_of(rules, winner), totals=tuple(totals), rounds=rounds
        )
    if tie == "play_on":
        return None
    shared = tie == "shared"
    seats = tuple(sorted(seat for side in top for seat in seats_of(rules, side))) if shared else ()
    return Outcome(
        winner=None,
        seats=seats,
        totals=tuple(totals),
        rounds=rounds,
        result="shared" if shared else "draw",
        tied=top,
    )
