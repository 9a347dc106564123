from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TableRecord")


@_attrs_define
class TableRecord:
    """A table of a round: `a` against `b` (null: `a`'s bye), its games with their `seats`
    (entrants, seat 0 first) and, once the round is over, per board `a`'s result (`results`).

    IMPs, matchpoints and plain scoring: one game, `a` at seat 0; `points` each board's round
    points by seat (null: never reached), `left` the entrant who left the game early, `imps`
    (IMP scoring) or `matchpoints` (matchpoints and plain scoring) each board's (`a`'s, `b`'s)
    and `results` their difference. Pairs (the first format): two games, `[a, b]` then
    `[b, a]`; `results` `a`'s duplicate result per board.

        Attributes:
            a (int):
            b (int | None | Unset):
            game_ids (list[str] | Unset):
            seats (list[list[int]] | Unset):
            results (list[int] | None | Unset):
            points (list[list[int] | None] | None | Unset):
            left (int | None | Unset):
            matchpoints (list[list[int]] | None | Unset):
            imps (list[list[int]] | None | Unset):
    """

    a: int
    b: int | None | Unset = UNSET
    game_ids: list[str] | Unset = UNSET
    seats: list[list[int]] | Unset = UNSET
    results: list[int] | None | Unset = UNSET
    points: list[list[int] | None] | None | Unset = UNSET
    left: int | None | Unset = UNSET
    matchpoints: list[list[int]] | None | Unset = UNSET
    imps: list[list[int]] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b: int | None | Unset
        if isinstance(self.b, Unset):
            b = UNSET
        else:
            b = self.b

        game_ids: list[str] | Unset = UNSET
        if not isinstance(self.game_ids, Unset):
            game_ids = self.game_ids

        seats: list[list[int]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data

                seats.append(seats_item)

        results: list[int] | None | Unset
        if isinstance(self.results, Unset):
            results = UNSET
        elif isinstance(self.results, list):
            results = self.results

        else:
            results = self.results

        points: list[list[int] | None] | None | Unset
        if isinstance(self.points, Unset):
            points = UNSET
        elif isinstance(self.points, list):
            points = []
            for points_type_0_item_data in self.points:
                points_type_0_item: list[int] | None
                if isinstance(points_type_0_item_data, list):
                    points_type_0_item = []
                    for points_type_0_item_type_0_item_data in points_type_0_item_data:
                        points_type_0_item_type_0_item: int
                        points_type_0_item_type_0_item = (
                            points_type_0_item_type_0_item_data
                        )
                        points_type_0_item.append(points_type_0_item_type_0_item)

                else:
                    points_type_0_item = points_type_0_item_data
                points.append(points_type_0_item)

        else:
            points = self.points

        left: int | None | Unset
        if isinstance(self.left, Unset):
            left = UNSET
        else:
            left = self.left

        matchpoints: list[list[int]] | None | Unset
        if isinstance(self.matchpoints, Unset):
            matchpoints = UNSET
        elif isinstance(self.matchpoints, list):
            matchpoints = []
            for matchpoints_type_0_item_data in self.matchpoints:
                matchpoints_type_0_item = []
                for matchpoints_type_0_item_item_data in matchpoints_type_0_item_data:
                    matchpoints_type_0_item_item: int
                    matchpoints_type_0_item_item = matchpoints_type_0_item_item_data
                    matchpoints_type_0_item.append(matchpoints_type_0_item_item)

                matchpoints.append(matchpoints_type_0_item)

        else:
            matchpoints = self.matchpoints

        imps: list[list[int]] | None | Unset
        if isinstance(self.imps, Unset):
            imps = UNSET
        elif isinstance(self.imps, list):
            imps = []
            for imps_type_0_item_data in self.imps:
                imps_type_0_item = []
                for imps_type_0_item_item_data in imps_type_0_item_data:
                    imps_type_0_item_item: int
                    imps_type_0_item_item = imps_type_0_item_item_data
                    imps_type_0_item.append(imps_type_0_item_item)

                imps.append(imps_type_0_item)

        else:
            imps = self.imps

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
            }
        )
        if b is not UNSET:
            field_dict["b"] = b
        if game_ids is not UNSET:
            field_dict["game_ids"] = game_ids
        if seats is not UNSET:
            field_dict["seats"] = seats
        if results is not UNSET:
            field_dict["results"] = results
        if points is not UNSET:
            field_dict["points"] = points
        if left is not UNSET:
            field_dict["left"] = left
        if matchpoints is not UNSET:
            field_dict["matchpoints"] = matchpoints
        if imps is not UNSET:
            field_dict["imps"] = imps

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("a")

        def _parse_b(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        b = _parse_b(d.pop("b", UNSET))

        game_ids = cast(list[str], d.pop("game_ids", UNSET))

        _seats = d.pop("seats", UNSET)
        seats: list[list[int]] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = cast(list[int], seats_item_data)

                seats.append(seats_item)

        def _parse_results(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                results_type_0 = cast(list[int], data)

                return results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        results = _parse_results(d.pop("results", UNSET))

        def _parse_points(data: object) -> list[list[int] | None] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                points_type_0 = []
                _points_type_0 = data
                for points_type_0_item_data in _points_type_0:

                    def _parse_points_type_0_item(data: object) -> list[int] | None:
                        if data is None:
                            return data
                        try:
                            if not isinstance(data, list):
                                raise TypeError()
                            points_type_0_item_type_0 = []
                            _points_type_0_item_type_0 = data
                            for (
                                points_type_0_item_type_0_item_data
                            ) in _points_type_0_item_type_0:

                                def _parse_points_type_0_item_type_0_item(
                                    data: object,
                                ) -> int:
                                    return cast(int, data)

                                points_type_0_item_type_0_item = (
                                    _parse_points_type_0_item_type_0_item(
                                        points_type_0_item_type_0_item_data
                                    )
                                )

                                points_type_0_item_type_0.append(
                                    points_type_0_item_type_0_item
                                )

                            return points_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(list[int] | None, data)

                    points_type_0_item = _parse_points_type_0_item(
                        points_type_0_item_data
                    )

                    points_type_0.append(points_type_0_item)

                return points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int] | None] | None | Unset, data)

        points = _parse_points(d.pop("points", UNSET))

        def _parse_left(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        left = _parse_left(d.pop("left", UNSET))

        def _parse_matchpoints(data: object) -> list[list[int]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                matchpoints_type_0 = []
                _matchpoints_type_0 = data
                for matchpoints_type_0_item_data in _matchpoints_type_0:
                    matchpoints_type_0_item = []
                    _matchpoints_type_0_item = matchpoints_type_0_item_data
                    for matchpoints_type_0_item_item_data in _matchpoints_type_0_item:

                        def _parse_matchpoints_type_0_item_item(data: object) -> int:
                            return cast(int, data)

                        matchpoints_type_0_item_item = (
                            _parse_matchpoints_type_0_item_item(
                                matchpoints_type_0_item_item_data
                            )
                        )

                        matchpoints_type_0_item.append(matchpoints_type_0_item_item)

                    matchpoints_type_0.append(matchpoints_type_0_item)

                return matchpoints_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None | Unset, data)

        matchpoints = _parse_matchpoints(d.pop("matchpoints", UNSET))

        def _parse_imps(data: object) -> list[list[int]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                imps_type_0 = []
                _imps_type_0 = data
                for imps_type_0_item_data in _imps_type_0:
                    imps_type_0_item = []
                    _imps_type_0_item = imps_type_0_item_data
                    for imps_type_0_item_item_data in _imps_type_0_item:

                        def _parse_imps_type_0_item_item(data: object) -> int:
                            return cast(int, data)

                        imps_type_0_item_item = _parse_imps_type_0_item_item(
                            imps_type_0_item_item_data
                        )

                        imps_type_0_item.append(imps_type_0_item_item)

                    imps_type_0.append(imps_type_0_item)

                return imps_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None | Unset, data)

        imps = _parse_imps(d.pop("imps", UNSET))

        table_record = cls(
            a=a,
            b=b,
            game_ids=game_ids,
            seats=seats,
            results=results,
            points=points,
            left=left,
            matchpoints=matchpoints,
            imps=imps,
        )

        table_record.additional_properties = d
        return table_record

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
