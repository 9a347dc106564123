from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.public_key_algorithm import PublicKeyAlgorithm

T = TypeVar("T", bound="PublicKey")


@_attrs_define
class PublicKey:
    """A key the service signs or signed with: its id and the raw public key, base64url.

    Attributes:
        id (str):
        algorithm (PublicKeyAlgorithm):  Default: PublicKeyAlgorithm.ED25519.
        public_key (str):
    """

    id: str
    public_key: str
    algorithm: PublicKeyAlgorithm = PublicKeyAlgorithm.ED25519
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        algorithm = self.algorithm.value

        public_key = self.public_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "algorithm": algorithm,
                "public_key": public_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        algorithm = PublicKeyAlgorithm(d.pop("algorithm"))

        public_key = d.pop("public_key")

        public_key = cls(
            id=id,
            algorithm=algorithm,
            public_key=public_key,
        )

        public_key.additional_properties = d
        return public_key

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
