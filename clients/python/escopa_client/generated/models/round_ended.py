from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_ended_type import RoundEndedType

if TYPE_CHECKING:
    from ..models.round_score import RoundScore


T = TypeVar("T", bound="RoundEnded")


@_attrs_define
class RoundEnded:
    """A round was scored; every category per side is in `score`.

    Attributes:
        type_ (RoundEndedType):
        score (RoundScore): A round's result: each side's breakdown, the last cards and the match totals after it.
    """

    type_: RoundEndedType
    score: RoundScore
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        score = self.score.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_score import RoundScore  # noqa: PLC0415

        d = dict(src_dict)
        type_ = RoundEndedType(d.pop("type"))

        score = RoundScore.from_dict(d.pop("score"))

        round_ended = cls(
            type_=type_,
            score=score,
        )

        round_ended.additional_properties = d
        return round_ended

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
