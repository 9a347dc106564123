from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel

if TYPE_CHECKING:
    from ..models.legal_claim import LegalClaim
    from ..models.legal_deal import LegalDeal
    from ..models.legal_play import LegalPlay
    from ..models.move_value import MoveValue


T = TypeVar("T", bound="Hint")


@_attrs_define
class Hint:
    """The move a bot of `level` would play for the seat, and its value of every legal move.

    Attributes:
        version (int):
        seat (int):
        level (BotLevel):
        move (LegalClaim | LegalDeal | LegalPlay): A legal move; `id` is its text form. Only the members of its kind are
            given (`card` and
            `capture` for a play, `claim` for a claim), so it can be posted to `/moves` as it is.
        moves (list[MoveValue]):
    """

    version: int
    seat: int
    level: BotLevel
    move: LegalClaim | LegalDeal | LegalPlay
    moves: list[MoveValue]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.legal_claim import LegalClaim  # noqa: PLC0415
        from ..models.legal_play import LegalPlay  # noqa: PLC0415

        version = self.version

        seat = self.seat

        level = self.level.value

        move: dict[str, Any]
        if isinstance(self.move, LegalPlay):
            move = self.move.to_dict()
        elif isinstance(self.move, LegalClaim):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "seat": seat,
                "level": level,
                "move": move,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_claim import LegalClaim  # noqa: PLC0415
        from ..models.legal_deal import LegalDeal  # noqa: PLC0415
        from ..models.legal_play import LegalPlay  # noqa: PLC0415
        from ..models.move_value import MoveValue  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        level = BotLevel(d.pop("level"))

        def _parse_move(data: object) -> LegalClaim | LegalDeal | LegalPlay:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_move_type_0 = LegalPlay.from_dict(data)

                return componentsschemas_legal_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_move_type_1 = LegalClaim.from_dict(data)

                return componentsschemas_legal_move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_legal_move_type_2 = LegalDeal.from_dict(data)

            return componentsschemas_legal_move_type_2

        move = _parse_move(d.pop("move"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = MoveValue.from_dict(moves_item_data)

            moves.append(moves_item)

        hint = cls(
            version=version,
            seat=seat,
            level=level,
            move=move,
            moves=moves,
        )

        hint.additional_properties = d
        return hint

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
