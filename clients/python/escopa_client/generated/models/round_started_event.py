from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_started_event_type import RoundStartedEventType

if TYPE_CHECKING:
    from ..models.table_record import TableRecord


T = TypeVar("T", bound="RoundStartedEvent")


@_attrs_define
class RoundStartedEvent:
    """A round is paired and its games are open: its boards and tables (entrants `a` and `b`,
    `b` null for a bye; each table's two `game_ids` and their `seats`, seat 0 first).

        Attributes:
            type_ (RoundStartedEventType):
            id (str):
            tournament_id (str):
            seq (int):
            time (str):
            round_ (int):
            boards (list[int]):
            tables (list[TableRecord]):
    """

    type_: RoundStartedEventType
    id: str
    tournament_id: str
    seq: int
    time: str
    round_: int
    boards: list[int]
    tables: list[TableRecord]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        tournament_id = self.tournament_id

        seq = self.seq

        time = self.time

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
                "type": type_,
                "id": id,
                "tournament_id": tournament_id,
                "seq": seq,
                "time": time,
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
        type_ = RoundStartedEventType(d.pop("type"))

        id = d.pop("id")

        tournament_id = d.pop("tournament_id")

        seq = d.pop("seq")

        time = d.pop("time")

        round_ = d.pop("round")

        boards = cast(list[int], d.pop("boards"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = TableRecord.from_dict(tables_item_data)

            tables.append(tables_item)

        round_started_event = cls(
            type_=type_,
            id=id,
            tournament_id=tournament_id,
            seq=seq,
            time=time,
            round_=round_,
            boards=boards,
            tables=tables,
        )

        round_started_event.additional_properties = d
        return round_started_event

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
