"""The last resort of a rescue (issue 17 point 6): read the log's rows straight from the
file's table leaf pages, for when SQLite cannot reach them (the log's root or an interior
page of its b-tree is damaged).  SQLite's file format, sqlite.org/fileformat.html: 1.6
b-tree pages (a leaf of a table is type 13), 2.1 records, 1.5 overflow pages.

Only whole, well-formed cells whose record has the log's shape are taken; a log row is
never updated, so a stale copy on a freed page says what the row says.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TABLE_LEAF = 0x0D
Record = tuple[Any, ...]


def varint(data: bytes, at: int) -> tuple[int, int]:
    """The SQLite varint at ``at`` and the offset after it (1 to 9 bytes, big-endian)."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def record(payload: bytes) -> Record:
    """The values of one record (2.1): a header of serial types, then their bodies.
    Raises IndexError, ValueError or struct.error when it is not a well-formed record."""
    size, at = varint(payload, 0)
    types = []
    while at < size:
        kind, at = varint(payload, at)
        types.append(kind)
    values: list[Any] = []
    body = size
    for kind in types:
        width = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 7: 8}.get(kind, 0)
        if kind >= 12:
            width = (kind - 12) // 2
        chunk = payload[body:body + width]
        if len(chunk) != width:
            raise ValueError("a record's body is cut short")
        body += width
        if kind == 0:
            values.append(None)
        elif kind == 7:
            values.append(struct.unpack(">d", chunk)[0])
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind < 7:
            values.append(int.from_bytes(chunk, "big", signed=True))
        elif kind % 2:
            values.append(chunk.decode("utf-8"))
        else:
            values.append(bytes(chunk))
    return tuple(values)


def leaf_rows(path: Path) -> Iterator[tuple[int, Record]]:
    """``(rowid, values)`` of every well-formed cell on every table leaf page of the SQLite
    file at ``path`` (overflow chains followed); a cell that does not parse is skipped."""
    data = path.read_bytes()
    size = int.from_bytes(data[16:18], "big") or 65536
    usable = size - data[20]
    for start in range(0, len(data) - size + 1, size):
        head = start + (100 if start == 0 else 0)
        if data[head] != TABLE_LEAF:
            continue
        cells = int.from_bytes(data[head + 3:head + 5], "big")
        for n in range(cells):
            pointer = int.from_bytes(data[head + 8 + 2 * n:head + 10 + 2 * n], "big")
            try:
                yield _cell(data, start + pointer, size, usable)
            except (IndexError, ValueError, struct.error, UnicodeDecodeError):
                continue


def _cell(data: bytes, at: int, size: int, usable: int) -> tuple[int, Record]:
    """One table leaf cell (1.6): payload size, rowid, the local payload, overflow."""
    length, at = varint(data, at)
    rowid, at = varint(data, at)
    most = usable - 35
    local = length
    if length > most:
        least = (usable - 12) * 32 // 255 - 23
        local = least + (length - least) % (usable - 4)
        local = local if local <= most else least
    payload = bytearray(data[at:at + local])
    page = int.from_bytes(data[at + local:at + local + 4], "big") if local < length else 0
    seen = 0
    while len(payload) < length:
        if page < 1 or seen > len(data) // size:
            raise ValueError("a broken overflow chain")
        start = (page - 1) * size
        page = int.from_bytes(data[start:start + 4], "big")
        payload += data[start + 4:start + usable][:length - len(payload)]
        seen += 1
    return rowid, record(bytes(payload))


def log_shaped(values: Record) -> bool:
    """True for the values of a ``log`` row: game id, seq, client id or NULL, actor,
    command, events, time (companion.store's schema)."""
    return (len(values) == 7 and isinstance(values[0], str) and isinstance(values[1], int)
            and (values[2] is None or isinstance(values[2], str))
            and all(isinstance(v, str) for v in values[3:6])
            and isinstance(values[6], float | int))
