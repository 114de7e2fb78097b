"""A catalogue is compiled once per change and read back from the user's cache folder
(client/words/catalogue_cache.py): the same translations, and no Babel at a start that finds it.

(The cache folder is each test's own: tests/conftest.py points XDG_CACHE_HOME at a fresh one.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from seasalt.client.words import catalogue_cache

SPEAK = """
import json, sys
from seasalt.client.words.i18n import translator
fr, en = translator("fr"), translator("en")
print(json.dumps([fr("Play solo"), fr.pgettext("you", "{who} holds: "),
                  en.pgettext("you", "{who} holds: "), "babel" in sys.modules]))
"""


def speak() -> list[object]:
    done = subprocess.run([sys.executable, "-c", SPEAK], capture_output=True, text=True,
                          check=True, env=dict(os.environ))
    said: list[object] = json.loads(done.stdout.strip().splitlines()[-1])
    return said


def test_a_second_start_reads_the_compiled_catalogues_without_babel() -> None:
    first = speak()
    assert first[:3] == ["Jouer seul", "Vous détenez\u00a0: ", "You hold: "]  # (French spacing)
    assert first[3] is True
    assert sorted(p.name.split("-")[0] for p in catalogue_cache.cache_dir().glob("*.mo")) == [
        "en", "fr"]
    assert speak() == [*first[:3], False]


def test_a_changed_catalogue_is_compiled_afresh_and_a_broken_file_is_not_read() -> None:
    compiled: list[bytes] = []

    def compile_po(source: bytes) -> bytes:
        compiled.append(source)
        return b"\xde\x12\x04\x95" + source

    def get(source: bytes, made_by: bytes = b"code 1") -> bytes:
        return catalogue_cache.compiled("xx", source, compile_po, made_by)

    assert get(b"one") == get(b"one") == b"\xde\x12\x04\x95one"
    assert compiled == [b"one"]
    assert get(b"two") == b"\xde\x12\x04\x95two"  # the catalogue changed
    assert get(b"two", b"code 2") == b"\xde\x12\x04\x95two"  # the code that compiles it did
    assert compiled == [b"one", b"two", b"two"]
    kept = list(catalogue_cache.cache_dir().glob("xx-*.mo"))
    assert len(kept) == 1  # the older ones are removed
    kept[0].write_bytes(b"half a fi")
    assert get(b"two", b"code 2") == b"\xde\x12\x04\x95two"
    assert len(compiled) == 4
