"""The test run's shared stylesheet parse (seasalt.testing.pilot_costs, installed by
tests/conftest.py) gives each app the rules its own parse would make: the same CSS with the
same variables is parsed once, other variables (a theme) get their own parse, and a CSS error
is raised again each time, never cached."""

from __future__ import annotations

import pytest
from seasalt.testing import pilot_costs
from textual.css.stylesheet import Stylesheet, StylesheetParseError

CSS = "Label { color: $accent; } #x { width: 3; }"


def sheet(css: str, **variables: str) -> Stylesheet:
    s = Stylesheet(variables=variables)
    s.add_source(css, read_from=("test_pilot_costs", "CSS"))
    return s


def colour(s: Stylesheet) -> object:
    rule = next(r for r in s.rules if "Label" in r.selector_names)
    return rule.styles.color


def test_the_run_has_the_shared_parse_installed() -> None:
    assert getattr(Stylesheet._parse_rules, "_seasalt_shared", False)
    pilot_costs.share_parsed_css()  # idempotent: not wrapped twice
    assert not getattr(Stylesheet._parse_rules._seasalt_original,  # type: ignore[attr-defined]
                       "_seasalt_shared", False)


def test_the_same_css_and_variables_share_one_parse_and_other_variables_do_not() -> None:
    one, two = sheet(CSS, accent="#ff0000"), sheet(CSS, accent="#ff0000")
    other = sheet(CSS, accent="#0000ff")
    assert [r.css for r in one.rules] == [r.css for r in two.rules]
    assert one.rules[0] is two.rules[0]  # one parse, handed to both
    assert other.rules[0] is not one.rules[0]
    assert colour(one) != colour(other)  # each theme's colour, as its own parse makes it
    unshared = Stylesheet._parse_rules._seasalt_original  # type: ignore[attr-defined]
    own = unshared(Stylesheet(variables={"accent": "#0000ff"}), CSS,
                   ("test_pilot_costs", "CSS"))
    assert [r.css for r in own] == [r.css for r in other.rules]


def test_a_css_error_is_raised_every_time() -> None:
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            sheet("Label { colour-of-nothing: 3; }").parse()
