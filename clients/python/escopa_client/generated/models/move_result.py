from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.log_entry import LogEntry
    from ..models.receipt import Receipt


T = TypeVar("T", bound="MoveResult")


@_attrs_define
class MoveResult:
    """The accepted move, the log entry it made (as the mover may see it), the new view, and the
    service's signed receipt of the new head.

        Attributes:
            version (int):
            move (str):
            entry (LogEntry): One log entry. `hash` is the SHA-256 of the entry's canonical JSON without `hash`.

                `salt` is a random secret inside the hashed body: a reader shown a redacted entry gets no
                salt, so it cannot brute-force the few possible hidden hands against the entry's hash.
                `signals` is only on the entry that ends a match in which partners signalled (absent on
                every other entry, so their form and hash are unchanged). `signal` entries are the older
                form of signals, kept so that older logs still read and verify. A `joined` entry names its
                seat's `player`; a `rematch` entry names the new game (`rematch`); both are absent elsewhere.
                A `timeout` entry names the `deadline` its seat missed and, as `move`, what followed: the
                move played for the seat, `forfeit` or `abort` (`service.core.lifecycle.clocks`).
            view (GameView): A game as the reader may see it: the engine's view of its seat (never another seat's
                hand, the stock or a live seed), with what the service adds: the game's id and version,
                its players, the seed's commitment, and the partner signals the reader may see.

                `signals`: the partner signals of the reader's side while the game runs (a spectator and
                the opponents see none), every signal once it is over. While the game waits: `lobby` when
                the lobby lists it, and for its creator, the open seats' `invites`. Once a rematch is
                asked for, `rematch` is the new game's id. A `rated` game once over and settled: each
                seat's `ratings` before and after. With a `clock` in the rules: the seat to act's
                `deadline` (UTC, null while no clock runs) and `ms_left` until it, every seat's bank left
                (`banks_ms`) and its timeouts in a row (`timeouts`). A tournament's table names its
                `tournament`; its seed shows once its round is over.
            receipt (Receipt): What the service accepted: the game's new head (`seq`, `hash`), signed.

                The signed bytes are `escopa-receipt-v1:{game_id}:{seq}:{hash}`; keep the last receipt to
                prove later which head the service acknowledged.
    """

    version: int
    move: str
    entry: LogEntry
    view: GameView
    receipt: Receipt
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        move = self.move

        entry = self.entry.to_dict()

        view = self.view.to_dict()

        receipt = self.receipt.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "move": move,
                "entry": entry,
                "view": view,
                "receipt": receipt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.log_entry import LogEntry  # noqa: PLC0415
        from ..models.receipt import Receipt  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        move = d.pop("move")

        entry = LogEntry.from_dict(d.pop("entry"))

        view = GameView.from_dict(d.pop("view"))

        receipt = Receipt.from_dict(d.pop("receipt"))

        move_result = cls(
            version=version,
            move=move,
            entry=entry,
            view=view,
            receipt=receipt,
        )

        move_result.additional_properties = d
        return move_result

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
