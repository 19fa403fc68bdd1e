"""companion — the bank, bookkeeper and money referee for a real Monopol table.

The core is pure Python: commands are validated against the state of a game and turned
into events appended to an SQLite log; the state is the fold of those events.  Nothing
here imports Flask, gpiozero or serial, and nothing reads the environment.

Layers, from the bottom up; a module imports only its own layer or those below
(``tests/test_layers.py`` reads every import and fails on an arrow up or a cycle):

1. basics — ``errors`` (the one exception tree), ``records``, ``events``: no companion.
2. ``editions`` — the edition files: board, prices, settings, their problems.
3. ``store`` — the append-only SQLite log of commands and their events; ``logfile``:
   its file and rows checked as they are read.
4. ``state`` — the game's data and the ``fold_event`` dispatcher.
5. ``money`` — amounts in the edition's unit, written out.
6. ``folds`` — every event's fold, registered in one list; ``fold`` and ``apply``.
7. ``ledger.draft`` — ``Draft``: a state being changed by the events a command emits.
8. rules that compute — ``rules`` (``rules_for``, the base rule set ``Classic``) and
   what only computes.
9. ``valuation`` — worth, the tally and what a player can raise (C21–C23).
10. ``ledger`` — charging, debts, the pot, rent claims paid, ``finish``.
11. rules that emit — rule sets whose hooks move money or end games (W*, M*, K10).
12. ``view`` — the snapshot the phones, the console and the LEDs read.
13. ``commands`` — parsing a command (``Cmd``, the registry) and every handler.
14. ``table`` — games on one log: execute, undo, replay at start-up, listeners.
15. ``replay`` — a replay file (JSON Lines of commands) played through a table.
16. ``rescue`` — a damaged log's readable commands copied into a new log (issue 17).
"""

__version__ = "0.1.0"
