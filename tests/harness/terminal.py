"""Driving `escopa play` in a pseudo-terminal (pexpect): start it like a person would, answer
each prompt from the listing it shows, and keep everything it printed."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

from escopa_client.programs.words import catalog

ROOT = Path(__file__).resolve().parents[2]
PROMPT = r"your move \((?:1|1-\d+), a code, [^)]*q to leave\): "
PROMPT_MESSAGE = "your move ({numbers}, a code{signals}, h for a hint, q to leave): "
LISTED = re.compile(r"^\s*(\d+)\s{2,}(.+?)\s{2,}(\S+)\s*$", re.MULTILINE)
"""A numbered legal move as listed: number, words, code."""


@dataclass
class Listing:
    """The legal moves shown before a prompt: (number, words, code) each."""

    moves: list[tuple[int, str, str]]


Answer = Callable[[int, Listing], str]
"""What to type at the n-th prompt (from 0), given the listing shown."""


@dataclass
class Session:
    """A finished `escopa play`: everything it printed, the prompts answered, its exit."""

    output: str
    prompts: int
    status: int | None
    typed: list[str] = field(default_factory=list)


def prompt_in(language: str) -> str:
    """The move prompt's pattern in `language` (a catalog's, `pt_BR`), as `PROMPT` is English's."""
    said = re.escape(catalog(language).gettext(PROMPT_MESSAGE))
    return said.replace(r"\{numbers\}", r"(?:1|1-\d+)").replace(r"\{signals\}", r"[^)]*")


def spawn(*args: str, timeout: float = 60, language: str = "en") -> pexpect.spawn:
    """`escopa play ARGS` in a 50x120 pseudo-terminal, without colours, its environment's
    language `language`."""
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "50"}
    env["LANGUAGE"] = language  # the words the tests read, whatever this machine's language
    return pexpect.spawn(
        sys.executable,
        ["-m", "service.cli", "play", *args],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, 120),
    )


def spawn_shell(command: str, cwd: Path, timeout: float = 120, **env: str) -> pexpect.spawn:
    """A shell command line, as a person types it, in the same kind of terminal."""
    environ = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "120", **env}
    environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environ.get('PATH', '')}"
    return pexpect.spawn(
        "bash",
        ["-c", command],
        cwd=str(cwd),
        env=environ,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, 120),
    )


def listing(before: str) -> Listing:
    """The last listing of legal moves printed before the prompt."""
    block = before.rsplit("╯", 1)[-1]
    return Listing([(int(n), words.strip(), code) for n, words, code in LISTED.findall(block)])


def play_through(
    child: pexpect.spawn, answer: Answer, limit: int = 400, prompt: str = PROMPT
) -> Session:
    """Answer every `prompt` until the match is over and the command exits."""
    output: list[str] = []
    typed: list[str] = []
    for prompts in range(limit):
        if child.expect([prompt, pexpect.EOF]) == 1:
            output.append(child.before)
            child.close()
            return Session("".join(output), prompts, child.exitstatus, typed)
        output.append(child.before + child.after)
        text = answer(prompts, listing(child.before))
        typed.append(text)
        child.sendline(text)
    raise AssertionError(f"no end after {limit} prompts")
