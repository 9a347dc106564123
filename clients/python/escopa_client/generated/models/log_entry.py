from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.log_entry_type import LogEntryType
from ..models.signal import Signal
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.claimed import Claimed
    from ..models.first_dealer_drawn import FirstDealerDrawn
    from ..models.game_info import GameInfo
    from ..models.hand_dealt import HandDealt
    from ..models.last_cards_taken import LastCardsTaken
    from ..models.match_ended import MatchEnded
    from ..models.played import Played
    from ..models.round_ended import RoundEnded
    from ..models.sent_signal import SentSignal
    from ..models.table_bonus import TableBonus


T = TypeVar("T", bound="LogEntry")


@_attrs_define
class LogEntry:
    """One log entry. `hash` is the SHA-256 of the entry's canonical JSON without `hash`.

    `salt` is a random secret inside the hashed body: a reader shown a redacted entry gets no
    salt, so it cannot brute-force the few possible hidden hands against the entry's hash.
    `signals` is only on the entry that ends a match in which partners signalled (absent on
    every other entry, so their form and hash are unchanged). `signal` entries are the older
    form of signals, kept so that older logs still read and verify. A `joined` entry names its
    seat's `player`; a `rematch` entry names the new game (`rematch`); both are absent elsewhere.
    A `timeout` entry names the `deadline` its seat missed and, as `move`, what followed: the
    move played for the seat, `forfeit` or `abort` (`service.core.lifecycle.clocks`).

        Attributes:
            seq (int):
            type_ (LogEntryType):
            time (str):
            seat (int | None):
            move (None | str):
            signal (None | Signal):
            game (GameInfo | None):
            events (list[Claimed | FirstDealerDrawn | HandDealt | LastCardsTaken | MatchEnded | Played | RoundEnded |
                TableBonus]):
            prev_hash (str):
            state_hash (None | str):
            salt (None | str):
            hash_ (str):  Default: ''.
            signals (list[SentSignal] | Unset):
            player (str | Unset):
            rematch (str | Unset):
            deadline (str | Unset):
    """

    seq: int
    type_: LogEntryType
    time: str
    seat: int | None
    move: None | str
    signal: None | Signal
    game: GameInfo | None
    events: list[
        Claimed
        | FirstDealerDrawn
        | HandDealt
        | LastCardsTaken
        | MatchEnded
        | Played
        | RoundEnded
        | TableBonus
    ]
    prev_hash: str
    state_hash: None | str
    salt: None | str
    hash_: str = ""
    signals: list[SentSignal] | Unset = UNSET
    player: str | Unset = UNSET
    rematch: str | Unset = UNSET
    deadline: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.claimed import Claimed  # noqa: PLC0415
        from ..models.first_dealer_drawn import FirstDealerDrawn  # noqa: PLC0415
        from ..models.game_info import GameInfo  # noqa: PLC0415
        from ..models.hand_dealt import HandDealt  # noqa: PLC0415
        from ..models.last_cards_taken import LastCardsTaken  # noqa: PLC0415
        from ..models.played import Played  # noqa: PLC0415
        from ..models.round_ended import RoundEnded  # noqa: PLC0415
        from ..models.table_bonus import TableBonus  # noqa: PLC0415

        seq = self.seq

        type_ = self.type_.value

        time = self.time

        seat: int | None
        seat = self.seat

        move: None | str
        move = self.move

        signal: None | str
        if isinstance(self.signal, Signal):
            signal = self.signal.value
        else:
            signal = self.signal

        game: dict[str, Any] | None
        if isinstance(self.game, GameInfo):
            game = self.game.to_dict()
        else:
            game = self.game

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, FirstDealerDrawn):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandDealt):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableBonus):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, Played):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, Claimed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, LastCardsTaken):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundEnded):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        prev_hash = self.prev_hash

        state_hash: None | str
        state_hash = self.state_hash

        salt: None | str
        salt = self.salt

        hash_ = self.hash_

        signals: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.signals, Unset):
            signals = []
            for signals_item_data in self.signals:
                signals_item = signals_item_data.to_dict()
                signals.append(signals_item)

        player = self.player

        rematch = self.rematch

        deadline = self.deadline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "time": time,
                "seat": seat,
                "move": move,
                "signal": signal,
                "game": game,
                "events": events,
                "prev_hash": prev_hash,
                "state_hash": state_hash,
                "salt": salt,
                "hash": hash_,
            }
        )
        if signals is not UNSET:
            field_dict["signals"] = signals
        if player is not UNSET:
            field_dict["player"] = player
        if rematch is not UNSET:
            field_dict["rematch"] = rematch
        if deadline is not UNSET:
            field_dict["deadline"] = deadline

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claimed import Claimed  # noqa: PLC0415
        from ..models.first_dealer_drawn import FirstDealerDrawn  # noqa: PLC0415
        from ..models.game_info import GameInfo  # noqa: PLC0415
        from ..models.hand_dealt import HandDealt  # noqa: PLC0415
        from ..models.last_cards_taken import LastCardsTaken  # noqa: PLC0415
        from ..models.match_ended import MatchEnded  # noqa: PLC0415
        from ..models.played import Played  # noqa: PLC0415
        from ..models.round_ended import RoundEnded  # noqa: PLC0415
        from ..models.sent_signal import SentSignal  # noqa: PLC0415
        from ..models.table_bonus import TableBonus  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = LogEntryType(d.pop("type"))

        time = d.pop("time")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_move(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        move = _parse_move(d.pop("move"))

        def _parse_signal(data: object) -> None | Signal:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signal_type_0 = Signal(data)

                return signal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Signal, data)

        signal = _parse_signal(d.pop("signal"))

        def _parse_game(data: object) -> GameInfo | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                game_type_0 = GameInfo.from_dict(data)

                return game_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameInfo | None, data)

        game = _parse_game(d.pop("game"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
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
                    events_item_type_0 = FirstDealerDrawn.from_dict(data)

                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = HandDealt.from_dict(data)

                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = TableBonus.from_dict(data)

                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_3 = Played.from_dict(data)

                    return events_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_4 = Claimed.from_dict(data)

                    return events_item_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_5 = LastCardsTaken.from_dict(data)

                    return events_item_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_6 = RoundEnded.from_dict(data)

                    return events_item_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_7 = MatchEnded.from_dict(data)

                return events_item_type_7

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        prev_hash = d.pop("prev_hash")

        def _parse_state_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        state_hash = _parse_state_hash(d.pop("state_hash"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        hash_ = d.pop("hash")

        _signals = d.pop("signals", UNSET)
        signals: list[SentSignal] | Unset = UNSET
        if _signals is not UNSET:
            signals = []
            for signals_item_data in _signals:
                signals_item = SentSignal.from_dict(signals_item_data)

                signals.append(signals_item)

        player = d.pop("player", UNSET)

        rematch = d.pop("rematch", UNSET)

        deadline = d.pop("deadline", UNSET)

        log_entry = cls(
            seq=seq,
            type_=type_,
            time=time,
            seat=seat,
            move=move,
            signal=signal,
            game=game,
            events=events,
            prev_hash=prev_hash,
            state_hash=state_hash,
            salt=salt,
            hash_=hash_,
            signals=signals,
            player=player,
            rematch=rematch,
            deadline=deadline,
        )

        log_entry.additional_properties = d
        return log_entry

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
