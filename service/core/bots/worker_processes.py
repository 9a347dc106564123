"""The pool of worker processes where bots think and replays run, off the event loop (or a
thread, where no request is served): a bot level's pure functions get only the seat's view and
knowledge (`Question`); any other CPU-heavy work comes back with its error as raised (`Raised`).

The randomness comes from the game's seed, the seat and the move's log seq (`bots.bot_rng`),
so the same game replays to the same bot moves, whichever worker thinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import select
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing.context import BaseContext
from typing import Final, NamedTuple, TypeVar

from bots import Knowledge, bot_rng, level
from engine.moves import Move
from engine.views import View

T = TypeVar("T")
A = TypeVar("A")
log = logging.getLogger("escopa")
NICENESS: Final = 10
UNIX_SOCKET_PATH: Final = 107
"""The longest path a Unix socket's address holds (Linux)."""
FORK_SERVER_SOCKET: Final = len("/pymp-12345678/listener-12345678")
"""What multiprocessing adds to the temporary folder's path for the fork server's socket."""
SERVER_CHECK_SECONDS: Final = 1.0
"""How often a worker refused the server's pid file descriptor asks whether the server runs."""


class Question(NamedTuple):
    """What a bot is asked: what its seat sees and knows, and where its randomness comes from.

    `seed` is only hashed into the random source (`bots.bot_rng`), never shown to the bot.
    """

    level: str
    seen: View
    known: Knowledge
    seed: str
    move_number: int
    budget: int


def decide(question: Question) -> Move:
    """The bot's move."""
    bot = level(question.level)
    return bot.choose(question.seen, question.known, _rng(question), question.budget)


def appraise(question: Question) -> list[tuple[Move, float]]:
    """Every legal move with the bot's value of it (for hints)."""
    bot = level(question.level)
    return bot.evaluate(question.seen, question.known, _rng(question), question.budget)


def _rng(question: Question) -> random.Random:
    seat = question.seen.seat
    assert seat is not None
    return bot_rng(question.seed, seat, question.move_number)


class Raised(NamedTuple):
    """An error raised in a worker, as data: service and engine errors take arguments their
    pickling would not give back, so the error is rebuilt from its attributes."""

    kind: type[Exception]
    args: tuple[object, ...]
    attributes: dict[str, object]

    def rebuilt(self) -> Exception:
        error = self.kind.__new__(self.kind)
        error.args = self.args
        error.__dict__.update(self.attributes)
        return error


def portable(call: tuple[Callable[[A], T], A]) -> T | Raised:
    """`work(argument)`, or the error it raised as a `Raised`."""
    work, argument = call
    try:
        return work(argument)
    except Exception as error:  # rebuilt and raised in the caller's process
        return Raised(type(error), error.args, dict(vars(error)))


def worker_started(server: int) -> None:
    """A thinking process runs below the processes that serve requests (on a busy machine the
    kernel gives them the CPU first), and ends with the process that started the pool: a server
    killed at once leaves no thinking process behind (nor the fork server, which waits for its
    workers). Ctrl-C at the terminal is the server's to handle: the worker ignores it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(server,), daemon=True, name="server").start()


def _end_with(server: int) -> None:
    """Wait for `server` to end, then end: on its pid's file descriptor, which turns readable when
    it ends, or where a sandbox refuses those, by asking every second whether it still runs."""
    try:
        select.select([os.pidfd_open(server)], [], [])
    except ProcessLookupError:  # it ended already
        pass
    except OSError:
        with contextlib.suppress(ProcessLookupError):
            while True:
                os.kill(server, 0)
                time.sleep(SERVER_CHECK_SECONDS)
    os._exit(0)


def _ready() -> None:
    """Nothing: submitted once so that the pool starts its processes."""


def start_method() -> BaseContext:
    """Workers forked from a server process that imported the bots once (never a fork of a
    threaded process): a worker answers first after 22 ms, 19 ms of its CPU, where a spawned
    one took 121 ms, 119 ms of CPU (`bench/worker_start.py`). Spawned still where the
    temporary folder's path leaves no room for the fork server's socket in it."""
    folder = tempfile.gettempdir()
    if len(os.fsencode(folder)) + FORK_SERVER_SOCKET > UNIX_SOCKET_PATH:
        log.warning("bot workers are spawned: no room for a fork server's socket in %s", folder)
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


class WorkerProcesses:
    """The pool: bots' questions and CPU-heavy work run in `processes` worker processes (0: one
    thread), started on first use."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._executor: Executor | None = None

    def start(self) -> None:
        """Start the worker processes now (a first question would start them otherwise)."""
        executor = self.executor()
        if isinstance(executor, ProcessPoolExecutor):
            executor.submit(_ready)

    def executor(self) -> Executor:
        if self._executor is None:
            if self.processes > 0:
                self._executor = ProcessPoolExecutor(
                    self.processes,
                    mp_context=start_method(),
                    initializer=worker_started,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="bot")
        return self._executor

    async def decide(self, question: Question) -> Move:
        return await self._run(decide, question)

    async def appraise(self, question: Question) -> list[tuple[Move, float]]:
        return await self._run(appraise, question)

    async def compute(self, work: Callable[[A], T], argument: A) -> T:
        """`work(argument)` in a worker (any CPU-heavy request: replays), its error raised
        here as it was raised there."""
        done = await self._run(portable, (work, argument))
        if isinstance(done, Raised):
            raise done.rebuilt()
        return done

    async def _run(self, work: Callable[[A], T], question: A) -> T:
        """`work(question)` in a worker; a pool broken by a dead worker is started anew next time
        (the turn it was thinking about stays queued, for a worker to claim)."""
        executor = self.executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, work, question)
        except BrokenExecutor:
            if self._executor is executor:
                self._executor = None
            raise

    def close(self) -> None:
        """Stop the workers, waiting for them to exit (a decision's work is bounded); questions
        not yet started are dropped (their turns are claimed again)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
