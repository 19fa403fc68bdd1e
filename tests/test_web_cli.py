"""The ``companion`` command: serve (in a real process), replay and export."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from benchmarks.serve import ended, free_port, serve_command, terminated
from companion.table import Table
from web.cli import default_data_dir, main
from web.qr import base_url, lan_address
from web.serve import DB_NAME, start_hardware

OPENING = [
    {"cmd": "new_game", "edition": "monopol-no-1996", "players": ["Alice", "Bob", "Carol"]},
    {"cmd": "buy", "player": "Bob", "space": "Rådhusplassen", "id": "b1"},
    {"cmd": "land", "player": "Alice", "space": "Rådhusplassen"},
    {"cmd": "claim", "player": "Bob"},
    {"cmd": "pay", "from": "Carol", "to": "bank", "amount": 500, "id": "c1"},
    {"cmd": "pay", "from": "Carol", "to": "bank", "amount": 500, "id": "c1"},
    {"cmd": "pass_start", "player": "Carol"},
    {"cmd": "undo"},
]


def write_lines(path: Path, commands: list[Any]) -> Path:
    lines = ["# an opening", ""] + [c if isinstance(c, str) else json.dumps(c) for c in commands]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cash(state: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in state["players"]}


def test_replay_prints_the_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(write_lines(tmp_path / "game.jsonl", OPENING))]) == 0
    state = json.loads(capsys.readouterr().out)
    assert cash(state)["Carol"] == 29500
    assert cash(state)["Bob"] - 30000 == 30000 - cash(state)["Alice"] - 8000


def test_replay_stops_at_a_rejected_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = [*OPENING[:2], {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": -1},
           {"cmd": "pay", "from": "Zed", "to": "Bob", "amount": 1}]
    path = write_lines(tmp_path / "bad.jsonl", bad)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == ["line 5: pay: The amount must be more than zero, not -1."]
    assert main(["replay", str(path), "--keep-going"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[1].startswith("line 6: pay: ")


def test_replay_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_export_replays_to_the_same_state(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    table = Table.open(tmp_path / DB_NAME)
    game = table.execute(OPENING[0]).game_id
    for command in OPENING[1:]:
        table.execute(command, game_id=game)
    original = table.snapshot(game, with_tally=True)
    table.close()
    assert main(["export", game, "--data", str(tmp_path)]) == 0
    exported = tmp_path / "export.jsonl"
    exported.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", str(exported)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    replayed["game"]["id"] = original["game"]["id"]
    assert replayed == original


def test_export_refuses_unknown_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "abc", "--data", str(tmp_path)]) == 2
    Table.open(tmp_path / DB_NAME).close()
    assert main(["export", "abc", "--data", str(tmp_path)]) == 1
    assert "no game" in capsys.readouterr().err


def test_default_data_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "companion"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir() == Path.home() / ".local" / "share" / "companion"


def test_addresses() -> None:
    assert base_url("192.168.1.5", 8000) == "http://192.168.1.5:8000"
    assert base_url("::1", 80) == "http://[::1]:80"
    socket.inet_aton(lan_address())  # a dotted IPv4 address
    assert base_url("0.0.0.0", 8000) == f"http://{lan_address()}:8000"


def test_too_few_threads_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--threads", "4"]) == 2
    assert "at least 8" in capsys.readouterr().err


def test_hardware_sim_starts_and_off_is_none(table: Table, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert start_hardware(table, "off", tmp_path / "none.toml", sys.stdout) is None
    hardware = start_hardware(table, "sim", tmp_path / "none.toml", sys.stdout)
    try:
        assert hardware.mode == "sim" and "sim" in hardware.describe()
    finally:
        hardware.close()


def test_serve_prints_the_banner_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(tmp_path / "notify"))
    notify.settimeout(10)
    env = {**os.environ, "NOTIFY_SOCKET": str(tmp_path / "notify")}
    server = subprocess.Popen(serve_command(tmp_path, port), stdout=subprocess.PIPE, text=True,
                              encoding="utf-8", env=env)
    with ended(server), notify:
        assert server.stdout is not None
        lines = [server.stdout.readline().rstrip("\n") for _ in range(4)]
        assert lines[0] == "table hardware: off"
        url = f"http://127.0.0.1:{port}"
        token = lines[2].split()[1]
        assert lines[1] == f"banker:  {url}/join/{token}" and len(token) >= 43
        assert "█" in server.stdout.readline() + server.stdout.readline()  # the QR code
        assert notify.recv(1024).decode().startswith("READY=1")
        with urllib.request.urlopen(f"{url}/join/{token}", timeout=5) as answer:
            assert answer.status == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/api/games", timeout=5)
        assert refused.value.code == 401
        refused.value.close()
        assert terminated(server) == 0
    assert (tmp_path / DB_NAME).is_file() and (tmp_path / "secret.key").is_file()


def test_serve_on_a_busy_port_says_so(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(serve_command(tmp_path, port), capture_output=True, text=True,
                              timeout=30)
    assert done.returncode == 1 and "cannot serve on 127.0.0.1" in done.stderr
