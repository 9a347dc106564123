from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.health_archive import HealthArchive
from ..models.health_status import HealthStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """A process's health: `status`; and, in a process with an archive, whether the archive
    answers (`degraded`: it does not).

        Attributes:
            status (HealthStatus):
            archive (HealthArchive | Unset):
    """

    status: HealthStatus
    archive: HealthArchive | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        archive: str | Unset = UNSET
        if not isinstance(self.archive, Unset):
            archive = self.archive.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
            }
        )
        if archive is not UNSET:
            field_dict["archive"] = archive

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = HealthStatus(d.pop("status"))

        _archive = d.pop("archive", UNSET)
        archive: HealthArchive | Unset
        if isinstance(_archive, Unset):
            archive = UNSET
        else:
            archive = HealthArchive(_archive)

        health = cls(
            status=status,
            archive=archive,
        )

        health.additional_properties = d
        return health

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
