"""Where tournament games run: in this process, on a local process pool, or on a Ray cluster.

Every backend maps ``play_task`` over a sequence of tasks and yields the outcomes **in task
order**, whatever order they finish in, so the results file does not depend on scheduling.
"""

from __future__ import annotations

import multiprocessing
import os
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from farmstead.core.errors import FarmsteadError
from farmstead.lab.tasks import GameOutcome, GameTask, play_batch, play_task

BACKENDS = ("local", "ray")


class BackendError(FarmsteadError, RuntimeError):
    """A backend that cannot start (Ray missing, cluster unreachable, bad worker count)."""


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def batch_size(tasks: int, workers: int) -> int:
    """Games per batch: about 16 batches per worker, 1 to 32 games each."""
    return max(1, min(32, tasks // (workers * 16)))


class Backend(ABC):
    """Runs game tasks and yields their outcomes in task order."""

    name: str
    workers: int

    @abstractmethod
    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """The outcome of every task, in the order of ``tasks``."""


class LocalBackend(Backend):
    """This process (1 worker) or a pool of ``workers`` local processes.

    The pool uses the ``forkserver`` start method where available: safe when the caller runs
    threads (a progress bar, a web server), and cheap per worker once the server has imported
    farmstead.
    """

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        workers = default_workers() if workers is None else workers
        if workers < 1:
            raise BackendError(f"workers must be at least 1, got {workers}")
        self.workers = workers

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        if self.workers == 1 or len(tasks) <= 1:
            for task in tasks:
                yield play_task(task)
            return
        methods = multiprocessing.get_all_start_methods()
        method = "forkserver" if "forkserver" in methods else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(["farmstead.lab.tasks"])
        processes = min(self.workers, len(tasks))
        chunk = batch_size(len(tasks), processes)
        batches = [list(tasks[i : i + chunk]) for i in range(0, len(tasks), chunk)]
        # A process pool executor fails (BrokenProcessPool) when a worker dies, where a
        # multiprocessing.Pool would restart it forever.
        with ProcessPoolExecutor(processes, mp_context=context) as pool:
            results = pool.map(play_batch, batches)
            try:
                for outcomes in results:
                    yield from outcomes
            finally:
                pool.shutdown(wait=True, cancel_futures=True)


class RayBackend(Backend):
    """Tasks as Ray remote calls, on the cluster at ``address`` or a local Ray instance.

    An already initialised Ray (``ray.init`` called by the caller) is used as it is. Otherwise
    this backend connects to ``address`` (or starts a local instance with ``workers`` CPUs) and
    shuts Ray down when the run ends.
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise BackendError("the ray backend needs Ray: pip install 'farmstead[lab]'") from None
        self._ray: Any = ray
        self.address = address
        self._requested_workers = workers
        self.workers = workers or default_workers()

    def _connect(self) -> bool:
        """Initialise Ray if needed; True when this backend started it."""
        ray = self._ray
        if ray.is_initialized():
            return False
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if self.address:
            options["address"] = self.address
        else:
            options["num_cpus"] = self.workers
        try:
            ray.init(**options)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ...
            where = self.address or "a local instance"
            raise BackendError(f"could not start Ray on {where}: {exc}") from exc
        return True

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        if not tasks:
            return
        ray = self._ray
        started = self._connect()
        try:
            cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
            if self._requested_workers is None:
                self.workers = cpus
            remote = ray.remote(num_cpus=1)(play_batch)
            chunk = batch_size(len(tasks), min(self.workers, cpus))
            batches = [list(tasks[i : i + chunk]) for i in range(0, len(tasks), chunk)]
            window = 2 * max(1, min(self.workers, cpus))
            pending: dict[Any, int] = {}
            finished: dict[int, list[GameOutcome]] = {}
            submitted = emitted = 0
            while emitted < len(batches):
                while submitted < len(batches) and len(pending) < window:
                    pending[remote.remote(batches[submitted])] = submitted
                    submitted += 1
                if emitted not in finished:
                    ready, _ = ray.wait(list(pending), num_returns=1)
                    for ref in ready:
                        finished[pending.pop(ref)] = ray.get(ref)
                    continue
                yield from finished.pop(emitted)
                emitted += 1
        finally:
            if started:
                ray.shutdown()


def make_backend(
    name: str = "local", workers: int | None = None, address: str | None = None
) -> Backend:
    """The backend called ``name`` (``local`` or ``ray``); ``BackendError`` lists the valid ones."""
    if name == "local":
        if address:
            raise BackendError("--ray-address needs --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise BackendError(f"unknown backend {name!r}; valid choices: {', '.join(BACKENDS)}")
