"""docs/architecture.md says what is true: every file and folder it names exists, and its
feature table names every module of `service/core/`, so a new module finds its feature there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
NAMED = re.compile(r"\b((?:engine|bots|service|clients|tests|bench)/(?:[\w./-]*[\w/])?)")


def named_paths(text: str) -> set[str]:
    """The repository paths a text names (`service/core/games/moves.py`, `service/ops/workers/`)."""
    return set(NAMED.findall(text))


def feature_table(text: str) -> str:
    return text.split("## Where each feature lives", 1)[1].split("\n## ", 1)[0]


def test_every_path_the_architecture_page_names_exists() -> None:
    named = named_paths(PAGE.read_text())
    assert len(named) > 60, "the page names the files"
    assert sorted(path for path in named if not (ROOT / path).exists()) == []


def test_the_feature_table_names_every_module_of_the_core() -> None:
    table = named_paths(feature_table(PAGE.read_text()))
    modules = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "service" / "core").glob("**/*.py")
        if path.name != "__init__.py"
    }
    assert sorted(modules - table) == []


def test_the_check_finds_a_path_that_does_not_exist() -> None:
    named = named_paths("see `service/core/games/moves.py` and service/core/nowhere.py, or engine/")
    assert named == {"service/core/games/moves.py", "service/core/nowhere.py", "engine/"}
    assert not (ROOT / "service/core/nowhere.py").exists()
