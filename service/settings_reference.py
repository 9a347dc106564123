"""docs/settings.md, written from the code itself: `escopa serve`'s options (their help) and the
`Settings` fields (their docstrings and defaults), so the reference cannot drift from them.
`python -m service.settings_reference > docs/settings.md` (`make docs`) writes it again."""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools
import re

from service.settings import Settings

HEADER = """# Settings

Written from the code by `make docs` (a test fails when this page differs from what it writes):
`escopa serve`'s options from its `--help`, then the environment variables every process reads
(`escopa serve`, `escopa bots`) from the `Settings` docstrings in `service/settings.py`.
On/off settings take `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`; any other word stops the
start.
"""

NAMED = re.compile(r"^([A-Z][A-Z0-9_]+): (.*)$", re.DOTALL)


def field_docs() -> dict[str, str]:
    """Each `Settings` field's docstring (the string written under it), by field name."""
    tree = ast.parse(inspect.getsource(Settings))
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef)
    docs: dict[str, str] = {}
    for field, after in itertools.pairwise(cls.body):
        if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name):
            text = None
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                text = after.value.value
            if not isinstance(text, str):
                raise ValueError(f"Settings.{field.target.id} has no docstring to document it by")
            docs[field.target.id] = " ".join(text.split())
    return docs


def shown(value: object) -> str:
    """A default as a person would type it."""
    if isinstance(value, bool):
        return "`1`" if value else "`0`"
    if value in ((), None, ""):
        return "none"
    if isinstance(value, float) and value.is_integer():
        return f"`{int(value)}`"
    return f"`{value}`"


def environment_rows() -> list[str]:
    """One row per environment variable a `Settings` field reads; a field whose docstring names
    none (a rate limit's window) is shown with the field that names it."""
    default = Settings()
    rows = []
    for field, doc in field_docs().items():
        named = NAMED.match(doc)
        if named is None:
            continue
        name, meaning = named.groups()
        meaning, _, stated = meaning.partition(" Default: ")
        value = shown(getattr(default, field))
        window = field.removesuffix("_limit") + "_window"
        if field.endswith("_limit") and hasattr(default, window):
            value = f"`{getattr(default, field)}/{getattr(default, window):g}`"
        rows.append(f"| `{name}` | {meaning.removesuffix('.')} | {stated.rstrip('.') or value} |")
    return rows


def serve_rows() -> list[str]:
    """One row per option of `escopa serve`, with its help."""
    from service.cli.main import parser

    commands = next(
        a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)
    ).choices
    rows = []
    for action in commands["serve"]._actions:
        if not action.option_strings or action.dest == "help":
            continue
        options = ", ".join(f"`{option}`" for option in action.option_strings)
        rows.append(f"| {options} | {' '.join((action.help or '').split())} |")
    return rows


def reference() -> str:
    """The whole page."""
    return "\n".join(
        [
            HEADER,
            "## `escopa serve`",
            "",
            "| option | meaning |",
            "|---|---|",
            *serve_rows(),
            "",
            "## Environment",
            "",
            "| variable | meaning | default |",
            "|---|---|---|",
            *environment_rows(),
            "",
        ]
    )


if __name__ == "__main__":
    print(reference(), end="")
