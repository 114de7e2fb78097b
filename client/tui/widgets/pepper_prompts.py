"""The prompts of Extra Pepper's decisions (RULES §12.3, §12.10, §12.12, §12.0 step 5), each
with what it means; the choices themselves are the legal actions, listed with their keys under
the prompt (client/tui/widgets/actions.py). Nothing here decides a rule."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.tui.widgets.cards import chip
from seasalt.client.tui.widgets.wrap import unbroken
from seasalt.client.words.event_cards import event_effect, event_name
from seasalt.client.words.game import Names, card_name, color_name
from seasalt.client.words.i18n import _
from seasalt.engine import EventCard, Phase, PlaceShellFaceDown, PlayerView, card


def _cards(card_ids: tuple[int, ...]) -> Text:
    return Text(" ").join(unbroken(chip(c)) for c in card_ids)


def play_notes(v: PlayerView) -> Text:
    """Notes under the play prompt: the Coral Reef's face-down shell, when it is offered."""
    text = Text()
    if any(isinstance(a, PlaceShellFaceDown) for a in v.legal_actions):
        text.append("\n")
        text.append(_("The Coral Reef: you may lay one shell face down. It scores nothing, only "
                      "you know which, and until the round ends nobody can rob you, swap with "
                      "you or steal your pairs, and no jellyfish locks you."), style="cyan")
    return text


def _angelfish(v: PlayerView) -> Text:
    top = v.piles[0].top
    colour = color_name(card(top).color) if top is not None else "?"
    return Text(_("The Angelfish: both discard tops are {colour}. Take one of them into your "
                  "hand (you choose the pile; taking back the card you just placed is "
                  "allowed).").format(colour=colour))


def _swap(v: PlayerView, names: Names, picked: int | None) -> Text:
    text = Text(_("Water Rodeo: {name}'s hand is ").format(name=names.raw(v.swap_target)))
    text.append_text(_cards(v.pending) if v.pending else Text(_("(empty)")))
    text.append(". ")
    if v.hand and picked is not None and picked in v.pending:
        # The second step on the screen: the choices are the cards to give now (it still
        # said "choose a card of theirs to take").
        text.append(_("You take {card}: now choose the card of yours to give them, go back "
                      "to take another, or swap nothing. Only the two of you see the "
                      "cards.").format(card=card_name(picked)))
    elif v.hand and v.pending:
        text.append(_("Choose a card of theirs to take (then the card of yours to give them), "
                      "or swap nothing. Only the two of you see the cards."))
    else:
        text.append(_("You have nothing to swap: pass."))
    return text


def _keep_event(v: PlayerView) -> Text:
    text = Text(_("Between rounds: you now hold two event cards. Keep one for yourself; the "
                  "other goes to the event discard."))
    if v.table_event is not None:
        text.append(" ")
        text.append(_("The new table event is {event} ({effect}).").format(
            event=event_name(v.table_event), effect=event_effect(v.table_event)))
    return text


def pepper_prompt(v: PlayerView, names: Names, swap_pick: int | None = None) -> Text:
    """The prompt for an Extra Pepper phase, or a note on a base phase an event changes
    (``swap_pick``: the Water Rodeo card of theirs picked on the screen)."""
    phase = v.phase
    if phase is Phase.ANGELFISH:
        return _angelfish(v)
    if phase is Phase.SWAP_TARGET:
        return Text(_("Water Rodeo (two swimmers): choose an opponent and look at their whole "
                      "hand; then you may swap one of your cards for one of theirs."))
    if phase is Phase.SWAP:
        return _swap(v, names, swap_pick)
    if phase is Phase.PAIR_STEAL:
        return Text(_("Water Rodeo (two sharks): take one laid pair of an opponent onto your "
                      "table. Its effect does not happen; its point is yours now."))
    if phase is Phase.KEEP_EVENT_CARD:
        return _keep_event(v)
    if phase is Phase.CRAB_TAKE and EventCard.HERMIT_CRAB in v.effects:
        return Text(" " + _("The Hermit Crab: you take one card from each discard pile, "
                            "pile 1 first."))
    return Text()


__all__ = ["pepper_prompt", "play_notes"]
