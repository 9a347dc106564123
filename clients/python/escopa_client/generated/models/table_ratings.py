from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_change import RatingChange


T = TypeVar("T", bound="TableRatings")


@_attrs_define
class TableRatings:
    """A rated table's match: its settlement id, where it was, and its entrants' ratings
    before and after (seat 0: `a`, seat 1: `b`).

        Attributes:
            settlement_id (str):
            round_ (int):
            table (int):
            changes (list[RatingChange]):
    """

    settlement_id: str
    round_: int
    table: int
    changes: list[RatingChange]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        settlement_id = self.settlement_id

        round_ = self.round_

        table = self.table

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "settlement_id": settlement_id,
                "round": round_,
                "table": table,
                "changes": changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change import RatingChange  # noqa: PLC0415

        d = dict(src_dict)
        settlement_id = d.pop("settlement_id")

        round_ = d.pop("round")

        table = d.pop("table")

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = RatingChange.from_dict(changes_item_data)

            changes.append(changes_item)

        table_ratings = cls(
            settlement_id=settlement_id,
            round_=round_,
            table=table,
            changes=changes,
        )

        table_ratings.additional_properties = d
        return table_ratings

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
