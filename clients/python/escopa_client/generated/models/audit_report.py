from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_report_signature import AuditReportSignature
from ..models.audit_report_status_type_0 import AuditReportStatusType0

if TYPE_CHECKING:
    from ..models.audit_failure import AuditFailure
    from ..models.outcome import Outcome


T = TypeVar("T", bound="AuditReport")


@_attrs_define
class AuditReport:
    """The audit's answer. `ok`: every check held; else `failure` is the first that did not.

    `head_hash` is the last entry's hash, the log's head (as the document states it; proven
    only when `ok`). `state_hash`, `replay_hash` (see `service.ledger.replay`), `status`,
    `totals` and `outcome` come from the replay and are given only when it held.
    `signature`: `verified` (a given key signed this head: the service ran this game),
    `unchecked` (signed by `key_id`, but no key was given: internal consistency only),
    `absent` (nothing signed: internal consistency only) or `failed`.

        Attributes:
            ok (bool):
            game_id (None | str):
            entries (int):
            head_hash (None | str):
            state_hash (None | str):
            replay_hash (None | str):
            status (AuditReportStatusType0 | None):
            totals (list[int] | None):
            outcome (None | Outcome):
            failure (AuditFailure | None):
            signature (AuditReportSignature):  Default: AuditReportSignature.ABSENT.
            key_id (None | str):
    """

    ok: bool
    game_id: None | str
    entries: int
    head_hash: None | str
    state_hash: None | str
    replay_hash: None | str
    status: AuditReportStatusType0 | None
    totals: list[int] | None
    outcome: None | Outcome
    failure: AuditFailure | None
    key_id: None | str
    signature: AuditReportSignature = AuditReportSignature.ABSENT
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_failure import AuditFailure  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415

        ok = self.ok

        game_id: None | str
        game_id = self.game_id

        entries = self.entries

        head_hash: None | str
        head_hash = self.head_hash

        state_hash: None | str
        state_hash = self.state_hash

        replay_hash: None | str
        replay_hash = self.replay_hash

        status: None | str
        if isinstance(self.status, AuditReportStatusType0):
            status = self.status.value
        else:
            status = self.status

        totals: list[int] | None
        if isinstance(self.totals, list):
            totals = self.totals

        else:
            totals = self.totals

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        failure: dict[str, Any] | None
        if isinstance(self.failure, AuditFailure):
            failure = self.failure.to_dict()
        else:
            failure = self.failure

        signature = self.signature.value

        key_id: None | str
        key_id = self.key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "game_id": game_id,
                "entries": entries,
                "head_hash": head_hash,
                "state_hash": state_hash,
                "replay_hash": replay_hash,
                "status": status,
                "totals": totals,
                "outcome": outcome,
                "failure": failure,
                "signature": signature,
                "key_id": key_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_failure import AuditFailure  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415

        d = dict(src_dict)
        ok = d.pop("ok")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        entries = d.pop("entries")

        def _parse_head_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        head_hash = _parse_head_hash(d.pop("head_hash"))

        def _parse_state_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        state_hash = _parse_state_hash(d.pop("state_hash"))

        def _parse_replay_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replay_hash = _parse_replay_hash(d.pop("replay_hash"))

        def _parse_status(data: object) -> AuditReportStatusType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = AuditReportStatusType0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditReportStatusType0 | None, data)

        status = _parse_status(d.pop("status"))

        def _parse_totals(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                totals_type_0 = cast(list[int], data)

                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        totals = _parse_totals(d.pop("totals"))

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

        def _parse_failure(data: object) -> AuditFailure | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failure_type_0 = AuditFailure.from_dict(data)

                return failure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditFailure | None, data)

        failure = _parse_failure(d.pop("failure"))

        signature = AuditReportSignature(d.pop("signature"))

        def _parse_key_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key_id = _parse_key_id(d.pop("key_id"))

        audit_report = cls(
            ok=ok,
            game_id=game_id,
            entries=entries,
            head_hash=head_hash,
            state_hash=state_hash,
            replay_hash=replay_hash,
            status=status,
            totals=totals,
            outcome=outcome,
            failure=failure,
            signature=signature,
            key_id=key_id,
        )

        audit_report.additional_properties = d
        return audit_report

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
