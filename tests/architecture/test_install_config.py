"""Issue 12 "Reproducible installs": the lock covers what pyproject.toml declares, and mypy covers
every package.

``.ci/run`` installs ``requirements-test.txt`` with ``--require-hashes`` and then the project with
``--no-deps``, so a dependency added to pyproject.toml but not to the lock would simply be absent
in CI: these tests say so first, and name the command that fixes it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())
REFRESH = "bash .ci/lock --no-upgrade"


def _lock() -> dict[str, tuple[Version, Marker | None, list[str]]]:
    """requirements-test.txt as {name: (version, marker, hashes)}."""
    text = (ROOT / "requirements-test.txt").read_text()
    entries: dict[str, tuple[Version, Marker | None, list[str]]] = {}
    for line in text.replace("\\\n", " ").splitlines():  # one logical line per package
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        spec, _, rest = line.partition(" --hash=")
        hashes = [h for h in ("--hash=" + rest).split() if h.startswith("--hash=sha256:")]
        req = Requirement(spec.strip())
        (pin,) = req.specifier  # one exact pin per line
        assert pin.operator == "==", f"lock entry not pinned exactly: {line[:80]}"
        entries[canonicalize_name(req.name)] = (Version(pin.version), req.marker, hashes)
    return entries


def _declared() -> list[Requirement]:
    project = CONFIG["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["test"]
    return [Requirement(r) for r in declared]


def test_every_lock_entry_is_pinned_with_hashes() -> None:
    lock = _lock()
    assert len(lock) > 20  # the whole tree, not just the direct dependencies
    unhashed = sorted(name for name, (_, _, hashes) in lock.items() if not hashes)
    assert not unhashed, f"no --hash for {unhashed}"


def test_the_lock_satisfies_every_declared_dependency() -> None:
    lock = _lock()
    for req in _declared():
        name = canonicalize_name(req.name)
        if req.marker is not None and not req.marker.evaluate():
            continue
        assert name in lock, f"{req} is declared but not locked: run `{REFRESH}`"
        version = lock[name][0]
        assert req.specifier.contains(version, prereleases=True), (
            f"{req} is declared but the lock has {version}: run `{REFRESH}`"
        )


def test_textual_is_pinned_exactly_and_rich_is_declared() -> None:
    declared = {canonicalize_name(r.name): r for r in _declared()}
    (pin,) = declared["textual"].specifier  # snapshots depend on Textual's rendering
    assert pin.operator == "=="
    assert "rich" in declared  # the client imports rich itself


def test_mypy_checks_every_package_strictly() -> None:
    mypy = CONFIG["tool"]["mypy"]
    assert mypy["files"] == ["typings/seasalt"]
    assert mypy["strict"] is True
    for package, folder in CONFIG["tool"]["setuptools"]["package-dir"].items():
        link = ROOT / "typings" / Path(*package.split("."))
        assert link.resolve() == (ROOT / folder).resolve(), (
            f"mypy does not see {package}: add the link typings/{package.replace('.', '/')} "
            f"-> {folder}"
        )
