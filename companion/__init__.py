"""companion — the bank, bookkeeper and money referee for a real Monopol table.

The core is pure Python: commands are validated against the state of a game and turned
into events appended to an SQLite log; the state is the fold of those events.  Nothing
here imports Flask, gpiozero or serial, and nothing reads the environment.
"""

__version__ = "0.1.0"
