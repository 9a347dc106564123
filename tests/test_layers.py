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
SHARED = ("service.settings", "service.errors", "service.decode_errors")
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


def store_imports_of_the_http_layer() -> list[str]:
    """`importer -> imported` for each module of the HTTP layer that imports a store: it
    reaches Redis only through the core's use cases."""
    return [
        f"{path.relative_to(ROOT)} -> {imported}"
        for path in sorted((ROOT / "service" / "http").glob("**/*.py"))
        for imported in imports_of(path)
        if imported == "service.store" or imported.startswith("service.store.")
    ]


def test_the_http_layer_reaches_no_store() -> None:
    assert store_imports_of_the_http_layer() == []


def store_classes(root: Path) -> set[str]:
    """The stores: the Redis gateway and each class of `service/store/` built over it or over
    the games repository (its constructor takes a `RedisGateway` or a `GamesRepository`)."""
    found = {"RedisGateway"}
    for path in sorted(root.glob("service/store/**/*.py")):
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.ClassDef):
                continue
            for init in node.body:
                if not isinstance(init, ast.FunctionDef) or init.name != "__init__":
                    continue
                annotations = {ast.unparse(a.annotation) for a in init.args.args if a.annotation}
                if annotations & {"RedisGateway", "GamesRepository"}:
                    found.add(node.name)
    return found


def store_builders(root: Path) -> list[str]:
    """`module: Store` for each place of the service that builds a store."""
    stores = store_classes(root)
    return [
        f"{path.relative_to(root)}: {node.func.id}"
        for path in sorted(root.glob("service/**/*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in stores
    ]


def test_the_house_builds_every_store_over_the_one_gateway() -> None:
    """The gateway is opened in `connections`, every store over it built in the house: a verb
    is given its stores, it never makes one."""
    places = {entry.partition(":")[0] for entry in store_builders(ROOT)}
    assert places == {"service/core/house.py", "service/store/connections.py"}
    assert "service/store/connections.py: RedisGateway" in store_builders(ROOT)


def test_the_store_check_sees_a_store_built_in_a_verb(tmp_path: Path) -> None:
    store = tmp_path / "service" / "store"
    store.mkdir(parents=True)
    (store / "kept.py").write_text(
        "class KeptStore:\n    def __init__(self, gateway: RedisGateway) -> None: ...\n"
    )
    (tmp_path / "service" / "verb.py").write_text("def f(g):\n    return KeptStore(g)\n")
    assert store_classes(tmp_path) == {"RedisGateway", "KeptStore"}
    assert store_builders(tmp_path) == ["service/verb.py: KeptStore"]


def test_no_store_wraps_the_games_repository() -> None:
    """Every other store wraps the Redis gateway; only the house and the core's readers and
    writers of games hold the repository."""
    wrapping = [
        f"{path.relative_to(ROOT)}"
        for path in sorted((ROOT / "service" / "store").glob("**/*.py"))
        if path.name != "games_repository.py"
        and "service.store.games_repository" in imports_of(path)
    ]
    assert wrapping == []


def raw_commands(path: Path) -> list[str]:
    """The Redis commands a module sends itself: a string in capitals opening a tuple given to
    `pipeline(...)` or `execute_command(...)`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr not in ("pipeline", "execute_command"):
            continue
        for inner in (n for arg in node.args for n in ast.walk(arg)):
            first = inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else None
            if isinstance(first, ast.Constant) and str(first.value).isupper():
                found.append(str(first.value))
    return found


def test_no_raw_redis_command_is_sent_outside_the_store() -> None:
    outside = [
        f"{path.relative_to(ROOT)}: {command}"
        for path in sorted((ROOT / "service").glob("**/*.py"))
        if "store" not in path.relative_to(ROOT).parts
        for command in raw_commands(path)
    ]
    assert outside == []


def test_the_raw_command_check_sees_a_command_in_a_pipeline(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("async def f(s):\n    await s.pipeline([('ZREM', 'k', 'm')])\n")
    assert raw_commands(module) == ["ZREM"]


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    core = tmp_path / "module.py"
    core.write_text("from service.http.schemas import Problem\nimport engine\n")
    assert imports_of(core) == ["service.http.schemas", "engine"]
    assert layer_of("service.core.games.journal") == 4
    assert layer_of("service.http.schemas") == 6
    assert layer_of("bots.levels") == 1
    assert layer_of("service.app") is None


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module under `packages` and the modules of the same tree it imports (at the top,
    inside a function or under `TYPE_CHECKING`; `from package import module`: the module)."""
    paths = sorted(p for package in packages for p in root.glob(f"{package}/**/*.py"))
    names = {".".join(p.relative_to(root).with_suffix("").parts): p for p in paths}
    known = set(names) | {name.removesuffix(".__init__") for name in names}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                inner = {f"{node.module}.{alias.name}" for alias in node.names} & known
                found |= inner or {node.module}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
        graph[name.removesuffix(".__init__")] = {m for m in found if m in known} - {name}
    return graph


def import_loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or through others (Tarjan's
    strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                loops.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return loops


def test_no_module_of_the_service_imports_itself_through_others() -> None:
    assert import_loops(import_graph(ROOT, ("engine", "bots", "service"))) == []


def test_the_loop_check_sees_a_loop_even_under_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.c\n"
    )
    (package / "c.py").write_text("from pkg.a import thing\n")
    (package / "d.py").write_text("import pkg.a\n")
    assert import_loops(import_graph(tmp_path, ("pkg",))) == [["pkg.a", "pkg.b", "pkg.c"]]


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
