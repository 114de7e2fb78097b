"""tests/conftest.py's ERROR-log check: an unexpected error record fails the test; a test that
expects one says so (fixture or marker) and passes."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

CONFTEST = (Path(__file__).parent / "conftest.py").read_text(encoding="utf-8")


def test_an_expected_error_is_recorded(expect_error_logs: list[logging.LogRecord]) -> None:
    logging.getLogger("seasalt.server").error("the journal is gone")
    assert [r.getMessage() for r in expect_error_logs] == ["the journal is gone"]


@pytest.mark.expect_error_logs
def test_the_marker_also_expects_errors() -> None:
    logging.getLogger("seasalt.client").error("the server went away")


def test_an_unexpected_error_fails_the_test(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nmarkers =\n    expect_error_logs: errors expected\n")
    pytester.makepyfile(
        """
        import logging

        import pytest

        def test_quiet():
            logging.getLogger("x").warning("a warning is fine")

        def test_loud():
            logging.getLogger("x").error("nobody expected this")

        def test_expected(expect_error_logs):
            logging.getLogger("x").critical("on purpose")
            assert len(expect_error_logs) == 1

        @pytest.mark.expect_error_logs
        def test_marked():
            logging.getLogger("x").error("on purpose too")
        """
    )
    # A child process: an in-process run would end the outer session's plugins (snapshots).
    result = pytester.runpytest_subprocess("-p", "no:xdist", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, errors=1)
    result.stdout.fnmatch_lines(["*ERROR x: nobody expected this*"])
