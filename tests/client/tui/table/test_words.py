"""Cards, events and actions worded from the player's seat (the catalogues are tested in
tests/client/i18n by their owner)."""

from __future__ import annotations

from seasalt.client.words.game import Names, action_label, card_name, describe_event
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


def test_each_pair_of_the_engines_table_is_worded_by_its_effect() -> None:
    # The client learns which cards pair, and what the pair does, from the engine's pair table
    # (issue 16): every effect has its own words, and a pair's label says its effect.
    from seasalt.client.words.game import effect_words, pair_effect
    from seasalt.engine import PAIR_KINDS, DuoEffect, Kind

    words = {effect: effect_words(effect) for effect in DuoEffect}
    assert all(words.values()) and len(set(words.values())) == len(words)
    first_of: dict[Kind, list[int]] = {}
    for c in ALL_CARDS:
        first_of.setdefault(c.kind, []).append(c.id)
    for pair in PAIR_KINDS:
        a = first_of[pair.first][0]
        b = first_of[pair.second][1 if pair.first is pair.second else 0]
        assert pair_effect((a, b)) == words[pair.effect]
    shell = first_of[Kind.SHELL][0]
    assert pair_effect((first_of[PAIR_KINDS[0].first][0], shell)) == ""
