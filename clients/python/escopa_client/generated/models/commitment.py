from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Commitment")


@_attrs_define
class Commitment:
    """A commitment to a secret server seed: name `commitment_id` when creating the game.

    Attributes:
        commitment_id (str):
        seed_commitment (str):
        expires_in (int):
    """

    commitment_id: str
    seed_commitment: str
    expires_in: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commitment_id = self.commitment_id

        seed_commitment = self.seed_commitment

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment_id": commitment_id,
                "seed_commitment": seed_commitment,
                "expires_in": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        commitment_id = d.pop("commitment_id")

        seed_commitment = d.pop("seed_commitment")

        expires_in = d.pop("expires_in")

        commitment = cls(
            commitment_id=commitment_id,
            seed_commitment=seed_commitment,
            expires_in=expires_in,
        )

        commitment.additional_properties = d
        return commitment

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
