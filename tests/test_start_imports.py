"""What ``companion serve`` imports and does before its first answer (issue 19 point 4).

Each check runs a fresh interpreter (``sys.modules`` of this test process holds everything):
the web package alone imports neither Flask nor the core; the first answer to
``GET /api/games`` (the app built as ``companion serve`` builds it, on a real log) does not
import the words, the catalogue readers, the SVG QR codes, the hardware, rescue or doctor;
the garbage collector is off for the start-up and on again afterwards, whatever happened.
"""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import subprocess
import sys
from pathlib import Path

from companion.table import Table
from web.serve import DB_NAME, LATER, started

#: Modules the first answer does not need: imported at their first use.
LAZY = ("web.describe", "babel.messages.pofile", "babel.messages.mofile", "qrcode.image.svg",
        "hardware", "companion.rescue", "web.doctor", "web.cli")

FIRST_ANSWER = """
import json, sys
from pathlib import Path
from companion.table import Table
from web import create_app, state_json
data = Path(sys.argv[1])
table = Table.open(data / "companion.sqlite3", encode=state_json.encode)
app = create_app({"SECRET_KEY_FILE": str(data / "secret.key"),
                  "DATABASE": str(data / "companion.sqlite3")}, table=table)
token = app.extensions["companion.tokens"].banker()
answer = app.test_client().get("/api/games", headers={"Authorization": f"Bearer {token}"})
print(json.dumps({"status": answer.status_code, "games": answer.get_json(),
                  "modules": sorted(sys.modules)}))
table.close()
"""


def run_python(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_web_package_imports_neither_flask_nor_the_core() -> None:
    out = run_python("import sys, web, web.cli; print(sorted(sys.modules))")
    loaded = set(json.loads(out.replace("'", '"')))
    assert not {"flask", "werkzeug", "jinja2", "companion.table", "companion.events"} & loaded


def test_the_first_answer_imports_none_of_the_lazy_modules(tmp_path: Path) -> None:
    table = Table.open(tmp_path / DB_NAME)
    table.execute({"cmd": "new_game", "players": ["Alice", "Bob"]})
    table.close()
    answer = json.loads(run_python(FIRST_ANSWER, str(tmp_path)))
    assert answer["status"] == 200 and len(answer["games"]["games"]) == 1
    loaded = set(answer["modules"])
    assert "flask" in loaded  # the check itself sees what was imported
    assert [name for name in LAZY if name in loaded] == []


def test_started_freezes_the_start_up_and_turns_the_collector_on() -> None:
    called: list[bool] = []
    gc.disable()
    try:
        started(lambda: called.append(gc.isenabled()))()
        assert gc.isenabled() and gc.get_freeze_count() > 0 and called == [True]
    finally:
        gc.unfreeze()
        gc.enable()
    started(None)()  # without systemd: only the collector
    assert gc.isenabled()
    gc.unfreeze()


def test_started_draws_the_qr_code_after_the_loop_has_served() -> None:
    async def serve() -> list[str]:
        said: list[str] = []
        started(lambda: said.append("ready"), lambda: said.append("qr"))()
        said.append("served")  # what the loop does meanwhile
        await asyncio.sleep(LATER + 0.2)
        return said

    try:
        assert asyncio.run(serve()) == ["ready", "served", "qr"]
    finally:
        gc.unfreeze()


def test_serve_leaves_the_collector_on_when_it_cannot_serve(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = ("import gc, sys; from web.cli import main; "
                "status = main(sys.argv[1:]); print(status, gc.isenabled())")
        out = run_python(code, "serve", "--host", "127.0.0.1", "--port", str(port),
                         "--data", str(tmp_path), "--hardware", "off")
    assert out.splitlines()[-1] == "1 True"
