"""The layers import downwards only: engine < bots < ledger < store < core < ops < http, then the
app and the CLI; and the Python client, a package of its own, imports none of them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = (
    "engine",
    "bots",
    "service.ledger",
    "service.store",
    "service.core",
    "service.ops",
    "service.http",
)
SHARED = ("service.settings", "service.errors")
CLIENT = ROOT / "clients" / "python" / "escopa_client"
"""Modules of the service's root that every layer may use: they import no layer above them."""


def layer_of(module: str) -> int | None:
    """The index of the layer `module` belongs to (None: the app, the CLI, a shared module)."""
    for index in range(len(LAYERS) - 1, -1, -1):
        if module == LAYERS[index] or module.startswith(LAYERS[index] + "."):
            return index
    return None


def imports_of(path: Path) -> list[str]:
    """Every module `path` imports, at the top or inside a function."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


def upward_imports() -> list[str]:
    """`importer -> imported` for each import that reaches above its importer's layer."""
    wrong = []
    for path in sorted(
        p for layer in ("engine", "bots", "service") for p in ROOT.glob(f"{layer}/**/*.py")
    ):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        own = layer_of(module)
        if own is None:
            continue
        for imported in imports_of(path):
            other = layer_of(imported)
            above = other is not None and other > own
            into_root = imported.startswith("service") and other is None
            if above or (into_root and not imported.startswith(SHARED)):
                wrong.append(f"{module} -> {imported}")
    return wrong


def test_no_module_imports_a_layer_above_its_own() -> None:
    assert upward_imports() == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    core = tmp_path / "module.py"
    core.write_text("from service.http.schemas import Problem\nimport engine\n")
    assert imports_of(core) == ["service.http.schemas", "engine"]
    assert layer_of("service.core.games") == 4
    assert layer_of("service.http.schemas") == 6
    assert layer_of("bots.levels") == 1
    assert layer_of("service.app") is None


def test_the_python_client_imports_nothing_of_the_service() -> None:
    """Its wheel holds `escopa_client` alone: an import of the service's packages would work in
    the clone and fail where the client is installed without them."""
    modules = sorted(CLIENT.glob("**/*.py"))
    assert CLIENT / "programs" / "terminal.py" in modules
    wrong = [
        f"{path.relative_to(CLIENT.parent)} -> {imported}"
        for path in modules
        for imported in imports_of(path)
        if imported.partition(".")[0] in ("engine", "bots", "service")
    ]
    assert wrong == []
