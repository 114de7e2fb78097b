"""The English catalogue is complete, and events and cards are worded from the player's seat."""

from __future__ import annotations

from pathlib import Path

from seasalt.client import i18n
from seasalt.client.words import Names, action_label, card_name, describe_event
from seasalt.engine import (
    ALL_CARDS,
    Call,
    CallKind,
    Color,
    Event,
    EventKind,
    KeepCard,
    Rob,
    Rules,
    new_game,
    view,
)

CATALOGUE = Path(i18n.__file__).parent / "locale" / "en" / "LC_MESSAGES" / "seasalt.po"


def test_every_translatable_string_is_in_the_english_catalogue() -> None:
    catalogue = i18n.parse_po(CATALOGUE.read_text(encoding="utf-8"))
    missing = sorted({msgid for msgid, _path, _line in i18n.iter_msgids()} - set(catalogue))
    assert not missing, (
        f"{len(missing)} strings missing from {CATALOGUE}; regenerate with "
        f"`python -m seasalt.client.i18n > {CATALOGUE}`: {missing[:5]}"
    )


def test_catalogue_is_read_at_run_time_and_unknown_languages_fall_back_to_english() -> None:
    i18n.set_language("xx_YY")
    try:
        assert i18n._("End your turn") == "End your turn"
    finally:
        i18n.set_language("en")


def test_po_parser_reads_escapes_and_multiline_entries() -> None:
    text = 'msgid ""\nmsgstr "header"\n\nmsgid "a \\"b\\""\nmsgstr ""\n"x"\n"y"\n'
    assert i18n.parse_po(text) == {'a "b"': "xy"}


def test_every_card_names_its_colour_in_words() -> None:
    for c in ALL_CARDS:
        name = card_name(c.id)
        assert c.color.value.replace("_", " ") in name.replace("dark", "dark").lower()
    assert Color.BLACK.value in card_name(ALL_CARDS[6].id)


def test_events_are_worded_from_the_viewers_seat() -> None:
    names = Names(["Ann", "Bob", "Cy"], me=0)
    stolen = Event(EventKind.ROBBED, seat=1, target=0, card=0, private_to=(1, 0))
    assert describe_event(stolen, names) == "Bob stole Crab (dark blue) from you."
    hidden = Event(EventKind.ROBBED, seat=1, target=2, redacted=True)
    assert describe_event(hidden, names) == "Bob stole a random card from Cy."
    call = Event(EventKind.CALLED, seat=0, call=CallKind.LAST_CHANCE)
    assert describe_event(call, names) == "You called LAST CHANCE!"
    discard = Event(EventKind.DISCARDED, seat=2, card=20, pile=1)
    assert describe_event(discard, names) == "Cy put Fish (black) on pile 2."
    assert describe_event(Event(EventKind.TURN_ENDED, seat=1), names) is None
    for kind in EventKind:  # every kind can be worded without an error
        describe_event(Event(kind, seat=1, target=2, n=1, call=CallKind.STOP, won=True), names)


def test_action_labels_say_what_happens() -> None:
    v = view(new_game(Rules(3), seed=1), 0)
    names = Names(["Ann", "[red]Bob[/]", "Cy"], me=0)
    assert action_label(Rob(1), v, names).startswith("Rob [red]Bob[/]")
    assert "bet" in action_label(Call(CallKind.LAST_CHANCE), v, names)
    assert action_label(KeepCard(0, 1), v, names).endswith("on pile 2")
