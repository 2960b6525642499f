"""The event bus: how the processes that serve one database hear of each other's writes.

A process that writes to a match publishes the match's id on the bus; every other process that
holds sockets for that match hears of it and brings its copy up to date from the database
(``MatchManager.remote_change``), which wakes those sockets. The message carries no game data:
the database is the truth, so a socket's views come from the stored log, in order, with no gap
and no duplicate, whatever the bus delivers twice or late.

* ``LocalBus`` — the embedded default (one process): there is nobody else to tell.
* ``RedisBus`` — Redis pub/sub (``redis.asyncio``), one channel per match, subscribed while this
  process has sockets for it. After a lost connection it resubscribes and refreshes every match
  it watches, since messages sent meanwhile are gone; every ``resync_every`` seconds it also
  compares the revisions of the matches it watches with the database, as a safety net.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger(__name__)

Changed = Callable[[str], None]


class EventBus(Protocol):
    """Tells other processes that a match changed, and this one when they change one."""

    def publish(self, match_id: str) -> None:
        """Announce that this process just wrote to ``match_id`` (never blocks)."""

    def watch(self, match_id: str) -> None:
        """This process has a socket for ``match_id``: hear of its changes (counted)."""

    def unwatch(self, match_id: str) -> None:
        """One socket for ``match_id`` closed (the last one ends the watch)."""

    async def start(self, on_change: Changed) -> None:
        """Begin delivering other processes' changes to ``on_change(match_id)``."""

    async def stop(self) -> None:
        """Stop listening and release connections."""


class LocalBus:
    """One process: every change is made here, so there is nothing to send or hear."""

    def publish(self, match_id: str) -> None:
        return None

    def watch(self, match_id: str) -> None:
        return None

    def unwatch(self, match_id: str) -> None:
        return None

    async def start(self, on_change: Changed) -> None:
        return None

    async def stop(self) -> None:
        return None


def channel_prefix(namespace: str) -> str:
    """The prefix of the per-match channels of processes that share ``namespace``."""
    return f"{namespace}:match:"


class RedisBus:
    """Redis pub/sub, one channel per match (``<namespace>:match:<id>``).

    ``namespace`` separates deployments (or test runs) that share one Redis server; processes
    on the same database must use the same one (``botqueue.namespace_for``).
    """

    def __init__(self, url: str, namespace: str, resync_every: float = 5.0) -> None:
        import redis.asyncio as redis_async  # the web extra installs redis

        self.url = url
        self.prefix = channel_prefix(namespace)
        self.origin = secrets.token_hex(8)  # this process: its own messages are skipped
        self.resync_every = resync_every
        self.client: Any = redis_async.Redis.from_url(url)
        self.pubsub: Any = None
        self.watched: dict[str, int] = {}
        self.on_change: Changed | None = None
        self.reader: asyncio.Task[None] | None = None
        self.sending: set[asyncio.Task[None]] = set()
        self.connected = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None  # the loop ``start`` ran on

    # --- publishing -----------------------------------------------------------------------
    def publish(self, match_id: str) -> None:
        payload = json.dumps({"origin": self.origin, "match": match_id})
        self._in_background(self._send(match_id, payload))

    async def _send(self, match_id: str, payload: str) -> None:
        # A failure is logged by _in_background; other processes catch up by their resync.
        await self.client.publish(self.prefix + match_id, payload)

    # --- listening ------------------------------------------------------------------------
    def watch(self, match_id: str) -> None:
        count = self.watched.get(match_id, 0)
        self.watched[match_id] = count + 1
        if count == 0 and self.pubsub is not None and self.connected.is_set():
            self._in_background(self.pubsub.subscribe(self.prefix + match_id))

    def unwatch(self, match_id: str) -> None:
        count = self.watched.get(match_id, 0) - 1
        if count > 0:
            self.watched[match_id] = count
            return
        self.watched.pop(match_id, None)
        if self.pubsub is not None and self.connected.is_set():
            self._in_background(self.pubsub.unsubscribe(self.prefix + match_id))

    def _in_background(self, work: Any) -> None:
        """Run ``work`` on the bus's loop (also when called from another thread)."""

        async def run() -> None:
            try:
                await work
            except Exception as exc:  # the reader reconnects and resubscribes everything
                log.warning("event bus: a Redis command failed: %r", exc)

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            if self.loop is None:
                raise RuntimeError("the event bus was not started on an event loop") from None
            asyncio.run_coroutine_threadsafe(run(), self.loop)
            return
        task = loop.create_task(run())
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def start(self, on_change: Changed) -> None:
        self.on_change = on_change
        self.loop = asyncio.get_running_loop()
        await self.client.ping()  # fail loudly at start-up when Redis cannot be reached
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def stop(self) -> None:
        tasks = [t for t in (self.reader, *self.sending) if t is not None]
        for task in tasks:
            task.cancel()
        if tasks:  # bounded: a client library that swallows a cancellation must not hang us
            await asyncio.wait(tasks, timeout=5.0)
        if self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.client.aclose()

    async def _read(self) -> None:
        """Deliver other processes' changes; reconnect (and refresh everything watched) after
        a lost connection; refresh everything watched every ``resync_every`` seconds."""
        loop = asyncio.get_running_loop()
        reader = asyncio.current_task()
        while reader is None or not reader.cancelling():
            try:
                self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
                # A channel of this process alone keeps the connection subscribed while it
                # watches no match.
                await self.pubsub.subscribe(f"{self.prefix}~{self.origin}")
                for match_id in list(self.watched):
                    await self.pubsub.subscribe(self.prefix + match_id)
                self.connected.set()
                self._changed(*self.watched)  # whatever was missed while disconnected
                next_resync = loop.time() + self.resync_every
                while reader is None or not reader.cancelling():
                    message = await self.pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._deliver(message.get("data"))
                    if loop.time() >= next_resync:
                        self._changed(*self.watched)
                        next_resync = loop.time() + self.resync_every
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.connected.clear()
                log.warning("event bus: connection to Redis lost (%r); reconnecting", exc)
                with contextlib.suppress(Exception):
                    await self.pubsub.aclose()
                await asyncio.sleep(1.0)

    def _deliver(self, data: Any) -> None:
        try:
            doc = json.loads(data)
            origin, match_id = doc["origin"], doc["match"]
        except (ValueError, TypeError, KeyError):
            log.warning("event bus: ignored a message that is not ours: %r", data)
            return
        if origin != self.origin and isinstance(match_id, str):
            self._changed(match_id)

    def _changed(self, *match_ids: str) -> None:
        if self.on_change is None:
            return
        for match_id in match_ids:
            try:
                self.on_change(match_id)
            except Exception as exc:
                log.error("event bus: refreshing match %s failed: %r", match_id, exc)
