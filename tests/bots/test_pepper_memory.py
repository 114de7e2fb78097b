"""What the greedy level remembers of Extra Pepper's moves (bots/memory.py, RULES §12.13)."""

from seasalt.bots.memory import remember
from seasalt.engine import (
    EVENT_CARDS,
    EventCard,
    GameState,
    LookAtHand,
    Phase,
    PlayPair,
    Rules,
    SwapCard,
    TakeAngelfishCard,
    TakeDiscard,
    apply,
    cards_from_codes,
    make_state,
    view,
)


def _state(hands: list[str], table_event: EventCard, piles: tuple[str, str] = ("", ""),
           phase: Phase = Phase.PLAY) -> GameState:
    deck = "crab/gy crab/g shark/g shark/p octopus/p"
    zones = [deck, *piles, *hands]
    ids = cards_from_codes(" ".join(zones))
    cut, start = [], 0
    for z in zones:
        cut.append(ids[start : start + len(z.split())])
        start += len(z.split())
    n = len(hands)
    return make_state(
        Rules(n, extra_salt=True, extra_pepper=True), hands=cut[3:], deck=cut[0],
        piles=(cut[1], cut[2]), phase=phase, table_event=table_event, held=[None] * n,
        event_deck=[e for e in EVENT_CARDS if e is not table_event], complete=False,
    )


def test_a_water_rodeo_look_and_swap_are_remembered() -> None:  # RULES §12.15 P25
    s = _state(["swimmer/db swimmer/lb lighthouse/p", "mermaid/w fish/db", "boat/db"],
               EventCard.WATER_RODEO)
    swimmer_a, swimmer_b, lighthouse = cards_from_codes("swimmer/db swimmer/lb lighthouse/p")
    mermaid, fish = cards_from_codes("mermaid/w fish/db")
    s = apply(s, PlayPair((swimmer_a, swimmer_b))).state
    s = apply(s, LookAtHand(1)).state
    assert s.phase is Phase.SWAP
    assert sorted(remember(view(s, 0)).holds[1]) == sorted((mermaid, fish))  # we looked
    s = apply(s, SwapCard(give=lighthouse, take=mermaid)).state
    mine = remember(view(s, 0))
    assert sorted(mine.holds[1]) == sorted((fish, lighthouse))
    theirs = remember(view(s, 1))
    assert lighthouse not in theirs.holds[0] and mermaid in theirs.holds[0]
    # The third seat saw only that a swap happened: it claims to know nothing of either hand.
    other = remember(view(s, 2))
    assert other.holds[0] == () and other.holds[1] == ()


def test_an_angelfish_take_is_remembered_by_the_others() -> None:  # RULES §12.15 P67
    s = _state(["crab/db", "fish/db"], EventCard.ANGELFISH,
               piles=("boat/y shell/lb", "octopus/lb penguin/p"), phase=Phase.DRAW)
    s = apply(s, TakeDiscard(1)).state  # penguin taken: the tops are shell/lb and octopus/lb
    assert s.phase is Phase.ANGELFISH
    s = apply(s, TakeAngelfishCard(0)).state
    shell, penguin = cards_from_codes("shell/lb penguin/p")
    memory = remember(view(s, 1))
    assert shell in memory.holds[0] and penguin in memory.holds[0]
    assert memory.piles[0] == cards_from_codes("boat/y")
