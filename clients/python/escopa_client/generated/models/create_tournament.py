from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_tournament_pairing import CreateTournamentPairing
from ..models.preset_name import PresetName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.entrant_entry import EntrantEntry
    from ..models.rules_override import RulesOverride
    from ..models.webhook_request import WebhookRequest


T = TypeVar("T", bound="CreateTournament")


@_attrs_define
class CreateTournament:
    """A duplicate tournament of 2-player tables: its entrants in order, `rounds` of `boards`
    boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
    default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed; a
    `webhook` is POSTed its events (else the one the API key names, if any).

    `rated`: each table (a pairing's two games) is one rated match on the ladder
    `<preset>-2p`, won by the entrant with the positive duplicate result; every person needs
    a `player_id`, bots are rated as `bot:<level>`, and no two entrants are one player.

        Attributes:
            name (str):
            entrants (list[EntrantEntry]): 2 to 2000 entrants
            rounds (int): 1 to 20 rounds
            boards (int): 1 to 10 boards a round
            pairing (CreateTournamentPairing):
            preset (PresetName | Unset):
            rules (None | RulesOverride | Unset):
            clock (Clock | None | Unset):
            commitment_id (None | str | Unset):
            client_seed (None | str | Unset):
            rated (bool | Unset): default `False`
            webhook (None | Unset | WebhookRequest):
    """

    name: str
    entrants: list[EntrantEntry]
    rounds: int
    boards: int
    pairing: CreateTournamentPairing
    preset: PresetName | Unset = UNSET
    rules: None | RulesOverride | Unset = UNSET
    clock: Clock | None | Unset = UNSET
    commitment_id: None | str | Unset = UNSET
    client_seed: None | str | Unset = UNSET
    rated: bool | Unset = UNSET
    webhook: None | Unset | WebhookRequest = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.rules_override import RulesOverride  # noqa: PLC0415
        from ..models.webhook_request import WebhookRequest  # noqa: PLC0415

        name = self.name

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        rounds = self.rounds

        boards = self.boards

        pairing = self.pairing.value

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

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, Clock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

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

        rated = self.rated

        webhook: dict[str, Any] | None | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, WebhookRequest):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "entrants": entrants,
                "rounds": rounds,
                "boards": boards,
                "pairing": pairing,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if clock is not UNSET:
            field_dict["clock"] = clock
        if commitment_id is not UNSET:
            field_dict["commitment_id"] = commitment_id
        if client_seed is not UNSET:
            field_dict["client_seed"] = client_seed
        if rated is not UNSET:
            field_dict["rated"] = rated
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.entrant_entry import EntrantEntry  # noqa: PLC0415
        from ..models.rules_override import RulesOverride  # noqa: PLC0415
        from ..models.webhook_request import WebhookRequest  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantEntry.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        rounds = d.pop("rounds")

        boards = d.pop("boards")

        pairing = CreateTournamentPairing(d.pop("pairing"))

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

        rated = d.pop("rated", UNSET)

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

        create_tournament = cls(
            name=name,
            entrants=entrants,
            rounds=rounds,
            boards=boards,
            pairing=pairing,
            preset=preset,
            rules=rules,
            clock=clock,
            commitment_id=commitment_id,
            client_seed=client_seed,
            rated=rated,
            webhook=webhook,
        )

        return create_tournament
