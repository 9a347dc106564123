from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.signal import Signal

T = TypeVar("T", bound="SignalRequest")


@_attrs_define
class SignalRequest:
    """A partner signal: `guindis` (I hold the 7D) or `seven` (I hold another seven).

    Attributes:
        signal (Signal):
    """

    signal: Signal

    def to_dict(self) -> dict[str, Any]:
        signal = self.signal.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "signal": signal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        signal = Signal(d.pop("signal"))

        signal_request = cls(
            signal=signal,
        )

        return signal_request
