"""The engine and bots tests stay runnable under PyPy (``bash .ci/pypy``, issue 19).

PyPy runs them with the CPython venv's pure-Python packages and cannot load the extension
modules compiled for CPython in it (pyzmq's). CI has no PyPy, so nothing noticed when the root
conftest began to import ``zmq`` (2 December): ``.ci/pypy`` failed before collecting a test
until session 18. This collects those tests on CPython as ``.ci/pypy`` runs them, with every
extension module of the venv's site-packages made unimportable, as it is for PyPy (msgpack then
takes its pure-Python fallback, as under PyPy)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from seasalt.testing.waiting import stretched

ROOT = Path(__file__).resolve().parent.parent

AS_PYPY = """
import importlib.machinery, sys, sysconfig
site = sysconfig.get_paths()["purelib"]

class CompiledRefused:
    def find_spec(self, name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        loader = spec.loader if spec is not None else None
        if isinstance(loader, importlib.machinery.ExtensionFileLoader) \\
                and spec.origin.startswith(site):
            raise ImportError(f"{name} is compiled for CPython: PyPy cannot load it")
        return None

sys.meta_path.insert(0, CompiledRefused())
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""


@pytest.mark.timeout(120)
def test_the_engine_and_bots_tests_import_nothing_compiled_for_cpython() -> None:
    # The options of .ci/pypy, collection only.
    args = ["-p", "xdist.plugin", "-p", "pytest_timeout", "-o", "addopts=",
            "--import-mode=importlib", "-p", "no:cacheprovider", "--collect-only", "-q",
            "tests/engine", "tests/bots"]
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run([sys.executable, "-c", AS_PYPY, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=stretched(110))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "tests collected" in done.stdout, done.stdout[-500:]
    assert "compiled for CPython" not in done.stdout + done.stderr
