"""Every pattern the server checks takes nothing after its end (no line break a search's `$`
lets through), and the document states each one as ECMAScript that means the same."""

from __future__ import annotations

import json
import re
import subprocess
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from service.app import create_app
from service.http.openapi.document import _structs
from service.ledger.patterns import END, full, published
from tests.harness.settings import app_settings

DOCUMENT = Path(__file__).resolve().parents[3] / "openapi" / "openapi.json"
BREAKS = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\x85", "\v", "\f"]


def _patterns(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        return found + [p for value in node.values() for p in _patterns(value)]
    if isinstance(node, list):
        return [p for value in node for p in _patterns(value)]
    return []


def _meta_patterns(hint: Any) -> set[str]:
    """The patterns of the `Meta` constraints anywhere in a type (through unions and items)."""
    found = {m.pattern for m in getattr(hint, "__metadata__", ()) if isinstance(m, msgspec.Meta)}
    return found.union(*(_meta_patterns(arg) for arg in typing.get_args(hint))) - {None}


def struct_patterns() -> list[str]:
    """The patterns of every Struct's members, as msgspec checks them."""
    found: set[str] = set()
    for cls in _structs().values():
        for hint in typing.get_type_hints(cls, include_extras=True).values():
            found |= _meta_patterns(hint)
    return sorted(found)


def parameter_patterns() -> list[str]:
    """The patterns of every route's parameters, as Litestar checks them."""
    app = create_app(app_settings("redis://127.0.0.1:1"))
    found = set()
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            for field in handler.parsed_fn_signature.parameters.values():
                pattern = getattr(field.kwarg_definition, "pattern", None)
                if pattern:
                    found.add(pattern)
    return sorted(found)


SERVER = sorted(set(struct_patterns() + parameter_patterns()))


def test_the_server_checks_patterns_of_every_kind() -> None:
    assert len(SERVER) >= 12
    assert any("A-Za-z0-9_.:-" in p for p in parameter_patterns())


@pytest.mark.parametrize("pattern", SERVER)
def test_every_pattern_the_server_checks_ends_at_the_end_of_the_text(pattern: str) -> None:
    assert pattern.endswith(END), pattern


@pytest.mark.parametrize("pattern", SERVER)
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_a_full_match_with_a_line_break_after_it_is_refused(pattern: str, data: Any) -> None:
    text = data.draw(st.from_regex(pattern, fullmatch=True), label="text")
    ending = data.draw(st.sampled_from(BREAKS), label="break")
    assert re.search(pattern, text)
    assert re.search(pattern, text + ending) is None


def test_a_pattern_is_checked_in_full_and_published_as_written() -> None:
    written = "^[A-Za-z0-9_.:-]{1,64}$"
    assert re.search(written, "u-77\n")  # why: a search's `$` matches before a last line break
    assert re.search(full(written), "u-77\n") is None
    assert published(full(written)) == written
    with pytest.raises(ValueError, match="anchored"):
        full("[a-z]+")


def test_the_published_document_holds_no_python_only_end() -> None:
    document = DOCUMENT.read_text()
    patterns = _patterns(json.loads(document))
    assert len(patterns) >= 10
    assert not [p for p in patterns if "\\Z" in p]


def test_every_published_pattern_is_ecmascript_that_refuses_a_line_break_after_a_match() -> None:
    patterns = sorted(set(_patterns(json.loads(DOCUMENT.read_text()))))
    samples = {p: [_sample(p)] for p in patterns}
    script = (
        "const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const out = cases.map(([p, samples]) => { const r = new RegExp(p, 'u');"
        " return samples.map((s) => [r.test(s), r.test(s + '\\n')]); });"
        "process.stdout.write(JSON.stringify(out));"
    )
    ran = subprocess.run(
        ["node", "-e", script],
        input=json.dumps(list(samples.items())),
        capture_output=True,
        text=True,
        check=True,
    )
    results = json.loads(ran.stdout)
    for (pattern, texts), found in zip(samples.items(), results, strict=True):
        assert found == [[True, False]] * len(texts), (pattern, texts)


def _sample(pattern: str) -> str:
    """The simplest text the pattern matches in full, as Python reads its server form."""
    compiled = re.compile(pattern[:-1] + END if pattern.endswith("$") else pattern)
    return find(st.from_regex(compiled, fullmatch=True), lambda _: True)
