"""The terms a game is set up with: seats, player names, seeds and overrides of the rules.

Shared by the API's bodies, the replays and the audits, so each bound is written once.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.rules import Bonus, CaptureRule, MissedCapture, Rotation, Validation

Seat = Annotated[int, Meta(ge=0, le=3)]

_PRINTABLE = r"^[^\x00-\x1f\x7f]+$"

PlayerName = Annotated[str, Meta(min_length=1, max_length=40, pattern=_PRINTABLE)]

Seed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="1-200 characters of printable text (no control characters)",
    ),
]

ClientSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="the client's seed, 1-200 characters of printable text (no control "
        "characters); the shuffle key is `server_seed:client_seed`",
    ),
]

CommitmentId = Annotated[
    str,
    Meta(
        min_length=24,
        max_length=24,
        pattern="^[0-9a-f]{24}$",
        description="a commitment's id from POST /v1/commitments: 24 lowercase hexadecimal "
        "characters",
    ),
]

Points = Annotated[int, Meta(ge=0, le=100)]


class PointsOverride(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Points per category to override; 0 switches a category off."""

    escopa: Points | UnsetType = UNSET
    most_cards: Points | UnsetType = UNSET
    most_diamonds: Points | UnsetType = UNSET
    all_diamonds: Points | UnsetType = UNSET
    seven_of_diamonds: Points | UnsetType = UNSET
    most_sevens: Points | UnsetType = UNSET
    all_sevens: Points | UnsetType = UNSET
    opponents_under_10: Points | UnsetType = UNSET
    primeira: Points | UnsetType = UNSET


class PrimeiraValues(msgspec.Struct, forbid_unknown_fields=True):
    """The primeira value of each rank."""

    A: Points
    two: Points = msgspec.field(name="2")
    three: Points = msgspec.field(name="3")
    four: Points = msgspec.field(name="4")
    five: Points = msgspec.field(name="5")
    six: Points = msgspec.field(name="6")
    seven: Points = msgspec.field(name="7")
    Q: Points
    J: Points
    K: Points


class RulesOverride(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Options that override the preset; any option left out keeps the preset's value."""

    players: Annotated[int, Meta(ge=2, le=4)] | UnsetType = UNSET
    partnerships: bool | UnsetType | None = UNSET
    target: Annotated[int, Meta(ge=1, le=1000)] | UnsetType = UNSET
    first_dealer: Literal["draw"] | Seat | UnsetType = UNSET
    dealer_rotation: Rotation | UnsetType = UNSET
    initial_table_bonus: Bonus | UnsetType = UNSET
    capture: CaptureRule | UnsetType = UNSET
    missed_capture: MissedCapture | UnsetType = UNSET
    points: PointsOverride | UnsetType = UNSET
    primeira_values: PrimeiraValues | UnsetType = UNSET
    validation: Validation | UnsetType = UNSET
    signals: bool | UnsetType = UNSET
    auto_deal: bool | UnsetType = UNSET
