"""The rules as data: one frozen Struct with every option of RULES.md, and the named presets."""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from engine.cards import RANKS
from engine.decoding import explain
from engine.errors import RulesError

Rotation = Literal["hand", "round"]
Bonus = Literal["pairs", "none"]
CaptureRule = Literal["optional", "mandatory"]
MissedCapture = Literal["claimable", "stays"]
Validation = Literal["strict", "honor"]
PresetName = Literal["escopa", "escoba", "escova"]

PRIMEIRA_VALUES: Final[dict[str, int]] = {
    "A": 6, "2": 2, "3": 3, "4": 4, "5": 5, "6": 8, "7": 11, "Q": 0, "J": 0, "K": 0,
}  # fmt: skip
HANDS_PER_ROUND: Final[dict[int, int]] = {2: 6, 3: 4, 4: 3}
MAX_TARGET: Final = 1000
MAX_POINTS: Final = 100


class Points(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """Points per scoring category; 0 switches a category off."""

    escopa: int = 1
    most_cards: int = 1
    most_diamonds: int = 1
    all_diamonds: int = 2
    seven_of_diamonds: int = 1
    most_sevens: int = 1
    all_sevens: int = 3
    opponents_under_10: int = 2
    primeira: int = 0


class Rules(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """Every option of a game; `partnerships: null` means partnerships exactly with 4 players."""

    players: int = 2
    partnerships: bool | None = None
    target: int = 21
    first_dealer: Literal["draw"] | int = "draw"
    dealer_rotation: Rotation = "hand"
    initial_table_bonus: Bonus = "pairs"
    capture: CaptureRule = "optional"
    missed_capture: MissedCapture = "claimable"
    points: Points = Points()
    primeira_values: dict[str, int] = msgspec.field(default_factory=lambda: dict(PRIMEIRA_VALUES))
    validation: Validation = "strict"
    signals: bool = True
    auto_deal: bool = True


PRESETS: Final[dict[str, Rules]] = {
    "escopa": Rules(),
    "escoba": Rules(
        dealer_rotation="round",
        missed_capture="stays",
        points=Points(all_diamonds=0, all_sevens=1, opponents_under_10=0),
        signals=False,
    ),
    "escova": Rules(
        target=31,
        dealer_rotation="round",
        missed_capture="stays",
        points=Points(most_sevens=0, all_sevens=0, opponents_under_10=0),
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
    return tuple(seat for seat in range(rules.players) if side_of(rules, seat) == side)


def hands_per_round(rules: Rules) -> int:
    """How many hands of three cards a round has."""
    return HANDS_PER_ROUND[rules.players]


def make_rules(preset: str = "escopa", overrides: dict[str, Any] | None = None) -> Rules:
    """The rules of a preset with any fields overridden; refuses unknown or unplayable options."""
    if preset not in PRESETS:
        names = ", ".join(PRESETS)
        raise RulesError(
            "preset", f"unknown preset {preset!r}; known: {names}", "rules/unknown_preset"
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
        invalid = explain(error, Rules)
        raise RulesError(invalid.field or "rules", invalid.problem) from None
    check_rules(rules)
    return rules


def check_rules(rules: Rules) -> None:
    """Raise `RulesError` naming the field when the combination cannot be played."""
    if rules.players not in HANDS_PER_ROUND:
        raise RulesError("players", f"{rules.players} players cannot play; 2, 3 or 4 can")
    if rules.partnerships and rules.players != 4:
        raise RulesError("partnerships", f"partnerships need 4 players, not {rules.players}")
    if not 1 <= rules.target <= MAX_TARGET:
        raise RulesError("target", f"must be between 1 and {MAX_TARGET}, not {rules.target}")
    seat = rules.first_dealer
    if seat != "draw" and not 0 <= seat < rules.players:
        raise RulesError("first_dealer", f"seat {seat} does not exist with {rules.players} players")
    for name in Points.__struct_fields__:
        value = getattr(rules.points, name)
        if not 0 <= value <= MAX_POINTS:
            raise RulesError(f"points.{name}", f"must be between 0 and {MAX_POINTS}, not {value}")
    if not any(getattr(rules.points, name) for name in Points.__struct_fields__):
        raise RulesError(
            "points", "every category is 0: no point can ever be scored, so a match would never end"
        )
    if set(rules.primeira_values) != set(RANKS):
        raise RulesError("primeira_values", f"must give a value to each rank {', '.join(RANKS)}")
    for rank, value in rules.primeira_values.items():
        if not 0 <= value <= MAX_POINTS:
            raise RulesError(f"primeira_values.{rank}", f"must be between 0 and {MAX_POINTS}")
