"""The ``notes`` mechanic: its state, folds and view (see :mod:`companion.mechanics`)."""
