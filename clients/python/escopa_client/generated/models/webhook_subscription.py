from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_subscription_events_item import WebhookSubscriptionEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookSubscription")


@_attrs_define
class WebhookSubscription:
    """A webhook subscription: its URL and its signing secret, shown only in this answer (the
    service derives it again when it signs and never stores it).

        Attributes:
            url (str):
            secret (str):
            events (list[WebhookSubscriptionEventsItem] | Unset):
    """

    url: str
    secret: str
    events: list[WebhookSubscriptionEventsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        secret = self.secret

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "secret": secret,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        secret = d.pop("secret")

        _events = d.pop("events", UNSET)
        events: list[WebhookSubscriptionEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookSubscriptionEventsItem(events_item_data)

                events.append(events_item)

        webhook_subscription = cls(
            url=url,
            secret=secret,
            events=events,
        )

        webhook_subscription.additional_properties = d
        return webhook_subscription

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
