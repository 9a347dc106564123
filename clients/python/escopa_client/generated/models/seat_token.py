from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatToken")


@_attrs_define
class SeatToken:
    """A person's seat's secret token: shown once, stored only as a hash (bots have none). An
    open seat has an `invite` instead (one use, stored only as a hash) and no name yet.

        Attributes:
            seat (int):
            name (str):
            token (str | Unset):
            invite (str | Unset):
    """

    seat: int
    name: str
    token: str | Unset = UNSET
    invite: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        token = self.token

        invite = self.invite

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "name": name,
            }
        )
        if token is not UNSET:
            field_dict["token"] = token
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        token = d.pop("token", UNSET)

        invite = d.pop("invite", UNSET)

        seat_token = cls(
            seat=seat,
            name=name,
            token=token,
            invite=invite,
        )

        seat_token.additional_properties = d
        return seat_token

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
