from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatedInfo")


@_attrs_define
class RatedInfo:
    """What a rated game's first entry records: the ladder it counts on, the scope its player
    ids belong to (the creating API key's id, `-` without keys) and each seat's player id
    (`bot:<level>` for a bot seat).

        Attributes:
            ladder (str):
            scope (str):
            players (list[str]):
    """

    ladder: str
    scope: str
    players: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ladder = self.ladder

        scope = self.scope

        players = self.players

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ladder": ladder,
                "scope": scope,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ladder = d.pop("ladder")

        scope = d.pop("scope")

        players = cast(list[str], d.pop("players"))

        rated_info = cls(
            ladder=ladder,
            scope=scope,
            players=players,
        )

        rated_info.additional_properties = d
        return rated_info

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
