from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.entrant_table_status import EntrantTableStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="EntrantTable")


@_attrs_define
class EntrantTable:
    """Where an entrant plays now (`GET /v1/tournaments/{id}/table` with its token): its
    current `round` and, at a table, its `game_id`, `seat` and `boards`. `status`: `playing`
    (its game runs: `your_turn` says whether it waits for you), `played` (its game is over;
    the next round opens when every table's is), `bye` (no game this round) or `finished`
    (the tournament is over). `rank` and `total` are its standing after the rounds scored.

        Attributes:
            tournament_id (str):
            entrant (int):
            status (EntrantTableStatus):
            round_ (int):
            boards (list[int]):
            your_turn (bool):  Default: False.
            game_id (str | Unset):
            seat (int | Unset):
            rank (int | Unset):
            total (int | Unset):
    """

    tournament_id: str
    entrant: int
    status: EntrantTableStatus
    round_: int
    boards: list[int]
    your_turn: bool = False
    game_id: str | Unset = UNSET
    seat: int | Unset = UNSET
    rank: int | Unset = UNSET
    total: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        entrant = self.entrant

        status = self.status.value

        round_ = self.round_

        boards = self.boards

        your_turn = self.your_turn

        game_id = self.game_id

        seat = self.seat

        rank = self.rank

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament_id": tournament_id,
                "entrant": entrant,
                "status": status,
                "round": round_,
                "boards": boards,
                "your_turn": your_turn,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id
        if seat is not UNSET:
            field_dict["seat"] = seat
        if rank is not UNSET:
            field_dict["rank"] = rank
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        entrant = d.pop("entrant")

        status = EntrantTableStatus(d.pop("status"))

        round_ = d.pop("round")

        boards = cast(list[int], d.pop("boards"))

        your_turn = d.pop("your_turn")

        game_id = d.pop("game_id", UNSET)

        seat = d.pop("seat", UNSET)

        rank = d.pop("rank", UNSET)

        total = d.pop("total", UNSET)

        entrant_table = cls(
            tournament_id=tournament_id,
            entrant=entrant,
            status=status,
            round_=round_,
            boards=boards,
            your_turn=your_turn,
            game_id=game_id,
            seat=seat,
            rank=rank,
            total=total,
        )

        entrant_table.additional_properties = d
        return entrant_table

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
