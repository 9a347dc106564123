"""`escopa --help`: every option of every command says what it does."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from service.cli.main import parser


def commands() -> dict[str, argparse.ArgumentParser]:
    (found,) = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(found.choices)


@pytest.mark.parametrize("command", ["serve", "openapi", "audit", "replay"])
def test_every_option_has_help_text(command: str) -> None:
    options = [a for a in commands()[command]._actions if a.dest != "help"]

    assert options
    silent = [a.option_strings or [a.dest] for a in options if not (a.help or "").strip()]
    assert silent == [], f"`escopa {command}` options without help: {silent}"


def help_text(command: str) -> str:
    """What `escopa COMMAND --help` prints."""
    return subprocess.run(
        [sys.executable, "-m", "service.cli", command, "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_serve_help_shows_the_meaning_and_default_of_each_option() -> None:
    shown = help_text("serve")
    text = " ".join(shown.split())
    helps = {
        option: " ".join((action.help or "").split())
        for action in commands()["serve"]._actions
        for option in action.option_strings
    }

    for option in ("--host", "--port", "--workers", "--data-dir", "--fsync", "--log-level"):
        assert helps[option], f"{option} has no help text"
        assert helps[option] in text
    assert "default: ESCOPA_PORT, else 8000" in text


def test_play_help_lists_the_keys_of_the_game() -> None:
    shown = help_text("play")
    keys = [line.split()[:2] for line in shown.split("at your turn, type:", 1)[1].splitlines()]
    assert ["h", "the"] in keys and ["q", "leave"] in keys
    assert ["s", "guindis"] in keys and ["s", "seven"] in keys
    assert "--deck {french,spanish}" in shown
