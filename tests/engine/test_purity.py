"""The engine imports only the standard library (DESIGN: engine is pure)."""

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
before = set(sys.modules)
import seasalt.engine
import seasalt.engine.demo
new = sorted(set(sys.modules) - before)
print(json.dumps(new))
"""


@pytest.mark.timeout(60)
def test_importing_the_engine_loads_only_the_standard_library() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=50
    )
    loaded = json.loads(out.stdout)
    assert "seasalt.engine" in loaded
    outside = [
        m for m in loaded
        if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "seasalt"
    ]
    assert outside == []
    ours = [m for m in loaded if m.split(".")[0] == "seasalt"]
    assert all(m == "seasalt" or m.startswith("seasalt.engine") for m in ours), ours
