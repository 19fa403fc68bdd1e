"""The layers of ``companion/`` (issue 14, point 3): read every module's imports with
``ast`` — at the top, inside functions and under ``TYPE_CHECKING`` alike — and fail on a
cycle between modules, on an arrow that runs up the declared order, and on anything of
the web, the hardware or the environment.

:data:`LAYERS` is the order from the bottom to the top; companion/__init__.py says in one
line what each layer is.  A module belongs to the layer of its longest listed prefix
(``companion.rules.wonders`` before ``companion.rules``); a ``*`` stands for one name
(``companion.mechanics.*.folds``: every mechanic's folds; a mechanic's package itself,
``companion.mechanics.*``, is only its docstring; the registry
:data:`companion.mechanics.MECHANICS` is data).  A module may import its own
layer or any layer below, never one above.  The rule sets are reached from the core
only through :func:`companion.rules.rules_for` (``import_module`` of the registry
:data:`companion.editions.rulesets.RULE_SETS`, not an arrow here).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.editions.rulesets import RULE_SETS
from companion.mechanics import MECHANICS
from companion.mechanics.base import load
from companion.rules.ruleset import load as load_rules

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

#: From the bottom to the top: (layer, the modules and packages in it).
LAYERS: list[tuple[str, list[str]]] = [
    ("basics", ["companion", "companion.errors", "companion.records", "companion.events",
                "companion.mechanics", "companion.mechanics.*"]),
    ("editions", ["companion.editions"]),
    ("store", ["companion.logfile", "companion.store", "companion.budget", "companion.client_ids",
               "companion.group"]),
    ("state", ["companion.state", "companion.mechanics.*.state"]),
    ("money", ["companion.money"]),
    ("folds", ["companion.folds", "companion.mechanics.*.folds"]),
    ("draft", ["companion.ledger.draft"]),
    ("rules that compute", ["companion.rules", "companion.mechanics.*.facts"]),
    ("valuation", ["companion.valuation"]),
    ("ledger", ["companion.ledger"]),
    ("rules that emit", ["companion.rules.multimillionaer", "companion.rules.wonders",
                         "companion.rules.kortstokk", "companion.rules.lapse",
                         "companion.mechanics.*.rules", "companion.mechanics.*.worth",
                         "companion.mechanics.*.view"]),
    ("mechanics", ["companion.mechanics.base", "companion.mechanics.*.mechanic"]),
    ("view", ["companion.view"]),
    ("commands", ["companion.commands", "companion.mechanics.*.commands"]),
    ("table", ["companion.outcome", "companion.command_text", "companion.memory",
               "companion.batch", "companion.table"]),
    ("replay", ["companion.replay"]),
    ("rescue", ["companion.rescue"]),
]

#: Top-level packages the core must never import (STYLE: web and hardware use companion).
FORBIDDEN = {"web", "hardware", "flask", "gpiozero", "serial"}


def module_name(path: Path) -> str:
    """``companion/rules/wonders.py`` -> ``companion.rules.wonders`` (a package: its name)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of companion/ by dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """(dotted module, line) of every import in ``path``, however deep in the tree: a
    ``from package import module`` names the module, else the package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                child = f"{base}.{alias.name}"
                yield (child if child in known else base), node.lineno


def graph() -> dict[str, dict[str, int]]:
    """module -> {companion module it imports: line of the first such import}."""
    found = modules()
    arrows: dict[str, dict[str, int]] = {}
    for name, path in found.items():
        arrows[name] = {}
        for target, line in imported(name, path, set(found)):
            if target in found and target != name:
                arrows[name].setdefault(target, line)
    return arrows


def layer_of(module: str) -> int | None:
    """Index in :data:`LAYERS` of the longest entry naming ``module`` or a package of it
    (the root ``companion`` only names itself); None when no layer lists it."""
    best: tuple[int, int] | None = None
    for index, (_layer, entries) in enumerate(LAYERS):
        for entry in entries:
            hit = _names(module, entry) or (entry != "companion" and "*" not in entry
                                            and module.startswith(entry + "."))
            if hit and (best is None or len(entry) > best[0]):
                best = (len(entry), index)
    return None if best is None else best[1]


def _names(module: str, entry: str) -> bool:
    """True when ``entry`` names ``module`` exactly, a ``*`` standing for any one name."""
    parts, wanted = module.split("."), entry.split(".")
    if len(parts) != len(wanted):
        return False
    return all(w in ("*", p) for p, w in zip(parts, wanted, strict=True))


def cycles(arrows: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in arrows[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(arrows):
        if node not in index:
            visit(node)
    return found


def test_every_module_of_companion_is_in_a_layer() -> None:
    """A new module (or package) is placed in :data:`LAYERS` before it is used."""
    assert [m for m in modules() if layer_of(m) is None] == []


def test_no_cycle_between_the_modules_of_companion() -> None:
    """Issue 14 (3): no import cycle, not even one dodged inside a function or under
    TYPE_CHECKING (errors <-> editions.problems, state <-> folds were ones)."""
    assert cycles(graph()) == []


def test_every_import_in_companion_points_down_the_layers() -> None:
    """Issue 14 (3): a module imports its own layer or one below (:data:`LAYERS`): the
    rules take the ledger's Draft, charge and finish from companion.ledger, never from
    the commands."""
    upward = [f"{source}:{line} -> {target} ({LAYERS[layer_of(source) or 0][0]} -> "
              f"{LAYERS[layer_of(target) or 0][0]})"
              for source, targets in sorted(graph().items())
              for target, line in sorted(targets.items())
              if (layer_of(target) or 0) > (layer_of(source) or 0)]
    assert upward == []


def test_companion_imports_nothing_of_the_web_the_hardware_or_the_environment() -> None:
    """The core is pure Python: no web/, hardware/, Flask, gpiozero or serial, and no
    ``os.environ`` / ``os.getenv`` (configuration comes in as arguments)."""
    found = modules()
    bad = [f"{name}:{line} imports {target}"
           for name, path in found.items()
           for target, line in imported(name, path, set(found))
           if target.split(".")[0] in FORBIDDEN or target in ("os.environ", "os.getenv")]
    for name, path in found.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "putenv")
                    and isinstance(node.value, ast.Name) and node.value.id == "os"):
                bad.append(f"{name}:{node.lineno} reads os.{node.attr}")
    assert bad == []


@pytest.mark.parametrize("source, expected", [
    ("from companion.ledger.draft import Draft\n", ["companion.ledger.draft"]),
    ("def f():\n    from companion.commands import base\n", ["companion.commands.base"]),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import companion.table\n",
     ["typing", "companion.table"]),
    ("from . import payments\n", ["companion.ledger.payments"]),
])
def test_the_reader_sees_imports_in_functions_and_under_type_checking(
        tmp_path: Path, source: str, expected: list[str]) -> None:
    """The check itself: every kind of import is read (so a dodge is caught)."""
    path = tmp_path / "mod.py"
    path.write_text(source, encoding="utf-8")
    known = set(modules())
    assert [t for t, _line in imported("companion.ledger.mod", path, known)] == expected


def test_the_check_fails_on_a_cycle_and_on_an_upward_arrow() -> None:
    """The check itself: a made-up cycle is found, and rules -> commands runs upward."""
    assert cycles({"a": {"b": 1}, "b": {"a": 2}, "c": {}}) == [["a", "b"]]
    ledger, rules, commands = (layer_of(m) for m in (
        "companion.ledger.ending", "companion.rules.wonders", "companion.commands.base"))
    assert ledger is not None and rules is not None and commands is not None
    assert ledger < rules < commands
    assert layer_of("companion.rules.buildings") == layer_of("companion.rules")


#: The generic core (and the web page that lists the forms' choices): none of these may
#: name an edition mechanic's module (issue 14, point 2); they loop over the rule set's
#: mechanics (:mod:`companion.mechanics.base`) or ask the rule set.
GENERIC = ["companion.state", "companion.view", "companion.folds", "companion.folds.core",
           "companion.folds.play", "companion.valuation", "companion.table",
           "companion.rules.ruleset", "companion.rules.trading", "companion.rules.lapse",
           "companion.rules.build_timing", "companion.commands.trades", "web.pages"]

#: Edition modules outside companion/mechanics/: the thin rule-set classes (which call
#: into their mechanics) and Kortstokk-Monopol's own K rules and commands.
MECHANIC_MODULES = {"companion.rules.multimillionaer", "companion.rules.wonders",
                    "companion.rules.kortstokk", "companion.commands.kortstokk"}


def is_mechanic(module: str) -> bool:
    """True for a module of one mechanic: under ``companion.mechanics.<name>``, or one of
    :data:`MECHANIC_MODULES` (the registry and :mod:`companion.mechanics.base` are not)."""
    parts = module.split(".")
    inside = parts[:2] == ["companion", "mechanics"] and len(parts) > 2 and parts[2] != "base"
    return inside or module in MECHANIC_MODULES


def test_issue14_no_generic_core_module_imports_a_mechanic_by_name() -> None:
    """Issue 14 (2): view, state, folds, trading, trades, the table and web/pages.py reach
    the Multimillionær, Verdens underverker and Kortstokk mechanics only through the rule
    set and :mod:`companion.mechanics.base`, never by importing their modules."""
    known = set(modules())
    paths = {**modules(), "web.pages": ROOT / "web" / "pages.py"}
    named = [f"{name}:{line} imports {target}"
             for name in GENERIC
             for target, line in imported(name, paths[name], known)
             if is_mechanic(target)]
    assert named == []


def test_issue14_every_rule_set_s_mechanics_are_registered() -> None:
    """A rule set's ``mechanics`` are names of :data:`companion.mechanics.MECHANICS`, and
    each registered mechanic loads under its own name (a misspelt one fails here)."""
    listed = {m for name in RULE_SETS for m in load_rules(name).mechanics}
    assert listed <= set(MECHANICS)
    assert [load(name).name for name in MECHANICS] == list(MECHANICS)


def test_the_mechanic_check_sees_a_mechanic_import() -> None:
    """The check itself: a mechanic's module is one, the registry and the base are not."""
    assert is_mechanic("companion.mechanics.stocks.state")
    assert is_mechanic("companion.mechanics.stocks.rules")
    assert is_mechanic("companion.rules.wonders")
    assert not is_mechanic("companion.mechanics.base") and not is_mechanic("companion.mechanics")


#: Modules outside companion/mechanics/ that may import a mechanic's modules by name: the
#: rule sets (:data:`~companion.editions.rulesets.RULE_SETS`), which call into the
#: mechanics they list, and Kortstokk-Monopol's own commands (its K rules are the rule
#: set's, over the ``fire_insurance`` slice).
MECHANIC_USERS = {path.partition(":")[0] for path in RULE_SETS.values()} | {
    "companion.commands.kortstokk"}


def test_issue14_a_mechanic_s_modules_are_reached_only_from_mechanics_and_rule_sets() -> None:
    """Issue 14 (2): adding a mechanic touches its own package and one registry line — no
    core module imports a mechanic's rules, view or commands; only other mechanics and
    the rule sets that play with it do (:data:`MECHANIC_USERS`)."""
    known = set(modules())
    reached = [f"{name}:{line} imports {target}"
               for name, path in modules().items()
               if not is_mechanic(name) and name not in MECHANIC_USERS
               for target, line in imported(name, path, known)
               if is_mechanic(target) and target.split(".")[:2] == ["companion", "mechanics"]]
    assert reached == []


def test_issue14_every_mechanic_s_commands_are_registered_through_the_one_list() -> None:
    """Issue 14 (2): each mechanic's ``commands`` module is in
    :data:`companion.commands.MODULES`, filled from :data:`~companion.mechanics.MECHANICS`
    (the package imports no mechanic by name), and every rule set's own command is
    registered."""
    from companion.commands import MODULES, REGISTRY

    files = [f"{package}.commands" for package in MECHANICS.values()
             if (ROOT / package.replace(".", "/") / "commands.py").exists()]
    assert {"companion.mechanics.stocks.commands", "companion.mechanics.notes.commands",
            "companion.mechanics.ola.commands",
            "companion.mechanics.passports.commands"} <= set(files)
    assert [m.__name__ for m in MODULES if m.__name__.startswith("companion.mechanics.")] == files
    own = {c for name in RULE_SETS for c in load_rules(name).commands}
    assert own - set(REGISTRY) == set()
    named = [t for t in graph()["companion.commands"] if t.startswith("companion.mechanics.")]
    assert named == []
