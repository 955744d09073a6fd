"""The table picture of La Guinguette: what one seat (or a spectator) sees, built from its view only.

The picture shows the three baskets (GU-§2.5) and what is in them, each seat's stock of tokens, its stirs, its
stake in the cabaret and whether it folded, the cards shown face up, the cotillon (the talon, GU-§4.4), and the
viewer's hand sorted the game's way: by suit (♠ ♥ ♣ ♦), each strongest first, K Q J 10 … 6 and the ace last
(GU-§2.2); the stirs of the menu follow the same order. Its log tells the deal as sentences: the antes and what
the baskets carried over, each stir (another player's discard face down, the card he draws unseen), each word of
the vying with the tokens it put into the cabaret, every trick of the GU-§5.6 option, every ruling with its law,
and the showdown: the hands shown, who took each basket and why (the queen of diamonds, the best tierce or the
highest point, the cabaret's winner), each payment with its rule, and what the deal brought each player.

The log of a deal begins with how the deal before it ended (its last action, its showdown and its result),
because the action that ends a deal also begins the next one: a screen shows the new deal at once.

La Guinguette is a reconstruction (the rule file's R1): the first deal's log says so.

>>> from academie.games.guinguette.state import GuinguetteState
>>> from academie.words import Words
>>> state = GuinguetteState.new(seed=3, first_dealer=0)
>>> picture = paint(state.view(1), words=Words("en"), names=("Seat 0", "You", "Seat 2", "Seat 3"))
>>> picture.waiting_for, picture.moves[1].label
('Your turn to keep or stir', 'stir: discard Q♦, pay 2 tokens (« je remue le cotillon »)')
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, TypeVar

from academie.cards import CARDS, Card, Suit
from academie.engine import CHANCE, PUBLIC, TABLE, Action, Mode
from academie.games.guinguette.state import (
    BANK,
    CABARET,
    COTILLON,
    GUINGUETTE,
    HAND_SIZE,
    LEVEL,
    MEASURES,
    STIR_COST,
    AllIn,
    Bet,
    DealResult,
    DrawForDeal,
    Fold,
    GuinguetteRules,
    GuinguetteView,
    HiddenStir,
    Hold,
    Keep,
    Pass,
    Phase,
    PlayCard,
    Raise,
    Restir,
    Stir,
    parse_action,
    point_of,
    tierce_name,
    tierce_of,
)
from academie.games.guinguette.table import ACTS
from academie.laws import Irregular, Remedy
from academie.ledger import Transfer
from academie.picture import (
    Memo,
    MovePicture,
    Picture,
    SeatPicture,
    Tally,
    TrickPicture,
    same_for_all,
    signed,
    write_picture,
)
from academie.words import Words

SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The suits of a hand as shown, the colours alternating."""
BASKET_ORDER: Final = (GUINGUETTE, CABARET, COTILLON)


def w(message: str, /) -> str:
    """Mark an English message for the catalogues; it is translated where it is said, through :class:`Words`."""
    return message


# ------------------------------------------------------------------------------------------------ the words of the laws
RULE_MEANINGS: Final = {
    "GU-§3.2": w("GU-§3.2: the antes"),
    "GU-§5.1a": w("GU-§5.1a: the fee for stirring the cotillon"),
    "GU-§5.1b": w("GU-§5.1b: the fee for stirring it again, the renvi"),
    "GU-§5.1d": w("GU-§5.1d: a measure put into the cabaret"),
    "GU-§5.3b": w("GU-§5.3b: a stake in the cabaret"),
    "GU-§5.4a": w("GU-§5.4a: the queen of diamonds takes the guinguette basket"),
    "GU-§5.4b": w("GU-§5.4b: the best hand still in takes the cabaret"),
    "GU-§5.4c": w("GU-§5.4c: the cotillon basket goes with the cabaret"),
    "GU-§5.4d": w("GU-§5.4d: a side pot, settled layer by layer"),
    "GU-§5.5": w("GU-§5.5: the baskets shared at the end"),
    "GU1": w("GU1: the card drawn from the cotillon was shown"),
    "GU2": w("GU2: a misdeal"),
    "GU3": w("GU3: a card exposed in the deal"),
    "GU4": w("GU4: acting out of turn"),
    "GU7": w("GU7: a false claim"),
    "GU9": w("GU9: a new stock bought from the bank"),
}
"""What each rule that moves tokens means, with its ID (rule file §3–§7)."""

ACT_SUMMARIES: Final = {
    "show-draw": w("show the card drawn from the cotillon"),
    "misdeal": w("the dealer misdeals"),
    "exposed": w("a card is exposed in the deal (SEAT caused it)"),
    "out-of-turn": w("stir, bet or speak out of turn"),
    "unpaid-stir": w("stir without paying"),
    "wrong-count": w("hold a wrong number of cards"),
    "false-claim": w("claim the queen of diamonds or a tierce one does not hold"),
    "look": w("look at the cotillon or the discards"),
}
"""The summaries of :data:`academie.games.guinguette.table.ACTS`, for the catalogues (the queen named in words)."""

ACT_PENALTIES: Final = {
    "GU1": w("forbidden: the offender keeps the card, shown, and pays 1 token to each player"),
    "GU2": w("the dealer pays 1 token to each player and deals again; the antes stay"),
    "GU3": w("the other players may have a redeal, with 1 token to each from the offender if not the dealer"),
    "GU4": w("the act is void and the offender pays 1 token to each player"),
    "GU5": w("the stir is paid at once, or cancelled and the discard returned"),
    "GU6": w("that player may win neither the guinguette nor the cabaret"),
    "GU7": w("the claim is void and the claimant pays 1 token to each player"),
    "GU8": w("the other players may take what the offender put into the cabaret, and his right to it"),
}
"""What each law of irregularities does (rule file §7)."""

REMEDY_MEANINGS: Final = {
    ("GU1", "fine"): w("the card stays shown and the offender pays 1 token to each player"),
    ("GU2", "redeal"): w("the dealer pays 1 token to each player and deals again"),
    ("GU3", "redeal"): w("a redeal"),
    ("GU3", "play-on"): w("play on, the card seen by all"),
    ("GU4", "void"): w("the act is void and the offender pays 1 token to each player"),
    ("GU5", "pay"): w("the stir is paid at once and goes on"),
    ("GU5", "cancel"): w("the stir is cancelled and the discard returned"),
    ("GU6", "disqualify"): w("that player may win neither the guinguette nor the cabaret"),
    ("GU7", "fine"): w("the claim is void and the claimant pays 1 token to each player"),
    ("GU8", "forfeit"): w("the offender loses his stake in the cabaret and his right to it"),
    ("GU8", "pardon"): w("pardon the offender"),
}
"""What each remedy does, by law and name."""


# ------------------------------------------------------------------------------------------------ small words
def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """By rank, strongest first: K Q J 10 9 … 6 (… 2), the ace last, the lowest card (GU-§2.2); within a rank by
    suit, ♠ ♥ ♣ ♦. A tierce is three ranks in a row whatever their suits, so a hand read by rank shows it.

    >>> from academie.cards import parse_cards
    >>> " ".join(str(c) for c in sort_hand(parse_cards("AS 9D KS QD 7H 6C")))
    'KS QD 9D 7H 6C AS'
    """
    return tuple(sorted(cards, key=lambda card: _PLACE_KEY[card.index]))


_PLACE_KEY: Final = tuple((-LEVEL[card.index], SUIT_ORDER.index(card.suit)) for card in CARDS)
"""Each card's key in :func:`sort_hand`, by index (worked out once: every new hand is sorted)."""
_CARD_TEXT: Final = tuple(str(card) for card in CARDS)
"""Each card's text (``KH``), by index (a card's ``str`` reads two enums)."""


@lru_cache(maxsize=1024)
def _tokens(words: Words, count: int) -> str:
    """A number of tokens in words (made once per language and number: every sentence of a payment says one)."""
    return words("1 token") if count == 1 else words("{count} tokens", count=count)


@lru_cache(maxsize=64)
def _measure(words: Words, amount: int) -> str:
    """A measure with its article (GU-§3.1): a demi-septier (1), a chopine (2), a pinte (4)."""
    return {1: words("a demi-septier"), 2: words("a chopine"), 4: words("a pinte")}.get(amount, str(amount))


def _basket(words: Words, account: str) -> str:
    """A basket (or the bank) as a noun phrase."""
    return {GUINGUETTE: words("the guinguette basket"), CABARET: words("the cabaret"),
            COTILLON: words("the cotillon basket"), BANK: words("the bank")}.get(account, account)


def _tierce(words: Words, value: int, rules: GuinguetteRules) -> str:
    """A tierce by its top card, in the book's words ("a tierce au valet")."""
    return words("a {tierce}", tierce=tierce_name(value, rules))


@lru_cache(maxsize=4096)
def _hand_value(words: Words, cards: tuple[Card, ...], rules: GuinguetteRules) -> str:
    """What a hand shown is worth at the showdown: its best tierce, else its point (GU-§5.1c, GU-§2.2v); made once
    for every picture that shows the hand (a bounded cache shared by every table: its arguments are all it reads)."""
    mask = sum(1 << card.index for card in cards)
    tierce = tierce_of(mask, rules)
    if tierce:
        return _tierce(words, tierce, rules)
    return words("no tierce, a point of {point}", point=point_of(mask))


def _and(words: Words, items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return words("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def _series(words: Words, items: Sequence[str]) -> str:
    """Items that hold commas of their own, one after the other ("a; b; c")."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = words("{first}; {next}", first=text, next=item)
    return text


def _or(words: Words, items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return words("{first} or {last}", first=", ".join(items[:-1]), last=items[-1])


def _card_of(args: Sequence[str]) -> Card | None:
    for arg in args:
        try:
            return Card.parse(arg)
        except ValueError:
            continue
    return None


def _cards_held(view: GuinguetteView) -> set[Card]:
    """The cards the view itself names (the picture may name these and no other)."""
    held: set[Card] = {*view.hand, *view.my_discards, *view.my_draws}
    for cards in view.shown:
        held.update(cards)
    held.update(card for _, card in view.trick)
    for _, action in view.history:
        if isinstance(action, (Stir, Restir, PlayCard)):
            held.add(action.card)
        elif isinstance(action, DrawForDeal):
            held.update(action.cards)
    return held


# ------------------------------------------------------------------------------------------------ the teller
class _Speaker:
    """Words of one language: cards, tokens, the meaning of a rule and of a remedy."""

    __slots__ = ("words",)

    def __init__(self, words: Words) -> None:
        self.words = words

    def card(self, card: Card) -> str:
        return self.words.card(card)

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in sort_hand(cards))

    def tokens(self, count: int) -> str:
        return _tokens(self.words, count)

    def why(self, reason: str) -> str:
        message = RULE_MEANINGS.get(reason)
        return self.words(message) if message is not None else reason

    def remedy(self, law: str, name: str) -> str:
        return _remedy(self.words, law, name)


class _Teller(_Speaker):
    """The words about one view: names, sentences (slotted: one is made for every picture)."""

    __slots__ = ("me", "names", "view")

    def __init__(self, view: GuinguetteView, words: Words, names: Sequence[str]) -> None:
        self.words, self.view = words, view
        self.names = tuple(names) if len(names) >= view.rules.players else default_names(view, words=words)
        viewer = view.viewer
        self.me: int | None = viewer if viewer != PUBLIC else None

    def held(self) -> set[Card]:
        """The cards the viewer may name (only an irregular act's sentence asks)."""
        return _cards_held(self.view)

    def say(self, seat: int, mine: str, theirs: str, **arguments: object) -> str:
        """``mine`` when ``seat`` is the viewer ("You keep ..."), else ``theirs`` with the seat's ``{name}``."""
        if seat == self.me:
            return self.words(mine, **arguments)
        return self.words(theirs, name=self.names[seat], **arguments)

    def obj(self, seat: int) -> str:
        """A seat after a verb, in a list or after a preposition: "you" for the viewer."""
        return self.words("you") if seat == self.me else self.names[seat]



def _remedy(words: Words, law: str, name: str) -> str:
    """What a remedy of ``law`` does, in words."""
    message = REMEDY_MEANINGS.get((law, name))
    return words(message) if message is not None else name


# ------------------------------------------------------------------------------------------------ the voice
_Who = tuple[str | None, ...]
"""How one viewer names the seats a sentence tells of, in order: None for the viewer himself ("You"), else his name
for the seat."""


class _Line:
    """A sentence of a deal's log that names seats, told once for every viewer who names them alike (issue 33).

    Everything it reads beside the names is public and was read when it was made (by :class:`_Voice`, for every
    viewer of one language and rules): its text for a viewer is ``tell(who)``, ``who`` how he names its seats (None
    for his own, :data:`_Who`); kept by ``who``, so that the viewers who name its seats alike share one telling. A
    sentence that reads a viewer's own cards is never a :class:`_Line` (see :class:`_Own`)."""

    __slots__ = ("seats", "tell", "told")

    def __init__(self, seats: tuple[int, ...], tell: Callable[[_Who], str]) -> None:
        self.seats, self.tell = seats, tell
        self.told: dict[_Who | str | None, str] | None = None
        """Its text by how the viewers told it name its seats (by the one name, or None, for one seat)."""

    def to(self, me: int | None, names: Sequence[str]) -> str:
        """The sentence as the viewer ``me`` (None: a spectator) is told it, the seats called ``names``."""
        seats, told = self.seats, self.told
        if told is None:
            told = self.told = {}
        if len(seats) == 1:  # (kept by the one name, or None: no tuple made for the key)
            name = None if seats[0] == me else names[seats[0]]
            said = told.get(name)
            if said is None:
                if len(told) >= 64:  # (a line kept for every table, :func:`_waited`, is told many names)
                    told.clear()
                said = told[name] = self.tell((name,))
            return said
        who = tuple([None if seat == me else names[seat] for seat in seats])
        said = told.get(who)
        if said is None:
            if len(told) >= 64:
                told.clear()
            said = told[who] = self.tell(who)
        return said


class _Saying:
    """:meth:`_Voice.say`'s telling of a :class:`_Line`: ``mine`` to the viewer at its seat, ``theirs`` with the
    seat's ``{name}`` to the others (kept as what it reads rather than as a function: a deal's sentences are made
    after every action)."""

    __slots__ = ("arguments", "mine", "theirs", "words")

    def __init__(self, words: Words, mine: str, theirs: str, arguments: dict[str, object]) -> None:
        self.words, self.mine, self.theirs, self.arguments = words, mine, theirs, arguments

    def __call__(self, who: _Who) -> str:
        name = who[0]
        if name is None:
            return self.words(self.mine, **self.arguments)
        return self.words(self.theirs, name=name, **self.arguments)


@lru_cache(maxsize=16)
def _lines_said(words: Words) -> dict[tuple[int, str, str, tuple[tuple[str, object], ...]], _Line]:
    """The lines :meth:`_Voice.say` said in ``words``' language, by seat, messages and arguments (a bounded table
    shared by every table)."""
    return {}


def _obj(words: Words, name: str | None) -> str:
    """A seat after a verb, in a list or after a preposition: "you" for the viewer (``name`` None)."""
    return words("you") if name is None else name


class _Voice(_Speaker):
    """The words of a deal's log for every viewer of one language and rules at once: a sentence that names a seat
    is a :class:`_Line` (its public parts said now, the seat's name or "you" when a viewer is told it)."""

    __slots__ = ("lines", "rules")

    def __init__(self, words: Words, rules: GuinguetteRules) -> None:
        super().__init__(words)
        self.rules = rules
        self.lines = _lines_said(words)

    def say(self, seat: int, mine: str, theirs: str, **arguments: object) -> _Line:
        """``mine`` to the viewer at ``seat`` ("You keep ..."), ``theirs`` with the seat's ``{name}`` to the others:
        the line said before of the same seat with the same words, when there is one (it keeps what it told each
        viewer: a keep, a stir or a word of the vying said again is told to nobody anew)."""
        key = (seat, mine, theirs, tuple(arguments.items()))
        lines = self.lines
        line = lines.get(key)
        if line is None:
            if len(lines) >= 4096:
                lines.clear()
            line = lines[key] = _Line((seat,), _Saying(self.words, mine, theirs, arguments))
        return line

    def say_with(self, seat: int, other: int, mine: str, theirs: str, **arguments: object) -> _Line:
        """:meth:`say`, the sentence naming a second seat ``other`` as ``{other}`` (never the first)."""
        words = self.words

        def tell(who: _Who) -> str:
            name, named = who[0], _obj(words, who[1])
            return (words(mine, other=named, **arguments) if name is None else
                    words(theirs, name=name, other=named, **arguments))

        return _Line((seat, other), tell)


    def payment(self, transfer: Transfer) -> str | _Line:
        """Any movement of tokens, with its rule."""
        words, source, target = self.words, transfer.source, transfer.target
        tokens, why = self.tokens(transfer.amount), self.why(transfer.reason)
        if isinstance(source, int) and isinstance(target, int):

            def tell(who: _Who) -> str:
                payer, payee = who
                if payee is None:
                    return words("{payer} pays you {tokens} ({why}).", payer=payer, tokens=tokens, why=why)
                if payer is None:
                    return words("You pay {tokens} to {payee} ({why}).", tokens=tokens, payee=payee, why=why)
                return words("{name} pays {tokens} to {payee} ({why}).", name=payer, tokens=tokens, payee=payee,
                             why=why)

            return _Line((source, target), tell)
        if isinstance(source, int):
            return self.say(source, w("You put {tokens} into {basket} ({why})."),
                            w("{name} puts {tokens} into {basket} ({why})."), tokens=tokens,
                            basket=_basket(words, str(target)), why=why)
        if isinstance(target, int):
            return self.say(target, w("You take {tokens} from {basket} ({why})."),
                            w("{name} takes {tokens} from {basket} ({why})."), tokens=tokens,
                            basket=_basket(words, source), why=why)
        return words("{tokens} go from {source} to {target} ({why}).", tokens=tokens, source=_basket(words, source),
                     target=_basket(words, str(target)), why=why)


class _Reading:
    """One viewer reading a deal's log (:class:`_Own` sentences read it): his words, names and seat, the deal's
    actions as he saw them, the cards he drew from the cotillon (GU-§5.1a) and how many the sentences told so far
    named, and whether one of them found none yet (a card drawn since would change it)."""

    __slots__ = ("drawn", "draws", "history", "starved", "teller")

    def __init__(self, teller: _Teller, history: Sequence[tuple[int, Action]], draws: Sequence[Card]) -> None:
        self.teller, self.history, self.draws = teller, history, draws
        self.drawn, self.starved = 0, False

    def draw(self) -> Card | None:
        """The viewer's next card drawn not yet named by a sentence, now named (None, and starved, when none)."""
        if self.drawn < len(self.draws):
            self.drawn += 1
            return self.draws[self.drawn - 1]
        self.starved = True
        return None


class _Own:
    """A sentence that reads a viewer's own knowledge, told to each viewer apart and never shared: a stir (its
    actor's own reads the card he discarded and the card he drew, GU-§5.1a), a stir paid at once under GU5 (its
    offender's own reads the card he drew), an irregular act (it names a card only if the viewer holds it). Every
    other viewer is told ``shared``."""

    __slots__ = ("again", "index", "kind", "seat", "shared", "tokens")

    def __init__(self, kind: str, index: int, seat: int, shared: _Line | None, *, again: bool = False,
                 tokens: str = "") -> None:
        self.kind, self.index, self.seat, self.shared = kind, index, seat, shared
        self.again, self.tokens = again, tokens

    def to(self, reading: _Reading) -> str:
        """The sentence as ``reading``'s viewer is told it."""
        teller = reading.teller
        me, words = teller.me, teller.words
        action = reading.history[self.index][1]
        if self.kind == "act":
            assert isinstance(action, Irregular)
            return _act_sentence(teller, action)
        assert self.shared is not None
        if self.kind == "stir":
            if isinstance(action, (Stir, Restir)) and self.seat == me:
                return _own_stir(words, self.again, words.card(action.card), self.tokens, reading.draw())
            return self.shared.to(me, teller.names)
        if self.seat == me:  # (GU5 paid)
            drawn = reading.draw()
            if drawn is not None:
                return words("Ruling (GU5): you pay the stir at once, {tokens}, and draw {drawn}.",
                             tokens=self.tokens, drawn=words.card(drawn))
        return self.shared.to(me, teller.names)


def _own_stir(words: Words, again: bool, card: str, tokens: str, drawn: Card | None) -> str:
    """The viewer's own stir: the card he discarded face down and the card he drew, once drawn (GU-§5.1a, GU-§5.1b)."""
    if again and drawn is not None:
        return words("You stir the cotillon again (« je renvie le cotillon »): you discard {card} face down, pay "
                     "{tokens} into the cotillon basket and draw {drawn} (GU-§5.1b).", card=card, tokens=tokens,
                     drawn=words.card(drawn))
    if again:
        return words("You stir the cotillon again (« je renvie le cotillon »): you discard {card} face down and pay "
                     "{tokens} into the cotillon basket (GU-§5.1b).", card=card, tokens=tokens)
    if drawn is not None:
        return words("You stir the cotillon (« je remue le cotillon »): you discard {card} face down, pay {tokens} "
                     "into the cotillon basket and draw {drawn} (GU-§5.1a).", card=card, tokens=tokens,
                     drawn=words.card(drawn))
    return words("You stir the cotillon (« je remue le cotillon »): you discard {card} face down and pay {tokens} "
                 "into the cotillon basket (GU-§5.1a).", card=card, tokens=tokens)


_Said = str | _Line | _Own
"""A sentence of a deal's log before a viewer is told it: the same words for all, a :class:`_Line` or an
:class:`_Own`."""


def _told(said: _Said, reading: _Reading) -> str:
    """``said`` as ``reading``'s viewer is told it."""
    if type(said) is str:
        return said
    if type(said) is _Line:
        return said.to(reading.teller.me, reading.teller.names)
    assert isinstance(said, _Own)
    return said.to(reading)


# ------------------------------------------------------------------------------------------------ telling a deal
@dataclass
class _Story:
    """One deal told from its actions and its payments: the sentences (each with the index of the action that
    caused it: -1 before the first action, ``len(history)`` for the showdown), and what the tricks were."""

    lines: list[tuple[int, _Said]] = field(default_factory=list)
    tricks: list[TrickPicture] = field(default_factory=list)
    opened: bool = False
    folded: set[int] = field(default_factory=set)
    barred: set[int] = field(default_factory=set)
    """Seats that may win no cabaret (GU6, GU8)."""
    tricks_won: dict[int, int] = field(default_factory=dict)


class _Narrator:
    """Walks one deal's actions with the payments they made, saying each in a sentence, for every viewer at once
    (:class:`_Voice`): it reads of the actions only what every viewer sees of them (who stirred and whether again,
    not the card; who committed an irregular act, not its cards), and leaves what a viewer's own knowledge changes
    to an :class:`_Own` sentence."""

    def __init__(self, voice: _Voice, *, dealer: int, deal: int, history: Sequence[tuple[int, Action]],
                 payments: Sequence[Transfer]) -> None:
        self.voice = voice
        self.words = voice.words
        self.rules = voice.rules
        self.dealer = dealer
        self.deal = deal
        self.history = history
        self.payments = list(payments)
        self.used = [False] * len(self.payments)
        self.first_unused = 0
        """No payment before this one is left to tell (the search for the next starts there)."""
        self.story = _Story()
        self.contributions = [0] * self.rules.players
        self.high = 0
        self.current_plays: list[tuple[int, Card]] = []
        self.offender = -1
        self.told = 0
        """The actions of :attr:`history` told so far (see :meth:`tell_on`)."""
        self.round, self.last_position, self.phase = 1, -1, Phase.STIR
        """The cotillon round, the position of the last to stir, the phase: as the actions told so far left them."""
        self.failed: list[tuple[tuple[str, ...], int | str | None]] = []
        """What each search for a payment that found none looked for: a payment made since would change what an
        earlier sentence says (see :meth:`_Script.holds`)."""

    # -------------------------------------------------------------- payments
    def take(self, reasons: tuple[str, ...], *, source: int | str | None = None) -> Transfer | None:
        """The first payment not yet told for one of ``reasons`` (from ``source``), now told."""
        used = self.used
        start = self.first_unused
        while start < len(used) and used[start]:
            start += 1
        self.first_unused = start
        for index in range(start, len(used)):
            transfer = self.payments[index]
            if not used[index] and transfer.reason in reasons and (source is None or transfer.source == source):
                used[index] = True
                return transfer
        self.failed.append((reasons, source))
        return None

    def take_all(self, reasons: tuple[str, ...]) -> list[Transfer]:
        taken = []
        while (transfer := self.take(reasons)) is not None:
            taken.append(transfer)
        return taken

    def position(self, seat: int) -> int:
        return (seat - self.dealer - 1) % self.rules.players

    def eldest(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def add(self, index: int, line: _Said) -> None:
        self.story.lines.append((index, line))

    # -------------------------------------------------------------- the whole deal
    def tell(self, *, dealt: bool, carried: tuple[int, int, int] | None, result: DealResult | None) -> _Story:
        """The deal's sentences, with its showdown when it is over (``result``)."""
        self.opening(dealt=dealt, carried=carried)
        self.tell_on()
        if result is not None:
            self.showdown(result)
        return self.story

    def tell_on(self) -> None:
        """The actions of :attr:`history` not told yet, each in its sentences."""
        history = self.history
        for index in range(self.told, len(history)):
            actor, action = history[index]
            if isinstance(action, (Keep, Stir, Restir, HiddenStir)):
                position = self.position(actor)
                if position <= self.last_position:
                    self.round += 1
                    self.add(index, self.new_round(self.round))
                self.last_position = position
            elif isinstance(action, (Pass, Bet)) and self.phase is Phase.STIR:
                self.phase = Phase.BET
                self.add(index, self.new_phase(self.phase))
            elif isinstance(action, PlayCard) and self.phase is not Phase.TRICKS:
                self.phase = Phase.TRICKS
                self.add(index, self.new_phase(self.phase))
            self.action(index, actor, action)
        self.told = len(history)

    def announced(self, phase: Phase, stir_round: int) -> tuple[str, ...]:
        """After the last action told, the deal in progress in ``phase`` and cotillon round ``stir_round``: a round or
        a phase begun before anyone spoke in it (said to every viewer alike, not kept: told on later)."""
        if phase in (Phase.STIR, Phase.RESHUFFLE) and stir_round > self.round:
            return (self.new_round(stir_round),)
        if (phase is Phase.BET and self.phase is Phase.STIR) or (phase is Phase.TRICKS
                                                                 and self.phase is not Phase.TRICKS):
            return (self.new_phase(phase),)
        return ()

    def new_round(self, round_: int) -> str:
        return self.words("Round {round} of the cotillon, the renvi: those who stirred in the round before may stir "
                          "again (GU-§5.1b, GU-§5.3a).", round=round_)

    def new_phase(self, phase: Phase) -> str:
        if phase is Phase.BET:
            return self.words("The cotillon is closed; the vying on the cabaret begins with the eldest hand "
                              "(GU-§5.3b).")
        return self.words("The vying is over; four tricks are played, each following suit, the most tricks taking "
                          "the cotillon basket (GU-§5.6).")

    def opening(self, *, dealt: bool, carried: tuple[int, int, int] | None) -> None:
        voice, words, rules = self.voice, self.words, self.rules
        number, deals = self.deal + 1, rules.deals
        if self.deal == 0:
            # every screen shows this line, the card room too: no terminal command in it (the terminal's help
            # names its rules command)
            self.add(-1, words("La Guinguette is a reconstruction: only part of the old rules survives, and the "
                               "rules marked R1 complete it."))

        def dealing(who: _Who) -> str:
            dealer, eldest = who
            if dealer is None:
                return words("Deal {number} of {deals}: you deal; {eldest} is eldest hand and speaks first "
                             "(GU-§2.4d).", number=number, deals=deals, eldest=eldest)
            if eldest is None:
                return words("Deal {number} of {deals}: {dealer} deals; you are eldest hand and speak first "
                             "(GU-§2.4d).", number=number, deals=deals, dealer=dealer)
            return words("Deal {number} of {deals}: {dealer} deals; {eldest} is eldest hand and speaks first "
                         "(GU-§2.4d).", number=number, deals=deals, dealer=dealer, eldest=eldest)

        self.add(-1, _Line((self.dealer, self.eldest()), dealing))
        for transfer in self.take_all(("GU9",)):
            if isinstance(transfer.target, int):
                self.add(-1, voice.say(transfer.target, w("You cannot pay the antes: you buy a new stock of "
                                                           "{tokens} from the bank (GU9)."),
                                        w("{name} cannot pay the antes and buys a new stock of {tokens} from the "
                                          "bank (GU9)."), tokens=voice.tokens(transfer.amount)))
        if self.take_all(("GU-§3.2",)):
            guinguette, cabaret = voice.tokens(rules.g_ante), voice.tokens(rules.c_ante)
            if rules.c_ante:
                self.add(-1, words("Antes: each player puts {guinguette} into the guinguette basket and {cabaret} "
                                   "into the cabaret (GU-§3.2).", guinguette=guinguette, cabaret=cabaret))
            else:
                self.add(-1, words("Antes: each player puts {guinguette} into the guinguette basket (GU-§3.2).",
                                   guinguette=guinguette))
        if carried is not None and any(carried):
            self.add(-1, words("Carried over from the deals before, not won yet (GU-§3.2): guinguette {guinguette}, "
                               "cabaret {cabaret}, cotillon {cotillon}.", guinguette=carried[0], cabaret=carried[1],
                               cotillon=carried[2]))
        for law in ("GU2", "GU3"):
            fines = self.take_all((law,))
            if fines and isinstance(fines[0].source, int):
                self.add(-1, voice.say(fines[0].source,
                                        w("The deal was void ({law}): you paid {tokens} to each other player, and "
                                          "the cards are dealt again; the antes stay."),
                                        w("The deal was void ({law}): {name} paid {tokens} to each other player, "
                                          "and the cards are dealt again; the antes stay."),
                                        law=law, tokens=voice.tokens(fines[0].amount)))
        if dealt:
            cotillon = rules.pack_size - HAND_SIZE * rules.players
            self.add(-1, voice.say(self.dealer, w("You deal four cards to each player, two at a time, from the "
                                                   "eldest; the {count} left, face down, are the cotillon (GU-§4.3, "
                                                   "GU-§4.4)."),
                                    w("{name} deals four cards to each player, two at a time, from the eldest; the "
                                      "{count} left, face down, are the cotillon (GU-§4.3, GU-§4.4)."),
                                    count=cotillon))
        if rules.guinguette_claim_at_deal:
            claim = self.take(("GU-§5.4a",))
            if claim is not None and isinstance(claim.target, int):
                self.add(-1, voice.say(claim.target, w("You show the queen of diamonds and take the guinguette "
                                                        "basket at once: {tokens} (GU-§5.4a)."),
                                        w("{name} shows the queen of diamonds and takes the guinguette basket at "
                                          "once: {tokens} (GU-§5.4a)."), tokens=voice.tokens(claim.amount)))

    # -------------------------------------------------------------- one action
    def action(self, index: int, actor: int, action: Action) -> None:
        voice = self.voice
        if isinstance(action, DrawForDeal):
            words, cards = self.words, tuple(voice.card(card) for card in action.cards)

            def drawing(who: _Who) -> str:
                return words("The players draw for the deal: {draws}; the highest card is tied, they draw again "
                             "(GU-§2.4).", draws=", ".join(f"{_obj(words, name)} {card}"
                                                          for name, card in zip(who, cards, strict=True)))

            self.add(index, _Line(tuple(range(len(cards))), drawing))
        elif isinstance(action, (Keep, Stir, Restir, HiddenStir)):
            self.stir(index, actor, action)
        elif isinstance(action, (Pass, Bet, Raise, Hold, AllIn, Fold)):
            self.vie(index, actor, action)
        elif isinstance(action, PlayCard):
            self.play(index, actor, action.card)
        elif isinstance(action, Irregular):
            self.add(index, _Own("act", index, action.seat, None))
            self.offender = action.seat
        elif isinstance(action, Remedy):
            self.ruling(index, action)

    def stir(self, index: int, actor: int, action: Action) -> None:
        voice = self.voice
        if isinstance(action, Keep):
            self.add(index, voice.say(actor, w("You keep your cards (« je m'y tiens »)."),
                                       w("{name} keeps the cards (« je m'y tiens »).")))
            return
        again = isinstance(action, Restir) or (isinstance(action, HiddenStir) and action.again)
        fee = self.take(("GU-§5.1b",) if again else ("GU-§5.1a",), source=actor)
        cost = fee.amount if fee is not None else (self.rules.restir_cost if again else STIR_COST)
        tokens = voice.tokens(cost)
        if again:
            line = voice.say(actor, w("You stir the cotillon again (« je renvie le cotillon »): you discard a card "
                                       "face down, pay {tokens} into the cotillon basket and draw the top card "
                                       "(GU-§5.1b)."),
                              w("{name} stirs the cotillon again (« je renvie le cotillon »): discards a card face "
                                "down, pays {tokens} into the cotillon basket and draws the top card unseen "
                                "(GU-§5.1b)."), tokens=tokens)
        else:
            line = voice.say(actor, w("You stir the cotillon (« je remue le cotillon »): you discard a card face "
                                       "down, pay {tokens} into the cotillon basket and draw the top card "
                                       "(GU-§5.1a)."),
                              w("{name} stirs the cotillon (« je remue le cotillon »): discards a card face down, "
                                "pays {tokens} into the cotillon basket and draws the top card unseen (GU-§5.1a)."),
                              tokens=tokens)
        self.add(index, _Own("stir", index, actor, line, again=again, tokens=tokens))

    def vie(self, index: int, actor: int, action: Action) -> None:
        voice, story = self.voice, self.story
        if isinstance(action, Pass):
            self.add(index, voice.say(actor, w("You pass (« passe »)."), w("{name} passes (« passe »).")))
            return
        if isinstance(action, Fold):
            story.folded.add(actor)
            put = self.contributions[actor]
            if put:
                self.add(index, voice.say(actor, w("You fold (« quitte »): out of the cabaret contest, your "
                                                    "{tokens} stay in it (GU-§5.3b)."),
                                           w("{name} folds (« quitte »): out of the cabaret contest, leaving "
                                             "{tokens} in it (GU-§5.3b)."), tokens=voice.tokens(put)))
            else:
                self.add(index, voice.say(actor, w("You fold (« quitte »): out of the cabaret contest (GU-§5.3b)."),
                                           w("{name} folds (« quitte »): out of the cabaret contest (GU-§5.3b).")))
            return
        paid = self.take(("GU-§5.1d", "GU-§5.3b"), source=actor)
        amount = paid.amount if paid is not None else 0
        self.contributions[actor] += amount
        total = self.contributions[actor]
        self.high = max(self.high, total)
        tokens = voice.tokens(amount)
        if isinstance(action, Bet):
            story.opened = True
            line = voice.say(actor, w("You open the cabaret with {measure}: {tokens} (GU-§5.3b, GU-§5.1d)."),
                              w("{name} opens the cabaret with {measure}: {tokens} (GU-§5.3b, GU-§5.1d)."),
                              measure=_measure(self.words, action.amount), tokens=tokens)
        elif isinstance(action, Raise):
            line = voice.say(actor, w("You hold and raise {measure} (« renvi »): you put in {tokens}, {total} in "
                                       "all (GU-§5.1d)."),
                              w("{name} holds and raises {measure} (« renvi »): puts in {tokens}, {total} in all "
                                "(GU-§5.1d)."), measure=_measure(self.words, action.amount), tokens=tokens,
                              total=total)
        elif isinstance(action, Hold):
            line = voice.say(actor, w("You hold (« tiens »): you put in {tokens}, {total} in all (GU-§5.3b)."),
                              w("{name} holds (« tiens »): puts in {tokens}, {total} in all (GU-§5.3b)."),
                              tokens=tokens, total=total)
        elif amount == 0:
            line = voice.say(actor, w("You go all in with nothing left to put in, {total} in all; side pots settle "
                                       "what you cannot match (GU-§5.3b, GU-§5.4d)."),
                              w("{name} goes all in with nothing left to put in, {total} in all; side pots settle "
                                "what cannot be matched (GU-§5.3b, GU-§5.4d)."), total=total)
        else:
            line = voice.say(actor, w("You go all in with your last {tokens}, {total} in all; side pots settle what "
                                       "you cannot match (GU-§5.3b, GU-§5.4d)."),
                              w("{name} goes all in with the last {tokens}, {total} in all; side pots settle what "
                                "cannot be matched (GU-§5.3b, GU-§5.4d)."), tokens=tokens, total=total)
        self.add(index, line)

    def play(self, index: int, actor: int, card: Card) -> None:
        voice, story, players = self.voice, self.story, self.rules.players
        plays = self.current_plays
        plays.append((actor, card))
        if len(plays) == 1:
            self.add(index, voice.say(actor, w("You lead {card}."), w("{name} leads {card}."),
                                       card=voice.card(card)))
        else:
            self.add(index, voice.say(actor, w("You play {card}."), w("{name} plays {card}."),
                                       card=voice.card(card)))
        if len(plays) < players:
            return
        led = plays[0][1].suit
        winner, best = max((play for play in plays if play[1].suit == led), key=lambda play: LEVEL[play[1].index])
        why = self.words("highest {suit}", suit=led.symbol)
        number = len(story.tricks) + 1
        story.tricks.append(TrickPicture(number, tuple((seat, str(c)) for seat, c in plays), winner, why))
        story.tricks_won[winner] = story.tricks_won.get(winner, 0) + 1
        self.add(index, voice.say(winner, w("You win trick {number} with {card} ({why}, GU-§5.6)."),
                                   w("{name} wins trick {number} with {card} ({why}, GU-§5.6)."), number=number,
                                   card=voice.card(best), why=why))
        self.current_plays = []

    def ruling(self, index: int, remedy: Remedy) -> None:
        voice, words = self.voice, self.words
        law, offender = remedy.law, self.offender
        if not 0 <= offender < self.rules.players:
            self.add(index, words("Ruling ({law}): {ruling}.", law=law, ruling=voice.remedy(law, remedy.name)))
            return
        fines = self.take_all((law,))
        each = voice.tokens(fines[0].amount) if fines else voice.tokens(1)
        if remedy.name in ("disqualify", "forfeit"):
            self.story.barred.add(offender)
        messages = {
            ("GU1", "fine"): (w("Ruling (GU1): you keep the card, shown to all, and pay {tokens} to each other "
                                "player."),
                              w("Ruling (GU1): {name} keeps the card, shown to all, and pays {tokens} to each other "
                                "player.")),
            ("GU3", "play-on"): (w("Ruling (GU3): play goes on; the card you exposed stays seen by all."),
                                 w("Ruling (GU3): play goes on; the exposed card stays seen by all.")),
            ("GU4", "void"): (w("Ruling (GU4): the act is void and you pay {tokens} to each other player."),
                              w("Ruling (GU4): the act is void and {name} pays {tokens} to each other player.")),
            ("GU5", "cancel"): (w("Ruling (GU5): you cannot pay, so the stir is cancelled and your card returned."),
                                w("Ruling (GU5): {name} cannot pay, so the stir is cancelled and the card "
                                  "returned.")),
            ("GU6", "disqualify"): (w("Ruling (GU6): you may win neither the guinguette nor the cabaret this "
                                      "deal."),
                                    w("Ruling (GU6): {name} may win neither the guinguette nor the cabaret this "
                                      "deal.")),
            ("GU7", "fine"): (w("Ruling (GU7): the claim is void and you pay {tokens} to each other player."),
                              w("Ruling (GU7): the claim is void and {name} pays {tokens} to each other player.")),
            ("GU8", "forfeit"): (w("Ruling (GU8): you lose your stake in the cabaret this deal, and your right to "
                                   "win it."),
                                 w("Ruling (GU8): {name} loses the stake put into the cabaret this deal, and the "
                                   "right to win it.")),
            ("GU8", "pardon"): (w("Ruling (GU8): the other players pardon you."),
                                w("Ruling (GU8): the other players pardon {name}.")),
        }
        if (law, remedy.name) == ("GU5", "pay"):
            again = self.take(("GU-§5.1a", "GU-§5.1b"), source=offender)
            tokens = voice.tokens(again.amount if again is not None else STIR_COST)
            paid = voice.say(offender, w("Ruling (GU5): you pay the stir at once, {tokens}, and draw the top card."),
                             w("Ruling (GU5): {name} pays the stir at once, {tokens}, and draws the top card unseen."),
                             tokens=tokens)
            self.add(index, _Own("paid", index, offender, paid, tokens=tokens))
            return
        pair = messages.get((law, remedy.name))
        if pair is None:
            self.add(index, words("Ruling ({law}): {ruling}.", law=law, ruling=voice.remedy(law, remedy.name)))
            return
        self.add(index, voice.say(offender, pair[0], pair[1], tokens=each))

    # -------------------------------------------------------------- the showdown
    def showdown(self, result: DealResult) -> None:
        """GU-§5.4: the hands shown, the three baskets and who took them, then what the deal brought each."""
        voice, words, rules, story = self.voice, self.words, self.rules, self.story
        end = len(self.history)
        players = rules.players
        order = [(self.dealer + 1 + p) % players for p in range(players)]
        live = [seat for seat in order if seat not in story.folded and seat not in story.barred]
        values: dict[int, tuple[int, int]] = {}
        for seat in order:
            shown = result.shown[seat] if seat < len(result.shown) else ()
            if not shown:
                continue
            if len(shown) == HAND_SIZE and seat in live:
                mask = sum(1 << card.index for card in shown)
                values[seat] = (tierce_of(mask, rules), point_of(mask))
                self.add(end, voice.say(seat, w("You show {cards}: {value}."), w("{name} shows {cards}: {value}."),
                                         cards=voice.cards(shown), value=_hand_value(words, shown, rules)))
            else:
                self.add(end, voice.say(seat, w("You show {cards}."), w("{name} shows {cards}."),
                                         cards=voice.cards(shown)))
        # the guinguette
        queen = self.take(("GU-§5.4a",))
        if queen is not None and isinstance(queen.target, int):
            self.add(end, voice.say(queen.target, w("You hold the queen of diamonds and take the guinguette "
                                                     "basket: {tokens} (GU-§5.4a)."),
                                     w("{name} holds the queen of diamonds and takes the guinguette basket: "
                                       "{tokens} (GU-§5.4a)."), tokens=voice.tokens(queen.amount)))
        elif result.guinguette is None:
            self.add(end, words("Nobody shows the queen of diamonds: the guinguette basket is not won "
                                "(GU-§5.4a)."))
        # the cabaret
        main = self.take(("GU-§5.4b",))
        if not story.opened:
            self.add(end, words("Nobody bet: there is no contest for the cabaret this deal, and it is not won "
                                "(GU-§5.3b)."))
        elif main is not None and isinstance(main.target, int):
            self.add(end, self.cabaret(main.target, main.amount, live, values, result))
        elif live and all(value[0] == 0 for seat, value in values.items() if seat in live):
            self.add(end, words("Nobody still in has a tierce: the cabaret is not won and carries over (GU-§5.4b)."))
        for transfer in self.take_all(("GU-§5.4d",)):
            if isinstance(transfer.target, int):
                self.add(end, voice.say(transfer.target,
                                         w("You take {tokens} from the cabaret: a side pot, the bets settled layer "
                                           "by layer when a player is all in (GU-§5.4d)."),
                                         w("{name} takes {tokens} from the cabaret: a side pot, the bets settled "
                                           "layer by layer when a player is all in (GU-§5.4d)."),
                                         tokens=voice.tokens(transfer.amount)))
        # the cotillon basket
        cotillon = self.take(("GU-§5.4c",))
        if cotillon is not None and isinstance(cotillon.target, int):
            self.add(end, self.cotillon(cotillon.target, cotillon.amount))
        # the end of the partie
        shares = self.take_all(("GU-§5.5",))
        if shares:
            totals: dict[int, int] = {}
            for share in shares:
                if isinstance(share.target, int):
                    totals[share.target] = totals.get(share.target, 0) + share.amount
            amounts = tuple(totals.values())

            def sharing(who: _Who) -> str:
                return words("The last deal is over: the baskets left are shared equally, the remainder one by one "
                             "from the eldest (GU-§5.5): {shares}.", shares=", ".join(
                                 f"{_obj(words, name)} {amount}" for name, amount in zip(who, amounts, strict=True)))

            self.add(end, _Line(tuple(totals), sharing))
        for transfer, used in zip(self.payments, self.used, strict=True):
            if not used:
                self.add(end, voice.payment(transfer))
        self.used = [True] * len(self.payments)
        self.add(end, _deal_result(voice, result, order))

    def cabaret(self, winner: int, amount: int, live: list[int], values: dict[int, tuple[int, int]],
                result: DealResult) -> _Line:
        """Who took the cabaret, and why (GU-§5.4b)."""
        voice, rules = self.voice, self.rules
        tokens = voice.tokens(amount)
        if len(live) <= 1 or winner not in values:
            return voice.say(winner, w("Everyone else has folded: you take the cabaret, {tokens}, without showing "
                                       "(GU-§5.4b)."),
                             w("Everyone else has folded: {name} takes the cabaret, {tokens}, without showing "
                               "(GU-§5.4b)."), tokens=tokens)
        tierce, point = values[winner]
        others = [seat for seat in live if seat != winner and seat in values]
        if tierce:
            name = _tierce(self.words, tierce, rules)
            equal = next((seat for seat in others if values[seat][0] == tierce), None)
            if equal is not None:
                return voice.say_with(winner, equal,
                                      w("You take the cabaret, {tokens}, with {tierce}, as good as {other}'s: equal "
                                        "tierces go to the earlier in the order of play (GU-§5.4b)."),
                                      w("{name} takes the cabaret, {tokens}, with {tierce}, as good as {other}'s: "
                                        "equal tierces go to the earlier in the order of play (GU-§5.4b)."),
                                      tokens=tokens, tierce=name)
            if any(values[seat][0] for seat in others):
                return voice.say(winner, w("You take the cabaret, {tokens}, with {tierce}, the best tierce shown "
                                           "(GU-§5.4b)."),
                                 w("{name} takes the cabaret, {tokens}, with {tierce}, the best tierce shown "
                                   "(GU-§5.4b)."), tokens=tokens, tierce=name)
            return voice.say(winner, w("You take the cabaret, {tokens}, with {tierce}: nobody else still in has a "
                                       "tierce (GU-§5.4b)."),
                             w("{name} takes the cabaret, {tokens}, with {tierce}: nobody else still in has a "
                               "tierce (GU-§5.4b)."), tokens=tokens, tierce=name)
        equal = next((seat for seat in others if values[seat][1] == point), None)
        if equal is not None:
            return voice.say_with(winner, equal,
                                  w("Nobody still in has a tierce: you take the cabaret, {tokens}, with a point of "
                                    "{point}, as high as {other}'s but earlier in the order of play (GU-§5.4b, "
                                    "GU-§2.2v)."),
                                  w("Nobody still in has a tierce: {name} takes the cabaret, {tokens}, with a point "
                                    "of {point}, as high as {other}'s but earlier in the order of play (GU-§5.4b, "
                                    "GU-§2.2v)."), tokens=tokens, point=point)
        return voice.say(winner, w("Nobody still in has a tierce: you take the cabaret, {tokens}, with the highest "
                                   "point, {point} (GU-§5.4b, GU-§2.2v)."),
                         w("Nobody still in has a tierce: {name} takes the cabaret, {tokens}, with the highest "
                           "point, {point} (GU-§5.4b, GU-§2.2v)."), tokens=tokens, point=point)

    def cotillon(self, taker: int, amount: int) -> _Line:
        """Who took the cotillon basket, and why (GU-§5.4c, GU-§5.6)."""
        voice, rules = self.voice, self.rules
        tokens = voice.tokens(amount)
        if rules.trick_phase:
            return voice.say(taker, w("You take the cotillon basket, {tokens}, with the most tricks, {count} "
                                       "(GU-§5.6)."),
                              w("{name} takes the cotillon basket, {tokens}, with the most tricks, {count} "
                                "(GU-§5.6)."), tokens=tokens, count=self.story.tricks_won.get(taker, 0))
        if rules.cotillon_to == "guinguette_holder":
            return voice.say(taker, w("You take the cotillon basket, {tokens}, as the holder of the queen of "
                                       "diamonds (GU-§5.4c)."),
                              w("{name} takes the cotillon basket, {tokens}, as the holder of the queen of diamonds "
                                "(GU-§5.4c)."), tokens=tokens)
        return voice.say(taker, w("You take the cotillon basket, {tokens}, with the cabaret (GU-§5.4c)."),
                          w("{name} takes the cotillon basket, {tokens}, with the cabaret (GU-§5.4c)."),
                          tokens=tokens)


_CATEGORIES: Final = (
    (("GU-§3.2",), w("antes {amount}")),
    (("GU-§5.1a", "GU-§5.1b"), w("stirs {amount}")),
    (("GU-§5.1d", "GU-§5.3b"), w("bets {amount}")),
    (("GU-§5.4a", "GU-§5.4b", "GU-§5.4c", "GU-§5.4d", "GU-§5.5"), w("baskets {amount}")),
    (("GU1", "GU2", "GU3", "GU4", "GU7"), w("fines {amount}")),
)
"""What a deal's tokens went to, for the result (the bank's new stocks, GU9, are neither won nor lost)."""


_CATEGORY_OF: Final = {reason: number for number, (reasons, _) in enumerate(_CATEGORIES) for reason in reasons}
"""The place in :data:`_CATEGORIES` of each reason it names (each is named once)."""


@same_for_all
def _nets(payments: tuple[Transfer, ...]) -> dict[int, tuple[int, ...]]:
    """Each seat's net gain or loss in each of :data:`_CATEGORIES` over a deal's ``payments``: read by no viewer's
    datum, so worked out once for every viewer told the deal's result (one pass over the payments)."""
    nets: dict[int, list[int]] = {}
    for transfer in payments:
        category = _CATEGORY_OF.get(transfer.reason)
        if category is None:
            continue
        source, target = transfer.source, transfer.target
        if isinstance(target, int) and source != BANK:
            nets.setdefault(target, [0] * len(_CATEGORIES))[category] += transfer.amount
        if isinstance(source, int) and target != BANK:
            nets.setdefault(source, [0] * len(_CATEGORIES))[category] -= transfer.amount
    return {seat: tuple(values) for seat, values in nets.items()}


@lru_cache(maxsize=256)
def _breakdown(words: Words, nets: tuple[int, ...]) -> str:
    """A seat's nets by category in words (made once per language and nets)."""
    return ", ".join(words(message, amount=signed(net))
                     for net, (_, message) in zip(nets, _CATEGORIES, strict=True) if net)


def _deal_result(voice: _Voice, result: DealResult, order: Sequence[int]) -> _Line:
    """What the deal brought each player, and from what (rule file §6's table)."""
    words, nets, entries = voice.words, _nets(result.payments), []
    for seat in order:
        points = result.points[seat] if seat < len(result.points) else 0
        mine = nets.get(seat)
        detail = _breakdown(words, mine) if mine is not None else ""
        entries.append(f" {signed(points)}" + (f" ({detail})" if detail else ""))

    def telling(who: _Who) -> str:
        return words("Deal {number} is over: {results}.", number=result.deal + 1, results=_series(
            words, [_obj(words, name) + entry for name, entry in zip(who, entries, strict=True)]))

    return _Line(tuple(order), telling)


def _act_sentence(teller: _Teller, act: Irregular) -> str:
    """An irregular act told in the log, with its law (table mode, rule file §7)."""
    words, seat = teller.words, act.seat
    if not 0 <= seat < teller.view.rules.players:
        return str(act)
    card = _card_of(act.args)
    shown = teller.card(card) if card is not None and card in teller.held() else ""
    if act.kind == "show-draw":
        if shown:
            return teller.say(seat, w("You show the card you drew from the cotillon, {card}, which is forbidden "
                                      "(GU1)."),
                              w("{name} shows the card drawn from the cotillon, {card}, which is forbidden (GU1)."),
                              card=shown)
        return teller.say(seat, w("You show the card you drew from the cotillon, which is forbidden (GU1)."),
                          w("{name} shows the card drawn from the cotillon, which is forbidden (GU1)."))
    if act.kind == "misdeal":
        return teller.say(seat, w("You misdeal (GU2)."), w("{name} misdeals (GU2)."))
    if act.kind == "exposed":
        if shown:
            return teller.say(seat, w("{card} is exposed in the deal, and you caused it (GU3)."),
                              w("{card} is exposed in the deal, and {name} caused it (GU3)."), card=shown)
        return teller.say(seat, w("A card is exposed in the deal, and you caused it (GU3)."),
                          w("A card is exposed in the deal, and {name} caused it (GU3)."))
    if act.kind == "out-of-turn":
        return teller.say(seat, w("You act out of turn: {act} (GU4)."), w("{name} acts out of turn: {act} (GU4)."),
                          act=_act_words(words, act.args))
    if act.kind == "unpaid-stir":
        return teller.say(seat, w("You stir without paying (GU5)."), w("{name} stirs without paying (GU5)."))
    if act.kind == "wrong-count":
        return teller.say(seat, w("You are found with a wrong number of cards (GU6)."),
                          w("{name} is found with a wrong number of cards (GU6)."))
    if act.kind == "false-claim":
        if act.args[:1] == ("queen",):
            return teller.say(seat, w("You claim the queen of diamonds and do not hold it (GU7)."),
                              w("{name} claims the queen of diamonds without holding it (GU7)."))
        return teller.say(seat, w("You claim a tierce and do not hold one (GU7)."),
                          w("{name} claims a tierce without holding one (GU7)."))
    if act.kind == "look":
        return teller.say(seat, w("You look at the cotillon or the discards (GU8)."),
                          w("{name} looks at the cotillon or the discards (GU8)."))
    return str(act)


def _act_words(words: Words, args: Sequence[str]) -> str:
    """What was done out of turn, in words (never naming a card: a stir's discard goes face down, GU-§5.1a)."""
    if args and args[0].lower() in ("stir", "restir"):
        return words("a stir")
    try:
        action = parse_action(" ".join(args))
    except ValueError:
        return words("a word out of turn")
    if isinstance(action, Keep):
        return words("« je m'y tiens »")
    if isinstance(action, (Stir, Restir)):
        return words("a stir")
    if isinstance(action, Pass):
        return words("« passe »")
    if isinstance(action, Bet):
        return words("a bet of {measure}", measure=_measure(words, action.amount))
    if isinstance(action, Raise):
        return words("a raise of {measure}", measure=_measure(words, action.amount))
    if isinstance(action, Hold):
        return words("« tiens »")
    if isinstance(action, Fold):
        return words("« quitte »")
    if isinstance(action, AllIn):
        return words("going all in")
    return words("a word out of turn")


# ------------------------------------------------------------------------------------------------ the picture
def default_names(view: GuinguetteView, /, *, words: Words) -> tuple[str, ...]:
    """"You" for the viewer, "Seat N" for the others (every seat for a spectator).

    >>> from academie.games.guinguette.state import GuinguetteState
    >>> default_names(GuinguetteState.new(seed=1, first_dealer=0, players=3).view(1), words=Words("fr"))
    ('Siège 0', 'Vous', 'Siège 2')
    """
    viewer, players, last = view.viewer, view.rules.players, _NAMED[0]
    if last is not None and last[0] is words and last[1] == players:  # (the table's viewers are named one by one)
        return last[2][viewer]
    named = {seat: _default_names(seat, players, words) for seat in (*range(players), PUBLIC)}
    _NAMED[0] = (words, players, named)
    return named[viewer] if viewer in named else _default_names(viewer, players, words)


_NAMED: list[tuple[Words, int, dict[int, tuple[str, ...]]] | None] = [None]
"""The default names of every viewer of the last table size and words asked for."""


@lru_cache(maxsize=256)
def _default_names(viewer: int, players: int, words: Words) -> tuple[str, ...]:
    """:func:`default_names`, made once per viewer, table size and language (the card room asks after every
    action)."""
    return tuple(words("You") if seat == viewer else words("Seat {number}", number=seat) for seat in range(players))


def _carried(view: GuinguetteView, script: _Script | None = None) -> tuple[int, int, int]:
    """What each basket held before this deal's antes: what the deals before left in it (GU-§3.2). Worked out on
    from what ``script`` found at its last position when its payments are the first of the view's (the baskets now,
    less what they held then, less what the payments since brought them: one pass over the payments since, not over
    the deal's)."""
    if script is not None and script.baskets is not None and len(script.key) == 6:
        paid = script.paid
        if view.payments[:len(paid)] == paid:
            before = script.key[5]
            assert isinstance(before, tuple)
            return _carried_by((view.baskets[0] - script.baskets[0] + before[0],
                                view.baskets[1] - script.baskets[1] + before[1],
                                view.baskets[2] - script.baskets[2] + before[2]), view.payments[len(paid):])
    return _carried_by(view.baskets, view.payments)


def _carried_by(baskets: tuple[int, int, int], payments: Sequence[Transfer]) -> tuple[int, int, int]:
    """``baskets`` less what ``payments`` brought them."""
    balances = {GUINGUETTE: baskets[0], CABARET: baskets[1], COTILLON: baskets[2]}
    for transfer in payments:
        if transfer.target in balances:
            balances[transfer.target] -= transfer.amount
        if transfer.source in balances:
            balances[transfer.source] += transfer.amount
    return (balances[GUINGUETTE], balances[CABARET], balances[COTILLON])


def _dealt(view: GuinguetteView) -> bool:
    return view.phase not in (Phase.DRAW, Phase.SHUFFLE) or any(view.hand_sizes)


def _public(action: Action) -> object:
    """What every viewer sees of an action (:class:`_Narrator` reads no more of it): a stir's actor's own history
    holds its card, the others' hold a hidden stir; an irregular act's cards are face down to all but its actor."""
    if isinstance(action, (Stir, Restir, HiddenStir)):
        return isinstance(action, Restir) or (isinstance(action, HiddenStir) and action.again)
    if isinstance(action, Irregular):
        return (action.kind, action.seat)
    return action


def _alike(seen: Sequence[tuple[int, Action]], told: Sequence[tuple[int, Action]]) -> bool:
    """Whether two viewers' histories of one deal tell the same actions as every viewer sees them."""
    return seen == told or (len(seen) == len(told) and all(
        mine[0] == theirs[0] and (mine[1] == theirs[1] or _public(mine[1]) == _public(theirs[1]))
        for mine, theirs in zip(seen, told, strict=True)))


class _Script:
    """A deal told for every viewer of one language and rules at once (issue 33): its narrator's sentences before
    each viewer is told them (a :class:`_Line` told once for every viewer who names its seats alike, an
    :class:`_Own` told to each apart), told on from one position to the next while every sentence told still reads
    the same, and shared by the viewers of one position (:func:`_shared`).

    A sentence reads the actions before it as every viewer sees them, the payments (the first not yet told for its
    rule), the language, the rules, the deal and what the baskets carried over (:attr:`key`): it holds while those
    told are the first of the view's, and no payment made since is one a search found missing."""

    __slots__ = ("at", "baskets", "key", "narrator", "paid", "said")

    def __init__(self, key: tuple[object, ...], narrator: _Narrator, payments: tuple[Transfer, ...]) -> None:
        self.key, self.narrator, self.paid = key, narrator, payments
        self.at: object = None
        """What every view of the position it was last told on to holds (its public parts' object, the same for all
        of them: :class:`academie.engine.Shared`)."""
        self.said: tuple[str, ...] = ()
        """What was said at that position after its last action: a round or phase begun before anyone spoke in it."""
        self.baskets: tuple[int, int, int] | None = None
        """What the baskets held at that position (for the deal in progress: :func:`_carried`)."""

    @classmethod
    def of(cls, voice: _Voice, key: tuple[object, ...], *, dealer: int, deal: int,
           history: Sequence[tuple[int, Action]], payments: tuple[Transfer, ...], dealt: bool,
           carried: tuple[int, int, int] | None, result: DealResult | None = None) -> _Script:
        """A deal told from its beginning (with its showdown when ``result`` is given)."""
        narrator = _Narrator(voice, dealer=dealer, deal=deal, history=history, payments=payments)
        narrator.tell(dealt=dealt, carried=carried, result=result)
        return cls(key, narrator, payments)

    def holds(self, key: tuple[object, ...], history: Sequence[tuple[int, Action]],
              payments: tuple[Transfer, ...]) -> bool:
        """Whether every sentence told still reads the same for a deal now at ``history`` and ``payments``."""
        narrator, paid = self.narrator, self.paid
        told = narrator.history
        if self.key != key or len(history) < len(told) or payments[:len(paid)] != paid:
            return False
        if not _alike(history[:len(told)], told):
            return False
        return not any(transfer.reason in reasons and (source is None or transfer.source == source)
                       for transfer in payments[len(paid):] for reasons, source in narrator.failed)

    def tell_on(self, history: Sequence[tuple[int, Action]], payments: tuple[Transfer, ...]) -> None:
        """The actions of ``history`` and the payments not told yet, told (:meth:`holds` said they may be)."""
        narrator = self.narrator
        added = payments[len(self.paid):]
        narrator.history, self.paid = history, payments
        narrator.payments += added
        narrator.used += [False] * len(added)
        narrator.tell_on()


_SCRIPTS: list[_Script] = []
"""The scripts told on last, the latest first (a few: the viewers of one position are painted one after the other,
in one language or a few)."""


def _shared(at: object, words: Words) -> _Script | None:
    """The script already told on to the position whose views hold ``at``, in ``words``' language, if any."""
    for script in _SCRIPTS:
        if script.at is at and script.key[0] is words:
            return script
    return None


def _share(script: _Script, at: object) -> None:
    """``script``, told on to the position whose views hold ``at``, found there by the next viewers."""
    script.at = at
    if not _SCRIPTS or _SCRIPTS[0] is not script:  # (the next viewers of a position find it first already)
        _SCRIPTS[:] = [script, *(kept for kept in _SCRIPTS[:7] if kept is not script)]


class _Kept:
    """What a painter of La Guinguette keeps in a :class:`~academie.picture.Memo`."""

    __slots__ = ("before", "discards", "hand", "log", "script", "seats", "tallies")

    def __init__(self) -> None:
        self.script: _Script | None = None
        """The deal in progress as it was last told (shared with the other viewers: told on from there)."""
        self.before: _Script | None = None
        """The last deal as it was told to its end (shared with the other viewers)."""
        self.tallies: tuple[object, Words, int | None, tuple[str, ...], tuple[Tally, ...]] | None = None
        """The tallies of the last picture, with the values, words, dealer and names they were made from."""
        self.hand: tuple[tuple[Card, ...], Words, GuinguetteRules, tuple[str, ...], str | None,
                         dict[int, int]] | None = None
        """The viewer's hand in the last picture, with the words and rules it was shown in, what it was worth and
        each card's place in it, by index."""
        self.log: _Log | None = None
        """The log of the last picture."""
        self.discards: tuple[tuple[Card, ...], str, tuple[tuple[str, tuple[str, ...]]]] | None = None
        """The viewer's discards in the last picture, with their label and the picture's table of them."""
        self.seats: tuple[tuple[object, ...], tuple[_SeatFact, ...], list[SeatPicture],
                          tuple[SeatPicture, ...]] | None = None
        """The seats of the last picture: what they were named by and their order, each seat's facts and line, by
        seat, and the lines in the order of play."""


def _kept(memo: Memo | None) -> _Kept | None:
    if memo is None:
        return None
    if not isinstance(memo.kept, _Kept):
        memo.kept = _Kept()
    return memo.kept


def _told_before(teller: _Teller, last: DealResult, kept: _Kept | None) -> _Script:
    """The last deal told whole, to its showdown: shared by every viewer of its end in one language, told on from
    the script of the deal as it was in progress when that still holds (its last action and its showdown)."""
    words, rules = teller.words, teller.view.rules
    if kept is not None:
        script = kept.before
        if script is not None and script.at is last.points and script.key[0] is words:
            return script
    key = (words, rules, last.dealer, last.deal, True)
    if kept is not None:
        script = _shared(last.points, words)
        if script is not None:
            kept.before = script
            return script
        script = kept.script
        if (script is not None and script.at is not last.points and script.key[:5] == key
                and len(script.narrator.history) < len(last.history)
                and script.holds(script.key, last.history, last.payments)):
            script.tell_on(last.history, last.payments)
            script.narrator.showdown(last)
            script.key = key
        else:
            script = None
        if script is None:
            script = _Script.of(_Voice(words, rules), key, dealer=last.dealer, deal=last.deal, history=last.history,
                                payments=last.payments, dealt=True, carried=None, result=last)
        script.said = ()
        _share(script, last.points)
        kept.before = script
        return script
    return _Script.of(_Voice(words, rules), key, dealer=last.dealer, deal=last.deal, history=last.history,
                      payments=last.payments, dealt=True, carried=None, result=last)


def _in_progress(teller: _Teller, kept: _Kept | None) -> _Script:
    """The deal in progress told: the script every viewer of this position shares when one was told on to it, else
    told on from the script ``kept`` (:func:`_told_on`)."""
    view, words = teller.view, teller.words
    if kept is None:
        return _told_on(teller, None)
    at, script = view.stocks, kept.script
    if script is None or script.at is not at or script.key[0] is not words:
        script = _shared(at, words) or _told_on(teller, script)
        _share(script, at)
        kept.script = script
    return script


def _told_on(teller: _Teller, script: _Script | None) -> _Script:
    """The deal in progress told to the view's position: on from ``script`` while that still holds, else from its
    beginning."""
    view = teller.view
    assert view.dealer is not None
    dealt, carried = _dealt(view), _carried(view, script)
    key = (teller.words, view.rules, view.dealer, view.deal, dealt, carried)
    if script is not None and script.holds(key, view.history, view.payments):
        script.tell_on(view.history, view.payments)
    else:
        script = _Script.of(_Voice(teller.words, view.rules), key, dealer=view.dealer, deal=view.deal,
                            history=view.history, payments=view.payments, dealt=dealt, carried=carried)
    script.said, script.baskets = script.narrator.announced(view.phase, view.stir_round), view.baskets
    return script


def _story(teller: _Teller, kept: _Kept | None) -> tuple[_Story, tuple[str, ...], _Story | None]:
    """This deal told (with, when it has just begun, how the one before ended), its log, and the last deal's story
    (shared with every viewer of the last deal's end in this language)."""
    view = teller.view
    over = view.phase is Phase.OVER
    last = view.last_deal
    told = _told_before(teller, last, kept) if last is not None and not over else None
    before = told.narrator.story if told is not None else None
    if view.dealer is None or over:  # (the draw for the first deal, or the game over: the whole deal told)
        whole = _shared(view.stocks, teller.words) if kept is not None else None
        if whole is None or whole.key[1:] != ("whole",):
            narrator = _Narrator(_Voice(teller.words, view.rules), dealer=view.dealer or 0, deal=view.deal,
                                 history=view.history, payments=view.payments if over else ())
            if over:
                narrator.tell(dealt=_dealt(view), carried=None, result=last)
            else:
                for index, (actor, action) in enumerate(view.history):
                    narrator.action(index, actor, action)
            whole = _Script((teller.words, "whole"), narrator, view.payments)
            if kept is not None:
                _share(whole, view.stocks)
        narrator = whole.narrator
        reading = _Reading(teller, view.history, view.my_draws)
        head = _head(teller, told, last) if told is not None and last is not None else ()
        return narrator.story, head + tuple(_told(line, reading) for _, line in narrator.story.lines), before
    script = _in_progress(teller, kept)
    return script.narrator.story, _log(kept, teller, told, script), before


def _head(teller: _Teller, told: _Script, last: DealResult) -> tuple[str, ...]:
    """The sentences of the last deal from its last action on: its end, shown at the beginning of the next."""
    reading, final = _Reading(teller, last.history, ()), max(len(last.history) - 1, 0)
    return tuple(_told(line, reading) for index, line in told.narrator.story.lines if index >= final)


class _Log:
    """A viewer's log as his last picture told it (what a :class:`~academie.picture.Memo` keeps, see :func:`_log`):
    the scripts of the deal in progress and of the last deal, the names and seat it was told to, how many of the
    script's sentences it told, the log, the viewer's draws and how many of them it named, and whether one was
    missing."""

    __slots__ = ("before", "count", "drawn", "draws", "me", "names", "said", "script", "starved")

    def __init__(self, script: _Script, before: _Script | None, reading: _Reading, said: tuple[str, ...]) -> None:
        self.script, self.before, self.names, self.me = script, before, reading.teller.names, reading.teller.me
        self.count, self.said = len(script.narrator.story.lines), said
        self.draws, self.drawn, self.starved = reading.draws, reading.drawn, reading.starved


def _told_on_to(log: _Log, teller: _Teller, lines: Sequence[tuple[int, _Said]], history: Sequence[tuple[int, Action]],
                draws: tuple[Card, ...]) -> tuple[str, ...]:
    """``lines``, the sentences of a deal since ``log`` was told, as ``teller``'s viewer is told them (:func:`_told`,
    for each viewer after every action: a :class:`_Reading` made only for a sentence that reads his own cards,
    which goes on from where ``log``'s left off)."""
    me, names = teller.me, teller.names
    said: list[str] = []
    reading = None
    for _, line in lines:
        if isinstance(line, str):
            said.append(line)
        elif isinstance(line, _Line):
            said.append(line.to(me, names))
        else:
            if reading is None:
                reading = _Reading(teller, history, draws)
                reading.drawn, reading.starved = log.drawn, log.starved
            said.append(_told(line, reading))
    if reading is not None:
        log.drawn, log.starved = reading.drawn, reading.starved
    return tuple(said)


def _log(kept: _Kept | None, teller: _Teller, before: _Script | None, script: _Script) -> tuple[str, ...]:
    """The log: the end of the last deal (``before``, from its last action on) and the sentences of ``script`` as
    ``teller``'s viewer is told them, with what was said after the last action. Told on from the log ``kept`` while
    it was told from the same scripts, names and seat (a script's sentences only grow), the viewer's draws it named
    still his first and none found missing then drawn since, and no irregular act told (its sentence names a card
    only if the view holds it now); told whole otherwise."""
    lines, view = script.narrator.story.lines, teller.view
    draws = view.my_draws
    log = kept.log if kept is not None else None
    if (log is not None and log.script is script and log.before is before and log.me == teller.me
            and (log.names is teller.names or log.names == teller.names) and script.narrator.offender < 0
            and (before is None or before.narrator.offender < 0)
            and (log.draws is draws or (draws[:len(log.draws)] == log.draws
                                        and not (log.starved and len(draws) > len(log.draws))))):
        said = log.said
        if log.count < len(lines):
            said = log.said = said + _told_on_to(log, teller, lines[log.count:], view.history, draws)
            log.count, log.draws = len(lines), draws
    else:
        head = _head(teller, before, view.last_deal) if before is not None and view.last_deal is not None else ()
        reading = _Reading(teller, view.history, draws)
        said = head + tuple([_told(line, reading) for _, line in lines])
        if kept is not None:
            kept.log = _Log(script, before, reading, said)
    return said + script.said if script.said else said


class _Frame:
    """What every viewer of one position sees alike, in one language (issue 33): worked out for the first viewer
    painted and read for the others (:func:`_frame`): whether the cards are dealt, the seats in the order of play,
    each seat's facts, the tallies' values, the status, the cotillon's line, whose turn it is and what is waited
    for (a :class:`_Line` when it names a seat)."""

    __slots__ = ("actor", "at", "begun", "changed", "contests", "cotillon", "dealt", "facts", "labels", "lines",
                 "order", "pick", "previous", "status", "values", "waiting", "words")

    def __init__(self, view: GuinguetteView, words: Words) -> None:
        rules, dealer = view.rules, view.dealer
        players = rules.players
        self.at, self.words = view.stocks, words
        self.dealt = dealt = _dealt(view) and view.phase is not Phase.OVER
        self.order = _order(dealer, players) if dealer is not None else tuple(range(players))
        self.pick = _pick(self.order)
        self.begun = any(actor >= 0 for actor, _ in view.history)
        """Whether a seat has acted in this deal (before that, the last deal's result is shown)."""
        self.labels = _labels(words)
        facts = _seat_facts(rules, view.phase, dealer, dealt, view.opened, view.stirs, view.contributions,
                            view.folded, view.all_in, view.acted, view.shown, view.hand_sizes)
        barred = _barred(view) if dealt and rules.mode is Mode.TABLE else {}  # (irregular acts: in table mode only)
        if barred:
            facts = tuple((*fact[:-1], barred.get(seat)) for seat, fact in enumerate(facts))
        last = _FACTS[0]
        self.previous: tuple[_SeatFact, ...] | None = None
        """The facts of the frame before (of any table), when of as many seats."""
        self.changed: tuple[int, ...] = ()
        """The seats whose facts differ from :attr:`previous`'s."""
        if last is not None and len(last) == len(facts):  # (a seat's facts unchanged: the same object as before)
            facts = tuple([old if old == fact else fact for old, fact in zip(last, facts, strict=True)])
            self.previous = last
            self.changed = tuple([seat for seat, fact in enumerate(facts) if fact is not last[seat]])
            if not self.changed:
                facts = last
        _FACTS[0] = self.facts = facts
        self.lines: dict[tuple[int, str, bool], SeatPicture] = {}
        self.contests: dict[int | None, str] = {}
        """The cabaret contest as told so far to the position's viewers, by their stake (None: no stake)."""
        """The lines of the seats that changed, made for the viewers painted so far, by seat, name and whether the
        viewer sits there."""
        tricks = rules.trick_phase and dealt and view.phase is Phase.TRICKS
        values = _tally_values(words, self.pick, rules.stock, view.baskets, view.stocks, view.bought,
                               view.tricks_won if tricks else None)
        if values == _VALUES[0]:  # (unchanged: the same object as before, which a viewer's kept tallies read at once)
            values = _VALUES[0]
        _VALUES[0] = self.values = values
        self.status = _status(view, words)
        self.cotillon = _cotillon_line(words, view.cotillon_size) if dealt else None
        self.actor = view.actor if isinstance(view.actor, int) and view.actor >= 0 else None
        self.waiting = _waited(words, view)


PickedT = TypeVar("PickedT")


class _Picker:
    """What is said of each seat (its line, its name), in the order of play, from what is said by seat."""

    __slots__ = ("get", "single")

    def __init__(self, order: tuple[int, ...]) -> None:
        self.get, self.single = operator.itemgetter(*order), len(order) == 1

    def __call__(self, by_seat: Sequence[PickedT]) -> tuple[PickedT, ...]:
        picked: tuple[PickedT, ...] = (self.get(by_seat),) if self.single else self.get(by_seat)
        return picked


@lru_cache(maxsize=64)
def _pick(order: tuple[int, ...]) -> _Picker:
    """:class:`_Picker` of ``order`` (made once per order)."""
    return _Picker(order)


@lru_cache(maxsize=16)
def _labels(words: Words) -> tuple[str, str, str, str, str, str, str]:
    """The words every picture says in ``words``' language: its title, the labels of the cabaret contest, of what
    the viewer's hand is worth and of his discards, and of the tallies of tokens, tokens won or lost and tricks."""
    return (words("La Guinguette"), words("Cabaret contest"), words("Your hand is worth"),
            words("Your discards, face down"), words("Tokens"), words("Won or lost"), words("Tricks"))


_FRAMES: list[_Frame] = []
"""The frames worked out last, the latest first (the viewers of one position are painted one after the other)."""
_VALUES: list[tuple[Tally, tuple[str, ...], tuple[str, ...], tuple[str, ...] | None] | None] = [None]
"""The tallies' values of the last frame (kept as the same object while they are equal)."""
_FACTS: list[tuple[_SeatFact, ...] | None] = [None]
"""The seats' facts of the last frame (a seat's facts unchanged since are kept as the same object, which a viewer's
kept seat line is compared with at once)."""


def _frame(view: GuinguetteView, words: Words, *, shared: bool) -> _Frame:
    """The frame of ``view``'s position in ``words``' language: the one worked out for another viewer of that
    position when ``shared`` and there is one (its views hold the same public parts, :class:`academie.engine.Shared`),
    else worked out now."""
    at = view.stocks
    if shared:
        for frame in _FRAMES:
            if frame.at is at and frame.words is words:
                return frame
    frame = _Frame(view, words)
    if shared:
        _FRAMES[:] = [frame, *_FRAMES[:3]]
    return frame


def paint(view: GuinguetteView, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
    """The picture of ``view`` in ``words``' language, the seats called ``names``."""
    teller = _Teller(view, words, names)
    rules, me, names = view.rules, teller.me, teller.names
    kept = _kept(memo)
    frame = _frame(view, words, shared=kept is not None)
    over = view.phase is Phase.OVER
    story, log, before = _story(teller, kept)
    dealt, order = frame.dealt, frame.order
    seats = _seats(teller, frame, kept)
    title, contest, worth, discards = frame.labels[:4]
    tallies = _kept_tallies(kept, names, words, view.dealer, frame)
    hand, valued = _kept_hand(kept, view, words) if me is not None else ((), None)
    extra: list[tuple[str, str]] = []
    if frame.cotillon is not None:
        extra.append(frame.cotillon)
    if dealt and view.phase is Phase.BET:
        extra.append((contest, _contest(teller, frame)))
    if valued is not None and dealt:
        extra.append((worth, valued))
    table: tuple[tuple[str, tuple[str, ...]], ...] = ()
    if me is not None and view.my_discards and dealt:
        table = _kept_discards(kept, discards, view.my_discards)
    current = None
    if view.trick:
        current = TrickPicture(len(story.tricks) + 1, tuple((seat, str(card)) for seat, card in view.trick))
    last_trick = story.tricks[-1] if story.tricks else (before.tricks[-1] if before and before.tricks else None)
    result = ""
    if over:
        closing = (_deal_result(_Voice(words, rules), view.last_deal, order).to(me, names)
                   if view.last_deal is not None else "")
        result = " ".join(part for part in (closing, _game_result(teller)) if part)
    elif before is not None and not frame.begun:
        said = before.lines[-1][1]  # (the last deal's result: its showdown's last sentence)
        assert isinstance(said, _Line)
        result = said.to(me, names)
    moves = (_moves(teller, kept.hand[5] if kept is not None and kept.hand is not None else None)
             if me is not None and view.actor == me else ())
    waiting = frame.waiting if isinstance(frame.waiting, str) else frame.waiting.to(me, names)
    return _picture("guinguette", title, words.lang, me, frame.status, seats, hand, None, table, current, last_trick,
                    tallies, frame.actor, waiting, moves, log, _pending(teller), result, tuple(extra))


def _kept_tallies(kept: _Kept | None, names: tuple[str, ...], words: Words, dealer: int | None,
                  frame: _Frame) -> tuple[Tally, ...]:
    """A viewer's tallies (:func:`_tallies`), as ``kept`` kept them while their values, names and order are the same
    (a frame's values equal to the frame before's are the same object)."""
    tallies = kept.tallies if kept is not None else None
    if (tallies is not None and tallies[0] is frame.values and tallies[1] is words and tallies[2] == dealer
            and tallies[3] == names):
        return tallies[4]
    made = _tallies(names, frame)
    if kept is not None:
        kept.tallies = (frame.values, words, dealer, names, made)
    return made


def _kept_hand(kept: _Kept | None, view: GuinguetteView, words: Words) -> tuple[tuple[str, ...], str | None]:
    """The viewer's hand as shown, sorted (GU-§2.2), and what it is worth when it holds four cards (GU-§5.1c), as
    ``kept`` kept them while the hand is the same (a view's hand is the same object while it does not change)."""
    hand, rules = view.hand, view.rules
    shown = kept.hand if kept is not None else None
    if shown is not None and shown[0] is hand and shown[1] is words and shown[2] is rules:
        return shown[3], shown[4]
    ordered = sort_hand(hand)
    cards = tuple([_CARD_TEXT[card.index] for card in ordered])
    valued = _hand_value(words, hand, rules) if len(hand) == HAND_SIZE else None
    if kept is not None:
        kept.hand = (hand, words, rules, cards, valued, {card.index: place for place, card in enumerate(ordered)})
    return cards, valued


def _kept_discards(kept: _Kept | None, label: str, cards: tuple[Card, ...]) -> tuple[tuple[str, tuple[str, ...]]]:
    """The viewer's discards as the picture's table shows them, face down to the others (GU-§5.1a), sorted, as
    ``kept`` kept them while they and their label are the same (a view's discards are the same object while they
    do not change)."""
    shown = kept.discards if kept is not None else None
    if shown is not None and shown[0] is cards and shown[1] == label:
        return shown[2]
    table = ((label, tuple([_CARD_TEXT[card.index] for card in sort_hand(cards)])),)
    if kept is not None:
        kept.discards = (cards, label, table)
    return table


_NEW_PICTURE: Final = object.__new__
_picture: Final = write_picture


def _tallies(names: Sequence[str], frame: _Frame) -> tuple[Tally, ...]:
    """The tallies of a viewer: the values every viewer sees (:func:`_tally_values`, in the order of play) beside his
    names of the seats."""
    baskets, tokens, won, tricks = frame.values
    named = frame.pick(names)
    said, worth, taken = frame.labels[4:]
    tallies = (baskets, _tally(said, tuple(zip(named, tokens, strict=True))),
               _tally(worth, tuple(zip(named, won, strict=True))))
    return tallies if tricks is None else (*tallies, _tally(taken, tuple(zip(named, tricks, strict=True))))


_SET_LABEL: Final = Tally.__dict__["label"].__set__
_SET_ENTRIES: Final = Tally.__dict__["entries"].__set__


def _tally(label: str, entries: tuple[tuple[str, str], ...]) -> Tally:
    """A tally filled through its two slots (the frozen class's ``__init__`` sets them through
    ``object.__setattr__``: a viewer's tallies are made again after most actions)."""
    tally: Tally = _NEW_PICTURE(Tally)
    _SET_LABEL(tally, label)
    _SET_ENTRIES(tally, entries)
    return tally



def _tally_values(words: Words, pick: _Picker, stock: int, baskets: tuple[int, int, int], stocks: tuple[int, ...],
                  bought: tuple[int, ...], tricks_won: tuple[int, ...] | None
                  ) -> tuple[Tally, tuple[str, ...], tuple[str, ...], tuple[str, ...] | None]:
    """The baskets, and each seat's tokens, tokens won or lost and tricks (None out of the tricks) in words, in the
    order of play (``pick``): read by no name, so worked out once for all the viewers of a position (its frame)."""
    label, guinguette, cabaret, cotillon = _basket_labels(words)
    held = pick(stocks)
    won = (tuple([_signed(count - stock - paid) for count, paid in zip(held, pick(bought), strict=True)]) if bought
           else tuple([_signed(count - stock) for count in held]))
    return (_tally(label, ((guinguette, str(baskets[0])), (cabaret, str(baskets[1])), (cotillon, str(baskets[2])))),
            tuple(map(str, held)), won, tuple(map(str, pick(tricks_won))) if tricks_won is not None else None)


_SIGNED: Final = {number: signed(number) for number in range(-400, 401)}
"""Gains and losses as the screens write them (:func:`academie.picture.signed`), by number."""


def _signed(number: int) -> str:
    """:func:`academie.picture.signed`, read from :data:`_SIGNED` (every seat's figure at every position)."""
    said = _SIGNED.get(number)
    return said if said is not None else signed(number)


@lru_cache(maxsize=16)
def _basket_labels(words: Words) -> tuple[str, str, str, str]:
    return words("Baskets"), words("Guinguette"), words("Cabaret"), words("Cotillon")


@lru_cache(maxsize=1024)
def _said(words: Words, message: str, /) -> str:
    """A message without arguments in ``words``' language (made once per language: every picture says some)."""
    return words(message)


@lru_cache(maxsize=64)
def _order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order of play, the eldest hand first (made once per dealer and table size)."""
    return tuple((dealer + 1 + p) % players for p in range(players))


@lru_cache(maxsize=256)
def _cotillon_line(words: Words, count: int) -> tuple[str, str]:
    """The cotillon's line of the picture's extras: how many cards it holds, face down (once per language and count)."""
    return words("Cotillon (the talon)"), words("{count} cards face down", count=count)


def _seats(teller: _Teller, frame: _Frame, kept: _Kept | None) -> tuple[SeatPicture, ...]:
    """The seats' lines in the order of play. What each line reads of the view is worked out once for every viewer
    of a position (:class:`_Frame`); a viewer's memo keeps his lines, and a line is made again only when its seat's
    facts changed (an action changes one seat or two; the facts of a seat unchanged are the same object, and the
    frame says which seats changed since the frame before)."""
    words, names, me, facts = teller.words, teller.names, teller.me, frame.facts
    key = (names, me, words, frame.order)
    seats = kept.seats if kept is not None else None
    if seats is not None and seats[0] == key:
        old_facts, old_lines = seats[1], seats[2]
        if old_facts is facts:
            return seats[3]
        if old_facts is frame.previous:
            by_seat, lines = old_lines.copy(), frame.lines
            for seat in frame.changed:  # (each line made once for the position's viewers who see it alike)
                name, mine = names[seat], seat == me
                line = lines.get((seat, name, mine))
                if line is None:
                    line = lines[seat, name, mine] = _seat_line(words, name, seat, mine, facts[seat])
                by_seat[seat] = line
        else:
            by_seat = [old_lines[seat] if old_facts[seat] is fact or old_facts[seat] == fact else
                       _seat_line(words, names[seat], seat, seat == me, fact) for seat, fact in enumerate(facts)]
    else:
        by_seat = [_seat_line(words, names[seat], seat, seat == me, fact) for seat, fact in enumerate(facts)]
    ordered = frame.pick(by_seat)
    if kept is not None:
        kept.seats = (key, facts, by_seat, ordered)
    return ordered


_SeatFact = tuple[bool, bool, bool, int, int, bool, bool, bool, tuple[Card, ...], int, str | None]
"""What a seat's line reads of the view: dealer, eldest hand, dealt, stirs, stake in the cabaret, folded, all in,
passed, its cards shown, the cards it holds, and the law that barred it (GU6, GU8) or None."""


def _seat_facts(rules: GuinguetteRules, phase: Phase, dealer: int | None, dealt: bool, opened: bool,
                stirs: tuple[int, ...], contributions: tuple[int, ...], folded: tuple[bool, ...],
                all_in: tuple[bool, ...], acted: tuple[bool, ...], shown: tuple[tuple[Card, ...], ...],
                hand_sizes: tuple[int, ...]) -> tuple[_SeatFact, ...]:
    """Each seat's :data:`_SeatFact` (none barred): read by no viewer's datum, so worked out once for every viewer
    of a position (its frame)."""
    dealing = dealer is not None and phase is not Phase.OVER
    eldest = (dealer + 1) % rules.players if dealer is not None else -1
    if not dealt:
        return tuple([(dealing and seat == dealer, dealing and seat == eldest, False, 0, 0, False, False, False, (), 0,
                       None) for seat in range(rules.players)])
    betting = phase is Phase.BET and not opened  # (who spoke then passed)
    return tuple([(dealing and seat == dealer, dealing and seat == eldest, True, stirred, put, out, all_of_it,
                   betting and spoke, cards, held, None)
                  for seat, (stirred, put, out, all_of_it, spoke, cards, held)
                  in enumerate(zip(stirs, contributions, folded, all_in, acted, shown, hand_sizes, strict=True))])


@lru_cache(maxsize=4096)
def _seat_line(words: Words, name: str, seat: int, me: bool, fact: _SeatFact) -> SeatPicture:
    """A seat's line from everything it reads: the same for every viewer who sees the seat alike and after every
    action that leaves the seat as it was, so it is made once for them all (a bounded cache shared by every table;
    its arguments are all it reads, so what it returns is what it would make)."""
    dealer, eldest, dealt, stirs, contribution, folded, all_in, passed, shown, held, barred = fact
    roles = []
    if dealer:
        roles.append(words("dealer"))
    if eldest:
        roles.append(words("eldest hand"))
    notes = []
    if stirs == 1:
        notes.append(words("stirred once"))
    elif stirs == 2:
        notes.append(words("stirred twice"))
    elif stirs:
        notes.append(words("stirred {count} times", count=stirs))
    if contribution:
        notes.append(words("{tokens} in the cabaret", tokens=_tokens(words, contribution)))
    if folded:
        notes.append(words("folded"))
    elif all_in:
        notes.append(words("gone all in"))
    elif passed:
        notes.append(words("passed"))
    if barred is not None:
        notes.append(words("may win no basket (GU6)") if barred == "GU6" else
                     words("lost the right to the cabaret (GU8)"))
    shown = tuple(sort_hand(shown)) if dealt else ()
    if me and shown:
        notes.append(words("face up: {cards}", cards=" ".join(words.card(card) for card in shown)))
        shown = ()
    return SeatPicture(seat, name, tuple(roles), held, tuple(str(card) for card in shown), tuple(notes))


def _barred(view: GuinguetteView) -> dict[int, str]:
    """The seats a ruling barred this deal: GU6 (no basket), GU8 (no cabaret)."""
    barred: dict[int, str] = {}
    offender = -1
    for _, action in view.history:
        if isinstance(action, Irregular):
            offender = action.seat
        elif isinstance(action, Remedy) and action.name in ("disqualify", "forfeit") and offender >= 0:
            barred[offender] = action.law
    return barred


def _contest(teller: _Teller, frame: _Frame) -> str:
    """The cabaret contest as the viewer sees it (:func:`_contest_said`), found in the frame by his stake when a
    viewer of the position with the same stake was told it."""
    view, me = teller.view, teller.me
    mine = view.contributions[me] if me is not None and not view.folded[me] else None
    said = frame.contests.get(mine)
    if said is None:
        said = frame.contests[mine] = _contest_said(teller.words, view.opened, view.high, mine)
    return said


@lru_cache(maxsize=1024)
def _contest_said(words: Words, opened: bool, high: int, mine: int | None) -> str:
    """The cabaret contest as a viewer sees it, from all it reads: whether it is open, the highest stake, and the
    viewer's stake (None for a spectator or a seat that folded); made once for every viewer and position alike."""
    if not opened:
        return words("nobody has bet yet: pass, or open with 1, 2 or 4 tokens")
    if mine is not None:
        return words("the highest stake is {high}; you have put in {mine}, {need} more to hold", high=high,
                     mine=mine, need=max(high - mine, 0))
    return words("the highest stake is {high}", high=high)


def _status(view: GuinguetteView, words: Words) -> str:
    return _status_said(words, view.phase, view.deal + 1, view.rules.deals, view.stir_round,
                        min(sum(view.tricks_won) + 1, HAND_SIZE) if view.phase is Phase.TRICKS else 0)


@lru_cache(maxsize=1024)
def _status_said(words: Words, phase: Phase, number: int, deals: int, stir_round: int, trick: int) -> str:
    """The status line from all it reads (made once for every viewer and position alike)."""
    if phase is Phase.OVER:
        return words("The game is over")
    if phase is Phase.DRAW:
        return words("Drawing for the deal (GU-§2.4)")
    if phase is Phase.STIR or phase is Phase.RESHUFFLE:
        return words("Deal {number} of {deals} · the cotillon, round {round}", number=number, deals=deals,
                     round=stir_round)
    if phase is Phase.BET:
        return words("Deal {number} of {deals} · the vying on the cabaret", number=number, deals=deals)
    if phase is Phase.TRICKS:
        return words("Deal {number} of {deals} · trick {trick} of 4", number=number, deals=deals,
                     trick=trick)
    return words("Deal {number} of {deals}", number=number, deals=deals)


def _waited(words: Words, view: GuinguetteView) -> str | _Line:
    """:func:`_waiting`, made once per language and everything it reads (a bounded cache shared by every table): the
    same :class:`_Line` for every position that waits for the same seat's same move, which keeps what it told each
    viewer (a new one at every position told every viewer anew)."""
    pending = view.pending
    key = (view.phase, view.actor, pending.chooser if pending is not None else -1,
           pending.law if pending is not None else None)
    table = _waits(words)
    said = table.get(key)
    if said is None:
        if len(table) >= 1024:
            table.clear()
        said = table[key] = _waiting(_Voice(words, view.rules), view)
    return said


@lru_cache(maxsize=16)
def _waits(words: Words) -> dict[tuple[Phase, int | None, int | None, str | None], str | _Line]:
    """What is waited for, by what it reads (:func:`_waited`), in ``words``' language."""
    return {}


def _waiting(voice: _Voice, view: GuinguetteView) -> str | _Line:
    """What is waited for, in words (a :class:`_Line` when it names a seat: said to each viewer by his names)."""
    words = voice.words
    if view.phase is Phase.OVER or view.actor is None:
        return words("The game is over")
    if view.pending is not None:
        chooser = view.pending.chooser
        if chooser is None:
            return words("The table rules under {law}", law=view.pending.law)
        return voice.say(chooser, w("Your choice of remedy under {law}"), w("{name} chooses the remedy under {law}"),
                         law=view.pending.law)
    actor = view.actor
    if actor == CHANCE:
        if view.phase is Phase.DRAW:
            return words("The players draw for the deal")
        if view.phase is Phase.RESHUFFLE:
            return words("The cotillon is shuffled and cut")
        return words("The dealer shuffles and deals")
    if actor == TABLE or actor < 0:
        return words("The table rules")
    if view.phase is Phase.STIR:
        return voice.say(actor, w("Your turn to keep or stir"), w("{name} to keep or stir"))
    if view.phase is Phase.BET:
        return voice.say(actor, w("Your turn to speak on the cabaret"), w("{name} to speak on the cabaret"))
    return voice.say(actor, w("Your turn to play"), w("{name} to play"))


def _game_result(teller: _Teller) -> str:
    """The end of the partie: each player's tokens won or lost, and who won most (GU-§5.5)."""
    view, words = teller.view, teller.words
    players = view.rules.players
    bought = view.bought or (0,) * players
    won = [view.stocks[seat] - view.rules.stock - bought[seat] for seat in range(players)]
    best = max(won)
    leaders = [seat for seat in range(players) if won[seat] == best]
    results = ", ".join(f"{teller.obj(seat)} {signed(won[seat])}" for seat in range(players))
    if len(leaders) == 1:
        (leader,) = leaders
        head = teller.say(leader, w("The game is over: you win the most, {tokens}."),
                          w("The game is over: {name} wins the most, {tokens}."), tokens=signed(best))
    else:
        head = words("The game is over: {names} tie for the most, {tokens}.",
                     names=_and(words, [teller.obj(seat) for seat in leaders]), tokens=signed(best))
    return head + " " + words("Tokens won or lost over the partie: {results}.", results=results)


# ------------------------------------------------------------------------------------------------ moves
_CARD_MOVES: Final = frozenset((Stir, Restir, PlayCard))
"""The kinds of move that name a card of the hand (shown in the order of the hand)."""


def _moves(teller: _Teller, place: dict[int, int] | None = None) -> tuple[MovePicture, ...]:
    """The viewer's legal moves, the cards in the order of the hand shown (``place``: each card's place in it, by
    index, when the caller has it)."""
    view, words = teller.view, teller.words
    me = teller.me if teller.me is not None else 0
    legal = view.legal_actions
    if place is None:
        place = {card.index: number for number, card in enumerate(sort_hand(view.hand))}  # (no card hashed)
    ordered: list[Action] = []
    cards: list[Action] = []
    first = -1
    for action in legal:  # (the moves that name no card, those that do in the place of the first of them)
        if type(action) in _CARD_MOVES:
            first = len(ordered) if first < 0 else first
            cards.append(action)
        else:
            ordered.append(action)
    if cards:
        last = len(place)
        cards.sort(key=lambda action: place.get(action.card.index, last))  # type: ignore[attr-defined]
        ordered[first:first] = cards
    high, put, stock = view.high, view.contributions[me], view.stocks[me]
    restir_cost, trick = view.rules.restir_cost, bool(view.trick)
    made = _moves_made(words)
    moves = []
    for action in ordered:  # (each move with what its label reads alone: one label for many positions)
        kind = type(action)
        if kind is Restir:
            reads = (restir_cost, 0, 0, 0, False)
        elif kind is Hold or kind is Raise:
            reads = (0, high, put, 0, False)
        elif kind is Fold:
            reads = (0, 0, put, 0, False)
        elif kind is AllIn:
            reads = (0, 0, 0, stock, False)
        elif kind is PlayCard:
            reads = (0, 0, 0, 0, trick)
        else:
            reads = _READS_NOTHING
        key = (kind, _argument(action), reads)
        move = made.get(key)
        if move is None:
            if len(made) >= 4096:
                made.clear()
            move = made[key] = _move(words, action, *reads)
        moves.append(move)
    return tuple(moves)


@lru_cache(maxsize=16)
def _moves_made(words: Words) -> dict[tuple[type, object, tuple[int, int, int, int, bool]], MovePicture]:
    """The moves made in ``words``' language, by the kind of action, its card's index or amount, and what the label
    reads (:func:`_move`): found without hashing an action (a dataclass's hash is a call of Python)."""
    return {}


_READS_NOTHING: Final = (0, 0, 0, 0, False)
"""What the label of a move that reads nothing of the view reads (:func:`_moves`)."""


def _argument(action: Action) -> object:
    """What tells an action from the others of its kind: its card's index, its amount, nothing (0) for a word that
    has no argument, the action itself for any other (a remedy: its law and name)."""
    if isinstance(action, (Stir, Restir, PlayCard)):
        return action.card.index
    if isinstance(action, (Bet, Raise)):
        return action.amount
    if isinstance(action, (Keep, Pass, Hold, Fold, AllIn)):
        return 0
    return action


def _move(words: Words, action: Action, restir_cost: int, high: int, put: int, stock: int,
          trick: bool) -> MovePicture:
    """A move and its label, from everything the label reads: the cost of a stir again, the highest stake, the
    viewer's stake and stock, whether a trick is begun (:func:`_moves` gives each kind of move only what it reads,
    so that one label is made once for every viewer and position offered the same; a bounded cache)."""
    need = max(high - put, 0)
    text = str(action)
    if isinstance(action, Keep):
        return MovePicture(text, words("keep your cards (« je m'y tiens »)"))
    if isinstance(action, Stir):
        return MovePicture(text, words("stir: discard {card}, pay {tokens} (« je remue le cotillon »)",
                                       card=words.card(action.card), tokens=_tokens(words, STIR_COST)),
                           str(action.card))
    if isinstance(action, Restir):
        return MovePicture(text, words("stir again: discard {card}, pay {tokens} (« je renvie le cotillon »)",
                                       card=words.card(action.card), tokens=_tokens(words, restir_cost)),
                           str(action.card))
    if isinstance(action, Pass):
        return MovePicture(text, words("pass (« passe »): no bet for now, you may still come in"))
    if isinstance(action, Bet):
        return MovePicture(text, words("bet {measure}: {tokens} into the cabaret",
                                       measure=_measure(words, action.amount), tokens=_tokens(words, action.amount)))
    if isinstance(action, Hold):
        return MovePicture(text, words("hold (« tiens »): put in {tokens}, to {total} in all",
                                       tokens=_tokens(words, need), total=high))
    if isinstance(action, Raise):
        return MovePicture(text, words("raise {measure} (« renvi »): put in {tokens}, to {total} in all",
                                       measure=_measure(words, action.amount),
                                       tokens=_tokens(words, need + action.amount),
                                       total=high + action.amount))
    if isinstance(action, Fold):
        if put:
            return MovePicture(text, words("fold (« quitte »): leave the cabaret, your {tokens} stay in it",
                                           tokens=_tokens(words, put)))
        return MovePicture(text, words("fold (« quitte »): leave the cabaret contest"))
    if isinstance(action, AllIn):
        return MovePicture(text, words("all in: your last {tokens} into the cabaret (side pots, GU-§5.4d)",
                                       tokens=_tokens(words, stock)))
    if isinstance(action, PlayCard):
        label = (words("lead {card}", card=words.card(action.card)) if not trick else
                 words("play {card}", card=words.card(action.card)))
        return MovePicture(text, label, str(action.card))
    if isinstance(action, Remedy):
        return MovePicture(text, words("{remedy} ({law})", remedy=_remedy(words, action.law, action.name),
                                       law=action.law))
    return MovePicture(text, text)


def _pending(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    pending = view.pending
    if pending is None:
        return ""
    act = next((action for _, action in reversed(view.history) if isinstance(action, Irregular)), None)
    what = _act_sentence(teller, act) if act is not None else pending.law
    remedies = _or(words, [teller.remedy(pending.law, name) for name in pending.remedies])
    if pending.chooser is None:
        return words("{act} The table rules: {ruling}.", act=what, ruling=remedies)
    if pending.chooser == teller.me:
        return words("{act} You choose ({law}): {remedies}.", act=what, law=pending.law, remedies=remedies)
    return words("{act} {name} chooses for the other players ({law}): {remedies}.", act=what,
                 name=teller.names[pending.chooser], law=pending.law, remedies=remedies)


# ------------------------------------------------------------------------------------------------ refusals
def why_not(view: GuinguetteView, action_text: str, reason: str, /, *, words: Words) -> str:
    """Why the viewer may not take ``action_text`` now, citing the rule that forbids it (the engine's ``reason``
    otherwise), and what is allowed instead."""
    teller = _Teller(view, words, default_names(view, words=words))
    me = teller.me
    if view.phase is Phase.OVER or view.actor is None:
        return words("The game is over: no move is possible.")
    text = action_text.strip()
    parts = text.split()
    allowed = _allowed(teller)
    if parts and parts[0] == "!":
        if view.rules.mode is not Mode.TABLE:
            return words("Irregular acts happen only in table mode (rules option mode=table).") + allowed
        return words("That irregular act is not possible now: {reason}.", reason=reason) + allowed
    if view.pending is not None:
        if parts and parts[0].lower() == "remedy":
            return words("That remedy is not one the law offers: {reason}.", reason=reason) + allowed
        return words("A ruling under {law} is waiting: its remedy comes first.", law=view.pending.law) + allowed
    actor = view.actor
    if me is None or actor != me:
        if isinstance(actor, int) and actor >= 0:
            if view.phase is Phase.STIR:
                return words("It is not your turn: {name} is to keep or stir (GU-§5.3a).", name=teller.names[actor])
            if view.phase is Phase.BET:
                return words("It is not your turn: {name} is to speak on the cabaret (GU-§5.3b).",
                             name=teller.names[actor])
            return words("It is not your turn: {name} is to play (GU-§5.6).", name=teller.names[actor])
        return words("It is not your turn: the cards or the cotillon are being shuffled.")
    verb = parts[0].lower() if parts else ""
    refusal = _refusal(teller, verb, parts[1:], reason)
    return refusal + allowed


def _refusal(teller: _Teller, verb: str, args: Sequence[str], reason: str) -> str:
    view, words, rules = teller.view, teller.words, teller.view.rules
    me = teller.me if teller.me is not None else 0
    phase, stock = view.phase, view.stocks[me]
    need = max(view.high - view.contributions[me], 0)
    card = _card_of(args) if args else None
    if verb in ("stir", "restir", "keep"):
        if phase is not Phase.STIR:
            return words("The cotillon rounds are over: no more stirring or keeping this deal (GU-§5.2).")
        if verb == "keep":
            return words("Not allowed now: {reason}.", reason=reason)
        if card is not None and card not in view.hand:
            return words("You do not hold {card}.", card=teller.card(card))
        again = view.stir_round > 1
        if verb == "stir" and again:
            return words("This is the renvi round: stir again with restir CARD (« je renvie le cotillon », "
                         "GU-§5.1b).")
        if verb == "restir" and not again:
            return words("This is the first round: stir with stir CARD; restir is for the renvi round (GU-§5.3a).")
        cost = rules.restir_cost if again else STIR_COST
        if stock < cost:
            return words("A stir costs {tokens} and you have {stock}: you can only keep your cards (GU-§5.1a, "
                         "GU-§5.3a).", tokens=teller.tokens(cost), stock=stock)
        if not rules.discard_mixed and view.cotillon_size == 0:
            return words("The cotillon is empty: nobody can stir (GU-§5.1e).")
        return words("Not allowed now: {reason}.", reason=reason)
    if verb in ("pass", "bet", "hold", "raise", "fold", "all-in"):
        if phase is not Phase.BET:
            if phase is Phase.STIR:
                return words("The vying on the cabaret comes after the cotillon rounds: keep or stir first "
                             "(GU-§5.2).")
            return words("The vying on the cabaret is over (GU-§5.2).")
        amount = int(args[0]) if args and args[0].isdigit() else 0
        if not view.opened:
            if verb in ("hold", "raise", "fold", "all-in"):
                return words("Nobody has bet yet: pass, or open the cabaret with bet 1, 2 or 4 (GU-§5.3b).")
            if amount not in MEASURES:
                return words("The measures are 1 (demi-septier), 2 (chopine) and 4 (pinte) (GU-§3.1).")
            return words("You have {stock} tokens: you cannot bet {amount} (GU-§5.3b).", stock=stock, amount=amount)
        if verb in ("pass", "bet"):
            return words("The cabaret is open, the highest stake {high}: hold, raise or fold (GU-§5.3b).",
                         high=view.high)
        if verb == "all-in":
            return words("You can hold ({tokens}): all in is only for a player short of holding (GU-§5.3b).",
                         tokens=teller.tokens(need))
        if stock < need:
            return words("Holding costs {tokens} and you have {stock}: go all in or fold (GU-§5.3b, GU-§5.4d).",
                         tokens=teller.tokens(need), stock=stock)
        if verb == "raise":
            return _raise_refused(teller, amount, need, stock)
        return words("Not allowed now: {reason}.", reason=reason)
    if verb == "play":
        if not rules.trick_phase:
            return words("No tricks are played in this game: the four-trick phase is an option (GU-§5.6).")
        if phase is not Phase.TRICKS:
            return words("The tricks come after the vying on the cabaret (GU-§5.6).")
        if card is None:
            return words("Not allowed now: {reason}.", reason=reason)
        if card not in view.hand:
            return words("You do not hold {card}.", card=teller.card(card))
        if view.trick:
            led = view.trick[0][1].suit
            if card.suit != led and any(held.suit == led for held in view.hand):
                return words("You must follow suit: {suit} was led (GU-§5.6).", suit=led.symbol)
        return words("Not allowed now: {reason}.", reason=reason)
    if verb == "remedy":
        return words("No ruling is waiting for a remedy.")
    return words("Not allowed now: {reason}.", reason=reason)


def _raise_refused(teller: _Teller, amount: int, need: int, stock: int) -> str:
    view, words, rules = teller.view, teller.words, teller.view.rules
    if amount not in MEASURES:
        return words("The measures are 1 (demi-septier), 2 (chopine) and 4 (pinte) (GU-§3.1).")
    if rules.max_raises and view.raises >= rules.max_raises:
        return words("No more raises this deal: the limit is {count} (GU-§5.3b).", count=rules.max_raises)
    if rules.betting == "ladder" and amount <= view.last_measure:
        return words("Each raise must step up a measure: more than {last} (GU-§5.3b, the ladder).",
                     last=view.last_measure)
    largest = max((m for m in MEASURES if need + m <= stock), default=0)
    if largest:
        return words("Raising {amount} costs {tokens} ({need} to hold and {amount} more) and you have {stock}: "
                     "the most you may raise is {largest} (GU-§5.3b).", amount=amount,
                     tokens=teller.tokens(need + amount), need=need, stock=stock, largest=largest)
    return words("Raising {amount} costs {tokens} ({need} to hold and {amount} more) and you have {stock}: you "
                 "cannot raise, only hold or fold (GU-§5.3b).", amount=amount, tokens=teller.tokens(need + amount),
                 need=need, stock=stock)


def _allowed(teller: _Teller) -> str:
    """What the viewer may do instead (nothing when it is not his turn)."""
    view, words = teller.view, teller.words
    if teller.me is None or view.actor != teller.me or not view.legal_actions:
        return ""
    return " " + words("Allowed: {moves}.", moves=_series(words, [move.label for move in _moves(teller)]))


# ------------------------------------------------------------------------------------------------ shorthand
_SAYINGS: Final = {
    "je m'y tiens": "keep", "m'y tiens": "keep", "garde": "keep", "je garde": "keep",
    "passe": "pass", "je passe": "pass", "tiens": "hold", "je tiens": "hold", "quitte": "fold", "je quitte": "fold",
    "tapis": "all-in", "all in": "all-in", "va-tout": "all-in", "allin": "all-in",
}
"""The players' words for the moves that take no card (« je m'y tiens », « passe », « tiens », « quitte »)."""
_VERBS: Final = {"remue": "stir", "je remue": "stir", "renvie": "restir", "je renvie": "restir",
                 "joue": "play", "je joue": "play", "jouer": "play", "mise": "bet", "je mise": "bet",
                 "renvi": "raise", "relance": "raise"}
_MEASURE_WORDS: Final = {"demi-septier": 1, "chopine": 2, "pinte": 4}


def shorthand(view: GuinguetteView, text: str, /) -> str:
    """What a player's shorthand means: a card alone (``KC``, ``10h``, ``R♣``) stirs it in a cotillon round (or
    re-stirs it in the renvi round) and plays it in a trick; the book's words (« je m'y tiens », « passe »,
    « tiens », « quitte », « je remue KC », « je renvie KC », « chopine », « renvi pinte ») stand for their move;
    other text is left as it is.

    >>> from academie.games.guinguette.state import GuinguetteState
    >>> view = GuinguetteState.new(seed=3, first_dealer=0).view(1)
    >>> shorthand(view, str(view.hand[0]).lower()) == f"stir {view.hand[0]}", shorthand(view, "je m'y tiens")
    (True, 'keep')
    """
    stripped = " ".join(text.strip().split())
    lowered = stripped.lower()
    legal = view.legal_actions
    if lowered in _SAYINGS:
        return _SAYINGS[lowered]
    if lowered in _MEASURE_WORDS:
        amount = _MEASURE_WORDS[lowered]
        return f"{'raise' if view.opened else 'bet'} {amount}"
    for saying, verb in sorted(_VERBS.items(), key=lambda item: -len(item[0])):
        if lowered.startswith(saying + " "):
            rest = stripped[len(saying) + 1:]
            if verb in ("bet", "raise") and rest.lower() in _MEASURE_WORDS:
                rest = str(_MEASURE_WORDS[rest.lower()])
            return f"{verb} {rest}"
    if " " in stripped:
        verb, _, rest = stripped.partition(" ")
        if verb.lower() in ("bet", "raise") and rest.lower() in _MEASURE_WORDS:
            return f"{verb.lower()} {_MEASURE_WORDS[rest.lower()]}"
        return text
    try:
        card = Card.parse(stripped)
    except ValueError:
        return text
    if any(isinstance(action, PlayCard) for action in legal):
        return f"play {card}"
    if any(isinstance(action, Restir) for action in legal):
        return f"restir {card}"
    if any(isinstance(action, Stir) for action in legal):
        return f"stir {card}"
    return text


# ------------------------------------------------------------------------------------------------ table mode
def act_label(view: GuinguetteView, act: str, /, *, words: Words) -> str:
    """An irregular act (``! show-draw 0 KC``) in one line of words, with its law's ID (table mode, rule file §7)."""
    parts = act.split()
    if len(parts) < 3 or parts[0] != "!":
        return act
    kind, args = parts[1], parts[3:]
    summary = ACT_SUMMARIES.get(kind)
    law = next((entry.law for entry in ACTS if entry.kind == kind), "")
    if summary is None or not law:
        return act
    teller = _Teller(view, words, default_names(view, words=words))
    try:
        seat = int(parts[2])
    except ValueError:
        seat = -1
    who = teller.names[seat] if 0 <= seat < view.rules.players else parts[2]
    card = _card_of(args) if kind in ("show-draw", "exposed", "unpaid-stir") else None
    if card is not None:
        detail = words.card(card)
    elif kind == "out-of-turn" and args:
        detail = _act_words(words, args)
    elif kind == "false-claim" and tuple(args) in (("queen",), ("tierce",)):
        summary = (w("claim the queen of diamonds without holding it") if args[0] == "queen" else
                   w("claim a tierce without holding one"))
        detail = ""
    else:
        detail = " ".join(args)
    penalty = words(ACT_PENALTIES[law]) if law in ACT_PENALTIES else ""
    if detail:
        return words("{who}: {summary}, {detail} ({law}: {penalty})", who=who, summary=words(summary),
                     detail=detail, law=law, penalty=penalty)
    return words("{who}: {summary} ({law}: {penalty})", who=who, summary=words(summary), law=law, penalty=penalty)


__all__ = ["act_label", "default_names", "paint", "shorthand", "sort_hand", "why_not"]
