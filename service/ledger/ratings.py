"""Ratings: a pure function of finished results (OpenSkill's Plackett-Luce model), so the
service applies it once per rated game and `escopa ratings --recompute` runs the same function
over the signed exports. See `docs/ratings.md`.

A player's rating is kept per ladder (`<preset>-<n>p`); partners are one team; the sides are
placed by how the match ended (`places`). Every number is a float whose bits the recompute
compares, so nothing here rounds or reads a clock.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Annotated, Final

import msgspec
from msgspec import Meta
from openskill.models import PlackettLuce

from engine.rules import Rules, side_count, side_of
from engine.scoring import Outcome
from service.ledger.patterns import full

PLAYER_ID_PATTERN: Final = full("^[A-Za-z0-9_.:-]{1,64}$")
PlayerId = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=64,
        pattern=PLAYER_ID_PATTERN,
        description="the integrator's own id for a person: 1-64 characters of "
        "`[A-Za-z0-9_.:-]`, scoped to the API key that names it",
        examples=["u-17"],
    ),
]
BOT_PREFIX: Final = "bot:"
"""Bot seats are rated as players `bot:<level>` of their own; no person's id starts so."""
MODEL: Final = PlackettLuce()
"""The model with OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""
LADDER_PATTERN: Final = full("^[a-z0-9_]{1,40}-[2-4]p$")


class Rating(msgspec.Struct, frozen=True, array_like=True):
    """One player's rating on one ladder, with the rated games and wins that made it."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill the leaderboard ranks by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


FIRST: Final = Rating(MODEL.mu, MODEL.sigma)


class LadderRating(msgspec.Struct, kw_only=True):
    """A player's rating on one ladder: `ordinal` is mu - 3 sigma."""

    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


class RatingChange(msgspec.Struct, kw_only=True):
    """A seat's rating on the game's ladder before and after a rated game."""

    seat: int
    before: LadderRating
    after: LadderRating


"""A player's rating before any rated game on a ladder."""


def ladder_of(preset: str, players: int) -> str:
    """The ladder a game counts on: its preset and number of seats, e.g. `escopa-2p`."""
    return f"{preset}-{players}p"


def places(rules: Rules, outcome: Outcome) -> list[int]:
    """Each side's place (1 best; equal places share it): a win puts the winner first and
    the others by their totals; a draw or shared win puts the tied sides first together; a
    resignation or a loss on time puts the side that gave up last, the others first."""
    sides = side_count(rules)
    if outcome.resigned or outcome.timed_out:
        out = {side_of(rules, seat) for seat in (*outcome.resigned, *outcome.timed_out)}
        return [2 if side in out else 1 for side in range(sides)]
    top = set(outcome.tied) if outcome.result in ("draw", "shared") else {outcome.winner}
    below = sorted({outcome.totals[s] for s in range(sides) if s not in top}, reverse=True)
    return [1 if s in top else 2 + below.index(outcome.totals[s]) for s in range(sides)]


def rated(rules: Rules, outcome: Outcome, before: Sequence[Rating]) -> list[Rating]:
    """The seats' ratings after the match (`before`: theirs before it, in seat order)."""
    sides = side_count(rules)
    teams = [
        [s for s in range(rules.players) if side_of(rules, s) == side] for side in range(sides)
    ]
    model = [[MODEL.create_rating([before[s].mu, before[s].sigma]) for s in team] for team in teams]
    ranks = places(rules, outcome)
    after = MODEL.rate(model, ranks=[float(r) for r in ranks])
    new: dict[int, Rating] = {}
    for side, team in enumerate(teams):
        won = ranks[side] == 1 and outcome.result != "draw"
        for seat, rating in zip(team, after[side], strict=True):
            old = before[seat]
            new[seat] = Rating(rating.mu, rating.sigma, old.games + 1, old.wins + int(won))
    return [new[s] for s in range(rules.players)]


def table_outcome(total: int, boards: int) -> Outcome:
    """A rated tournament table's match between its entrants `a` (seat 0) and `b` (seat 1),
    as the tournament scores the table: `a`'s total over the boards (its matchpoints less
    `b`'s, where a board left unreached scores worst for the leaver; the first format: its
    duplicate result), positive `a` wins, negative `b` wins, 0 a draw."""
    if total == 0:
        return Outcome(
            winner=None, seats=(), totals=(0, 0), rounds=boards, result="draw", tied=(0, 1)
        )
    winner = 0 if total > 0 else 1
    return Outcome(winner=winner, seats=(winner,), totals=(total, -total), rounds=boards)


def board_member(player_id: str, rating: Rating) -> str:
    """A player's member of a ladder's sorted set (every score 0, read in lexical order):
    the ordinal's bits turned so that higher sorts first, games turned the same way, then the
    id; so ties rank by games, then id, and a member is a stable paging cursor."""
    (bits,) = struct.unpack(">Q", struct.pack(">d", rating.ordinal))
    key = bits ^ 0xFFFFFFFFFFFFFFFF if bits >> 63 else bits | 0x8000000000000000
    return f"{key ^ 0xFFFFFFFFFFFFFFFF:016x}:{999_999_999 - rating.games:09d}:{player_id}"


BOARD_CURSOR_PATTERN: Final = full("^[0-9a-f]{16}:[0-9]{9}:[A-Za-z0-9_.:-]{1,64}$")
