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
from ..models.rules_first_dealer_type_0 import RulesFirstDealerType0
from ..models.tie_at_target import TieAtTarget
from ..models.validation import Validation
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.points import Points
    from ..models.rules_primeira_values import RulesPrimeiraValues


T = TypeVar("T", bound="Rules")


@_attrs_define
class Rules:
    """Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

    The house rules (the last four options) are absent at their traditional value, so games
    logged before they existed keep their hashes. Build rules with `make_rules`.

    `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
    target, round `r` dealt from board number `first_board + r - 1` (`board_of`).

        Attributes:
            players (int):
            partnerships (bool | None):
            target (int):
            first_dealer (int | RulesFirstDealerType0):
            dealer_rotation (DealerRotation):
            initial_table_bonus (InitialTableBonus):
            capture (CaptureRule):
            missed_capture (MissedCapture):
            points (Points): Points per scoring category; 0 switches a category off.

                `all_cards` is absent when 0, so games logged before it existed keep their hashes.
            primeira_values (RulesPrimeiraValues):
            validation (Validation):
            signals (bool):
            auto_deal (bool):
            initial_bonus_taker (InitialBonusTaker | Unset):
            tie_at_target (TieAtTarget | Unset):
            leftover_cards (LeftoverCards | Unset):
            primeira_figures (PrimeiraFigures | Unset):
            clock (Clock | None | Unset):
            boards (int | Unset): play exactly this many rounds, no target (0: off) Default: 0.
            first_board (int | Unset): the board number the first round deals Default: 1.
    """

    players: int
    partnerships: bool | None
    target: int
    first_dealer: int | RulesFirstDealerType0
    dealer_rotation: DealerRotation
    initial_table_bonus: InitialTableBonus
    capture: CaptureRule
    missed_capture: MissedCapture
    points: Points
    primeira_values: RulesPrimeiraValues
    validation: Validation
    signals: bool
    auto_deal: bool
    initial_bonus_taker: InitialBonusTaker | Unset = UNSET
    tie_at_target: TieAtTarget | Unset = UNSET
    leftover_cards: LeftoverCards | Unset = UNSET
    primeira_figures: PrimeiraFigures | Unset = UNSET
    clock: Clock | None | Unset = UNSET
    boards: int | Unset = 0
    first_board: int | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415

        players = self.players

        partnerships: bool | None
        partnerships = self.partnerships

        target = self.target

        first_dealer: int | str
        if isinstance(self.first_dealer, RulesFirstDealerType0):
            first_dealer = self.first_dealer.value
        else:
            first_dealer = self.first_dealer

        dealer_rotation = self.dealer_rotation.value

        initial_table_bonus = self.initial_table_bonus.value

        capture = self.capture.value

        missed_capture = self.missed_capture.value

        points = self.points.to_dict()

        primeira_values = self.primeira_values.to_dict()

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

        field_dict.update(
            {
                "players": players,
                "partnerships": partnerships,
                "target": target,
                "first_dealer": first_dealer,
                "dealer_rotation": dealer_rotation,
                "initial_table_bonus": initial_table_bonus,
                "capture": capture,
                "missed_capture": missed_capture,
                "points": points,
                "primeira_values": primeira_values,
                "validation": validation,
                "signals": signals,
                "auto_deal": auto_deal,
            }
        )
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
        from ..models.points import Points  # noqa: PLC0415
        from ..models.rules_primeira_values import RulesPrimeiraValues  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        def _parse_partnerships(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        partnerships = _parse_partnerships(d.pop("partnerships"))

        target = d.pop("target")

        def _parse_first_dealer(data: object) -> int | RulesFirstDealerType0:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_dealer_type_0 = RulesFirstDealerType0(data)

                return first_dealer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | RulesFirstDealerType0, data)

        first_dealer = _parse_first_dealer(d.pop("first_dealer"))

        dealer_rotation = DealerRotation(d.pop("dealer_rotation"))

        initial_table_bonus = InitialTableBonus(d.pop("initial_table_bonus"))

        capture = CaptureRule(d.pop("capture"))

        missed_capture = MissedCapture(d.pop("missed_capture"))

        points = Points.from_dict(d.pop("points"))

        primeira_values = RulesPrimeiraValues.from_dict(d.pop("primeira_values"))

        validation = Validation(d.pop("validation"))

        signals = d.pop("signals")

        auto_deal = d.pop("auto_deal")

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

        rules = cls(
            players=players,
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

        return rules
