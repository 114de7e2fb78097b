"""The coach in words: its advice in the player's language, and what its key and figures mean.

The coach (bots/coach.py) returns facts, never words: the action, the card a choice brings into
the hand and which parts of the hand's points grow with it, as the engine scores them. Here they
become "Take Shell (blue) from pile 2: completes your shell pair · +1.8 expected on your lead ·
57% to win"; with Extra Pepper also what an event changes ("The Kraken: -2 for octopuses") and
what a choice sets off ("you also take the top deck card (The Dolphins)"). Nothing is scored or
judged here: the figures are the coach's, the card and event names GLOSSARY's. The answer is
plain lines, each with its role; the coach's panel (client/tui/widgets/coach.py) styles them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from seasalt.client.words.event_cards import event_name, event_points_text
from seasalt.client.words.game import Names, action_label, color_name, kind_name
from seasalt.client.words.i18n import _, decimal, ngettext
from seasalt.engine import Action, EventCard, Kind, Phase, PlayerView, PlayPair, card

if TYPE_CHECKING:  # (the coach itself loads when the table's panel first asks it)
    from seasalt.bots.coach import Advice, Facts, Option

COACH_KEY = "p"
"""The table's coach key: free in every language (the table's action keys are the same
letters in every language, client/tui/widgets/actions.py, and none of them is ``p``)."""

SHOWN_OPTIONS = 3
"""The advice and the next best choices shown under it."""


def reason(facts: Facts, action: Action | None = None, names: Names | None = None) -> str | None:
    """Why a choice helps (or what it costs), from the coach's facts: the game won at once,
    what grows in the hand's points, what each event changes in them, and the event effects it
    sets off; ``; ``-joined (None: nothing to say). ``action`` and ``names`` word the Water
    Rodeo's pairs and a swap's target."""
    parts = [
        _winning(facts),
        _points(facts, names),
        *(event_points_text(change) for change in facts.events),
        *(_triggered(event, action) for event in facts.triggers
          if event is not EventCard.DANCE_OF_THE_MERMAIDS),
    ]
    said = [part for part in parts if part]
    return "; ".join(said) if said else None


def _winning(facts: Facts) -> str | None:
    if not facts.wins:
        return None
    if EventCard.DANCE_OF_THE_MERMAIDS in facts.triggers:
        return _("wins the game at once: 3 mermaids ({event})").format(
            event=event_name(EventCard.DANCE_OF_THE_MERMAIDS))
    return _("wins the game at once")


def _points(facts: Facts, names: Names | None) -> str | None:
    """What the choice changes in the hand's points (the engine's figures)."""
    n = facts.points_gained
    if facts.target is not None:  # a Water Rodeo swap: both hands' points, ours and theirs
        who = names.raw(facts.target) if names is not None else "?"
        return _("{mine} card points for you, {theirs} for {name}").format(
            mine=f"{n:+d}", theirs=f"{facts.target_change:+d}", name=who)
    if facts.card is None and facts.gives is not None:  # a shell laid face down
        if n >= 0:
            return None
        return ngettext("costs {n} card point", "costs {n} card points", -n).format(n=-n)
    if facts.lays:  # a stolen pair: laid on our table as it lay on theirs
        return ngettext("the pair joins your table (+{n} point)",
                        "the pair joins your table (+{n} points)", n).format(n=n)
    return _growth(facts)


def _growth(facts: Facts) -> str | None:
    if facts.card is None:
        return None
    c = card(facts.card)
    grows = dict(facts.grows)
    first = facts.grows[0][0] if facts.grows else None
    if first == "pairs":  # (a duo, or a starfish on a spare one: the engine's pairs points)
        return ngettext("makes a pair (+{n} point)", "makes a pair (+{n} points)",
                        grows["pairs"]).format(n=grows["pairs"])
    if first == "collectors":
        if c.kind is Kind.SEAHORSE:  # a wild card: it joins whichever collection it helps
            return ngettext("adds to a collection (+{n} point)",
                            "adds to a collection (+{n} points)",
                            grows["collectors"]).format(n=grows["collectors"])
        return ngettext("adds to your {kind} collection (+{n} point)",
                        "adds to your {kind} collection (+{n} points)",
                        grows["collectors"]).format(kind=kind_name(c.kind).lower(),
                                                    n=grows["collectors"])
    if first == "multipliers":
        return ngettext("{kind} counts at once (+{n} point)",
                        "{kind} counts at once (+{n} points)",
                        grows["multipliers"]).format(kind=kind_name(c.kind),
                                                     n=grows["multipliers"])
    if first == "mermaids":
        return ngettext("a mermaid (+{n} point)", "a mermaid (+{n} points)",
                        grows["mermaids"]).format(n=grows["mermaids"])
    if first == "color_bonus":
        return _("one more {color} card for your colour bonus").format(
            color=color_name(c.color).lower())
    return None


def _triggered(event: EventCard, action: Action | None) -> str | None:
    """An event effect the choice sets off (the engine carried it out in every deal)."""
    name = event_name(event)
    if event is EventCard.DOLPHINS:
        return _("you also take the top deck card ({event})").format(event=name)
    if event is EventCard.ANGELFISH:
        return _("then you take one of the two same-coloured tops ({event})").format(event=name)
    if event is EventCard.SUNFISH:
        return _("you take the top 2 deck cards ({event})").format(event=name)
    if event is EventCard.HERMIT_CRAB:
        return _("you take a card from each discard pile ({event})").format(event=name)
    if event is EventCard.WATER_RODEO:
        if isinstance(action, PlayPair) and card(action.cards[0]).kind is Kind.SHARK:
            return _("you steal a laid pair ({event})").format(event=name)
        return _("you look at a hand, then swap a card or pass ({event})").format(event=name)
    return None


def figures(option: Option) -> str:
    """``+1.8 expected on your lead · 57% to win``; ``· as likely to win`` when the playouts do
    not tell its chance to win from the advice's (bots/coach_rank.py: two percentages that only
    seem to differ would argue against the advice)."""
    # The figure is the change of the lead over the others, and each choice says so itself:
    # "-1.2 expected points" read as what the card costs at 80 x 24, where the footnote that
    # said otherwise had no rows left.
    gain = _("{gain} expected on your lead").format(gain=decimal(option.lead_gain, sign=True))
    if option.as_likely_to_win:
        likely = _("as likely to win")
        return f"{gain} · {likely}"
    win = _("{percent}% to win").format(percent=round(100 * option.win_chance))
    return f"{gain} · {win}"


def option_line(option: Option, v: PlayerView, names: Names) -> str:
    """One choice: what it is, why it helps (when the facts say), and its figures."""
    what = action_label(option.action, v, names)
    why = reason(option.facts, option.action, names)
    head = _("{choice}: {why}").format(choice=what, why=why) if why else what
    return f"{head} · {figures(option)}"


Role = Literal["advice", "other", "footnote", "nothing"]
"""What a line of the answer is: the advice, one of the next best choices, the footnote on
what the figures mean, or that there is nothing to choose."""


class AdviceLine(NamedTuple):
    role: Role
    words: str


def advice_lines(advice: Advice, v: PlayerView, names: Names) -> list[AdviceLine]:
    """The answer, a line each before wrapping, in the order they give way when rows are short
    (client/tui/widgets/coach.py): the advice, the next best choices, the footnote."""
    best = advice.best
    if best is None:  # (a view always has a choice; kept safe all the same)
        return [AdviceLine("nothing", _("Nothing to choose."))]
    lines = [AdviceLine("advice", option_line(best, v, names))]
    for other in advice.options[1:SHOWN_OPTIONS]:
        lines.append(AdviceLine("other", option_line(other, v, names)))
    playouts = sum(o.playouts for o in advice.options)
    # What the figures mean, in the words the help has too (a player asked what "-0.9
    # expected points" was: the footnote said it of the points only). Each choice names the
    # lead itself (``figures``): the footnote is the first part to give way when rows are short.
    if v.phase is Phase.KEEP_EVENT_CARD:  # (between rounds: played out over the next one)
        footnote = ngettext(
            "{n} playout of your view · expected on your lead: what you gain on the others "
            "by the next round's end · % to win: how often you won the game",
            "{n} playouts of your view · expected on your lead: what you gain on the others "
            "by the next round's end · % to win: how often you won the game",
            playouts)
    else:
        footnote = ngettext(
            "{n} playout of your view · expected on your lead: what you gain on the others "
            "by the round's end · % to win: how often you won the game",
            "{n} playouts of your view · expected on your lead: what you gain on the others "
            "by the round's end · % to win: how often you won the game",
            playouts)
    lines.append(AdviceLine("footnote", footnote.format(n=playouts)))
    return lines


def coach_word() -> str:
    """The lead of the advice (and of the coach's other words)."""
    return _("Coach")


def or_word() -> str:
    """The lead of each next best choice."""
    return _("or")


def thinking_words() -> str:
    return _("thinking… (press {key} again to stop)").format(key=COACH_KEY)


def stale_words() -> str:
    """The advice went with its moment, and the moment on screen is another choice of yours (a
    draw's keep step): the coach can be asked about it (where nothing is yours to choose, the
    panel closes instead: client/tui/widgets/coach.py)."""
    words = _("That advice was for an earlier moment of the game: press {key} to ask "
              "about this choice.")
    return words.format(key=COACH_KEY)


def help_line() -> str:
    """The help screen's line about the coach key."""
    return _("{key} asks the coach what the expert would do with your cards, and why, from "
             "your own view only. Solo games always have it; other tables only when their "
             "creator ticked \"Coach allowed\".").format(key=COACH_KEY)


def figures_help() -> str:
    """What the coach's figures mean, in plain words (the help screen's "The coach's
    figures": a player asked what "-0.9 expected points" was)."""
    return _(
        "The coach plays each choice out many times from what you can see. Expected on your "
        "lead: how many points it gains you on the others by the end of the round, on average "
        "(below zero: they gain on you). % to win: how often you won the whole game in those "
        "playouts. \"As likely to win\": the playouts cannot tell that choice's chance "
        "from the advice's.")
