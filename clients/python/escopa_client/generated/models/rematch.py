from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="Rematch")


@_attrs_define
class Rematch:
    """The rematch of a finished game: the same for every seat that asks, with this seat's own
    new token (bots have none); `rematch_of` is the finished game.

        Attributes:
            game_id (str):
            rematch_of (str):
            seat (int):
            token (str):
            view (GameView): A game as the reader may see it: the engine's view of its seat (never another seat's
                hand, the stock or a live seed), with what the service adds: the game's id and version,
                its players, the seed's commitment, and the partner signals the reader may see.

                `signals`: the partner signals of the reader's side while the game runs (a spectator and
                the opponents see none), every signal once it is over. While the game waits: `lobby` when
                the lobby lists it, and for its creator, the open seats' `invites`. Once a rematch is
                asked for, `rematch` is the new game's id. A `rated` game once over and settled: each
                seat's `ratings` before and after. With a `clock` in the rules: the seat to act's
                `deadline` (UTC, null while no clock runs) and `ms_left` until it, every seat's bank left
                (`banks_ms`) and its timeouts in a row (`timeouts`). A tournament's table names its
                `tournament`; its seed shows once its round is over.
    """

    game_id: str
    rematch_of: str
    seat: int
    token: str
    view: GameView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        rematch_of = self.rematch_of

        seat = self.seat

        token = self.token

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "rematch_of": rematch_of,
                "seat": seat,
                "token": token,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        rematch_of = d.pop("rematch_of")

        seat = d.pop("seat")

        token = d.pop("token")

        view = GameView.from_dict(d.pop("view"))

        rematch = cls(
            game_id=game_id,
            rematch_of=rematch_of,
            seat=seat,
            token=token,
            view=view,
        )

        rematch.additional_properties = d
        return rematch

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
