from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="JoinByInvite")


@_attrs_define
class JoinByInvite:
    """Take the open seat an invite names.

    Attributes:
        name (str): 1-40 characters, kept in NFC, with a visible one; no control, bidirectional or line-separator
            characters; each seat's own
        invite (str): an open seat's invite, from the create answer (or the creator's view)
    """

    name: str
    invite: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        invite = self.invite

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "invite": invite,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        invite = d.pop("invite")

        join_by_invite = cls(
            name=name,
            invite=invite,
        )

        return join_by_invite
