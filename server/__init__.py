"""seasalt.server: the LAN game server (DESIGN "The wire", "Durability", "Bots").

One ZeroMQ ROUTER socket, one authoritative engine state per table, a SQLite journal written
before anything is sent, and a process pool for bot seats. Start it with ``seasalt-server`` or
``python -m seasalt.server``; embed it with ``seasalt.server.app.Server``.

This package module imports nothing on purpose: bot-pool workers import
``seasalt.server.botpool`` and should not pay for ZeroMQ and SQLite.
"""
