"""The table picture of Whist: what a seat (or a spectator) sees, painted from its view (:class:`WhistView`) alone.

The viewer sits South: his partner faces him, West is on his left (the next to play after him, W-§3) and East on
his right; a spectator sees the table with seat 0 South. The hand is sorted trumps first, then the other suits
alternating colours, strongest first (ace high, W-§2.1). The log tells the deal: the deal and the turn-up (W-§3,
WHIST-24), every card and who won each trick and why (W-§5), the calls at eight (W-§4.2), the irregular acts and
their rulings with their laws (§7), every point scored with its rule, and, once the deal is over, its result and
the game's (W-§6). Sides are named "you and your partner" and "East and West", never "we".

>>> from academie.words import Words
>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=3, first_dealer=3)
>>> words = Words("en")
>>> picture = paint(state.view(0), words=words, names=default_names(state.view(0), words=words))
>>> picture.waiting_for, picture.log[0]
('Your move', 'East deals and turns up 3♦: trumps are ♦ diamonds (W-§3, WHIST-24).')
>>> shorthand(state.view(0), "10s")
'play TS'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from academie.cards import PACK_52, Card, CardParseError, Rank, Suit
from academie.engine import TABLE, Action, ActionParseError, Irregular, Mode, Remedy
from academie.games.whist.state import (
    Answer,
    Call,
    Deny,
    DrawForDeal,
    GameResult,
    LastDeal,
    Payment,
    Phase,
    Play,
    ShowHonours,
    Trick,
    WhistView,
    parse_action,
    partner_of,
    rubber_points,
    side_of,
)
from academie.games.whist.table import ACTS
from academie.laws import parse_table_action
from academie.picture import Memo, MovePicture, Picture, SeatPicture, Tally, TrickPicture, part, same_for_all
from academie.words import Words

SEATS = range(4)
HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
"""W-§2.1: the honours, A K Q J of the trump suit."""


def w(message: str, /) -> str:
    """Mark an English message for the catalogues; it is translated where it is said, through :class:`Words`."""
    return message


# ------------------------------------------------------------------------------------------------ words
ACT_SUMMARIES: dict[str, str] = {
    "exposed-in-deal": w("a card turned up in dealing"),
    "faced-card": w("a card found faced in the pack"),
    "looks-during-deal": w("taking up one's cards during the deal"),
    "misdeal": w("a misdeal"),
    "twelve-cards": w("a card lying aside: the seat plays with twelve"),
    "twelve-found": w("the missing card of a twelve-card hand found"),
    "fourteen-cards": w("a hand of fourteen cards"),
    "dealer-looks": w("the dealer looks at the trump card while dealing"),
    "imperfect-pack": w("the pack is found imperfect"),
    "new-cards": w("a call for fresh cards mid-game"),
    "trump-taken": w("the turn-up taken in hand before the dealer's turn"),
    "ask-turn-up": w("asking which card was turned up"),
    "lead-out-of-turn": w("a lead out of turn"),
    "third-before-second": w("the third hand plays before the second"),
    "fourth-out-of-turn": w("the fourth hand plays before the second"),
    "throw-down": w("throwing one's cards face up"),
    "claim": w("showing one's cards to claim every trick"),
    "drop-card": w("a card dropped face up"),
    "ask-honour": w("asking partner whether he played an honour"),
    "revoke": w("not following suit when able"),
    "correct-revoke": w("a revoke corrected before the trick is turned"),
    "false-call": w("a call at eight without the honours, at another score, or after playing"),
    "false-answer": w("an answer without an honour"),
    "remind-call": w("reminding partner to call"),
    "deal-out-of-turn": w("dealing out of turn"),
    "trump-left": w("the turn-up left on the table after the first trick"),
    "forgets-trump": w("the dealer cannot remember the trump card"),
    "lead-again": w("leading again before partner has played"),
    "omit-play": w("omitting to play to a trick"),
    "two-cards": w("two cards played to a trick"),
    "extra-card-found": w("the second card played to a trick found"),
    "mix-cards": w("mixing the cards when a revoke is claimed"),
    "claim-revoke": w("claiming a revoke of the last hand after the cut"),
    "forget-honours": w("not claiming one's honours at the end of the hand"),
    "claim-honours": w("claiming honours left unclaimed"),
    "overscore": w("points marked in error"),
    "prove-overscore": w("proving the adversaries' overscore"),
}
"""The English summaries of :data:`academie.games.whist.table.ACTS`, marked for translation (a test keeps them the
same)."""

LAW_MEANINGS: dict[str, str] = {
    "W-D1": w("a card turned face up in dealing, caused by {who}: a new deal, or the deal stands"),
    "W-D2": w("a card found faced in the pack, by {who}: a new deal, unless it is the last card"),
    "W-D3": w("cards taken up during the deal by {who}: forbidden, but no penalty"),
    "W-D4": w("a misdeal by {who}: the cards are dealt again"),
    "W-D5": w("a hand of twelve cards ({who}): the deal stands; its holder answers for his revokes"),
    "W-D6": w("a hand of fourteen cards ({who}): the deal is void"),
    "W-D7": w("a deal out of turn by {who}: stopped before the last card, else it stands"),
    "W-D8": w("the dealer, {who}, looked at the trump card while dealing: the adversaries may exact a new deal"),
    "W-D9": w("an imperfect pack, found by {who}: the hand is void; past scores stand"),
    "W-D10": w("fresh cards asked for by {who}: only with everyone's consent"),
    "W-T1": w("the turn-up taken into the hand early by {who}: the adversaries may have it laid on the table"),
    "W-T2": w("the turn-up left on the table after the first trick by {who}: it is liable to be called"),
    "W-T3": w("a question about the turned-up card by {who}: the asker's highest or lowest trump may be called"),
    "W-T4": w("the dealer, {who}, cannot remember the trump card: the dealer's highest or lowest trump may be "
              "called"),
    "W-P1": w("a lead out of turn by {who}: the adversaries call the card led, or require a suit of the rightful "
              "leader"),
    "W-P2": w("the third hand, {who}, played before the second: the fourth hand may play before his partner"),
    "W-P3": w("the fourth hand, {who}, played before the second: the offender may neither trump nor win, nor the "
              "offender's partner win, unless a revoke is forced"),
    "W-P4": w("a lead by {who} before the partner has played: the partner may be obliged to win; the card led is "
              "exposed"),
    "W-P5": w("a trick {who} did not play to: a new deal, or the surplus card counts to that trick"),
    "W-P6": w("two cards played to a trick by {who}: the offender answers for his revokes; found, the card is "
              "exposed"),
    "W-C1": w("cards thrown face up by {who}: the adversaries may call any of them, without forcing a revoke"),
    "W-C2": w("a claim of every remaining trick by {who}: with a losing card among them, all may be called"),
    "W-C3": w("a card dropped face up by {who}: it is exposed, liable to be called"),
    "W-C4": w("a question to the partner about an honour, by {who}: the partner's highest or lowest card of the "
              "suit led may be called (our remedy: the seed states none)"),
    "W-R1": w("an established revoke by {who}: {points} points, as the adversaries choose; the revokers cannot go "
              "out this hand"),
    "W-R2": w("a revoke by {who} corrected before the trick was turned: the revoker's highest or lowest card of the "
              "suit led may be required"),
    "W-R3": w("a revoke by {who}: it is established once the trick is turned and quitted"),
    "W-R4": w("cards mixed by the side of {who} before a revoke was examined: the revoke is deemed established"),
    "W-R5": w("a revoke of the last hand claimed by {who} after the cut: too late"),
    "W-R6": w("revokes by both sides: a new deal"),
    "W-R7": w("a revoke by {who}, who plays with twelve cards: he alone answers for it"),
    "W-H1": w("a call by {who} at a score other than eight: the adversaries may demand a new deal"),
    "W-H2": w("a reminder to call, by {who}: the offending side loses one point"),
    "W-H3": w("a late claim of honours by the side of {who}: they are lost"),
    "W-H4": w("a call answered, by {who}, and the side without three honours: the deal stands or a new deal, as "
              "the adversaries choose"),
    "W-H5": w("an answer by {who} without an honour: the deal stands or a new deal, as the adversaries choose"),
    "W-H6": w("a call by {who} after playing a card: the adversaries may demand a new deal"),
    "W-H7": w("an overscore of the side of {who}, proved too late: it stands"),
    "W-§4.2": w("a call by {who}, the side holding three honours: two points and the game"),
}
"""What each law of §7 rules, in a few words (the pending ruling, the act in the log)."""

REMEDY_MEANINGS: dict[str, str] = {
    "new-deal": w("a new deal"),
    "stand": w("the deal stands"),
    "no-penalty": w("forbidden, but no penalty"),
    "card-stands": w("the card stands as played; the fourth hand may play before his partner"),
    "call-card": w("the exposed card is called: it is played at its holder's first turn that allows it without a "
                   "revoke"),
    "call-suit": w("the rightful leader must lead {suit} if able; the card led in error is taken back, exposed"),
    "leave": w("the exposed card is not called now; it stays liable to be called"),
    "call": w("{card} is called: it is played as soon as it can be without a revoke"),
    "highest": w("the highest card concerned is called"),
    "lowest": w("the lowest card concerned is called"),
    "neither-trump-nor-win": w("the card is taken back; the offender may neither trump nor win this trick, nor the "
                               "offender's partner win it, unless a revoke is forced (WHIST-11, WHIST-14)"),
    "partner-to-win": w("the offender's partner is called on to win the trick (Club 68)"),
    "partner-not-to-win": w("the offender's partner is called on not to win the trick (Club 68)"),
    "grant": w("the claim is granted: the claimant's side takes every remaining trick"),
    "honours": w("the calling side holds three honours: two points and the game"),
    "add": w("{points} points added to the revokers' adversaries"),
    "take-tricks": w("{points} tricks taken from the revokers and given to their adversaries"),
    "deduct": w("{points} points deducted from the revokers"),
    "lose-point": w("the offending side loses one point"),
    "lay-on-table": w("the turn-up is laid on the table again until the dealer's turn to play"),
    "let-it-be": w("the turn-up stays in the dealer's hand"),
    "refuse": w("fresh cards refused: play goes on with the same pack"),
    "consent": w("fresh cards, with everyone's consent, for the next deal"),
    "play-on": w("the call is void; the hand is played on"),
    "play-before": w("the fourth hand plays {card} before his partner (WHIST-17)"),
    "in-turn": w("the fourth hand waits for his turn"),
    "stop": w("the deal out of turn is stopped: the rightful dealer deals"),
    "oblige-win": w("the partner must win the trick if he can; the card led in error is exposed"),
    "partner-free": w("the partner plays as he likes; the card led in error is exposed"),
    "too-late": w("too late: no penalty for a revoke claimed after the cut"),
    "lost": w("the honours are lost, claimed after the next trump card was turned"),
    "stands": w("the overscore stands, proved after the next trump card was turned"),
}
"""What each remedy does, in a few words (the move's label, the ruling in the log)."""

REMEDY_UNDER_LAW: dict[tuple[str, str], str] = {
    ("stand", "W-D1"): w("the deal stands; the card is not liable to be called"),
    ("stand", "W-D2"): w("the deal stands: the card faced is the last one, turned up anyway"),
    ("stand", "W-D7"): w("the deal out of turn stands"),
    ("stand", "W-H4"): w("the deal stands: it is played out without honours for the offending side"),
    ("stand", "W-H5"): w("the deal stands: it is played out without honours for the offending side"),
    ("stand", "W-P3"): w("the card stands as played; no other penalty"),
    ("stand", "W-P5"): w("the deal stands; the surplus card at the end counts to the trick missed"),
    ("highest", "W-T3"): w("the asker's highest trump is called"),
    ("lowest", "W-T3"): w("the asker's lowest trump is called"),
    ("highest", "W-T4"): w("the dealer's highest trump is called"),
    ("lowest", "W-T4"): w("the dealer's lowest trump is called"),
    ("highest", "W-R2"): w("the revoker must play his highest card of the suit led"),
    ("lowest", "W-R2"): w("the revoker must play his lowest card of the suit led"),
    ("highest", "W-C4"): w("the partner's highest card of the suit led is called"),
    ("lowest", "W-C4"): w("the partner's lowest card of the suit led is called"),
    ("highest", "W-P3"): w("the highest card the offender may play is the one played"),
    ("lowest", "W-P3"): w("the lowest card the offender may play is the one played"),
}
"""Remedies whose words depend on the law they answer."""

REMEDY_CHOICES: dict[str, str] = {
    "call": w("one of the exposed cards is called: it is played as soon as it can be without a revoke"),
    "call-suit": w("the rightful leader must lead the suit the adversaries name, if able; the card led in error is "
                   "taken back, exposed"),
    "play-before": w("the fourth hand names a card now and plays it before his partner (WHIST-17)"),
}
"""Remedies that name a card or a suit, said before the card or suit is chosen (the ruling pending)."""

SHORTHANDS: dict[str, str] = {
    "call": "call", "appeler": "call", "appelle": "call", "j'appelle": "call", "j’appelle": "call",
    "answer": "answer", "répondre": "answer", "réponds": "answer", "je réponds": "answer", "repondre": "answer",
    "deny": "deny", "non": "deny", "show": "show-honours", "montrer": "show-honours", "show-honours": "show-honours",
}
"""The words of the calls at eight (W-§4.2), in English and in French, and the actions they stand for."""


# ------------------------------------------------------------------------------------------------ painter
def default_names(view: WhistView, /, *, words: Words) -> tuple[str, ...]:
    """The viewer sits South: "You", "West" on his left, "Your partner" opposite, "East" on his right; a spectator
    sees seat 0 South, then West, North and East.

    >>> from academie.games.whist.state import WhistState
    >>> default_names(WhistState.new(seed=1, first_dealer=0).view(1), words=Words("fr"))
    ('Est', 'Vous', 'Ouest', 'Votre partenaire')
    """
    return _default_names(view.viewer, words)


@lru_cache(maxsize=64)
def _default_names(me: int, words: Words) -> tuple[str, ...]:
    """:func:`default_names`, made once per viewer and language (the card room asks after every action)."""
    if me not in SEATS:
        return (words("South"), words("West"), words("North"), words("East"))
    names = ["", "", "", ""]
    names[me] = words("You")
    names[(me + 1) % 4] = words("West")
    names[(me + 2) % 4] = words("Your partner")
    names[(me + 3) % 4] = words("East")
    return tuple(names)


def paint(view: WhistView, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
    """The picture of ``view`` (a seat's or the public's), in ``words``' language, the seats called ``names``;
    with a ``memo`` of the same viewer's last picture, the log tells only the actions since (:class:`_Told`)."""
    return _Scene(view, words, names).picture(memo)


@lru_cache(maxsize=16)
def _lower(words: Words) -> dict[str, str]:
    """The default names that are written in lower case inside a sentence, in ``words``' language."""
    return {words("You"): words("you"), words("Your partner"): words("your partner")}


@cache
def suit_order(trump: Suit | None) -> tuple[Suit, ...]:
    """Trumps first, then the other suits alternating colours (♠ ♥ ♣ ♦ without trumps).

    >>> "".join(suit.symbol for suit in suit_order(Suit.HEARTS))
    '♥♠♦♣'
    """
    base = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    if trump is None:
        return base
    others = [suit for suit in base if suit != trump]
    opposite = [suit for suit in others if _red(suit) != _red(trump)]
    same = [suit for suit in others if _red(suit) == _red(trump)]
    return (trump, opposite[0], same[0], opposite[1])


def _red(suit: Suit) -> bool:
    return suit in (Suit.HEARTS, Suit.DIAMONDS)


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Trumps first, then the other suits alternating colours; high to low within a suit (ace high, W-§2.1).

    >>> [str(c) for c in sort_hand([Card.parse(t) for t in ("2C", "AH", "KS", "3H", "TD")], Suit.HEARTS)]
    ['AH', '3H', 'KS', 'TD', '2C']
    """
    if not cards:
        return []
    return [PACK_52[index] for index in sorted([card.index for card in cards], key=_sort_places(trump).__getitem__)]


@cache
def _sort_places(trump: Suit | None) -> tuple[int, ...]:
    """Each card's place in a hand sorted by :func:`sort_hand`, by the card's index (PACK_52 lies in index order):
    hands are sorted for every viewer after every action, by their cards' indexes, without hashing a card."""
    order = suit_order(trump)
    places = {card.index: place for place, card in enumerate(sorted(PACK_52, key=lambda c: (order.index(c.suit),
                                                                                            -c.rank)))}
    return tuple(places[index] for index in range(len(PACK_52)))


def winning_position(cards: Sequence[Card], trump: Suit | None) -> int:
    """W-§5: the position in a trick of the card that wins it: the highest trump, else the highest of the suit led.

    >>> winning_position([Card.parse(c) for c in ("KH", "AH", "2S", "3H")], Suit.SPADES)
    2
    """
    best = 0
    for position in range(1, len(cards)):
        card, top = cards[position], cards[best]
        if (card.suit == top.suit and card.rank > top.rank) or (card.suit == trump and top.suit != trump):
            best = position
    return best


@same_for_all
def _tricks_seen(tricks: tuple[Trick, ...], previous: tuple[Trick, ...], last: LastDeal | None, trump: Suit | None,
                 words: Words) -> tuple[int, TrickPicture | None, TrickPicture | None, Suit | None]:
    """The tricks as every viewer of a position sees them, in one language (public: worked out once for them all):
    how many were won, the trick being played, the last trick won (:func:`_last_trick`), and the suit led to the
    trick being played (None before its lead)."""
    current = _current_trick(tricks)
    led = Card.parse(current.plays[0][1]).suit if current is not None and current.plays else None
    return (sum(1 for trick in tricks if trick.winner is not None), current,
            _last_trick(tricks, previous, last, trump, words), led)


def _current_trick(tricks: tuple[Trick, ...]) -> TrickPicture | None:
    """The trick being played, as every viewer sees it (cards face up on the table)."""
    if not tricks or tricks[-1].winner is not None:
        return None
    trick = tricks[-1]
    return TrickPicture(len(tricks), tuple(((trick.leader + i) % 4, str(card))
                                           for i, card in enumerate(trick.cards[:4])))


def _last_trick(tricks: tuple[Trick, ...], previous: tuple[Trick, ...], last: LastDeal | None, trump: Suit | None,
                words: Words) -> TrickPicture | None:
    """The last trick won (this deal's, else the last deal's once it is over), with why."""
    for number in range(len(tricks), 0, -1):
        trick = tricks[number - 1]
        if trick.winner is not None and trick.cards:
            return _won_trick(trick, number, trump, words)
    if last is None or last.result is None or not previous or not previous[-1].cards:
        return None
    return _won_trick(previous[-1], len(previous), last.trump, words)


@same_for_all
def _won_trick(trick: Trick, number: int, trump: Suit | None, words: Words) -> TrickPicture:
    """A trick won, with why (W-§5): the same for the positions until the next trick is won, made once for them."""
    winner = trick.winner
    plays = tuple(((trick.leader + i) % 4, str(card)) for i, card in enumerate(trick.cards[:4]))
    return TrickPicture(number, plays, winner, _why(words, trick.cards[:4], trump, winner, trick.leader))


@lru_cache(maxsize=64)
def _play_moves(words: Words, led: Suit | None, trump: Suit | None) -> tuple[MovePicture, ...]:
    """Every card to play as a move, by its index, labelled as it falls on the trick (a lead, a card of the suit
    led, a trump, a discard): made once per language, suit led and trumps, not at every picture."""
    moves = []
    for card in PACK_52:  # by index
        shown = words.card(card)
        if led is None:
            label = words("lead {card}", card=shown)
        elif card.suit == led:
            label = words("play {card}", card=shown)
        elif card.suit == trump:
            label = words("trump with {card}", card=shown)
        else:
            label = words("discard {card}", card=shown)
        moves.append(MovePicture(str(Play(card)), label, str(card)))
    return tuple(moves)


_PLAYED: Final = ((w("You lead {card}."), w("{name} leads {card}.")),
                  (w("You play {card}."), w("{name} plays {card}.")),
                  (w("You trump with {card}."), w("{name} trumps with {card}.")),
                  (w("You discard {card}."), w("{name} discards {card}.")))
"""The sentences of a card played, by how it falls on its trick (led, of the suit led, a trump, a discard): the
viewer's own, and another seat's."""


@lru_cache(maxsize=4096)
def _play_sentence(words: Words, way: int, name: str | None, card: Card) -> str:
    """A card played as the log tells it (:data:`_PLAYED`), by the viewer (``name`` None) or by the seat he calls
    ``name``: said once per language, name and card, not at every picture of every viewer."""
    mine, theirs = _PLAYED[way]
    if name is None:
        return words(mine, card=words.card(card))
    return words(theirs, name=name, card=words.card(card))


def _why(words: Words, cards: Sequence[Card], trump: Suit | None, winner: int | None, leader: int) -> str:
    """Why a trick was won: "highest trump", "only trump", "highest ♠" (W-§5)."""
    if not cards:
        return ""
    position = (winner - leader) % 4 if winner is not None else winning_position(cards, trump)
    if position >= len(cards):
        position = winning_position(cards, trump)
    card = cards[position]
    if card.suit == trump:
        if cards[0].suit != trump and sum(1 for c in cards if c.suit == trump) == 1:
            return words("only trump")
        return words("highest trump")
    return words("highest {suit}", suit=card.suit.symbol)


@lru_cache(maxsize=4096)
def _seat_line(words: Words, names: tuple[str, ...], me: int | None, dealer: int | None, seat: int,
               public: tuple[int, tuple[str, ...], tuple[str, ...]]) -> SeatPicture:
    """A seat's line: its name and roles as the viewer (``me``) calls them, and what everyone sees of it
    (``public``: its cards' count, its cards face up and its notes, :func:`_seats_public`). Made from these
    arguments alone, so made once for every viewer, position and table that give the same (most actions change
    two seats' lines)."""
    roles = []
    if seat == dealer:
        roles.append(words("dealer"))
    elif dealer is not None and seat == (dealer + 1) % 4:
        roles.append(words("eldest hand"))
    if me is not None and seat == partner_of(me) and names[seat] != words("Your partner"):
        roles.append(words("partner"))
    cards, shown, notes = public
    return SeatPicture(seat, names[seat], tuple(roles), cards, shown, notes)


@same_for_all
def _seats_public(words: Words, actor: int | None, called: int | None, pending: object, phase: Phase,
                  exposed: tuple[tuple[Card, ...], ...], hand_sizes: tuple[int, ...], trump: Suit | None,
                  ) -> tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]:
    """What every viewer of a position sees alike of each seat, in one language (worked out once for them all): how
    many cards it holds, its cards lying face up, and its notes ("called at eight", "to play")."""
    seats = []
    for seat in SEATS:
        notes = []
        if called == seat:
            notes.append(words("called at eight"))
        if actor == seat:
            if pending is not None:
                notes.append(words("to choose"))
            elif phase is Phase.ANSWER:
                notes.append(words("to answer"))
            else:
                notes.append(words("to play"))
        seats.append((hand_sizes[seat], tuple(str(card) for card in sort_hand(exposed[seat], trump)), tuple(notes)))
    return tuple(seats)


class _Scene:
    """The words of one view: names, sides, cards and the sentences built from them."""

    def __init__(self, view: WhistView, words: Words, names: Sequence[str]) -> None:
        self.view = view
        self.words = words
        self.names = tuple(names) if len(names) == 4 else default_names(view, words=words)
        self.me: int | None = view.viewer if view.viewer in SEATS else None
        self.lower = _lower(words)
        mine = side_of(self.me) if self.me is not None else 0
        self.sides = (mine, 1 - mine)

    # -------------------------------------------------------------- names
    def who(self, seat: int) -> str:
        """A seat named inside a sentence ("you", "your partner", "West")."""
        name = self.names[seat]
        return self.lower.get(name, name)

    def side(self, side: int) -> str:
        """A partnership named inside a sentence: "you and your partner", "West and East"."""
        if self.me is not None and side_of(self.me) == side:
            return self.words("you and your partner")
        return self.words("{first} and {second}", first=self.who(side), second=self.who(side + 2))

    def say(self, seat: int, mine: str, theirs: str, **arguments: object) -> str:
        """``mine`` when ``seat`` is the viewer ("You play ..."), else ``theirs`` with the seat's ``{name}``."""
        if seat == self.me:
            return self.words(mine, **arguments)
        return self.words(theirs, name=self.names[seat], **arguments)

    def card(self, card: Card) -> str:
        return self.words.card(card)

    def points(self, count: int) -> str:
        return self.words("1 point") if count == 1 else self.words("{count} points", count=count)

    # -------------------------------------------------------------- the picture
    def picture(self, memo: Memo | None = None) -> Picture:
        view = self.view
        words = self.words
        table: tuple[tuple[str, tuple[str, ...]], ...] = ()
        if view.turn_up is not None:
            table = ((words("Turn-up"), (str(view.turn_up),)),)
        names = self.names
        won, current, last_trick, led = _tricks_seen(view.tricks, view.previous_tricks, view.last_deal, view.trump,
                                                     words)
        return Picture(
            game="whist", title=words("Whist"), lang=words.lang, viewer=self.me,
            status=part(memo, "status", (names, words, self.me, view.rules, view.dealer, view.phase, won),
                        lambda: self.status(won)),
            seats=tuple(_seat_line(words, names, self.me, view.dealer, seat, public) for seat, public in enumerate(
                _seats_public(words, view.actor, view.called, view.pending, view.phase, view.exposed, view.hand_sizes,
                              view.trump))),
            hand=part(memo, "hand", (view.hand, view.trump),
                      lambda: tuple(str(card) for card in sort_hand(view.hand, view.trump))),
            trump=part(memo, "trump", (words, view.trump, view.turn_up), self.trump), table=table,
            trick=current, last_trick=last_trick,
            tallies=part(memo, "tallies", (names, words, self.me, view.rules, view.score, view.games,
                                           view.tricks_won, view.phase in (Phase.PLAY, Phase.ANSWER)), self.tallies),
            to_act=view.actor if view.actor in SEATS else None,
            waiting_for=part(memo, "waiting for", (names, words, self.me, view.phase, view.actor, view.pending),
                             self.waiting_for), moves=self.moves(led), log=self.log(memo), pending=self.pending(),
            result=self.result())

    def status(self, won: int) -> str:
        """The status line, ``won`` tricks won so far this deal."""
        view, words = self.view, self.words
        game = view.rules.game_points
        parts = [words("Long whist, game of {points}", points=game) if view.rules.variant == "long"
                 else words("Short whist, game of {points}", points=game)]
        if view.dealer is None:
            parts.append(words("drawing for the deal"))
        elif view.phase is not Phase.OVER:
            parts.append(self.say(view.dealer, w("you deal"), w("{name} deals")))
        if view.phase is Phase.OVER:
            parts.append(words("the rubber is over"))
        elif view.phase is Phase.ANSWER:
            parts.append(words("a call at eight"))
        elif view.phase is Phase.PLAY:
            parts.append(words("trick {number} of 13", number=min(13, won + 1)))
        return " · ".join(parts)


    def trump(self) -> str | None:
        view = self.view
        if view.trump is None:
            return None
        if view.turn_up is not None:
            return self.words("{suit}, the turn-up {card}", suit=self.words.suit(view.trump),
                              card=self.card(view.turn_up))
        return self.words.suit(view.trump)

    def why(self, cards: Sequence[Card], trump: Suit | None, winner: int | None, leader: int) -> str:
        """Why a trick was won (:func:`_why`)."""
        return _why(self.words, cards, trump, winner, leader)

    def tallies(self) -> tuple[Tally, ...]:
        view, words = self.view, self.words
        first, second = self.sides
        ours, theirs = self.side(first), self.side(second)
        tallies = [
            Tally(words("Score (game of {points})", points=view.rules.game_points),
                  ((ours, str(view.score[first])), (theirs, str(view.score[second])))),
            Tally(words("Games (rubber: best of three)"),
                  ((ours, str(view.games[first])), (theirs, str(view.games[second])))),
        ]
        if view.phase in (Phase.PLAY, Phase.ANSWER):
            tallies.append(Tally(words("Tricks this deal"), ((ours, str(view.tricks_won[first])),
                                                             (theirs, str(view.tricks_won[second])))))
        return tuple(tallies)

    def waiting_for(self) -> str:
        view, words = self.view, self.words
        actor = view.actor
        if view.phase is Phase.OVER or actor is None:
            return words("The rubber is over")
        if actor == TABLE:
            return words("The table rules")
        if actor not in SEATS:
            return words("The cards are being dealt")
        if view.pending is not None:
            return self.say(actor, w("Your choice ({law})"), w("{name} to choose ({law})"), law=view.pending.law)
        if view.phase is Phase.ANSWER:
            return self.say(actor, w("Your answer to your partner's call"), w("{name} to answer the call"))
        return self.say(actor, w("Your move"), w("{name} to play"))

    # -------------------------------------------------------------- moves
    def moves(self, led: Suit | None) -> tuple[MovePicture, ...]:
        """The viewer's moves, the cards to play labelled as they fall on the trick, ``led`` its suit led."""
        view = self.view
        if not view.legal_actions:
            return ()
        places = _sort_places(view.trump)
        plays = sorted((action.card.index for action in view.legal_actions if isinstance(action, Play)),
                       key=places.__getitem__)
        others = tuple(self.move(action) for action in view.legal_actions if not isinstance(action, Play))
        if not plays:
            return others
        table = _play_moves(self.words, led, view.trump)
        return (*others, *(table[index] for index in plays))

    def move(self, action: Action) -> MovePicture:
        """A move other than a card to play (:func:`_play_moves`), labelled in words."""
        words = self.words
        if isinstance(action, Call):
            return MovePicture(str(action), words("call (« j'appelle »): ask your partner for an honour (W-§4.2)"))
        if isinstance(action, ShowHonours):
            return MovePicture(str(action), words("show your honours and claim the game (W-§4.2)"))
        if isinstance(action, Answer):
            return MovePicture(str(action), words("answer (« je réponds »): you hold an honour (W-§4.2)"))
        if isinstance(action, Deny):
            return MovePicture(str(action), words("answer that you hold no honour (W-§4.2)"))
        if isinstance(action, Remedy):
            card = _card_of(action.args)
            return MovePicture(str(action), words("{remedy} ({law})", remedy=self.remedy(action), law=action.law),
                               str(card) if card is not None else None)
        return MovePicture(str(action), str(action))


    def remedy(self, remedy: Remedy) -> str:
        """What a remedy does, in words."""
        message = REMEDY_UNDER_LAW.get((remedy.name, remedy.law)) or REMEDY_MEANINGS.get(remedy.name)
        if message is None:
            return remedy.name
        card = _card_of(remedy.args)
        suit = _suit_of(remedy.args)
        return self.words(message, card=self.card(card) if card is not None else "",
                          suit=self.words.suit(suit) if suit is not None else "",
                          points=self.view.rules.revoke_points)

    # -------------------------------------------------------------- the log
    def log(self, memo: Memo | None = None) -> tuple[str, ...]:
        """The deal told: the end of the last deal, the deal and the turn-up, every action with the points it
        moved, and the points not yet told (the deal's end); from ``memo``, only what was not told before."""
        told = memo.kept if memo is not None else None
        if not isinstance(told, _Told) or not told.still_true(self):
            told = _Told(self, self.opening())
        told.tell(self)
        if memo is not None:
            memo.kept = told
        said = told.said
        if len(said) != len(told.opening) + len(told.lines):
            said = told.said = (*told.opening, *told.lines)
        payments = self.view.payments
        if len(payments) > told.paid:
            return (*said, *(self.payment(payment) for payment in payments[told.paid:]))
        return said

    def opening(self) -> list[str]:
        view = self.view
        lines: list[str] = []
        if view.last_deal is not None:
            lines += self.closing(view.last_deal)
        if view.dealer is not None and view.turned_card is not None and view.trump is not None:
            lines.append(self.say(view.dealer, w("You deal and turn up {card}: trumps are {suit} (W-§3, WHIST-24)."),
                                  w("{name} deals and turns up {card}: trumps are {suit} (W-§3, WHIST-24)."),
                                  card=self.card(view.turned_card), suit=self.words.suit(view.trump)))
        return lines

    def event(self, actor: int, action: Action, walk: _TrickWalk) -> list[str]:
        words = self.words
        if isinstance(action, Play):
            return [self.play_sentence(actor, action.card, walk.trick), *self.played(walk, actor, action.card)]
        if isinstance(action, DrawForDeal):
            return [words("The players draw for the deal: {cards}; the lowest deals, the ace low (W-§2.2).",
                          cards=self.words.cards(list(action.cards)))]
        if isinstance(action, Call):
            return [self.say(actor, w("You call at eight (« j'appelle »): with two honours, you ask your partner for "
                                      "a third (W-§4.2)."),
                             w("{name} calls at eight (« j'appelle »): holding two honours, asks for a third "
                               "(W-§4.2)."))]
        if isinstance(action, Answer):
            return [self.say(actor, w("You answer (« je réponds »): you hold an honour (W-§4.2)."),
                             w("{name} answers (« je réponds »): holds an honour (W-§4.2)."))]
        if isinstance(action, Deny):
            return [self.say(actor, w("You hold no honour: the hand is played (W-§4.2)."),
                             w("{name} holds no honour: the hand is played (W-§4.2)."))]
        if isinstance(action, ShowHonours):
            return [self.say(actor, w("You show three honours and claim the game (W-§4.2)."),
                             w("{name} shows three honours and claims the game (W-§4.2)."))]
        if isinstance(action, Irregular):
            lines = [self.act(action)]
            card = _card_of(action.args[:1])
            if action.kind in ("revoke", "two-cards") and card is not None:
                lines += self.played(walk, action.seat, card)
            elif action.kind == "omit-play":
                lines += walk.close()
            elif action.kind == "correct-revoke":
                walk.take_back(action.seat)
            return lines
        if isinstance(action, Remedy):
            remedy = self.remedy(action)
            if actor == TABLE:
                return [words("{law}: the table rules: {remedy}.", law=action.law, remedy=remedy)]
            return [self.say(actor, w("{law}: you choose: {remedy}."), w("{law}: {name} chooses: {remedy}."),
                             law=action.law, remedy=remedy)]
        return []

    def play_sentence(self, seat: int, card: Card, trick: Sequence[tuple[int, Card]]) -> str:
        """A card played (W-§5): led, played to the suit led, trumped with, or discarded."""
        way = 0 if not trick else 1 if card.suit == trick[0][1].suit else 2 if card.suit == self.view.trump else 3
        return _play_sentence(self.words, way, None if seat == self.me else self.names[seat], card)

    def played(self, walk: _TrickWalk, seat: int, card: Card) -> list[str]:
        walk.trick.append((seat, card))
        return walk.close() if len(walk.trick) == 4 else []

    def trick_won(self, number: int, plays: Sequence[tuple[int, Card]], winner: int, trump: Suit | None) -> str:
        cards = [card for _, card in plays]
        position = next((i for i, (seat, _) in enumerate(plays) if seat == winner), winning_position(cards, trump))
        return self.words("Trick {number} to {who}, with {card}: {why}.", number=number, who=self.who(winner),
                          card=self.card(cards[position]), why=self.why(cards, trump, winner, plays[0][0]))

    def act(self, act: Irregular) -> str:
        """An irregular act in one line, with its law."""
        words = self.words
        spec = ACTS.get(act.kind)
        summary = words(ACT_SUMMARIES[act.kind]) if act.kind in ACT_SUMMARIES else act.kind
        law = spec.law if spec is not None else "?"
        who = self.names[act.seat] if act.seat in SEATS else str(act.seat)
        cards = [card for card in map(_parse_card, act.args) if card is not None]
        if cards:
            return words("{who}: {act}: {cards} ({law})", who=who, act=summary, cards=self.words.cards(cards), law=law)
        if act.kind == "overscore" and act.args:
            return words("{who}: {act}: {points} ({law})", who=who, act=summary,
                         points=self.points(int(act.args[0]) if act.args[0].isdigit() else 0), law=law)
        return words("{who}: {act} ({law})", who=who, act=summary, law=law)

    def payment(self, payment: Payment, last: LastDeal | None = None) -> str:
        """A payment of the score, with its rule and why."""
        words = self.words
        side, law, count = self.side(payment.side), payment.law, abs(payment.points)
        points = self.points(count)
        if payment.points > 0:
            if law == "W-§6.1":
                odd = last.result.tricks[payment.side] - 6 if last is not None and last.result is not None else count
                if odd > count:
                    return words("{points} to {side}: {odd} tricks above six, but a side that revoked stops one short "
                                 "of game (W-§6.1, W-R1).", points=points, side=side, odd=odd)
                if count == 1:
                    return words("1 point to {side}: the odd trick, one trick above six (W-§6.1).", side=side)
                return words("{points} to {side}: {count} tricks above six (W-§6.1).", points=points, side=side,
                             count=count)
            if law == "W-§4.1" and count == 2:
                return words("2 points to {side}: three honours of trumps between the partners (W-§4.1).", side=side)
            if law == "W-§4.1" and count == 4:
                return words("4 points to {side}: all four honours of trumps (W-§4.1).", side=side)
            if law == "W-§4.2":
                return words("{points} to {side}: honours shown at eight; the game is won without play (W-§4.2).",
                             points=points, side=side)
            if law == "W-R1":
                return words("{points} to {side}: the penalty of the adversaries' established revoke (W-R1).",
                             points=points, side=side)
            if law == "W-H3":
                return words("{points} to {side}: honours of the last hand, claimed in time (W-H3).", points=points,
                             side=side)
            if law == "W-H7":
                return words("{points} marked by {side} in error (W-H7): deducted if proved before the next trump "
                             "card is turned.", points=points, side=side)
            return words("{points} to {side} ({law}).", points=points, side=side, law=law)
        if law == "W-R1":
            return words("{points} deducted from {side}: the penalty of their established revoke (W-R1).",
                         points=points, side=side)
        if law == "W-H2":
            return words("{points} deducted from {side}: a partner was reminded to call (W-H2).", points=points,
                         side=side)
        if law == "W-H7":
            return words("{points} deducted from {side}: an overscore proved (W-H7).", points=points, side=side)
        if last is not None and law == last.void_law:
            return words("{points} taken back from {side}: the hand is void ({law}).", points=points, side=side,
                         law=law)
        return words("{points} deducted from {side} ({law}).", points=points, side=side, law=law)

    # -------------------------------------------------------------- the end of a deal, of a game, of the rubber
    def closing(self, last: LastDeal, *, last_trick: bool = True) -> list[str]:
        """The end of the deal before this one: its last trick, its points and why, the game it ended."""
        view, words = self.view, self.words
        if last.result is None:
            if view.dealer == last.dealer:
                line = words("The last hand was void ({law}); the same dealer deals again.", law=last.void_law)
            else:
                line = words("The last hand was void ({law}); the deal passes to the left.", law=last.void_law)
            return [line, *(self.payment(payment, last) for payment in last.payments)]
        result = last.result
        lines = []
        previous = view.previous_tricks
        winner = previous[-1].winner if previous else None
        if last_trick and result.completed and previous and previous[-1].cards and winner is not None:
            trick = previous[-1]
            plays = [((trick.leader + i) % 4, card) for i, card in enumerate(trick.cards[:4])]
            lines.append(words("Last trick of the deal: {plays}.", plays=", ".join(
                f"{self.names[seat]} {self.card(card)}" for seat, card in plays)))
            lines.append(self.trick_won(len(previous), plays, winner, last.trump))
        first, second = self.sides
        if result.completed:
            lines.append(words("Tricks of the last deal: {first} {a}, {second} {b}.", first=self.side(first),
                               a=result.tricks[first], second=self.side(second), b=result.tricks[second]))
        else:
            lines.append(words("The hand was not played out: honours shown at eight decide it (W-§4.2)."))
        lines += [self.payment(payment, last) for payment in last.payments]
        lines += self.honours_not_counted(last)
        if last.game is not None:
            lines.append(self.game(last.game))
        if view.phase is Phase.OVER:
            lines.append(self.rubber(last.games))
        return lines

    def honours_not_counted(self, last: LastDeal) -> list[str]:
        """Why a side that held three or four honours scored none for them (W-§4.1, W-§6.1)."""
        words = self.words
        held = _honours_held(self.view.previous_tricks, last.trump)
        if held is None or any(payment.law == "W-§4.2" for payment in last.payments):
            return []
        game = self.view.rules.game_points
        lines = []
        for side in self.sides:
            count = held[side]
            if count < 3 or any(p.law == "W-§4.1" and p.side == side for p in last.payments):
                continue
            start = last.start_score[side]
            if start >= game - 1:
                lines.append(words("No honours for {side} ({count} held): they do not count for a side at {score} "
                                   "(W-§4.1).", side=self.side(side), count=count, score=start))
            elif self.view.rules.calling and start == game - 2:
                lines.append(words("No honours for {side} ({count} held): at eight they count only by calling "
                                   "(W-§4.1, W-§4.2).", side=self.side(side), count=count))
            elif last.game is not None:
                lines.append(words("No honours for {side} ({count} held): tricks score first, and the game was won "
                                   "(W-§6.1).", side=self.side(side), count=count))
        return lines

    def game(self, game: GameResult) -> str:
        """W-§6.2, W-§6.3: a game won, and what it is worth."""
        words, rules = self.words, self.view.rules
        loser = 1 - game.winner
        lost = game.score[loser]
        if rules.game_values == "flat":
            value = words("worth 1 (flat game values)")
        elif rules.variant == "long":
            value = (words("a single, worth 1: the losers have five or more (W-§6.2)") if game.value == 1 else
                     words("a double, worth 2: the losers have fewer than five (W-§6.2)"))
        elif game.value == 3:
            value = words("a treble, worth 3: the losers have nothing (W-§6.3)")
        elif game.value == 2:
            value = words("a double, worth 2: the losers have one or two (W-§6.3)")
        else:
            value = words("a single, worth 1: the losers have three or four (W-§6.3)")
        return words("Game to {side}, {won}–{lost}: {value}.", side=self.side(game.winner),
                     won=game.score[game.winner], lost=lost, value=value)

    def rubber(self, games: Sequence[GameResult]) -> str:
        """W-§6.2: the rubber won, and its points."""
        view, words = self.view, self.words
        winner = 0 if view.games[0] >= 2 else 1
        law = "W-§6.2" if view.rules.variant == "long" else "W-§6.3"
        if len(games) != sum(view.games):
            return words("The rubber is over, won by {side}, two games to {lost}.", side=self.side(winner),
                         lost=view.games[1 - winner])
        values = [sum(game.value for game in games if game.winner == side) for side in (0, 1)]
        total = rubber_points(view.rules, games, over=True)[winner]
        return words("The rubber is over, won by {side}, two games to {lost}: {values} for the games, plus {bonus} "
                     "for the rubber, less {against} for the losers' game: {total} ({law}).",
                     side=self.side(winner), lost=view.games[1 - winner], values=values[winner],
                     bonus=view.rules.bonus, against=values[1 - winner], total=total, law=law)

    def result(self) -> str:
        """The rubber's end, or the last deal's result until the first card of this deal is played."""
        view = self.view
        last = view.last_deal
        if last is None or (view.phase is not Phase.OVER and any(isinstance(a, Play) for _, a in view.history)):
            return ""
        return " ".join(self.closing(last, last_trick=False))  # the last trick is shown as the picture's last

    # -------------------------------------------------------------- the ruling pending
    def pending(self) -> str:
        view, words = self.view, self.words
        pending = view.pending
        if pending is None:
            return ""
        what = self.pending_what()
        choices = self.words(" or ").join(self.words(REMEDY_CHOICES[name]) if name in REMEDY_CHOICES
                            else self.remedy(Remedy(name, pending.law)) for name in dict.fromkeys(pending.remedies))
        if pending.chooser is None:
            return words("{law}: {what}. The table rules: {choices}.", law=pending.law, what=what, choices=choices)
        if pending.chooser == self.me:
            return words("{law}: {what}. Your choice: {choices}.", law=pending.law, what=what, choices=choices)
        return words("{law}: {what}. The choice is for {who}: {choices}.", law=pending.law, what=what,
                     who=self.who(pending.chooser), choices=choices)

    def pending_what(self) -> str:
        view, words = self.view, self.words
        pending = view.pending
        assert pending is not None
        who = self.who(pending.offender) if pending.offender in SEATS else str(pending.offender)
        last_act = view.history[-1][1] if view.history else None
        fresh = isinstance(last_act, Irregular)
        if set(pending.remedies) <= {"call", "leave"} and not fresh:
            return words("the exposed cards of {who} may be called now, if no revoke is forced", who=who)
        if pending.law == "W-P3" and set(pending.remedies) == {"highest", "lowest"}:
            return words("every card {who} may play would win the trick: the adversaries choose the highest or the "
                         "lowest", who=who)
        if pending.law == "W-C2" and pending.remedies == ("grant",):
            return words("a claim of every remaining trick by {who}: the claim is sound", who=who)
        if pending.law == "W-D2" and pending.remedies == ("stand",):
            return words("the last card, the turn-up, was found faced, by {who}: the deal stands", who=who)
        message = LAW_MEANINGS.get(pending.law)
        if message is None:
            return words("an irregularity by {who}", who=who)
        return words(message, who=who, points=view.rules.revoke_points)


def _law_of(action: Action) -> str:
    """The law whose points an action moves, told right after it ("" for a card played, a call...)."""
    if isinstance(action, Remedy):
        return action.law
    if isinstance(action, Irregular) and action.kind in ACTS:
        return ACTS[action.kind].law
    return ""


class _Told:
    """The log of one deal as far as one viewer was told it (what a :class:`~academie.picture.Memo` keeps): the
    lines before its first action, the lines of its first ``count`` actions with the points told after them, and
    the tricks as the walk found them. It goes on from there only while it is still true of the view: the same
    deal (the same last deal, dealer, turn-up and phase), the same names and language, the actions told still the
    view's first, the tricks consulted unchanged, and no point since that an action told would have told."""

    __slots__ = ("count", "key", "last", "last_deal", "last_paid", "laws", "lines", "opening", "paid", "said", "walk")

    def __init__(self, scene: _Scene, opening: list[str]) -> None:
        view = scene.view
        self.key = (scene.names, scene.me, scene.words.lang, view.rules, view.dealer, view.turned_card, view.trump,
                    view.phase is Phase.OVER)
        self.last_deal = view.last_deal
        self.opening = opening
        self.lines: list[str] = []
        self.said: tuple[str, ...] = ()
        """The opening and the lines, as the last picture gave them (lines are only added)."""
        self.count = 0
        """The actions of the deal's history told."""
        self.last: tuple[int, Action] | None = None
        """The last of them."""
        self.paid = 0
        """The deal's payments told after their actions."""
        self.last_paid: Payment | None = None
        self.laws: set[str] = set()
        """The laws of the actions told whose points were all told (a later payment under one of them would have
        been told after that action)."""
        self.walk = _TrickWalk(scene)

    def still_true(self, scene: _Scene) -> bool:
        view = scene.view
        history = view.history
        if (view.last_deal is not self.last_deal or len(history) < self.count
                or (self.count and history[self.count - 1] != self.last)):
            return False
        if self.key != (scene.names, scene.me, scene.words.lang, view.rules, view.dealer, view.turned_card,
                        view.trump, view.phase is Phase.OVER):
            return False
        payments = view.payments
        if len(payments) < self.paid or (self.paid and payments[self.paid - 1] is not self.last_paid
                                         and payments[self.paid - 1] != self.last_paid):
            return False
        if len(payments) > self.paid and payments[self.paid].law in self.laws:
            return False
        return self.walk.consulted_still(view)

    def tell(self, scene: _Scene) -> None:
        """Tell the actions of the view's history not told yet, each followed by the points it moved."""
        view = scene.view
        walk = self.walk
        walk.scene, walk.view = scene, view
        history, payments = view.history, view.payments
        for actor, action in history[self.count:]:
            self.lines += scene.event(actor, action, walk)
            law = _law_of(action)
            while self.paid < len(payments) and law and payments[self.paid].law == law:
                self.last_paid = payments[self.paid]
                self.lines.append(scene.payment(payments[self.paid]))
                self.paid += 1
            if law and self.paid == len(payments):
                self.laws.add(law)
        self.count = len(history)
        self.last = history[-1] if history else None


class _TrickWalk:
    """The tricks of the deal as its history tells them, card by card (table mode may quit a trick of three cards,
    take a trick back up, or play a card by an irregular act)."""

    def __init__(self, scene: _Scene) -> None:
        self.scene = scene
        self.view = scene.view
        self.trick: list[tuple[int, Card]] = []
        self.done: list[list[tuple[int, Card]]] = []
        self.consulted: list[tuple[int, Trick | None]] = []
        """The view's tricks read to name a trick's winner (by index; None: not in the view): the lines told stay
        true while these are the same."""

    def consulted_still(self, view: WhistView) -> bool:
        tricks = view.tricks
        count = len(tricks)
        for index, trick in self.consulted:  # a plain loop: it runs for every viewer after every action
            found = tricks[index] if index < count else None
            if found is not trick and found != trick:
                return False
        return True

    def close(self) -> list[str]:
        """The trick is turned and quitted: who won it, with which card, and why (W-§5)."""
        plays, self.trick = self.trick, []
        if not plays:
            return []
        self.done.append(plays)
        number = len(self.done)
        view = self.view
        winner: int | None = None
        self.consulted.append((number - 1, view.tricks[number - 1] if number <= len(view.tricks) else None))
        if number <= len(view.tricks):
            trick = view.tricks[number - 1]
            if trick.winner is not None and tuple(trick.cards[:len(plays)]) == tuple(card for _, card in plays):
                winner = trick.winner
        if winner is None:
            winner = plays[winning_position([card for _, card in plays], view.trump)][0]
        return [self.scene.trick_won(number, plays, winner, view.trump)]

    def take_back(self, seat: int) -> None:
        """W-R2: a revoke corrected: the trick is taken up again from the revoker's card."""
        if not self.trick and self.done:
            self.trick = self.done.pop()
        for position, (player, _) in enumerate(self.trick):
            if player == seat:
                self.trick = self.trick[:position]
                return


def _parse_card(text: str) -> Card | None:
    if len(text) < 2:
        return None
    try:
        return Card.parse(text)
    except CardParseError:
        return None


def _card_of(args: Sequence[str]) -> Card | None:
    return next((card for card in map(_parse_card, args) if card is not None), None)


def _suit_of(args: Sequence[str]) -> Suit | None:
    for arg in args:
        if len(arg) == 1:
            try:
                return Suit.parse(arg)
            except CardParseError:
                continue
    return None


def _honours_held(tricks: Sequence[Trick], trump: Suit | None) -> tuple[int, int] | None:
    """W-§4.1: how many honours of trumps each side held, from the thirteen tricks of a deal played out (None
    otherwise: the cards were not all seen)."""
    if trump is None or len(tricks) != 13 or any(len(trick.cards) != 4 for trick in tricks):
        return None
    held = [0, 0]
    for trick in tricks:
        for offset, card in enumerate(trick.cards):
            if card.suit == trump and card.rank in HONOUR_RANKS:
                held[(trick.leader + offset) % 2] += 1
    return (held[0], held[1])


# ------------------------------------------------------------------------------------------------ moves refused
def why_not(view: WhistView, action: str, reason: str, /, *, words: Words) -> str:
    """Why ``action`` is not allowed now, in words, with the rule that forbids it; ``reason`` (the engine's English)
    only when nothing better is known.

    >>> from academie.games.whist.state import WhistState
    >>> state = WhistState.new(seed=3, first_dealer=3)
    >>> why_not(state.view(1), "play 2C", "", words=Words("en"))
    'It is not your turn: East is to play.'
    """
    scene = _Scene(view, words, default_names(view, words=words))
    try:
        parsed = parse_action(action)
    except ActionParseError:
        return words("“{text}” is not a move of Whist: type a number from the menu, or a card such as KH.",
                     text=action)
    me = scene.me
    if view.phase is Phase.OVER or view.actor is None:
        return words("The rubber is over (W-§6.2): there is no move left.")
    if me is None:
        return words("A spectator does not play.")
    if view.actor != me:
        return _not_your_turn(scene)
    if parsed in view.legal_actions:
        return words("Not allowed now: {reason}", reason=reason) if reason else words("That move is allowed now.")
    pending = view.pending
    if pending is not None:
        choices = words(" or ").join(scene.remedy(remedy) for remedy in view.legal_actions
                                     if isinstance(remedy, Remedy))
        if isinstance(parsed, Remedy):
            return words("That remedy is not offered under {law}; choose: {choices}.", law=pending.law,
                         choices=choices)
        return words("A ruling is pending ({law}): choose a remedy first: {choices}.", law=pending.law,
                     choices=choices)
    if isinstance(parsed, Irregular):
        if view.rules.mode is not Mode.TABLE:
            return words("Irregular acts happen only in table mode (rules option mode=table).")
        return words("Not possible now: {reason}", reason=reason) if reason else words("Not possible now.")
    if isinstance(parsed, Remedy):
        return words("No ruling is pending: there is no remedy to choose.")
    if view.phase is Phase.ANSWER:
        holds = any(card.suit == view.trump and card.rank in HONOUR_RANKS for card in view.hand)
        if isinstance(parsed, Answer):
            return words("You hold no honour of trumps: say so (deny) (W-§4.2).")
        if isinstance(parsed, Deny) or holds:
            return words("You hold an honour of trumps: you must answer your partner's call (W-§4.2).")
        return words("Your partner has called: answer first, saying you hold no honour (deny) (W-§4.2).")
    if isinstance(parsed, Play):
        return _why_not_play(scene, parsed.card, reason)
    if isinstance(parsed, (Call, ShowHonours)):
        return _why_not_call(scene, parsed)
    if isinstance(parsed, (Answer, Deny)):
        return words("Only the partner of a player who has called answers (W-§4.2).")
    return words("Not allowed now: {reason}", reason=reason) if reason else words("Not allowed now.")


def _not_your_turn(scene: _Scene) -> str:
    view, words = scene.view, scene.words
    actor = view.actor
    if actor is None or actor not in SEATS:
        return words("It is not your turn: the table is ruling.")
    pending = view.pending
    if pending is not None:
        return words("It is not your turn: a ruling is pending ({law}); the choice is for {who}.",
                     law=pending.law, who=scene.who(actor))
    if view.phase is Phase.ANSWER:
        return words("It is not your turn: {who} is to answer the call (W-§4.2).", who=scene.who(actor))
    return words("It is not your turn: {who} is to play.", who=scene.who(actor))


def _why_not_play(scene: _Scene, card: Card, reason: str) -> str:
    view, words = scene.view, scene.words
    shown = scene.card(card)
    if card not in view.hand:
        for number, trick in enumerate(view.tricks, start=1):
            position = next((i for i, c in enumerate(trick.cards) if c == card), None)
            if position is not None and (trick.leader + position) % 4 == scene.me:
                return words("You played {card} to trick {number}; it is no longer in your hand.", card=shown,
                             number=number)
        return words("{card} is not in your hand.", card=shown)
    plays = [action.card for action in view.legal_actions if isinstance(action, Play)]
    if not plays:
        return words("You cannot play a card now: {reason}", reason=reason) if reason else \
            words("You cannot play a card now.")
    current = _current_trick(view.tricks)
    led = Card.parse(current.plays[0][1]).suit if current is not None and current.plays else None
    remedies = _remedies_since_lead(view)
    if len(plays) == 1 and plays[0] in view.exposed[scene.me or 0]:
        law = next((remedy.law for remedy in reversed(remedies)
                    if remedy.name in ("call", "call-card", "highest", "lowest", "play-before")), "W-C1")
        return words("You must play {card}: it was called ({law}).", card=scene.card(plays[0]), law=law)
    if led is not None and card.suit != led and any(c.suit == led for c in view.hand):
        return words("You must follow suit: {suit} was led and you hold {suit} (W-§5).", suit=led.symbol)
    for remedy in reversed(remedies):
        if remedy.name == "call-suit" and led is None:
            suit = _suit_of(remedy.args)
            if suit is not None:
                return words("You must lead {suit}: the adversaries required it (W-P1).", suit=suit.symbol)
        if remedy.name in ("neither-trump-nor-win", "partner-not-to-win"):
            return words("You may not win this trick, unless no other card is legal ({law}).", law=remedy.law)
        if remedy.name in ("oblige-win", "partner-to-win"):
            return words("You must win this trick if you can ({law}).", law=remedy.law)
    return words("{card} cannot be played now: {reason}", card=shown, reason=reason) if reason else \
        words("{card} cannot be played now.", card=shown)


def _remedies_since_lead(view: WhistView) -> list[Remedy]:
    """The remedies chosen in this deal since the last trick was quitted (their constraints hold for this trick)."""
    plays = sum(len(trick.cards) for trick in view.tricks if trick.winner is not None)
    remedies: list[Remedy] = []
    seen = 0
    for _, action in view.history:
        if isinstance(action, Play):
            seen += 1
        elif isinstance(action, Remedy) and seen >= plays:
            remedies.append(action)
    return remedies


def _why_not_call(scene: _Scene, action: Call | ShowHonours) -> str:
    """W-§4.2: only a player of a side at eight, before his first card, with two honours (three or four: shown)."""
    view, words = scene.view, scene.words
    rules = view.rules
    me = scene.me if scene.me is not None else 0
    eight = rules.game_points - 2
    start = view.start_score[side_of(me)]
    honours = sum(1 for card in view.hand if card.suit == view.trump and card.rank in HONOUR_RANKS)
    if not rules.calling:
        return words("There is no calling at short whist (W-§4.2).")
    if start != eight:
        return words("Only a side at eight may call; you and your partner had {score} when the deal began (W-§4.2).",
                     score=start)
    if view.called is not None:
        return words("There is one call a deal, and it has been made (W-§4.2).")
    if any(trick.winner is not None for trick in view.tricks) or any(
            isinstance(action_, Play) and actor == me for actor, action_ in view.history):
        return words("Too late: a call is made before your first card (W-§4.2).")
    if honours < 2:
        return words("A call needs two honours of trumps in your hand; you hold {count} (W-§4.2).", count=honours)
    if isinstance(action, Call) and honours >= 3:
        return words("With three honours or more you show them (show-honours) instead of calling (W-§4.2).")
    if isinstance(action, ShowHonours) and honours == 2:
        return words("With two honours you call (call); three or four are shown (W-§4.2).")
    return words("Eight with the deal cannot call against nine under these rules (W-§4.2).")


# ------------------------------------------------------------------------------------------------ shorthand
def shorthand(view: WhistView, text: str, /) -> str:
    """The action a player's shorthand stands for: a card alone (``KH``, ``10h``, ``R♥``) or ``je joue R♥`` is
    ``play KH`` (refused with its reason when no card may be played now, :func:`why_not`); the words of calling
    at eight (``appeler``, ``je réponds``) are the actions ``call``, ``answer``; anything else is unchanged.

    >>> from academie.games.whist.state import WhistState
    >>> view = WhistState.new(seed=3, first_dealer=3).view(0)
    >>> shorthand(view, "kh"), shorthand(view, "jouer 10s"), shorthand(view, "play KH")
    ('play KH', 'play TS', 'play KH')
    """
    raw = text.strip()
    low = " ".join(raw.lower().split())
    if low in SHORTHANDS:
        return SHORTHANDS[low]
    for verb in ("je joue ", "jouer ", "joue ", "play "):
        if low.startswith(verb):
            raw = raw[len(verb):].strip()
            break
    card = _parse_card(raw)
    if card is not None and " " not in raw and view.phase is not Phase.OVER:
        return f"play {card}"
    return text


# ------------------------------------------------------------------------------------------------ table mode
def act_label(view: WhistView, act: str, /, *, words: Words) -> str:
    """An irregular act's text (``! revoke 0 KH``) in one line of words, with its law.

    >>> from academie.games.whist.state import WhistState
    >>> act_label(WhistState.new(seed=3, first_dealer=3).view(0), "! revoke 0 KH", words=Words("en"))
    'You: not following suit when able: K♥ (W-R1)'
    """
    parsed = parse_table_action(act.split())
    if not isinstance(parsed, Irregular):
        return act
    return _Scene(view, words, default_names(view, words=words)).act(parsed)

