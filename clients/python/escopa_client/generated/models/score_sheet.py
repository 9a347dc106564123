from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.score_sheet_status import ScoreSheetStatus

if TYPE_CHECKING:
    from ..models.outcome import Outcome
    from ..models.round_score import RoundScore


T = TypeVar("T", bound="ScoreSheet")


@_attrs_define
class ScoreSheet:
    """Every round's per-category breakdown per side, the match totals and the winner.

    Attributes:
        game_id (str):
        status (ScoreSheetStatus):
        target (int):
        rounds (list[RoundScore]):
        totals (list[int]):
        outcome (None | Outcome):
    """

    game_id: str
    status: ScoreSheetStatus
    target: int
    rounds: list[RoundScore]
    totals: list[int]
    outcome: None | Outcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome  # noqa: PLC0415

        game_id = self.game_id

        status = self.status.value

        target = self.target

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        totals = self.totals

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "status": status,
                "target": target,
                "rounds": rounds,
                "totals": totals,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.outcome import Outcome  # noqa: PLC0415
        from ..models.round_score import RoundScore  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = ScoreSheetStatus(d.pop("status"))

        target = d.pop("target")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RoundScore.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        totals = cast(list[int], d.pop("totals"))

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        score_sheet = cls(
            game_id=game_id,
            status=status,
            target=target,
            rounds=rounds,
            totals=totals,
            outcome=outcome,
        )

        score_sheet.additional_properties = d
        return score_sheet

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
