from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Receipt")


@_attrs_define
class Receipt:
    """What the service accepted: the game's new head (`seq`, `hash`), signed.

    The signed bytes are `escopa-receipt-v1:{game_id}:{seq}:{hash}`; keep the last receipt to
    prove later which head the service acknowledged.

        Attributes:
            game_id (str):
            seq (int):
            hash_ (str):
            key_id (str):
            signature (str):
    """

    game_id: str
    seq: int
    hash_: str
    key_id: str
    signature: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seq = self.seq

        hash_ = self.hash_

        key_id = self.key_id

        signature = self.signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "seq": seq,
                "hash": hash_,
                "key_id": key_id,
                "signature": signature,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seq = d.pop("seq")

        hash_ = d.pop("hash")

        key_id = d.pop("key_id")

        signature = d.pop("signature")

        receipt = cls(
            game_id=game_id,
            seq=seq,
            hash_=hash_,
            key_id=key_id,
            signature=signature,
        )

        receipt.additional_properties = d
        return receipt

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
