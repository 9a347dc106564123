"""Duplicate tournaments scored as duplicate bridge scores them, as pure functions: every table
of a round plays the same boards, one game a table, and a result on board `b` in seat `s` is
compared with the other results in seat `s` on board `b` of the round. No entrant plays both
seats of a board, so no token opens both sides of a deal. Two ways to compare:

- **IMPs** (the default, bridge's Butler scoring): a result is its margin (its round points
  minus the other seat's, at most `CAP` either way) less the datum, the other tables' margins
  in that seat summed and divided by their count plus `SHRINK` (so with `k` other tables the
  datum is their average weighted `k/(k+SHRINK)`), rounded half away from zero; the other seat
  scores its opposite. The weight is the least-variance share of the board's luck that the
  other tables' average predicts: their games share the stock's order but part from it as soon
  as one plays otherwise (bench/tournament.py --compare).
- **Matchpoints**: 2 for each other result outscored, 1 for each tie.

A round of one table (2 or 3 entrants) has nothing to compare with: its boards are scored
plainly, 2 to the board's winner, 1 each for a tie.

Leaving loses: a board a game never reached because an entrant left (resigned, forfeited on
time, never moved) scores as the worst margin there is for the leaver and the best for its
opponent (matchpoints: none for the leaver, every one for the opponent; IMPs: `-CAP` and
`CAP` less the datum), and the others compare with those; a board left unreached with no
leaver is a tie at 0. A bye scores the average: 0 IMPs, or half the board's top.

Seats: of two paired entrants, the one that held seat 0 in fewer rounds before takes it
(a tie: the pairing's first in odd rounds, its second in even ones), so each holds seat 0 in
about half its rounds. The standings rank by total, then Buchholz, then entrant number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

import msgspec

from engine.tournament import (
    Pairing,
    PairingKind,
    Standing,
    opponents,
    ranked,
    round_robin,
    swiss_from,
)

Across = Literal["imps", "matchpoints"]
"""How a tournament compares a board's results across the tables of a round."""
Scoring = Literal["imps", "matchpoints", "plain"]
Points = tuple[int, int]
BEST: Final = 1 << 40
"""A margin beyond any a board can give: a leaver's opponent's on a board its game never
reached (the leaver's is its opposite)."""
CAP: Final = 8
"""The largest margin a board counts in IMPs: a run of sweeps weighs no more than this, and a
leaver's board is exactly the worst."""
SHRINK: Final = 3
"""The datum's shrinkage: with `k` other tables it weighs their average `k/(k+3)`."""


class Played(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A table of a round as played: `a` at seat 0, `b` at seat 1 (null: `a`'s bye), each
    board's round points by seat (null: its game never reached it) and the entrant who left
    the game early, if one did."""

    a: int
    b: int | None = None
    points: tuple[Points | None, ...] = ()
    left: int | None = None


def scoring_of(tables: Sequence[Played], across: Across) -> Scoring:
    """How a round of these tables is scored: `across` them with two tables or more, else
    plainly."""
    return across if sum(t.b is not None for t in tables) >= 2 else "plain"


def seated(
    pairs: Sequence[Pairing], round_no: int, before: Sequence[Sequence[Played]]
) -> tuple[Played, ...]:
    """The round's tables from its pairings: each pair's seat 0 the one that held it in fewer
    rounds `before` (a tie: the pairing's first in odd rounds, its second in even ones)."""
    held: dict[int, int] = {}
    for tables in before:
        for table in tables:
            if table.b is not None:
                held[table.a] = held.get(table.a, 0) + 1
    return seated_by(pairs, round_no, held)


def seated_by(
    pairs: Sequence[Pairing], round_no: int, held: Mapping[int, int]
) -> tuple[Played, ...]:
    """`seated`, given how many rounds each entrant held seat 0 at a table (not a bye)."""
    found = []
    for pair in pairs:
        if pair.b is None:
            found.append(Played(a=pair.a))
            continue
        first, second = pair.a, pair.b
        mine, theirs = held.get(first, 0), held.get(second, 0)
        if mine > theirs or (mine == theirs and round_no % 2 == 0):
            first, second = second, first
        found.append(Played(a=first, b=second))
    return tuple(found)


def margin(table: Played, seat: int, board: int) -> int:
    """The result of `seat` of `table` on `board`: its round points minus the other seat's;
    a board not reached is the worst for the leaver's seat, the best for the other, else 0."""
    points = table.points[board] if board < len(table.points) else None
    if points is not None:
        return points[seat] - points[1 - seat]
    if table.left is None:
        return 0
    leaver = 0 if table.left == table.a else 1
    return -BEST if seat == leaver else BEST


def top(tables: Sequence[Played], across: Across) -> int:
    """The most matchpoints (or plain points) a board gives one entrant in this round."""
    paired = sum(t.b is not None for t in tables)
    return 2 * (paired - 1) if scoring_of(tables, across) == "matchpoints" else 2


def bye_score(tables: Sequence[Played], across: Across) -> int:
    """What a bye scores on each board: the average, 0 IMPs or half the top."""
    return 0 if scoring_of(tables, across) == "imps" else top(tables, across) // 2


def board_scores(
    tables: Sequence[Played], board: int, across: Across, shrink: int = SHRINK
) -> list[Points | None]:
    """Each table's score on `board`, seat 0's then seat 1's (null: a bye)."""
    paired = [t for t in tables if t.b is not None]
    scoring = scoring_of(tables, across)
    found: list[Points | None] = []
    for table in tables:
        if table.b is None:
            found.append(None)
            continue
        others = [o for o in paired if o is not table]
        if scoring == "plain":
            mine = _compared(margin(table, 0, board), [0])
            found.append((mine, 2 - mine))
        elif scoring == "imps":
            imps = _imps(table, others, board, shrink)
            found.append((imps, -imps))
        else:
            seats = [
                _compared(margin(table, s, board), [margin(o, s, board) for o in others])
                for s in (0, 1)
            ]
            found.append((seats[0], seats[1]))
    return found


def _imps(table: Played, others: Sequence[Played], board: int, shrink: int) -> int:
    """Seat 0's IMPs on `board`: its capped margin less the datum of the `others`' margins."""
    summed = sum(_capped(margin(o, 0, board)) for o in others)
    return _capped(margin(table, 0, board)) - _divided(summed, len(others) + shrink)


def _capped(margin: int) -> int:
    return max(-CAP, min(CAP, margin))


def _divided(numerator: int, denominator: int) -> int:
    """`numerator / denominator` rounded half away from zero, in integers."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def _compared(mine: int, others: Sequence[int]) -> int:
    """2 for each other result `mine` beats, 1 for each it ties."""
    return sum(2 if mine > other else 1 if mine == other else 0 for other in others)


def table_scores(
    tables: Sequence[Played], boards: int, across: Across, shrink: int = SHRINK
) -> list[tuple[Points, ...] | None]:
    """Each table's scores per board (seat 0's, seat 1's); null for a bye. `shrink` is the
    IMP datum's (another is only tried by bench/tournament.py)."""
    per_board = [board_scores(tables, board, across, shrink) for board in range(boards)]
    found: list[tuple[Points, ...] | None] = []
    for index, table in enumerate(tables):
        if table.b is None:
            found.append(None)
            continue
        found.append(tuple(_points(per_board[board][index]) for board in range(boards)))
    return found


def _points(found: Points | None) -> Points:
    assert found is not None
    return found


def round_totals(
    entrants: int, tables: Sequence[Played], boards: int, across: Across, shrink: int = SHRINK
) -> list[int | None]:
    """Every entrant's score in one round (a bye: the average on each board; null: not in the
    round)."""
    found: list[int | None] = [None] * entrants
    bye = bye_score(tables, across)
    for table, scored in zip(tables, table_scores(tables, boards, across, shrink), strict=True):
        if table.b is None or scored is None:
            found[table.a] = bye * boards
            continue
        found[table.a] = sum(mine for mine, _ in scored)
        found[table.b] = sum(theirs for _, theirs in scored)
    return found


def byes(played: Sequence[Sequence[Played]]) -> set[int]:
    """The entrants that had a bye."""
    return {t.a for tables in played for t in tables if t.b is None}


def standings(
    entrants: int, played: Sequence[Sequence[Played]], boards: int, across: Across
) -> list[Standing]:
    """The standings after the rounds `played`: by total, then Buchholz (the sum of the
    totals of the entrants met), then entrant number."""
    per_round = [round_totals(entrants, tables, boards, across) for tables in played]
    return ranked(per_round, opponents(entrants, played))


def pairings(
    kind: PairingKind,
    key: bytes,
    round_no: int,
    entrants: int,
    played: Sequence[Sequence[Played]],
    boards: int,
    across: Across,
) -> tuple[Played, ...]:
    """Round `round_no`'s tables as the tournament's `kind` pairs them, seated."""
    if kind == "round_robin":
        pairs = round_robin(entrants, round_no)
    else:
        table = standings(entrants, played, boards, across)
        pairs = swiss_from(key, round_no, table, opponents(entrants, played), byes(played))
    return seated(pairs, round_no, played)
