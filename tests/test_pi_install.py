"""The Pi install on Raspberry Pi OS Bookworm (Python 3.11) and Trixie (3.13) (issue 18 point 5).

PyPI's lgpio 0.2.2.0 has aarch64 wheels for CPython 3.9-3.12 only (``manylinux_2_34``); with
no compiler a resolver on 3.13 falls back to lgpio 0.0.0.2, whose ``lgpio.py`` is empty.  The
``pi`` extra pins lgpio >= 0.2.2 where a wheel exists and leaves it out on 3.13 (Trixie uses
Raspberry Pi OS's ``python3-lgpio``); ``tool.uv.constraint-dependencies`` refuses 0.0.0.2.

The lock is read offline; resolving it for the Pi's platforms needs the package index
(``uv pip compile --python-platform``, glibc 2.36 on Bookworm, 2.41 on Trixie: uv's highest
``aarch64-manylinux_2_40``) and skips, saying why, when the index cannot be reached.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import tomllib
import urllib.request
from pathlib import Path

import pytest

from web import doctor

ROOT = Path(__file__).resolve().parent.parent
INDEX = "https://pypi.org/simple/lgpio/"
BOOKWORM, TRIXIE = "aarch64-manylinux_2_36", "aarch64-manylinux_2_40"


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH")
    return uv


@pytest.fixture(scope="module")
def index() -> None:
    """Skip when the package index cannot be reached (CI has it; an offline laptop not)."""
    try:
        with urllib.request.urlopen(INDEX, timeout=10):
            pass
    except OSError as exc:
        pytest.skip(f"the package index {INDEX} cannot be reached ({exc})")


def _uv_run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never", "NO_COLOR": "1"}
    return subprocess.run([_uv(), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def _compile(requirements: Path, platform: str, python: str) -> subprocess.CompletedProcess[str]:
    """``uv pip compile`` for the Pi in the project folder, wheels only: what installs there
    without a compiler."""
    return _uv_run("pip", "compile", str(requirements), "--python-platform", platform,
                   "--python-version", python, "--only-binary", ":all:", "--no-header",
                   "--no-annotate")


def _pins(output: str) -> dict[str, str]:
    pins = (line.split(" ;")[0].split("==") for line in output.splitlines() if "==" in line)
    return {name: version for name, version in pins}


def test_lock_has_lgpio_wheels_for_bookworm_and_never_the_empty_one() -> None:
    lock = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
    [lgpio] = [p for p in lock["package"] if p["name"] == "lgpio"]
    assert lgpio["version"] == "0.2.2.0"
    wheels = [w["url"].rsplit("/", 1)[1] for w in lgpio["wheels"]]
    assert "lgpio-0.2.2.0-cp311-cp311-manylinux_2_34_aarch64.whl" in wheels
    assert not any("cp313" in w for w in wheels)  # why Trixie takes Debian's package
    assert lock["manifest"]["constraints"] == [{"name": "lgpio", "specifier": ">=0.2.2"}]
    [ours] = [p for p in lock["package"] if p["name"] == "companion"]
    [pi] = ours["optional-dependencies"]["pi"]
    assert pi["marker"] == "python_full_version < '3.13' and sys_platform == 'linux'"


@pytest.mark.parametrize(("platform", "python", "lgpio"), [
    (BOOKWORM, "3.11", "0.2.2.0"),  # Raspberry Pi OS 12
    (BOOKWORM, "3.12", "0.2.2.0"),
    (TRIXIE, "3.13", None),  # Raspberry Pi OS 13: python3-lgpio from apt
])
def test_the_locked_pi_install_resolves_wheels_only(index: None, tmp_path: Path, platform: str,
                                                    python: str, lgpio: str | None) -> None:
    """Every locked package of ``uv sync --locked --no-dev --extra pi`` has a wheel for the
    Pi's platform and Python, and lgpio is the real one or none."""
    exported = tmp_path / "pi.txt"
    done = _uv_run("export", "--frozen", "--no-dev", "--extra", "pi", "--no-hashes",
                   "--no-emit-project", "--quiet", "-o", str(exported))
    assert done.returncode == 0, done.stderr
    resolved = _compile(exported, platform, python)
    assert resolved.returncode == 0, resolved.stderr
    pins = _pins(resolved.stdout)
    assert pins.get("lgpio") == lgpio
    assert {"gpiozero", "pyserial", "uvloop", "httptools", "orjson"} <= set(pins)


def test_the_constraint_refuses_the_empty_lgpio_on_313(index: None, tmp_path: Path) -> None:
    """Outside the project a wheels-only resolver takes lgpio 0.0.0.2 on 3.13 (the bug); in
    the project folder uv reads ``tool.uv.constraint-dependencies`` (uv pip too, seen with
    uv 0.13) and fails loudly instead, so ``uv pip install lgpio`` there cannot take it."""
    wanted = tmp_path / "requirements.txt"
    wanted.write_text("lgpio\n", encoding="utf-8")
    bare = _uv_run("pip", "compile", str(wanted), "--no-config", "--python-platform", TRIXIE,
                   "--python-version", "3.13", "--only-binary", ":all:", "--no-header",
                   cwd=tmp_path)
    assert bare.returncode == 0 and _pins(bare.stdout) == {"lgpio": "0.0.0.2"}, bare.stderr
    refused = _compile(wanted, TRIXIE, "3.13")  # in the project folder
    assert refused.returncode != 0 and "lgpio>=0.2.2" in refused.stderr
    assert "0.0.0.2" not in refused.stdout


def test_doctor_names_an_empty_lgpio(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """lgpio 0.0.0.2 as installed: an empty ``lgpio.py`` and its metadata, no ``_lgpio``."""
    (tmp_path / "lgpio.py").write_text("", encoding="utf-8")
    meta = tmp_path / "lgpio-0.0.0.2.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: lgpio\nVersion: 0.0.0.2\n",
                                   encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert importlib.util.find_spec("lgpio") is not None  # "import lgpio" would work
    finding = doctor._lgpio_finding(on_pi=True)
    assert not finding.ok
    assert finding.text.startswith(f"lgpio 0.0.0.2 at {tmp_path / 'lgpio.py'} is empty")
    assert "uv pip uninstall" in finding.text and "python3-lgpio" in finding.text
    (tmp_path / "_lgpio.cpython-311-aarch64-linux-gnu.so").write_bytes(b"")  # as 0.2.2.0 has
    assert doctor._lgpio_finding(on_pi=True).ok


def test_doctor_says_how_to_install_lgpio_on_a_pi() -> None:
    if importlib.util.find_spec("lgpio") is not None:
        pytest.skip("lgpio is installed here")
    finding = doctor._lgpio_finding(on_pi=True)
    assert not finding.ok and "--extra pi" in finding.text and "Trixie" in finding.text
    assert doctor._lgpio_finding(on_pi=False).ok
