"""Widgets of the Textual client: each renders one part of a view, never the rules."""

from seasalt.client.tui.widgets.wrap import keep_no_break_spaces

# Before anything is drawn: a no-break space must not end a line (French ": ; ! ?").
keep_no_break_spaces()
