"""Helpers of the Guinguette tests: deck orders that deal chosen hands, and a cotillon stacked for a draw.

Positions are in the order of play: 0 is eldest hand (the seat after the dealer), the dealer is last.

>>> order = deal_order(["9S 8H KC 6D", "QD JC TH 7S", "TS 9D 8C AH", "KH QS 7D 6C"])
>>> [str(c) for c in order[:4]], len(order)
(['9S', '8H', 'QD', 'JC'], 36)
"""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import PACK_36, PACK_52, Card, parse_cards
from academie.games.guinguette import BANK, GuinguetteRules, GuinguetteState, Reshuffle


def deal_order(hands: Sequence[str], *, cotillon_top: str = "") -> tuple[Card, ...]:
    """The pack order that deals ``hands[p]`` to position ``p`` (two cards at a time, GU-§4.3); the cotillon
    starts with ``cotillon_top`` and goes on with the rest of the pack in pack order."""
    players = len(hands)
    pack = PACK_36 if players <= 4 else PACK_52
    cards = [parse_cards(hand) for hand in hands]
    order: list[Card] = []
    for round_ in range(2):
        for position in range(players):
            order += cards[position][2 * round_:2 * round_ + 2]
    order += parse_cards(cotillon_top)
    order += [card for card in pack if card not in order]
    assert len(order) == len(pack) and len(set(order)) == len(pack), "hands and cotillon must not overlap"
    return tuple(order)


def new_deal(hands: Sequence[str], rules: GuinguetteRules | None = None, *, cotillon_top: str = "",
             dealer: int | None = None) -> GuinguetteState:
    """A state dealt ``hands`` by position; the dealer is the last seat unless given."""
    players = len(hands)
    base = rules or GuinguetteRules(players=players)
    seat_dealer = players - 1 if dealer is None else dealer
    return GuinguetteState.new(base, decks=[deal_order(hands, cotillon_top=cotillon_top)], first_dealer=seat_dealer)


def stacked(state: GuinguetteState, top: str) -> Reshuffle:
    """The cotillon shuffle that puts ``top`` on top (the stirrer draws it), the rest in their order."""
    card = Card.parse(top)
    rest = [c for c in state.cotillon() if c != card]
    assert card in state.cotillon(), f"{top} is not in the cotillon"
    return Reshuffle((card, *rest))


def act(state: GuinguetteState, *texts: str) -> None:
    """Apply actions given as text, each checked."""
    for text in texts:
        state.apply_text(text)


def stir(state: GuinguetteState, verb_card: str, draws: str) -> None:
    """A stir (``"stir KC"``) and the cotillon shuffle that gives the stirrer ``draws``."""
    state.apply_text(verb_card)
    state.apply(stacked(state, draws))


def set_stock(state: GuinguetteState, seat: int, amount: int) -> None:
    """Give ``seat`` a stock of ``amount`` tokens for a scenario: the difference goes to or comes from the bank
    through the ledger, so it is neither won nor lost in the deal."""
    have = state.stocks[seat]
    if have > amount:
        state.move(seat, BANK, have - amount, "scenario")
    else:
        state.move(BANK, seat, amount - have, "scenario")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)
