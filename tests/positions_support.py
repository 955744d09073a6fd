"""What the tests of each game's positions (``academie.games.<game>.positions.deck``) share: random deals, cards
named as text or as values, the check that the cards not named fill the pack in order, and the refusals every
game's ``deck`` makes with what is allowed (E-§3, W-§3, GUIMBARDE-§2, GU-§4.3, Q-R6, Q-R2)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from academie.cards import Card
from academie.engine import RulesError

DeckCall = Callable[..., tuple[Card, ...]]


def split(rng: random.Random, pack: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    """A random deal of ``pack``: groups of the sizes asked, then the rest."""
    cards = list(pack)
    rng.shuffle(cards)
    groups, at = [], 0
    for size in sizes:
        groups.append(tuple(cards[at:at + size]))
        at += size
    groups.append(tuple(cards[at:]))
    return groups


def as_spec(rng: random.Random, cards: tuple[Card, ...]) -> str | tuple[Card, ...]:
    """Cards named as text or as Card values, at random (both are accepted)."""
    return " ".join(str(card) for card in cards) if rng.random() < 0.5 else cards


def filled_in_pack_order(order: Sequence[Card], pack: Sequence[Card], named: Sequence[Card]) -> bool:
    """Whether ``order`` is an order of ``pack`` whose cards not named come in pack order."""
    rest = list(pack)
    for card in named:
        rest.remove(card)
    unnamed = list(order)
    for card in named:
        unnamed.remove(card)
    return sorted(order, key=lambda c: c.index) == sorted(pack, key=lambda c: c.index) and unnamed == rest


def same(cards: Sequence[Card]) -> list[int]:
    return sorted(card.index for card in cards)


def check_refusals(deck: DeckCall, options: dict[str, Any], *, size: int, pack: Sequence[Card], foreign: str,
                   copies: int = 1) -> None:
    """A card named more often than the pack holds it, a hand given more cards than it holds, a card not in the
    pack (``foreign``; "" when the pack holds every card), unreadable text, a seat or a dealer not at the table are
    refused with a RulesError that says what was wrong and what is allowed."""
    if copies == 2:  # each card of a colour pack is there twice
        with pytest.raises(RulesError, match=r"KS is named three times \(seat 0 and seat 2\); the black pack .* "
                           "holds it twice"):
            deck(hands={0: "KS", 1: "KS", 2: "KS"}, dealer=0, **options)
    else:
        with pytest.raises(RulesError, match=r"KS is named twice \(seat 0 and seat 1\); the .* holds it once"):
            deck(hands={0: "KS", 1: "KS"}, dealer=0, **options)
    big = list(pack)[:size + 1]
    with pytest.raises(RulesError, match=f"seat 1 is given {size + 1} cards; a hand holds {size}"):
        deck(hands={1: big}, dealer=0, **options)
    if foreign:
        with pytest.raises(RulesError, match=f"{foreign} \\(seat 0\\) is not in the .*pack"):
            deck(hands={0: foreign}, dealer=0, **options)
    with pytest.raises(RulesError, match="the hand of seat 0: cannot read a card from 'XY'"):
        deck(hands={0: "XY"}, dealer=0, **options)
    with pytest.raises(RulesError, match=r"seat 9 is not at the table; allowed: 0"):
        deck(hands={9: "KS"}, dealer=0, **options)
    with pytest.raises(RulesError, match=r"dealer=9 is not allowed; allowed: 0"):
        deck(hands={}, dealer=9, **options)
