"""DESIGN.md: every package and subpackage is listed, so a real (non-editable) install works.

Builds the wheel with the installed setuptools (no network) and checks it holds every module
and every data file of the source tree under its ``seasalt.*`` name.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA_SUFFIXES = {".tcss", ".po", ".mo", ".typed", ".html"}


def _source_files() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    expected = set()
    for package, folder in mapping.items():
        if "." in package and package.rsplit(".", 1)[0] in mapping:
            continue  # a subpackage: covered by walking its parent
        base = ROOT / folder
        for path in base.rglob("*"):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or path.suffix in DATA_SUFFIXES or path.name == "py.typed":
                rel = path.relative_to(base).as_posix()
                expected.add(package.replace(".", "/") + "/" + rel)
    return expected


@pytest.mark.timeout(180)
def test_wheel_contains_every_module_and_data_file(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("seasalt-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    missing = sorted(_source_files() - names)
    assert not missing, f"missing from the wheel: {missing}"
