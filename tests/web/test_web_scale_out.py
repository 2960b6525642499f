"""Several processes on one database: two ``farmstead serve`` processes and a
``farmstead bot-worker`` on PostgreSQL and Redis ($FARMSTEAD_TEST_POSTGRES_URL,
$FARMSTEAD_TEST_REDIS_URL; ``.ci/run`` sets both).

Actions go to the two servers in turn, a WebSocket listens on each, and the bots are played by
the worker alone (the servers run no bot slots). The tests check that every socket sees every
event once and in order, that both servers show the same view, that the stored log has no gap,
that killed processes lose nothing and that races between the servers have exactly one winner.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_servers import POSTGRES_ENV, REDIS_ENV, BotWorker, Server, postgres_schema
from websockets.sync.client import connect

from farmstead.core.registry import game_names, game_type, load_game
from farmstead.web.storage import Storage

LEASE = 3.0  # seconds: a killed worker's bot turn passes on after this
SERVE_ARGS: tuple[str, ...] = ("--bot-delay", "0.02", "--bot-step-delay", "0", "--bot-workers", "1")
SERVE_ARGS += ("--queue-workers", "0")  # bots are the worker's alone
WORKER_ARGS: tuple[str, ...] = (
    "--bot-delay",
    "0.02",
    "--bot-step-delay",
    "0",
    "--bot-processes",
    "1",
)
WORKER_ARGS += ("--lease", str(LEASE), "--slots", "2")

pytestmark = pytest.mark.skipif(
    not (os.environ.get(POSTGRES_ENV) and os.environ.get(REDIS_ENV)),
    reason=f"needs PostgreSQL and Redis (${POSTGRES_ENV}, ${REDIS_ENV})",
)


@dataclass
class Cluster:
    """Two web servers and a bot worker on one database and one Redis."""

    db_url: str
    redis_url: str
    logs: Path
    servers: list[Server] = field(default_factory=list)
    worker: BotWorker | None = None

    def start_server(self, slot: int) -> Server:
        server = Server(
            self.db_url,
            "--redis",
            self.redis_url,
            *SERVE_ARGS,
            log=self.logs / f"serve{slot}.log",
        )
        server.wait_ready()
        if slot < len(self.servers):
            self.servers[slot] = server
        else:
            self.servers.append(server)
        return server

    def start_worker(self) -> BotWorker:
        self.worker = BotWorker(
            self.db_url, self.redis_url, *WORKER_ARGS, log=self.logs / "worker.log"
        )
        self.worker.wait_ready()
        return self.worker

    def http(self, slot: int) -> httpx.Client:
        return httpx.Client(base_url=self.servers[slot].base, timeout=20)

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        if self.worker is not None:
            self.worker.stop()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    logs = tmp_path_factory.mktemp("scale_out")
    with postgres_schema(os.environ[POSTGRES_ENV]) as db_url:
        nodes = Cluster(db_url, os.environ[REDIS_ENV], logs)
        try:
            nodes.start_server(0)
            nodes.start_server(1)
            nodes.start_worker()
            yield nodes
        finally:
            nodes.stop()


class Socket:
    """A WebSocket on one server that records every view it receives."""

    def __init__(self, server: Server, match_id: str, token: str) -> None:
        url = server.base.replace("http://", "ws://") + f"/api/matches/{match_id}/ws"
        self.connection = connect(url, additional_headers={"X-Seat-Token": token}).__enter__()
        self.http = httpx.Client(base_url=server.base, timeout=20)
        self.match_id, self.token = match_id, token
        self.views: list[dict[str, Any]] = []
        self.events: dict[int, Any] = {}
        self.end: int | None = None  # the log length this socket has every entry of
        self.problems: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for text in self.connection:
                view = json.loads(text)
                if view.get("type") == "view":
                    self._take(view)
        except Exception:  # closed by close()
            return

    def _take(self, view: dict[str, Any]) -> None:
        start, events = view["events_from"], view["events"]
        if self.end is not None and start > self.end:
            # An index jump: ask for the missing entries, as the browser does.
            missing = self.http.get(
                f"/api/matches/{self.match_id}/events?since={self.end}&limit=5000",
                headers={"X-Seat-Token": self.token},
            ).json()["events"]
            events = [e for e in missing if e["index"] < start] + events
            start = self.end
        for offset, event in enumerate(events):
            index = event["index"]
            if index != start + offset:
                self.problems.append(f"entry {index} arrived where {start + offset} was due")
            if self.end is not None and index < self.end:
                self.problems.append(f"entry {index} arrived twice")
            self.events[index] = (event["seat"], event["action"])
        self.end = start + len(events)
        self.views.append(view)

    def wait_for(self, index: int, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.views and self.views[-1]["index"] == index and self.end == index:
                return self.views[-1]
            time.sleep(0.02)
        last = self.views[-1]["index"] if self.views else None
        raise AssertionError(f"the socket reached index {last}, not {index}")

    def reaches(self, index: int, timeout: float) -> bool:
        """Whether the socket has every entry before ``index`` within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while (self.end or 0) < index:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def close(self) -> None:
        self.connection.close()
        self.reader.join(timeout=5)


def create(http: httpx.Client, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    answer = http.post("/api/matches", json={"game": game, "seats": seats})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def stored_indices(db_url: str, match_id: str) -> list[int]:
    storage = Storage(db_url)
    try:
        row = storage.load_match(match_id)
        assert row is not None
        return [a.index for a in row.actions]
    finally:
        storage.close()


def replays(db_url: str, match_id: str) -> bool:
    """The stored log rebuilds the match from its initial position."""
    storage = Storage(db_url)
    try:
        row = storage.load_match(match_id)
        assert row is not None
        state = load_game(row.game, row.players, **row.params).new_initial_state()
        for entry in row.actions:
            state.apply_action(entry.action)
        return [a.index for a in row.actions] == list(range(len(row.actions)))
    finally:
        storage.close()


def wait_for_turn(http: httpx.Client, match_id: str, token: str, timeout: float = 30.0) -> Any:
    """The view once the ``token`` holder must act (or the game is over); bots move meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        view = http.get(f"/api/matches/{match_id}", headers={"X-Seat-Token": token}).json()
        if view["you"]["to_act"] or view["match"]["status"] != "live":
            return view
        if time.monotonic() > deadline:
            raise AssertionError(f"no turn for the human after {timeout} s at {view['index']}")
        time.sleep(0.03)


def play_across(cluster: Cluster, game: str, seats: list[dict[str, Any]], decisions: int) -> None:
    """Create a match on server 1, act on servers 1 and 2 in turn with a socket on each,
    and check what every socket, both servers and the database hold."""
    https = [cluster.http(0), cluster.http(1)]
    created = create(https[0], game, seats)
    match_id = created["id"]
    token = ",".join(s["token"] for s in created["seats"] if "token" in s)
    sockets = [Socket(server, match_id, token) for server in cluster.servers]
    rng = random.Random(f"{game}-{len(seats)}")
    try:
        for made in range(decisions):
            http = https[made % 2]
            view = wait_for_turn(http, match_id, token)
            if view["match"]["status"] != "live":
                break
            action = rng.choice(view["legal"])["id"]
            answer = http.post(
                f"/api/matches/{match_id}/actions",
                json={"action": action, "expect": view["index"], "idempotency_key": f"k{made}"},
                headers={"X-Seat-Token": token},
            )
            assert answer.status_code == 200, answer.text
            # The other server's socket hears of it through the bus, well before its
            # periodic resync would.
            other = sockets[(made + 1) % 2]
            assert other.reaches(answer.json()["index"], timeout=2.0), (game, made)
        final = wait_for_turn(https[1], match_id, token)
        views = [
            h.get(f"/api/matches/{match_id}", headers={"X-Seat-Token": token}).json() for h in https
        ]
        # Both servers show the same position, choices and log.
        for key in ("index", "observation", "legal", "you", "events"):
            assert views[0][key] == views[1][key], (game, key)
        index = views[0]["index"]
        assert index >= final["index"]
        # Every socket saw every entry, in order, once, and the same entries.
        for socket in sockets:
            socket.wait_for(index)
            assert socket.problems == [], (game, socket.problems)
        common = sorted(set(sockets[0].events) & set(sockets[1].events))
        assert common and [sockets[0].events[i] for i in common] == [
            sockets[1].events[i] for i in common
        ]
        assert stored_indices(cluster.db_url, match_id) == list(range(index))
    finally:
        for socket in sockets:
            socket.close()


@pytest.mark.parametrize("game", sorted(game_names()))
def test_two_servers_and_a_worker_play_every_game(cluster: Cluster, game: str) -> None:
    players = game_type(game).min_players
    bot = {"kind": "bot", "level": "easy"}
    me = {"kind": "human", "claim": "me"}
    play_across(cluster, game, [me, *[bot] * (players - 1)], decisions=12)
    play_across(cluster, game, [me] * players, decisions=16)


def test_killed_servers_and_workers_lose_nothing(cluster: Cluster) -> None:
    """kill -9 of a web server and of the worker, three rounds: no accepted action is lost,
    the bots resume within the lease, a retried keyed action is answered ``replayed`` and
    applied once."""
    me = {"kind": "human", "claim": "me"}
    bot = {"kind": "bot", "level": "easy"}
    created = create(cluster.http(0), "rancho", [me, bot])
    bots_only = create(cluster.http(0), "rancho", [bot, bot])["id"]
    match_id, token = created["id"], created["seats"][0]["token"]
    headers = {"X-Seat-Token": token}
    for round_ in range(3):
        # A keyed action is accepted by server 1, which is then killed.
        view = wait_for_turn(cluster.http(0), match_id, token)
        assert view["match"]["status"] == "live"
        body = {"action": view["legal"][0]["id"], "idempotency_key": f"round-{round_}"}
        url = f"/api/matches/{match_id}/actions"
        first = cluster.http(0).post(url, json=body, headers=headers)
        assert first.status_code == 200, first.text
        accepted = first.json()["index"]
        cluster.servers[0].kill()
        # The client retries on server 2, then on the restarted server 1: applied once.
        retried = cluster.http(1).post(url, json=body, headers=headers)
        assert retried.status_code == 200 and retried.json()["replayed"] is True
        cluster.start_server(0)
        again = cluster.http(0).post(url, json=body, headers=headers)
        assert again.status_code == 200 and again.json()["replayed"] is True
        log = stored_indices(cluster.db_url, match_id)
        assert log == list(range(len(log))) and len(log) >= accepted
        # The worker dies mid-game; a new one resumes the bots within the lease.
        before = len(stored_indices(cluster.db_url, bots_only))
        assert cluster.worker is not None
        cluster.worker.kill()
        killed_at = time.monotonic()
        cluster.start_worker()
        while len(stored_indices(cluster.db_url, bots_only)) <= before:
            assert time.monotonic() - killed_at < LEASE + 15, "the bots did not resume"
            time.sleep(0.05)
    assert replays(cluster.db_url, match_id) and replays(cluster.db_url, bots_only)


def test_races_between_the_servers_have_one_winner(cluster: Cluster) -> None:
    """The same action, or the same undo, sent to both servers at once (many rounds): exactly
    one succeeds, the other gets 409, and the log stays whole and restorable."""
    me = {"kind": "human", "claim": "me"}
    created = create(cluster.http(0), "animal_farm", [me, me])
    match_id = created["id"]
    headers = {"X-Seat-Token": ",".join(s["token"] for s in created["seats"])}
    url = f"/api/matches/{match_id}"
    clients = [cluster.http(0), cluster.http(1)]
    barrier = threading.Barrier(2)

    def send(slot: int, path: str, body: dict[str, Any]) -> httpx.Response:
        barrier.wait()
        return clients[slot].post(url + path, json=body, headers=headers)

    outcomes = {"action": 0, "undo": 0}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for _ in range(12):
            view = clients[0].get(url, headers=headers).json()
            if view["match"]["status"] != "live":
                break
            body = {"action": view["legal"][-1]["id"], "expect": view["index"]}
            answers = list(pool.map(lambda s, b=body: send(s, "/actions", b), (0, 1)))
            statuses = sorted(a.status_code for a in answers)
            assert statuses == [200, 409], [a.text for a in answers]
            loser = next(a for a in answers if a.status_code == 409).json()
            assert loser["error"] == "stale" and "moved on" in loser["message"]
            outcomes["action"] += 1
            view = clients[1].get(url, headers=headers).json()
            if view["you"]["undo"] >= 1:
                undo = {"steps": 1, "expect": view["index"]}
                answers = list(pool.map(lambda s, b=undo: send(s, "/undo", b), (0, 1)))
                statuses = sorted(a.status_code for a in answers)
                assert statuses == [200, 409], [a.text for a in answers]
                outcomes["undo"] += 1
            assert replays(cluster.db_url, match_id)
    assert outcomes["action"] >= 10 and outcomes["undo"] >= 5, outcomes
    # Both servers agree with the database after the races.
    views = [c.get(url, headers=headers).json() for c in clients]
    assert views[0]["index"] == views[1]["index"] == len(stored_indices(cluster.db_url, match_id))
