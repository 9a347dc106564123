from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preset_name import PresetName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.replay_move import ReplayMove
    from ..models.rules_override import RulesOverride


T = TypeVar("T", bound="ReplayRequest")


@_attrs_define
class ReplayRequest:
    """A game to replay: the rules as `POST /v1/games` takes them, the seed, and the moves.

    Attributes:
        players (list[str]):
        seed (str): 1-200 characters of printable text (no control characters)
        preset (PresetName | Unset):
        rules (None | RulesOverride | Unset):
        client_seed (None | str | Unset):
        moves (list[ReplayMove] | Unset): default `[]`
        include_events (bool | Unset): default `False`
        include_state (bool | Unset): default `False`
    """

    players: list[str]
    seed: str
    preset: PresetName | Unset = UNSET
    rules: None | RulesOverride | Unset = UNSET
    client_seed: None | str | Unset = UNSET
    moves: list[ReplayMove] | Unset = UNSET
    include_events: bool | Unset = UNSET
    include_state: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules_override import RulesOverride  # noqa: PLC0415

        players = self.players

        seed = self.seed

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

        client_seed: None | str | Unset
        if isinstance(self.client_seed, Unset):
            client_seed = UNSET
        else:
            client_seed = self.client_seed

        moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.moves, Unset):
            moves = []
            for moves_item_data in self.moves:
                moves_item = moves_item_data.to_dict()
                moves.append(moves_item)

        include_events = self.include_events

        include_state = self.include_state

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "seed": seed,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if client_seed is not UNSET:
            field_dict["client_seed"] = client_seed
        if moves is not UNSET:
            field_dict["moves"] = moves
        if include_events is not UNSET:
            field_dict["include_events"] = include_events
        if include_state is not UNSET:
            field_dict["include_state"] = include_state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.replay_move import ReplayMove  # noqa: PLC0415
        from ..models.rules_override import RulesOverride  # noqa: PLC0415

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        seed = d.pop("seed")

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

        def _parse_client_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_seed = _parse_client_seed(d.pop("client_seed", UNSET))

        _moves = d.pop("moves", UNSET)
        moves: list[ReplayMove] | Unset = UNSET
        if _moves is not UNSET:
            moves = []
            for moves_item_data in _moves:
                moves_item = ReplayMove.from_dict(moves_item_data)

                moves.append(moves_item)

        include_events = d.pop("include_events", UNSET)

        include_state = d.pop("include_state", UNSET)

        replay_request = cls(
            players=players,
            seed=seed,
            preset=preset,
            rules=rules,
            client_seed=client_seed,
            moves=moves,
            include_events=include_events,
            include_state=include_state,
        )

        return replay_request
