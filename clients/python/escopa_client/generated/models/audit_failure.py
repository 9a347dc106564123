from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_failure_kind import AuditFailureKind

T = TypeVar("T", bound="AuditFailure")


@_attrs_define
class AuditFailure:
    """The first entry that does not hold (`seq` null: the document as a whole) and why.

    `kind`: `format` (not a log entry or not an export), `chain` (seq, prev_hash or hash),
    `seed` (not revealed, or not the committed one), `rules` (rules or seats that cannot be
    played), `replay` (an illegal move, or a state hash or events the replay does not give),
    `signal` (a signal the rules do not allow or that changes the state), `incomplete` (the
    log ends before the match does), `signature` (no signature, a key not given, or a
    signature that does not hold for the head). `field` names the entry's member at fault.

        Attributes:
            seq (int | None):
            kind (AuditFailureKind):
            field (None | str):
            reason (str):
    """

    seq: int | None
    kind: AuditFailureKind
    field: None | str
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq: int | None
        seq = self.seq

        kind = self.kind.value

        field: None | str
        field = self.field

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "kind": kind,
                "field": field,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))

        kind = AuditFailureKind(d.pop("kind"))

        def _parse_field(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        field = _parse_field(d.pop("field"))

        reason = d.pop("reason")

        audit_failure = cls(
            seq=seq,
            kind=kind,
            field=field,
            reason=reason,
        )

        audit_failure.additional_properties = d
        return audit_failure

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
