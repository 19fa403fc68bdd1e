"""The physical table: seat buttons, a banker button and an Adalight LED strip (issue 4).

Start it with :func:`start_hardware` (``real`` on a Raspberry Pi, ``sim`` elsewhere, see
:func:`detect_mode`); wiring and the layout file are in ``hardware/README.md``.  This package
may import the core (``companion``) but never ``web``; importing it opens nothing.
"""

from hardware.config import ConfigError, Layout, load, load_if_present
from hardware.runtime import MODES, Hardware, detect_mode, start_hardware

__all__ = ["MODES", "ConfigError", "Hardware", "Layout", "detect_mode", "load",
           "load_if_present", "start_hardware"]
