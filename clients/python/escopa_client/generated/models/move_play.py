from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.move_play_kind import MovePlayKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="MovePlay")


@_attrs_define
class MovePlay:
    """Play `card`, capturing the `capture` cards (none: a plain play).

    Attributes:
        expected_version (int): the game's log head seq
        card (str): a card code: its rank (A, 2-7, Q, J or K) then its suit (C, D, H or S), such as 7D
        capture (list[str] | Unset):
        id (str | Unset): a move's text form, a legal move's id: `7D`, `5H+2S+QD`, `claim:5S+QD` or `deal` (a text that
            is no move is refused with `move/malformed` or `move/unknown_card`)
        kind (MovePlayKind | Unset): the listed move's kind; it must be this move's
    """

    expected_version: int
    card: str
    capture: list[str] | Unset = UNSET
    id: str | Unset = UNSET
    kind: MovePlayKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expected_version = self.expected_version

        card = self.card

        capture: list[str] | Unset = UNSET
        if not isinstance(self.capture, Unset):
            capture = self.capture

        id = self.id

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "expected_version": expected_version,
                "card": card,
            }
        )
        if capture is not UNSET:
            field_dict["capture"] = capture
        if id is not UNSET:
            field_dict["id"] = id
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expected_version = d.pop("expected_version")

        card = d.pop("card")

        capture = cast(list[str], d.pop("capture", UNSET))

        id = d.pop("id", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: MovePlayKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = MovePlayKind(_kind)

        move_play = cls(
            expected_version=expected_version,
            card=card,
            capture=capture,
            id=id,
            kind=kind,
        )

        return move_play
