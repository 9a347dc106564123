from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.played_game_outcome import PlayedGameOutcome

T = TypeVar("T", bound="PlayedGame")


@_attrs_define
class PlayedGame:
    """A finished game as a player's history lists it (`seq`: the paging cursor); a rated
    tournament's table as one match: `game_id` is then its settlement id
    (`<tournament_id>.r<round>.t<table>`, not a game's), with its `tournament_id` and its two
    `game_ids`.

        Attributes:
            seq (int):  Default: 0.
            game_id (str):
            ladder (str):
            rated (bool):
            seat (int):
            outcome (PlayedGameOutcome):
            rating_change (float | None):
            tournament_id (None | str):
            game_ids (list[str] | None):
    """

    game_id: str
    ladder: str
    rated: bool
    seat: int
    outcome: PlayedGameOutcome
    rating_change: float | None
    tournament_id: None | str
    game_ids: list[str] | None
    seq: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        game_id = self.game_id

        ladder = self.ladder

        rated = self.rated

        seat = self.seat

        outcome = self.outcome.value

        rating_change: float | None
        rating_change = self.rating_change

        tournament_id: None | str
        tournament_id = self.tournament_id

        game_ids: list[str] | None
        if isinstance(self.game_ids, list):
            game_ids = self.game_ids

        else:
            game_ids = self.game_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "game_id": game_id,
                "ladder": ladder,
                "rated": rated,
                "seat": seat,
                "outcome": outcome,
                "rating_change": rating_change,
                "tournament_id": tournament_id,
                "game_ids": game_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        game_id = d.pop("game_id")

        ladder = d.pop("ladder")

        rated = d.pop("rated")

        seat = d.pop("seat")

        outcome = PlayedGameOutcome(d.pop("outcome"))

        def _parse_rating_change(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_change = _parse_rating_change(d.pop("rating_change"))

        def _parse_tournament_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tournament_id = _parse_tournament_id(d.pop("tournament_id"))

        def _parse_game_ids(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                game_ids_type_0 = cast(list[str], data)

                return game_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        game_ids = _parse_game_ids(d.pop("game_ids"))

        played_game = cls(
            seq=seq,
            game_id=game_id,
            ladder=ladder,
            rated=rated,
            seat=seat,
            outcome=outcome,
            rating_change=rating_change,
            tournament_id=tournament_id,
            game_ids=game_ids,
        )

        played_game.additional_properties = d
        return played_game

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
