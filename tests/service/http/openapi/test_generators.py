"""Client generators turn the committed document into clean, typed clients, as integrators run
them: openapi-python-client and openapi-typescript, with no warning and no `unknown` type."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Final

import pytest

ROOT = Path(__file__).resolve().parents[4]
DOCUMENT = ROOT / "openapi" / "openapi.json"
NPX_BIN = ROOT / "node_modules" / ".bin"
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
NO_HOOKS = "post_hooks: []\n"  # formatting the generated code is the client's business
HEADERS_INDEX = re.compile(r"^\s*\[name: string\]: unknown;$", re.MULTILINE)
"""openapi-typescript's open map of any response's headers: the generator's, not the document's."""
COMMENT = re.compile(r"/\*\*.*?\*/", re.DOTALL)


def _run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


@pytest.fixture(scope="module")
def python_client(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The generated Python package's folder and everything the generator printed."""
    folder = tmp_path_factory.mktemp("python-client")
    (folder / "config.yml").write_text(NO_HOOKS)
    output = _run(
        [
            str(GENERATOR),
            "generate",
            "--path",
            str(DOCUMENT),
            "--output-path",
            "client",
            "--meta",
            "none",
            "--config",
            "config.yml",
        ],
        folder,
    )
    return folder / "client", output


USES: Final = """\
import type { components } from "./api";
type S = components["schemas"];
export function post(listed: S["LegalMove"], version: number): S["MoveRequest"] {
  return { ...listed, expected_version: version };
}
export const plain: S["CreateGame"] = { players: ["Ana", { name: "Rita", bot: "expert" }] };
export const deal: S["DealRequest"] = {};
export const tag = (answer: S["GameView"], headers: { ETag: string }): string =>
  `${answer.game_id} ${headers.ETag}`;
"""
"""TypeScript an integrator writes with the generated types: `tsc --strict` must accept it."""


@cache
def _typescript(folder: Path) -> tuple[str, str]:
    assert (NPX_BIN / "openapi-typescript").exists(), "run `make install` (npm ci)"
    out = folder / "api.ts"
    output = _run([str(NPX_BIN / "openapi-typescript"), str(DOCUMENT), "-o", str(out)], folder)
    return out.read_text(), output


@pytest.fixture(scope="module")
def typescript(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The generated TypeScript types and everything the generator printed."""
    return _typescript(tmp_path_factory.mktemp("typescript"))


def test_openapi_python_client_generates_every_operation_with_no_warning(
    python_client: tuple[Path, str],
) -> None:
    folder, output = python_client
    assert "Warning" not in output, output
    assert "Error" not in output, output
    operations = {p.stem for p in (folder / "api").rglob("*.py") if p.stem != "__init__"}
    assert {"create_game", "play_move", "get_legal_moves", "stream_events"} <= operations


def test_the_python_client_keeps_the_move_request_variants_apart(
    python_client: tuple[Path, str],
) -> None:
    folder, _ = python_client
    models = {p.stem for p in (folder / "models").glob("*.py")}
    assert {"move_play", "move_claim", "move_by_id", "move_as_listed"} <= models
    play = (folder / "api" / "games" / "play_move.py").read_text()
    assert re.search(r"body: .*MoveAsListed.*", play), play[:2000]


def test_the_python_client_reads_the_events_stream_as_text(
    python_client: tuple[Path, str],
) -> None:
    folder, _ = python_client
    stream = (folder / "api" / "games" / "stream_events.py").read_text()
    assert re.search(r"response_200 = .*response\.text", stream), stream


def test_openapi_typescript_generates_with_no_warning(typescript: tuple[str, str]) -> None:
    _, output = typescript
    lines = [line for line in output.splitlines() if line.strip()]
    assert all("openapi-typescript" in line or "→" in line for line in lines), output


def test_openapi_typescript_gives_no_unknown_type(typescript: tuple[str, str]) -> None:
    types, _ = typescript
    code = HEADERS_INDEX.sub("", COMMENT.sub("", types))
    unknowns = [line.strip() for line in code.splitlines() if re.search(r"\bunknown\b", line)]
    assert unknowns == [], f"{len(unknowns)} unknown types: {unknowns[:10]}"


def test_members_with_a_default_are_optional_in_the_typescript_request_types(
    typescript: tuple[str, str],
) -> None:
    types, _ = typescript
    create = _schema(types, "CreateGame")
    assert re.search(r"^\s*players: ", create, re.MULTILINE), create
    for member in ("preset", "rules", "seed", "commitment_id", "client_seed"):
        assert re.search(rf"^\s*{member}\?: ", create, re.MULTILINE), (member, create)


def test_the_typescript_move_request_is_a_union_of_the_named_variants(
    typescript: tuple[str, str],
) -> None:
    types, _ = typescript
    move = _schema(types, "MoveRequest")
    for variant in ("MovePlay", "MoveClaim", "MoveById", "MoveAsListed"):
        assert f'components["schemas"]["{variant}"]' in move, move


def test_the_typescript_game_answer_declares_its_etag(typescript: tuple[str, str]) -> None:
    types, _ = typescript
    assert re.search(r"^\s*ETag: string;$", types, re.MULTILINE)


def test_a_listed_legal_move_and_a_plain_game_type_check_as_requests(
    typescript: tuple[str, str], tmp_path: Path
) -> None:
    (tmp_path / "api.ts").write_text(typescript[0])
    (tmp_path / "uses.ts").write_text(USES)
    command = [str(NPX_BIN / "tsc"), "--strict", "--noEmit", "--target", "es2022"]
    _run([*command, "--module", "es2022", "--moduleResolution", "bundler", "uses.ts"], tmp_path)


def _schema(types: str, name: str) -> str:
    """The text of one component schema's type in the generated TypeScript."""
    start = types.index(f"\n        {name}: ")
    end = re.compile(r"\n        [A-Za-z]+: ").search(types, start + 1)
    return types[start : end.start() if end else None]
