from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.legal_claim_kind import LegalClaimKind

T = TypeVar("T", bound="LegalClaim")


@_attrs_define
class LegalClaim:
    """A legal claim, as `GET /legal-moves` lists it.

    Attributes:
        id (str): the move's text form
        kind (LegalClaimKind):
        claim (list[str]):
    """

    id: str
    kind: LegalClaimKind
    claim: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        claim = self.claim

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "claim": claim,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        kind = LegalClaimKind(d.pop("kind"))

        claim = cast(list[str], d.pop("claim"))

        legal_claim = cls(
            id=id,
            kind=kind,
            claim=claim,
        )

        legal_claim.additional_properties = d
        return legal_claim

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
