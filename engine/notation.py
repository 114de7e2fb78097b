"""A compact text notation for states: one line per zone, cards as ``kind/colour#id``.

``render_state`` is deterministic; ``parse_state`` reads it back (the log and last result are
not part of the notation).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import CallKind
from .cards import ALL_CARDS, Color, Kind
from .event_cards import EventCard
from .setup import make_state
from .state import GameState, IllegalActionError, Phase, Rules

_COLOR_CODE = {
    Color.DARK_BLUE: "db", Color.LIGHT_BLUE: "lb", Color.BLACK: "bk", Color.YELLOW: "y",
    Color.GREEN: "g", Color.WHITE: "w", Color.PURPLE: "p", Color.GREY: "gy",
    Color.LIGHT_ORANGE: "lo", Color.PINK: "pk", Color.ORANGE: "o",
}


_CODES = tuple(f"{c.kind.value}/{_COLOR_CODE[c.color]}#{c.id}" for c in ALL_CARDS)


def card_code(card_id: int) -> str:
    """``crab/db#0``: kind, colour code and id."""
    if card_id < 0:
        raise IndexError(card_id)
    return _CODES[card_id]


def _cards(ids: Iterable[int]) -> str:
    return " ".join(card_code(c) for c in ids) or "-"


def _opt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, CallKind | Phase):
        return str(value.value)
    return str(value)


def render_state(state: GameState) -> str:
    """Render ``state`` in the text notation (deterministic; hidden cards included)."""
    r = state.rules
    lines = [
        f"rules players={r.players} extra_salt={int(r.extra_salt)} target={_opt(r.target)}",
        f"game seed={state.seed} rng={state.rng_counter} round={state.round} move={state.move}",
        f"turn active={state.active} phase={state.phase.value} call={_opt(state.call)} "
        f"caller={_opt(state.caller)} jellyfish={_opt(state.jellyfish_caster)} "
        f"crab_pile={_opt(state.crab_pile)}",
        "scores " + " ".join(map(str, state.scores)),
        "last_round " + " ".join(map(str, state.last_round_scores)),
        "winners " + (" ".join(map(str, state.winners)) or "-"),
        "deck " + _cards(state.deck),
        "pile0 " + _cards(state.piles[0]),
        "pile1 " + _cards(state.piles[1]),
        "pending " + _cards(state.pending),
    ]
    for s in range(r.players):
        mark = " revealed" if state.revealed[s] else ""
        lines.append(f"hand{s}{mark} " + _cards(state.hands[s]))
        groups = " | ".join(_cards(g) for g in state.tables[s]) or "-"
        lines.append(f"table{s} " + groups)
    if r.extra_pepper:  # only then: a game without it renders as it always did
        lines[0] += " extra_pepper=1"
        lines += _pepper_lines(state)
    return "\n".join(lines) + "\n"


def _events(cards: Iterable[EventCard | None]) -> str:
    return " ".join("-" if c is None else c.value for c in cards) or "-"


def _pepper_lines(state: GameState) -> list[str]:
    return [
        f"events table={_opt(state.table_event and state.table_event.value)} "
        f"next_starter={_opt(state.next_starter)} swap_target={_opt(state.swap_target)}",
        "event_deck " + _events(state.event_deck),
        "event_discard " + _events(state.event_discard),
        "keep_choice " + _events(state.keep_choice),
        "held " + _events(state.held),
        "face_down " + (" ".join("-" if c is None else card_code(c) for c in state.face_down)),
    ]


def _parse_events(text: str) -> list[EventCard | None]:
    return [None if t == "-" else EventCard(t) for t in text.split()]


def _parse_card(token: str) -> int:
    try:
        label, ident = token.rsplit("#", 1)
        card_id = int(ident)
        kind_name, color_code = label.split("/")
        card = ALL_CARDS[card_id]
    except (ValueError, IndexError) as exc:
        raise IllegalActionError(f"bad card token {token!r}") from exc
    if card.kind is not Kind(kind_name) or _COLOR_CODE[card.color] != color_code:
        raise IllegalActionError(f"card token {token!r} does not match card #{card_id}")
    return card_id


_CODE_COLOR = {code: color for color, code in _COLOR_CODE.items()}


def cards_from_codes(text: str, extra_salt: bool = True) -> tuple[int, ...]:
    """Card ids from short codes: ``"crab/db crab/lb mermaid/w#57"``.

    A code without ``#id`` takes the lowest id of that kind and colour not already taken by an
    earlier code in the same text (handy for tests and examples).

    Raises:
        IllegalActionError: for an unknown code or more copies than the deck holds.
    """
    size = len(ALL_CARDS) if extra_salt else 58
    taken: list[int] = []
    for token in text.split():
        if "#" in token:
            card_id = _parse_card(token)
        else:
            try:
                kind_name, color_code = token.split("/")
                kind, color = Kind(kind_name), _CODE_COLOR[color_code]
            except (ValueError, KeyError) as exc:
                raise IllegalActionError(f"bad card code {token!r}") from exc
            free = [
                c.id
                for c in ALL_CARDS[:size]
                if c.kind is kind and c.color is color and c.id not in taken
            ]
            if not free:
                raise IllegalActionError(f"no more {token} cards in the deck")
            card_id = free[0]
        if card_id in taken:
            raise IllegalActionError(f"card {token!r} named twice")
        taken.append(card_id)
    return tuple(taken)


def _parse_cards(text: str) -> list[int]:
    text = text.strip()
    return [] if text in ("", "-") else [_parse_card(t) for t in text.split()]


def _kv(text: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in text.split())


def _none_or(value: str) -> str | None:
    return None if value == "-" else value


def parse_state(text: str) -> GameState:
    """Read a state written by :func:`render_state`.

    Raises:
        IllegalActionError: for malformed text or an impossible state.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"state text must be a str, not {type(text).__name__}")
    rows: dict[str, str] = {}
    revealed: dict[str, bool] = {}
    for raw in text.strip().splitlines():
        head, _, rest = raw.partition(" ")
        if head in rows:
            raise IllegalActionError(f"malformed state text: row {head!r} appears twice")
        if head.startswith("hand") and rest.startswith("revealed"):
            revealed[head[4:]] = True
            rest = rest[len("revealed") :]
        rows[head] = rest
    try:
        rk, gk, tk = _kv(rows["rules"]), _kv(rows["game"]), _kv(rows["turn"])
        target = _none_or(rk["target"])
        rules = Rules(
            int(rk["players"]), extra_salt=rk["extra_salt"] == "1",
            extra_pepper=rk.get("extra_pepper") == "1", target=int(target) if target else None,
        )
        n = rules.players
        pepper = _parse_pepper(rows, n) if rules.extra_pepper else {}
        call = _none_or(tk["call"])
        opt_int = {
            k: (None if tk[k] == "-" else int(tk[k])) for k in ("caller", "jellyfish", "crab_pile")
        }
        winners = rows.get("winners", "-").strip()
        return make_state(
            rules,
            hands=[_parse_cards(rows[f"hand{s}"]) for s in range(n)],
            tables=[
                [_parse_cards(g) for g in rows[f"table{s}"].split("|") if g.strip() != "-"]
                for s in range(n)
            ],
            deck=_parse_cards(rows["deck"]),
            piles=(_parse_cards(rows["pile0"]), _parse_cards(rows["pile1"])),
            pending=_parse_cards(rows["pending"]),
            active=int(tk["active"]),
            phase=Phase(tk["phase"]),
            call=CallKind(call) if call else None,
            caller=opt_int["caller"],
            jellyfish_caster=opt_int["jellyfish"],
            crab_pile=opt_int["crab_pile"],
            revealed=[revealed.get(str(s), False) for s in range(n)],
            scores=[int(x) for x in rows["scores"].split()],
            last_round_scores=[int(x) for x in rows["last_round"].split()],
            seed=int(gk["seed"]),
            rng_counter=int(gk["rng"]),
            round=int(gk["round"]),
            move=int(gk["move"]),
            winners=[] if winners == "-" else [int(x) for x in winners.split()],
            **pepper,
        )
    except (KeyError, ValueError) as exc:
        raise IllegalActionError(f"malformed state text: {exc}") from exc


def _parse_pepper(rows: dict[str, str], n: int) -> dict[str, Any]:
    """make_state's Extra Pepper arguments from the rows of :func:`_pepper_lines`."""
    ek = _kv(rows["events"])
    table = _none_or(ek["table"])
    opt = {k: (None if ek[k] == "-" else int(ek[k])) for k in ("next_starter", "swap_target")}
    listed = {k: [c for c in _parse_events(rows[k]) if c is not None]
              for k in ("event_deck", "event_discard", "keep_choice")}
    held = _parse_events(rows["held"])
    face = [None if t == "-" else _parse_card(t) for t in rows["face_down"].split()]
    if len(held) != n or len(face) != n:
        raise IllegalActionError(f"malformed state text: held and face_down need {n} entries")
    return {
        "table_event": EventCard(table) if table else None, "held": held, "face_down": face,
        **opt, **listed,
    }
