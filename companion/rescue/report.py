"""What a rescue did (:class:`Rescue`), and its report in words (issue 17 point 6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Rescue:
    """What :func:`rescue` did: ``lines()`` says it in words.

    Attributes:
        path: the log; ``kept_aside``: where the damaged file now is (None: not moved).
        commands: commands kept in the new log; ``games``: games kept;
            ``commands_of``: commands kept per game id.
        lost: per game id, ``(first seq lost, why)``; ``unreadable``: rows SQLite could
            not read at all (their game is unknown); ``end_lost``: the log's end could not
            be read (how many rows it held is unknown); ``maybe``: per game id, commands
            kept, for a game unreadable rows came after (it may have lost its newest
            commands); ``left_out``: per lost game, readable commands after the lost one
            (left out: they would fold to wrong money); ``settings_lost``: meta rows lost.
        replaced: the new log is in place; ``verdict``: a sentence when nothing was done;
        ``refused``: the file was left as it is because it is no log or nothing reads.
    """

    path: Path
    kept_aside: Path | None = None
    commands: int = 0
    games: int = 0
    commands_of: dict[str, int] = field(default_factory=dict)
    lost: dict[str, tuple[int, str]] = field(default_factory=dict)
    unreadable: int = 0
    end_lost: bool = False
    maybe: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=dict)
    settings_lost: int = 0
    replaced: bool = False
    verdict: str = ""
    refused: bool = False

    def lines(self) -> list[str]:
        """The report, one sentence a line."""
        if self.verdict:
            return [self.verdict]
        out = [f"kept {self.commands} command(s) of {self.games} game(s) in a new {self.path}"]
        for game_id, (seq, why) in self.lost.items():
            after = self.left_out.get(game_id, 0)
            tail = (f"; {after} readable command(s) after it are left out, they stay in "
                    "the kept file" if after else "")
            out.append(f"LOST game {game_id}: from command {seq} on ({why}{tail})"
                       if seq > 1 else f"LOST game {game_id}: all of it ({why}{tail})")
        for game_id, count in self.maybe.items():
            out.append(f"MAYBE LOST game {game_id}: any command after command {count} (stored "
                       "rows that could not be read came after it)")
        if self.end_lost:
            out.append("LOST the end of the log: it could not be read, so how many commands "
                       "it held is not known (see the games above)")
        elif self.unreadable:
            out.append(f"LOST {self.unreadable} stored row(s) SQLite could not read at all "
                       "(they belong to the games above)")
        if self.settings_lost:
            out.append(f"LOST {self.settings_lost} setting(s): the banker's token may need "
                       "companion serve --new-banker-token; a family's edition copy may be gone")
        out.append(f"the damaged file is kept as {self.kept_aside} (nothing was deleted)")
        return out
