from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_result_event_type import TableResultEventType
from ..types import UNSET, Unset

T = TypeVar("T", bound="TableResultEvent")


@_attrs_define
class TableResultEvent:
    """A table's result, told when its round is over (every table's at once): on each board
    `a`'s score minus `b`'s (`results`) and in all (`total`); each board's IMPs, or
    matchpoints (`a`'s, `b`'s), and who left the game early (`left`). A tournament of the
    first format (`pairs`) told `a`'s duplicate result, when both games of the table had
    ended.

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
            matchpoints (list[list[int]] | Unset):
            imps (list[list[int]] | Unset):
            left (int | Unset):
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
    matchpoints: list[list[int]] | Unset = UNSET
    imps: list[list[int]] | Unset = UNSET
    left: int | Unset = UNSET
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

        matchpoints: list[list[int]] | Unset = UNSET
        if not isinstance(self.matchpoints, Unset):
            matchpoints = []
            for matchpoints_item_data in self.matchpoints:
                matchpoints_item = []
                for matchpoints_item_item_data in matchpoints_item_data:
                    matchpoints_item_item: int
                    matchpoints_item_item = matchpoints_item_item_data
                    matchpoints_item.append(matchpoints_item_item)

                matchpoints.append(matchpoints_item)

        imps: list[list[int]] | Unset = UNSET
        if not isinstance(self.imps, Unset):
            imps = []
            for imps_item_data in self.imps:
                imps_item = []
                for imps_item_item_data in imps_item_data:
                    imps_item_item: int
                    imps_item_item = imps_item_item_data
                    imps_item.append(imps_item_item)

                imps.append(imps_item)

        left = self.left

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
        if matchpoints is not UNSET:
            field_dict["matchpoints"] = matchpoints
        if imps is not UNSET:
            field_dict["imps"] = imps
        if left is not UNSET:
            field_dict["left"] = left

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

        _matchpoints = d.pop("matchpoints", UNSET)
        matchpoints: list[list[int]] | Unset = UNSET
        if _matchpoints is not UNSET:
            matchpoints = []
            for matchpoints_item_data in _matchpoints:
                matchpoints_item = []
                _matchpoints_item = matchpoints_item_data
                for matchpoints_item_item_data in _matchpoints_item:

                    def _parse_matchpoints_item_item(data: object) -> int:
                        return cast(int, data)

                    matchpoints_item_item = _parse_matchpoints_item_item(
                        matchpoints_item_item_data
                    )

                    matchpoints_item.append(matchpoints_item_item)

                matchpoints.append(matchpoints_item)

        _imps = d.pop("imps", UNSET)
        imps: list[list[int]] | Unset = UNSET
        if _imps is not UNSET:
            imps = []
            for imps_item_data in _imps:
                imps_item = []
                _imps_item = imps_item_data
                for imps_item_item_data in _imps_item:

                    def _parse_imps_item_item(data: object) -> int:
                        return cast(int, data)

                    imps_item_item = _parse_imps_item_item(imps_item_item_data)

                    imps_item.append(imps_item_item)

                imps.append(imps_item)

        left = d.pop("left", UNSET)

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
            matchpoints=matchpoints,
            imps=imps,
            left=left,
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
