from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_view_pairing import TournamentViewPairing
from ..models.tournament_view_scoring import TournamentViewScoring
from ..models.tournament_view_status import TournamentViewStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.entrant_record import EntrantRecord
    from ..models.rated_info import RatedInfo
    from ..models.round_record import RoundRecord
    from ..models.rules import Rules
    from ..models.standing import Standing


T = TypeVar("T", bound="TournamentView")


@_attrs_define
class TournamentView:
    """`GET /v1/tournaments/{id}`: the record, the standings after the rounds played and, once
    the tournament is over, its seed (its server seed; with a client seed, the key is
    `seed:client_seed`).

        Attributes:
            tournament_id (str):
            name (str):
            status (TournamentViewStatus):
            scoring (TournamentViewScoring):  Default: TournamentViewScoring.PAIRS.
            preset (str):
            rules (Rules): Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

                The house rules (the last four options) are absent at their traditional value, so games
                logged before they existed keep their hashes. Build rules with `make_rules`.

                `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
                target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
            pairing (TournamentViewPairing):
            round_count (int):
            boards (int):
            seed_commitment (str):
            client_seed (None | str):
            commitment_id (None | str):
            created (str):
            entrants (list[EntrantRecord]):
            rounds (list[RoundRecord]):
            rated (None | RatedInfo):
            standings (list[Standing]):
            seed (str | Unset):
    """

    tournament_id: str
    name: str
    status: TournamentViewStatus
    preset: str
    rules: Rules
    pairing: TournamentViewPairing
    round_count: int
    boards: int
    seed_commitment: str
    client_seed: None | str
    commitment_id: None | str
    created: str
    entrants: list[EntrantRecord]
    rounds: list[RoundRecord]
    rated: None | RatedInfo
    standings: list[Standing]
    scoring: TournamentViewScoring = TournamentViewScoring.PAIRS
    seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rated_info import RatedInfo  # noqa: PLC0415

        tournament_id = self.tournament_id

        name = self.name

        status = self.status.value

        scoring = self.scoring.value

        preset = self.preset

        rules = self.rules.to_dict()

        pairing = self.pairing.value

        round_count = self.round_count

        boards = self.boards

        seed_commitment = self.seed_commitment

        client_seed: None | str
        client_seed = self.client_seed

        commitment_id: None | str
        commitment_id = self.commitment_id

        created = self.created

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        rated: dict[str, Any] | None
        if isinstance(self.rated, RatedInfo):
            rated = self.rated.to_dict()
        else:
            rated = self.rated

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament_id": tournament_id,
                "name": name,
                "status": status,
                "scoring": scoring,
                "preset": preset,
                "rules": rules,
                "pairing": pairing,
                "round_count": round_count,
                "boards": boards,
                "seed_commitment": seed_commitment,
                "client_seed": client_seed,
                "commitment_id": commitment_id,
                "created": created,
                "entrants": entrants,
                "rounds": rounds,
                "rated": rated,
                "standings": standings,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entrant_record import EntrantRecord  # noqa: PLC0415
        from ..models.rated_info import RatedInfo  # noqa: PLC0415
        from ..models.round_record import RoundRecord  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        name = d.pop("name")

        status = TournamentViewStatus(d.pop("status"))

        scoring = TournamentViewScoring(d.pop("scoring"))

        preset = d.pop("preset")

        rules = Rules.from_dict(d.pop("rules"))

        pairing = TournamentViewPairing(d.pop("pairing"))

        round_count = d.pop("round_count")

        boards = d.pop("boards")

        seed_commitment = d.pop("seed_commitment")

        def _parse_client_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_seed = _parse_client_seed(d.pop("client_seed"))

        def _parse_commitment_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment_id = _parse_commitment_id(d.pop("commitment_id"))

        created = d.pop("created")

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantRecord.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RoundRecord.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        def _parse_rated(data: object) -> None | RatedInfo:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rated_type_0 = RatedInfo.from_dict(data)

                return rated_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RatedInfo, data)

        rated = _parse_rated(d.pop("rated"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        seed = d.pop("seed", UNSET)

        tournament_view = cls(
            tournament_id=tournament_id,
            name=name,
            status=status,
            scoring=scoring,
            preset=preset,
            rules=rules,
            pairing=pairing,
            round_count=round_count,
            boards=boards,
            seed_commitment=seed_commitment,
            client_seed=client_seed,
            commitment_id=commitment_id,
            created=created,
            entrants=entrants,
            rounds=rounds,
            rated=rated,
            standings=standings,
            seed=seed,
        )

        tournament_view.additional_properties = d
        return tournament_view

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
