from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_finished_event_type import TournamentFinishedEventType

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="TournamentFinishedEvent")


@_attrs_define
class TournamentFinishedEvent:
    """The last round's results are in: the final standings, and the tournament's seed,
    revealed (its export is ready).

        Attributes:
            type_ (TournamentFinishedEventType):
            id (str):
            tournament_id (str):
            seq (int):
            time (str):
            standings (list[Standing]):
            seed (str):
    """

    type_: TournamentFinishedEventType
    id: str
    tournament_id: str
    seq: int
    time: str
    standings: list[Standing]
    seed: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        tournament_id = self.tournament_id

        seq = self.seq

        time = self.time

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "tournament_id": tournament_id,
                "seq": seq,
                "time": time,
                "standings": standings,
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        type_ = TournamentFinishedEventType(d.pop("type"))

        id = d.pop("id")

        tournament_id = d.pop("tournament_id")

        seq = d.pop("seq")

        time = d.pop("time")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        seed = d.pop("seed")

        tournament_finished_event = cls(
            type_=type_,
            id=id,
            tournament_id=tournament_id,
            seq=seq,
            time=time,
            standings=standings,
            seed=seed,
        )

        tournament_finished_event.additional_properties = d
        return tournament_finished_event

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
