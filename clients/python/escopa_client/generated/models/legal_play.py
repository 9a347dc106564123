from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.legal_play_kind import LegalPlayKind

T = TypeVar("T", bound="LegalPlay")


@_attrs_define
class LegalPlay:
    """A legal play, as `GET /legal-moves` lists it.

    Attributes:
        id (str): the move's text form
        kind (LegalPlayKind):
        card (str): a card code: its rank (A, 2-7, Q, J or K) then its suit (C, D, H or S), such as 7D
        capture (list[str]):
    """

    id: str
    kind: LegalPlayKind
    card: str
    capture: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        card = self.card

        capture = self.capture

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "card": card,
                "capture": capture,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        kind = LegalPlayKind(d.pop("kind"))

        card = d.pop("card")

        capture = cast(list[str], d.pop("capture"))

        legal_play = cls(
            id=id,
            kind=kind,
            card=card,
            capture=capture,
        )

        legal_play.additional_properties = d
        return legal_play

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
