"""The package metadata uses today's forms, so building it warns about nothing."""

import re
import tomllib
from pathlib import Path

PYPROJECT = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())


def test_the_license_is_an_spdx_expression_and_setuptools_understands_it():
    assert PYPROJECT["project"]["license"] == "MIT"  # not the deprecated {text = ...} table
    [setuptools] = [r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")]
    minimum = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools)
    assert minimum and int(minimum.group(1)) >= 77  # the first setuptools reading SPDX strings
