"""Round scoring by category, the honor-mode final check, and the match outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import msgspec

from engine.rules import Rules, seats_of
from engine.tallies import CATEGORIES, Tally, points_earned, primeira_total, tally

HONOR_PENALTY: Final = 4
__all__ = [  # with what it takes from engine.tallies, which it always held
    "CATEGORIES",
    "HONOR_PENALTY",
    "Outcome",
    "RoundScore",
    "SideScore",
    "Tally",
    "match_outcome",
    "primeira_total",
    "score_round",
    "tally",
]


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
    earned = points_earned(rules.points, escopas, tallies)
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
