from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_export_format import TournamentExportFormat

if TYPE_CHECKING:
    from ..models.export import Export
    from ..models.head_signature import HeadSignature
    from ..models.table_ratings import TableRatings
    from ..models.tournament_view import TournamentView


T = TypeVar("T", bound="TournamentExport")


@_attrs_define
class TournamentExport:
    """A finished tournament as one document: the view (seed revealed), every game's export,
    a rated tournament's tables' ratings, and the service's signature of them all
    (`tournament_message`).

        Attributes:
            format_ (TournamentExportFormat):  Default: TournamentExportFormat.ESCOPA_TOURNAMENT_V2.
            tournament (TournamentView): `GET /v1/tournaments/{id}`: the record, the standings after the rounds played and,
                once
                the tournament is over, its seed (its server seed; with a client seed, the key is
                `seed:client_seed`).
            games (list[Export]):
            ratings (list[TableRatings]):
            signature (HeadSignature | None):
    """

    tournament: TournamentView
    games: list[Export]
    ratings: list[TableRatings]
    signature: HeadSignature | None
    format_: TournamentExportFormat = TournamentExportFormat.ESCOPA_TOURNAMENT_V2
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.head_signature import HeadSignature  # noqa: PLC0415

        format_ = self.format_.value

        tournament = self.tournament.to_dict()

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        signature: dict[str, Any] | None
        if isinstance(self.signature, HeadSignature):
            signature = self.signature.to_dict()
        else:
            signature = self.signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "tournament": tournament,
                "games": games,
                "ratings": ratings,
                "signature": signature,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export import Export  # noqa: PLC0415
        from ..models.head_signature import HeadSignature  # noqa: PLC0415
        from ..models.table_ratings import TableRatings  # noqa: PLC0415
        from ..models.tournament_view import TournamentView  # noqa: PLC0415

        d = dict(src_dict)
        format_ = TournamentExportFormat(d.pop("format"))

        tournament = TournamentView.from_dict(d.pop("tournament"))

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = Export.from_dict(games_item_data)

            games.append(games_item)

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = TableRatings.from_dict(ratings_item_data)

            ratings.append(ratings_item)

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

        tournament_export = cls(
            format_=format_,
            tournament=tournament,
            games=games,
            ratings=ratings,
            signature=signature,
        )

        tournament_export.additional_properties = d
        return tournament_export

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
