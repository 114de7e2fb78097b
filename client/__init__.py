"""seasalt.client: the network client library, the headless player and (lazily) the Textual app.

Importing this package, ``seasalt.client.connection`` or ``seasalt.client.headless`` never
imports Textual; only ``seasalt.client.app`` does.
"""
