from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.view_status import ViewStatus

if TYPE_CHECKING:
    from ..models.last_move import LastMove
    from ..models.outcome import Outcome
    from ..models.rules import Rules
    from ..models.side_view import SideView


T = TypeVar("T", bound="View")


@_attrs_define
class View:
    """A game as `seat` sees it (`seat` null: a spectator): never another seat's hand or the stock.

    `hand` is the reader's own hand (empty for spectators); `seed` appears once the game is over.
    `claim_seat` is the seat that may now claim a missed capture, if any. The rounds' scores
    are the score sheet's, not the view's, so a view stays small however long the match.

        Attributes:
            seat (int | None):
            status (ViewStatus):
            round_ (int):
            hand_number (int):
            dealer (int):
            turn (int | None):
            table (list[str]):
            hand (list[str]):
            hand_sizes (list[int]):
            stock_size (int):
            sides (list[SideView]):
            claim_seat (int | None):
            last_move (LastMove | None):
            outcome (None | Outcome):
            rules (Rules): Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

                The house rules (the last four options) are absent at their traditional value, so games
                logged before they existed keep their hashes. Build rules with `make_rules`.

                `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
                target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
            seed (None | str):
    """

    seat: int | None
    status: ViewStatus
    round_: int
    hand_number: int
    dealer: int
    turn: int | None
    table: list[str]
    hand: list[str]
    hand_sizes: list[int]
    stock_size: int
    sides: list[SideView]
    claim_seat: int | None
    last_move: LastMove | None
    outcome: None | Outcome
    rules: Rules
    seed: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.last_move import LastMove  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415

        seat: int | None
        seat = self.seat

        status = self.status.value

        round_ = self.round_

        hand_number = self.hand_number

        dealer = self.dealer

        turn: int | None
        turn = self.turn

        table = self.table

        hand = self.hand

        hand_sizes = self.hand_sizes

        stock_size = self.stock_size

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        claim_seat: int | None
        claim_seat = self.claim_seat

        last_move: dict[str, Any] | None
        if isinstance(self.last_move, LastMove):
            last_move = self.last_move.to_dict()
        else:
            last_move = self.last_move

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        rules = self.rules.to_dict()

        seed: None | str
        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "status": status,
                "round": round_,
                "hand_number": hand_number,
                "dealer": dealer,
                "turn": turn,
                "table": table,
                "hand": hand,
                "hand_sizes": hand_sizes,
                "stock_size": stock_size,
                "sides": sides,
                "claim_seat": claim_seat,
                "last_move": last_move,
                "outcome": outcome,
                "rules": rules,
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.last_move import LastMove  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415
        from ..models.side_view import SideView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        status = ViewStatus(d.pop("status"))

        round_ = d.pop("round")

        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        table = cast(list[str], d.pop("table"))

        hand = cast(list[str], d.pop("hand"))

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        stock_size = d.pop("stock_size")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideView.from_dict(sides_item_data)

            sides.append(sides_item)

        def _parse_claim_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        claim_seat = _parse_claim_seat(d.pop("claim_seat"))

        def _parse_last_move(data: object) -> LastMove | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_move_type_0 = LastMove.from_dict(data)

                return last_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastMove | None, data)

        last_move = _parse_last_move(d.pop("last_move"))

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

        rules = Rules.from_dict(d.pop("rules"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        view = cls(
            seat=seat,
            status=status,
            round_=round_,
            hand_number=hand_number,
            dealer=dealer,
            turn=turn,
            table=table,
            hand=hand,
            hand_sizes=hand_sizes,
            stock_size=stock_size,
            sides=sides,
            claim_seat=claim_seat,
            last_move=last_move,
            outcome=outcome,
            rules=rules,
            seed=seed,
        )

        view.additional_properties = d
        return view

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
