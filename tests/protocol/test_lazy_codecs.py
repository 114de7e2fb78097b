"""Each message type's codec is built on its first use, not when the protocol is imported.

Checked in a fresh interpreter (this one has used every codec): importing the protocol builds
none; encoding one message builds that type's encoder only, decoding it that type's decoder
only (the other types' tags are still known: an unknown tag is still refused as before).
"""

from __future__ import annotations

import json
import subprocess
import sys

FIRST_USE = """
import json
from seasalt.protocol import codec_decode, wire
from seasalt.protocol import DecodeError, Hello, PROTOCOL_VERSION, decode_client_message, encode

def built() -> int:
    return len(codec_decode._decoders)

seen = {"import": [len(wire._encoders), built()]}
frame = encode(Hello(PROTOCOL_VERSION, "Ann"))
seen["encode"] = [sorted(c.__name__ for c in wire._encoders), built()]
assert decode_client_message(frame) == Hello(PROTOCOL_VERSION, "Ann")
seen["decode"] = [sorted(c.__name__ for c in wire._encoders), built()]
try:
    decode_client_message(b"\\x81\\xa1t\\xa7welcome")
except DecodeError as e:
    seen["server's tag"] = type(e).__name__
print(json.dumps(seen))
"""


def test_codecs_are_built_on_first_use_per_message_type() -> None:
    done = subprocess.run([sys.executable, "-c", FIRST_USE], capture_output=True, text=True,
                          check=True)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["import"] == [0, 0]
    assert seen["encode"] == [["Hello"], 0]
    # Hello's fields are checked inline (an int, a string): no other type's decoder is built
    # (building every message's decoder at import built the views', actions', events'...).
    assert seen["decode"] == [["Hello"], 0]
    assert seen["server's tag"] == "UnknownMessageType"
