"""The table picture: one game-neutral description of what a seat (or a spectator) sees, built from its view only.

Every screen draws it: the terminal (:func:`draw_text`), replays, and the card room, which sends it to browsers as
JSON (:meth:`Picture.as_json`). Each game paints its own picture from a view, in its package's ``picture.py``
(``paint(view, *, words, names) -> Picture``, reached through the game's registration); nothing in a picture
can come from the full state, because a painter is given nothing else.

Cards are written in the picture as their text (``"KH"``, ``"TD"``), the form the engine reads, and shown to a
person through :meth:`academie.words.Words.card` (``K♥``, ``10♦``; ``R♥`` in French); every other word in a
picture is already in the picture's language.

>>> from academie.words import Words
>>> picture = Picture(game="ecarte", title="Écarté", lang="en", viewer=0, status="Deal 1",
...                   seats=(SeatPicture(0, "You", ("dealer",), 5), SeatPicture(1, "The bot", (), 5)),
...                   hand=("KH", "7S"), to_act=0, waiting_for="Your move",
...                   moves=(MovePicture("play KH", "play K♥", "KH"),))
>>> picture.as_json()["moves"]
[{'action': 'play KH', 'label': 'play K♥', 'card': 'KH'}]
>>> print("\\n".join(draw_text(picture, Words("en"), menu=False)))
── Écarté · Deal 1
   You (dealer)
   The bot · 5 cards
   Your hand: K♥ 7♠
"""

from __future__ import annotations

import dataclasses
import operator
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol, TypeVar

from academie.cards import Card
from academie.engine import JSON, View, written_maker
from academie.words import Words

WIDTH = 80
"""The width the terminal drawing fits in."""


@dataclass(frozen=True, slots=True)
class SeatPicture:
    """One seat at the table, as the viewer sees it."""

    seat: int
    name: str
    """How the viewer calls it: "You", "Your partner", "The bot", "North", a player's name."""
    roles: tuple[str, ...] = ()
    """In words: "dealer", "eldest hand", "partner", "cutter"."""
    cards: int = 0
    """How many cards it holds (the viewer sees the count, not the cards)."""
    shown: tuple[str, ...] = ()
    """Its cards lying face up (exposed, declared, its up cards), as card texts."""
    notes: tuple[str, ...] = ()
    """In words: "folded", "stands", "retired", "bust"..."""


@dataclass(frozen=True, slots=True)
class TrickPicture:
    """A trick: who played what, in order, and who won it (None while it is being played)."""

    number: int
    plays: tuple[tuple[int, str], ...]
    """(seat, card text), in the order played."""
    winner: int | None = None
    why: str = ""
    """In words, why the winner won ("highest trump", "highest ♠"), once it is won."""


@dataclass(frozen=True, slots=True)
class Tally:
    """A line of numbers the players watch: the score, the games, the boxes, the pot, the caves, the baskets."""

    label: str
    entries: tuple[tuple[str, str], ...]
    """(who or what, value), in words."""


@dataclass(frozen=True, slots=True)
class MovePicture:
    """One legal move of the viewer: the text the engine reads, and a short label in words."""

    action: str
    label: str
    card: str | None = None
    """The card the move plays or names, when it is about one card (the card room makes it clickable)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """What one viewer sees of the table now. Plain data: every field is text, numbers or tuples of them."""

    game: str
    title: str
    lang: str
    viewer: int | None
    """The seat that sees, or None for a spectator (the public view)."""
    status: str
    """One line: the deal, who deals, the contract or trumps, what is going on."""
    seats: tuple[SeatPicture, ...]
    hand: tuple[str, ...] = ()
    """The viewer's own cards, sorted the game's way."""
    trump: str | None = None
    """The trump suit and how it was made, in words ("♣ clubs, the turn-up Q♣"), or None."""
    table: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Other cards lying on the table, with what they are: ("Turn-up", ("QC",)), ("Burnt", (...))."""
    trick: TrickPicture | None = None
    last_trick: TrickPicture | None = None
    tallies: tuple[Tally, ...] = ()
    to_act: int | None = None
    """The seat whose turn it is (None: nobody, chance or the table)."""
    waiting_for: str = ""
    """In words: "Your move", "East to play", "The game is over"."""
    moves: tuple[MovePicture, ...] = ()
    """The viewer's legal moves (empty when it is not the viewer's turn)."""
    log: tuple[str, ...] = ()
    """The deal so far, in sentences."""
    pending: str = ""
    """A ruling waiting for its remedy, in words with its law's ID ("" when none)."""
    result: str = ""
    """When the deal or the game is over: its result in words, with why."""
    extra: tuple[tuple[str, str], ...] = field(default=())
    """Anything else a game shows, as (label, value) in words."""

    def as_json(self) -> dict[str, JSON]:
        """The picture as plain JSON data (what the card room sends to a browser)."""
        return {name: _plain(value) for name, value in dataclasses.asdict(self).items()}



write_picture: Final[Callable[..., Picture]] = written_maker(Picture)
"""A :class:`Picture` of its fields' values given in their order, each set through its slot (the painters that make
one for every viewer after every action use it: :func:`academie.engine.written_maker`)."""

def _plain(value: object) -> JSON:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, str | int | float):
        return value
    raise TypeError(f"a picture holds plain data only (text, numbers, tuples of them), not {value!r}")


@dataclass(eq=False, slots=True)
class Memo:
    """What a painter keeps from one painting of a viewer's picture to the next (the log of the deal told so far),
    so that the next painting tells only what the actions since then changed.

    Whoever paints the same viewer again and again, as the game goes on, holds one (the card room: one per table,
    seat and language) and gives it back to the painter each time; what is kept in it is the painter's own. The
    painter checks that what it kept still describes the view it is given (the same deal, the same names, the
    actions told still the first of the view's), and paints from the view alone when not: the picture is the
    same with a memo, with a stale one or without (the picture tests compare them over random games)."""

    kept: object = None
    said: dict[int, tuple[object, tuple[str, ...]]] = field(default_factory=dict)
    """Sentences told, by their place in the log, each with the key of everything it was told from."""
    scope: object = None
    """What every sentence of :attr:`said` read beside its own key (the names, the language, the deal, ...)."""
    parts: dict[str, tuple[object, object]] = field(default_factory=dict)
    """Parts of the last picture (its seats, its tallies, its status...), by name, each with the key of everything
    it was made from (:func:`part`)."""

    def within(self, scope: object) -> None:
        """Forget the sentences told when ``scope`` differs from theirs."""
        if scope != self.scope:
            self.said.clear()
            self.scope = scope

    def told(self, place: int, key: object, tell: Callable[[], Iterable[str]]) -> tuple[str, ...]:
        """The sentences at ``place`` as told before with the same ``key`` (everything they read beside the scope
        of :meth:`within`), else ``tell()`` now, kept for the next picture."""
        kept = self.said.get(place)
        if kept is not None and kept[0] == key:
            return kept[1]
        lines = tuple(tell())
        self.said[place] = (key, lines)
        return lines


PartT = TypeVar("PartT")


def part(memo: Memo | None, name: str, key: object, make: Callable[[], PartT]) -> PartT:
    """The part ``name`` of a viewer's picture as ``memo`` kept it when it was made from an equal ``key`` (everything
    ``make`` reads: the view's fields it reads, the names, the words), else ``make()`` now, kept for the next
    picture. Most actions change a few parts of a picture; the others are made again only when what they are made
    from changed.

    >>> memo, made = Memo(), []
    >>> part(memo, "score", (3, 1), lambda: made.append(1) or "3 to 1")
    '3 to 1'
    >>> part(memo, "score", (3, 1), lambda: made.append(2) or "?"), part(memo, "score", (4, 1), lambda: "4 to 1")
    ('3 to 1', '4 to 1')
    >>> made
    [1]
    """
    if memo is None:
        return make()
    kept = memo.parts.get(name)
    if kept is not None and kept[0] == key:
        return kept[1]  # type: ignore[return-value]  # kept by this function for this name: made by a make of it
    value = make()
    memo.parts[name] = (key, value)
    return value


def same_for_all(make: Callable[..., PartT]) -> Callable[..., PartT]:
    """``make`` remembering its last arguments and what it made of them, given again while the same arguments (the
    same objects) come back: the views of one position share their public parts (:class:`academie.engine.Shared`),
    so a painter's function of such parts is worked out once for all the viewers of the position.

    >>> made = []
    >>> double = same_for_all(lambda values: made.append(values) or values * 2)
    >>> values = (1, 2)
    >>> double(values), double(values), made
    ((1, 2, 1, 2), (1, 2, 1, 2), [(1, 2)])
    """
    last: list[tuple[tuple[object, ...], PartT]] = []

    def remembered(*values: object) -> PartT:
        kept = last[-1] if last else None
        if kept is not None and len(kept[0]) == len(values) and all(map(operator.is_, kept[0], values)):
            return kept[1]
        made = make(*values)
        last[:] = [(values, made)]  # (one assignment: the arguments and what was made of them stay together)
        return made

    return remembered


def cards_in(value: object) -> frozenset[Card]:
    """Every card a view holds, in any of its fields but its rules (the only cards its picture may name): its Card
    values, in dataclasses, tuples, lists and sets, at any depth.

    >>> sorted(str(card) for card in cards_in((Card.parse("KH"), [Card.parse("7S")], "QC", 3)))
    ['7S', 'KH']
    """
    found: set[Card] = set()
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        kind = _KINDS.get(type(item))
        if kind is None:
            kind = _KINDS[type(item)] = _kind_of(type(item))
        if kind is _CARD:
            found.add(item)  # type: ignore[arg-type]  # _kind_of said it is a Card
        elif kind is _MANY:
            stack.extend(item)  # type: ignore[arg-type]  # _kind_of said it is a tuple, list or set
        elif kind:
            stack.extend(getattr(item, name) for name in kind)
    return frozenset(found)


_CARD: Final = ("",)
_MANY: Final = ("", "")
_KINDS: dict[type, tuple[str, ...]] = {}
"""What :func:`cards_in` does with a value of each type it met (worked out once per type: a picture is painted for
every viewer after every action): keep it (a card), look into it (the names of a dataclass's fields, or a tuple,
list or set), or pass it by (``()``: text, numbers, enums, None, anything else)."""


def _kind_of(kind: type) -> tuple[str, ...]:
    if issubclass(kind, Card):
        return _CARD
    if issubclass(kind, tuple | list | frozenset | set):
        return _MANY
    if dataclasses.is_dataclass(kind):
        return tuple(field.name for field in dataclasses.fields(kind) if field.name != "rules")
    return ()


class Painter(Protocol):
    """What each game's ``picture.py`` offers (reached through ``GameType.painter``). A painter is given only views
    of its own game (the registration ties them), and reads what its game's view class declares."""

    def paint(self, view: View, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
        """The picture of ``view`` (a seat's or the public's), in ``words``' language, with these seat names;
        ``memo`` (optional) keeps the painter's work for the next picture of the same viewer (:class:`Memo`)."""
        ...

    def why_not(self, view: View, action: str, reason: str, /, *, words: Words) -> str:
        """Why ``action`` (text) is not allowed now, in words, citing the rule's ID; ``reason`` is the engine's."""
        ...

    def shorthand(self, view: View, text: str, /) -> str:
        """The action text a player's shorthand stands for (``KH`` for ``play KH``); the text itself otherwise."""
        ...

    def default_names(self, view: View, /, *, words: Words) -> tuple[str, ...]:
        """How the viewer calls each seat when the players have no names of their own ("You", "The bot",
        "Your partner", "West", "Seat 3")."""
        ...

    def act_label(self, view: View, act: str, /, *, words: Words) -> str:
        """Table mode: an irregular act's text (``! revoke 0 KH``) in one line of words, with its law's ID."""
        ...


# ------------------------------------------------------------------------------------------------ drawing
def signed(number: int) -> str:
    """A gain or a loss as the screens write it, with a true minus: ``+3``, ``−16``, ``0``."""
    return f"+{number}" if number > 0 else (f"−{-number}" if number < 0 else "0")


def show(card: str, words: Words) -> str:
    """A card text of a picture, as a person reads it."""
    return words.card(Card.parse(card))


def show_all(cards: Sequence[str], words: Words) -> str:
    return " ".join(show(card, words) for card in cards)


def _wrap(text: str, indent: str = "   ", width: int = WIDTH) -> list[str]:
    # a law's ID (ECARTE-VI.7, E-§5) is never broken at its hyphen
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  ",
                         break_on_hyphens=False) or [indent.rstrip()]


def draw_trick(trick: TrickPicture, picture: Picture, words: Words) -> str:
    """One trick in words: "Trick 3: You K♥, The bot 7♥; winner: You (highest ♥)"."""
    names = {seat.seat: seat.name for seat in picture.seats}
    plays = ", ".join(f"{names.get(seat, str(seat))} {show(card, words)}" for seat, card in trick.plays)
    line = words("Trick {number}: {plays}", number=trick.number, plays=plays)
    if trick.winner is not None:
        won = words("winner: {winner}", winner=names.get(trick.winner, str(trick.winner)))
        line += f"; {won}" + (f" ({trick.why})" if trick.why else "")
    return line


def draw_tally(tally: Tally, words: Words) -> str:
    """A tally in words: "Score: You 3, The bot 1"."""
    values = ", ".join(f"{who} {value}" for who, value in tally.entries)
    return words("{label}: {value}", label=tally.label, value=values)


def draw_text(picture: Picture, words: Words, *, menu: bool = True, width: int = WIDTH) -> list[str]:
    """The picture as lines of text that fit ``width`` columns (no markup)."""
    lines = _wrap(f"── {picture.title} · {picture.status}", "", width)
    for seat in picture.seats:
        parts = [seat.name + (f" ({', '.join(seat.roles)})" if seat.roles else "")]
        if seat.seat != picture.viewer or not picture.hand:
            parts.append(words.count_cards(seat.cards))
        if seat.shown:
            parts.append(words("shows {cards}", cards=show_all(seat.shown, words)))
        parts += seat.notes
        lines += _wrap(" · ".join(parts), width=width)
    if picture.trump:
        lines += _wrap(words("Trumps: {trump}", trump=picture.trump), width=width)
    for label, cards in picture.table:
        lines += _wrap(words("{label}: {value}", label=label, value=show_all(cards, words)), width=width)
    for tally in picture.tallies:
        lines += _wrap(draw_tally(tally, words), width=width)
    for label, value in picture.extra:
        lines += _wrap(words("{label}: {value}", label=label, value=value), width=width)
    if picture.trick is not None and picture.trick.plays:
        lines += _wrap(draw_trick(picture.trick, picture, words), width=width)
    if picture.pending:
        lines += _wrap(words("Ruling pending: {ruling}", ruling=picture.pending), width=width)
    if picture.hand:
        lines += _wrap(words("Your hand: {cards}", cards=show_all(picture.hand, words)), width=width)
    if picture.result:
        lines += _wrap(picture.result, width=width)
    if menu:
        lines += draw_menu(picture, words, width=width)
    return lines


def draw_menu(picture: Picture, words: Words, *, width: int = WIDTH) -> list[str]:
    """The menu under whose turn it is (the turn alone when the viewer has no move), wrapped (:func:`menu`)."""
    return list(menu(picture, words, width=width).lines)


# ------------------------------------------------------------------------------------------------ the menu
FAMILY: Final = 6
"""Moves of one verb beyond which a menu shows them as one line to type instead of one line each: the amounts of a
bet (``open 3`` ... ``open 39``) and the sets of cards of a discard (``discard KH 9S``...)."""
GRID_LABEL: Final = 24
"""Labels up to this long are laid out side by side when a menu has more than :data:`FAMILY` of them."""


@dataclass(frozen=True, slots=True)
class Menu:
    """A menu as a screen shows it: its lines, and the action text of each number in it (1 first)."""

    lines: tuple[str, ...]
    numbered: tuple[str, ...]


def _kind(action: str) -> tuple[str, str] | None:
    """(verb, "amount" | "cards") for an action of one number or of cards; None for any other."""
    verb, _, rest = action.partition(" ")
    args = rest.split()
    if len(args) == 1 and args[0].isdigit():
        return verb, "amount"
    if args and all(_is_card(arg) for arg in args):
        return verb, "cards"
    return None


def _one_card(move: MovePicture) -> str:
    """The one card a move plays or names (``play KH``, ``discard KH``) as the picture writes it; "" for others."""
    if move.card is not None:
        return move.card
    args = move.action.split()[1:]
    return str(Card.parse(args[0])) if len(args) == 1 and _is_card(args[0]) else ""


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


def menu(picture: Picture, words: Words, *, width: int = WIDTH) -> Menu:
    """The viewer's moves as a menu that keeps to a screen: one numbered line per move, the cards of the hand in
    the hand's order and side by side when there are many; the many amounts of a bet, or the many sets of two cards
    or more of a discard (its one-card discards keep their numbers), as one line that says what to type
    (``raise 12``, ``discard KH 9S 7C``) and the range allowed.
    Only the viewer's own moves and cards are named, as in the picture."""
    if not picture.moves:
        return Menu(tuple(_wrap(picture.waiting_for, "", width)) if picture.waiting_for else (), ())
    families: dict[tuple[str, str], list[MovePicture]] = {}
    for move in picture.moves:
        kind = _kind(move.action)
        if kind is not None:
            families.setdefault(kind, []).append(move)
    folded = {kind: [move for move in moves if kind[1] == "amount" or len(move.action.split()) > 2]
              for kind, moves in families.items() if len(moves) > FAMILY
              and (kind[1] == "amount" or any(len(move.action.split()) > 2 for move in moves))}
    hidden = {move.action for moves in folded.values() for move in moves}
    hand = {card: index for index, card in enumerate(picture.hand)}
    single = [move for move in picture.moves if move.action not in hidden]
    cards = sorted((move for move in single if _one_card(move) in hand), key=lambda move: hand[_one_card(move)])
    if cards:  # the cards of the hand in its order, where the first of them stood
        first = next(index for index, move in enumerate(single) if _one_card(move) in hand)
        rest = [move for move in single if _one_card(move) not in hand]
        single = rest[:first] + cards + rest[first:]
    lines = [words("{label}:", label=picture.waiting_for)]
    digits = len(str(len(single)))
    labels = [f"{number:>{digits}}  {move.label}" for number, move in enumerate(single, start=1)]
    if len(single) > FAMILY and max(len(move.label) for move in single) <= GRID_LABEL:
        cell = max(len(label) for label in labels) + 3
        across = max(1, (width - 3) // cell)
        for row in range(0, len(labels), across):
            lines.append("   " + "".join(label.ljust(cell) for label in labels[row:row + across]).rstrip())
    else:
        for label in labels:
            lines += _wrap(label, "   ", width)
    for (verb, shape), moves in folded.items():
        lines += _wrap(_family_line(verb, shape, moves, words), "   ", width)
    return Menu(tuple(lines), tuple(move.action for move in single))


def _family_line(verb: str, shape: str, moves: Sequence[MovePicture], words: Words) -> str:
    if shape == "amount":
        amounts = sorted(int(move.action.split()[1]) for move in moves)
        low, high = amounts[0], amounts[-1]
        allowed = (words("from {low} to {high}", low=low, high=high) if amounts == list(range(low, high + 1))
                   else ", ".join(str(amount) for amount in amounts))
        lowest = min(moves, key=lambda move: int(move.action.split()[1]))
        return words("{label} … type “{verb} N”, N {allowed}", label=lowest.label, verb=verb, allowed=allowed)
    counts = sorted({len(move.action.split()) - 1 for move in moves})  # the numbered one-card sets say 1 already
    example = max(moves, key=lambda move: len(move.action)).action.split()[:3]
    typed = " ".join([example[0], *(_typed(card) for card in example[1:])])
    said = moves[0].label.split()[0] if moves[0].label.split() else verb  # the move's word in the reader's language
    return words("{said}: type “{verb}” and {low} to {high} of your cards, e.g. “{example}”", said=said, verb=verb,
                 low=counts[0], high=counts[-1], example=typed)


def _typed(card: str) -> str:
    """A card as a player types it on any keyboard: ``10c``, ``kh``."""
    parsed = Card.parse(card)
    return ("10" if parsed.rank.letter == "T" else parsed.rank.letter).lower() + parsed.suit.letter.lower()
