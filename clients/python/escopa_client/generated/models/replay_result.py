from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.replay_result_status import ReplayResultStatus

if TYPE_CHECKING:
    from ..models.claimed import Claimed
    from ..models.first_dealer_drawn import FirstDealerDrawn
    from ..models.hand_dealt import HandDealt
    from ..models.last_cards_taken import LastCardsTaken
    from ..models.match_ended import MatchEnded
    from ..models.played import Played
    from ..models.replay_score import ReplayScore
    from ..models.replay_step import ReplayStep
    from ..models.round_ended import RoundEnded
    from ..models.rules import Rules
    from ..models.state import State
    from ..models.table_bonus import TableBonus
    from ..models.view import View


T = TypeVar("T", bound="ReplayResult")


@_attrs_define
class ReplayResult:
    """What the moves lead to: each step's state hash, the final score, view and replay hash.

    `state` (every card, the seed included) is given when `include_state` was asked for.

        Attributes:
            rules (Rules): Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

                The house rules (the last four options) are absent at their traditional value, so games
                logged before they existed keep their hashes. Build rules with `make_rules`.

                `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
                target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
            players (list[str]):
            seed_commitment (str):
            start_state_hash (str):
            start_events (list[Claimed | FirstDealerDrawn | HandDealt | LastCardsTaken | MatchEnded | Played | RoundEnded |
                TableBonus] | None):
            steps (list[ReplayStep]):
            status (ReplayResultStatus):
            state_hash (str):
            replay_hash (str):
            score (ReplayScore): Every round's breakdown, the match totals and the winner (none while the match runs).
            view (View): A game as `seat` sees it (`seat` null: a spectator): never another seat's hand or the stock.

                `hand` is the reader's own hand (empty for spectators); `seed` appears once the game is over.
                `claim_seat` is the seat that may now claim a missed capture, if any. The rounds' scores
                are the score sheet's, not the view's, so a view stays small however long the match.
            state (None | State):
    """

    rules: Rules
    players: list[str]
    seed_commitment: str
    start_state_hash: str
    start_events: (
        list[
            Claimed
            | FirstDealerDrawn
            | HandDealt
            | LastCardsTaken
            | MatchEnded
            | Played
            | RoundEnded
            | TableBonus
        ]
        | None
    )
    steps: list[ReplayStep]
    status: ReplayResultStatus
    state_hash: str
    replay_hash: str
    score: ReplayScore
    view: View
    state: None | State
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.claimed import Claimed  # noqa: PLC0415
        from ..models.first_dealer_drawn import FirstDealerDrawn  # noqa: PLC0415
        from ..models.hand_dealt import HandDealt  # noqa: PLC0415
        from ..models.last_cards_taken import LastCardsTaken  # noqa: PLC0415
        from ..models.played import Played  # noqa: PLC0415
        from ..models.round_ended import RoundEnded  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415
        from ..models.table_bonus import TableBonus  # noqa: PLC0415

        rules = self.rules.to_dict()

        players = self.players

        seed_commitment = self.seed_commitment

        start_state_hash = self.start_state_hash

        start_events: list[dict[str, Any]] | None
        if isinstance(self.start_events, list):
            start_events = []
            for start_events_type_0_item_data in self.start_events:
                start_events_type_0_item: dict[str, Any]
                if isinstance(start_events_type_0_item_data, FirstDealerDrawn):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                elif isinstance(start_events_type_0_item_data, HandDealt):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                elif isinstance(start_events_type_0_item_data, TableBonus):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                elif isinstance(start_events_type_0_item_data, Played):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                elif isinstance(start_events_type_0_item_data, Claimed):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                elif isinstance(start_events_type_0_item_data, LastCardsTaken):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                elif isinstance(start_events_type_0_item_data, RoundEnded):
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()
                else:
                    start_events_type_0_item = start_events_type_0_item_data.to_dict()

                start_events.append(start_events_type_0_item)

        else:
            start_events = self.start_events

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        status = self.status.value

        state_hash = self.state_hash

        replay_hash = self.replay_hash

        score = self.score.to_dict()

        view = self.view.to_dict()

        state: dict[str, Any] | None
        if isinstance(self.state, State):
            state = self.state.to_dict()
        else:
            state = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rules": rules,
                "players": players,
                "seed_commitment": seed_commitment,
                "start_state_hash": start_state_hash,
                "start_events": start_events,
                "steps": steps,
                "status": status,
                "state_hash": state_hash,
                "replay_hash": replay_hash,
                "score": score,
                "view": view,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claimed import Claimed  # noqa: PLC0415
        from ..models.first_dealer_drawn import FirstDealerDrawn  # noqa: PLC0415
        from ..models.hand_dealt import HandDealt  # noqa: PLC0415
        from ..models.last_cards_taken import LastCardsTaken  # noqa: PLC0415
        from ..models.match_ended import MatchEnded  # noqa: PLC0415
        from ..models.played import Played  # noqa: PLC0415
        from ..models.replay_score import ReplayScore  # noqa: PLC0415
        from ..models.replay_step import ReplayStep  # noqa: PLC0415
        from ..models.round_ended import RoundEnded  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415
        from ..models.table_bonus import TableBonus  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        rules = Rules.from_dict(d.pop("rules"))

        players = cast(list[str], d.pop("players"))

        seed_commitment = d.pop("seed_commitment")

        start_state_hash = d.pop("start_state_hash")

        def _parse_start_events(
            data: object,
        ) -> (
            list[
                Claimed
                | FirstDealerDrawn
                | HandDealt
                | LastCardsTaken
                | MatchEnded
                | Played
                | RoundEnded
                | TableBonus
            ]
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                start_events_type_0 = []
                _start_events_type_0 = data
                for start_events_type_0_item_data in _start_events_type_0:

                    def _parse_start_events_type_0_item(
                        data: object,
                    ) -> (
                        Claimed
                        | FirstDealerDrawn
                        | HandDealt
                        | LastCardsTaken
                        | MatchEnded
                        | Played
                        | RoundEnded
                        | TableBonus
                    ):
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_0 = (
                                FirstDealerDrawn.from_dict(data)
                            )

                            return start_events_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_1 = HandDealt.from_dict(data)

                            return start_events_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_2 = TableBonus.from_dict(data)

                            return start_events_type_0_item_type_2
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_3 = Played.from_dict(data)

                            return start_events_type_0_item_type_3
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_4 = Claimed.from_dict(data)

                            return start_events_type_0_item_type_4
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_5 = LastCardsTaken.from_dict(
                                data
                            )

                            return start_events_type_0_item_type_5
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            start_events_type_0_item_type_6 = RoundEnded.from_dict(data)

                            return start_events_type_0_item_type_6
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        if not isinstance(data, dict):
                            raise TypeError()
                        start_events_type_0_item_type_7 = MatchEnded.from_dict(data)

                        return start_events_type_0_item_type_7

                    start_events_type_0_item = _parse_start_events_type_0_item(
                        start_events_type_0_item_data
                    )

                    start_events_type_0.append(start_events_type_0_item)

                return start_events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[
                    Claimed
                    | FirstDealerDrawn
                    | HandDealt
                    | LastCardsTaken
                    | MatchEnded
                    | Played
                    | RoundEnded
                    | TableBonus
                ]
                | None,
                data,
            )

        start_events = _parse_start_events(d.pop("start_events"))

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = ReplayStep.from_dict(steps_item_data)

            steps.append(steps_item)

        status = ReplayResultStatus(d.pop("status"))

        state_hash = d.pop("state_hash")

        replay_hash = d.pop("replay_hash")

        score = ReplayScore.from_dict(d.pop("score"))

        view = View.from_dict(d.pop("view"))

        def _parse_state(data: object) -> None | State:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = State.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | State, data)

        state = _parse_state(d.pop("state"))

        replay_result = cls(
            rules=rules,
            players=players,
            seed_commitment=seed_commitment,
            start_state_hash=start_state_hash,
            start_events=start_events,
            steps=steps,
            status=status,
            state_hash=state_hash,
            replay_hash=replay_hash,
            score=score,
            view=view,
            state=state,
        )

        replay_result.additional_properties = d
        return replay_result

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
