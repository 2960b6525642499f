"""``farmstead bot-worker``: a process that plays bot turns from the shared queue.

It needs the database and Redis that the web processes use, and nothing else: it reads each
match from the database, plays one bot decision with its own bot pool, writes it through the
same compare-and-set as the web processes, and announces it on the event bus, whose web
processes forward it to their sockets. Run as many as the machines allow.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from dataclasses import dataclass

from farmstead.web.botqueue import RedisBotQueue, cancel_all, namespace_for, run_bot_workers
from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog, BotLevel, BotPool
from farmstead.web.bus import RedisBus
from farmstead.web.matches import MatchManager
from farmstead.web.storage import Storage, normalise_url

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WorkerConfig:
    """A bot worker: the shared database and Redis, how many bot turns it plays at once
    (``slots``) on how many bot processes, each move's time limit and pacing, the lease after
    which a dead worker's turn passes on, and how often it sweeps the database for bots."""

    db_url: str
    redis_url: str
    slots: int = 16
    bot_processes: int = 2
    bot_mode: str = "process"
    bot_time_limit: float = 10.0
    bot_delay: float = 0.6
    bot_step_delay: float = 0.3
    bot_levels: tuple[BotLevel, ...] = DEFAULT_BOT_LEVELS
    lease: float = 15.0
    sweep_every: float = 30.0


async def run_worker(cfg: WorkerConfig, ready: asyncio.Event | None = None) -> None:
    """Play queued bot turns until cancelled (or SIGTERM / SIGINT)."""
    db_url = normalise_url(cfg.db_url)
    storage = Storage(db_url)
    namespace = namespace_for(db_url)
    queue = RedisBotQueue(cfg.redis_url, namespace, cfg.lease)
    bus = RedisBus(cfg.redis_url, namespace)
    bots = BotPool(cfg.bot_processes, cfg.bot_time_limit, cfg.bot_mode)
    manager = MatchManager(
        storage,
        bots,
        bot_delay=cfg.bot_delay,
        bot_step_delay=cfg.bot_step_delay,
        catalog=BotCatalog(cfg.bot_levels, cfg.bot_time_limit),
        bus=bus,
        bot_queue=queue,
    )
    loop = asyncio.get_running_loop()
    workers: asyncio.Task[None] | None = None
    try:
        await queue.ping()
        await bots.start()
        await bus.start(manager.remote_change)
        workers = loop.create_task(
            run_bot_workers(manager, queue, cfg.slots, sweep_every=cfg.sweep_every)
        )
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, workers.cancel)
        log.info("bot worker ready: %d slots, lease %.0f s", cfg.slots, cfg.lease)
        if ready is not None:
            ready.set()
        with contextlib.suppress(asyncio.CancelledError):
            await workers
    finally:
        if workers is not None:
            await cancel_all([workers])
        await manager.stop()
        await bus.stop()
        await queue.close()
        bots.close()
        storage.close()
