"""The documented deployment (docs/deploy.md, compose.yaml): every farmstead command it runs
uses options the command has, and the load balancer reaches both web processes with WebSocket
upgrades. (The processes themselves run in ``test_web_scale_out.py``.)"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from farmstead.cli.main import app

ROOT = Path(__file__).resolve().parents[2]


def test_the_compose_file_runs_the_documented_processes_with_real_options() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    assert {"postgres", "redis", "web1", "web2", "worker", "lb"} <= set(services)
    runner = CliRunner()
    for name in ("web1", "web2", "worker"):
        command = services[name]["command"]
        assert command[0] == "farmstead", name
        help_text = runner.invoke(app, [command[1], "--help"], terminal_width=200).output
        for option in (arg for arg in command[2:] if arg.startswith("--")):
            assert option in help_text, (name, option)
    environment = services["web1"]["environment"]
    assert environment["FARMSTEAD_DB_URL"].startswith("postgresql")
    assert environment["FARMSTEAD_REDIS_URL"].startswith("redis://")
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert re.search(r"server web1:8000;\s*server web2:8000;", nginx)
    assert "proxy_set_header Upgrade $http_upgrade;" in nginx
    deploy = (ROOT / "docs" / "deploy.md").read_text()
    for command in ("farmstead serve", "farmstead bot-worker", "docker compose up"):
        assert command in deploy
