from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.signal import Signal

T = TypeVar("T", bound="SentSignal")


@_attrs_define
class SentSignal:
    """A partner signal as sent: by `seat`, when the log's head was entry `after`.

    Signals are kept beside the log, not in it, while the game runs: that a seat signalled
    at all would tell its opponents it holds a seven. The entry that ends the match records
    them all (`LogEntry.signals`), so they are hash-chained and audited like every move.

        Attributes:
            seat (int):
            signal (Signal):
            after (int):
            time (str):
    """

    seat: int
    signal: Signal
    after: int
    time: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        signal = self.signal.value

        after = self.after

        time = self.time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "signal": signal,
                "after": after,
                "time": time,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        signal = Signal(d.pop("signal"))

        after = d.pop("after")

        time = d.pop("time")

        sent_signal = cls(
            seat=seat,
            signal=signal,
            after=after,
            time=time,
        )

        sent_signal.additional_properties = d
        return sent_signal

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
