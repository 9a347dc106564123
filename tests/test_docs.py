"""The documents a newcomer reads say what is true: the README is short and links every page of
docs/, card codes are explained where the curl walk-through first shows them, every capture
written in the docs makes 15, and the concepts page says what the game's hash holds."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
VALUES = {"A": 1, "Q": 8, "J": 9, "K": 10, **{str(n): n for n in range(2, 8)}}
CAPTURE = re.compile(r"(?<![\w:])([A2-7QJK][CDHS](?:\+[A2-7QJK][CDHS])+)(?![\w+])")


def documents() -> list[Path]:
    return [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "service/cli/play.py"]


def test_the_readme_is_under_150_lines_and_links_every_document() -> None:
    readme = README.read_text()
    assert len(readme.splitlines()) < 150
    linked = set(re.findall(r"\]\((docs/[\w-]+\.md)", readme))
    pages = {f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")}
    assert "docs/quickstart-typescript.md" in pages
    assert sorted(pages - linked) == []


def test_the_readme_first_screen_is_the_two_commands() -> None:
    first = README.read_text().split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert [line.split()[:2] for line in first.splitlines()] == [["make", "run"], ["make", "test"]]
    assert re.search(
        r"# the service on http://127.0.0.1:8000, .*\(first start: about \d+ s\)", first
    )
    assert re.search(r"make test +# .*\(about \d+ min on 2 cores\)", first), "how long it takes"


def test_the_curl_walkthrough_explains_card_codes_before_its_block() -> None:
    section = README.read_text().split("## Play a match with curl", 1)[1].split("```sh", 1)[0]
    for said in ("`Q` (8)", "`J` (9)", "`K` (10)", "`C` clubs", "`D` diamonds", "`H` hearts"):
        assert said in section, said
    assert "`S`\nspades" in section or "`S` spades" in section


def test_every_capture_written_in_the_docs_makes_15() -> None:
    wrong = [
        (path.name, code)
        for path in documents()
        for code in CAPTURE.findall(path.read_text())
        if sum(VALUES[card[0]] for card in code.split("+")) != 15
        and f"illegal move {code}" not in path.read_text()
    ]
    assert wrong == []


def test_the_concepts_page_says_what_the_game_hash_holds() -> None:
    scripts = (ROOT / "service/store/lua/create.lua").read_text()
    created = re.search(r"HSET', KEYS\[1\], 'version', 1, 'head', ARGV\[2\], 'meta'", scripts)
    assert created, "the game's hash is created with its version, head and meta"
    (row,) = [
        line
        for line in (ROOT / "docs/concepts.md").read_text().splitlines()
        if line.startswith("| **game** |")
    ]
    stored = row.rsplit("|", 2)[1]
    assert "version, head, and meta" in stored and "No state is stored" in stored


def test_every_relative_link_of_the_readme_and_docs_reaches_a_file() -> None:
    broken = [
        (page.name, target)
        for page in documents()[:-1]
        for target in re.findall(r"\]\(([^)#\s:]+)(?:#[^)]*)?\)", page.read_text())
        if not (page.parent / target).exists()
    ]
    assert broken == []


def test_every_table_of_the_readme_and_docs_has_a_header_row() -> None:
    """A Markdown table renders only with a header row above its `|---|` line."""
    headless = [
        (page.name, number)
        for page in documents()[:-1]
        for number, (above, line) in enumerate(pairwise(["", *page.read_text().splitlines()]), 1)
        if re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line) and not above.startswith("|")
    ]
    assert headless == []
