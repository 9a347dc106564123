"""docs/settings.md, written from the code itself: `escopa serve`'s options (their help) and the
settings groups (each field's variable, docstring and default), so the reference cannot drift.
`python -m service.settings_reference > docs/settings.md` (`make docs`) writes it again."""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools

import msgspec

from service.settings import Rate, groups, variables

HEADER = """# Settings

Written from the code by `make docs` (a test fails when this page differs from what it writes):
`escopa serve`'s options from its `--help`, then the environment variables every process reads
(`escopa serve`, `escopa bots`), one table per group of `Settings` in `service/settings.py`, from
the variable written beside each field and the docstring under it.
An unset or empty variable keeps its default. On/off settings take `1`/`true`/`yes`/`on` or
`0`/`false`/`no`/`off`; any other word, or a number that is not one, stops the start.
"""


def field_docs(group: type) -> dict[str, str]:
    """Each field's docstring (the string written under it) in a settings group, by field."""
    tree = ast.parse(inspect.getsource(group))
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef)
    docs: dict[str, str] = {}
    for field, after in itertools.pairwise(cls.body):
        if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name):
            text = None
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                text = after.value.value
            if not isinstance(text, str):
                name = f"{group.__name__}.{field.target.id}"
                raise ValueError(f"{name} has no docstring to document it by")
            docs[field.target.id] = " ".join(text.split())
    return docs


def shown(value: object) -> str:
    """A default as a person would type it."""
    if isinstance(value, bool):
        return "`1`" if value else "`0`"
    if isinstance(value, Rate):
        return f"`{value.limit}/{value.window:g}`"
    if value in ((), None, ""):
        return "none"
    if isinstance(value, float) and value.is_integer():
        return f"`{int(value)}`"
    return f"`{value}`"


def group_section(name: str, group: type[msgspec.Struct]) -> list[str]:
    """A group's heading, what it is about, and one row per variable its fields read."""
    docs = field_docs(group)
    rows = []
    for variable in variables(group):
        meaning, _, stated = docs[variable.field].partition(" Default: ")
        default = stated.rstrip(".") or shown(variable.default)
        rows.append(f"| `{variable.env.name}` | {meaning.removesuffix('.')} | {default} |")
    about = " ".join((group.__doc__ or "").split())
    heading = [f"### `{name}`", "", about, "", "| variable | meaning | default |", "|---|---|---|"]
    return [*heading, *rows, ""]


def environment_sections() -> list[str]:
    """Every settings group's section, in the order of `Settings`."""
    return [line for name, group in groups().items() for line in group_section(name, group)]


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
            *environment_sections(),
        ]
    )


if __name__ == "__main__":
    print(reference(), end="")
