"""How strong bot levels are against each other: simulated matches with the seats rotating
(each deal is played once per rotation, so no level always deals first and the luck of the
cards evens out), and each level's tally: win rate with its Wilson 95% interval, and mean
final point margin with its normal 95% interval. Pure: a match is a function of its seed."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Final

import msgspec

from bots.levels import level
from bots.table import play_match
from engine.game import start
from engine.rules import Rules, side_count, side_of

Z95: Final = 1.959963984540054
"""The standard normal quantile of 97.5%: two-sided 95% intervals."""


class Match(msgspec.Struct, frozen=True, kw_only=True):
    """One simulated match: the entry (index into the levels given) playing each side, the
    sides' final totals, the sides that won (several when shared, none in a draw), rounds."""

    game: int
    sides: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int


class Interval(msgspec.Struct, frozen=True):
    """A 95% confidence interval: low and high ends."""

    low: float
    high: float

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high


class Strength(msgspec.Struct, frozen=True, kw_only=True):
    """One entry's record over the matches it played: wins, draws, the win rate and its Wilson
    interval, the mean margin (its sides' mean final total minus the others') and its interval
    (None with fewer than two matches)."""

    name: str
    games: int
    wins: int
    draws: int
    win_rate: float
    win_interval: Interval
    margin: float
    margin_interval: Interval | None


def rotation(game: int, entries: int, sides: int) -> tuple[int, ...]:
    """The entry playing each side in match `game`: side k gets entry (k + game) mod entries,
    so over `entries` consecutive matches each entry plays each side position once."""
    return tuple((side + game) % entries for side in range(sides))


def deal_seed(seed: str, game: int, entries: int) -> str:
    """The seed of match `game`: one per deal, shared by the `entries` rotations of that deal."""
    return f"{seed}:{game // entries}"


def simulate(rules: Rules, names: Sequence[str], budget: int, seed: str, game: int) -> Match:
    """Play match `game` of a simulation to its end, every seat a bot of its side's level."""
    sides = rotation(game, len(names), side_count(rules))
    seats = [level(names[sides[side_of(rules, seat)]]) for seat in range(rules.players)]
    state, opening = start(rules, deal_seed(seed, game, len(names)))
    final, _ = play_match(state, seats, [budget] * rules.players, opening)
    outcome = final.outcome
    assert outcome is not None
    if outcome.result == "won":
        assert outcome.winner is not None
        winners: tuple[int, ...] = (outcome.winner,)
    else:
        winners = outcome.tied if outcome.result == "shared" else ()
    return Match(
        game=game,
        sides=sides,
        totals=outcome.totals,
        winners=winners,
        rounds=outcome.rounds,
    )


def wilson(wins: int, games: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if games == 0:
        return Interval(0.0, 1.0)
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return Interval(low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval | None:
    """The normal interval of a mean, or None with fewer than two values."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean - half, mean + half)


def names_of(levels: Sequence[str]) -> list[str]:
    """Display names of the entries: a level given twice is told apart as `expert#1`, ..."""
    return [
        f"{name}#{levels[:at].count(name) + 1}" if levels.count(name) > 1 else name
        for at, name in enumerate(levels)
    ]


def strengths(levels: Sequence[str], matches: Sequence[Match]) -> list[Strength]:
    """Each entry's record over the matches it played."""
    found = []
    for entry, name in enumerate(names_of(levels)):
        played = [m for m in matches if entry in m.sides]
        wins = sum(any(m.sides[s] == entry for s in m.winners) for m in played)
        draws = sum(not m.winners for m in played)
        margins = [_margin(m, entry) for m in played]
        found.append(
            Strength(
                name=name,
                games=len(played),
                wins=wins,
                draws=draws,
                win_rate=wins / len(played) if played else 0.0,
                win_interval=wilson(wins, len(played)),
                margin=statistics.fmean(margins) if margins else 0.0,
                margin_interval=mean_interval(margins),
            )
        )
    return found


def _margin(match: Match, entry: int) -> float:
    """The entry's sides' mean final total minus the other sides' mean."""
    own = [t for s, t in enumerate(match.totals) if match.sides[s] == entry]
    others = [t for s, t in enumerate(match.totals) if match.sides[s] != entry]
    return statistics.fmean(own) - statistics.fmean(others)
