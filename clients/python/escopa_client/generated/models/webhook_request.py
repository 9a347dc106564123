from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_request_events_item import WebhookRequestEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookRequest")


@_attrs_define
class WebhookRequest:
    """Where to POST a game's (or a tournament's) events, and which: `events` names the event
    types to deliver (default: all of them); the others are never sent nor listed, so a
    filtered subscription's deliveries skip the `seq`s of the entries it left out.

        Attributes:
            url (str): an absolute `https` URL (plain `http` only to hosts in `ESCOPA_WEBHOOK_ALLOW`), no credentials
            events (list[WebhookRequestEventsItem] | Unset):
    """

    url: str
    events: list[WebhookRequestEventsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[WebhookRequestEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookRequestEventsItem(events_item_data)

                events.append(events_item)

        webhook_request = cls(
            url=url,
            events=events,
        )

        return webhook_request
