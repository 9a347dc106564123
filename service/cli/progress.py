"""A progress bar for long command-line work (`escopa simulate`, `escopa audit` of many files,
the bench scripts): items done of the total, the rate and the time left (for work that runs
a fixed time, the seconds gone and left), drawn on stderr.

It is shown on a terminal only, so logs and pipes get no control codes; `ESCOPA_PROGRESS=1`
(or a command's `--progress`) forces it, `ESCOPA_PROGRESS=0` (`--no-progress`) hides it.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO, TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

T = TypeVar("T")
Advance = Callable[[int], None]
"""Called with how many more items are done."""


class RateColumn(ProgressColumn):
    """The items done per second, `12.5 games/s` (per minute when slower than one a second)."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text(f"- {self.unit}/s", style="progress.data.speed")
        if speed < 1:
            return Text(f"{60 * speed:.1f} {self.unit}/min", style="progress.data.speed")
        return Text(f"{speed:.1f} {self.unit}/s", style="progress.data.speed")


def shown(forced: bool | None, stream: TextIO) -> bool:
    """Whether to draw: as forced (the option), else as `ESCOPA_PROGRESS` says, else on a TTY."""
    if forced is not None:
        return forced
    setting = os.environ.get("ESCOPA_PROGRESS", "").strip().lower()
    if setting in ("1", "true", "yes", "on"):
        return True
    if setting in ("0", "false", "no", "off"):
        return False
    return stream.isatty()


@contextmanager
def progress(
    total: int, what: str, unit: str, forced: bool | None = None, stream: TextIO | None = None
) -> Iterator[Advance]:
    """A bar for `total` items while the block runs; yields the function that advances it
    (a no-op when the bar is not shown)."""
    out = stream or sys.stderr
    if not shown(forced, out):
        yield lambda done: None
        return
    console = Console(file=out, force_terminal=True, stderr=out is sys.stderr)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        refresh_per_second=5,
    )
    with bar:
        task = bar.add_task(what, total=total)
        yield lambda done: bar.advance(task, done)


@contextmanager
def timed(
    seconds: float, what: str, forced: bool | None = None, stream: TextIO | None = None
) -> Iterator[None]:
    """A bar for work that runs for a fixed time (the load benchmarks' phases): the seconds
    gone of the total and the time left, moved on by a thread of its own."""
    out = stream or sys.stderr
    if not shown(forced, out):
        yield
        return
    console = Console(file=out, force_terminal=True, stderr=out is sys.stderr)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:.0f}/{task.total:.0f} s"),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        refresh_per_second=2,
    )
    done = threading.Event()
    began = time.monotonic()
    with bar:
        task = bar.add_task(what, total=seconds)

        def tick() -> None:
            while not done.wait(0.5):
                bar.update(task, completed=min(seconds, time.monotonic() - began))

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            yield
        finally:
            done.set()
            ticker.join()
            bar.update(task, completed=min(seconds, time.monotonic() - began))


def track(
    items: Iterable[T], total: int, what: str, unit: str, forced: bool | None = None
) -> Iterator[T]:
    """The items, one by one, with a bar that advances as each is taken."""
    with progress(total, what, unit, forced) as advance:
        for item in items:
            yield item
            advance(1)


def add_option(parser: argparse.ArgumentParser) -> None:
    """`--progress` / `--no-progress` on a command (default: on a terminal only)."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal, "
        "or as ESCOPA_PROGRESS=1/0 says)",
    )
