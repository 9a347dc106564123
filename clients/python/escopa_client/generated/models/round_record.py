from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.table_record import TableRecord


T = TypeVar("T", bound="RoundRecord")


@_attrs_define
class RoundRecord:
    """A round: its number, the board numbers its games deal, its tables.

    Attributes:
        round_ (int):
        boards (list[int]):
        tables (list[TableRecord]):
    """

    round_: int
    boards: list[int]
    tables: list[TableRecord]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        boards = self.boards

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "boards": boards,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_record import TableRecord  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        boards = cast(list[int], d.pop("boards"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = TableRecord.from_dict(tables_item_data)

            tables.append(tables_item)

        round_record = cls(
            round_=round_,
            boards=boards,
            tables=tables,
        )

        round_record.additional_properties = d
        return round_record

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
