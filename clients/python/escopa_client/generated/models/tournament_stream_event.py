from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_stream_event_event import TournamentStreamEventEvent

T = TypeVar("T", bound="TournamentStreamEvent")


@_attrs_define
class TournamentStreamEvent:
    """One event of a tournament's stream as a client reads it (`id:`, `event:` and `data:`
    lines); comment lines (the opening one, heartbeats) and the `retry:` advice are not
    events.

        Attributes:
            id (str): the event's seq
            event (TournamentStreamEventEvent):
            data (str): the event as JSON (its `type` names its schema)
    """

    id: str
    event: TournamentStreamEventEvent
    data: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event.value

        data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event = TournamentStreamEventEvent(d.pop("event"))

        data = d.pop("data")

        tournament_stream_event = cls(
            id=id,
            event=event,
            data=data,
        )

        tournament_stream_event.additional_properties = d
        return tournament_stream_event

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
