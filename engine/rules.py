"""The rules as data: one frozen Struct with every option of docs/rules.md, and the presets."""

from __future__ import annotations

import re
from typing import Annotated, Any, Final, Literal

import msgspec

from engine.cards import RANKS
from engine.errors import RulesError

Rotation = Literal["hand", "round"]
Bonus = Literal["pairs", "fifteen", "none"]
BonusTaker = Literal["dealer", "mano"]
TieRule = Literal["play_on", "draw", "shared"]
Leftover = Literal["nobody", "dealer", "mano"]
PrimeiraFigures = Literal["count", "ignore"]
CaptureRule = Literal["optional", "mandatory"]
MissedCapture = Literal["claimable", "stays"]
Validation = Literal["strict", "honor"]
PresetName = Literal["escopa", "escoba", "escova"]
TimeoutPolicy = Literal["bot", "forfeit", "first_move"]

PRIMEIRA_VALUES: Final[dict[str, int]] = {
    "A": 6, "2": 2, "3": 3, "4": 4, "5": 5, "6": 8, "7": 11, "Q": 0, "J": 0, "K": 0,
}  # fmt: skip
HANDS_PER_ROUND: Final[dict[int, int]] = {2: 6, 3: 4, 4: 3}
MAX_TARGET: Final = 1000
MAX_POINTS: Final = 100
MAX_BOARDS: Final = 50
"""The most boards (rounds dealt from fixed board numbers) one game may play."""
MAX_BOARD: Final = 1_000_000
"""The highest board number a game may start from."""
_NAMED_MEMBER: Final = re.compile(r"Object (?:missing required|contains unknown) field `(.+)`")

Target = Annotated[int, msgspec.Meta(ge=1, le=MAX_TARGET)]
PointValue = Annotated[int, msgspec.Meta(ge=0, le=MAX_POINTS)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=3)]
BoardCount = Annotated[
    int,
    msgspec.Meta(
        ge=0, le=MAX_BOARDS, description="play exactly this many rounds, no target (0: off)"
    ),
]
BoardNumber = Annotated[
    int, msgspec.Meta(ge=1, le=MAX_BOARD, description="the board number the first round deals")
]


class Points(
    msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True,
    omit_defaults=True,
):  # fmt: skip
    """Points per scoring category; 0 switches a category off.

    `all_cards` is absent when 0, so games logged before it existed keep their hashes.
    """

    # No defaults, so `omit_defaults` never drops these: they are encoded as they always were.
    escopa: PointValue
    most_cards: PointValue
    most_diamonds: PointValue
    all_diamonds: PointValue
    seven_of_diamonds: PointValue
    most_sevens: PointValue
    all_sevens: PointValue
    opponents_under_10: PointValue
    primeira: PointValue
    all_cards: PointValue = 0


class Clock(
    msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True,
    omit_defaults=True,
):  # fmt: skip
    """A turn clock (`engine.clock`): each turn gives the seat to act `turn_seconds`, then draws
    on its bank of `bank_seconds`; when both are spent, `on_timeout` applies: `bot` (a greedy bot
    plays the move), `forfeit` (the seat's side loses the match) or `first_move` (the first
    legal move in the engine's order). After `zombie_after` timeouts in a row (0: never), a
    `bot` seat's turns last only `zombie_seconds` until its person plays again."""

    turn_seconds: Annotated[
        int, msgspec.Meta(ge=1, le=86400, description="seconds each turn gives the seat to act")
    ]
    bank_seconds: Annotated[
        int, msgspec.Meta(ge=0, le=86400, description="each seat's bank, drawn on past a turn")
    ]
    on_timeout: TimeoutPolicy
    zombie_after: Annotated[
        int, msgspec.Meta(ge=0, le=100, description="`bot`: timeouts in a row that make a zombie")
    ] = 3
    zombie_seconds: Annotated[
        int, msgspec.Meta(ge=1, le=86400, description="a zombie seat's turn, in seconds")
    ] = 5


class Rules(
    msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True,
    omit_defaults=True,
):  # fmt: skip
    """Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

    The house rules (the last four options) are absent at their traditional value, so games
    logged before they existed keep their hashes. Build rules with `make_rules`.

    `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
    target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
    """

    # No defaults, so `omit_defaults` never drops these: they are encoded as they always were.
    players: int
    partnerships: bool | None
    target: Target
    first_dealer: Literal["draw"] | SeatNumber
    dealer_rotation: Rotation
    initial_table_bonus: Bonus
    capture: CaptureRule
    missed_capture: MissedCapture
    points: Points
    primeira_values: dict[str, int]
    validation: Validation
    signals: bool
    auto_deal: bool
    initial_bonus_taker: BonusTaker = "dealer"
    tie_at_target: TieRule = "play_on"
    leftover_cards: Leftover = "nobody"
    primeira_figures: PrimeiraFigures = "count"
    clock: Clock | None = None
    boards: BoardCount = 0
    first_board: BoardNumber = 1


ESCOPA: Final = Rules(
    players=2,
    partnerships=None,
    target=21,
    first_dealer="draw",
    dealer_rotation="hand",
    initial_table_bonus="pairs",
    capture="optional",
    missed_capture="claimable",
    points=Points(
        escopa=1,
        most_cards=1,
        most_diamonds=1,
        all_diamonds=2,
        seven_of_diamonds=1,
        most_sevens=1,
        all_sevens=3,
        opponents_under_10=2,
        primeira=0,
    ),
    primeira_values=dict(PRIMEIRA_VALUES),
    validation="strict",
    signals=True,
    auto_deal=True,
)
"""The escopa preset, and the base the other presets change."""


def _points(**changes: int) -> Points:
    """The escopa preset's points with some categories changed."""
    return msgspec.structs.replace(ESCOPA.points, **changes)


PRESETS: Final[dict[str, Rules]] = {
    "escopa": ESCOPA,
    "escoba": msgspec.structs.replace(
        ESCOPA,
        dealer_rotation="round",
        missed_capture="stays",
        points=_points(all_diamonds=0, all_sevens=1, opponents_under_10=0),
        signals=False,
    ),
    "escova": msgspec.structs.replace(
        ESCOPA,
        target=31,
        dealer_rotation="round",
        missed_capture="stays",
        points=_points(most_sevens=0, all_sevens=0, opponents_under_10=0),
        signals=False,
    ),
}


def partnered(rules: Rules) -> bool:
    """Whether seats play in two partnerships (0+2 against 1+3)."""
    return rules.players == 4 if rules.partnerships is None else rules.partnerships


def side_count(rules: Rules) -> int:
    """How many sides own captures and points."""
    return 2 if partnered(rules) else rules.players


def side_of(rules: Rules, seat: int) -> int:
    """The side a seat plays for."""
    return seat % 2 if partnered(rules) else seat


def seats_of(rules: Rules, side: int) -> tuple[int, ...]:
    """The seats that play for a side, in seat order."""
    return tuple(range(side, rules.players, 2)) if partnered(rules) else (side,)


def hands_per_round(rules: Rules) -> int:
    """How many hands of three cards a round has."""
    return HANDS_PER_ROUND[rules.players]


def board_of(rules: Rules, round_no: int) -> int:
    """The board number, the shuffle's round number, that deals round `round_no` (1, 2, ...)."""
    return rules.first_board + round_no - 1


def make_rules(preset: str = "escopa", overrides: dict[str, Any] | None = None) -> Rules:
    """The rules of a preset with any fields overridden; refuses unknown or unplayable options."""
    if preset not in PRESETS:
        names = ", ".join(PRESETS)
        raise RulesError(
            "preset",
            "unknown preset '{preset}'; known: {known}",
            "rules/unknown_preset",
            preset=preset,
            known=names,
        )
    merged = msgspec.structs.asdict(PRESETS[preset])
    merged["points"] = msgspec.structs.asdict(merged["points"])
    for field, value in (overrides or {}).items():
        if field == "points" and isinstance(value, dict):
            merged["points"] = {**merged["points"], **value}
        else:
            merged[field] = value
    try:
        rules = msgspec.convert(merged, Rules, strict=True)
    except msgspec.ValidationError as error:
        raise refusal(error) from None
    check_rules(rules)
    return rules


def refusal(error: msgspec.ValidationError) -> RulesError:
    """msgspec's error about the rules as a `RulesError` naming the option it refused
    (`points.escopa`; a member missing or unknown: that member), in msgspec's own words."""
    text, _, where = str(error).partition(" - at `$")
    field = where.rstrip("`").lstrip(".")
    named = _NAMED_MEMBER.match(text)
    if named:
        field = f"{field}.{named.group(1)}" if field else named.group(1)
    return RulesError(field or "rules", text.replace("{", "{{").replace("}", "}}"), invalid=error)


BETWEEN: Final = "must be between {low} and {high}"
BETWEEN_NOT: Final = BETWEEN + ", not {value}"


def check_rules(rules: Rules) -> None:
    """Raise `RulesError` naming the field when the combination cannot be played."""
    if rules.players not in HANDS_PER_ROUND:
        raise RulesError(
            "players", "{players} players cannot play; 2, 3 or 4 can", players=rules.players
        )
    if rules.partnerships and rules.players != 4:
        raise RulesError(
            "partnerships", "partnerships need 4 players, not {players}", players=rules.players
        )
    if not 1 <= rules.target <= MAX_TARGET:
        raise RulesError("target", BETWEEN_NOT, low=1, high=MAX_TARGET, value=rules.target)
    seat = rules.first_dealer
    if seat != "draw" and not 0 <= seat < rules.players:
        raise RulesError(
            "first_dealer",
            "seat {seat} does not exist with {players} players",
            seat=seat,
            players=rules.players,
        )
    for name in Points.__struct_fields__:
        value = getattr(rules.points, name)
        if not 0 <= value <= MAX_POINTS:
            raise RulesError(f"points.{name}", BETWEEN_NOT, low=0, high=MAX_POINTS, value=value)
    if not any(getattr(rules.points, name) for name in Points.__struct_fields__):
        raise RulesError(
            "points", "every category is 0: no point can ever be scored, so a match would never end"
        )
    if not 0 <= rules.boards <= MAX_BOARDS:
        raise RulesError("boards", BETWEEN_NOT, low=0, high=MAX_BOARDS, value=rules.boards)
    if not 1 <= rules.first_board <= MAX_BOARD:
        raise RulesError("first_board", BETWEEN, low=1, high=MAX_BOARD)
    if rules.first_board != 1 and not rules.boards:
        raise RulesError("first_board", "a first board needs `boards`: a game of boards")
    if set(rules.primeira_values) != set(RANKS):
        raise RulesError(
            "primeira_values", "must give a value to each rank {ranks}", ranks=", ".join(RANKS)
        )
    for rank, value in rules.primeira_values.items():
        if not 0 <= value <= MAX_POINTS:
            raise RulesError(f"primeira_values.{rank}", BETWEEN, low=0, high=MAX_POINTS)
