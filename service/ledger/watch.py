"""The abuse watch, as Lichess's SandbagWatch: a pure function of a player's rated matches, in
the order they were settled, so the service applies it once per match and the recompute runs
it again over the exports.

Two abuses: **sandbagging**, losing on purpose to drop a rating (rated games resigned, aborted
or lost on time after a few moves), and **boosting**, winning again and again off a friend (the
same opponent giving the games up early, or losing to the same player over and over). Each
player's last `window` matches on a ladder are kept; a player whose counts reach the thresholds
is flagged, with the thresholds and counts that raised it, until the operator clears it. Beside
them, the games a player walked away from (lost on time, or never made a first move) make its
reliability. See docs/ratings.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Literal

import msgspec

from engine.rules import Rules, side_of
from engine.scoring import Outcome
from service.ledger.chain import LogEntry

WATCH_PREFIX: Final = "w:"
"""A player's watch on a ladder is the field `w:<ladder>` of its hash, beside its rating."""
BOTS: Final = "bot:"
"""Bots are no one's friend: they are never watched, nor counted as an opponent."""
FORFEIT: Final = "forfeit"
NO_MOVE: Final = "abort"
"""What a `timeout` entry names instead of a move when it ends the match: the side lost on
time, or no first move came (the match is aborted)."""


class Thresholds(msgspec.Struct, frozen=True, array_like=True):
    """When the watch flags a player, recorded with every match it watched and every flag:
    its last `window` matches are read; a match given up after fewer than `early_moves` moves
    is given up early; `sandbag` such matches flag sandbagging; `boost` wins over one opponent
    who gave them up early, or `repeats` wins over one opponent, flag boosting."""

    window: int
    early_moves: int
    sandbag: int
    boost: int
    repeats: int


class Ending(msgspec.Struct, frozen=True, array_like=True):
    """How a match ended, as its log says: the seats' moves before the end (plays and claims),
    the seat that ended it (resigned, aborted, or ran out of time; None: played out) and
    whether that seat walked away (lost on time, or never made its first move)."""

    moves: int
    by: int | None = None
    left: bool = False


class Played(msgspec.Struct, frozen=True, array_like=True):
    """One watched match as a player's watch keeps it: the opposing players (bots left out),
    whether the player's side won it (as the rating counts a win), whether the player gave it
    up early, whether the player's side won because an opponent gave it up early, whether the
    player walked away."""

    against: tuple[str, ...]
    won: bool
    gave_up: bool
    beaten_early: bool
    left: bool


Kind = Literal["sandbag", "boost"]


class Flag(msgspec.Struct, frozen=True, kw_only=True):
    """Why a player is flagged: the `kind` of abuse, the settlement that raised it (`at`), the
    count that reached its threshold (against one opponent for `boost`), and the thresholds in
    force then."""

    kind: Kind
    at: str
    count: int
    against: str | None = None
    thresholds: Thresholds


class Watch(msgspec.Struct, frozen=True, array_like=True):
    """A player's watch on one ladder: its last matches (oldest first, at most the window),
    every watched match and those it walked away from, and its flag until it is cleared."""

    recent: tuple[Played, ...] = ()
    games: int = 0
    left: int = 0
    flag: Flag | None = None


EMPTY: Final = Watch()


def ending_of(steps: Iterable[tuple[str, int | None, str]]) -> Ending:
    """The ending of a log given as its entries after the first, each `(type, seat, move)`
    (`move` the `timeout` entry's text): the moves counted until the match ended, and the entry
    that ended it, if a seat's act did (a rematch entry after the end is no ending)."""
    moves, last = 0, None
    for kind, seat, text in steps:
        if kind == "rematch":
            continue
        if kind == "move":
            moves += 1
        last = (kind, seat, text)
    if last is not None and last[0] in ("resigned", "aborted"):
        return Ending(moves, last[1])
    if last is not None and last[0] == "timeout" and last[2] in (FORFEIT, NO_MOVE):
        return Ending(moves, last[1], left=True)
    return Ending(moves)


def log_ending(entries: Sequence[LogEntry]) -> Ending:
    """The ending of a game from its whole log, the opening entry first (`ending_of`)."""
    return ending_of((e.type, e.seat, e.move or "") for e in entries[1:])


def played(
    rules: Rules,
    outcome: Outcome,
    players: dict[int, str],
    seat: int,
    ending: Ending | None,
    thresholds: Thresholds,
) -> Played:
    """The match as the watch keeps it for the player at `seat` (`players`: each seat's
    player; `ending`: None when no log says how it ended, as for a table of the first
    tournament format, of two games)."""
    side = side_of(rules, seat)
    against = tuple(
        player
        for other, player in sorted(players.items())
        if side_of(rules, other) != side and not player.startswith(BOTS)
    )
    won = seat in outcome.seats and outcome.result not in ("draw", "aborted")
    early = ending is not None and ending.by is not None and ending.moves < thresholds.early_moves
    by = ending.by if ending is not None else None
    return Played(
        against=against,
        won=won,
        gave_up=early and by == seat,
        beaten_early=early and won and by is not None and side_of(rules, by) != side,
        left=ending is not None and ending.left and by == seat,
    )


def watch_match(
    rules: Rules,
    outcome: Outcome,
    players: Mapping[int, str],
    ending: Ending | None,
    thresholds: Thresholds,
    at: str,
    before: Mapping[int, Watch],
) -> dict[int, Watch]:
    """Each watched seat's watch after the match settled as `at` (bots are not watched;
    `before`: the watches as they were, a seat missing has none yet).

    A win over an opponent who gave the game up early counts toward boosting only when that
    opponent gives its games up early to this player alone: a sandbagger gives them up to
    anyone, and its opponents are no boosters."""
    people = [seat for seat, player in sorted(players.items()) if not player.startswith(BOTS)]
    seen = {s: played(rules, outcome, dict(players), s, ending, thresholds) for s in people}
    by = ending.by if ending is not None else None
    if by in seen:
        assert by is not None
        given = [m for m in (*before.get(by, EMPTY).recent, seen[by]) if m.gave_up]
        for seat, match in seen.items():
            fed = all(players[seat] in m.against for m in given[-thresholds.window :])
            if match.beaten_early and not fed:
                seen[seat] = msgspec.structs.replace(match, beaten_early=False)
    return {s: watched(before.get(s, EMPTY), seen[s], thresholds, at) for s in people}


def watched(watch: Watch, match: Played, thresholds: Thresholds, at: str) -> Watch:
    """The watch after one more match (settled as `at`): the window moves on, and a player not
    yet flagged is flagged once its counts reach the thresholds (a flag stays until cleared)."""
    recent = (*watch.recent, match)[-thresholds.window :] if thresholds.window > 0 else ()
    flag = watch.flag or raised(recent, thresholds, at)
    return Watch(recent, watch.games + 1, watch.left + match.left, flag)


def raised(recent: Sequence[Played], thresholds: Thresholds, at: str) -> Flag | None:
    """The flag the matches of a window raise, if any: sandbagging first, then boosting over
    the opponent with the most wins (ties: the first in id order)."""
    gave_up = sum(match.gave_up for match in recent)
    if gave_up >= thresholds.sandbag:
        return Flag(kind="sandbag", at=at, count=gave_up, thresholds=thresholds)
    early = Counter(o for match in recent if match.beaten_early for o in match.against)
    wins = Counter(o for match in recent if match.won for o in match.against)
    for counted, least in ((early, thresholds.boost), (wins, thresholds.repeats)):
        if counted:
            opponent, count = min(counted.items(), key=lambda item: (-item[1], item[0]))
            if count >= least:
                return Flag(
                    kind="boost", at=at, count=count, against=opponent, thresholds=thresholds
                )
    return None


def cleared(watch: Watch) -> Watch:
    """The watch once the operator clears its flag: the window starts again (what raised the
    flag is not counted twice); the reliability figures stay."""
    return Watch((), watch.games, watch.left, None)


def reliability(watch: Watch) -> float | None:
    """The share of a player's watched matches it did not walk away from (None: none yet)."""
    return None if not watch.games else (watch.games - watch.left) / watch.games


_decode = msgspec.msgpack.Decoder(Watch).decode
_encode = msgspec.msgpack.Encoder().encode


def watch_bytes(watch: Watch) -> bytes:
    return _encode(watch)


def decode_watch(data: bytes | None) -> Watch:
    return EMPTY if not data else _decode(data)
