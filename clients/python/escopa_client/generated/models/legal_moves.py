from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.legal_claim import LegalClaim
    from ..models.legal_deal import LegalDeal
    from ..models.legal_play import LegalPlay


T = TypeVar("T", bound="LegalMoves")


@_attrs_define
class LegalMoves:
    """
    Attributes:
        version (int):
        seat (int):
        moves (list[LegalClaim | LegalDeal | LegalPlay]):
    """

    version: int
    seat: int
    moves: list[LegalClaim | LegalDeal | LegalPlay]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.legal_claim import LegalClaim  # noqa: PLC0415
        from ..models.legal_play import LegalPlay  # noqa: PLC0415

        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, LegalPlay):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, LegalClaim):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "seat": seat,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_claim import LegalClaim  # noqa: PLC0415
        from ..models.legal_deal import LegalDeal  # noqa: PLC0415
        from ..models.legal_play import LegalPlay  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:

            def _parse_moves_item(data: object) -> LegalClaim | LegalDeal | LegalPlay:
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

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)

        legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
        )

        legal_moves.additional_properties = d
        return legal_moves

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
