"""The DNS-SD TXT record a server announces (protocol/discovery.py): what the server writes reads
back the same, and a record from the network that is not a seasalt server's is refused with a
reason (the client logs it and lists nothing), never an exception of another kind."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seasalt.protocol import PROTOCOL_VERSION
from seasalt.protocol.discovery import (
    MAX_SERVER_NAME,
    NO_MDNS_ENV,
    Announcement,
    BadAnnouncement,
    announcement_txt,
    clean_name,
    mdns_disabled,
    read_txt,
)

KEY = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"  # 40 Z85 characters, as --secure prints


def wire(txt: dict[str, str]) -> dict[bytes, bytes | None]:
    """The TXT dict as zeroconf hands it to a browser: bytes keys and values."""
    return {k.encode(): v.encode() for k, v in txt.items()}


def good(**changes: str | None) -> dict[bytes, bytes | None]:
    txt: dict[str, str] = {"name": "kitchen", "proto": str(PROTOCOL_VERSION), "tables": "2",
                           "waiting": "3", "secure": "0"}
    record = wire(txt)
    for key, value in changes.items():
        if value is None:
            record.pop(key.encode(), None)
        else:
            record[key.encode()] = value.encode()
    return record


def test_a_plain_server_reads_back() -> None:
    a = Announcement("kitchen", tables=2, waiting=3)
    assert read_txt(wire(announcement_txt(a))) == a
    assert announcement_txt(a) == {
        "name": "kitchen", "proto": str(PROTOCOL_VERSION), "tables": "2", "waiting": "3",
        "secure": "0",
    }


def test_a_secure_server_carries_its_public_key_and_a_web_url() -> None:
    a = Announcement("den", server_key=KEY, web="http://10.0.0.5:8080/")
    back = read_txt(wire(announcement_txt(a)))
    assert back == a and back.secure and back.server_key == KEY
    assert announcement_txt(a)["secure"] == "1"


names = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0, max_size=80
)


@settings(max_examples=200, deadline=None)
@given(name=names, tables=st.integers(0, 300), waiting=st.integers(0, 1000))
def test_any_name_the_server_announces_reads_back(name: str, tables: int, waiting: int) -> None:
    a = Announcement(name, tables=tables, waiting=waiting)
    back = read_txt(wire(announcement_txt(a)))
    assert back.name == clean_name(name)
    assert 1 <= len(back.name) <= MAX_SERVER_NAME and back.name.isprintable()
    assert (back.tables, back.waiting) == (tables, waiting)


def test_keys_are_case_insensitive_unknown_keys_ignored_first_one_wins() -> None:
    record = good()
    record[b"NAME"] = b"other"  # a repeat under another case: the first one counts
    record[b"future"] = b"whatever"
    record[b"flag"] = None  # a key without '=' (RFC 6763 6.4)
    a = read_txt(record)
    assert a.name == "kitchen" and a.tables == 2
    shouted = {k.upper(): v for k, v in good().items()}
    assert read_txt(shouted).name == "kitchen"


def test_counts_and_secure_may_be_missing() -> None:
    a = read_txt(good(tables=None, waiting=None, secure=None))
    assert (a.tables, a.waiting, a.secure) == (0, 0, False)


def test_a_key_without_secure_is_not_a_secure_server() -> None:
    assert read_txt(good(key=KEY)).server_key is None


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": None}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * (MAX_SERVER_NAME + 1)}, "name"),
        ({"name": "bell\x07"}, "name"),
        ({"proto": None}, "proto"),
        ({"proto": "one"}, "proto"),
        ({"proto": "-1"}, "proto"),
        ({"tables": " 7"}, "tables"),
        ({"tables": "+7"}, "tables"),
        ({"tables": "7_0"}, "tables"),
        ({"tables": "٣"}, "tables"),  # an Arabic-Indic digit: int() takes it, we do not
        ({"tables": "99999"}, "tables"),
        ({"waiting": "9" * 400}, "waiting"),
        ({"secure": "yes"}, "secure"),
        ({"secure": "1"}, "key"),
        ({"secure": "1", "key": "short"}, "key"),
        ({"secure": "1", "key": "é" * 40}, "key"),
        ({"web": "javascript:alert(1)"}, "web"),
        ({"web": "http://a b/"}, "web"),
        ({"web": "http://" + "a" * 300}, "web"),
    ],
)
def test_a_bad_record_is_refused_naming_the_field(
    changes: dict[str, str | None], field: str
) -> None:
    with pytest.raises(BadAnnouncement, match=f"TXT {field}"):
        read_txt(good(**changes))


def test_bytes_that_are_not_utf8_are_refused() -> None:
    record = good()
    record[b"name"] = b"\xff\xfe"
    with pytest.raises(BadAnnouncement, match="TXT name: not UTF-8"):
        read_txt(record)


def test_a_record_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(BadAnnouncement):
        read_txt({"name": "x"})  # type: ignore[dict-item]


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from([b"name", b"proto", b"tables", b"waiting", b"secure", b"key", b"web",
                         b"NaMe", b"x"]),
        st.none() | st.binary(max_size=60),
        max_size=8,
    )
)
def test_any_record_from_the_network_reads_or_is_refused(
    record: dict[bytes, bytes | None],
) -> None:
    try:
        a = read_txt(record)
    except BadAnnouncement:
        return
    assert a.name and a.name.isprintable() and len(a.name) <= MAX_SERVER_NAME
    assert a.server_key is None or len(a.server_key) == 40


def test_the_suite_runs_with_mdns_off() -> None:
    """tests/conftest.py: no server or client of a test announces or browses on a real network."""
    assert mdns_disabled()


def test_mdns_off_reads_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NO_MDNS_ENV, "0")
    assert not mdns_disabled()
    monkeypatch.delenv(NO_MDNS_ENV)
    assert not mdns_disabled()
    monkeypatch.setenv(NO_MDNS_ENV, "1")
    assert mdns_disabled()


def test_every_txt_key_is_in_the_spec() -> None:
    """docs/protocol.md §12 lists exactly the keys a server writes."""
    from pathlib import Path

    spec = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    section = spec.split("## 12. Finding servers on the LAN", 1)[1]
    keys = set(re.findall(r"^\| `([a-z]+)` \|", section, flags=re.MULTILINE))
    full = Announcement("x", server_key=KEY, web="http://10.0.0.5:8080/")
    assert keys == set(announcement_txt(full))
