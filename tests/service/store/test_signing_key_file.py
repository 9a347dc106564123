"""The signing keys' file and settings: made once with mode 0600, read in order after the keys
of `ESCOPA_SIGNING_KEY`; no key at all is an error that says what to set."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.settings import KeySettings, Settings
from service.store.signing_key_file import ensure_key_file, key_ring, read_keys
from tests.harness.signing import OTHER_KEY, SIGNING_KEY, key_id


def test_the_key_file_is_made_once_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = ensure_key_file(tmp_path / "data")
    made = path.read_text()

    again = ensure_key_file(tmp_path / "data")

    assert again == path
    assert path.read_text() == made
    assert path.stat().st_mode & 0o777 == 0o600
    (key,) = read_keys(path)
    assert key_ring(Settings(keys=KeySettings(signing_file=str(path)))).signer_id == key_id(key)


def test_two_folders_get_two_keys(tmp_path: Path) -> None:
    first = read_keys(ensure_key_file(tmp_path / "a"))
    second = read_keys(ensure_key_file(tmp_path / "b"))

    assert first != second


def test_the_given_keys_come_first_then_the_files(tmp_path: Path) -> None:
    path = tmp_path / "keys"
    path.write_text(f"# rotated out, still verifying\n\n{SIGNING_KEY}\n")

    ring = key_ring(Settings(keys=KeySettings(signing=(OTHER_KEY,), signing_file=str(path))))

    assert ring.signer_id == key_id(OTHER_KEY)
    assert list(ring.public) == [key_id(OTHER_KEY), key_id(SIGNING_KEY)]


def test_the_environment_lists_keys_comma_separated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ESCOPA_SIGNING_KEY", f" {OTHER_KEY}, {SIGNING_KEY} ,")
    monkeypatch.setenv("ESCOPA_SIGNING_KEY_FILE", "/nowhere/keys")

    settings = Settings.from_env()

    assert settings.keys.signing == (OTHER_KEY, SIGNING_KEY)
    assert settings.keys.signing_file == "/nowhere/keys"
    with pytest.raises(ValueError, match="cannot read the signing key file /nowhere/keys"):
        key_ring(settings)


def test_no_key_at_all_says_what_to_set() -> None:
    with pytest.raises(ValueError, match="no signing key: set ESCOPA_SIGNING_KEY"):
        key_ring(Settings())
