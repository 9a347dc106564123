from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatOpen")


@_attrs_define
class SeatOpen:
    """A seat left open for someone to join later, by invite or from the lobby.

    Attributes:
        open_ (bool):
    """

    open_: bool

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open": open_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        open_ = d.pop("open")

        seat_open = cls(
            open_=open_,
        )

        return seat_open
