"""Web server hardening that needs a real ``farmstead serve`` process: bot workers die with a
SIGKILLed server, and no seat token reaches the log at debug level while cookies get ``Secure``
behind an HTTPS proxy and foreign pages cannot open a socket."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import httpx
import pytest
from web_servers import running
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first); None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = proc_stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def running_pid(pid: int) -> bool:
    """Alive and not a zombie."""
    fields = proc_stat(pid)
    return fields is not None and fields[0] != "Z"


def cpu_seconds(pid: int) -> float:
    fields = proc_stat(pid)
    if fields is None:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_bot_workers_exit_when_the_server_is_killed(tmp_path: Path) -> None:
    """After kill -9 mid-search, a worker and multiprocessing's resource tracker used to run
    on 60 s later. Workers watch a pipe only the server holds; its death ends them."""
    args = (
        "--bot-workers", "2", "--bot-delay", "0", "--bot-step-delay", "0",
        "--bot-time-limit", "60", "--bot-level", "slow=mcts:iterations=0,seconds=30@40",
    )  # fmt: skip
    with running(f"sqlite:///{tmp_path / 'kill.db'}", *args, log=tmp_path / "serve.log") as server:
        http = httpx.Client(base_url=server.base, timeout=10)
        slow = [{"kind": "bot", "level": "slow"}] * 2
        for _ in range(2):
            answer = http.post("/api/matches", json={"game": "rancho", "seats": slow})
            assert answer.status_code == 201, answer.text
        pid = server.process.pid
        # Wait until the workers are in a search (on a loaded machine, at least one of them
        # is seen burning CPU; every child the server has then is checked after the kill).
        deadline = time.monotonic() + 60
        while True:
            spawned = children(pid)
            before = {p: cpu_seconds(p) for p in spawned}
            time.sleep(0.5)
            busy = [p for p in spawned if cpu_seconds(p) - before[p] > 0.05]
            if len(spawned) >= 2 and busy:
                break
            assert time.monotonic() < deadline, "the bots never started searching"
        server.kill()
        deadline = time.monotonic() + 10
        while any(running_pid(p) for p in spawned) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in spawned if running_pid(p)]
    assert left == [], f"still running after the server died: {left}"


def test_no_seat_token_in_debug_logs_secure_cookies_behind_https_and_no_foreign_sockets(
    tmp_path: Path,
) -> None:
    """`--log-level debug` used to log `x-seat-token` (and seat cookies), cookies lacked
    `Secure` behind an HTTPS proxy, and a page of another origin could open the socket."""
    log = tmp_path / "serve.log"
    args = ("--log-level", "debug", "--forwarded-allow-ips", "127.0.0.1")  # the "proxy"
    with running(f"sqlite:///{tmp_path / 'log.db'}", *args, log=log) as server:
        http = httpx.Client(base_url=server.base, timeout=10)
        body = {"game": "rancho", "seats": [{"kind": "human"}, {"kind": "human"}]}
        proxied = http.post("/api/matches", json=body, headers={"X-Forwarded-Proto": "https"})
        assert proxied.status_code == 201
        assert all("Secure" in c for c in proxied.headers.get_list("set-cookie"))
        created = http.post("/api/matches", json=body)
        assert not any("Secure" in c for c in created.headers.get_list("set-cookie"))
        match_id = created.json()["id"]
        tokens = [s["token"] for s in created.json()["seats"]]
        headers = {"X-Seat-Token": tokens[0], "Cookie": f"seat1={tokens[1]}"}
        assert http.get(f"/api/matches/{match_id}", headers=headers).status_code == 200
        url = f"ws://127.0.0.1:{server.port}/api/matches/{match_id}/ws"
        with connect(url, additional_headers=headers) as ws:
            assert json.loads(ws.recv())["you"]["seats"] == [0, 1]
        with (
            pytest.raises(InvalidStatus) as refused,
            connect(url, additional_headers=headers, origin=Origin("http://127.0.0.1:1")),
        ):
            pass
        assert refused.value.response.status_code == 403
        time.sleep(0.3)
    text = log.read_text()
    assert "x-seat-token: [redacted]" in text.lower()  # the headers were logged, blanked
    for token in tokens + [s["token"] for s in proxied.json()["seats"]]:
        assert token not in text
