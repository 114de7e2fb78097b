"""Widgets of the Textual client: each renders one part of a view, never the rules."""
