"""Every command of the table log (shared/TABLE-LOG.md), registered by name.

Importing this package registers the handlers of every module below in
:data:`companion.commands.base.REGISTRY`.
"""

from companion.commands import money, property, setup, turns  # noqa: F401  (registration)
from companion.commands.base import REGISTRY, Cmd, Draft, Spec, command

__all__ = ["REGISTRY", "Cmd", "Draft", "Spec", "command"]
