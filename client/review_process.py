"""The expert's review of a finished game in a process of its own: the playouts take a whole
core for a minute or more, and in one of the client's threads they would hold the GIL against
the screen. The child gets the game (rules, deal seed, actions) and streams back each action's
progress and each decision as soon as it is weighed (bots/review.py ``review_game``); the
parent keeps and shows them. Stopping kills the child at once: a decision half-weighed is
weighed again when the review resumes, and nothing the child knows is lost with it.

The child is a fresh interpreter (``python -c``, not a fork: the client runs threads, and a
forked copy of a threaded process can inherit a lock another thread held), fed its job on its
standard input and answering with pickles on its standard output. Not ``multiprocessing``: its
start passes ``sys.stderr``'s descriptor on, and under Textual that has none. On Linux the
child dies with the thread that started it (PR_SET_PDEATHSIG): a client killed outright leaves
no review playing on.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO

from seasalt.bots.review import REVIEW_BUDGET, Decision, review_game
from seasalt.common.collector import pace_collector
from seasalt.engine import Action, Rules


@dataclass(frozen=True, slots=True)
class Progress:
    """The game's first ``done`` of ``total`` actions are reviewed (their decisions sent)."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class _Job:
    parent: int
    """The client's pid: a child whose parent is already gone stops at once."""
    rules: Rules
    seed: int
    actions: tuple[Action, ...]
    budget: int
    review_seed: int
    skip: tuple[int, ...]
    done: int


@dataclass(frozen=True, slots=True)
class _Finished:
    """Every action reviewed: the last message of a review that ran to its end."""


@dataclass(frozen=True, slots=True)
class _Failed:
    reason: str


class ReviewFailed(Exception):
    """The review's process stopped without being asked to (an error in it, or killed)."""


CHILD_CODE = "from seasalt.client.review_process import child_main; child_main()"


def _die_with_parent(parent: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PDEATHSIG
        except Exception:  # no libc: a parent gone still breaks the pipe at the next message
            pass
    if os.getppid() != parent:  # gone before the signal was asked for
        sys.exit(0)


def child_main() -> None:
    """The child's whole life: read the job, review, send as it goes."""
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a stray print must not break the stream of pickles
    job: _Job = pickle.load(sys.stdin.buffer)
    _die_with_parent(job.parent)
    pace_collector()  # the client's pace: the review's figures come as fast as in it

    def send(message: object) -> None:
        pickle.dump(message, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()

    try:
        review_game(job.rules, job.seed, job.actions, budget=job.budget,
                    review_seed=job.review_seed, skip=job.skip,
                    progress=lambda d, t: send(Progress(d, t)), decided=send, done=job.done)
        send(_Finished())
    except BrokenPipeError:  # the parent has gone: nobody to tell
        pass
    except Exception as exc:
        send(_Failed("".join(traceback.format_exception_only(exc)).strip()))


class ReviewProcess:
    """One review running in a child process, from action ``done`` on (the ones before it were
    reviewed earlier: their decisions are the caller's). Start it in the thread that reads it:
    on Linux the child dies with that thread."""

    def __init__(
        self, rules: Rules, seed: int, actions: Sequence[Action], *, budget: int | None = None,
        review_seed: int = 0, skip: tuple[int, ...] = (), done: int = 0,
    ) -> None:
        """The arguments are ``review_game``'s (bots/review.py)."""
        # The budget is resolved here, not in the child: a fresh interpreter has its own copy of
        # the defaults, and the playouts must be the ones this process names.
        playouts = REVIEW_BUDGET[rules.players] if budget is None else budget
        job = _Job(os.getpid(), rules, seed, tuple(actions), playouts, review_seed, skip, done)
        self.done = done
        """The actions before this one were reviewed earlier: the child skips them."""
        self._process = subprocess.Popen(
            [sys.executable, "-c", CHILD_CODE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # (a Textual screen owns the terminal: failures are sent)
        )
        self._stopped = False
        self.finished = False
        """Every action reviewed (False: stopped, or still running)."""
        stdin = self._process.stdin
        assert stdin is not None
        try:
            pickle.dump(job, stdin, protocol=pickle.HIGHEST_PROTOCOL)
            stdin.close()
        except BrokenPipeError:  # it died at once: messages() says so
            pass

    @property
    def pid(self) -> int:
        return self._process.pid

    def messages(self) -> Iterator[Progress | Decision]:
        """What the child sends, in order, until it has finished or is stopped (blocks between
        two messages: for the thread that started it).

        Raises:
            ReviewFailed: the child failed, or died unasked.
        """
        stream: IO[bytes] | None = self._process.stdout
        assert stream is not None
        try:
            while True:
                try:
                    message = pickle.load(stream)
                except EOFError:  # the child is gone
                    if self._stopped:
                        return
                    raise ReviewFailed(f"the review's process ended (exit code "
                                       f"{self._process.wait()})") from None
                if isinstance(message, _Finished):
                    self.finished = True
                    return
                if isinstance(message, _Failed):
                    raise ReviewFailed(message.reason)
                yield message
        finally:
            stream.close()
            self._process.wait()

    def stop(self) -> None:
        """Kill the child now and wait for it (a killed process ends at once): no orphan goes on
        playing out a review nobody looks at. Safe to call again, and from another thread than
        the one reading the messages (subprocess.Popen waits for a child in one thread at a
        time)."""
        self._stopped = True
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()

    @property
    def alive(self) -> bool:
        return self._process.poll() is None


__all__ = ["Progress", "ReviewFailed", "ReviewProcess", "child_main"]
