"""Who sends a command, and what the table answers once it is committed."""

from __future__ import annotations

from dataclasses import dataclass

from companion import events as ev


@dataclass(frozen=True)
class Actor:
    """Who sends a command: ``role`` is ``banker``, ``player``, ``hardware`` or ``replay``;
    ``player`` names the sender when ``role`` is ``player``."""

    role: str = "banker"
    player: str | None = None

    def __str__(self) -> str:
        return f"player:{self.player}" if self.role == "player" else self.role


BANKER = Actor("banker")


@dataclass(frozen=True)
class Outcome:
    """An acknowledged command: its game, log ``seq``, events; ``duplicate`` when its client
    id had already been applied (nothing new happened)."""

    game_id: str
    seq: int
    events: tuple[ev.Event, ...] = ()
    duplicate: bool = False
