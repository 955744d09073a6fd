"""Double-dummy solving for Whist through endplay, the Python binding of Bo Haglund's DDS solver.

Whist's play is bridge's card play without an auction: the same 52 cards, four hands, a trump suit, thirteen
tricks. Our seats 0, 1, 2, 3 sit as North, East, South and West (clockwise, partners opposite); our card index
``suit * 13 + rank - 2`` maps to endplay's cards by suit letter and rank.

>>> from academie.cards import SUIT_MASKS, mask_of, parse_cards
>>> hands = [SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SUIT_MASKS[3]]   # each seat holds one whole suit
>>> scores = solve(hands, leader=0, trump=3, trick=())
>>> max(scores.values())   # seat 0 leads clubs and every trick is ruffed by seat 3 (spades are trumps)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from endplay.dds import solve_board
from endplay.types import Card as DdsCard
from endplay.types import Deal, Denom, Player

from academie.cards import CARDS, SUIT_MASKS, Rank, Suit, card_index, indices_of

PLAYERS: Final = (Player.north, Player.east, Player.south, Player.west)
"""Our seat ``i`` sits as ``PLAYERS[i]``."""
DENOMS: Final = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades)
"""Our suit index (clubs, diamonds, hearts, spades) as endplay's denomination."""
_PBN_SUITS: Final = (3, 2, 1, 0)
"""A PBN hand lists spades, hearts, diamonds, clubs: our suit indices in that order."""


def hand_pbn(mask: int) -> str:
    """A hand as PBN writes it: ``spades.hearts.diamonds.clubs``, ranks high to low.

    >>> from academie.cards import mask_of, parse_cards
    >>> hand_pbn(mask_of(parse_cards("AS TS 2H KC")))
    'AT.2..K'
    """
    parts = []
    for suit in _PBN_SUITS:
        ranks = [CARDS[i].rank.letter for i in indices_of(mask & SUIT_MASKS[suit])]
        parts.append("".join(reversed(ranks)))
    return ".".join(parts)


def deal_pbn(hands: Sequence[int], first: int = 0) -> str:
    """Four hands as a PBN deal string, starting with seat ``first`` (``N:`` for seat 0)."""
    letters = "NESW"
    return f"{letters[first]}:" + " ".join(hand_pbn(hands[(first + i) % 4]) for i in range(4))


def to_card(index: int) -> DdsCard:
    card = CARDS[index]
    return DdsCard(f"{card.suit.letter}{card.rank.letter}")


def from_card(card: DdsCard) -> int:
    """Our card index of an endplay card."""
    suit = DENOMS.index(card.suit)
    rank = "23456789TJQKA".index(card.rank.abbr)
    return card_index(Rank(rank + Rank.TWO), Suit(suit))


def make_deal(hands: Sequence[int], *, leader: int, trump: int, trick: Sequence[int]) -> Deal:
    """The endplay deal for a position: ``hands`` hold the unplayed cards (without the current trick's), the
    current ``trick`` was led by ``leader``."""
    full = list(hands)
    for offset, card in enumerate(trick):
        full[(leader + offset) % 4] |= 1 << card
    deal = Deal(deal_pbn(full))
    deal.first = PLAYERS[leader]
    deal.trump = DENOMS[trump]
    for card in trick:
        deal.play(to_card(card))
    return deal


def solve(hands: Sequence[int], *, leader: int, trump: int, trick: Sequence[int]) -> dict[int, int]:
    """For each legal card of the seat to play, the tricks its side takes from here with best play by all
    (the current trick included)."""
    deal = make_deal(hands, leader=leader, trump=trump, trick=trick)
    return {from_card(card): int(tricks) for card, tricks in solve_board(deal)}
