from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.move_kind import MoveKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveAsListed")


@_attrs_define
class MoveAsListed:
    """A legal move named by its `id` alone (how `GET /legal-moves` lists a deal).

    Attributes:
        expected_version (int): the game's log head seq
        id (str): a move's text form, a legal move's id: `7D`, `5H+2S+QD`, `claim:5S+QD` or `deal` (a text that is no
            move is refused with `move/malformed` or `move/unknown_card`)
        kind (MoveKind | Unset):
    """

    expected_version: int
    id: str
    kind: MoveKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expected_version = self.expected_version

        id = self.id

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "expected_version": expected_version,
                "id": id,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expected_version = d.pop("expected_version")

        id = d.pop("id")

        _kind = d.pop("kind", UNSET)
        kind: MoveKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = MoveKind(_kind)

        move_as_listed = cls(
            expected_version=expected_version,
            id=id,
            kind=kind,
        )

        return move_as_listed
