"""Bot turns as jobs on a shared queue, played by any number of worker processes.

With Redis configured, a bot that must act is a job: its match's id in a sorted set scored by
the time it may be played (a bot pauses between moves so people can follow). A worker — a
``farmstead bot-worker`` process, or a slot inside ``farmstead serve`` — takes a due job by
taking its **lease** (a Redis lock with a time-out, kept alive while the worker thinks), plays
one bot decision through the match service, and puts the job back scored by the next pause, or
removes it when no bot must act. Exactly one worker holds a match's lease at a time; a killed
worker's lease expires after ``lease`` seconds and another worker takes the job, which stayed in
the set. Ordering by due time is a fair round-robin across matches: after each decision a
match goes behind every other match that is due.

A job is only a reminder: the worker reads the match from the database and plays only if a bot
must act there now, so a job pushed twice or late does no harm. Workers also sweep the database
now and then for unfinished matches whose bot must act (a web process killed between a write
and its push leaves no job behind for long).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from farmstead.web.errors import WebError

if TYPE_CHECKING:
    from farmstead.web.matches import MatchManager

log = logging.getLogger(__name__)


def namespace_for(db_url: str) -> str:
    """The Redis key prefix of the processes that serve the database ``db_url``: those share
    queues and channels, other databases on the same Redis do not."""
    return "farmstead:" + hashlib.sha256(db_url.encode()).hexdigest()[:12]


class BotQueue(Protocol):
    """The shared queue of bot turns."""

    async def push(self, match_id: str, delay: float) -> None:
        """A bot must act in ``match_id``, ``delay`` seconds from now at the earliest (a job
        already queued keeps its time)."""


@dataclass
class Lease:
    """The right to play ``match_id``'s bot now, held through a Redis lock."""

    match_id: str
    lock: Any


class RedisBotQueue:
    """The bot queue in Redis: ``<namespace>:bots:due`` (match id → due time) and a lock
    ``<namespace>:bots:lease:<match>`` per job being played."""

    def __init__(self, url: str, namespace: str, lease: float = 15.0) -> None:
        import redis.asyncio as redis_async  # the web extra installs redis

        if lease <= 0:
            raise ValueError("the lease must be positive")
        self.client: Any = redis_async.Redis.from_url(url)
        self.due_key = f"{namespace}:bots:due"
        self.lease_prefix = f"{namespace}:bots:lease:"
        self.lease = lease

    async def ping(self) -> None:
        """Fail loudly when Redis cannot be reached."""
        await self.client.ping()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.client.aclose()

    async def push(self, match_id: str, delay: float) -> None:
        try:
            await self.client.zadd(self.due_key, {match_id: time.time() + delay}, nx=True)
        except Exception as exc:  # the workers' sweep finds the match again
            log.warning("bot queue: could not queue match %s: %r", match_id, exc)

    async def take(self, holding: Collection[str] = ()) -> Lease | None:
        """The lease of the longest-due job nobody holds (``holding``: the jobs this worker
        plays now, not tried again), or None."""
        due = await self.client.zrangebyscore(
            self.due_key, "-inf", time.time(), start=0, num=16 + len(holding)
        )
        for raw in due:
            match_id = raw.decode() if isinstance(raw, bytes) else str(raw)
            if match_id in holding:
                continue
            lock = self.client.lock(
                self.lease_prefix + match_id, timeout=self.lease, blocking=False
            )
            if await lock.acquire():
                return Lease(match_id, lock)
        return None

    @contextlib.asynccontextmanager
    async def kept(self, lease: Lease) -> AsyncIterator[None]:
        """Keep ``lease`` from expiring while the body runs (renewed every third of it)."""

        async def renew() -> None:
            while True:
                await asyncio.sleep(self.lease / 3)
                await lease.lock.reacquire()

        renewer = asyncio.get_running_loop().create_task(renew())
        try:
            yield
        finally:
            renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await renewer

    async def finish(self, lease: Lease, next_delay: float | None) -> None:
        """Put the job back, due in ``next_delay`` seconds, or remove it (None); release."""
        try:
            if next_delay is None:
                await self.client.zrem(self.due_key, lease.match_id)
            else:
                await self.client.zadd(self.due_key, {lease.match_id: time.time() + next_delay})
        finally:
            with contextlib.suppress(Exception):
                await lease.lock.release()


async def run_bot_workers(
    manager: MatchManager,
    queue: RedisBotQueue,
    slots: int,
    *,
    poll: float = 0.1,
    sweep_every: float = 30.0,
) -> None:
    """Play up to ``slots`` queued bot turns at once, longest-due first, and sweep the database
    for bots that must act every ``sweep_every`` seconds; runs until cancelled. One loop takes
    the jobs, so the slots of a worker never compete for the same job."""
    sweeper = asyncio.ensure_future(_sweep(manager, sweep_every))
    playing: dict[str, asyncio.Task[None]] = {}
    try:
        while not stopping():
            for match_id in [m for m, task in playing.items() if task.done()]:
                del playing[match_id]
            if len(playing) >= slots:
                await asyncio.wait(list(playing.values()), return_when=asyncio.FIRST_COMPLETED)
                continue
            try:
                lease = await queue.take(holding=playing.keys())
            except Exception as exc:
                log.warning("bot queue: cannot take a job (%r); retrying", exc)
                await asyncio.sleep(1.0)
                continue
            if lease is None:
                await asyncio.sleep(poll)
                continue
            playing[lease.match_id] = asyncio.ensure_future(_play(manager, queue, lease))
    finally:
        await cancel_all([*playing.values(), sweeper])


async def cancel_all(tasks: list[asyncio.Task[Any]], grace: float = 5.0) -> None:
    """Cancel ``tasks`` and wait at most ``grace`` seconds for them to end (a client library
    that swallows a cancellation must not hang a shutdown)."""
    for task in tasks:
        task.cancel()
    if tasks:
        _, stuck = await asyncio.wait(tasks, timeout=grace)
        for task in stuck:
            log.warning("a background task did not stop when cancelled: %r", task)


def stopping() -> bool:
    """Whether the running task was asked to stop (also when a library it awaited swallowed
    the ``CancelledError``)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


async def _play(manager: MatchManager, queue: RedisBotQueue, lease: Lease) -> None:
    """Play one bot decision of a leased job; put the job back or remove it; release."""
    next_delay: float | None
    try:
        async with queue.kept(lease):
            next_delay = await manager.play_queued(lease.match_id)
    except WebError as exc:  # the database is down: try this match again later
        log.warning("bot job for match %s: %s", lease.match_id, exc.message)
        next_delay = 2.0
    except Exception:
        log.exception("bot job for match %s failed", lease.match_id)
        next_delay = 5.0
    try:
        await queue.finish(lease, next_delay)
    except Exception as exc:
        log.warning("bot queue: finishing match %s: %r", lease.match_id, exc)
    if next_delay is None:
        # A human may have acted, and queued a job, just before it was removed.
        manager.enqueue_waiting_bot(lease.match_id)


async def _sweep(manager: MatchManager, every: float) -> None:
    while not stopping():
        try:
            manager.enqueue_waiting_bots()
        except WebError as exc:
            log.warning("bot queue: sweep failed: %s", exc.message)
        await asyncio.sleep(every)
