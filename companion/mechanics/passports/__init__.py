"""The ``passports`` mechanic: its state, folds and view (see :mod:`companion.mechanics`)."""
