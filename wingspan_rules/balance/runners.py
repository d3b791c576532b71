"""Where a balance run's games are played: here, on worker processes, or as Ray tasks.

Every runner cuts the games into batches (``play_batch``: a ``Tally`` of games ``start`` to
``stop - 1``) and adds the tallies up as they come back.  A tally is whole numbers, so the
sum is the same whatever order the batches finish in: the same seed gives the same tally on
one worker, on many, and on a Ray cluster.  ``progress(done, total)`` is called as games finish.
Ctrl-C stops a run: the games not started are dropped, and ``Stopped`` says how far it got.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TextIO

from ..i18n import _, ngettext
from .games import Job, Tally, play_batch, win_units

Progress = Callable[[int, int], None]

RAY_BATCH = 32  # games a Ray task at most: a few dozen amortize a task's overhead (about a millisecond) many times over
LOCAL_BATCH = 4  # games a task on local worker processes at most (small, so Ctrl-C and the progress bar answer soon)
IN_FLIGHT = 4  # tasks waiting per worker or per CPU of the cluster


class Stopped(Exception):
    """The run was stopped (Ctrl-C) after ``done`` of ``total`` games."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(ngettext("stopped after {done} of {total} games", "stopped after {done} of {total} games", total).format(done=done, total=total))
        self.done, self.total = done, total


class MissingExtra(ImportError):
    """An optional dependency is not installed: the message names the extra that brings it."""


def _batches(games: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _ignore_interrupt() -> None:
    # worker processes leave Ctrl-C to the parent, which stops the run and reports
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(job: Job, games: int, workers: int, progress: Progress | None = None, batch: int | None = None) -> Tally:
    """Play the games on ``workers`` processes (1: in this process), ``batch`` games a task
    (default: a few, fewer where a worker would sit idle)."""
    tally = Tally(win_units(job.players))
    done = 0
    if workers == 1:
        try:
            for start, stop in _batches(games, 1):
                tally.merge(play_batch(job, start, stop))
                done = stop
                if progress:
                    progress(done, games)
        except KeyboardInterrupt:
            raise Stopped(done, games) from None
        return tally
    size = batch or max(1, min(LOCAL_BATCH, games // (workers * 16)))
    todo = _batches(games, size)[::-1]
    pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupt)
    running: dict[Future[Tally], tuple[int, int]] = {}
    try:
        while todo or running:
            while todo and len(running) < workers * IN_FLIGHT:
                start, stop = todo.pop()
                running[pool.submit(play_batch, job, start, stop)] = (start, stop)
            finished, _waiting = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: running[f]):
                start, stop = running.pop(future)
                tally.merge(future.result())
                done += stop - start
                if progress:
                    progress(done, games)
    except KeyboardInterrupt:
        raise Stopped(done, games) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return tally


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise MissingExtra(_('running the games on Ray needs the ray package: pip install "wingspan_rules[ray]"')) from None
    return ray


def run_ray(job: Job, games: int, address: str, progress: Progress | None = None, batch: int | None = None) -> Tally:
    """Play the games as Ray tasks: on the cluster this process is already connected to
    (``ray.is_initialized()``), or else on the one at ``address`` ("auto": the cluster running
    on this machine, as ``ray start`` left it; "local": a new Ray instance of this machine's
    cores, shut down at the end; "HOST:PORT" or "ray://HOST:PORT": a cluster's head).  Batches
    of ``batch`` games a task (default: a few dozen, fewer where the cluster would sit idle)."""
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        try:
            ray.init(address=address, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        except KeyboardInterrupt:
            raise Stopped(0, games) from None
        except Exception as err:  # (Ray's errors for an address it cannot reach are of several kinds)
            said = str(err).strip().split(". ")[0].rstrip(".") or type(err).__name__  # (Ray's own words, in English)
            hint = _("; start a cluster with 'ray start --head', or give 'local' for a Ray instance of this machine alone") if address == "auto" else ""
            raise ConnectionError(_("cannot start or reach Ray at '{address}': {said}{hint}").format(address=address, said=said, hint=hint)) from None
        started = True
    tally = Tally(win_units(job.players))
    done = 0
    running: dict[Any, tuple[int, int]] = {}
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = batch or max(1, min(RAY_BATCH, math.ceil(games / (cpus * IN_FLIGHT))))
        task = ray.remote(num_cpus=1)(play_batch)
        shared = ray.put(job)
        todo = _batches(games, size)[::-1]
        while todo or running:
            while todo and len(running) < cpus * IN_FLIGHT:
                start, stop = todo.pop()
                running[task.remote(shared, start, stop)] = (start, stop)
            finished, _waiting = ray.wait(list(running), num_returns=1, timeout=1.0)
            for ref in finished:
                start, stop = running.pop(ref)
                tally.merge(ray.get(ref))
                done += stop - start
                if progress:
                    progress(done, games)
    except KeyboardInterrupt:
        for ref in running:
            ray.cancel(ref, force=True)
        raise Stopped(done, games) from None
    finally:
        if started:
            ray.shutdown()
    return tally


class Bar:
    """A progress bar on a stream (stderr): games done of all, games a second and the time left.
    On a terminal it is redrawn in place (at most ten times a second); elsewhere (a log) a line
    is written at every tenth of the games.  ``label`` names what is counted (default: "games"
    in the current language)."""

    def __init__(self, out: TextIO | None = None, label: str | None = None) -> None:
        self.out = out if out is not None else sys.stderr
        self.label = _("games") if label is None else label
        self.tty = bool(getattr(self.out, "isatty", lambda: False)())
        self.began = time.monotonic()
        self.drawn = 0.0
        self.tenth = 0

    def line(self, done: int, total: int) -> str:
        spent = time.monotonic() - self.began
        speed = done / spent if spent > 0 else 0.0
        left = (total - done) / speed if speed > 0 else 0.0
        width = 30
        filled = width * done // total if total else width
        eta = _("{minutes}:{seconds} left").format(minutes=int(left) // 60, seconds=f"{int(left) % 60:02d}") if done < total else f"{spent:.1f} s"
        return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.label}  {speed:.1f} {self.label}/s  {eta}"

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            now = time.monotonic()
            if done < total and now - self.drawn < 0.1:
                return
            self.drawn = now
            print("\r" + self.line(done, total), end="\n" if done >= total else "", file=self.out, flush=True)
        elif total and done * 10 // total > self.tenth:
            self.tenth = done * 10 // total
            print(self.line(done, total), file=self.out, flush=True)


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # (not on Linux)
        return os.cpu_count() or 1
