from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.state_status import StateStatus

if TYPE_CHECKING:
    from ..models.claimable import Claimable
    from ..models.last_move import LastMove
    from ..models.outcome import Outcome
    from ..models.round_score import RoundScore
    from ..models.rules import Rules


T = TypeVar("T", bound="State")


@_attrs_define
class State:
    """Everything about a game, hidden cards and seed included; `view` decides who sees what.

    `status` is `waiting` while seats are open (nothing dealt yet: `engine.ending.waiting`),
    `dealing` while a deal is due and `auto_deal` is off, `playing` while a seat is to
    act (`turn`), `finished` once the match is over. Per-side tuples are indexed by side.

        Attributes:
            rules (Rules): Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

                The house rules (the last four options) are absent at their traditional value, so games
                logged before they existed keep their hashes. Build rules with `make_rules`.

                `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
                target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
            seed (str):
            status (StateStatus):
            round_ (int):
            hand (int):
            first_dealer (int):
            dealer (int):
            turn (int | None):
            stock (list[str]):
            hands (list[list[str]]):
            table (list[str]):
            captured (list[list[str]]):
            escopas (list[int]):
            wrong (list[int]):
            last_capturer (int | None):
            claim (Claimable | None):
            last (LastMove | None):
            scores (list[int]):
            rounds (list[RoundScore]):
            outcome (None | Outcome):
    """

    rules: Rules
    seed: str
    status: StateStatus
    round_: int
    hand: int
    first_dealer: int
    dealer: int
    turn: int | None
    stock: list[str]
    hands: list[list[str]]
    table: list[str]
    captured: list[list[str]]
    escopas: list[int]
    wrong: list[int]
    last_capturer: int | None
    claim: Claimable | None
    last: LastMove | None
    scores: list[int]
    rounds: list[RoundScore]
    outcome: None | Outcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.claimable import Claimable  # noqa: PLC0415
        from ..models.last_move import LastMove  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415

        rules = self.rules.to_dict()

        seed = self.seed

        status = self.status.value

        round_ = self.round_

        hand = self.hand

        first_dealer = self.first_dealer

        dealer = self.dealer

        turn: int | None
        turn = self.turn

        stock = self.stock

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        table = self.table

        captured = []
        for captured_item_data in self.captured:
            captured_item = captured_item_data

            captured.append(captured_item)

        escopas = self.escopas

        wrong = self.wrong

        last_capturer: int | None
        last_capturer = self.last_capturer

        claim: dict[str, Any] | None
        if isinstance(self.claim, Claimable):
            claim = self.claim.to_dict()
        else:
            claim = self.claim

        last: dict[str, Any] | None
        if isinstance(self.last, LastMove):
            last = self.last.to_dict()
        else:
            last = self.last

        scores = self.scores

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rules": rules,
                "seed": seed,
                "status": status,
                "round": round_,
                "hand": hand,
                "first_dealer": first_dealer,
                "dealer": dealer,
                "turn": turn,
                "stock": stock,
                "hands": hands,
                "table": table,
                "captured": captured,
                "escopas": escopas,
                "wrong": wrong,
                "last_capturer": last_capturer,
                "claim": claim,
                "last": last,
                "scores": scores,
                "rounds": rounds,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claimable import Claimable  # noqa: PLC0415
        from ..models.last_move import LastMove  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415
        from ..models.round_score import RoundScore  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415

        d = dict(src_dict)
        rules = Rules.from_dict(d.pop("rules"))

        seed = d.pop("seed")

        status = StateStatus(d.pop("status"))

        round_ = d.pop("round")

        hand = d.pop("hand")

        first_dealer = d.pop("first_dealer")

        dealer = d.pop("dealer")

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        stock = cast(list[str], d.pop("stock"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        table = cast(list[str], d.pop("table"))

        captured = []
        _captured = d.pop("captured")
        for captured_item_data in _captured:
            captured_item = cast(list[str], captured_item_data)

            captured.append(captured_item)

        escopas = cast(list[int], d.pop("escopas"))

        wrong = cast(list[int], d.pop("wrong"))

        def _parse_last_capturer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_capturer = _parse_last_capturer(d.pop("last_capturer"))

        def _parse_claim(data: object) -> Claimable | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                claim_type_0 = Claimable.from_dict(data)

                return claim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Claimable | None, data)

        claim = _parse_claim(d.pop("claim"))

        def _parse_last(data: object) -> LastMove | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_type_0 = LastMove.from_dict(data)

                return last_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastMove | None, data)

        last = _parse_last(d.pop("last"))

        scores = cast(list[int], d.pop("scores"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RoundScore.from_dict(rounds_item_data)

            rounds.append(rounds_item)

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

        state = cls(
            rules=rules,
            seed=seed,
            status=status,
            round_=round_,
            hand=hand,
            first_dealer=first_dealer,
            dealer=dealer,
            turn=turn,
            stock=stock,
            hands=hands,
            table=table,
            captured=captured,
            escopas=escopas,
            wrong=wrong,
            last_capturer=last_capturer,
            claim=claim,
            last=last,
            scores=scores,
            rounds=rounds,
            outcome=outcome,
        )

        state.additional_properties = d
        return state

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
