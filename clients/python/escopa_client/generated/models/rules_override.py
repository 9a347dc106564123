from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.capture_rule import CaptureRule
from ..models.dealer_rotation import DealerRotation
from ..models.initial_bonus_taker import InitialBonusTaker
from ..models.initial_table_bonus import InitialTableBonus
from ..models.leftover_cards import LeftoverCards
from ..models.missed_capture import MissedCapture
from ..models.primeira_figures import PrimeiraFigures
from ..models.rules_override_first_dealer_type_0 import RulesOverrideFirstDealerType0
from ..models.tie_at_target import TieAtTarget
from ..models.validation import Validation
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.points_override import PointsOverride
    from ..models.primeira_values import PrimeiraValues


T = TypeVar("T", bound="RulesOverride")


@_attrs_define
class RulesOverride:
    """Options that override the preset; any option left out keeps the preset's value.

    Attributes:
        partnerships (bool | None | Unset):
        target (int | Unset):
        first_dealer (int | RulesOverrideFirstDealerType0 | Unset):
        dealer_rotation (DealerRotation | Unset):
        initial_table_bonus (InitialTableBonus | Unset):
        capture (CaptureRule | Unset):
        missed_capture (MissedCapture | Unset):
        points (PointsOverride | Unset): Points per category to override; 0 switches a category off.
        primeira_values (PrimeiraValues | Unset): The primeira value of each rank.
        validation (Validation | Unset):
        signals (bool | Unset):
        auto_deal (bool | Unset):
        initial_bonus_taker (InitialBonusTaker | Unset):
        tie_at_target (TieAtTarget | Unset):
        leftover_cards (LeftoverCards | Unset):
        primeira_figures (PrimeiraFigures | Unset):
        clock (Clock | None | Unset):
        boards (int | Unset): play exactly this many rounds, no target (0: off)
        first_board (int | Unset): the board number the first round deals
    """

    partnerships: bool | None | Unset = UNSET
    target: int | Unset = UNSET
    first_dealer: int | RulesOverrideFirstDealerType0 | Unset = UNSET
    dealer_rotation: DealerRotation | Unset = UNSET
    initial_table_bonus: InitialTableBonus | Unset = UNSET
    capture: CaptureRule | Unset = UNSET
    missed_capture: MissedCapture | Unset = UNSET
    points: PointsOverride | Unset = UNSET
    primeira_values: PrimeiraValues | Unset = UNSET
    validation: Validation | Unset = UNSET
    signals: bool | Unset = UNSET
    auto_deal: bool | Unset = UNSET
    initial_bonus_taker: InitialBonusTaker | Unset = UNSET
    tie_at_target: TieAtTarget | Unset = UNSET
    leftover_cards: LeftoverCards | Unset = UNSET
    primeira_figures: PrimeiraFigures | Unset = UNSET
    clock: Clock | None | Unset = UNSET
    boards: int | Unset = UNSET
    first_board: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415

        partnerships: bool | None | Unset
        if isinstance(self.partnerships, Unset):
            partnerships = UNSET
        else:
            partnerships = self.partnerships

        target = self.target

        first_dealer: int | str | Unset
        if isinstance(self.first_dealer, Unset):
            first_dealer = UNSET
        elif isinstance(self.first_dealer, RulesOverrideFirstDealerType0):
            first_dealer = self.first_dealer.value
        else:
            first_dealer = self.first_dealer

        dealer_rotation: str | Unset = UNSET
        if not isinstance(self.dealer_rotation, Unset):
            dealer_rotation = self.dealer_rotation.value

        initial_table_bonus: str | Unset = UNSET
        if not isinstance(self.initial_table_bonus, Unset):
            initial_table_bonus = self.initial_table_bonus.value

        capture: str | Unset = UNSET
        if not isinstance(self.capture, Unset):
            capture = self.capture.value

        missed_capture: str | Unset = UNSET
        if not isinstance(self.missed_capture, Unset):
            missed_capture = self.missed_capture.value

        points: dict[str, Any] | Unset = UNSET
        if not isinstance(self.points, Unset):
            points = self.points.to_dict()

        primeira_values: dict[str, Any] | Unset = UNSET
        if not isinstance(self.primeira_values, Unset):
            primeira_values = self.primeira_values.to_dict()

        validation: str | Unset = UNSET
        if not isinstance(self.validation, Unset):
            validation = self.validation.value

        signals = self.signals

        auto_deal = self.auto_deal

        initial_bonus_taker: str | Unset = UNSET
        if not isinstance(self.initial_bonus_taker, Unset):
            initial_bonus_taker = self.initial_bonus_taker.value

        tie_at_target: str | Unset = UNSET
        if not isinstance(self.tie_at_target, Unset):
            tie_at_target = self.tie_at_target.value

        leftover_cards: str | Unset = UNSET
        if not isinstance(self.leftover_cards, Unset):
            leftover_cards = self.leftover_cards.value

        primeira_figures: str | Unset = UNSET
        if not isinstance(self.primeira_figures, Unset):
            primeira_figures = self.primeira_figures.value

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, Clock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        boards = self.boards

        first_board = self.first_board

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if partnerships is not UNSET:
            field_dict["partnerships"] = partnerships
        if target is not UNSET:
            field_dict["target"] = target
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if dealer_rotation is not UNSET:
            field_dict["dealer_rotation"] = dealer_rotation
        if initial_table_bonus is not UNSET:
            field_dict["initial_table_bonus"] = initial_table_bonus
        if capture is not UNSET:
            field_dict["capture"] = capture
        if missed_capture is not UNSET:
            field_dict["missed_capture"] = missed_capture
        if points is not UNSET:
            field_dict["points"] = points
        if primeira_values is not UNSET:
            field_dict["primeira_values"] = primeira_values
        if validation is not UNSET:
            field_dict["validation"] = validation
        if signals is not UNSET:
            field_dict["signals"] = signals
        if auto_deal is not UNSET:
            field_dict["auto_deal"] = auto_deal
        if initial_bonus_taker is not UNSET:
            field_dict["initial_bonus_taker"] = initial_bonus_taker
        if tie_at_target is not UNSET:
            field_dict["tie_at_target"] = tie_at_target
        if leftover_cards is not UNSET:
            field_dict["leftover_cards"] = leftover_cards
        if primeira_figures is not UNSET:
            field_dict["primeira_figures"] = primeira_figures
        if clock is not UNSET:
            field_dict["clock"] = clock
        if boards is not UNSET:
            field_dict["boards"] = boards
        if first_board is not UNSET:
            field_dict["first_board"] = first_board

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.points_override import PointsOverride  # noqa: PLC0415
        from ..models.primeira_values import PrimeiraValues  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_partnerships(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        partnerships = _parse_partnerships(d.pop("partnerships", UNSET))

        target = d.pop("target", UNSET)

        def _parse_first_dealer(
            data: object,
        ) -> int | RulesOverrideFirstDealerType0 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_dealer_type_0 = RulesOverrideFirstDealerType0(data)

                return first_dealer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | RulesOverrideFirstDealerType0 | Unset, data)

        first_dealer = _parse_first_dealer(d.pop("first_dealer", UNSET))

        _dealer_rotation = d.pop("dealer_rotation", UNSET)
        dealer_rotation: DealerRotation | Unset
        if isinstance(_dealer_rotation, Unset):
            dealer_rotation = UNSET
        else:
            dealer_rotation = DealerRotation(_dealer_rotation)

        _initial_table_bonus = d.pop("initial_table_bonus", UNSET)
        initial_table_bonus: InitialTableBonus | Unset
        if isinstance(_initial_table_bonus, Unset):
            initial_table_bonus = UNSET
        else:
            initial_table_bonus = InitialTableBonus(_initial_table_bonus)

        _capture = d.pop("capture", UNSET)
        capture: CaptureRule | Unset
        if isinstance(_capture, Unset):
            capture = UNSET
        else:
            capture = CaptureRule(_capture)

        _missed_capture = d.pop("missed_capture", UNSET)
        missed_capture: MissedCapture | Unset
        if isinstance(_missed_capture, Unset):
            missed_capture = UNSET
        else:
            missed_capture = MissedCapture(_missed_capture)

        _points = d.pop("points", UNSET)
        points: PointsOverride | Unset
        if isinstance(_points, Unset):
            points = UNSET
        else:
            points = PointsOverride.from_dict(_points)

        _primeira_values = d.pop("primeira_values", UNSET)
        primeira_values: PrimeiraValues | Unset
        if isinstance(_primeira_values, Unset):
            primeira_values = UNSET
        else:
            primeira_values = PrimeiraValues.from_dict(_primeira_values)

        _validation = d.pop("validation", UNSET)
        validation: Validation | Unset
        if isinstance(_validation, Unset):
            validation = UNSET
        else:
            validation = Validation(_validation)

        signals = d.pop("signals", UNSET)

        auto_deal = d.pop("auto_deal", UNSET)

        _initial_bonus_taker = d.pop("initial_bonus_taker", UNSET)
        initial_bonus_taker: InitialBonusTaker | Unset
        if isinstance(_initial_bonus_taker, Unset):
            initial_bonus_taker = UNSET
        else:
            initial_bonus_taker = InitialBonusTaker(_initial_bonus_taker)

        _tie_at_target = d.pop("tie_at_target", UNSET)
        tie_at_target: TieAtTarget | Unset
        if isinstance(_tie_at_target, Unset):
            tie_at_target = UNSET
        else:
            tie_at_target = TieAtTarget(_tie_at_target)

        _leftover_cards = d.pop("leftover_cards", UNSET)
        leftover_cards: LeftoverCards | Unset
        if isinstance(_leftover_cards, Unset):
            leftover_cards = UNSET
        else:
            leftover_cards = LeftoverCards(_leftover_cards)

        _primeira_figures = d.pop("primeira_figures", UNSET)
        primeira_figures: PrimeiraFigures | Unset
        if isinstance(_primeira_figures, Unset):
            primeira_figures = UNSET
        else:
            primeira_figures = PrimeiraFigures(_primeira_figures)

        def _parse_clock(data: object) -> Clock | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clock | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        boards = d.pop("boards", UNSET)

        first_board = d.pop("first_board", UNSET)

        rules_override = cls(
            partnerships=partnerships,
            target=target,
            first_dealer=first_dealer,
            dealer_rotation=dealer_rotation,
            initial_table_bonus=initial_table_bonus,
            capture=capture,
            missed_capture=missed_capture,
            points=points,
            primeira_values=primeira_values,
            validation=validation,
            signals=signals,
            auto_deal=auto_deal,
            initial_bonus_taker=initial_bonus_taker,
            tie_at_target=tie_at_target,
            leftover_cards=leftover_cards,
            primeira_figures=primeira_figures,
            clock=clock,
            boards=boards,
            first_board=first_board,
        )

        return rules_override
