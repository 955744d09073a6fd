"""The table picture of La Guimbarde: what one seat (or a spectator) sees, built from its view only.

The picture shows the five boxes (GUIMBARDE-FIG) and what is in them, each seat's counters and stock, the cards
shown at the declarations (GUIMBARDE-§6), the turn-up and trumps (GUIMBARDE-§3, §8), the trick on the table and
the last one with who won it and why, and the viewer's hand sorted the game's way: trumps first (la guimbarde,
le roi and le fou at their head, GUIMBARDE-§8), then the other suits, each strongest first (K Q J A 10 9 8 7).
Its log tells the deal as sentences: the antes, the boxes drawn, the points announced, every card, every trick's
winner and why, every payment with the rule that made it, every ruling, and how the deal ended.

The log of a deal begins with how the deal before it ended (its last action, its last payments and its result),
because the action that ends a deal also begins the next one: a screen shows the new deal at once.

>>> from academie.games.guimbarde.state import GuimbardeState
>>> from academie.words import Words
>>> state = GuimbardeState.new(seed=3, first_dealer=0, players=3)
>>> picture = paint(state.view(1), words=Words("en"), names=("Seat 0", "You", "Seat 2"))
>>> picture.waiting_for, picture.moves[0].label.startswith("play ")
('Your move', True)
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

from academie.cards import CARDS, Card, Suit, mask_of, rank_of
from academie.engine import PUBLIC, TABLE, Action, Mode
from academie.games.guimbarde.state import (
    BANK,
    BEATEN_BY,
    BOXES,
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    FOU,
    GUIMBARDE,
    JD,
    KH,
    MARIAGE,
    POINT,
    POWER,
    QH,
    ROI,
    STRENGTH,
    TRICKS,
    TRUMP_MASKS,
    Claim,
    CutForDeal,
    GuimbardeView,
    PastDeal,
    Payment,
    Phase,
    Play,
    Trick,
    legal_mask,
    marriage_kind,
)
from academie.games.guimbarde.table import ACTS
from academie.laws import Irregular, Remedy
from academie.picture import (
    Memo,
    MovePicture,
    Picture,
    SeatPicture,
    Tally,
    TrickPicture,
    part,
    same_for_all,
    signed,
    write_picture,
)
from academie.words import Words

BOX_NAMES: Final = {POINT: "Point", MARIAGE: "Mariage", FOU: "Fou", ROI: "Roi", GUIMBARDE: "Guimbarde"}
"""GUIMBARDE-FIG: the boxes by the names the book gives them (the same in both languages)."""
_REDEALS: Final = ("G10", "G13")
_CARD_TEXT: Final = re.compile(r"(?:10|[2-9TJQKA])[CDHS]")
"""A card in the engine's text (``KH``, ``TD``), as an irregular act names it."""
_FINES: Final = ("G3", "G7", "G8", "G9")


def remedy_words(remedy: Remedy, words: Words, *, retract: bool) -> str:
    """What a ruling does, in words (``retract``: the rules option retract_irregular_card, G-Q17); the table
    picture and the referee (:mod:`academie.games.guimbarde.referee`) say it alike."""
    law = remedy.law
    if law in _FINES:
        if retract:
            return words("a fine of 1 counter to each other player; the card is taken back and another "
                         "played (G-Q17)")
        return words("a fine of 1 counter to each other player; the card stands")
    texts = {
        "G12": words("a fine of 1 counter to each other player; the card is taken back, seen by all"),
        "G10": words("the dealer pays 1 counter to each other player and deals again; the antes stay in the "
                     "boxes"),
        "G13": words("the same dealer deals again, without penalty"),
        "G14": words("the right dealer deals, without penalty"),
        "G11": words("the deal does not count: every counter of it goes back, and the same dealer deals "
                     "again (GUIMBARDE-R11)"),
        "G15": words("no claim: the counters go back into the box and carry over"),
        "G16": words("what was drawn goes back, and a fine of 1 counter to each other player"),
    }
    if law == "G17":
        if remedy.name == "misdeal":
            return words("a misdeal (G10): the dealer pays 1 counter to each other player and deals again")
        return words("the offender cannot win the Point box for the most tricks this deal")
    return texts.get(law, remedy.name)


# ------------------------------------------------------------------------------------------------ small words
class _Said:
    """The words a log says again and again, in one language: each box as a noun phrase, what each rule or law that
    moves counters means (GUIMBARDE-R1, R4 and R5 are told by what the trick shows, :meth:`_Teller.why`) and each kind
    of payment of a deal's result (:func:`_kind`), said once per language (:func:`_said_in`) rather than at every
    sentence."""

    __slots__ = ("boxes", "kinds", "reasons")

    def __init__(self, words: Words) -> None:
        self.boxes: Final = {POINT: words("the Point box"), MARIAGE: words("the Mariage box"),
                             FOU: words("the Fou box"), ROI: words("the Roi box"),
                             GUIMBARDE: words("the Guimbarde box")}
        self.reasons: Final = {
            "GUIMBARDE-§1": words("GUIMBARDE-§1: the antes"),
            "GUIMBARDE-§4": words("GUIMBARDE-§4: the best point"),
            "GUIMBARDE-§5": words("GUIMBARDE-§5: le roi and la guimbarde in one hand, the marriage"),
            "GUIMBARDE-§6": words("GUIMBARDE-§6: a chance shown draws its box"),
            "GUIMBARDE-§7": words("GUIMBARDE-§7: the stake for the most tricks"),
            "GUIMBARDE-R2": words("GUIMBARDE-R2: a marriage taken by a trump; the king's and the queen's players pay"),
            "GUIMBARDE-R3": words("GUIMBARDE-R3, G3: a marriage taken with la guimbarde, le roi or le fou"),
            "GUIMBARDE-R7": words("GUIMBARDE-R7, G7: the marriage broken, the queen not played on her king"),
            "GUIMBARDE-R8": words("GUIMBARDE-R8, G8: a renonce, suit not followed"),
            "GUIMBARDE-R9": words("GUIMBARDE-R9, G9: not beating (forcer) or trumping (couper) when able"),
            "GUIMBARDE-R10": words("GUIMBARDE-R10, G10: a misdeal"),
            "GUIMBARDE-R12": words("GUIMBARDE-R12, G12: a card played out of turn"),
            "G15": words("G15: a box drawn without showing the cards goes back and carries over"),
            "G16": words("G16: a box drawn without holding its chance"),
            "G18": words("G18: a stock ran short"),
            "G-§5.7": words("G-§5.7: the boxes left at the end are shared equally"),
        }
        self.kinds: Final = {"antes": words("antes"), "boxes": words("boxes"), "tricks": words("Point box for tricks"),
                             "side": words("side payments"), "fines": words("fines"),
                             "share": words("share of the boxes"), "undone": words("given back")}


def _said_in(words: Words) -> _Said:
    """:class:`_Said` in the language of ``words``, made once per language (:data:`_LANGUAGES_KEPT`)."""
    said = _SAID_IN.get((words.lang, words.game))
    if said is None:
        if len(_SAID_IN) >= _LANGUAGES_KEPT:
            _SAID_IN.clear()
        said = _SAID_IN[words.lang, words.game] = _Said(words)
    return said


_SAID_IN: dict[tuple[str, str | None], _Said] = {}


def _card(words: Words, card: Card | int) -> str:
    return words.card(card if isinstance(card, Card) else CARDS[card])


def _counters(words: Words, count: int) -> str:
    return words("1 counter") if count == 1 else words("{count} counters", count=count)


def _box(words: Words, box: str) -> str:
    """A box as a noun phrase ("the Roi box", « la boîte du Roi »)."""
    return _said_in(words).boxes.get(box, box)


def _point(words: Words, length: int) -> str:
    """A point announced (GUIMBARDE-§4): the length of the longest suit, or none below three."""
    return str(length) if length else words("none")


def _and(words: Words, items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return words("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def _why_won(words: Words, trump: Suit | None, trick: Trick) -> str:
    """Why the winner won: the highest trump, or the highest card of the suit led (G-§2.2, GUIMBARDE-§8)."""
    if trump is None or trick.winner is None:
        return ""
    best = trick.plays[0][1].index
    for _, card in trick.plays[1:]:
        if BEATEN_BY[trump][best] >> card.index & 1:
            best = card.index
    if EFFECTIVE_SUIT[trump][best] == trump:
        return words("highest trump")
    return words("highest {suit}", suit=Suit(EFFECTIVE_SUIT[trump][best]).symbol)


def _trick_picture(words: Words, trump: Suit | None, number: int, trick: Trick) -> TrickPicture:
    """A trick as every viewer sees it (it reads no name: who played is told by seat)."""
    return TrickPicture(number, tuple((seat, str(card)) for seat, card in trick.plays), trick.winner,
                        _why_won(words, trump, trick) if trick.winner is not None else "")


_LANGUAGES_KEPT: Final = 8
"""How many languages (:class:`~academie.words.Words`) the parts shared by the viewers of a position are kept for: a
room paints the viewers of one position in several languages, one after the other in any order."""

PartT = TypeVar("PartT")
_SAID_KEPT: Final = 4096
"""How many words made of a few arguments alone (a move, "Seat 3 to play", a viewer's default names) are kept for
every table, each by its language (:class:`~academie.words.Words` are equal, and say the same, when their language and
game are: keyed by these, no :meth:`~academie.words.Words.__hash__` is called on the way) and its arguments."""


def _said(kept: dict[tuple[object, ...], PartT], key: tuple[object, ...], make: Callable[[], PartT]) -> PartT:
    """``kept[key]``, else ``make()`` kept there (all forgotten beyond :data:`_SAID_KEPT`)."""
    made = kept.get(key)
    if made is None:
        if len(kept) >= _SAID_KEPT:
            kept.clear()
        made = kept[key] = make()
    return made


def _by_language(make: Callable[..., PartT]) -> Callable[..., PartT]:
    """:func:`~academie.picture.same_for_all` of ``make(words, ...)`` once per language: the viewers of a position
    painted in English and in French, alternately, find each language's part still made (one kept for all the
    languages would be made again at every change of language)."""
    kept: dict[tuple[str, str | None], Callable[..., PartT]] = {}

    def remembered(words: Words, *values: object) -> PartT:
        made = kept.get((words.lang, words.game))
        if made is None:
            if len(kept) >= _LANGUAGES_KEPT:
                kept.clear()
            made = kept[words.lang, words.game] = same_for_all(make)
        return made(words, *values)

    return remembered


_trick_in_play: Final = _by_language(_trick_picture)
"""The trick being played, made once for all the viewers of a position (the same trick object in each view)."""
_last_trick: Final = _by_language(_trick_picture)
"""The last trick won, made once for all the viewers of a position (and kept while it stays the last)."""


def _nobody(names: Sequence[str]) -> object:
    """The names of no seat (the key of sentences that name nobody, :meth:`_Teller.shared`)."""
    return ()


class _Teller:
    """The words about one view: names, sentences, the log."""

    __slots__ = ("me", "names", "seats_named", "sentences", "told_result", "tricks_won", "trump", "view", "words")

    def __init__(self, view: GuimbardeView, words: Words, names: Sequence[str]) -> None:
        self.view = view
        self.words = words
        self.names = tuple(names) if len(names) >= view.players else default_names(view, words=words)
        self.me = view.viewer if view.viewer != PUBLIC else None
        self.tricks_won = [0] * view.players
        self.trump = view.trump
        """The trumps of the deal being told (the deal before this one's, when its end is told)."""
        self.told_result: str | None = None
        """The result of the deal before, once told (:meth:`deal_result`)."""
        self.sentences: dict[tuple[object, ...], list[str]] | None = None
        """The first sentences of the deal's log told to any viewer of the position in this language (:meth:`shared`),
        when the teller paints a position (:attr:`_Position.sentences`)."""
        self.seats_named: dict[object, tuple[tuple[int, ...], Callable[[Sequence[str]], object]]] | None = None
        """The seats each kind of those sentences may name, and how to read their names
        (:attr:`_Position.seats_named`)."""

    # -------------------------------------------------------------- names
    def name(self, seat: int) -> str:
        """A seat as the subject of a third-person sentence, or in a list."""
        return self.names[seat]

    def obj(self, seat: int) -> str:
        """A seat after a verb or a preposition: "you" for the viewer."""
        return self.words("you") if seat == self.me else self.names[seat]

    def account(self, account: int | str) -> str:
        if isinstance(account, int):
            return self.obj(account)
        return self.words("the bank") if account == BANK else _box(self.words, account)

    def others(self, seat: int) -> set[int]:
        """The other seats at the table (G18: the retired ones left it)."""
        retired = self.view.retired or (False,) * self.view.players
        return {s for s in range(self.view.players) if s != seat and not retired[s]}

    def shared(self, kind: object, seats: Callable[[], Iterable[int]], tell: Callable[[], list[str]]) -> list[str]:
        """The sentences ``tell()`` makes (not to be changed by the caller), told once for every viewer of the position
        who calls the seats they may name (``seats()``, worked out once per position) alike: ``kind`` says which
        sentences of the position they are, and they read no more of the viewer than how he calls those seats (each
        seat's name, and whether it is his own: "you"). A viewer's own cards are no part of them (they read the view's
        public fields alone: the deal before, the turn-up, the payments, the claims, with the cards shown)."""
        told, named = self.sentences, self.seats_named
        if told is None or named is None:
            return tell()
        kept = named.get(kind)
        if kept is None:
            among = tuple(sorted(set(seats())))
            kept = named[kind] = (among, operator.itemgetter(*among) if among else _nobody)
        among, names_of = kept
        # (the seats they may name are the kind's, in this position: their names, in order, and which is the viewer's
        # own tell them apart)
        key = (kind, names_of(self.names), self.me if self.me in among else None)
        lines = told.get(key)
        if lines is None:
            lines = told[key] = tell()
        return lines

    def named(self, payments: Sequence[Payment]) -> Iterable[int]:
        """The seats the sentences of ``payments`` may name: their seats, and every seat when one seat pays another
        (:meth:`to_one` names who is spared); none for antes paid in full (GUIMBARDE-§1), told without a name."""
        if any(isinstance(p.source, int) and isinstance(p.target, int) for p in payments):
            return range(self.view.players)
        antes = [p for p in payments if p.reason == "GUIMBARDE-§1"]
        told = [p for p in payments if p.reason != "GUIMBARDE-§1"] if _antes_in_full(antes) else payments
        into: dict[tuple[str, str], list[Payment]] = {}  # (each seat's into one box, as :meth:`group` sorts them)
        for payment in told:
            if isinstance(payment.source, int) and isinstance(payment.target, str):
                into.setdefault((payment.reason, payment.target), []).append(payment)
        unnamed = {id(p) for (_, target), paid in into.items() if self.into_box(target, paid) for p in paid}
        return {seat for p in told if id(p) not in unnamed for seat in (p.source, p.target) if isinstance(seat, int)}

    def into_box(self, target: str, paid: Sequence[Payment]) -> bool:
        """Whether ``paid``, the payments of one reason to ``target``, are every seat's (or every seat's still in the
        game, G18) same amount into one box, told without a name ("Each player puts ...", :meth:`to_one`)."""
        seats = {p.source for p in paid if isinstance(p.source, int)}
        return (target != BANK and len({p.amount for p in paid}) == 1 and len(paid) > 1
                and len(seats) == len(paid) and (seats == self.others(-1) or seats == set(range(self.view.players))))

    # -------------------------------------------------------------- tricks
    def why_won(self, trick: Trick) -> str:
        """Why the winner won: the highest trump, or the highest card of the suit led (G-§2.2, GUIMBARDE-§8)."""
        return _why_won(self.words, self.trump, trick)

    def winning_card(self, trick: Trick) -> Card:
        for seat, card in trick.plays:
            if seat == trick.winner:
                return card
        return trick.plays[-1][1]

    def won(self, number: int, trick: Trick) -> str:
        words, winner = self.words, trick.winner
        assert winner is not None
        card, why = _card(words, self.winning_card(trick)), self.why_won(trick)
        if winner == self.me:
            return words("You win trick {number} with {card} ({why}).", number=number, card=card, why=why)
        return words("{seat} wins trick {number} with {card} ({why}).", seat=self.name(winner), number=number,
                     card=card, why=why)

    # -------------------------------------------------------------- the reasons of payments
    def why(self, reason: str, *, hand: bool = False, taken_by: str = "") -> str:
        """A rule ID with what it means here."""
        words = self.words
        if reason == "GUIMBARDE-R1":
            return (words("GUIMBARDE-R1: a marriage in hand; nobody is spared") if hand else
                    words("GUIMBARDE-R1: a marriage in play won by its king; the queen's player is spared"))
        if reason == "GUIMBARDE-R4":
            return (words("GUIMBARDE-R4: the grand marriage in hand, two from each") if hand else
                    words("GUIMBARDE-R4: the grand marriage on the table, le roi taken by la guimbarde"))
        if reason == "GUIMBARDE-R5":
            if taken_by:
                return words("GUIMBARDE-R5: le fou taken by {card} pays its taker", card=taken_by)
            return words("GUIMBARDE-R5: le fou not taken by le roi or la guimbarde")
        return _said_in(words).reasons.get(reason, reason)

    # -------------------------------------------------------------- payments
    def payments(self, payments: Sequence[Payment], *, actor: int | None = None, trick: Trick | None = None,
                 card: Card | None = None) -> list[str]:
        """Sentences for the payments one action made (``actor`` played ``card`` to ``trick``)."""
        groups: dict[str, list[Payment]] = {}
        for payment in payments:
            groups.setdefault(payment.reason, []).append(payment)
        lines: list[str] = []
        for reason, group in groups.items():
            lines += self.group(reason, group, actor=actor, trick=trick, card=card)
        return lines

    def group(self, reason: str, group: list[Payment], *, actor: int | None, trick: Trick | None,
              card: Card | None) -> list[str]:
        words = self.words
        if reason == "GUIMBARDE-R11":
            return [words("Every counter moved in this deal, the antes included, goes back where it came from "
                          "(GUIMBARDE-R11).")]
        if reason in ("G10", "G13", "G17"):
            return [words("Every counter moved in this deal since the antes goes back where it came from ({law}); "
                          "the antes stay in the boxes.", law=reason)]
        if reason == "GUIMBARDE-§1" and _antes_in_full(group):
            return [words("Antes: each player puts 1 counter into each of the five boxes (GUIMBARDE-§1).")]
        if reason == "G-§5.7":
            shares: dict[int | str, int] = {}
            for payment in group:
                shares[payment.target] = shares.get(payment.target, 0) + payment.amount
            listed = ", ".join(f"{self.account(seat)} {amount}" for seat, amount in shares.items())
            return [words("What is left in the boxes is shared equally (G-§5.7): {shares}.", shares=listed)]
        if reason == "GUIMBARDE-§7" and all(isinstance(p.source, str) for p in group):
            return [self.trick_prize(p) for p in group]
        lines: list[str] = []
        shapes: dict[tuple[bool, bool], list[Payment]] = {}  # (from a seat, to a seat): a fine apart from a return
        for payment in group:
            shapes.setdefault((isinstance(payment.source, int), isinstance(payment.target, int)), []).append(payment)
        for shape in shapes.values():
            targets = {p.target for p in shape}
            sources = {p.source for p in shape}
            if len(targets) == 1 or len(sources) != 1:
                by_target: dict[int | str, list[Payment]] = {}
                for payment in shape:
                    by_target.setdefault(payment.target, []).append(payment)
                for target, paid in by_target.items():
                    lines += self.to_one(reason, target, paid, actor=actor, trick=trick, card=card)
            else:
                lines += self.from_one(reason, shape, trick=trick)
        return lines

    def context(self, reason: str, target: int | str, *, actor: int | None, trick: Trick | None,
                card: Card | None) -> str:
        """The reason of a payment to ``target``, told with what the trick shows."""
        hand = self.marriage(reason, target, actor, trick, card) == "hand"
        taken_by = ""
        if reason == "GUIMBARDE-R5" and trick is not None and trick.winner is not None:
            fou = next((seat for seat, played in trick.plays if played.index == JD), None)
            if target != fou:
                taken_by = _card(self.words, self.winning_card(trick))
        return self.why(reason, hand=hand, taken_by=taken_by)

    @staticmethod
    def marriage(reason: str, target: int | str, actor: int | None, trick: Trick | None, card: Card | None) -> str:
        """Whether a marriage payment (GUIMBARDE-R1, R4) to ``target`` is for a marriage in "hand" or in "play":
        in hand when paid as its holder plays one card of the pair, the other still in his hand (G-Q9)."""
        if reason not in ("GUIMBARDE-R1", "GUIMBARDE-R4"):
            return ""
        if actor is None or card is None or trick is None:
            return "hand"  # paid before the first lead (G-Q9 variant)
        if target == actor and rank_of(card.index) in (12, 13):
            partner = card.index + (1 if rank_of(card.index) == 12 else -1)
            if all(played.index != partner for _, played in trick.plays):
                return "hand"
        return "play"

    def to_one(self, reason: str, target: int | str, paid: list[Payment], *, actor: int | None,
               trick: Trick | None, card: Card | None) -> list[str]:
        """Payments from one or more accounts to ``target``."""
        words = self.words
        why = self.context(reason, target, actor=actor, trick=trick, card=card)
        amounts = {p.amount for p in paid}
        payers = [p.source for p in paid]
        seats = {p for p in payers if isinstance(p, int)}
        if isinstance(target, int) and len(amounts) == 1 and len(paid) > 1 and len(seats) == len(paid):
            counters = _counters(words, paid[0].amount)
            others = self.others(target)
            if seats == others or seats == set(range(self.view.players)) - {target}:
                if target == self.me:
                    return [words("Each other player pays you {counters} ({why}).", counters=counters, why=why)]
                return [words("Each other player pays {counters} to {seat} ({why}).", counters=counters,
                              seat=self.name(target), why=why)]
            spared = others - seats
            if len(spared) == 1 and seats < others:
                (one,) = spared
                if target == self.me:
                    return [words("Everybody but {spared} pays you {counters} ({why}).", spared=self.obj(one),
                                  counters=counters, why=why)]
                return [words("Everybody but {spared} pays {counters} to {seat} ({why}).", spared=self.obj(one),
                              counters=counters, seat=self.name(target), why=why)]
        if isinstance(target, str) and self.into_box(target, paid):
            return [words("Each player puts {counters} into {box} ({why}).", counters=_counters(words, paid[0].amount),
                          box=_box(words, target), why=why)]
        return [self.single(p.source, target, p.amount, why) for p in paid]

    def from_one(self, reason: str, paid: list[Payment], *, trick: Trick | None) -> list[str]:
        """Payments from one account to several."""
        words = self.words
        source = paid[0].source
        targets = {p.target for p in paid}
        amounts = {p.amount for p in paid}
        if isinstance(source, int) and len(amounts) == 1 and (
                targets == self.others(source) or targets == set(range(self.view.players)) - {source}):
            why = self.why(reason)
            counters = _counters(words, paid[0].amount)
            if source == self.me:
                return [words("You pay {counters} to each other player ({why}).", counters=counters, why=why)]
            return [words("{seat} pays {counters} to each other player ({why}).", seat=self.name(source),
                          counters=counters, why=why)]
        return [self.single(source, p.target, p.amount, self.context(reason, p.target, actor=None, trick=trick,
                                                                      card=None)) for p in paid]

    def single(self, source: int | str, target: int | str, amount: int, why: str) -> str:
        words = self.words
        counters = _counters(words, amount)
        if source == BANK and isinstance(target, int):
            if target == self.me:
                return words("You buy a new stock of {counters} from the bank ({why}).", counters=counters, why=why)
            return words("{seat} buys a new stock of {counters} from the bank ({why}).", seat=self.name(target),
                         counters=counters, why=why)
        if isinstance(source, str) and isinstance(target, int):
            if target == self.me:
                return words("You draw {counters} from {box} ({why}).", counters=counters,
                             box=self.account(source), why=why)
            return words("{seat} draws {counters} from {box} ({why}).", seat=self.name(target), counters=counters,
                         box=self.account(source), why=why)
        if isinstance(source, int) and isinstance(target, str):
            if source == self.me:
                return words("You put {counters} into {box} ({why}).", counters=counters,
                             box=self.account(target), why=why)
            return words("{seat} puts {counters} into {box} ({why}).", seat=self.name(source), counters=counters,
                         box=self.account(target), why=why)
        if isinstance(source, int) and isinstance(target, int):
            if source == self.me:
                return words("You pay {counters} to {seat} ({why}).", counters=counters, seat=self.name(target),
                             why=why)
            if target == self.me:
                return words("{seat} pays you {counters} ({why}).", seat=self.name(source), counters=counters,
                             why=why)
            return words("{payer} pays {counters} to {payee} ({why}).", payer=self.name(source), counters=counters,
                         payee=self.name(target), why=why)
        return words("{counters} move from {source} to {target} ({why}).", counters=counters,
                     source=self.account(source), target=self.account(target), why=why)

    def trick_prize(self, payment: Payment) -> str:
        """GUIMBARDE-§7: the Point box to the most tricks, two at least; at two each, to the first to two."""
        words = self.words
        seat = payment.target
        assert isinstance(seat, int)
        counters = _counters(words, payment.amount)
        tied = self.tricks_won.count(2) == 2 and self.tricks_won[seat] == 2
        count = self.tricks_won[seat]
        if seat == self.me:
            if tied:
                return words("You take the Point box, {counters}: two tricks each, and you took your second "
                             "first (GUIMBARDE-§7).", counters=counters)
            return words("You take the Point box, {counters}, with the most tricks, {count} (GUIMBARDE-§7).",
                         counters=counters, count=count)
        if tied:
            return words("{seat} takes the Point box, {counters}: two tricks each, and {seat} took the second "
                         "first (GUIMBARDE-§7).", seat=self.name(seat), counters=counters)
        return words("{seat} takes the Point box, {counters}, with the most tricks, {count} (GUIMBARDE-§7).",
                     seat=self.name(seat), counters=counters, count=count)

    # -------------------------------------------------------------- the actions of a deal
    def tell(self, history: Sequence[tuple[int, Action]], payments: Sequence[Payment], tricks: Sequence[Trick],
             first: int = 0) -> list[str]:
        """The sentences of ``history[first:]``: each action and the payments it made."""
        _, lines = self.told(history, payments, tricks, first)
        return lines

    def told(self, history: Sequence[tuple[int, Action]], payments: Sequence[Payment], tricks: Sequence[Trick],
             first: int = 0, *, memo: Memo | None = None, position: _Position | None = None
             ) -> tuple[Sequence[str], list[str]]:
        """The sentences of ``history[first:]`` (:meth:`tell`), as the settled ones kept in ``memo`` (not to be
        changed by the caller) and the others; a card's play from ``memo`` when it was told there from the same
        play, payments and trick (a play's sentences read no more, beside the names, the language, the rules, the
        trumps and the seats retired: the scope of the memo's sentences; the tricks counted too when the Point box is
        paid); ``position``: the position of the view being painted, which knows where its cards lie."""
        placed, won = (position.placed, position.won) if position is not None else _placed(tricks, self.view.players)
        plays: dict[tuple[object, ...], list[str]] = position.plays if position is not None else {}
        self.tricks_won = list(won)
        settled_lines: Sequence[str] = ()
        lines: list[str] = []
        stable, said, settled_paid = first, 0, -1
        settled: _Settled | None = None
        if memo is not None:
            view = self.view
            memo.within((self.names, self.me, self.words.lang, view.rules, self.trump, view.retired, view.players))
            deal = (memo.scope, view.deal_number, view.dealer, view.trump_card)
            kept = memo.parts.get(_SETTLED, (None, None))[1]
            if first == 0 and isinstance(kept, _Settled) and kept.holds(deal, history, payments):
                settled = kept
                settled_lines, stable, settled_paid = kept.lines, kept.count, kept.paid
        if settled_paid < 0:
            settled_paid = bisect.bisect_left(payments, stable, key=_at)
        by_action: dict[int, list[Payment]] = {}
        for payment in payments[settled_paid:]:  # (in the order of the actions)
            by_action.setdefault(payment.at, []).append(payment)
        for index in range(stable, len(history)):
            actor, action = history[index]
            paid = by_action.get(index, [])
            if isinstance(action, Play) and memo is not None:
                where = placed.get(action.card.index)
                if stable == index and where is not None and (where[2].winner is not None or not paid):
                    # settled (see _Settled: what it reads is settled): kept with the settled lines, never told again
                    lines += self.play_told(index, actor, action.card, placed, paid, plays)
                    stable, said = index + 1, len(lines)
                    continue
                prize = tuple(self.tricks_won) if any(p.reason == "GUIMBARDE-§7" for p in paid) else None
                lines += memo.told(index, (actor, action, tuple(paid), _reads(where, paid), prize),
                                   lambda: self.play_told(index, actor, action.card, placed, paid, plays))  # noqa: B023 (called here)
                continue
            if stable == index and not isinstance(action, Play | Irregular | Remedy):
                stable += 1  # (its sentence, if any, reads the action alone: counted once it is said below)
            if isinstance(action, Play):
                lines += self.play(actor, action.card, placed, paid)
            elif isinstance(action, CutForDeal):
                lines.append(self.cut(action))
            elif isinstance(action, Irregular):
                lines.append(self.irregular(action))
                lines += self.payments(paid)
            elif isinstance(action, Remedy):
                lines.append(self.ruling(action))
                act = history[index - 1][1] if index else None
                if (isinstance(act, Irregular) and act.kind in _KIND_LAW and _KIND_LAW[act.kind] in _FINES
                        and act.args and not self.view.rules.retract_irregular_card):
                    card = Card.parse(act.args[0])
                    fines = [p for p in paid if _is_fine(p.reason)]
                    lines += self.payments(fines)
                    lines += self.play(act.seat, card, placed, [p for p in paid if p not in fines])
                else:
                    lines += self.payments(paid)
            if stable == index + 1:
                said = len(lines)
        if memo is None or first:
            return settled_lines, lines
        if settled is None:
            settled = _Settled(deal, [], 0, 0)
            memo.parts[_SETTLED] = (None, settled)
        if stable != settled.count:  # (the settled lines grow in the memo's own list: no copy of the log)
            settled.settle(history, payments, stable, lines[:said])
            return settled.lines, lines[said:]
        return settled.lines, lines

    def play_told(self, index: int, seat: int, card: Card, placed: dict[int, tuple[int, int, Trick]],
                  paid: list[Payment], told: dict[tuple[object, ...], list[str]]) -> list[str]:
        """:meth:`play` of the card at ``history[index]``; a card that made no payment told once for every viewer of
        the position who calls its player (and its trick's winner, when it wins the trick) alike: its sentences
        read no more of the viewer (the card, its place in its trick and the card before it, the trick when won:
        all the position's)."""
        where = placed.get(card.index)
        if paid or where is None:
            return self.play(seat, card, placed, paid)
        _, position, trick = where
        winner = trick.winner if position == len(trick.plays) - 1 else None
        key = (index, self.names[seat], seat == self.me, None if winner is None else self.names[winner],
               winner == self.me)
        lines = told.get(key)
        if lines is None:
            lines = told[key] = self.play(seat, card, placed, paid)
        return lines

    def play(self, seat: int, card: Card, placed: dict[int, tuple[int, int, Trick]],
             paid: list[Payment]) -> list[str]:
        words = self.words
        lines: list[str] = []
        shown = _card(words, card)
        where = placed.get(card.index)
        position = where[1] if where else 1
        if position == 0:
            lines.append(words("You lead {card}.", card=shown) if seat == self.me else
                         words("{seat} leads {card}.", seat=self.name(seat), card=shown))
        else:
            lines.append(words("You play {card}.", card=shown) if seat == self.me else
                         words("{seat} plays {card}.", seat=self.name(seat), card=shown))
        if where is None:
            return lines + self.payments(paid, actor=seat, card=card)
        number, position, trick = where
        in_hand = [p for p in paid if p.reason in ("GUIMBARDE-R1", "GUIMBARDE-R4") and p.target == seat
                   and self.marriage(p.reason, seat, seat, trick, card) == "hand"]
        if in_hand:
            lines += self.payments(in_hand, actor=seat, trick=trick, card=card)
            paid = [p for p in paid if p not in in_hand]
        if position:
            previous = trick.plays[position - 1][1]
            kind = marriage_kind(previous.index, card.index, self.view.rules)
            if kind == 1:
                lines.append(words("A marriage in play: {queen} falls on {king} (GUIMBARDE-R6).",
                                   queen=shown, king=_card(words, previous)))
            elif kind == 2:
                lines.append(words("The grand marriage on the table: {first} then {second} (GUIMBARDE-R4).",
                                   first=_card(words, previous), second=shown))
        complete = position == len(trick.plays) - 1 and trick.winner is not None
        if complete:
            lines.append(self.won(number, trick))
        lines += self.payments(paid, actor=seat, trick=trick, card=card)
        if complete and number == TRICKS and not any(p.reason == "GUIMBARDE-§7" for p in paid):
            lines.append(words("Nobody took two tricks or more: the Point box stays for the next deal "
                               "(GUIMBARDE-§7)."))
        return lines

    def cut(self, action: CutForDeal) -> str:
        """G-§2.4: each draws a card; the highest (K high) is eldest hand, the seat before him deals."""
        words = self.words
        drawn = ", ".join(f"{self.obj(seat)} {_card(words, card)}" for seat, card in enumerate(action.cards))
        strengths = [STRENGTH[card.index] for card in action.cards]
        if strengths.count(max(strengths)) > 1:
            return words("Drawing for the deal: {cards}; a tie for the highest, so they draw again (G-§2.4).",
                         cards=drawn)
        eldest = strengths.index(max(strengths))
        return words("Drawing for the deal: {cards}; the highest makes {eldest} eldest hand, and the player "
                     "before deals (G-§2.4).", cards=drawn, eldest=self.obj(eldest))

    def irregular(self, act: Irregular) -> str:
        words = self.words
        label = act_label(self.view, str(act), words=words)
        if act.seat == self.me:
            return words("Irregularity by you: {act}.", act=label)
        return words("Irregularity by {seat}: {act}.", seat=self.name(act.seat), act=label)

    def remedy_text(self, remedy: Remedy) -> str:
        """What a ruling does, in words."""
        return remedy_words(remedy, self.words, retract=self.view.rules.retract_irregular_card)

    def ruling(self, remedy: Remedy) -> str:
        return self.words("Ruling under {law}: {ruling}.", law=remedy.law, ruling=self.remedy_text(remedy))

    # -------------------------------------------------------------- the deal's beginning
    def opening(self) -> list[str]:
        view, words = self.view, self.words
        if view.trump_card is None or view.trump is None or view.dealer is None:
            return []
        dealer = view.dealer
        lines = list(self.shared("deal", lambda: (dealer,), self.deal_opened))
        antes, later = _opening_payments(view.payments, view.claims)
        self.tricks_won = [0] * view.players
        lines += self.shared("antes", lambda: self.named(antes), lambda: self.payments(antes))
        if any(view.retired):
            lines += self.retirements({p.source for p in antes})
        for number, claim in enumerate(view.claims):
            lines += self.shared(("claim", number), lambda: (claim.seat,), lambda: [  # noqa: B023 (called here)
                self.claim(claim.seat, claim.box, claim.amount, claim.cards)])  # noqa: B023
        announced = [f"{self.obj(seat)} {_point(words, view.announced[seat])}" for seat in range(view.players)
                     if not (view.retired and view.retired[seat])]
        lines.append(words("Points announced (GUIMBARDE-§4): {points}.", points=", ".join(announced)))
        lines += self.point_tie()
        lines += self.shared("later", lambda: self.named(later), lambda: self.payments(later))
        return lines

    def deal_opened(self) -> list[str]:
        """The deal's first sentence: its number, its dealer, its turn-up and trumps (GUIMBARDE-§3)."""
        view, words = self.view, self.words
        assert view.trump_card is not None and view.trump is not None and view.dealer is not None
        card, suit = _card(words, view.trump_card), words.suit(view.trump)
        if view.deal_number > view.deals:
            return [words("Clearing deal {number}, without antes (G-§5.7), dealt by {dealer}: the turn-up is {card}, "
                          "so {suit} are trumps (GUIMBARDE-§3).", number=view.deal_number,
                          dealer=self.obj(view.dealer), card=card, suit=suit)]
        return [words("Deal {number} of {deals}, dealt by {dealer}: the turn-up is {card}, so {suit} are trumps "
                      "(GUIMBARDE-§3).", number=view.deal_number, deals=view.deals, dealer=self.obj(view.dealer),
                      card=card, suit=suit)]

    def point_tie(self) -> list[str]:
        """GUIMBARDE-§4: at equal points the player earlier in the order of play draws the Point box (« à point
        égal, celui qui a la main gagne »), said when a point as long as the winner's lost to it."""
        view, words = self.view, self.words
        won = next((claim for claim in view.claims if claim.box == POINT), None)
        if won is None:
            return []
        tied = [seat for seat in range(view.players) if seat != won.seat and view.announced[seat] == len(won.cards)]
        if not tied:
            return []
        return [words("{others} had a point as long, {count} cards: at equal points the player earlier in the order "
                      "of play wins, « à point égal, celui qui a la main gagne » (GUIMBARDE-§4).",
                      others=", ".join(self.name(seat) for seat in tied), count=len(won.cards))]

    def retirements(self, payers: set[int | str]) -> list[str]:
        """G18 (unable_to_pay="retire"): the seats among ``payers`` that could not pay and have left the game."""
        words, retired = self.words, self.view.retired
        if not any(retired):
            return []
        lines = []
        for seat in sorted(s for s in payers if isinstance(s, int)):
            if retired and retired[seat]:
                lines.append(words("You cannot pay in full: you retire from the game (G18).") if seat == self.me else
                             words("{seat} cannot pay in full and retires from the game (G18).",
                                   seat=self.name(seat)))
        return lines

    def claim(self, seat: int, box: str, amount: int, cards: Sequence[Card]) -> str:
        words = self.words
        shown = words.cards(tuple(cards))
        counters = _counters(words, amount)
        if box == POINT:
            if seat == self.me:
                return words("You have the best point, {count} cards, show {cards} and draw the Point box: "
                             "{counters} (GUIMBARDE-§4).", count=len(cards), cards=shown, counters=counters)
            return words("{seat} has the best point, {count} cards, shows {cards} and draws the Point box: "
                         "{counters} (GUIMBARDE-§4).", seat=self.name(seat), count=len(cards), cards=shown,
                         counters=counters)
        law = "GUIMBARDE-§5" if box == MARIAGE else "GUIMBARDE-§6"
        if amount == 0:
            if seat == self.me:
                return words("You show {cards}; {box} is empty ({law}).", cards=shown, box=_box(words, box), law=law)
            return words("{seat} shows {cards}; {box} is empty ({law}).", seat=self.name(seat), cards=shown,
                         box=_box(words, box), law=law)
        if seat == self.me:
            return words("You show {cards} and draw {box}: {counters} ({law}).", cards=shown, box=_box(words, box),
                         counters=counters, law=law)
        return words("{seat} shows {cards} and draws {box}: {counters} ({law}).", seat=self.name(seat),
                     cards=shown, box=_box(words, box), counters=counters, law=law)

    # -------------------------------------------------------------- the end of the deal before
    def closing(self) -> list[str]:
        """How the deal before this one ended: its last action, its payments, its result."""
        view, words = self.view, self.words
        last = view.last_deal
        if last is None:
            return []
        history = last.history
        index = len(history) - 1
        while index >= 0 and _between_deals(history[index][1]):
            index -= 1
        if index > 0 and isinstance(history[index][1], Remedy) and isinstance(history[index - 1][1], Irregular):
            index -= 1
        lines = list(self.shared("closing", lambda: self.ended_named(index), lambda: self.ended(index)))
        if any(view.retired):
            lines += self.retirements({p.source for p in last.payments} - {p.source for p in view.payments})
        result = last.result
        if result is None:
            lines.append(words("The deal is dealt again by the same dealer."))
        elif not result.completed and any(isinstance(a, Remedy) and a.law == "G11" for _, a in history):
            lines.append(words("Deal {number} does not count (GUIMBARDE-R11): every counter of it went back.",
                               number=last.number))
        elif not result.completed:
            lines.append(words("Fewer than three players are left: the game ends (G18)."))
            lines.append(self.deal_result())
        else:
            lines.append(self.deal_result())
        return lines

    def ended(self, index: int) -> list[str]:
        """How the deal before ended, from its action at ``index`` on (or its payments before its first action)."""
        view, last = self.view, self.view.last_deal
        assert last is not None
        if index < 0:
            return self.payments([p for p in last.payments if p.at == -1])
        self.trump = last.trump_card.suit if last.trump_card is not None else None
        lines = self.tell(last.history, last.payments, view.previous_tricks, index)
        self.trump = view.trump
        return lines

    def ended_named(self, index: int) -> Iterable[int]:
        """The seats :meth:`ended` may name: the actors from ``index`` on, the winners of the tricks of the cards they
        played, the seats of the payments (:meth:`named`); every seat when the deal was drawn for (G-§2.4)."""
        last = self.view.last_deal
        assert last is not None
        if index < 0:
            return self.named([p for p in last.payments if p.at == -1])
        acts = last.history[index:]
        if any(isinstance(action, CutForDeal) for _, action in acts):
            return range(self.view.players)
        seats = {actor for actor, _ in acts if actor >= 0}
        seats |= {action.seat for _, action in acts if isinstance(action, Irregular)}
        cards = {action.card for _, action in acts if isinstance(action, Play)}
        cards |= {Card.parse(action.args[0]) for _, action in acts
                  if isinstance(action, Irregular) and action.args and _CARD_TEXT.fullmatch(action.args[0])}
        seats |= {trick.winner for trick in self.view.previous_tricks
                  if trick.winner is not None and any(card in cards for _, card in trick.plays)}
        return seats | set(self.named([p for p in last.payments if p.at >= index]))

    def deal_result(self) -> str:
        """The result of the deal before this one, with why: each seat's counters by what brought them."""
        if self.told_result is None:
            self.told_result = self.tell_deal_result()
        return self.told_result

    def tell_deal_result(self) -> str:
        view, words = self.view, self.words
        last = view.last_deal
        assert last is not None and last.result is not None
        points = last.result.points
        parts = _deal_sums(last, view.players)
        entries = [self.shared(("result", seat), lambda: (seat,), lambda: [  # noqa: B023 (called here)
            _result_entry(words, self.obj(seat), points[seat], parts[seat])])[0] for seat in range(view.players)]  # noqa: B023
        return words("Deal {number} is over: {results}.", number=last.number, results=words("; ").join(entries))

    # -------------------------------------------------------------- the game's end
    def game_result(self) -> str:
        view, words = self.view, self.words
        counters = view.counters
        best = max(counters)
        leaders = [seat for seat in range(view.players) if counters[seat] == best]
        if len(leaders) == 1:
            (winner,) = leaders
            if winner == self.me:
                return words("The game is over: you have the most counters, {points} (G-§5.7).",
                             points=signed(best))
            return words("The game is over: {seat} has the most counters, {points} (G-§5.7).",
                         seat=self.name(winner), points=signed(best))
        return words("The game is over: {seats} share the most counters, {points} each (G-§5.7).",
                     seats=_and(words, [self.obj(seat) for seat in leaders]), points=signed(best))


def _result_entry(words: Words, name: str, points: int, kinds: dict[str, int]) -> str:
    """A seat's part of a deal's result: its counters won or lost, by kind of payment (:func:`_kind`) when they add
    up to them."""
    line = f"{name} {signed(points)}"
    if sum(kinds.values()) == points and any(kinds.values()):
        said = _said_in(words).kinds
        line += " (" + ", ".join(f"{said[kind]} {signed(amount)}" for kind, amount in kinds.items() if amount) + ")"
    return line


@same_for_all
def _deal_sums(last: PastDeal, players: int) -> dict[int, dict[str, int]]:
    """What each seat won or lost in the deal before, by kind of payment (:func:`_kind`): worked out once for all
    the viewers of the deal that follows it (they read it, never change it)."""
    parts: dict[int, dict[str, int]] = {seat: {} for seat in range(players)}
    for payment in last.payments:
        kind = _kind(payment)
        if kind is None:
            continue
        for seat, sign in ((payment.source, -1), (payment.target, 1)):
            if isinstance(seat, int):
                parts[seat][kind] = parts[seat].get(kind, 0) + sign * payment.amount
    return parts


@same_for_all
def _placed(tricks: Sequence[Trick], players: int) -> tuple[dict[int, tuple[int, int, Trick]], tuple[int, ...]]:
    """Where each card of ``tricks`` was played (its trick's number, its place in it, the trick), and the tricks
    each seat won: worked out once for all the viewers of a position (they read it, never change it)."""
    placed: dict[int, tuple[int, int, Trick]] = {}
    won = [0] * players
    for number, trick in enumerate(tricks, start=1):
        for position, (_, card) in enumerate(trick.plays):
            placed[card.index] = (number, position, trick)
        if trick.winner is not None:
            won[trick.winner] += 1
    return placed, tuple(won)


def _reads(where: tuple[int, int, Trick] | None, paid: list[Payment]) -> object:
    """What a card's sentences read of its trick (:meth:`_Teller.play`), beside the card, its player and its
    payments: its place in the trick and the card before it; the whole trick only once it is won with this card, or
    when the card made payments (whose sentences read the trick, G-Q9). A card's sentences are told again when this
    changes: not at every card played after it to the same trick."""
    if where is None:
        return None
    number, position, trick = where
    if paid or (trick.winner is not None and position == len(trick.plays) - 1):
        return where
    return number, position, trick.plays[position - 1] if position else None


def _between_deals(action: Action) -> bool:
    """G14: an act about who deals, between two deals."""
    return ((isinstance(action, Irregular) and action.kind == "deal-out-of-turn")
            or (isinstance(action, Remedy) and action.law == "G14"))


def _is_fine(reason: str) -> bool:
    return reason in ("GUIMBARDE-R3", "GUIMBARDE-R7", "GUIMBARDE-R8", "GUIMBARDE-R9")


def _kind(payment: Payment) -> str | None:
    """What a payment is, for a deal's result: the antes, the boxes, the Point box won with tricks, the side
    payments, the fines, the share of the boxes, or counters given back; None for a new stock (G18)."""
    reason, source, target = payment.reason, payment.source, payment.target
    if BANK in (source, target):
        return None
    if reason == "GUIMBARDE-§1" or (reason == "GUIMBARDE-§7" and isinstance(target, str)):
        return "antes"
    if reason == "GUIMBARDE-§7":
        return "tricks"
    if reason in ("GUIMBARDE-§4", "GUIMBARDE-§5", "GUIMBARDE-§6") or (reason == "GUIMBARDE-R5"
                                                                       and isinstance(source, str)):
        return "boxes"
    if reason in ("GUIMBARDE-R1", "GUIMBARDE-R2", "GUIMBARDE-R4", "GUIMBARDE-R5"):
        return "side"
    if reason == "G-§5.7":
        return "share"
    if reason in ("G10", "G13", "G17", "GUIMBARDE-R11"):
        return "undone"
    return "fines"


_KIND_LAW: Final = {act.kind: act.law for act in ACTS}


# ------------------------------------------------------------------------------------------------ the hand
def sort_hand(cards: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
    """Trumps first (la guimbarde, le roi, le fou at their head), then the other suits, each strongest first
    (K Q J A 10 9 8 7: the ace between the jack and the ten, GUIMBARDE-§8).

    >>> from academie.cards import parse_cards
    >>> " ".join(str(c) for c in sort_hand(parse_cards("7S JD AC QH KC"), Suit.CLUBS))
    'QH JD KC AC 7S'
    """
    if trump is None:
        return tuple(cards)
    return tuple(sorted(cards, key=lambda c: (EFFECTIVE_SUIT[trump][c.index] != trump,
                                              EFFECTIVE_SUIT[trump][c.index], -POWER[trump][c.index])))


# ------------------------------------------------------------------------------------------------ the painter
def default_names(view: GuimbardeView, /, *, words: Words) -> tuple[str, ...]:
    """"You" for the viewer, "Seat N" for the others (every seat for a spectator).

    >>> from academie.games.guimbarde.state import GuimbardeState
    >>> default_names(GuimbardeState.new(seed=1, first_dealer=0, players=3).view(1), words=Words("fr"))
    ('Siège 0', 'Vous', 'Siège 2')
    """
    viewer, players = view.viewer, view.players
    return _said(_NAMES, (words.lang, words.game, viewer, players), lambda: tuple(
        words("You") if seat == viewer else words("Seat {number}", number=seat) for seat in range(players)))


_NAMES: dict[tuple[object, ...], tuple[str, ...]] = {}
""":func:`default_names`, made once per language, viewer and table size (the card room asks after every action)."""


def paint(view: GuimbardeView, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
    """The picture of ``view`` in ``words``' language, the seats called ``names``."""
    teller = _Teller(view, words, names)
    me = teller.me
    position = _position(words, (view.tricks, view.phase, view.trump_card, view.trump, view.hand_sizes,
                                 view.tricks_won, view.shown, view.retired, view.dealer, view.eldest,
                                 view.deal_number, view.deals, view.previous_tricks, view.last_deal, view.players,
                                 view.rules, view.payments, view.claims, view.announced, view.history))
    teller.sentences, teller.seats_named = position.sentences, position.seats_named
    dealt, retired = position.dealt, position.retired
    before = _before_the_deal(teller, memo, position, opening=bool(dealt or view.history))
    settled, told = teller.told(view.history, view.payments, view.tricks, memo=memo, position=position) \
        if dealt or view.history else ((), [])
    tallies = part(memo, "tallies", (teller.names, words, view.boxes, view.counters, view.stocks,
                                     view.stocks_bought), lambda: _tallies(teller))
    extra = part(memo, "extra", (teller.names, words, dealt, view.announced, retired),
                 lambda: _extra(teller, dealt, retired))
    over = position.over
    title, status, trump, table = position.head
    result = ""
    if over:
        closing = teller.deal_result() if view.last_deal and view.last_deal.result else ""
        result = " ".join(text for text in (closing, teller.game_result()) if text)
    elif view.last_deal is not None and view.last_deal.result is not None and not position.done and \
            position.trick is None:
        result = part(memo, "result", (teller.names, me, words, view.last_deal, view.players),
                      teller.deal_result) if view.last_deal.result.completed else ""
    actor = view.actor if isinstance(view.actor, int) and view.actor >= 0 else None
    hand = part(memo, "hand", (view.hand, view.trump), lambda: tuple(str(card) for card in sort_hand(
        view.hand, view.trump))) if me is not None and dealt else ()
    return _picture("guimbarde", title, words.lang, me, status, position.seats.of(teller.names), hand, trump, table,
                    position.trick, position.last_trick, tallies, actor, _waiting(teller, over),
                    _moves(teller) if me is not None and view.actor == me else (), (*before, *settled, *told),
                    _pending(teller), result, extra)


_picture: Final = write_picture


class _Position:
    """What the picture of one position reads of its view but the viewer's own (his names, his hand, his moves), in
    one language: worked out once for all the viewers of the position (:func:`_position`)."""

    __slots__ = ("before", "dealt", "done", "head", "last_trick", "over", "placed", "plays", "retired", "seats",
                 "seats_named", "sentences", "trick", "won")

    def __init__(self, words: Words, tricks: tuple[Trick, ...], phase: Phase, trump_card: Card | None,
                 trump: Suit | None, hand_sizes: tuple[int, ...], tricks_won: tuple[int, ...],
                 shown: tuple[tuple[Card, ...], ...], retired: tuple[bool, ...], dealer: int | None,
                 eldest: int | None, deal_number: int, deals: int, previous_tricks: tuple[Trick, ...],
                 last_deal: PastDeal | None, players: int, rules: object, payments: tuple[Payment, ...],
                 claims: tuple[object, ...], announced: tuple[int, ...],
                 history: tuple[tuple[int, Action], ...]) -> None:
        self.dealt = dealt = trump_card is not None and phase is Phase.PLAY
        self.over = over = phase is Phase.OVER
        self.retired = retired = retired or (False,) * players
        current = tricks[-1] if tricks and tricks[-1].winner is None else None
        done = [trick for trick in tricks if trick.winner is not None]
        self.done = len(done)
        trick_number = len(done) + 1
        self.trick = _trick_in_play(words, trump, trick_number, current) if current is not None else None
        self.last_trick = None
        if done:
            self.last_trick = _last_trick(words, trump, len(done), done[-1])
        elif previous_tricks:  # the last trick of the deal before, under its own trumps
            past = last_deal.trump_card if last_deal is not None else None
            self.last_trick = _last_trick(words, past.suit if past is not None else None, len(previous_tricks),
                                          previous_tricks[-1])
        trick_number = min(trick_number, TRICKS)
        self.head = _said(_HEADS, (words.lang, words.game, over, dealt, deal_number, deals, trick_number, trump,
                                   trump_card),
                          lambda: _head(words, over=over, dealt=dealt, deal_number=deal_number, deals=deals,
                                        trick_number=trick_number, trump=trump, trump_card=trump_card))
        self.seats = _seats(words, hand_sizes, tricks_won, shown, retired, dealer, eldest, dealt)
        self.before = (rules, last_deal, previous_tricks, _payers_and_antes(payments), players, trump_card, trump,
                       dealer, deal_number, deals, claims, announced, retired)
        """What the first lines of the deal's log read of the view (:func:`_before_the_deal`)."""
        self.placed, self.won = _placed(tricks, players)
        """Where each card of the deal lies, and the tricks each seat won."""
        self.plays: dict[tuple[object, ...], list[str]] = {}
        """The sentences of the cards of the deal that made no payment, as told to one viewer
        (:meth:`_Teller.play_told`), by the card's place in ``history`` and what they read of the viewer (the
        trumps and the rules are the position's): kept for every viewer of the position."""
        self.sentences: dict[tuple[object, ...], list[str]] = {}
        """The first sentences of the deal's log (how the deal before ended, how this one opened) by what they are and
        how their viewer calls the seats they name (:meth:`_Teller.shared`): kept for every viewer of the position."""
        self.seats_named: dict[object, tuple[tuple[int, ...], Callable[[Sequence[str]], object]]] = {}
        """The seats each kind of those sentences may name, and how to read their names from a viewer's names."""


def _position(words: Words, fields: tuple[object, ...]) -> _Position:
    """The :class:`_Position` of a view's ``fields`` (the arguments of :class:`_Position` after the words) in one
    language, made once for all the viewers of a position (the same objects in each of their views: compared by
    identity), and kept per language (:data:`_LANGUAGES_KEPT`) for the viewers painted in another."""
    kept = _POSITIONS.get((words.lang, words.game))
    if kept is not None and all(map(operator.is_, kept[0], fields)):
        return kept[1]
    if len(_POSITIONS) >= _LANGUAGES_KEPT:
        _POSITIONS.clear()
    made = _Position(words, *fields)  # type: ignore[arg-type]  # (the fields of a GuimbardeView, in this order)
    _POSITIONS[words.lang, words.game] = (fields, made)
    return made


_POSITIONS: dict[tuple[str, str | None], tuple[tuple[object, ...], _Position]] = {}
"""The last position made in each language (:func:`_position`), with the fields it was made from."""


class _Seats:
    """The seats' lines of one position in one language, for every viewer (:func:`_seats`): a seat's line reads its
    name beside what every viewer sees of it, so it is made once for every viewer who calls the seat alike."""

    __slots__ = ("facts", "lines", "made")

    def __init__(self, facts: tuple[tuple[tuple[str, ...], int, tuple[str, ...], tuple[str, ...]], ...]) -> None:
        self.facts = facts
        """Each seat's roles, cards held, cards shown and notes, in words."""
        self.lines: tuple[dict[str, SeatPicture], ...] = tuple({} for _ in facts)
        """Each seat's line by the name it is called."""
        self.made: dict[tuple[str, ...], tuple[SeatPicture, ...]] = {}

    def of(self, names: tuple[str, ...]) -> tuple[SeatPicture, ...]:
        """The seats' lines as a viewer who calls them ``names`` sees them."""
        seats = self.made.get(names)
        if seats is None:
            # (names may name more seats than the table has: the first are the table's)
            seats = self.made[names] = tuple([by_name.get(name) or self.line(seat, name) for seat, (by_name, name)
                                              in enumerate(zip(self.lines, names, strict=False))])
        return seats

    def line(self, seat: int, name: str) -> SeatPicture:
        line = self.lines[seat][name] = SeatPicture(seat, name, *self.facts[seat])
        return line


def _seats(words: Words, held: tuple[int, ...], won: tuple[int, ...], shown: tuple[tuple[Card, ...], ...],
           retired: tuple[bool, ...], dealer: int | None, eldest: int | None, dealt: bool) -> _Seats:
    """What the seats' lines read but their names (roles, cards held and shown, tricks won, retirement), worked out
    once for all the viewers of a position (:class:`_Position`)."""
    facts = []
    for seat, count in enumerate(held):
        roles, notes = _said(_SEAT_WORDS, (words.lang, words.game, seat == dealer, seat == eldest, dealt, won[seat],
                                           retired[seat]),
                             lambda: _seat_words(words, seat == dealer, seat == eldest, dealt, won[seat],  # noqa: B023
                                                 retired[seat]))  # noqa: B023 (called here)
        cards = tuple(str(card) for card in shown[seat]) if dealt and shown else ()
        facts.append((roles, count if dealt else 0, cards, notes))
    seats = _Seats(tuple(facts))
    last = _last_seats.get(words)
    if last is not None and len(last.facts) == len(facts):
        # a seat's lines as the position before made them, where what they read but the name is the same (an action
        # changes one or two seats): each seat's lines by name only grow, so the two positions may share them
        seats.lines = tuple(kept if before == now else made for kept, made, before, now
                            in zip(last.lines, seats.lines, last.facts, facts, strict=True))
    if len(_last_seats) >= _LANGUAGES_KEPT:
        _last_seats.clear()
    _last_seats[words] = seats
    return seats


_SEAT_WORDS: dict[tuple[object, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""Seats' roles and notes in words (:func:`_seat_words`), by language and what they read, for every table."""


def _seat_words(words: Words, dealer: bool, eldest: bool, dealt: bool, won: int, retired: bool
                ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A seat's roles and notes in words (kept for every table: they read their arguments alone)."""
    roles = []
    if dealer:
        roles.append(words("dealer"))
    if eldest:
        roles.append(words("eldest hand"))
    notes = []
    if dealt:
        notes.append(words("1 trick") if won == 1 else words("{count} tricks", count=won))
    if retired:
        notes.append(words("retired (G18)"))
    return tuple(roles), tuple(notes)


_last_seats: dict[Words, _Seats] = {}
"""The seats of the last position worked out in each language (:func:`_seats`)."""


_HEADS: dict[tuple[object, ...], tuple[str, str, str | None, tuple[tuple[str, tuple[str, ...]], ...]]] = {}
"""The pictures' titles, status lines, trumps and turn-ups (:func:`_head`), by language and what they read, for every
table."""


def _head(words: Words, *, over: bool, dealt: bool, deal_number: int, deals: int, trick_number: int,
          trump: Suit | None, trump_card: Card | None
          ) -> tuple[str, str, str | None, tuple[tuple[str, tuple[str, ...]], ...]]:
    """The picture's title, status line, trumps and turn-up, which read no name."""
    if over:
        status = words("The game is over")
    elif dealt:
        status = words("Deal {number} of {deals}, trick {trick} of 5", number=deal_number, deals=deals,
                       trick=trick_number)
    else:
        status = words("Deal {number} of {deals}", number=deal_number + 1, deals=deals)
    trump_words = (words("{suit}, by the turn-up; la guimbarde, le roi and le fou above them", suit=words.suit(trump))
                   if dealt and trump is not None else None)
    table = ((words("Turn-up"), (str(trump_card),)),) if dealt and trump_card is not None else ()
    return words("La Guimbarde"), status, trump_words, table


def _tallies(teller: _Teller) -> tuple[Tally, ...]:
    view, names = teller.view, teller.names
    boxes, by_seat = _tally_values(teller.words, view.boxes, view.counters, view.stocks, view.stocks_bought)
    return (boxes, *[Tally(label, tuple((names[seat], value) for seat, value in values)) for label, values in by_seat])


def _made_tally_values(words: Words, boxes: tuple[tuple[str, int], ...], counters: tuple[int, ...],
                       stocks: tuple[int, ...], bought: tuple[int, ...]
                       ) -> tuple[Tally, list[tuple[str, list[tuple[int, str]]]]]:
    """The tallies as every viewer sees them: the boxes, and each tally by seat as its label and each seat's value
    (the seats called by each viewer's names, :func:`_tallies`)."""
    by_seat = [(words("Counters won or lost"), [(seat, signed(count)) for seat, count in enumerate(counters)])]
    if stocks:
        by_seat.append((words("Stocks"), [(seat, str(stock)) for seat, stock in enumerate(stocks)]))
    if bought and any(bought):
        by_seat.append((words("New stocks bought (G18)"), [(seat, str(count)) for seat, count in enumerate(bought)
                                                           if count]))
    return Tally(words("Boxes"), tuple((BOX_NAMES[box], str(amount)) for box, amount in boxes)), by_seat


_tally_values: Final = _by_language(_made_tally_values)
"""The tallies' values of a position in one language, worked out once for all its viewers (they read them, never
change them)."""


def _extra(teller: _Teller, dealt: bool, retired: tuple[bool, ...]) -> tuple[tuple[str, str], ...]:
    view, words = teller.view, teller.words
    if not dealt:
        return ()
    return ((words("Points announced"), ", ".join(
        f"{teller.names[seat]} {_point(words, view.announced[seat])}" for seat in range(view.players)
        if not retired[seat])),)


_SETTLED: Final = "settled"
"""The part of a memo that keeps the settled beginning of a deal's log (:class:`_Settled`)."""


class _Settled:
    """The beginning of a deal's log that no later action can change (what a :class:`~academie.picture.Memo`
    keeps for :meth:`_Teller.tell`): the sentences of its first actions up to the first card of a trick not yet
    won that made payments (whose sentences read the whole trick, G-Q9; a card that made none reads its place and
    the card before it, :func:`_reads`, settled once played) or an irregular act or a ruling (whose sentences read
    the whole view), with the payments made by those actions. Believed while the deal and the scope of the memo's
    sentences (the names, the language, the rules...), its first actions and the number of payments they made are
    the same."""

    __slots__ = ("count", "deal", "last", "lines", "paid")

    def __init__(self, deal: tuple[object, ...], lines: list[str], count: int, paid: int) -> None:
        self.deal, self.lines, self.count, self.paid = deal, lines, count, paid
        self.last: tuple[int, Action] | None = None

    def settle(self, history: Sequence[tuple[int, Action]], payments: Sequence[Payment], count: int,
               lines: list[str]) -> None:
        """The first ``count`` actions of ``history`` settled, told by the lines kept and ``lines``."""
        self.lines += lines
        self.count, self.last = count, history[count - 1]
        paid = self.paid
        while paid < len(payments) and payments[paid].at < count:  # (the payments are in the order of the actions)
            paid += 1
        self.paid = paid

    def holds(self, deal: tuple[object, ...], history: Sequence[tuple[int, Action]],
              payments: Sequence[Payment]) -> bool:
        count = self.count
        paid = self.paid  # (the payments, in the order of their actions, made before the action ``count``)
        return (deal == self.deal and len(history) >= count and (not count or history[count - 1] == self.last)
                and len(payments) >= paid and (not paid or payments[paid - 1].at < count)
                and (len(payments) == paid or payments[paid].at >= count))


def _at(payment: Payment) -> int:
    return payment.at


def _antes_in_full(antes: Sequence[Payment]) -> bool:
    """Whether ``antes`` (GUIMBARDE-§1) are every player's 1 counter into each of the five boxes (told without a
    name)."""
    return ({p.target for p in antes} == set(BOXES) and len(antes) > len(BOXES)
            and len(antes) == len({p.source for p in antes}) * len(BOXES) and all(p.amount == 1 for p in antes))


class _Before:
    """The first lines of a deal's log (how the deal before ended; the deal, its antes, claims and points) as a
    viewer was last told them, and the tricks counted meanwhile (what a :class:`~academie.picture.Memo` keeps):
    told again when anything they are told from differs."""

    __slots__ = ("key", "lines", "tricks_won")

    def __init__(self, key: tuple[object, ...], lines: list[str], tricks_won: list[int]) -> None:
        self.key, self.lines, self.tricks_won = key, lines, tricks_won


def _before_the_deal(teller: _Teller, memo: Memo | None, position: _Position, *, opening: bool) -> list[str]:
    """The first lines of the deal's log (not to be changed by the caller: ``memo`` keeps them)."""
    key = (teller.names, teller.me, teller.words.lang, opening, position.before)
    kept = memo.kept if memo is not None else None
    if isinstance(kept, _Before) and kept.key == key:
        teller.tricks_won = list(kept.tricks_won)
        return kept.lines
    lines = teller.closing() + (teller.opening() if opening else [])
    if memo is not None:
        memo.kept = _Before(key, lines, list(teller.tricks_won))
    return lines


@same_for_all
def _opening_payments(payments: tuple[Payment, ...], claims: tuple[Claim, ...]) -> tuple[list[Payment], list[Payment]]:
    """The payments of the deal before its first action: the antes (GUIMBARDE-§1, with the stocks bought, G18), and
    the others but the boxes drawn, each told with its claim (one withdrawn under G15 is not): worked out once for all
    the viewers of a position (they read them, never change them)."""
    start = [p for p in payments if p.at == -1]
    antes = [p for p in start if p.reason in ("GUIMBARDE-§1", "G18")]
    later = [p for p in start if p.reason not in ("GUIMBARDE-§1", "G18")]
    for claim in claims:
        drawn = next((p for p in later if p.source == claim.box and p.target == claim.seat
                      and p.amount == claim.amount), None)
        if drawn is not None:
            later.remove(drawn)
    return antes, later


@same_for_all
def _payers_and_antes(payments: tuple[Payment, ...]) -> tuple[frozenset[int | str], tuple[Payment, ...]]:
    """Who paid this deal, and the payments of the deal itself (before its first action): what the first lines of
    its log read of its payments."""
    return frozenset(payment.source for payment in payments), tuple(paid for paid in payments if paid.at == -1)


def _waiting(teller: _Teller, over: bool) -> str:
    view, words = teller.view, teller.words
    if over:
        return words("The game is over")
    if view.pending is not None:
        chooser = view.pending.chooser
        if chooser is None:
            return words("The table rules under {law}", law=view.pending.law)
        if chooser == teller.me:
            return words("Your move")
        return words("{seat} chooses the remedy under {law}", seat=teller.name(chooser), law=view.pending.law)
    actor = view.actor
    if actor is None or actor == TABLE:
        return words("The table rules")
    if actor < 0:
        return words("Waiting for the deal")
    if actor == teller.me:
        return words("Your move")
    name = teller.name(actor)
    return _said(_TO_PLAY, (words.lang, words.game, name), lambda: words("{seat} to play", seat=name))


_TO_PLAY: dict[tuple[object, ...], str] = {}
""""{seat} to play", said once per language and name for every viewer and table."""


def _moves(teller: _Teller) -> tuple[MovePicture, ...]:
    view, words = teller.view, teller.words
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    trump = view.trump
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    before = current.plays[-1][1].index if current is not None else -1
    language = (words.lang, words.game)
    moves = []
    for card in sort_hand([play.card for play in plays], trump):
        kind = marriage_kind(before, card.index, view.rules) if before >= 0 else 0
        trumps = trump is not None and EFFECTIVE_SUIT[trump][card.index] == trump
        moves.append(_said(_PLAYS, (*language, card.index, kind, trumps),
                           lambda: MovePicture(f"play {card}", _play_label(words, card, kind, trumps), str(card))))  # noqa: B023 (called here)
    for action in view.legal_actions:
        if isinstance(action, Remedy):
            moves.append(MovePicture(str(action), words("accept the ruling under {law}: {ruling}", law=action.law,
                                                        ruling=teller.remedy_text(action))))
        elif not isinstance(action, Play):
            moves.append(MovePicture(str(action), str(action)))
    return tuple(moves)


_PLAYS: dict[tuple[object, ...], MovePicture] = {}
"""A card to play as a move, made once per language, card and what it is (:func:`_play_label`) for every viewer and
table."""


def _play_label(words: Words, card: Card, kind: int, trumps: bool) -> str:
    """A card to play, with what it is: la guimbarde, le roi, le fou, a trump (``trumps``), the queen on her king
    (``kind``: :func:`~academie.games.guimbarde.state.marriage_kind` of the card played before it and this one)."""
    shown = _card(words, card)
    if kind == 1:
        return words("play {card} on its king: a marriage (GUIMBARDE-R6)", card=shown)
    if kind == 2:
        return words("play {card}: the grand marriage on the table (GUIMBARDE-R4)", card=shown)
    if card.index == QH:
        return words("play {card}, la guimbarde", card=shown)
    if card.index == KH:
        return words("play {card}, le roi", card=shown)
    if card.index == JD:
        return words("play {card}, le fou", card=shown)
    if trumps:
        return words("play {card}, a trump", card=shown)
    return words("play {card}", card=shown)


def _pending(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    pending = view.pending
    if pending is None:
        return ""
    act = next((action for _, action in reversed(view.history) if isinstance(action, Irregular)), None)
    what = act_label(view, str(act), words=words) if act is not None else pending.law
    remedies = [teller.remedy_text(Remedy(name, pending.law)) for name in pending.remedies]
    if pending.chooser is None:
        return words("{law}: {act}; the table rules: {ruling}", law=pending.law, act=what,
                     ruling=_and(words, remedies))
    chooser = words("you") if pending.chooser == teller.me else teller.name(pending.chooser)
    return words("{law}: {act}; {seat} chooses: {remedies}", law=pending.law, act=what, seat=chooser,
                 remedies=_and(words, remedies))


# ------------------------------------------------------------------------------------------------ refusals
def why_not(view: GuimbardeView, action_text: str, reason: str, /, *, words: Words) -> str:
    """Why the viewer may not take ``action_text`` now, citing the rule (the engine's ``reason`` otherwise)."""
    teller = _Teller(view, words, default_names(view, words=words))
    me = teller.me
    allowed = _allowed(teller)
    if view.phase is Phase.OVER or view.actor is None:
        return words("The game is over: no move is possible.")
    text = action_text.strip()
    parts = text.split()
    if parts and parts[0] == "!":
        if view.rules.mode is not Mode.TABLE:
            return words("Irregular acts happen only in table mode (rules option mode=table).") + allowed
        return words("That irregular act is not possible now: {reason}.", reason=reason) + allowed
    if view.pending is not None and not text.lower().startswith("remedy"):
        return words("A ruling under {law} is pending: it must be applied first.", law=view.pending.law) + allowed
    if me is None or view.actor != me:
        actor = view.actor
        if isinstance(actor, int) and actor >= 0:
            return words("It is not your turn: {seat} is to play (GUIMBARDE-R12).", seat=teller.name(actor))
        return words("It is not your turn: the next deal is being dealt.")
    if len(parts) == 2 and parts[0].lower() == "play":
        try:
            card = Card.parse(parts[1])
        except ValueError:
            return words("Cannot read a card from “{text}”.", text=parts[1]) + allowed
        return _card_refused(teller, card) + allowed
    return words("Not allowed now: {reason}.", reason=reason) + allowed


def _allowed(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    plays = sort_hand([a.card for a in view.legal_actions if isinstance(a, Play)], view.trump)
    if plays and view.actor == teller.me:
        return " " + words("You may play: {cards}.", cards=words.cards(plays))
    return ""


def _card_refused(teller: _Teller, card: Card) -> str:
    """Why ``card`` may not be played: the step of the legal-card algorithm (G-§5.3) that forbids it."""
    view, words = teller.view, teller.words
    shown = _card(words, card)
    if card not in view.hand:
        return words("You do not hold {card}.", card=shown)
    trump = view.trump
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    if trump is None or current is None:
        return words("{card} cannot be played now.", card=shown)
    rules, hand, index = view.rules, mask_of(view.hand), card.index
    trick = [c.index for _, c in current.plays]
    best = trick[0]
    for other in trick[1:]:
        if BEATEN_BY[trump][best] >> other & 1:
            best = other
    previous, led = trick[-1], EFFECTIVE_SUIT[trump][trick[0]]
    follow = hand & EFFECTIVE_MASKS[trump][led]
    queen = previous - 1 if rank_of(previous) == 13 else -1  # (the queen's index is the king's less one)
    if queen >= 0 and legal_mask(hand, trick, trump, rules) == 1 << queen:
        return words("You must play {queen} on {king}, to make the marriage (GUIMBARDE-R7); else you pay 1 "
                     "counter to each other player.", queen=_card(words, queen), king=_card(words, previous))
    protected = any(marriage_kind(a, b, rules) == 1
                    and (rules.rule3_protects_trump_marriages or EFFECTIVE_SUIT[trump][a] != trump)
                    for a, b in itertools.pairwise(trick))
    barred = rules.protected if protected else 0
    r3 = words("You may not take a marriage with la guimbarde, le roi or le fou (GUIMBARDE-R3).")
    if follow:
        if not follow >> index & 1:
            if led == trump:
                return words("You must follow suit: a trump was led, and you hold trumps (GUIMBARDE-R8; la "
                             "guimbarde, le roi and le fou are trumps, G-§2.2).")
            return words("You must follow suit: {suit} was led (GUIMBARDE-R8).", suit=Suit(led).symbol)
        if barred >> index & 1 and follow & ~barred:
            return r3
        return words("You must beat {card} if you can (forcer, GUIMBARDE-R9).", card=_card(words, best))
    trumps = hand & TRUMP_MASKS[trump] & ~barred
    if barred >> index & 1:
        return r3
    if trumps and EFFECTIVE_SUIT[trump][index] != trump:
        return words("You have no {suit}: you must trump (couper, GUIMBARDE-R9).", suit=Suit(led).symbol)
    if trumps:
        return words("You must overtrump {card} if you can (GUIMBARDE-R9).", card=_card(words, best))
    return words("{card} cannot be played now (G-§5.3).", card=shown)


# ------------------------------------------------------------------------------------------------ shorthand
_NAMED: Final = {"guimbarde": "QH", "la guimbarde": "QH", "roi": "KH", "le roi": "KH", "fou": "JD", "le fou": "JD"}


def shorthand(view: GuimbardeView, text: str, /) -> str:
    """A card alone (``KH``, ``10h``, ``kh``, ``R♥``) or the name of a privileged card (« la guimbarde », « le
    roi », « le fou ») stands for playing it, when a card may be played; other text is left as it is.

    >>> from academie.games.guimbarde.state import GuimbardeState
    >>> view = GuimbardeState.new(seed=3, first_dealer=0, players=3).view(1)
    >>> shorthand(view, str(view.hand[0]).lower()) == f"play {view.hand[0]}", shorthand(view, "help")
    (True, 'help')
    """
    stripped = text.strip()
    if not any(isinstance(action, Play) for action in view.legal_actions):
        return text
    parts = stripped.split()
    candidate = _NAMED.get(stripped.lower(), stripped)
    if len(parts) == 2 and parts[0].lower() in ("play", "jouer", "joue"):
        candidate = parts[1]
    elif len(parts) != 1 and stripped.lower() not in _NAMED:
        return text
    try:
        card = Card.parse(candidate)
    except ValueError:
        return text
    return f"play {card}"


# ------------------------------------------------------------------------------------------------ table mode
def act_label(view: GuimbardeView, act: str, /, *, words: Words) -> str:
    """An irregular act (``! revoke 0 KH``) in one line of words, with its law's ID (table mode)."""
    parts = act.split()
    if len(parts) < 3 or parts[0] != "!":
        return act
    kind = parts[1]
    argument = parts[3] if len(parts) > 3 else ""
    card = ""
    if argument:
        try:
            card = _card(words, Card.parse(argument))
        except ValueError:
            card = argument
    box = _box(words, argument) if argument in BOXES else argument
    labels = {
        "break-marriage": words("broken marriage: {card} played instead of the queen on her king (G7, "
                                "GUIMBARDE-R7: 1 counter to each)", card=card),
        "revoke": words("renonce with {card}: suit not followed when able (G8, GUIMBARDE-R8: 1 counter to each)",
                        card=card),
        "no-beat": words("{card} played without beating (forcer) or trumping (couper) when able (G9, "
                         "GUIMBARDE-R9: 1 counter to each)", card=card),
        "trump-marriage": words("a marriage taken with {card}, a privileged trump (G3, GUIMBARDE-R3: 1 counter "
                                "to each)", card=card),
        "out-of-turn": words("{card} played out of turn (G12, GUIMBARDE-R12: 1 counter to each; the card is "
                             "taken back)", card=card),
        "misdeal": words("a misdeal by the dealer (G10, GUIMBARDE-R10: he pays 1 counter to each and deals "
                         "again)"),
        "faced-card": words("a card found face up in the pack (G13: the same dealer deals again)"),
        "deal-out-of-turn": words("dealing out of turn (G14: the right dealer deals)"),
        "false-pack": words("a faulty pack (G11, GUIMBARDE-R11: the deal does not count)"),
        "wrong-count": words("too few or too many cards in hand (G17: a misdeal before the first trick is "
                             "complete, else no Point box for tricks)"),
        "forgo": words("{box} drawn without showing the cards (G15: the counters go back)", box=box),
        "false-claim": words("{box} drawn without holding its chance (G16: it goes back, and 1 counter to each)",
                             box=box),
    }
    return labels.get(kind, act)


__all__ = ["act_label", "default_names", "paint", "shorthand", "sort_hand", "why_not"]

