"""seasalt.client.files: what the client keeps on this machine between runs.

The player's settings (``settings``: one typed object, the name and the start menu's solo
choices included, in one file), the client identity and the session tokens kept per server
(secrets, each in a file of its own), and replay files: each module reads and writes its own
file (in the user config or data dir, through seasalt.common.files) and knows no screen.
"""
