from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="JoinBySeat")


@_attrs_define
class JoinBySeat:
    """Take a lobby game's open seat by its number (no invite needed).

    Attributes:
        name (str): 1-40 characters, kept in NFC, with a visible one; no control, bidirectional or line-separator
            characters; each seat's own
        seat (int):
    """

    name: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        seat = d.pop("seat")

        join_by_seat = cls(
            name=name,
            seat=seat,
        )

        return join_by_seat
