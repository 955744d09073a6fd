"""Helpers of the Whist test suites: deck orders that deal chosen hands, and scripted play.

A Whist deal gives card ``i`` of the pack (top first) to seat ``(dealer + 1 + i) % 4``; the last card is the
dealer's and is turned up for trumps (W-§3). :func:`whist_deck` builds the order that deals the hands named.

>>> deck = whist_deck({0: "AS KS QS JS"}, dealer=3, turn_up="2H")
>>> [str(deck[i]) for i in (0, 4, 8, 12)], str(deck[51])
(['AS', 'KS', 'QS', 'JS'], '2H')
"""

from __future__ import annotations

from collections.abc import Mapping

from academie.cards import PACK_52, Card, parse_cards
from academie.engine import Mode
from academie.games.whist import WhistRules, WhistState


def whist_deck(hands: Mapping[int, str], *, dealer: int, turn_up: str | None = None) -> tuple[Card, ...]:
    """An order of the 52 cards dealing ``hands`` (partial hands are filled from the rest of the pack, in pack
    order), the dealer's last card being ``turn_up``."""
    wanted = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    if turn_up is not None:
        wanted.setdefault(dealer, []).append(Card.parse(turn_up))
    used = {card for cards in wanted.values() for card in cards}
    if len(used) != sum(len(c) for c in wanted.values()):
        raise ValueError("a card is named twice")
    rest = [card for card in PACK_52 if card not in used]
    slots: dict[int, list[Card]] = {}
    for seat in range(4):
        mine = wanted.get(seat, [])
        if seat == dealer and turn_up is not None:
            head, last = mine[:-1], [mine[-1]]
        else:
            head, last = mine, []
        fill = 13 - len(head) - len(last)
        if fill < 0:
            raise ValueError(f"seat {seat} is given more than 13 cards")
        slots[seat] = head + [rest.pop(0) for _ in range(fill)] + last
    return tuple(slots[(dealer + 1 + i) % 4][i // 4] for i in range(52))


def new_rubber(hands: Mapping[int, str] | None = None, *, dealer: int = 3, turn_up: str | None = None,
               rules: WhistRules | None = None, score: tuple[int, int] = (0, 0),
               table: bool = False) -> WhistState:
    """A rubber whose first deal is the one named, with the game score preset (as if earlier deals had scored it:
    the ledger is credited with the same points, citing W-§6.1)."""
    if table:
        rules = WhistRules(mode=Mode.TABLE) if rules is None else rules
    state = WhistState.new(rules, first_dealer=dealer, score=score)
    state.apply(state.parse_action("deck " + " ".join(str(c) for c in whist_deck(hands or {}, dealer=dealer,
                                                                                   turn_up=turn_up))))
    return state


def play(state: WhistState, *texts: str) -> None:
    """Apply the actions given as text, each checked."""
    for text in texts:
        state.apply_text(text)


def play_lowest(state: WhistState, until_tricks: int = 13) -> None:
    """Play the first legal action (the lowest card, no calls) until ``until_tricks`` tricks of the deal are done
    or the deal ends."""
    deals = len(state.deal_results)
    while len(state.deal_results) == deals and len(state.view(0).tricks) < until_tricks + 0 and \
            not state.is_terminal:
        legal = [a for a in state.legal_actions() if str(a).startswith("play") or str(a) == "deny"]
        state.apply(legal[0])
        view_tricks = [t for t in state.view(0).tricks if t.winner is not None]
        if len(view_tricks) >= until_tricks:
            break


def legal_texts(state: WhistState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
