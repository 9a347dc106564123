from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.timeout_event_type import TimeoutEventType

if TYPE_CHECKING:
    from ..models.log_entry import LogEntry


T = TypeVar("T", bound="TimeoutEvent")


@_attrs_define
class TimeoutEvent:
    """A seat ran out of time: the log's `timeout` entry as a spectator sees it.

    Attributes:
        type_ (TimeoutEventType):
        id (str):
        game_id (str):
        seq (int):
        time (str):
        seat (int | None):
        entry (LogEntry): One log entry. `hash` is the SHA-256 of the entry's canonical JSON without `hash`.

            `salt` is a random secret inside the hashed body: a reader shown a redacted entry gets no
            salt, so it cannot brute-force the few possible hidden hands against the entry's hash.
            `signals` is only on the entry that ends a match in which partners signalled (absent on
            every other entry, so their form and hash are unchanged). `signal` entries are the older
            form of signals, kept so that older logs still read and verify. A `joined` entry names its
            seat's `player`; a `rematch` entry names the new game (`rematch`); both are absent elsewhere.
            A `timeout` entry names the `deadline` its seat missed and, as `move`, what followed: the
            move played for the seat, `forfeit` or `abort` (`service.core.lifecycle.clocks`).
    """

    type_: TimeoutEventType
    id: str
    game_id: str
    seq: int
    time: str
    seat: int | None
    entry: LogEntry
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        game_id = self.game_id

        seq = self.seq

        time = self.time

        seat: int | None
        seat = self.seat

        entry = self.entry.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "seq": seq,
                "time": time,
                "seat": seat,
                "entry": entry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.log_entry import LogEntry  # noqa: PLC0415

        d = dict(src_dict)
        type_ = TimeoutEventType(d.pop("type"))

        id = d.pop("id")

        game_id = d.pop("game_id")

        seq = d.pop("seq")

        time = d.pop("time")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        entry = LogEntry.from_dict(d.pop("entry"))

        timeout_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            seq=seq,
            time=time,
            seat=seat,
            entry=entry,
        )

        timeout_event.additional_properties = d
        return timeout_event

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
