from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="EntrantEntry")


@_attrs_define
class EntrantEntry:
    """An entrant: a person by `name` (and an optional `player_id`, on a server without API
    keys with its `player_secret`), or a bot seat as `{"name", "bot": level}`.

        Attributes:
            name (str): 1-40 characters, kept in NFC, with a visible one; no control, bidirectional or line-separator
                characters; each seat's own
            player_id (str | Unset): the integrator's own id for a person: 1-64 characters of `[A-Za-z0-9_.:-]`, scoped to
                the API key that names it
            bot (BotLevel | Unset):
            player_secret (str | Unset): the secret of a player id, from POST /v1/players: on a server without API keys, a
                request names a player id only with its secret
    """

    name: str
    player_id: str | Unset = UNSET
    bot: BotLevel | Unset = UNSET
    player_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player_id = self.player_id

        bot: str | Unset = UNSET
        if not isinstance(self.bot, Unset):
            bot = self.bot.value

        player_secret = self.player_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if player_id is not UNSET:
            field_dict["player_id"] = player_id
        if bot is not UNSET:
            field_dict["bot"] = bot
        if player_secret is not UNSET:
            field_dict["player_secret"] = player_secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        player_id = d.pop("player_id", UNSET)

        _bot = d.pop("bot", UNSET)
        bot: BotLevel | Unset
        if isinstance(_bot, Unset):
            bot = UNSET
        else:
            bot = BotLevel(_bot)

        player_secret = d.pop("player_secret", UNSET)

        entrant_entry = cls(
            name=name,
            player_id=player_id,
            bot=bot,
            player_secret=player_secret,
        )

        return entrant_entry
