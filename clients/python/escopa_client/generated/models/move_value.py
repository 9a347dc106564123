from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.legal_claim import LegalClaim
    from ..models.legal_deal import LegalDeal
    from ..models.legal_play import LegalPlay


T = TypeVar("T", bound="MoveValue")


@_attrs_define
class MoveValue:
    """A legal move and a bot's value of it: the margin of points it expects for the seat.

    Attributes:
        move (LegalClaim | LegalDeal | LegalPlay): A legal move; `id` is its text form. Only the members of its kind are
            given (`card` and
            `capture` for a play, `claim` for a claim), so it can be posted to `/moves` as it is.
        value (float):
    """

    move: LegalClaim | LegalDeal | LegalPlay
    value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.legal_claim import LegalClaim  # noqa: PLC0415
        from ..models.legal_play import LegalPlay  # noqa: PLC0415

        move: dict[str, Any]
        if isinstance(self.move, LegalPlay):
            move = self.move.to_dict()
        elif isinstance(self.move, LegalClaim):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "move": move,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_claim import LegalClaim  # noqa: PLC0415
        from ..models.legal_deal import LegalDeal  # noqa: PLC0415
        from ..models.legal_play import LegalPlay  # noqa: PLC0415

        d = dict(src_dict)

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

        value = d.pop("value")

        move_value = cls(
            move=move,
            value=value,
        )

        move_value.additional_properties = d
        return move_value

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
