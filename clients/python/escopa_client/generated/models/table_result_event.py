from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_result_event_type import TableResultEventType

T = TypeVar("T", bound="TableResultEvent")


@_attrs_define
class TableResultEvent:
    """Both games of a table have ended: `a`'s duplicate result on each board and in all
    (`b`'s is the opposite).

        Attributes:
            type_ (TableResultEventType):
            id (str):
            tournament_id (str):
            seq (int):
            time (str):
            round_ (int):
            table (int):
            a (int):
            b (int):
            results (list[int]):
            total (int):
    """

    type_: TableResultEventType
    id: str
    tournament_id: str
    seq: int
    time: str
    round_: int
    table: int
    a: int
    b: int
    results: list[int]
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        tournament_id = self.tournament_id

        seq = self.seq

        time = self.time

        round_ = self.round_

        table = self.table

        a = self.a

        b = self.b

        results = self.results

        total = self.total

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
                "table": table,
                "a": a,
                "b": b,
                "results": results,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = TableResultEventType(d.pop("type"))

        id = d.pop("id")

        tournament_id = d.pop("tournament_id")

        seq = d.pop("seq")

        time = d.pop("time")

        round_ = d.pop("round")

        table = d.pop("table")

        a = d.pop("a")

        b = d.pop("b")

        results = cast(list[int], d.pop("results"))

        total = d.pop("total")

        table_result_event = cls(
            type_=type_,
            id=id,
            tournament_id=tournament_id,
            seq=seq,
            time=time,
            round_=round_,
            table=table,
            a=a,
            b=b,
            results=results,
            total=total,
        )

        table_result_event.additional_properties = d
        return table_result_event

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
