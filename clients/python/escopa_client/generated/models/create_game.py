from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preset_name import PresetName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_override import RulesOverride
    from ..models.seat_bot import SeatBot
    from ..models.seat_open import SeatOpen
    from ..models.seat_player import SeatPlayer
    from ..models.webhook_request import WebhookRequest


T = TypeVar("T", bound="CreateGame")


@_attrs_define
class CreateGame:
    """A new game: 2-4 players in seat order, a preset, overrides and an optional seed.

    A player is a person's name, `{"name": ..., "bot": level}` for a seat the service plays, or
    `{"open": true}` for a seat someone joins later: the game then waits (`status: "waiting"`),
    dealing nothing until every seat is taken. `lobby`: list it in `GET /v1/lobby`, where anyone
    may take its open seats without an invite.

    For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead of
    a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.

    `rated`: the game counts on its ladder (`<preset>-<n>p`): every person seat needs a
    `player_id`; bot seats are rated as `bot:<level>`.

        Attributes:
            players (list[SeatBot | SeatOpen | SeatPlayer | str]):
            preset (PresetName | Unset):
            rules (None | RulesOverride | Unset):
            seed (None | str | Unset):
            commitment_id (None | str | Unset):
            client_seed (None | str | Unset):
            lobby (bool | Unset): default `False`
            webhook (None | Unset | WebhookRequest):
            rated (bool | Unset): default `False`
    """

    players: list[SeatBot | SeatOpen | SeatPlayer | str]
    preset: PresetName | Unset = UNSET
    rules: None | RulesOverride | Unset = UNSET
    seed: None | str | Unset = UNSET
    commitment_id: None | str | Unset = UNSET
    client_seed: None | str | Unset = UNSET
    lobby: bool | Unset = UNSET
    webhook: None | Unset | WebhookRequest = UNSET
    rated: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules_override import RulesOverride  # noqa: PLC0415
        from ..models.seat_bot import SeatBot  # noqa: PLC0415
        from ..models.seat_open import SeatOpen  # noqa: PLC0415
        from ..models.seat_player import SeatPlayer  # noqa: PLC0415
        from ..models.webhook_request import WebhookRequest  # noqa: PLC0415

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any] | str
            if isinstance(players_item_data, SeatPlayer):
                players_item = players_item_data.to_dict()
            elif isinstance(players_item_data, SeatBot):
                players_item = players_item_data.to_dict()
            elif isinstance(players_item_data, SeatOpen):
                players_item = players_item_data.to_dict()
            else:
                players_item = players_item_data
            players.append(players_item)

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, RulesOverride):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        commitment_id: None | str | Unset
        if isinstance(self.commitment_id, Unset):
            commitment_id = UNSET
        else:
            commitment_id = self.commitment_id

        client_seed: None | str | Unset
        if isinstance(self.client_seed, Unset):
            client_seed = UNSET
        else:
            client_seed = self.client_seed

        lobby = self.lobby

        webhook: dict[str, Any] | None | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, WebhookRequest):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seed is not UNSET:
            field_dict["seed"] = seed
        if commitment_id is not UNSET:
            field_dict["commitment_id"] = commitment_id
        if client_seed is not UNSET:
            field_dict["client_seed"] = client_seed
        if lobby is not UNSET:
            field_dict["lobby"] = lobby
        if webhook is not UNSET:
            field_dict["webhook"] = webhook
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_override import RulesOverride  # noqa: PLC0415
        from ..models.seat_bot import SeatBot  # noqa: PLC0415
        from ..models.seat_open import SeatOpen  # noqa: PLC0415
        from ..models.seat_player import SeatPlayer  # noqa: PLC0415
        from ..models.webhook_request import WebhookRequest  # noqa: PLC0415

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(
                data: object,
            ) -> SeatBot | SeatOpen | SeatPlayer | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_entry_type_0 = SeatPlayer.from_dict(data)

                    return componentsschemas_player_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_entry_type_1 = SeatBot.from_dict(data)

                    return componentsschemas_player_entry_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_entry_type_2 = SeatOpen.from_dict(data)

                    return componentsschemas_player_entry_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(SeatBot | SeatOpen | SeatPlayer | str, data)

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)

        _preset = d.pop("preset", UNSET)
        preset: PresetName | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetName(_preset)

        def _parse_rules(data: object) -> None | RulesOverride | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = RulesOverride.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesOverride | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_commitment_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        commitment_id = _parse_commitment_id(d.pop("commitment_id", UNSET))

        def _parse_client_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_seed = _parse_client_seed(d.pop("client_seed", UNSET))

        lobby = d.pop("lobby", UNSET)

        def _parse_webhook(data: object) -> None | Unset | WebhookRequest:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = WebhookRequest.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookRequest, data)

        webhook = _parse_webhook(d.pop("webhook", UNSET))

        rated = d.pop("rated", UNSET)

        create_game = cls(
            players=players,
            preset=preset,
            rules=rules,
            seed=seed,
            commitment_id=commitment_id,
            client_seed=client_seed,
            lobby=lobby,
            webhook=webhook,
            rated=rated,
        )

        return create_game
