"""Every command of the table log (docs/table-log.md), registered by name.

Importing this package registers the handlers of every module below in
:data:`companion.commands.base.REGISTRY`.
"""

from companion.commands import (  # noqa: F401  (registration)
    auctions,
    bankruptcy,
    buildings,
    dice,
    editions,
    kortstokk,
    mm_notes,
    mm_shares,
    money,
    mortgages,
    multimillionaer,
    property,
    setup,
    trades,
    turns,
    wonders,
)
from companion.commands.base import REGISTRY, Cmd, Spec, command

__all__ = ["REGISTRY", "Cmd", "Spec", "command"]
