"""One parse of each stylesheet per test process, shared by every app the tests start.

Textual parses ``app.tcss`` and every widget's ``DEFAULT_CSS`` again for each ``App``: its
parse cache belongs to the app's ``Stylesheet``. The client runs one app per process, so that
costs it nothing; a test process starts some 1,500 apps, and the parse was about 8% of the CPU
of a typical Pilot test (32 of 417 ms: docs/testing.md "The CI budget"). :func:`share_parsed_css`
puts a process-wide cache in front of that parse, keyed on everything the parse reads: the CSS
text, where it was read from, its default/tie-breaker/scope arguments and the stylesheet's
variables (the theme's colours). Textual's own cache hands out the same parsed rule sets again
within one app (they are never changed after parsing), so sharing them between apps with the
same key gives each app the rules its own parse would have made. A CSS error is not cached:
the next parse raises it again.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

_parsed: dict[tuple[Any, ...], Any] = {}
_KEY_ATTR = "_seasalt_variables_key"


def _variables_key(sheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    """The stylesheet's variables as a key (remembered per variables dict: Textual replaces
    the dict, never changes it, when the theme changes: ``Stylesheet.set_variables``)."""
    variables = sheet._variables
    memo = getattr(sheet, _KEY_ATTR, None)
    if memo is None or memo[0] is not variables:
        memo = (variables, tuple(sorted(variables.items())))
        setattr(sheet, _KEY_ATTR, memo)
    key: tuple[tuple[str, str], ...] = memo[1]
    return key


def share_parsed_css() -> None:
    """Install the process-wide cache (idempotent)."""
    parse = Stylesheet._parse_rules
    if getattr(parse, "_seasalt_shared", False):
        return

    def shared_parse(self: Stylesheet, css: str, read_from: CSSLocation,
                     is_default_rules: bool = False, tie_breaker: int = 0,
                     scope: str = "") -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        rules = _parsed.get(key)
        if rules is None:
            rules = _parsed[key] = parse(self, css, read_from, is_default_rules,
                                         tie_breaker, scope)
        return rules

    shared_parse._seasalt_shared = True  # type: ignore[attr-defined]
    shared_parse._seasalt_original = parse  # type: ignore[attr-defined]
    setattr(Stylesheet, "_parse_rules", shared_parse)  # noqa: B010 - a method, replaced

