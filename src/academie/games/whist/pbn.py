"""PBN (Portable Bridge Notation) export and import of Whist deals and their play, since bridge tools read PBN.

Seats 0, 1, 2, 3 are North, East, South and West. A deal is written with the standard tags (``Dealer``, ``Deal``,
``Play``) and the play section (one line a trick, the cards in the columns of the players from the one named by
``[Play]``, the opening leader; ``*`` closes a play stopped before the thirteenth trick).

Whist has no auction, but bridge tools (endplay, DDS front ends) cannot read a play without a contract: they find
the trumps in its denomination and the opening leader on the declarer's left. So the deal carries a *nominal*
contract: one in the trump suit (``[Contract "1S"]``), declared by the dealer, so that the player on his left,
the eldest hand, leads (W-§5); ``[Result]`` counts the tricks the dealer's side took when all thirteen were
played. Tags of ours say what is nominal and carry the trump: ``[Nominal "Declarer Contract"]``, ``[Trump "S"]``
and ``[TurnUp "9S"]`` (the dealer's card turned for trumps, W-§3), with a ``{comment}`` for human readers.

Import accepts tagged games (ours, or what endplay writes back from them) and bare deal lines (``N:AKQ.… …``, as
in a list of deals); without a turn-up, the dealer's lowest card of his longest suit is taken as turned up, so
the deal can be played as whist. Comments (``{…}``, ``;…``) are skipped.

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from academie.cards import CARDS, Card, Rank, Suit
from academie.engine import AcademieError
from academie.games.whist.state import Play, Shuffle, WhistRules, WhistState

LETTERS: Final = "NESW"
_TAG: Final = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:;.*)?$')
NOMINAL: Final = "Declarer Contract"
"""The value of our ``[Nominal]`` tag: the standard tags whose values are made up for bridge tools."""
_NOMINAL_NOTE: Final = ("{Whist has no auction: the Declarer and Contract are nominal, a one-level contract in "
                        "the trump suit declared by the dealer, so that the eldest hand, on his left, leads; "
                        "the Result counts the tricks of the dealer's side.}")


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

    def state(self, rules: WhistRules | None = None) -> WhistState:
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
    """One PBN game for a deal and its play, with the nominal contract bridge tools need to read the play."""
    leader = (deal.dealer + 1) % 4  # W-§5: the eldest hand leads, so the nominal declarer is the dealer
    trump = deal.turn_up.suit.letter
    complete = len(deal.plays) == 52
    result = "?"
    if complete:
        winners = _trick_winners(deal)
        result = str(sum(1 for seat in winners if seat % 2 == deal.dealer % 2))
    lines = [f'[Event "{event}"]', '[Site "?"]', f'[Date "{date}"]', f'[Board "{board}"]',
             *(f'[{name} "seat {seat}"]' for seat, name in ((3, "West"), (0, "North"), (1, "East"), (2, "South"))),
             f'[Dealer "{LETTERS[deal.dealer]}"]', '[Vulnerable "None"]',
             f'[Deal "N:{" ".join(_hand_text(h) for h in deal.hands)}"]', '[Scoring "Whist"]',
             f'[Declarer "{LETTERS[deal.dealer]}"]', f'[Contract "1{trump}"]', f'[Result "{result}"]',
             _NOMINAL_NOTE, f'[Nominal "{NOMINAL}"]', f'[Trump "{trump}"]', f'[TurnUp "{deal.turn_up}"]']
    if deal.plays:
        lines.append(f'[Play "{LETTERS[leader]}"]')
        lines += _play_lines(deal, leader)
        if not complete:
            lines.append("*")  # PBN: the play stopped here
    return "\n".join(lines) + "\n"


def _seat_of(deal: PbnDeal) -> dict[Card, int]:
    return {card: seat for seat, hand in enumerate(deal.hands) for card in hand}


def _trick_winners(deal: PbnDeal) -> list[int]:
    """The seat that won each whole trick of the play (W-§5: the highest trump, else the highest of the suit led)."""
    seat_of = _seat_of(deal)
    return [seat_of[_best(deal.plays[start:start + 4], deal.turn_up.suit)]
            for start in range(0, len(deal.plays) - 3, 4)]


def _best(trick: Sequence[Card], trump: Suit) -> Card:
    """W-§5: the card that wins a trick (``trick`` in the order played)."""
    best = trick[0]
    for card in trick[1:]:
        if (card.suit == best.suit and card.rank > best.rank) or (card.suit == trump and best.suit != trump):
            best = card
    return best


def _play_lines(deal: PbnDeal, leader: int) -> list[str]:
    """The play section: one line a trick, column ``k`` for the player ``leader + k`` (PBN §3.2.4)."""
    seat_of = _seat_of(deal)
    lines = []
    for start in range(0, len(deal.plays), 4):
        columns = ["-"] * 4
        for card in deal.plays[start:start + 4]:
            columns[(seat_of[card] - leader) % 4] = f"{card.suit.letter}{card.rank.letter}"
        lines.append(" ".join(columns))
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


def _without_comments(lines: Sequence[str]) -> list[str | None]:
    """The lines with their ``{…}`` comments (over several lines too) and ``;`` line comments taken out; a line
    that held only a comment becomes None, so that it does not end a game as a blank line does (PBN §3.8)."""
    out: list[str | None] = []
    in_comment = False
    for raw in lines:
        line = raw
        if in_comment:
            end = line.find("}")
            if end < 0:
                out.append(None)
                continue
            line, in_comment = line[end + 1:], False
        line = re.sub(r"\{[^}]*\}", " ", line)
        start = line.find("{")
        if start >= 0:
            line, in_comment = line[:start], True
        if line.lstrip().startswith(";"):
            line = ""
        out.append(line if line.strip() or not raw.strip() else None)
    return out


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

    for raw in _without_comments(text.splitlines()):
        if raw is None:
            continue
        line = raw.strip()
        if not line or line.startswith("%"):
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
        eldest = LETTERS[(dealer + 1) % 4]
        named = tags.get("Play", eldest).upper()
        if named != eldest:
            raise PbnError(f'[Play "{named}"] names the opening leader; in whist the eldest hand, on the dealer\'s '
                           f"left, leads: {eldest} (W-§5)")
        leader = seat = LETTERS.index(eldest)
        for row in rows:
            cards = {(leader + k) % 4: _play_card(word, row) for k, word in enumerate(row) if word not in "-+"}
            for player, card in cards.items():
                if card not in hands[player]:
                    raise PbnError(f"the play row {' '.join(row)!r} gives {card} to {LETTERS[player]}, who was not "
                                   "dealt it")
            trick = [(player, cards[player]) for player in ((seat + k) % 4 for k in range(4)) if player in cards]
            plays += [card for _, card in trick]
            if len(trick) == 4:
                best = _best([card for _, card in trick], turn_up.suit)
                seat = next(player for player, card in trick if card == best)
    return PbnDeal(hands, dealer, turn_up, tuple(plays))


def _play_card(word: str, row: list[str]) -> Card:
    try:
        return Card.parse(word)
    except ValueError:
        raise PbnError(f"cannot read the card {word!r} in the play row {' '.join(row)!r}: expected e.g. SA, "
                       "HT, D7, or - for a card not played") from None
