"""PBN (Portable Bridge Notation) export and import of Whist deals and their play, since bridge tools read PBN.

Seats 0, 1, 2, 3 are North, East, South and West. A deal is written with the standard tags (``Dealer``, ``Deal``,
``Play``) and the play section (one line a trick, the cards in the columns of the players from the one named by
``[Play]``, the opening leader); whist has no auction, so ``Contract`` and ``Declarer`` are ``?`` and two tags of
ours carry the trump: ``[Trump "S"]`` and ``[TurnUp "9S"]`` (the dealer's card turned for trumps, W-§3).

Import accepts tagged games and bare deal lines (``N:AKQ.… …``, as in a list of deals); without a turn-up, the
dealer's lowest card of his longest suit is taken as turned up, so the deal can be played as whist.

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=9, first_dealer=2)
>>> while not state.deal_results:
...     _ = state.apply(state.legal_actions()[0])
>>> text = write_deal(deals_of(state)[0], board=1)
>>> [deal] = read_pbn(text)
>>> deal == deals_of(state)[0]
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from academie.cards import CARDS, Card, Rank, Suit
from academie.engine import AcademieError
from academie.games.whist.state import Play, Shuffle, WhistState

LETTERS: Final = "NESW"
_TAG: Final = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


class PbnError(AcademieError, ValueError):
    """PBN text that cannot be read as a whist deal."""


@dataclass(frozen=True, slots=True)
class PbnDeal:
    """A whist deal: the four hands (13 cards each, seat order), the dealer, the turn-up and the cards played."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: int
    turn_up: Card
    plays: tuple[Card, ...] = ()
    """The cards in the order played (whole tricks, then perhaps a part of one)."""

    def deck(self) -> tuple[Card, ...]:
        """A deck order that deals these hands (W-§3: card i to seat dealer+1+i, the turn-up last)."""
        rows = []
        for seat in range(4):
            cards = [c for c in self.hands[seat] if c != self.turn_up]
            rows.append(cards + ([self.turn_up] if seat == self.dealer else []))
        return tuple(rows[(self.dealer + 1 + i) % 4][i // 4] for i in range(52))

    def state(self, rules: Any = None) -> WhistState:
        """A rubber whose first deal is this one, with the recorded cards played."""
        state = WhistState.new(rules, first_dealer=self.dealer)
        state.apply(Shuffle(self.deck()))
        for card in self.plays:
            state.apply(Play(card))
        return state


def deals_of(state: WhistState) -> list[PbnDeal]:
    """Every deal of a rubber (the last perhaps unfinished) with its play, from the state's log."""
    deals: list[PbnDeal] = []
    replay: WhistState | None = None
    dealer = 0
    plays: list[Card] = []
    start = [0, 0, 0, 0]
    turn_up = CARDS[0]

    def close() -> None:
        hands = tuple(tuple(sorted((CARDS[i] for i in range(52) if start[s] >> i & 1), key=lambda c: c.index))
                      for s in range(4))
        deals.append(PbnDeal(hands, dealer, turn_up, tuple(plays)))

    for operation in state.operations:
        action = operation.action
        if isinstance(action, Shuffle):
            if replay is not None:
                close()
            dealer = state.deal_results[len(deals)].dealer if len(deals) < len(state.deal_results) \
                else (state.dealer or 0)
            replay = WhistState.new(state.rules, first_dealer=dealer)
            replay.apply(action)
            start = [replay.hand_mask(s) for s in range(4)]
            turn_up = action.order[51]
            plays = []
        elif isinstance(action, Play):
            plays.append(action.card)
    if replay is not None:
        close()
    return deals


def _hand_text(cards: tuple[Card, ...]) -> str:
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        parts.append("".join(r.letter for r in ranks))
    return ".".join(parts)


def write_deal(deal: PbnDeal, *, board: int = 1, event: str = "?", date: str = "?") -> str:
    """One PBN game for a deal and its play."""
    leader = (deal.dealer + 1) % 4
    lines = [f'[Event "{event}"]', '[Site "?"]', f'[Date "{date}"]', f'[Board "{board}"]',
             *(f'[{name} "seat {seat}"]' for seat, name in ((3, "West"), (0, "North"), (1, "East"), (2, "South"))),
             f'[Dealer "{LETTERS[deal.dealer]}"]', '[Vulnerable "None"]',
             f'[Deal "N:{" ".join(_hand_text(h) for h in deal.hands)}"]', '[Scoring "Whist"]',
             '[Declarer "?"]', '[Contract "?"]', '[Result "?"]',
             f'[Trump "{deal.turn_up.suit.letter}"]', f'[TurnUp "{deal.turn_up}"]']
    if deal.plays:
        lines.append(f'[Play "{LETTERS[leader]}"]')
        lines += _play_lines(deal, leader)
    return "\n".join(lines) + "\n"


def _play_lines(deal: PbnDeal, leader: int) -> list[str]:
    """The play section: one line a trick, column ``k`` for the player ``leader + k`` (PBN §3.2.4)."""
    seat_of = {card: seat for seat, hand in enumerate(deal.hands) for card in hand}
    lines = []
    for start in range(0, len(deal.plays), 4):
        columns = ["-"] * 4
        for card in deal.plays[start:start + 4]:
            columns[(seat_of[card] - leader) % 4] = f"{card.suit.letter}{card.rank.letter}"
        lines.append(" ".join(columns))
    lines.append("*")
    return lines


def write_pbn(state: WhistState, *, event: str = "?", date: str = "?") -> str:
    """Every deal of a rubber as PBN games separated by blank lines."""
    return "\n".join(write_deal(deal, board=i + 1, event=event, date=date)
                     for i, deal in enumerate(deals_of(state)))


def _parse_hands(text: str) -> tuple[tuple[Card, ...], ...]:
    first, _, rest = text.strip().partition(":")
    if first.upper() not in LETTERS or not rest:
        raise PbnError(f"cannot read the deal {text!r}: expected e.g. N:AKQ.JT9.876.5432 … (four hands)")
    hands_text = rest.split()
    if len(hands_text) != 4:
        raise PbnError(f"the deal {text!r} has {len(hands_text)} hands; a whist deal has four")
    start = LETTERS.index(first.upper())
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    for offset, hand in enumerate(hands_text):
        suits = hand.split(".")
        if len(suits) != 4:
            raise PbnError(f"hand {hand!r} must have four suits (spades.hearts.diamonds.clubs)")
        cards = [Card(Rank.parse(r), suit) for suit, ranks in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS,
                                                                   Suit.CLUBS), suits, strict=True) for r in ranks]
        hands[(start + offset) % 4] = tuple(sorted(cards, key=lambda c: c.index))
    if sorted(c.index for h in hands for c in h) != list(range(52)) or any(len(h) != 13 for h in hands):
        raise PbnError(f"the deal {text!r} is not the 52 cards dealt thirteen a hand")
    return tuple(hands)


def _default_turn_up(hand: tuple[Card, ...]) -> Card:
    longest = max(Suit, key=lambda s: (sum(c.suit == s for c in hand), -s))
    return min((c for c in hand if c.suit == longest), key=lambda c: c.rank)


def read_pbn(text: str) -> list[PbnDeal]:
    """The deals of a PBN text: tagged games (with their play) or bare deal lines."""
    deals: list[PbnDeal] = []
    tags: dict[str, str] = {}
    play_rows: list[list[str]] = []
    in_play = False

    def finish() -> None:
        if "Deal" in tags:
            deals.append(_deal_from_tags(tags, play_rows))
        tags.clear()
        play_rows.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("%") or line.startswith(";"):
            if not line and tags:
                finish()
                in_play = False
            continue
        match = _TAG.match(line)
        if match:
            name, value = match.groups()
            if name in tags and name == "Event":
                finish()
            tags[name] = value
            in_play = name == "Play"
            continue
        if in_play:
            if line == "*":
                in_play = False
            else:
                play_rows.append(line.split())
            continue
        if re.match(r"^[NESWnesw]:", line):
            hands = _parse_hands(line)
            deals.append(PbnDeal(hands, 0, _default_turn_up(hands[0])))
            continue
        raise PbnError(f"cannot read the PBN line {line!r}")
    finish()
    return deals


def _deal_from_tags(tags: dict[str, str], rows: list[list[str]]) -> PbnDeal:
    hands = _parse_hands(tags["Deal"])
    dealer_letter = tags.get("Dealer", "N").upper()
    if dealer_letter not in LETTERS:
        raise PbnError(f"[Dealer {dealer_letter!r}] is not one of N, E, S, W")
    dealer = LETTERS.index(dealer_letter)
    turn_up = Card.parse(tags["TurnUp"]) if "TurnUp" in tags else _default_turn_up(hands[dealer])
    if turn_up not in hands[dealer]:
        raise PbnError(f"the turn-up {turn_up} is not in the dealer's hand")
    plays: list[Card] = []
    if rows:
        leader = LETTERS.index(tags.get("Play", LETTERS[(dealer + 1) % 4]).upper())
        trump = turn_up.suit
        seat = leader
        for row in rows:
            cards = {(leader + k) % 4: Card.parse(word) for k, word in enumerate(row) if word != "-"}
            trick: list[tuple[int, Card]] = []
            for k in range(4):
                player = (seat + k) % 4
                if player in cards:
                    trick.append((player, cards[player]))
            plays += [card for _, card in trick]
            if len(trick) == 4:
                best_seat, best = trick[0]
                for player, card in trick[1:]:
                    if (card.suit == best.suit and card.rank > best.rank) or (card.suit == trump
                                                                              and best.suit != trump):
                        best_seat, best = player, card
                seat = best_seat
    return PbnDeal(hands, dealer, turn_up, tuple(plays))
