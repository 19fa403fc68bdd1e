"""The ``fire_insurance`` mechanic: its state, folds and view (see :mod:`companion.mechanics`)."""
