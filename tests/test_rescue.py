"""A damaged log (issue 17 point 6), on real SQLite files: ``companion rescue`` copies every
readable command into a new log and keeps the damaged file; a table (and ``serve``) starts
with the healthy games and marks the damaged one; an empty or foreign file is refused.

Money checks follow the rule book: C1, each player starts with 30 000 kr; a payment moves
its amount from one player to another."""

from __future__ import annotations

import hashlib
import json
import signal
import sqlite3
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from benchmarks.serve import Served, free_port, serve_command
from companion.errors import ForeignLog, GameDamaged
from companion.rescue import rescue
from companion.rescue.leaves import leaf_rows, log_shaped
from companion.table import Table
from web import cli, doctor, doctor_data
from web.serve import data_lock

DB = doctor.DB_NAME
PAYS = 40  # commands a game, about three 4 KiB pages of the log each
START = 30_000  # C1


def build(path: Path, games: int = 3) -> list[str]:
    """A log of ``games`` games, one after the other, each of two players and ``PAYS``
    payments of 10 kr with a memo ``g<game>-p<n>`` (so a row can be found in the file)."""
    table = Table.open(path)
    ids = []
    for g in range(games):
        game = table.execute({"cmd": "new_game", "edition": "monopol-no-1996",
                              "players": [f"A{g}", f"B{g}"]}).game_id
        for n in range(PAYS):
            table.execute({"cmd": "pay", "from": f"A{g}", "to": f"B{g}", "amount": 10,
                           "memo": f"g{g}-p{n:02d}" + "." * 60}, game_id=game)
        ids.append(game)
    table.close()  # checkpoints the WAL: every row is in the file itself
    assert not path.with_name(DB + "-wal").exists()
    return ids


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cash(table: Table, game: str) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in table.snapshot(game)["players"]}


def paid(g: int, n: int) -> dict[str, int]:
    """The rule book's cash after ``n`` payments of 10 kr from A to B (C1 start)."""
    return {f"A{g}": START - 10 * n, f"B{g}": START + 10 * n}


def flip_page_of(path: Path, marker: str) -> None:
    """Flip the page-type byte of the b-tree page holding ``marker`` (a leaf of the log)."""
    data = bytearray(path.read_bytes())
    page = data.index(marker.encode()) // 4096
    assert data[page * 4096] == 0x0D  # a table leaf page (sqlite.org/fileformat.html 1.6)
    data[page * 4096] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_flipped_byte_loses_only_that_page(tmp_path: Path) -> None:
    path = tmp_path / DB
    a, b, c = build(path)
    flip_page_of(path, "g1-p20")
    table = Table.open(path)  # today's main: DatabaseError, nothing starts
    try:
        assert set(table.game_ids()) == {a, c}
        hurt = table.damaged()[b]
        assert 1 < hurt.seq <= 22 and "damaged" in hurt.why
        assert cash(table, a) == paid(0, PAYS)
        with pytest.raises(GameDamaged, match=f"could not be read from command {hurt.seq}"):
            table.execute({"cmd": "pay", "from": "A1", "to": "B1", "amount": 1}, game_id=b)
        table.execute({"cmd": "pay", "from": "A2", "to": "B2", "amount": 10}, game_id=c)
        assert cash(table, c) == paid(2, PAYS + 1)
    finally:
        table.close()
    [finding] = doctor_data.check_database(tmp_path)
    assert not finding.ok and "companion rescue --data" in finding.text
    assert ".recover" not in finding.text and " mv " not in finding.text

    before = digest(path)
    report = rescue(path, now=0)
    kept = tmp_path / f"{DB}.damaged-19700101T000000Z"
    assert report.replaced and report.kept_aside == kept and digest(kept) == before
    first_lost, why = report.lost[b]
    assert first_lost == hurt.seq and set(report.lost) == {b}
    lines = "\n".join(report.lines())
    assert f"LOST game {b}: from command {first_lost} on" in lines and str(kept) in lines
    table = Table.open(path)
    try:
        assert table.damaged() == {} and table.store.integrity() == "ok"
        assert table.game_ids() == [a, b, c]
        assert cash(table, a) == paid(0, PAYS) and cash(table, c) == paid(2, PAYS + 1)
        assert cash(table, b) == paid(1, first_lost - 2)  # seq 1 started it, seq 2 paid
        table.execute({"cmd": "pay", "from": "A1", "to": "B1", "amount": 10}, game_id=b)
    finally:
        table.close()


def test_a_truncated_file_keeps_the_games_before_the_cut(tmp_path: Path) -> None:
    path = tmp_path / DB
    a, b, c = build(path)
    data = path.read_bytes()
    cut = data.index(b"g2-p05") // 4096 * 4096  # the file ends inside the third game
    path.write_bytes(data[:cut])
    report = rescue(path, now=0)
    kept = tmp_path / f"{DB}.damaged-19700101T000000Z"
    assert report.replaced and kept.stat().st_size == cut
    assert report.commands_of[a] == report.commands_of[b] == PAYS + 1
    assert 1 <= report.commands_of[c] < PAYS + 1 and report.end_lost
    assert report.maybe[c] == report.commands_of[c]  # it may have had more: said so
    lines = "\n".join(report.lines())
    assert f"MAYBE LOST game {c}: any command after command {report.maybe[c]}" in lines
    assert "LOST the end of the log" in lines
    table = Table.open(path)
    try:
        assert table.damaged() == {}
        assert cash(table, a) == paid(0, PAYS) and cash(table, b) == paid(1, PAYS)
    finally:
        table.close()


@pytest.mark.parametrize(("events", "why"), [
    ('[{"type": "MoneyMoved", "payer": "A0"', "not valid JSON"),
    ('[{"type": "MoneyMoved", "payer": "A0", "payee": "B0", "amount": 10, "tip": 1}]',
     "a field this version does not know"),
])
def test_a_bad_row_marks_its_game_and_serve_starts(tmp_path: Path, events: str,
                                                   why: str) -> None:
    path = tmp_path / DB
    a, b = build(path, games=2)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET events = ? WHERE game_id = ? AND seq = 7", (events, a))
    db.close()
    table = Table.open(path)  # today's main: JSONDecodeError / TypeError, for every game
    try:
        assert table.game_ids() == [b] and table.damaged()[a].seq == 7
        assert why in table.damaged()[a].why
    finally:
        table.close()
    [finding] = doctor_data.check_database(tmp_path)
    assert not finding.ok and f"game {a} could not be read from command 7" in finding.text
    report = rescue(path, now=0)
    assert report.lost == {a: (7, report.lost[a][1])} and why in report.lost[a][1]
    table = Table.open(path)
    try:
        assert cash(table, a) == paid(0, 5) and cash(table, b) == paid(1, PAYS)
    finally:
        table.close()


def test_a_zero_byte_log_is_refused_not_made_an_empty_bank(tmp_path: Path) -> None:
    path = tmp_path / DB
    path.write_bytes(b"")
    with pytest.raises(ForeignLog, match="empty file"):
        Table.open(path)
    assert path.stat().st_size == 0
    [finding] = doctor_data.check_database(tmp_path)
    assert not finding.ok and "empty file (0 bytes)" in finding.text
    assert cli.main(["rescue", "--data", str(tmp_path)]) == 1
    assert not path.exists() and list(tmp_path.glob(f"{DB}.damaged-*"))


def test_a_foreign_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / DB
    path.write_bytes(b"not a database, just garbage bytes " * 300)
    with pytest.raises(ForeignLog, match="not a SQLite file"):
        Table.open(path)
    assert cli.main(["rescue", "--data", str(tmp_path)]) == 2
    assert path.read_bytes().startswith(b"not a database")


def test_a_rescue_while_a_server_holds_the_data_folder_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rescue rewrites the log: never under a running server (``web.serve.data_lock``)."""
    path = tmp_path / DB
    build(path, games=1)
    before = digest(path)
    with data_lock(tmp_path) as held:
        assert held
        assert cli.main(["rescue", "--data", str(tmp_path)]) == 2
        with data_lock(tmp_path) as again:
            assert not again
    assert "a companion server is using" in capsys.readouterr().err
    assert digest(path) == before
    with data_lock(tmp_path) as held:  # released at the end of the block
        assert held


def test_someone_elses_sqlite_file_gets_no_tables_of_ours(tmp_path: Path) -> None:
    path = tmp_path / DB
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    db.close()
    before = digest(path)
    with pytest.raises(ForeignLog, match="not a companion game log"):
        Table.open(path)
    [finding] = doctor_data.check_database(tmp_path)
    assert not finding.ok and "not a companion game log" in finding.text
    assert digest(path) == before


def test_a_sound_log_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / DB
    build(path, games=1)
    before = digest(path)
    assert cli.main(["rescue", "--data", str(tmp_path)]) == 0
    assert digest(path) == before and not list(tmp_path.glob("*.damaged-*"))


def test_serve_starts_with_the_healthy_games_and_refuses_the_damaged_one(
        tmp_path: Path) -> None:
    """The real ``companion serve``: today's main does not start at all (JSONDecodeError)."""
    path = tmp_path / DB
    a, b = build(path, games=2)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET command = '{\"cmd\": \"pay\"' WHERE game_id = ? AND seq = 9",
                   (a,))
    db.close()
    server = Served(tmp_path)
    try:
        listed = call(server, "/api/games")
        assert [g["id"] for g in listed["games"]] == [b]
        [hurt] = listed["damaged"]
        assert hurt["id"] == a and hurt["seq"] == 9
        assert hurt["error"].startswith("This game could not be read from command 9: ")
        refused = call(server, f"/api/games/{a}/commands",
                       {"cmd": "pay", "from": "A0", "to": "B0", "amount": 10}, status=422)
        assert "could not be read from command 9" in refused["error"]
        call(server, f"/api/games/{b}/commands",
             {"cmd": "pay", "from": "A1", "to": "B1", "amount": 10})
        state = call(server, f"/api/games/{b}")
        assert {p["name"]: p["cash"] for p in state["players"]} == paid(1, PAYS + 1)
        page = urllib.request.Request(f"http://127.0.0.1:{server.port}/",
                                      headers={"Authorization": f"Bearer {server.token}"})
        with urllib.request.urlopen(page, timeout=10) as answer:
            html = answer.read().decode()
        assert f"Game {a} could not be read from command 9: " in html
    finally:
        assert server.stop(signal.SIGTERM) == 0


@pytest.mark.parametrize("content", [b"", b"\x00" * 4096])
def test_serve_refuses_an_empty_or_foreign_file_with_a_sentence(tmp_path: Path,
                                                                  content: bytes) -> None:
    path = tmp_path / DB
    path.write_bytes(content)
    done = subprocess.run(serve_command(tmp_path, free_port()), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and "token:" not in done.stdout
    assert "left as it is" in done.stderr and "Traceback" not in done.stderr
    assert path.read_bytes() == content  # today's main: an empty bank written into it


def call(server: Served, path: str, body: dict[str, Any] | None = None,
         status: int = 200) -> Any:
    """One JSON request as the banker; the answer's JSON (``status`` expected)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}", method="POST" if body else "GET",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {server.token}",
                 "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            got, text = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        got, text = error.code, error.read()
    assert got == status, text
    return json.loads(text)


def test_the_damaged_games_sentence_is_in_the_tables_language(tmp_path: Path) -> None:
    """nb: the sentence and its reason are Norwegian (the technical detail stays out)."""
    from tests.conftest import TEST_SECRET
    from web import create_app

    path = tmp_path / DB
    a, _ = build(path, games=2)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET events = '[' WHERE game_id = ? AND seq = 4", (a,))
    db.close()
    table = Table.open(path)
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": "nb"},
                         table=table)
        banker = app.extensions["companion.tokens"].banker()
        answer = app.test_client().get("/api/games",
                                       headers={"Authorization": f"Bearer {banker}"})
        [hurt] = answer.json["damaged"]
        assert hurt["error"] == ("Dette spillet kunne ikke leses fra kommando 4: teksten er "
                                 "ikke gyldig JSON. Kjør «companion rescue» på bankens maskin.")
    finally:
        table.close()


def test_a_lost_root_page_is_read_from_the_leaves(tmp_path: Path) -> None:
    """The log's b-tree root is wrecked: SQLite reaches none of its rows; the rescue reads
    them from the leaf pages themselves and keeps every command (C1 cash as paid)."""
    path = tmp_path / DB
    a, b, c = build(path)
    with sqlite3.connect(path) as db:
        [(root,)] = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'log'")
    db.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * 4096:root * 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))
    report = rescue(path, now=0)
    assert report.replaced and report.commands_of == dict.fromkeys((a, b, c), PAYS + 1)
    assert report.lost == {} and report.end_lost  # the tree is gone: said so
    assert "LOST the end of the log" in "\n".join(report.lines())
    table = Table.open(path)
    try:
        assert table.damaged() == {} and table.game_ids() == [a, b, c]
        assert [cash(table, g) for g in (a, b, c)] == [paid(n, PAYS) for n in range(3)]
    finally:
        table.close()


def test_the_leaf_reader_agrees_with_sqlite_on_long_rows(tmp_path: Path) -> None:
    """Rows longer than a page (overflow chains), NULLs, whole and fractional times, the
    three-byte and eight-byte integers: the leaf reader returns what SQLite returns."""
    path = tmp_path / "shapes.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE log (game_id TEXT, seq INTEGER, client_id TEXT, actor TEXT, "
                   "command TEXT, events TEXT, at REAL)")
        rows = [("g", 1, None, "banker", "{}", "[" + "x" * 10_000 + "]", 1.5),
                ("g", 70_000, "c", "player:Åse", "{\"n\": \"ø\"}", "[]", 1_700_000_000.0),
                ("g", 2**40, "d", "replay", "{}", "é" * 5_000, 0.25)]
        db.executemany("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.close()
    found = sorted((rowid, values) for rowid, values in leaf_rows(path) if log_shaped(values))
    assert [values for _, values in found] == rows  # the schema's own row is not log-shaped
    assert [rowid for rowid, _ in found] == [1, 2, 3]


def test_commands_still_in_the_wal_are_kept(tmp_path: Path) -> None:
    """Power lost (the log's WAL not yet folded in) and a damaged page: the commands in
    the WAL are rescued too, and the kept file keeps its WAL beside it."""
    live = tmp_path / "live"
    live.mkdir()
    a, b, c = build(live / DB)
    table = Table.open(live / DB)  # open: its WAL is not folded in (1 000 pages would be)
    for _ in range(5):
        table.execute({"cmd": "pay", "from": "A2", "to": "B2", "amount": 10}, game_id=c)
    path = tmp_path / DB  # what a power cut leaves: the file and its WAL, as they are
    assert (live / (DB + "-wal")).stat().st_size > 0
    path.write_bytes((live / DB).read_bytes())
    path.with_name(DB + "-wal").write_bytes((live / (DB + "-wal")).read_bytes())
    table.close()
    flip_page_of(path, "g1-p20")
    report = rescue(path, now=0)
    kept = tmp_path / f"{DB}.damaged-19700101T000000Z"
    assert report.replaced and kept.with_name(kept.name + "-wal").stat().st_size > 0
    assert report.commands_of[c] == PAYS + 6 and set(report.lost) == {b}
    table = Table.open(path)
    try:
        assert cash(table, c) == paid(2, PAYS + 5) and cash(table, a) == paid(0, PAYS)
    finally:
        table.close()
