from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RegisteredPlayer")


@_attrs_define
class RegisteredPlayer:
    """A player id now held, and its secret: shown this once, kept only as SHA-256. Keep it
    (the web pages keep it on the device): every game, join or tournament naming the id on
    this server needs it.

        Attributes:
            player_id (str):
            player_secret (str):
    """

    player_id: str
    player_secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        player_secret = self.player_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player_id": player_id,
                "player_secret": player_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        player_secret = d.pop("player_secret")

        registered_player = cls(
            player_id=player_id,
            player_secret=player_secret,
        )

        registered_player.additional_properties = d
        return registered_player

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
