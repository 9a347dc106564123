from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.export_format import ExportFormat
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.head_signature import HeadSignature
    from ..models.log_entry import LogEntry
    from ..models.rating_change import RatingChange


T = TypeVar("T", bound="Export")


@_attrs_define
class Export:
    """A finished game's whole log as one document; `entries[0]` is the `created` entry.

    `signature` signs `escopa-export-v3:{game_id}:{seq}:{hash}` of the last entry (a v2
    document's, `escopa-receipt-v1:...`); the service always writes it (a v1 one lacks it).

        Attributes:
            format_ (ExportFormat):  Default: ExportFormat.ESCOPA_EXPORT_V3.
            game_id (str):
            entries (list[LogEntry]):
            signature (HeadSignature | None):
            ratings (list[RatingChange] | Unset):
    """

    game_id: str
    entries: list[LogEntry]
    signature: HeadSignature | None
    format_: ExportFormat = ExportFormat.ESCOPA_EXPORT_V3
    ratings: list[RatingChange] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.head_signature import HeadSignature  # noqa: PLC0415

        format_ = self.format_.value

        game_id = self.game_id

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        signature: dict[str, Any] | None
        if isinstance(self.signature, HeadSignature):
            signature = self.signature.to_dict()
        else:
            signature = self.signature

        ratings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ratings, Unset):
            ratings = []
            for ratings_item_data in self.ratings:
                ratings_item = ratings_item_data.to_dict()
                ratings.append(ratings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "game_id": game_id,
                "entries": entries,
                "signature": signature,
            }
        )
        if ratings is not UNSET:
            field_dict["ratings"] = ratings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.head_signature import HeadSignature  # noqa: PLC0415
        from ..models.log_entry import LogEntry  # noqa: PLC0415
        from ..models.rating_change import RatingChange  # noqa: PLC0415

        d = dict(src_dict)
        format_ = ExportFormat(d.pop("format"))

        game_id = d.pop("game_id")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = LogEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        def _parse_signature(data: object) -> HeadSignature | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                signature_type_0 = HeadSignature.from_dict(data)

                return signature_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HeadSignature | None, data)

        signature = _parse_signature(d.pop("signature"))

        _ratings = d.pop("ratings", UNSET)
        ratings: list[RatingChange] | Unset = UNSET
        if _ratings is not UNSET:
            ratings = []
            for ratings_item_data in _ratings:
                ratings_item = RatingChange.from_dict(ratings_item_data)

                ratings.append(ratings_item)

        export = cls(
            format_=format_,
            game_id=game_id,
            entries=entries,
            signature=signature,
            ratings=ratings,
        )

        export.additional_properties = d
        return export

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
