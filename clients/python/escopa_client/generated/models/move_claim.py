from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.move_claim_kind import MoveClaimKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveClaim")


@_attrs_define
class MoveClaim:
    """Claim a capture the previous player missed: the card played and the cards it could have taken.

    Attributes:
        expected_version (int): the game's log head seq
        claim (list[str]):
        id (str | Unset): a move's text form, a legal move's id: `7D`, `5H+2S+QD`, `claim:5S+QD` or `deal` (a text that
            is no move is refused with `move/malformed` or `move/unknown_card`)
        kind (MoveClaimKind | Unset): the listed move's kind; it must be this move's
    """

    expected_version: int
    claim: list[str]
    id: str | Unset = UNSET
    kind: MoveClaimKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expected_version = self.expected_version

        claim = self.claim

        id = self.id

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "expected_version": expected_version,
                "claim": claim,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expected_version = d.pop("expected_version")

        claim = cast(list[str], d.pop("claim"))

        id = d.pop("id", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: MoveClaimKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = MoveClaimKind(_kind)

        move_claim = cls(
            expected_version=expected_version,
            claim=claim,
            id=id,
            kind=kind,
        )

        return move_claim
