"""systemd/companion.service passes ``systemd-analyze verify`` without a single warning.

verify runs with ``--root`` on a scratch root holding the unit, the machine's stock units (for
``multi-user.target`` and friends) and an executable at the ExecStart path, so the unit file
is checked exactly as shipped.  CI needs Debian's ``systemd`` package; a missing tool fails.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).parent.parent / "systemd" / "companion.service"
STOCK_UNITS = Path("/usr/lib/systemd/system")


def directives(text: str) -> list[tuple[str, str, str]]:
    """``(section, key, value)`` for every setting, in order (keys may repeat)."""
    found, section = [], ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line and not line.startswith(("#", ";")):
            key, _, value = line.partition("=")
            found.append((section, key.strip(), value.strip()))
    return found


def values(key: str) -> list[str]:
    return [v for _, k, v in directives(UNIT.read_text()) if k == key]


def verify(unit_text: str, root: Path) -> subprocess.CompletedProcess[str]:
    """``systemd-analyze verify --root=root companion.service`` on ``unit_text``."""
    tool = shutil.which("systemd-analyze")
    assert tool, "systemd-analyze is missing: apt-get install systemd"
    (root / "etc/systemd/system").mkdir(parents=True, exist_ok=True)
    (root / "etc/systemd/system/companion.service").write_text(unit_text)
    if not (root / "usr/lib/systemd/system").exists():
        shutil.copytree(STOCK_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    exe = root / shlex.split(values("ExecStart")[0])[0].lstrip("/")
    exe.parent.mkdir(parents=True, exist_ok=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    return subprocess.run([tool, "verify", "--man=no", f"--root={root}", "companion.service"],
                          capture_output=True, text=True, timeout=60)


def test_unit_verifies_without_warnings(tmp_path: Path) -> None:
    result = verify(UNIT.read_text(), tmp_path)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_verify_would_catch_a_mistake(tmp_path: Path) -> None:
    broken = UNIT.read_text().replace("[Service]\n", "[Service]\nRestartt=always\n")
    result = verify(broken, tmp_path)
    assert "Restartt" in result.stdout + result.stderr


@pytest.mark.parametrize("key, expected", [
    ("Type", "notify"), ("NotifyAccess", "main"), ("WatchdogSec", "30"),
    ("Restart", "on-failure"), ("User", "companion"), ("StateDirectory", "companion"),
    ("KillSignal", "SIGTERM"), ("TimeoutStopSec", "10"), ("ProtectSystem", "strict"),
    ("ProtectHome", "yes"), ("NoNewPrivileges", "yes"), ("PrivateTmp", "yes"),
    ("DevicePolicy", "closed"), ("WorkingDirectory", "%S/companion"),
])
def test_unit_setting(key: str, expected: str) -> None:
    assert values(key) == [expected]


def test_unit_runs_the_venv_script_on_the_state_directory() -> None:
    argv = shlex.split(values("ExecStart")[0])
    assert argv[0] == "/opt/companion/.venv/bin/companion" and argv[1] == "serve"
    assert argv[argv.index("--data") + 1] == "%S/companion"


def test_unit_groups_environment_and_devices() -> None:
    assert set(values("SupplementaryGroups")[0].split()) == {"gpio", "dialout"}
    assert "GPIOZERO_PIN_FACTORY=lgpio" in values("Environment")
    assert "PYTHONUNBUFFERED=1" in values("Environment")  # the banker token reaches the journal
    allowed = {v.split()[0] for v in values("DeviceAllow")}
    assert {"char-gpiochip", "char-ttyUSB", "char-ttyACM"} <= allowed
    assert values("PrivateDevices") == []
    assert set(values("RestrictAddressFamilies")[0].split()) == {"AF_INET", "AF_INET6", "AF_UNIX"}


#: The kernel module that registers each serial device group the unit allows (/proc/devices).
SERIAL_MODULES = {"char-ttyUSB": "usbserial", "char-ttyACM": "cdc_acm"}


def test_serial_modules_load_before_the_device_policy_is_set() -> None:
    """Issue 18, point 2: DeviceAllow=char-ttyUSB/char-ttyACM are resolved at start; on a Pi
    their drivers are modules, so the unit pulls in and waits for modprobe@ of each."""
    unit = [(s, k, v.split()) for s, k, v in directives(UNIT.read_text())]
    wants = {w for s, k, v in unit if s == "Unit" and k == "Wants" for w in v}
    after = {a for s, k, v in unit if s == "Unit" and k == "After" for a in v}
    allowed = {v.split()[0] for v in values("DeviceAllow")}
    for group, module in SERIAL_MODULES.items():
        assert group in allowed
        assert f"modprobe@{module}.service" in wants & after
    assert (STOCK_UNITS / "modprobe@.service").is_file()  # systemd 245+; Bookworm has 252
