"""Tests that need an outside tool (OpenSCAD, Chromium, Mosquitto, ...) ask for it here.

Without the tool the test skips and names the Debian package that provides it, so a
workstation without it still runs everything else; under CI (CI set to a true value) a
missing tool fails the test instead, so CI cannot pass without having run it.
`make test` installs the packages when it runs as root or with sudo (`make system-deps`).
"""

import importlib.util
import os
import shutil

import pytest


def in_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(what, fix):
    """Skip (workstation) or fail (CI) because `what` is missing; `fix` says how to get it."""
    if in_ci():
        pytest.fail(f"CI is set but {what}: {fix}")
    pytest.skip(f"{what}; {fix}")


def require_tool(command, package):
    """The path of `command`, or skip/fail naming the Debian `package` that provides it."""
    path = shutil.which(command)
    if path is None:
        unavailable(f"`{command}` is not installed",
                    f"install Debian's {package} package (`make system-deps` does it as root)")
    return path


def require_module(module, pip_name=None):
    """Import check for an optional Python module, naming the pip package that provides it."""
    if importlib.util.find_spec(module) is None:
        unavailable(f"the Python module {module} is not installed",
                    f"pip install {pip_name or module} (the test extras: pip install -e '.[test]')")
