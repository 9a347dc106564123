from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.flag_shown import FlagShown


T = TypeVar("T", bound="PlayerRating")


@_attrs_define
class PlayerRating:
    """A player's rating on one ladder, with its reliability beside it: of its `watched` rated
    games (aborted ones too), those it walked away from (`left`: lost on time, or never moved),
    `reliability` the share it did not (null: none yet); `flagged` while the abuse watch flags
    it (then it is off the listed leaderboard).

        Attributes:
            mu (float):
            sigma (float):
            ordinal (float):
            games (int):
            wins (int):
            watched (int):  Default: 0.
            left (int):  Default: 0.
            reliability (float | None):
            flagged (FlagShown | None):
    """

    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    reliability: float | None
    flagged: FlagShown | None
    watched: int = 0
    left: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.flag_shown import FlagShown  # noqa: PLC0415

        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        games = self.games

        wins = self.wins

        watched = self.watched

        left = self.left

        reliability: float | None
        reliability = self.reliability

        flagged: dict[str, Any] | None
        if isinstance(self.flagged, FlagShown):
            flagged = self.flagged.to_dict()
        else:
            flagged = self.flagged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mu": mu,
                "sigma": sigma,
                "ordinal": ordinal,
                "games": games,
                "wins": wins,
                "watched": watched,
                "left": left,
                "reliability": reliability,
                "flagged": flagged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flag_shown import FlagShown  # noqa: PLC0415

        d = dict(src_dict)
        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        games = d.pop("games")

        wins = d.pop("wins")

        watched = d.pop("watched")

        left = d.pop("left")

        def _parse_reliability(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        reliability = _parse_reliability(d.pop("reliability"))

        def _parse_flagged(data: object) -> FlagShown | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                flagged_type_0 = FlagShown.from_dict(data)

                return flagged_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FlagShown | None, data)

        flagged = _parse_flagged(d.pop("flagged"))

        player_rating = cls(
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            games=games,
            wins=wins,
            watched=watched,
            left=left,
            reliability=reliability,
            flagged=flagged,
        )

        player_rating.additional_properties = d
        return player_rating

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
