from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.played_type import PlayedType

T = TypeVar("T", bound="Played")


@_attrs_define
class Played:
    """A seat played a card: a discard, or a capture (an escopa when it emptied the table).

    `wrong` marks an honor-mode capture that does not sum to 15. Until the final check it is
    secret: readers are shown `null` for every honor-mode capture, right or wrong.

        Attributes:
            type_ (PlayedType):
            seat (int):
            card (str):
            capture (list[str]):
            escopa (bool):
            wrong (bool | None):  Default: False.
    """

    type_: PlayedType
    seat: int
    card: str
    capture: list[str]
    escopa: bool
    wrong: bool | None = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        card = self.card

        capture = self.capture

        escopa = self.escopa

        wrong: bool | None
        wrong = self.wrong

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "card": card,
                "capture": capture,
                "escopa": escopa,
                "wrong": wrong,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PlayedType(d.pop("type"))

        seat = d.pop("seat")

        card = d.pop("card")

        capture = cast(list[str], d.pop("capture"))

        escopa = d.pop("escopa")

        def _parse_wrong(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        wrong = _parse_wrong(d.pop("wrong"))

        played = cls(
            type_=type_,
            seat=seat,
            card=card,
            capture=capture,
            escopa=escopa,
            wrong=wrong,
        )

        played.additional_properties = d
        return played

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
