from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_delivery import WebhookDelivery


T = TypeVar("T", bound="TournamentWebhookDeliveries")


@_attrs_define
class TournamentWebhookDeliveries:
    """A tournament's webhook deliveries, in the order they are made (`seq`: the event's); the
    `url` only for the API key that created the tournament.

        Attributes:
            tournament_id (str):
            deliveries (list[WebhookDelivery]):
            url (str | Unset):
    """

    tournament_id: str
    deliveries: list[WebhookDelivery]
    url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament_id": tournament_id,
                "deliveries": deliveries,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery import WebhookDelivery  # noqa: PLC0415

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = WebhookDelivery.from_dict(deliveries_item_data)

            deliveries.append(deliveries_item)

        url = d.pop("url", UNSET)

        tournament_webhook_deliveries = cls(
            tournament_id=tournament_id,
            deliveries=deliveries,
            url=url,
        )

        tournament_webhook_deliveries.additional_properties = d
        return tournament_webhook_deliveries

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
