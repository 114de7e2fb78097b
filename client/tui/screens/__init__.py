"""Screens of the Textual client: start menu, connecting, lobby, table, results, help."""
