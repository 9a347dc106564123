from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.claimed import Claimed
    from ..models.first_dealer_drawn import FirstDealerDrawn
    from ..models.hand_dealt import HandDealt
    from ..models.last_cards_taken import LastCardsTaken
    from ..models.match_ended import MatchEnded
    from ..models.played import Played
    from ..models.round_ended import RoundEnded
    from ..models.table_bonus import TableBonus


T = TypeVar("T", bound="ReplayStep")


@_attrs_define
class ReplayStep:
    """A replayed move: its index in the request, the seat, and the state hash after it.

    Attributes:
        index (int):
        seat (int):
        move (str):
        state_hash (str):
        events (list[Claimed | FirstDealerDrawn | HandDealt | LastCardsTaken | MatchEnded | Played | RoundEnded |
            TableBonus] | None):
    """

    index: int
    seat: int
    move: str
    state_hash: str
    events: (
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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.claimed import Claimed  # noqa: PLC0415
        from ..models.first_dealer_drawn import FirstDealerDrawn  # noqa: PLC0415
        from ..models.hand_dealt import HandDealt  # noqa: PLC0415
        from ..models.last_cards_taken import LastCardsTaken  # noqa: PLC0415
        from ..models.played import Played  # noqa: PLC0415
        from ..models.round_ended import RoundEnded  # noqa: PLC0415
        from ..models.table_bonus import TableBonus  # noqa: PLC0415

        index = self.index

        seat = self.seat

        move = self.move

        state_hash = self.state_hash

        events: list[dict[str, Any]] | None
        if isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item: dict[str, Any]
                if isinstance(events_type_0_item_data, FirstDealerDrawn):
                    events_type_0_item = events_type_0_item_data.to_dict()
                elif isinstance(events_type_0_item_data, HandDealt):
                    events_type_0_item = events_type_0_item_data.to_dict()
                elif isinstance(events_type_0_item_data, TableBonus):
                    events_type_0_item = events_type_0_item_data.to_dict()
                elif isinstance(events_type_0_item_data, Played):
                    events_type_0_item = events_type_0_item_data.to_dict()
                elif isinstance(events_type_0_item_data, Claimed):
                    events_type_0_item = events_type_0_item_data.to_dict()
                elif isinstance(events_type_0_item_data, LastCardsTaken):
                    events_type_0_item = events_type_0_item_data.to_dict()
                elif isinstance(events_type_0_item_data, RoundEnded):
                    events_type_0_item = events_type_0_item_data.to_dict()
                else:
                    events_type_0_item = events_type_0_item_data.to_dict()

                events.append(events_type_0_item)

        else:
            events = self.events

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "seat": seat,
                "move": move,
                "state_hash": state_hash,
                "events": events,
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
        from ..models.round_ended import RoundEnded  # noqa: PLC0415
        from ..models.table_bonus import TableBonus  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        seat = d.pop("seat")

        move = d.pop("move")

        state_hash = d.pop("state_hash")

        def _parse_events(
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
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in _events_type_0:

                    def _parse_events_type_0_item(
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
                            events_type_0_item_type_0 = FirstDealerDrawn.from_dict(data)

                            return events_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            events_type_0_item_type_1 = HandDealt.from_dict(data)

                            return events_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            events_type_0_item_type_2 = TableBonus.from_dict(data)

                            return events_type_0_item_type_2
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            events_type_0_item_type_3 = Played.from_dict(data)

                            return events_type_0_item_type_3
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            events_type_0_item_type_4 = Claimed.from_dict(data)

                            return events_type_0_item_type_4
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            events_type_0_item_type_5 = LastCardsTaken.from_dict(data)

                            return events_type_0_item_type_5
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            events_type_0_item_type_6 = RoundEnded.from_dict(data)

                            return events_type_0_item_type_6
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        if not isinstance(data, dict):
                            raise TypeError()
                        events_type_0_item_type_7 = MatchEnded.from_dict(data)

                        return events_type_0_item_type_7

                    events_type_0_item = _parse_events_type_0_item(
                        events_type_0_item_data
                    )

                    events_type_0.append(events_type_0_item)

                return events_type_0
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

        events = _parse_events(d.pop("events"))

        replay_step = cls(
            index=index,
            seat=seat,
            move=move,
            state_hash=state_hash,
            events=events,
        )

        replay_step.additional_properties = d
        return replay_step

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
