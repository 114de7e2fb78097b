"""seasalt.common: what the client and the server both need, written once.

The client may not import the server (DESIGN "The pieces"), so anything both sides use lives
here, under both: private files (:mod:`.files`), addresses and this machine's interfaces
(:mod:`.addresses`), the CurveZMQ public-key check (:mod:`.keys`), player-name limits
(:mod:`.names`) and the garbage collector's pace for a seasalt process (:mod:`.collector`).
It imports the standard library, ``seasalt.protocol`` and ``ifaddr`` only, and nothing here
opens a socket.

This package module imports nothing, so each side pays only for the helpers it uses.
"""
