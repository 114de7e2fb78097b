"""seasalt.client.net: the network library, without Textual.

What a client needs to talk to a seasalt server (docs/protocol.md): server addresses, the
intents a player sends, the sans-IO session, the socket driver (``connection``, its socket, its
opening handshake, its timing and the requests it sends again), CurveZMQ keys, the servers
announced on the LAN, and a server's history. The headless player and the Textual app both
stand on it; nothing here imports Textual or the app.
"""
