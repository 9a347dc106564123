from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SignalResult")


@_attrs_define
class SignalResult:
    """A signal kept for the partner: the game's `version` is unchanged (no one else can tell),
    `sent` counts the signals of the sender's side so far.

        Attributes:
            version (int):
            to_seat (int):
            sent (int):
    """

    version: int
    to_seat: int
    sent: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        to_seat = self.to_seat

        sent = self.sent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "to_seat": to_seat,
                "sent": sent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        to_seat = d.pop("to_seat")

        sent = d.pop("sent")

        signal_result = cls(
            version=version,
            to_seat=to_seat,
            sent=sent,
        )

        signal_result.additional_properties = d
        return signal_result

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
