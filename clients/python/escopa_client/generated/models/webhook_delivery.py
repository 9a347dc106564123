from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_state import WebhookDeliveryState

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """One event's delivery: its id (the `X-Escopa-Delivery` header), the event, the log entry
    it comes from, the attempts made, the last answer's status or the last error, and its
    state (`pending` until it is delivered, `failed` once the attempts are spent).

        Attributes:
            id (str):
            event (str):
            seq (int):
            attempts (int):
            state (WebhookDeliveryState):
            last_status (int | None):
            last_error (None | str):
    """

    id: str
    event: str
    seq: int
    attempts: int
    state: WebhookDeliveryState
    last_status: int | None
    last_error: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event

        seq = self.seq

        attempts = self.attempts

        state = self.state.value

        last_status: int | None
        last_status = self.last_status

        last_error: None | str
        last_error = self.last_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event": event,
                "seq": seq,
                "attempts": attempts,
                "state": state,
                "last_status": last_status,
                "last_error": last_error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event = d.pop("event")

        seq = d.pop("seq")

        attempts = d.pop("attempts")

        state = WebhookDeliveryState(d.pop("state"))

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("last_status"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        webhook_delivery = cls(
            id=id,
            event=event,
            seq=seq,
            attempts=attempts,
            state=state,
            last_status=last_status,
            last_error=last_error,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
