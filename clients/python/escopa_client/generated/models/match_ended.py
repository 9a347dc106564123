from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_ended_type import MatchEndedType

if TYPE_CHECKING:
    from ..models.outcome import Outcome


T = TypeVar("T", bound="MatchEnded")


@_attrs_define
class MatchEnded:
    """The match is over: won, drawn or shared, as the outcome says.

    Attributes:
        type_ (MatchEndedType):
        outcome (Outcome): The end of a match: how it ended, the winning seats, and every side's final total.

            `result` is `won` (one side won: `winner`), `draw` (the sides in `tied` drew: no winner, no
            seats) or `shared` (the sides in `tied` all won: `seats` are all of theirs, `winner` null).
            `result` and `tied` are left out of the encoding when one side won, as before they existed.
            `resigned` (the seats of the side that resigned, with the other sides in `seats`) and
            `aborted` (no winner, no seats) end a match early (`engine.ending`).
    """

    type_: MatchEndedType
    outcome: Outcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        outcome = self.outcome.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.outcome import Outcome  # noqa: PLC0415

        d = dict(src_dict)
        type_ = MatchEndedType(d.pop("type"))

        outcome = Outcome.from_dict(d.pop("outcome"))

        match_ended = cls(
            type_=type_,
            outcome=outcome,
        )

        match_ended.additional_properties = d
        return match_ended

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
