"""seasalt.client.files: what the client keeps on this machine between runs.

The player's name and settings, the start menu's solo choices, the client identity, the
session tokens kept per server, and replay files: each module reads and writes its own file
(in the user config or data dir, through seasalt.common.files) and knows no screen.
"""
