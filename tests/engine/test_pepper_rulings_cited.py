"""Every Extra Pepper edge ruling (RULES §12.15, P1-P95) has a test that cites it."""

import re
from pathlib import Path

RULES = Path(__file__).parents[2] / ".." / "shared" / "RULES.md"
HERE = Path(__file__).parent


def test_every_p_row_has_a_test() -> None:
    cited = set()
    for path in HERE.glob("test_pepper_*.py"):
        cited |= {int(n) for n in re.findall(r"# RULES §12\.15 P(\d+)\b", path.read_text())}
    rows = set(range(1, 96))
    if RULES.exists():  # the shared rules sit beside the checkout (HELPERS.md)
        table = RULES.read_text().split("### 12.15", 1)[1].split("### 12.16", 1)[0]
        rows = {int(n) for n in re.findall(r"^\| P(\d+) \|", table, re.M)}
        assert rows == set(range(1, 96))
    assert rows - cited == set()
