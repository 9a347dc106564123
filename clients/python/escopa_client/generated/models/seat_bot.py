from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel

T = TypeVar("T", bound="SeatBot")


@_attrs_define
class SeatBot:
    """A seat the service plays itself, at a bot level.

    Attributes:
        name (str): 1-40 characters, kept in NFC, with a visible one; no control, bidirectional or line-separator
            characters; each seat's own
        bot (BotLevel):
    """

    name: str
    bot: BotLevel

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot = self.bot.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        bot = BotLevel(d.pop("bot"))

        seat_bot = cls(
            name=name,
            bot=bot,
        )

        return seat_bot
