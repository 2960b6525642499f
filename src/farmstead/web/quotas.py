"""Per-client limits on new matches, counted in the database so that they hold across every
process that serves it and across restarts.

A client is known by a hash of its address (``MatchManager``); each match records the hash of
the client that created it, so the rate of new matches and the number of unfinished ones are
counts over ``fs_matches`` — no counter lives only in one process's memory.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

from limits import RateLimitItem, parse_many

from farmstead.web.errors import TooManyError


class ClientCounts(Protocol):
    """What the limits read (``Storage`` provides it)."""

    def count_by_client(
        self, client_hash: str, *, unfinished: bool = False, since: datetime | None = None
    ) -> int: ...

    def oldest_created_since(self, client_hash: str, since: datetime) -> datetime | None: ...


def check_rate(rate: str) -> str:
    """``rate`` if it reads as a rate in the ``limits`` notation; ``ValueError`` otherwise."""
    try:
        parse_many(rate)
    except Exception as exc:
        raise ValueError(
            f"not a rate like '20/minute' or '20/minute;300/hour': {rate!r} ({exc})"
        ) from None
    return rate


class CreationLimiter:
    """A per-client rate limit on new matches over moving windows.

    ``rate`` is in the ``limits`` notation, e.g. ``"20/minute;300/hour"``; None or "" turns
    the limit off. Only matches actually created count (a refused request does not).
    """

    def __init__(self, rate: str | None, counts: ClientCounts) -> None:
        self.items: list[RateLimitItem] = parse_many(rate) if rate else []
        self.counts = counts

    def check(self, client_hash: str, at: datetime | None = None) -> None:
        """``TooManyError`` (429, with the seconds to wait) when ``client_hash`` created as
        many matches as a window allows."""
        moment = at or datetime.now().astimezone()
        for item in self.items:
            window = timedelta(seconds=item.get_expiry())
            since = moment - window
            if self.counts.count_by_client(client_hash, since=since) < item.amount:
                continue
            oldest = self.counts.oldest_created_since(client_hash, since)
            wait = (oldest + window - moment).total_seconds() if oldest else window.total_seconds()
            raise TooManyError(
                f"too many new matches from your address (at most {item}); "
                "wait a little and try again",
                retry_after=max(1.0, wait),
            )
