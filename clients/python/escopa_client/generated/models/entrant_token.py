from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EntrantToken")


@_attrs_define
class EntrantToken:
    """An entrant as created: a person's `token`, shown once, is its seat token in every game
    of the tournament (bots have none).

        Attributes:
            entrant (int):
            name (str):
            token (str | Unset):
    """

    entrant: int
    name: str
    token: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entrant = self.entrant

        name = self.name

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entrant": entrant,
                "name": name,
            }
        )
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        entrant = d.pop("entrant")

        name = d.pop("name")

        token = d.pop("token", UNSET)

        entrant_token = cls(
            entrant=entrant,
            name=name,
            token=token,
        )

        entrant_token.additional_properties = d
        return entrant_token

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
