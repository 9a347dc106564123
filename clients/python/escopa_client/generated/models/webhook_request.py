from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookRequest")


@_attrs_define
class WebhookRequest:
    """Where to POST a game's events.

    Attributes:
        url (str): an absolute `https` URL (plain `http` only to hosts in `ESCOPA_WEBHOOK_ALLOW`), no credentials
    """

    url: str

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        webhook_request = cls(
            url=url,
        )

        return webhook_request
