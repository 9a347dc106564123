"""`escopa audit FILE` and `escopa replay FILE` as separate processes, with no server and no
Redis; the worked example and the independent verifier of docs/audit.md, executed as written."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from service.ledger.audit import audit_export
from tests.harness.api import Json
from tests.harness.audits import documented_verifier, escopa, rechain

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "audit.md"
EXAMPLE = ROOT / "docs" / "examples" / "export.json"


@pytest.fixture
def example() -> Json:
    document: Json = json.loads(EXAMPLE.read_text())
    return document


def write(tmp_path: Path, document: Json, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def flat(text: str) -> str:
    """Text with every run of whitespace made one space (the doc wraps long lines)."""
    return re.sub(r"\s+", " ", text)


# --- escopa audit ---------------------------------------------------------------------------


def test_audit_of_the_unsigned_example_exits_0_with_a_summary_and_a_warning() -> None:
    done = escopa("audit", str(EXAMPLE))

    assert done.returncode == 0, done.stderr
    verdict, warning = done.stdout.splitlines()
    assert verdict == (
        "ok: game e44898e03d7b0317f0d8c4f1: 73 entries, hash chain, seed commitment and every "
        "move verified; side 0 (seat 0) won 5-4 after 2 rounds; head "
        "eeda4a73ed841a5644b8dd925310a6e4bc8e8c58c4c49facdd3045d6c6087511; final state "
        "97b127ec75e95ce4b6b2cb40db75ed4c3c838a9dc999968e711ebde5b9f892ea"
    )
    assert warning.startswith("warning: the export is unsigned: this proves ")
    assert "not that the service ran this game" in warning
    doc = flat(DOC.read_text())
    assert verdict in doc
    assert warning in doc


def test_audit_of_a_changed_card_exits_1_with_the_reason(tmp_path: Path, example: Json) -> None:
    example["entries"][0]["events"][1]["hands"][1][0] = "AD"

    done = escopa("audit", str(write(tmp_path, example)))

    assert done.returncode == 1
    assert done.stdout == (
        "FAILED: game e44898e03d7b0317f0d8c4f1: seq 1: hash does not match its content "
        '(events differ from the replay: events[1].hands[1][0] is "AD" in the log, "AC" in the '
        "replay)\n"
    )
    assert done.stdout.strip().split(": ", 2)[2] in flat(DOC.read_text())


def test_the_forgeries_quoted_in_the_doc_fail_as_quoted(example: Json) -> None:
    doc = flat(DOC.read_text())
    rechained = copy.deepcopy(example)
    rechained["entries"][0]["events"][1]["hands"][1][0] = "AD"
    rechain(rechained["entries"])
    seat = copy.deepcopy(example)
    seat["entries"][3]["seat"] = 0

    for forged in (rechained, seat):
        report = audit_export(json.dumps(forged).encode())
        assert report.failure is not None
        assert report.failure.reason in doc


def test_audit_reads_standard_input_and_prints_json(example: Json) -> None:
    done = escopa("audit", "-", "--json", stdin=EXAMPLE.read_bytes())

    assert done.returncode == 0
    report = json.loads(done.stdout)
    assert report["ok"] is True
    assert report["replay_hash"] == (
        "8bb20ce02aa661b6c300b3b95ca5c39cc014f58333982bafb0653266d3f69a46"
    )
    assert report["replay_hash"] in DOC.read_text()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not json", "FAILED: export: not a JSON document"),
        (b'{"format": "escopa-export-v1", "game_id": "g", "entries": []}', "FAILED: game g: "),
    ],
)
def test_audit_of_something_else_exits_1(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)

    done = escopa("audit", str(path))

    assert done.returncode == 1
    assert done.stdout.startswith(reason)


def test_audit_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    done = escopa("audit", str(tmp_path / "nothing.json"))

    assert done.returncode == 2
    assert "cannot read" in done.stderr


def a_folder(tmp_path: Path, example: Json) -> Path:
    """Two good copies of the example (one in a subfolder), a forged one, and a note."""
    folder = tmp_path / "exports"
    (folder / "old").mkdir(parents=True)
    write(folder, example, "a.json")
    write(folder / "old", example, "c.json")
    forged = copy.deepcopy(example)
    forged["entries"][0]["events"][1]["hands"][1][0] = "AD"
    write(folder, forged, "b.json")
    (folder / "notes.txt").write_text("not an export")
    return folder


def test_audit_of_a_folder_gives_a_line_per_export_then_the_count(
    tmp_path: Path, example: Json
) -> None:
    folder = a_folder(tmp_path, example)

    done = escopa("audit", str(folder))

    assert done.returncode == 1  # one failed
    lines = done.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines[:3]] == [
        str(folder / "a.json"),
        str(folder / "b.json"),
        str(folder / "old" / "c.json"),
    ]
    assert lines[0].split(": ", 1)[1].startswith("ok: game e44898e03d7b0317f0d8c4f1: 73 entries")
    assert lines[1].split(": ", 1)[1].startswith("FAILED: game e44898e03d7b0317f0d8c4f1: seq 1:")
    assert lines[3].startswith("warning: 2 export(s) not checked against a key: ")
    assert lines[4] == "3 exports: 2 ok, 1 failed, 0 unreadable"
    assert done.stderr == ""  # not a terminal: no progress bar


def test_audit_of_good_files_and_folders_together_exits_0(tmp_path: Path, example: Json) -> None:
    folder = tmp_path / "good"
    folder.mkdir()
    write(folder, example, "one.json")

    done = escopa("audit", str(folder), str(EXAMPLE), "--progress")

    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1] == "2 exports: 2 ok, 0 failed, 0 unreadable"
    assert "2/2" in done.stderr
    assert "files/s" in done.stderr


def test_audit_of_a_folder_as_json_lists_each_files_report(tmp_path: Path, example: Json) -> None:
    folder = a_folder(tmp_path, example)

    done = escopa("audit", str(folder), "--json")

    audited = json.loads(done.stdout)
    assert [Path(a["file"]).name for a in audited] == ["a.json", "b.json", "c.json"]
    assert [a["report"]["ok"] for a in audited] == [True, False, True]


def test_audit_of_a_folder_without_exports_exits_2(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing here")

    done = escopa("audit", str(tmp_path))

    assert done.returncode == 2
    assert done.stderr == f"escopa audit: no export (*.json, *.jsonl) in {tmp_path}\n"


def test_an_unreadable_file_among_several_exits_2_and_is_counted(tmp_path: Path) -> None:
    done = escopa("audit", str(EXAMPLE), str(tmp_path / "gone.json"))

    assert done.returncode == 2
    assert f"{tmp_path / 'gone.json'}: cannot read: " in done.stdout
    assert done.stdout.splitlines()[-1] == "2 exports: 1 ok, 0 failed, 1 unreadable"


def test_the_offline_audit_imports_neither_the_web_framework_nor_redis() -> None:
    code = (
        "import sys; from service.cli.main import main; "
        f"code = main(['audit', {str(EXAMPLE)!r}]); "
        "loaded = sorted(m for m in ('litestar', 'redis', 'uvicorn') if m in sys.modules); "
        "print(code, loaded)"
    )

    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )

    assert done.stdout.splitlines()[-1] == "0 []"


# --- escopa replay --------------------------------------------------------------------------


def test_replay_of_the_example_checks_every_state_hash_and_prints_the_score() -> None:
    done = escopa("replay", str(EXAMPLE))

    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    steps = [line for line in lines if " seq " in line]
    assert len(steps) == 73
    assert all(line.endswith(" ok") for line in steps)
    assert lines[0].startswith("start")
    start = "b2a55e6202ea3d7176861ad5e25507371e52e9c73850f4d298a9bb8018eaf81f  seq    1 ok"
    assert lines[0].endswith(start)
    assert "round 1: side 0 (seat 0) +3, side 1 (seat 1) +1; totals [3, 1]" in lines
    assert "final: side 0 (seat 0) won 5-4 after 2 rounds" in lines
    assert lines[-1] == (
        "ok: game e44898e03d7b0317f0d8c4f1: 72 moves replayed, every state hash matches the "
        "log; replay hash 8bb20ce02aa661b6c300b3b95ca5c39cc014f58333982bafb0653266d3f69a46"
    )


def test_replay_names_a_state_hash_that_differs(tmp_path: Path, example: Json) -> None:
    example["entries"][9]["state_hash"] = "0" * 64

    done = escopa("replay", str(write(tmp_path, example)))

    assert done.returncode == 1
    assert "seq   10 DIFFERS" in done.stdout
    assert done.stdout.splitlines()[-1] == (
        "FAILED: game e44898e03d7b0317f0d8c4f1: 1 state hash(es) differ from the log, "
        "the first at seq 10"
    )


def test_replay_names_an_illegal_move(tmp_path: Path, example: Json) -> None:
    example["entries"][3]["seat"] = 0

    done = escopa("replay", str(write(tmp_path, example)))

    assert done.returncode == 1
    assert done.stdout == (
        "FAILED: game e44898e03d7b0317f0d8c4f1: moves[2]: illegal move 'QC+4D+3S' by seat 0: "
        "move/not_your_turn: it is seat 1's turn, not seat 0's\n"
    )


def test_replay_of_a_log_cut_short_fails(tmp_path: Path, example: Json) -> None:
    del example["entries"][-5:]

    done = escopa("replay", str(write(tmp_path, example)))

    assert done.returncode == 1
    assert done.stdout.splitlines()[-1].endswith("the moves end before the match is over")


def test_replay_takes_a_replay_request_body_too(tmp_path: Path) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "escopa", "moves": [{"seat": 0, "move": "3C"}]}

    done = escopa("replay", str(write(tmp_path, body)), "--json")

    assert done.returncode == 0, done.stdout
    result = json.loads(done.stdout)
    assert [s["move"] for s in result["steps"]] == ["3C"]
    assert result["status"] == "playing"


# --- the independent verifier of docs/audit.md ----------------------------------------------


def test_the_documented_verifier_accepts_the_example(example: Json) -> None:
    head = documented_verifier()["verify"](example)

    assert head == "eeda4a73ed841a5644b8dd925310a6e4bc8e8c58c4c49facdd3045d6c6087511"


def test_the_documented_verifier_runs_as_a_program() -> None:
    code = DOC.read_text().split("```python\n", 1)[1].split("```", 1)[0]
    done = subprocess.run(
        [sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, check=True
    )

    assert done.stdout == (
        "chain, seed, deals and end hold; head "
        "eeda4a73ed841a5644b8dd925310a6e4bc8e8c58c4c49facdd3045d6c6087511\n"
    )


@pytest.mark.parametrize(
    ("where", "change", "reason"),
    [
        (0, lambda e: e["events"][1]["hands"][1].__setitem__(0, "AD"), "seq 1: round 1 hand 1"),
        (0, lambda e: e["events"][1]["table"].reverse(), "seq 1: round 1 hand 1: table"),
        (0, lambda e: e["events"][0].__setitem__("dealer", 1), "seq 1: the wrong seat"),
        (0, lambda e: e["events"][0]["draws"][0].__setitem__(1, "AH"), "seq 1: the first-dealer"),
        (6, lambda e: e["events"][-1]["hands"].reverse(), "seq 7: round 1 hand 2: hands"),
        (0, lambda e: e["game"].__setitem__("client_seed", "x"), "seq 1: the first-dealer"),
        (0, lambda e: e["game"].__setitem__("seed", "0" * 64), "seed does not match"),
    ],
)
def test_the_documented_verifier_finds_a_forged_deal_even_rechained(
    example: Json, where: int, change: Any, reason: str
) -> None:
    verify = documented_verifier()["verify"]
    change(example["entries"][where])
    rechain(example["entries"])

    with pytest.raises(AssertionError) as caught:
        verify(example)

    assert str(caught.value).startswith(reason)


def test_the_documented_verifier_refuses_a_log_cut_short(example: Json) -> None:
    verify = documented_verifier()["verify"]
    del example["entries"][19:]

    with pytest.raises(AssertionError) as caught:
        verify(example)

    assert str(caught.value).startswith("the log ends before the match is over")


def test_the_documented_verifier_finds_a_changed_byte(example: Json) -> None:
    verify = documented_verifier()["verify"]
    example["entries"][40]["move"] = example["entries"][40]["move"].lower()

    with pytest.raises(AssertionError) as caught:
        verify(example)

    assert str(caught.value) == "seq 41: hash"


def test_the_documented_numbers_are_the_examples() -> None:
    doc = flat(DOC.read_text())
    example = json.loads(EXAMPLE.read_text())
    info = example["entries"][0]["game"]
    report = audit_export(EXAMPLE.read_bytes())

    assert report.ok
    for value in (
        example["game_id"],
        info["seed"],
        info["seed_commitment"],
        info["commitment_id"],
        example["entries"][0]["hash"],
        example["entries"][0]["state_hash"],
        example["entries"][1]["state_hash"],
        report.head_hash,
        report.state_hash,
        report.replay_hash,
    ):
        assert value in doc, value
    assert f"{len(example['entries'])} entries" in doc


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_a_deeply_nested_file_is_malformed_not_a_crash(tmp_path: Path, command: str) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)

    done = escopa(command, str(path))

    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.startswith("FAILED: ")
    assert "nested too deeply" in done.stdout
