"""`escopa play` and `escopa bot` without the Python client: one line saying what to install, and
only when the client is what is missing."""

from __future__ import annotations

import pytest

from service.cli.client_programs import INSTALL, without_client


def test_a_missing_client_is_told_with_what_installs_it(capsys: pytest.CaptureFixture[str]) -> None:
    missing = ModuleNotFoundError("No module named 'escopa_client'", name="escopa_client")

    assert without_client("escopa play", missing) == 2

    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == f"escopa play needs the Python client (escopa-client): {INSTALL}\n"
    assert "pip install 'escopa[client]'" in INSTALL


def test_another_missing_module_is_raised_as_a_broken_install() -> None:
    missing = ModuleNotFoundError("No module named 'rich.console'", name="rich.console")

    with pytest.raises(ModuleNotFoundError, match=r"rich\.console"):
        without_client("escopa play", missing)
