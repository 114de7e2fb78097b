"""Wording from the player's seat: card names, colours, events and actions (all through ``_()``).

Nothing here decides a rule: it only puts into words what the engine's view and events say.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from seasalt.client.net.stand_in_events import StandInEvent
from seasalt.client.words.event_cards import event_effect, event_name
from seasalt.client.words.i18n import _, about, current, ngettext
from seasalt.engine import (
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    Color,
    DrawFromDeck,
    DuoEffect,
    EndTurn,
    Event,
    EventKind,
    KeepCard,
    KeepEventCard,
    KeepLobsterCard,
    Kind,
    LookAtHand,
    PassSwap,
    PlaceShellFaceDown,
    PlayerView,
    PlayPair,
    PlayTrio,
    Rob,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeCrabCard,
    TakeDiscard,
    card,
    pair_kind,
)


def kind_name(kind: Kind) -> str:
    """The card kind's name (GLOSSARY)."""
    return _kind_names(current())[kind]


# The names are looked up for every card of every log line on every repaint: each table is
# translated once per language (the translator is the key), not nineteen ``_()`` a call.
@functools.lru_cache(maxsize=8)
def _kind_names(_language: object) -> dict[Kind, str]:
    return {
        Kind.CRAB: _("Crab"),
        Kind.BOAT: _("Boat"),
        Kind.FISH: _("Fish"),
        Kind.SWIMMER: _("Swimmer"),
        Kind.SHARK: _("Shark"),
        Kind.SHELL: _("Shell"),
        Kind.OCTOPUS: _("Octopus"),
        Kind.PENGUIN: _("Penguin"),
        Kind.SAILOR: _("Sailor"),
        Kind.LIGHTHOUSE: _("Lighthouse"),
        Kind.SHOAL_OF_FISH: _("Shoal of Fish"),
        Kind.PENGUIN_COLONY: _("Penguin Colony"),
        Kind.CAPTAIN: _("Captain"),
        Kind.MERMAID: _("Mermaid"),
        Kind.JELLYFISH: _("Jellyfish"),
        Kind.LOBSTER: _("Lobster"),
        Kind.CAST_OF_CRABS: _("Cast of Crabs"),
        Kind.STARFISH: _("Starfish"),
        Kind.SEAHORSE: _("Seahorse"),
    }


def color_name(color: Color) -> str:
    """The colour's full name (GLOSSARY)."""
    return _color_names(current())[color]


@functools.lru_cache(maxsize=8)
def _color_names(_language: object) -> dict[Color, str]:
    return {
        Color.DARK_BLUE: _("dark blue"),
        Color.LIGHT_BLUE: _("light blue"),
        Color.BLACK: _("black"),
        Color.YELLOW: _("yellow"),
        Color.GREEN: _("green"),
        Color.WHITE: _("white"),
        Color.PURPLE: _("purple"),
        Color.GREY: _("grey"),
        Color.LIGHT_ORANGE: _("light orange"),
        Color.PINK: _("pink"),
        Color.ORANGE: _("orange"),
    }


def color_short(color: Color) -> str:
    """A short colour tag shown on every card, so colour is never the only signal."""
    return _color_shorts(current())[color]


@functools.lru_cache(maxsize=8)
def _color_shorts(_language: object) -> dict[Color, str]:
    return {
        Color.DARK_BLUE: _("dk.blue"),
        Color.LIGHT_BLUE: _("lt.blue"),
        Color.BLACK: _("black"),
        Color.YELLOW: _("yellow"),
        Color.GREEN: _("green"),
        Color.WHITE: _("white"),
        Color.PURPLE: _("purple"),
        Color.GREY: _("grey"),
        Color.LIGHT_ORANGE: _("lt.orange"),
        Color.PINK: _("pink"),
        Color.ORANGE: _("orange"),
    }


def card_name(card_id: int) -> str:
    """``Crab (dark blue)``: the kind and full colour name of a card."""
    c = card(card_id)
    return _("{kind} ({color})").format(kind=kind_name(c.kind), color=color_name(c.color))


def cards_phrase(card_ids: Sequence[int]) -> str:
    """Several cards joined with ``+``."""
    return " + ".join(card_name(c) for c in card_ids)


def pile_name(pile: int | None) -> str:
    """Piles are 0 and 1 in the engine; people count from 1."""
    return _("pile {n}").format(n=(pile or 0) + 1)


def call_name(call: CallKind) -> str:
    """STOP or LAST CHANCE in the player's language."""
    return _("STOP") if call is CallKind.STOP else _("LAST CHANCE")


class Names:
    """Player names by seat, worded from one seat's point of view ("you")."""

    def __init__(self, names: Sequence[str], me: int | None) -> None:
        self.names = list(names)
        self.me = me

    def raw(self, seat: int | None) -> str:
        """The seat's name as typed (never "you")."""
        if seat is None:
            return "?"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return _("Seat {n}").format(n=seat + 1)

    def __call__(self, seat: int | None) -> str:
        if seat is not None and seat == self.me:
            return _("You")
        return self.raw(seat)

    def obj(self, seat: int | None) -> str:
        """The name as an object ("you" in lower case)."""
        if seat is not None and seat == self.me:
            return _("you")
        return self.raw(seat)

    def for_stand_in(self, seat: int) -> Names:
        """These names with ``seat`` worded as the bot that played it for its absent player."""
        return _StandInNames(self.names, self.me, seat)


class _StandInNames(Names):
    """Names for one event a bot made for ``seat``: "Your stand-in (bot)" is its subject (a
    third person: the "you" forms are for what you did yourself), "Ann's stand-in (bot)" for
    the others; every other seat is named as before."""

    def __init__(self, names: Sequence[str], me: int | None, seat: int) -> None:
        super().__init__(names, None if seat == me else me)
        self.stand_in, self.mine = seat, seat == me

    def __call__(self, seat: int | None) -> str:
        return self._bot(seat, _("Your stand-in (bot)")) or super().__call__(seat)

    def obj(self, seat: int | None) -> str:
        return self._bot(seat, _("your stand-in (bot)")) or super().obj(seat)

    def _bot(self, seat: int | None, yours: str) -> str | None:
        if seat is None or seat != self.stand_in:
            return None
        return yours if self.mine else _("{name}'s stand-in (bot)").format(name=self.raw(seat))


def effect_words(effect: DuoEffect) -> str:
    """What a pair's effect does, in words (the engine's pair table says which pair has it)."""
    if effect is DuoEffect.CRAB:
        return _("look through a discard pile, take 1 card")
    if effect is DuoEffect.LOBSTER:
        return _("look at the top 5 deck cards, keep 1")
    if effect is DuoEffect.BOAT:
        return _("take another turn")
    if effect is DuoEffect.FISH:
        return _("draw the top card of the deck")
    if effect is DuoEffect.ROB:
        return _("steal a random card from an opponent")
    return _("opponents may only draw 1 deck card next turn")


def _pair_effect(card_ids: Sequence[int]) -> str:
    if len(card_ids) != 2:
        return ""
    pair = pair_kind(card(card_ids[0]).kind, card(card_ids[1]).kind)
    return effect_words(pair.effect) if pair is not None else ""


def pair_effect(card_ids: Sequence[int]) -> str:
    """What laying this pair does, in words (descriptive only: the engine applies it)."""
    return _pair_effect(card_ids)


def action_label(action: Action, v: PlayerView, names: Names) -> str:
    """A one-line description of a legal action for the action list."""
    if isinstance(action, DrawFromDeck):
        if v.deck_size == 1:
            return _("Take the last card of the deck")
        return _("Draw 2 from the deck: keep 1, discard the other")
    if isinstance(action, TakeDiscard):
        top = v.piles[action.pile].top
        what = card_name(top) if top is not None else "?"
        return _("Take {card} from {pile}").format(card=what, pile=pile_name(action.pile))
    if isinstance(action, KeepCard):
        if action.pile is None:
            return _("Keep {card}").format(card=card_name(action.card))
        others = [c for c in v.pending if c != action.card]
        other = card_name(others[0]) if others else "?"
        return _("Keep {card}, put {other} on {pile}").format(
            card=card_name(action.card), other=other, pile=pile_name(action.pile)
        )
    if isinstance(action, PlayPair):
        return _("Play pair {cards}: {effect}").format(
            cards=cards_phrase(action.cards), effect=pair_effect(action.cards)
        )
    if isinstance(action, PlayTrio):
        return _("Play trio {cards}: 3 points, no effect").format(
            cards=cards_phrase((*action.cards, action.starfish))
        )
    if isinstance(action, ChooseCrabPile):
        size = v.piles[action.pile].size
        return ngettext("Look through {pile} ({n} card)", "Look through {pile} ({n} cards)",
                        size).format(pile=pile_name(action.pile), n=size)
    if isinstance(action, TakeCrabCard):
        return _("Take {card}").format(card=card_name(action.card))
    if isinstance(action, Rob):
        size = v.seats[action.seat].hand_size
        return ngettext("Rob {name} ({n} card in hand)", "Rob {name} ({n} cards in hand)",
                        size).format(name=names.raw(action.seat), n=size)
    if isinstance(action, KeepLobsterCard):
        return _("Keep {card}").format(card=card_name(action.card))
    if isinstance(action, Call):
        if action.kind is CallKind.STOP:
            return _("Call STOP: the round ends now")
        return _("Call LAST CHANCE: bet you keep the most points")
    if isinstance(action, EndTurn):
        return _("End your turn")
    return _pepper_label(action, v, names)


def _owner(v: PlayerView, cards: Sequence[int]) -> int | None:
    """The seat whose table holds this laid group."""
    group = set(cards)
    return next((s.seat for s in v.seats if any(set(g) == group for g in s.table)), None)


def _pepper_label(action: Action, v: PlayerView, names: Names) -> str:
    """Extra Pepper's actions (RULES §12.14)."""
    if isinstance(action, TakeAngelfishCard):
        top = v.piles[action.pile].top
        what = card_name(top) if top is not None else "?"
        return _("Take {card} from {pile}").format(card=what, pile=pile_name(action.pile))
    if isinstance(action, LookAtHand):
        size = v.seats[action.seat].hand_size
        return ngettext("Look at {name}'s hand ({n} card)", "Look at {name}'s hand ({n} cards)",
                        size).format(name=names.raw(action.seat), n=size)
    if isinstance(action, SwapCard):
        return _("Give {give}, take {take}").format(
            give=card_name(action.give), take=card_name(action.take))
    if isinstance(action, PassSwap):
        return _("Swap nothing (pass)")
    if isinstance(action, StealPair):
        return _("Steal {name}'s pair {cards}").format(
            name=names.raw(_owner(v, action.cards)), cards=cards_phrase(action.cards))
    if isinstance(action, PlaceShellFaceDown):
        return _("Lay {card} face down (the Coral Reef: shielded this round)").format(
            card=card_name(action.card))
    if isinstance(action, KeepEventCard):
        return _("Keep {event}: {effect}").format(
            event=event_name(action.event), effect=event_effect(action.event))
    return repr(action)


def describe_event(e: Event, names: Names) -> str | None:
    """One log line for an event, from the viewer's seat (None: not worth a line)."""
    if isinstance(e, StandInEvent) and e.seat is not None:
        names = names.for_stand_in(e.seat)  # a bot's move for an absent player
    k = e.kind
    who = names(e.seat)
    # Sentences about the reader get their own wording where the verb agrees ("you" forms).
    Y_ = YT_ = about(e.seat, names.me, e.target)
    if k is EventKind.ROUND_STARTED:
        return _("Round {n} begins. First to play: {name}.").format(n=e.n, name=names.obj(e.seat))
    if k is EventKind.TURN_STARTED:
        return None
    if k is EventKind.DREW_FROM_DECK:
        if e.cards:
            return Y_("{who} drew {cards} from the deck.").format(
                who=who, cards=cards_phrase(e.cards)
            )
        if e.n == 1:
            return Y_("{who} drew the last card of the deck.").format(who=who)
        return Y_("{who} drew 2 cards from the deck.").format(who=who)
    if k is EventKind.KEPT_CARD:
        if e.card is not None:
            return Y_("{who} kept {card}.").format(who=who, card=card_name(e.card))
        return None
    if k is EventKind.DISCARDED and e.card is not None:
        return Y_("{who} put {card} on {pile}.").format(
            who=who, card=card_name(e.card), pile=pile_name(e.pile)
        )
    if k is EventKind.TOOK_DISCARD and e.card is not None:
        return Y_("{who} took {card} from {pile}.").format(
            who=who, card=card_name(e.card), pile=pile_name(e.pile)
        )
    if k is EventKind.PLAYED_PAIR:
        return Y_("{who} played the pair {cards}.").format(who=who, cards=cards_phrase(e.cards))
    if k is EventKind.PLAYED_TRIO:
        return Y_("{who} played the trio {cards}.").format(who=who, cards=cards_phrase(e.cards))
    if k is EventKind.EFFECT_SKIPPED:
        return _("The pair's effect is impossible and is skipped.")
    if k is EventKind.CRAB_PILE_CHOSEN:
        return Y_("{who} looked through {pile}.").format(who=who, pile=pile_name(e.pile))
    if k is EventKind.CRAB_TOOK:
        if e.card is not None:
            return Y_("{who} took {card} from {pile}.").format(
                who=who, card=card_name(e.card), pile=pile_name(e.pile)
            )
        return Y_("{who} took a card from {pile}.").format(who=who, pile=pile_name(e.pile))
    if k is EventKind.EXTRA_TURN:
        return Y_("{who} got another turn (boats).").format(who=who)
    if k is EventKind.FISH_DREW:
        if e.card is not None:
            return Y_("{who} drew {card} (fish).").format(who=who, card=card_name(e.card))
        return Y_("{who} drew a card from the deck (fish).").format(who=who)
    if k is EventKind.ROBBED:
        target = names.obj(e.target)
        if e.card is not None:
            return YT_("{who} stole {card} from {target}.").format(
                who=who, card=card_name(e.card), target=target
            )
        return YT_("{who} stole a random card from {target}.").format(who=who, target=target)
    if k is EventKind.LOBSTER_LOOKED:
        if e.n == 1:  # the deck held one card: a count of its own (plural forms differ)
            return Y_("{who} looked at the top card of the deck (lobster).").format(who=who)
        return Y_("{who} looked at the top {n} cards of the deck (lobster).").format(who=who, n=e.n)
    if k is EventKind.LOBSTER_KEPT:
        if e.card is not None:
            return Y_("{who} kept {card}; the deck was shuffled.").format(
                who=who, card=card_name(e.card)
            )
        return Y_("{who} kept one card; the deck was shuffled.").format(who=who)
    if k is EventKind.JELLYFISH_LOCK:
        return Y_("{who} locked everyone else: next turn, only the top deck card.").format(who=who)
    if k is EventKind.LOCKED_DRAW:
        if e.card is not None:
            return Y_("{who} (locked) drew {card}.").format(who=who, card=card_name(e.card))
        if e.n == 0:
            return Y_("{who} (locked) could not draw: the deck is empty.").format(who=who)
        return Y_("{who} (locked) drew the top card of the deck.").format(who=who)
    if k is EventKind.CALLED and e.call is not None:
        return Y_("{who} called {call}!").format(who=who, call=call_name(e.call))
    if k is EventKind.REVEALED:
        return Y_("{who} revealed: {cards}.").format(who=who, cards=cards_phrase(e.cards) or "-")
    if k is EventKind.TURN_ENDED:
        return None
    if k is EventKind.ROUND_SCORED:
        if e.won is None:
            return _("Round {n} scored.").format(n=e.n)
        if e.won:
            return _("Round {n} scored: the bet was won.").format(n=e.n)
        return _("Round {n} scored: the bet was lost.").format(n=e.n)
    if k is EventKind.ROUND_VOID:
        return _("Round {n} is void: the deck ran out.").format(n=e.n)
    if k is EventKind.MERMAID_WIN:
        return Y_("{who} gathered all four mermaids and won the game!").format(who=who)
    if k is EventKind.GAME_OVER:
        return _("Game over.")
    return _describe_pepper(e, names)


def _describe_pepper(e: Event, names: Names) -> str | None:
    """Extra Pepper's log lines (RULES §12.13: what each seat may see is already redacted)."""
    k = e.kind
    who = names(e.seat)
    Y_ = YT_ = about(e.seat, names.me, e.target)
    event = event_name(e.event_card) if e.event_card is not None else "?"
    if k is EventKind.EVENT_TURNED_UP:
        return _("New table event: {event}.").format(event=event)
    if k is EventKind.EVENT_RECEIVED:
        return Y_("{who} received {event}.").format(who=who, event=event)
    if k is EventKind.EVENT_DISCARDED:
        if e.seat is None:
            return _("{event} went to the event discard (no single leader or trailer).").format(
                event=event)
        return Y_("{who} discarded {event}.").format(who=who, event=event)
    if k is EventKind.EVENT_DECK_SHUFFLED:
        return _("The event discard was shuffled into a new event deck.")
    if k is EventKind.EVENT_KEPT:
        return Y_("{who} kept {event}.").format(who=who, event=event)
    if k is EventKind.HAND_LOOKED:
        target = names.obj(e.target)
        return YT_("{who} looked at {target}'s hand (Water Rodeo).").format(who=who,
                                                                            target=target)
    if k is EventKind.SWAPPED:
        target = names.obj(e.target)
        if len(e.cards) == 2:
            return YT_("{who} gave {give} to {target} for {take}.").format(
                who=who, give=card_name(e.cards[0]), target=target, take=card_name(e.cards[1]))
        return YT_("{who} swapped a card with {target}.").format(who=who, target=target)
    if k is EventKind.SWAP_PASSED:
        return YT_("{who} swapped nothing with {target}.").format(
            who=who, target=names.obj(e.target))
    if k is EventKind.PAIR_STOLEN:
        return YT_("{who} stole the pair {cards} from {target}.").format(
            who=who, cards=cards_phrase(e.cards), target=names.obj(e.target))
    if k is EventKind.ANGELFISH_TOOK and e.card is not None:
        return Y_("{who} took {card} from {pile} (the Angelfish).").format(
            who=who, card=card_name(e.card), pile=pile_name(e.pile))
    if k is EventKind.DOLPHINS_DREW:
        if e.card is not None:
            return Y_("{who} drew {card} (the Dolphins).").format(who=who, card=card_name(e.card))
        return Y_("{who} drew a card from the deck (the Dolphins).").format(who=who)
    if k is EventKind.SHELL_FACE_DOWN:
        if e.card is not None:
            return Y_("{who} laid {card} face down (shielded).").format(
                who=who, card=card_name(e.card))
        return Y_("{who} laid a shell face down (shielded).").format(who=who)
    return None
