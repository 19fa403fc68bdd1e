"""The ``companion`` command: ``serve``, ``replay`` and ``export``.

- ``companion serve [--host 0.0.0.0] [--port 8000] [--data DIR] [--hardware auto|real|sim|off]``
- ``companion replay FILE [--db PATH] [--keep-going] [--edition EDITION_FILE]``: prints the
  final state JSON; exit 1 with ``line N: cmd: reason`` on stderr for each rejected line.
  ``--edition`` first imports an edition file (TOML or JSON, as the edition editor does)
  into the database, for a replay on a family's own box (exit 2 when the file is bad).
- ``companion export GAME_ID [--data DIR]``: the game's commands as JSON Lines (every
  command, undo lines included), so the export replays to the same state.
- ``companion doctor [--data DIR] [--host H] [--port P] [--device DEV]``: is this machine
  ready to be the table (:mod:`web.doctor`)?
- ``companion rescue [--data DIR]``: copy every readable command of a damaged log into a
  new one, keep the damaged file aside, say what was lost (:mod:`companion.rescue`); exit
  0 when nothing was lost, 1 when something was, 2 when it could not run.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/companion``, else ``~/.local/share/companion``."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion"


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``companion``."""
    top = argparse.ArgumentParser(prog="companion", description="The bank at a Monopol table.")
    sub = top.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the table server")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (all)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument("--data", type=Path, default=None, help="folder of the game log")
    serve.add_argument("--hardware", choices=("auto", "real", "sim", "off"), default="auto",
                       help="table buttons and LEDs (auto: real on a Raspberry Pi)")
    serve.add_argument("--threads", type=int, default=16,
                       help="worker threads for pages and ordinary requests (16, at least 8; "
                            "live streams and commands need none)")
    serve.add_argument("--new-banker-token", action="store_true",
                       help="invalidate the banker's token and print a new one")
    replay = sub.add_parser("replay", help="apply a JSON Lines file of commands")
    replay.add_argument("file", type=Path)
    replay.add_argument("--db", type=Path, default=None, help="keep the log in this file")
    replay.add_argument("--keep-going", action="store_true", help="report every rejected line")
    replay.add_argument("--edition", type=Path, default=None, action="append",
                        help="import this edition file (TOML/JSON) first; may be repeated")
    export = sub.add_parser("export", help="print a game's commands as JSON Lines")
    export.add_argument("game_id")
    export.add_argument("--data", type=Path, default=None, help="folder of the game log")
    doctor = sub.add_parser("doctor", help="check this machine: GPIO, LED strip, network, log")
    doctor.add_argument("--data", type=Path, default=None, help="folder of the game log")
    doctor.add_argument("--host", default="0.0.0.0")
    doctor.add_argument("--port", type=int, default=8000)
    doctor.add_argument("--device", default=None,
                        help="check this serial device instead of strip.device of "
                             "DATA/hardware.toml (the one companion serve would open)")
    rescue = sub.add_parser("rescue", help="copy what can be read of a damaged game log")
    rescue.add_argument("--data", type=Path, default=None, help="folder of the game log")
    return top


def run_serve(args: argparse.Namespace) -> int:
    """``companion serve``.  The cyclic garbage collector is off from here until the server
    answers (:func:`web.serve.started`): the imports and the log's refold make ~80 000
    objects and almost no garbage, and its passes over them cost ~8% of the start-up (issue
    19 point 4); it is on again when ``serve`` returns, whatever happened."""
    if args.threads < 8:  # a phone that polls (no live stream) holds one for up to 25 s
        print("companion: --threads must be at least 8", file=sys.stderr)
        return 2
    gc.disable()
    try:
        from web.serve import serve

        data = args.data or default_data_dir()
        return serve(args.host, args.port, data, args.hardware, args.threads,
                     args.new_banker_token)
    finally:
        gc.enable()


def import_editions(db: Path, files: Sequence[Path], overwrite: bool) -> int:
    """Import each edition file into the table at ``db``; 0, or 2 with the reason on
    stderr (unreadable, or every problem of a bad file with its line).  Without
    ``overwrite`` an edition the database holds already is kept (and said so)."""
    from companion.editions import parse_edition
    from companion.editions.editor import import_text
    from companion.errors import CompanionError
    from companion.table import Table

    table = Table.open(db)
    try:
        for path in files:
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                print(f"companion: cannot read {path}: {exc}", file=sys.stderr)
                return 2
            try:
                edition = parse_edition(text, source=path.name)
                if not overwrite and table.editions.is_stored(edition.id):
                    print(f"companion: {db} has the edition {edition.id!r} already; "
                          "replaying on that copy", file=sys.stderr)
                    continue
                import_text(table.editions, text, source=path.name, overwrite=overwrite)
            except CompanionError as exc:
                print(f"companion: {exc}", file=sys.stderr)
                return 2
    finally:
        table.close()
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """``companion replay``: the state on stdout, rejected lines on stderr."""
    import tempfile

    from companion.replay import replay_file

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "replay.sqlite3"
        # A temporary database is fresh: the file is the edition.  A kept one may hold the
        # family's copy already (values entered at the table): that copy is kept.
        if args.edition and import_editions(db, args.edition, overwrite=args.db is None):
            return 2
        try:
            state, rejected = replay_file(args.file, db=db, keep_going=args.keep_going)
        except OSError as exc:
            print(f"companion: cannot read {args.file}: {exc}", file=sys.stderr)
            return 2
    for line_no, name, reason in rejected:
        print(f"line {line_no}: {name}: {reason}", file=sys.stderr)
    if state is not None:
        print(json.dumps(state, ensure_ascii=False, indent=2))
    return 1 if rejected else 0


def run_export(args: argparse.Namespace) -> int:
    """``companion export``: every stored command of the game, one JSON object a line."""
    from companion.store import Store
    from web.serve import DB_NAME

    path = (args.data or default_data_dir()) / DB_NAME
    if not path.is_file():
        print(f"companion: no game log at {path}", file=sys.stderr)
        return 2
    store = Store(path)
    try:
        if args.game_id not in store.game_ids():
            print(f"companion: there is no game {args.game_id!r}", file=sys.stderr)
            return 1
        print(f"# companion export of game {args.game_id}")
        for row in store.rows(args.game_id):
            print(json.dumps(row.command, ensure_ascii=False))
    finally:
        store.close()
    return 0


def run_doctor(args: argparse.Namespace) -> int:
    """``companion doctor``: one line per check; 0 when all are fine."""
    from web.doctor import run_doctor as doctor

    data = args.data or default_data_dir()
    return doctor(data, args.device, host=args.host, port=args.port)


def run_rescue(args: argparse.Namespace) -> int:
    """``companion rescue``: one line per finding; holds the data folder's lock (no server
    may run on the log meanwhile)."""
    import sqlite3

    from companion.errors import StorageError
    from companion.rescue import rescue
    from web.serve import DB_NAME, data_lock

    data = args.data or default_data_dir()
    if not data.is_dir():
        print(f"companion: there is no data folder {data}", file=sys.stderr)
        return 2
    with data_lock(data) as held:
        if not held:
            print(f"companion: a companion server is using {data}: stop it first "
                  "(sudo systemctl stop companion)", file=sys.stderr)
            return 2
        try:
            report = rescue(data / DB_NAME)
        except (OSError, sqlite3.Error, StorageError) as exc:
            print(f"companion: the rescue could not finish: {exc}; nothing was deleted",
                  file=sys.stderr)
            return 2
    for line in report.lines():
        print(line)
    if report.refused:
        return 2
    emptied = report.kept_aside is not None and not report.replaced  # a 0-byte log
    return 1 if report.lost or report.unreadable or report.settings_lost or emptied else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``companion`` console script."""
    args = parser().parse_args(argv)
    runner = {"serve": run_serve, "replay": run_replay, "export": run_export,
              "doctor": run_doctor, "rescue": run_rescue}[args.command]
    return runner(args)


if __name__ == "__main__":
    sys.exit(main())
