"""The table picture of Écarté: what one seat (or a spectator) sees, built from its view only.

The picture shows the two seats (the dealer and the elder hand, who speaks and leads first, ECARTE-V.1), the turn-up
and trumps (la retourne, E-§3), the talon still to draw from, the score to five (E-§6.1), the trick on the table
and the last one with who won it and why (E-§5), and the viewer's hand sorted the game's way: trumps first, then
♠ ♥ ♣ ♦ (the colours alternate), each suit strongest first: K Q J A 10 9 8 7 (E-§2.1).

Its log tells the deal in sentences, with the books' sayings: « je propose », « combien ? », « je joue », « je
marque le roi »; the exchange as the viewer saw it (his own discards and draws, the opponent's as a count,
ECARTE-VI.4); every card, every trick's winner and why; every point marked with the rule that marked it; every
irregularity and ruling of table mode with its law. Because the action that ends a deal also deals the next one
at once, the log of a deal begins with how the deal before it ended: its last trick, its points and why.

>>> from academie.games.ecarte.state import EcarteState
>>> from academie.words import Words
>>> state = EcarteState.new(seed=1, first_dealer=0)
>>> picture = paint(state.view(1), words=Words("en"), names=("The bot", "You"))
>>> picture.waiting_for, [move.label for move in picture.moves][:1]
('Your move', ['« je propose »: propose an exchange of cards (ECARTE-VI.1)'])
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence
from typing import Final

from academie.cards import CARDS, Card, Rank, Suit
from academie.engine import TABLE, Action, Mode
from academie.games.ecarte.state import (
    HAND_SIZE,
    STRENGTH,
    TRICKS,
    Accept,
    CutForDeal,
    Discard,
    EcarteView,
    HiddenDiscard,
    HiddenTakeBack,
    Irregular,
    LastDeal,
    MarkKing,
    Payment,
    Phase,
    Play,
    Propose,
    Refuse,
    Remedy,
    Stand,
    TakeBack,
    trick_winner,
)
from academie.games.ecarte.table import ACTS
from academie.picture import Memo, MovePicture, Picture, SeatPicture, Tally, TrickPicture, cards_in, part
from academie.words import Words

SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The suits after trumps, colours alternating (black, red, black, red)."""
_NO_LAWS: Final[frozenset[str]] = frozenset()
TRICK_LAWS: Final = frozenset({"E-§6.1", "ECARTE-VI.7", "ECARTE-VI.8"})
"""The laws that mark points for the tricks, at the end of the deal."""
END_LAWS: Final = TRICK_LAWS | {"E-P3", "E-P4"}
"""The laws whose points end a deal (told with the deal's end)."""
_EXCHANGE: Final = frozenset({Phase.ELDER_DECIDES, Phase.DEALER_DECIDES, Phase.ELDER_DISCARD, Phase.ELDER_TAKE_BACK,
                              Phase.DEALER_DISCARD})
_SEAT: Final = re.compile(r"\bseat (\d)\b")
_TEXT: Final = tuple(str(card) for card in CARDS)
"""Each card's text (``KH``) by index, as a picture writes it."""


# ------------------------------------------------------------------------------------------------ the hand
def sort_hand(cards: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
    """Trumps first, then ♠ ♥ ♣ ♦ (colours alternate), each suit strongest first: K Q J A 10 9 8 7 (E-§2.1).

    >>> from academie.cards import parse_cards
    >>> " ".join(str(c) for c in sort_hand(parse_cards("7S AH KS 9D JH"), Suit.HEARTS))
    'JH AH KS 7S 9D'
    """
    order = ((trump,) if trump is not None else ()) + tuple(s for s in SUIT_ORDER if s != trump)
    return tuple(sorted(cards, key=lambda c: (order.index(c.suit), -STRENGTH[c.index])))


# ------------------------------------------------------------------------------------------------ small words
def _points(words: Words, count: int) -> str:
    return words("1 point") if abs(count) == 1 else words("{count} points", count=abs(count))


@dataclasses.dataclass
class _Trick:
    """A trick as the log follows it."""

    plays: list[tuple[int, Card]]
    winner: int | None = None


class _Walk:
    """The actions of a deal told so far, with what telling them needs to go on (the tricks, who exchanged, which
    discard each seat is at): a memo keeps it, so the next picture tells only the actions since."""

    __slots__ = ("can", "contexts", "count", "current", "exchanged", "irregular", "key", "last", "marked_later",
                 "placed", "served", "told", "tricks", "won")

    def __init__(self) -> None:
        self.told: list[list[str]] = []
        self.can: list[frozenset[str]] = []
        """The laws whose points each action may mark (told right after it)."""
        self.contexts: list[Action] = []
        self.tricks: list[_Trick] = []
        self.current: _Trick | None = None
        self.won = [0, 0]
        self.exchanged = False
        self.served = [0, 0]
        self.count = 0
        """The actions of the history told."""
        self.last: tuple[int, Action] | None = None
        self.key: tuple[object, ...] = ()
        self.marked_later = False
        """Whether an action told may mark the point of the turned-up king (E-§3.4) after the deal."""
        self.irregular = False
        """Whether an irregular act was told (its words read the whole view: the walk is not kept)."""
        self.placed: _Placed | None = None

    def put(self, teller: _Teller, seat: int, card: Card) -> tuple[list[str], frozenset[str]]:
        if self.current is None:
            self.current = _Trick([(seat, card)])
            return [teller.lead(seat, card)], _NO_LAWS
        lines = [teller.follow(seat, card)]
        leader, led = self.current.plays[0]
        if teller.trump is None:
            return lines, _NO_LAWS
        current = self.current
        current.plays.append((seat, card))
        winner = trick_winner(leader, led, card, teller.trump)
        current.winner = winner
        self.tricks.append(current)
        self.won[winner] += 1
        lines.append(teller.won(len(self.tricks), current.plays, winner, teller.trump))
        self.current = None
        return lines, (TRICK_LAWS if len(self.tricks) == TRICKS else _NO_LAWS)

    def step(self, teller: _Teller, index: int, actor: int, action: Action) -> None:
        view = teller.view
        lines: list[str] = []
        laws = _NO_LAWS
        served = self.served
        if isinstance(action, Play):  # (most actions)
            lines, laws = self.put(teller, actor, action.card)
        elif isinstance(action, CutForDeal):
            lines.append(teller.cut(action))
        elif isinstance(action, Propose | Accept | MarkKing):
            self.exchanged = self.exchanged or isinstance(action, Accept)
            lines.append(teller.saying(actor, action, penalised=False))
            if isinstance(action, MarkKing):
                laws = frozenset({"E-§3.4", "E-§4.4"})
        elif isinstance(action, Stand | Refuse):
            penalty_anytime = not view.rules.penalty_first_decision_only
            penalised = (not self.exchanged or penalty_anytime) and actor in (view.stood, view.refused)
            lines.append(teller.saying(actor, action, penalised=penalised))
        elif isinstance(action, Discard | HiddenDiscard):
            counts = view.draw_counts[actor] if actor in (0, 1) else ()
            count = counts[served[actor]] if actor in (0, 1) and served[actor] < len(counts) else 0
            if isinstance(action, Discard):
                mine = actor == teller.me and served[actor] < len(view.drawn)
                drawn = view.drawn[served[actor]] if mine else None
                lines.append(teller.discard(actor, action, drawn, count))
            else:
                lines.append(teller.hidden_discard(actor, action.count, count))
            if actor in (0, 1):
                served[actor] += 1
        elif isinstance(action, TakeBack | HiddenTakeBack):
            lines.append(teller.take_back(actor, action))
        elif isinstance(action, Irregular):
            lines.append(teller.irregular(action))
            if action.kind == "revoke" and action.args:
                card = _parse(action.args[0])
                if card is not None:
                    lines += self.put(teller, action.seat, card)[0][1:]  # the act says the card; the trick's winner
            elif action.kind == "correct-revoke" and self.tricks and self.current is None:
                undone = self.tricks.pop()
                if undone.winner is not None:
                    self.won[undone.winner] -= 1
                self.current = _Trick(undone.plays[:1])
            elif action.kind == "late-king":
                laws = frozenset({"E-§3.4", "E-§4.4"})
            elif action.kind in ("misscore", "correct-score"):
                laws = frozenset({"E-S1"})
        elif isinstance(action, Remedy):
            lines.append(teller.ruling(action))
            act = next((a for _, a in reversed(view.history[:index]) if isinstance(a, Irregular)), None)
            covered = _covered_card(action, act)
            if covered is not None and act is not None:
                more, laws = self.put(teller, act.seat, covered)
                lines += more[1:] if len(more) > 1 else []
            elif (action.law, action.name) == ("E-P3", "replay"):
                self.tricks.clear()
                self.current = None
                self.won[:] = [0, 0]
            laws = laws | _REMEDY_LAWS.get((action.law, action.name), frozenset())
        else:
            lines.append(str(action))
        self.told.append(lines)
        self.can.append(laws)
        self.contexts.append(action)
        self.marked_later = self.marked_later or "E-§3.4" in laws
        self.irregular = self.irregular or isinstance(action, Irregular)


class _Placed:
    """The sentences of a deal's actions told so far with the points placed after them (:meth:`_Teller.with_payments`),
    and what placing the points of the next actions needs: the first payment not yet placed, the laws of the actions
    since the last one that marked points (a payment that comes later may still go to one of them)."""

    __slots__ = ("actions", "automatic", "lead_open", "lines", "marked_later", "open", "payments", "start", "won")

    def __init__(self, payments: tuple[Payment, ...], marked_later: bool, automatic: tuple[str, ...]) -> None:
        self.lines: list[str] = []
        self.payments = payments
        self.marked_later = marked_later
        self.automatic = automatic
        self.actions = 0
        """The actions whose sentences (and points) are in :attr:`lines`."""
        self.start = 0
        """The payments placed in :attr:`lines`."""
        self.open: frozenset[str] = frozenset()
        """The laws whose points the actions from the last one that marked points on may mark."""
        self.lead_open = False
        """Whether every payment went before the actions (the points of a turned-up king): a payment that comes
        later might go there too."""
        self.won: tuple[int, int] | None = None
        """The tricks each seat had won when a sentence that counts them was placed (E-§6.1), if one was."""

    def holds(self, payments: tuple[Payment, ...], walk: _Walk, automatic: tuple[str, ...]) -> bool:
        """Whether placing the same actions' points again, with ``payments`` now, would give :attr:`lines` again:
        the payments placed are still the first, none since could go to an action placed or before them, and what
        the lines read beside is the same."""
        known = self.payments
        if payments is not known and (len(payments) < len(known) or payments[:len(known)] != known):
            return False
        if len(payments) > self.start and (payments[self.start].law in self.open or (
                self.lead_open and payments[self.start].law == "E-§3.4")):
            return False
        return (self.marked_later == walk.marked_later and self.automatic == automatic and
                (self.won is None or self.won == (walk.won[0], walk.won[1])))


@functools.lru_cache(maxsize=4096)
def _played(words: Words, leads: bool, name: str | None, card: int) -> str:
    """A card (by index) led or played to the trick by the viewer (``name`` None) or the seat called ``name``: the
    same sentence in every picture that says it."""
    shown = words.card(CARDS[card])
    if leads:
        return (words("You lead {card}.", card=shown) if name is None else
                words("{seat} leads {card}.", seat=name, card=shown))
    return (words("You play {card}.", card=shown) if name is None else
            words("{seat} plays {card}.", seat=name, card=shown))


@functools.lru_cache(maxsize=4096)
def _won(words: Words, name: str | None, number: int, card: int, trump: int) -> str:
    """Trick ``number`` won with ``card`` by the viewer (``name`` None) or the seat called ``name``, and why: the
    highest trump, or the highest card of the suit led (E-§5)."""
    winning = CARDS[card]
    shown = words.card(winning)
    why = words("highest trump") if winning.suit == trump else words("highest {suit}", suit=winning.suit.symbol)
    if name is None:
        return words("You win trick {number} with {card} ({why}).", number=number, card=shown, why=why)
    return words("{seat} wins trick {number} with {card} ({why}).", seat=name, number=number, card=shown, why=why)


class _Teller:
    """The words about one view: names, cards, sentences, the log."""

    def __init__(self, view: EcarteView, words: Words, names: Sequence[str]) -> None:
        self.view = view
        self.words = words
        self.names = tuple(names) if len(names) >= 2 else default_names(view, words=words)
        self.me = view.viewer if view.viewer in (0, 1) else None
        self.trump = view.trump_card.suit if view.trump_card is not None else None

    @functools.cached_property
    def known(self) -> frozenset[Card]:
        """Every card the view holds, in any field (a card the picture may name)."""
        return cards_in(self.view)

    # -------------------------------------------------------------- names and cards
    def name(self, seat: int) -> str:
        """A seat as the subject of a sentence in the third person, or in a list."""
        return self.names[seat]

    def obj(self, seat: int) -> str:
        """A seat inside a sentence: "you" for the viewer, "the bot" for the bot."""
        words = self.words
        if seat == self.me:
            return words("you")
        name = self.names[seat]
        return words("the bot") if name == words("The bot") else name

    def card(self, card: Card) -> str:
        return self.words.card(card)

    def arg_card(self, text: str) -> str:
        """A card an irregular act names, when the view holds it (else "a card": it is not the viewer's to see)."""
        try:
            card = Card.parse(text)
        except ValueError:
            return self.words("a card")
        return self.card(card) if card in self.known else self.words("a card")

    # -------------------------------------------------------------- cards to the trick
    def lead(self, seat: int, card: Card) -> str:
        return _played(self.words, True, None if seat == self.me else self.names[seat], card.index)

    def follow(self, seat: int, card: Card) -> str:
        return _played(self.words, False, None if seat == self.me else self.names[seat], card.index)

    def won(self, number: int, plays: Sequence[tuple[int, Card]], winner: int, trump: Suit | None) -> str:
        card = plays[0][1] if plays[0][0] == winner else plays[1][1]  # (a trick of two cards)
        return _won(self.words, None if winner == self.me else self.names[winner], number, card.index,
                    -1 if trump is None else int(trump))

    # -------------------------------------------------------------- points
    def payment(self, payment: Payment, *, tricks: Sequence[int], context: Action | None = None) -> str:
        """One payment in words, with its rule or law and what it means."""
        words, seat, points, law = self.words, payment.seat, payment.points, payment.law
        mine, name, amount = seat == self.me, self.name(seat), _points(words, points)
        if points < 0:
            if law == "E-D10":
                return (words("You lose the point of the king: you played with a wrong number of cards (E-D10).")
                        if mine else words("{seat} loses the point of the king: a wrong number of cards was played "
                                           "(E-D10).", seat=name))
            if law == "E-S1":
                return (words("Your score is put right: {points} off (E-S1).", points=amount) if mine else
                        words("{seat}'s score is put right: {points} off (E-S1).", seat=name, points=amount))
            return (words("You lose {points} ({law}).", points=amount, law=law) if mine else
                    words("{seat} loses {points} ({law}).", seat=name, points=amount, law=law))
        if law == "E-§3.4":
            return (words("You mark 1 point: the turn-up is a king (E-§3.4).") if mine else
                    words("{seat} marks 1 point: the turn-up is a king (E-§3.4).", seat=name))
        if law == "E-§4.4":
            return (words("You mark 1 point for the king of trumps, « je marque le roi » (E-§4.4).") if mine else
                    words("{seat} marks 1 point for the king of trumps, « je marque le roi » (E-§4.4).", seat=name))
        if law == "E-§6.1":
            if points >= 2:
                return (words("You mark {points}: the vole, all five tricks (E-§6.1).", points=amount) if mine else
                        words("{seat} marks {points}: the vole, all five tricks (E-§6.1).", seat=name,
                              points=amount))
            return (words("You mark {points}: the point, {count} tricks of five (E-§6.1).", points=amount,
                          count=tricks[seat]) if mine else
                    words("{seat} marks {points}: the point, {count} tricks of five (E-§6.1).", seat=name,
                          points=amount, count=tricks[seat]))
        if law == "E-S1":
            if isinstance(context, Irregular) and context.kind == "correct-score":
                return (words("Your score is put right: {points} back (E-S1).", points=amount) if mine else
                        words("{seat}'s score is put right: {points} back (E-S1).", seat=name, points=amount))
            return (words("You mark {points} in error (E-S1).", points=amount) if mine else
                    words("{seat} marks {points} in error (E-S1).", seat=name, points=amount))
        if law == "E-P3":
            return (words("You mark {points}: your score for the deal is reduced by one for the revoke (E-P3).",
                          points=amount) if mine else
                    words("{seat} marks {points}: the score for the deal is reduced by one for the revoke (E-P3).",
                          seat=name, points=amount))
        if law in _BECAUSE:
            return self.because(law, seat, amount)
        return (words("You mark {points} ({law}).", points=amount, law=law) if mine else
                words("{seat} marks {points} ({law}).", seat=name, points=amount, law=law))

    def because(self, law: str, seat: int, amount: str) -> str:
        """Points marked because of what the other player did (he stood, refused, abandoned, erred): the sentence
        says "you" when the other player is the viewer."""
        words, name, other = self.words, self.name(seat), self.obj(1 - seat)
        if seat == self.me:
            texts = {
                "ECARTE-VI.8": words("You mark {points}: {other} played without proposing and took fewer than three "
                                     "tricks (ECARTE-VI.8).", points=amount, other=other),
                "ECARTE-VI.7": words("You mark {points}: {other} refused the first proposal and took fewer than three "
                                     "tricks (ECARTE-VI.7).", points=amount, other=other),
                "E-P4": words("You mark {points}: {other} abandoned the hand (E-P4).", points=amount, other=other),
                "E-K2": words("You mark {points}: {other} announced the king without holding it (E-K2).",
                              points=amount, other=other),
                "E-D10": words("You mark {points}: {other} played with a wrong number of cards without telling "
                               "(E-D10).", points=amount, other=other),
            }
        elif 1 - seat == self.me:
            texts = {
                "ECARTE-VI.8": words("{seat} marks {points}: you played without proposing and took fewer than three "
                                     "tricks (ECARTE-VI.8).", seat=name, points=amount),
                "ECARTE-VI.7": words("{seat} marks {points}: you refused the first proposal and took fewer than three "
                                     "tricks (ECARTE-VI.7).", seat=name, points=amount),
                "E-P4": words("{seat} marks {points}: you abandoned the hand (E-P4).", seat=name, points=amount),
                "E-K2": words("{seat} marks {points}: you announced the king without holding it (E-K2).", seat=name,
                              points=amount),
                "E-D10": words("{seat} marks {points}: you played with a wrong number of cards without telling "
                               "(E-D10).", seat=name, points=amount),
            }
        else:
            texts = {
                "ECARTE-VI.8": words("{seat} marks {points}: {other} played without proposing and took fewer than "
                                     "three tricks (ECARTE-VI.8).", seat=name, points=amount, other=other),
                "ECARTE-VI.7": words("{seat} marks {points}: {other} refused the first proposal and took fewer than "
                                     "three tricks (ECARTE-VI.7).", seat=name, points=amount, other=other),
                "E-P4": words("{seat} marks {points}: {other} abandoned the hand (E-P4).", seat=name, points=amount,
                              other=other),
                "E-K2": words("{seat} marks {points}: {other} announced the king without holding it (E-K2).",
                              seat=name, points=amount, other=other),
                "E-D10": words("{seat} marks {points}: {other} played with a wrong number of cards without telling "
                               "(E-D10).", seat=name, points=amount, other=other),
            }
        return texts[law]

    # -------------------------------------------------------------- the sayings and the exchange
    def saying(self, seat: int, action: Action, *, penalised: bool) -> str:
        words, mine, name = self.words, seat == self.me, self.name(seat)
        if isinstance(action, Propose):
            return (words("You propose an exchange: « je propose » (ECARTE-VI.1).") if mine else
                    words("{seat} proposes an exchange: « je propose » (ECARTE-VI.1).", seat=name))
        if isinstance(action, Accept):
            return (words("You accept: « combien ? », how many cards? (ECARTE-VI.1)") if mine else
                    words("{seat} accepts: « combien ? », how many cards? (ECARTE-VI.1)", seat=name))
        if isinstance(action, Stand):
            if penalised:
                return (words("You play without proposing: « je joue »; fewer than three tricks will cost you 2 "
                              "points (ECARTE-VI.8).") if mine else
                        words("{seat} plays without proposing: « je joue »; fewer than three tricks will cost 2 "
                              "points (ECARTE-VI.8).", seat=name))
            return (words("You propose no more: « je joue » (ECARTE-VI.3).") if mine else
                    words("{seat} proposes no more: « je joue » (ECARTE-VI.3).", seat=name))
        if isinstance(action, Refuse):
            if penalised:
                return (words("You refuse the first proposal: « je joue »; fewer than three tricks will cost you 2 "
                              "points (ECARTE-VI.7).") if mine else
                        words("{seat} refuses the first proposal: « je joue »; fewer than three tricks will cost 2 "
                              "points (ECARTE-VI.7).", seat=name))
            return (words("You refuse this exchange: « je joue », without penalty after an exchange "
                          "(ECARTE-VI.3).") if mine else
                    words("{seat} refuses this exchange: « je joue », without penalty after an exchange "
                          "(ECARTE-VI.3).", seat=name))
        if isinstance(action, MarkKing):
            return (words("You say « je marque le roi ».") if mine else
                    words("{seat} says « je marque le roi ».", seat=name))
        return str(action)

    def discard(self, seat: int, action: Discard, drawn: tuple[Card, ...] | None, count: int) -> str:
        """The viewer's own discard (``drawn``: the cards he drew) or, as another sees it, a count."""
        words, mine = self.words, seat == self.me
        if not action.cards:
            return (words("You keep all your cards (ECARTE-VI.1).") if mine else
                    words("{seat} keeps all five cards (ECARTE-VI.1).", seat=self.name(seat)))
        if mine and drawn is not None:
            thrown = words.cards(sort_hand(action.cards, self.trump))
            if not drawn:
                return words("You discard {cards}; the talon is empty (ECARTE-VI.5).", cards=thrown)
            return words("You discard {cards} and draw {drawn} (ECARTE-VI.4).", cards=thrown,
                         drawn=words.cards(sort_hand(drawn, self.trump)))
        return self.hidden_discard(seat, len(action.cards), count)

    def hidden_discard(self, seat: int, thrown: int, count: int) -> str:
        words, name = self.words, self.name(seat)
        if thrown == 0:
            return words("{seat} keeps all five cards (ECARTE-VI.1).", seat=name)
        cards = words.count_cards(thrown)
        if count == thrown:
            return words("{seat} discards {cards} face down and draws as many (ECARTE-VI.4).", seat=name, cards=cards)
        return words("{seat} discards {cards} face down and draws {count}, all the talon had (ECARTE-VI.5).",
                     seat=name, cards=cards, count=count)

    def take_back(self, seat: int, action: Action) -> str:
        words = self.words
        if isinstance(action, TakeBack) and seat == self.me:
            return words("You take back {cards} from your discard: the talon was too short (ECARTE-VI.5).",
                         cards=words.cards(sort_hand(action.cards, self.trump)))
        count = len(action.cards) if isinstance(action, TakeBack) else (
            action.count if isinstance(action, HiddenTakeBack) else 0)
        return words("{seat} takes back {cards} from the discard: the talon was too short (ECARTE-VI.5).",
                     seat=self.name(seat), cards=words.count_cards(count))

    # -------------------------------------------------------------- table mode
    def irregular(self, act: Irregular) -> str:
        return self.words("Irregularity: {act}.", act=act_label(self.view, str(act), words=self.words,
                                                                names=self.names))

    def ruling(self, remedy: Remedy) -> str:
        return self.words("Ruling under {law}: {ruling}.", law=remedy.law, ruling=remedy_text(remedy, self.words))

    def automatic(self, ruling: str) -> str:
        """A ruling the laws give by themselves (no act or remedy in the log says it)."""
        words = self.words
        law = ruling.split(":", 1)[0]
        if law == "E-K3":
            return words("The turned-up king was not marked in time: it is lost (E-K3).")
        if law == "E-D10":
            return words("The dealer lost the right to mark the king: the turned-up king is lost (E-D10).")
        if law == "E-P6":
            match = _SEAT.search(ruling)
            if match is not None and int(match.group(1)) in (0, 1):
                seat = int(match.group(1))
                if seat == self.me:
                    return words("You left the table: the game is lost (E-P6).")
                return words("{seat} left the table: the game is lost (E-P6).", seat=self.name(seat))
        return words("Ruling under {law}.", law=law)

    # -------------------------------------------------------------- the deal
    def opening(self) -> list[str]:
        view, words = self.view, self.words
        if view.trump_card is None or view.dealer is None or self.trump is None:
            return []
        return [words("Deal {number}, dealt by {dealer}: the turn-up (la retourne) is {card}, so {suit} are trumps "
                      "(E-§3).", number=view.deal_number, dealer=self.obj(view.dealer), card=self.card(view.trump_card),
                      suit=words.suit(self.trump))]

    def tell(self, walk: _Walk | None = None) -> tuple[tuple[str, ...], _Walk]:
        """The sentences of this deal: each action of the history, the points each one marked (in the ledger's
        order, each after the action that marked it), and the rulings the laws gave by themselves; ``walk``, the
        actions already told (from a memo), is told on from where it stopped. Returns the walk, to keep."""
        walk = walk if walk is not None else _Walk()
        history = self.view.history
        for index in range(walk.count, len(history)):
            walk.step(self, index, *history[index])
        walk.count = len(history)
        walk.last = history[-1] if history else None
        return self.with_payments(walk), walk

    def with_payments(self, walk: _Walk) -> tuple[str, ...]:
        """The sentences of the actions with, after each, the points it marked: the ledger's entries are in the
        order of the actions, so each goes to the first action from the last one placed that could mark it; the
        points no action told could mark come last. The actions whose points were placed before are not placed
        again while no payment since could go to one of them (:class:`_Placed`)."""
        view = self.view
        payments = view.payments
        automatic = (tuple(ruling for ruling in view.deal_rulings if ruling.split(":", 1)[0] == "E-K3")
                     if view.deal_rulings else ())
        placed = walk.placed
        if placed is None or not placed.holds(payments, walk, automatic):
            placed = walk.placed = _Placed(payments, walk.marked_later, automatic)
            lines, start = placed.lines, 0
            while start < len(payments) and payments[start].law == "E-§3.4" and (
                    view.rules.mode is Mode.ENFORCED or not walk.marked_later):
                lines.append(self.payment(payments[start], tricks=walk.won))
                start += 1
            placed.lead_open = start == len(payments)
            placed.start = start
            lines += [self.automatic(ruling) for ruling in automatic]
        lines, start, laws = placed.lines, placed.start, placed.open
        placed.payments = payments
        for index in range(placed.actions, len(walk.told)):
            lines += walk.told[index]
            can = walk.can[index]
            laws = laws | can
            while start < len(payments) and payments[start].law in can:
                payment = payments[start]
                placed.lead_open = False
                lines.append(self.payment(payment, tricks=walk.won, context=walk.contexts[index]))
                if payment.law == "E-§6.1":
                    placed.won = (walk.won[0], walk.won[1])
                start += 1
                laws = can
        placed.actions, placed.start, placed.open = len(walk.told), start, laws
        if start == len(payments):
            return tuple(lines)
        return (*lines, *(self.payment(payment, tricks=walk.won) for payment in payments[start:]))

    def cut(self, action: CutForDeal) -> str:
        words = self.words
        first, second = action.cards
        if STRENGTH[first.index] == STRENGTH[second.index]:
            return words("Cut for deal: {first} {card}, {second} {other}: equal, cut again (E-§2.3).",
                         first=self.name(0), card=self.card(first), second=self.name(1), other=self.card(second))
        return words("Cut for deal: {first} {card}, {second} {other} (E-§2.3).", first=self.name(0),
                     card=self.card(first), second=self.name(1), other=self.card(second))

    # -------------------------------------------------------------- the deal before
    def closing(self) -> list[str]:
        """How the deal before this one ended: its last trick, its last points and why, its result, the game."""
        view, words = self.view, self.words
        last = view.last_deal
        if last is None:
            return []
        if last.void_law:
            return [words("Deal {number} is void ({law}): its points are taken back and the same dealer deals "
                          "again.", number=last.number, law=last.void_law)]
        lines: list[str] = []
        result = last.result
        tricks = view.previous_tricks
        trick = tricks[-1] if tricks else None
        if result is not None and result.completed and trick is not None and trick.winner is not None:
            plays = tuple((trick.leader if k == 0 else 1 - trick.leader, card) for k, card in enumerate(trick.cards))
            lines.append(self.lead(*plays[0]))
            lines += [self.follow(*play) for play in plays[1:]]
            lines.append(self.won(len(tricks), plays, trick.winner, last.trump))
        lines += [self.automatic(ruling) for ruling in last.rulings
                  if ruling.startswith(("E-D10: the dealer lost", "E-P6:"))]
        lines += self.ending
        if last.game is not None:
            lines.append(self.game_result(last))
        return lines

    @functools.cached_property
    def ending(self) -> list[str]:
        """How the deal before ended (:meth:`deal_result`): its log's closing lines and, until the next deal's
        first word, the picture's result say it, worked out once."""
        assert self.view.last_deal is not None
        return self.deal_result(self.view.last_deal)

    def deal_result(self, last: LastDeal) -> list[str]:
        """The points that ended the deal with why, then the deal's result and the score."""
        view, words = self.view, self.words
        result = last.result
        if result is None:
            return []
        ending = [p for p in last.payments if p.law in END_LAWS]
        if not result.completed and last.payments and last.payments[-1] not in ending:
            ending.append(last.payments[-1])
        lines = [self.payment(payment, tricks=result.tricks) for payment in ending]
        if last.game is not None:
            score = last.game.score
        else:
            now = [sum(p.points for p in view.payments if p.seat == seat) for seat in (0, 1)]
            score = (view.score[0] - now[0], view.score[1] - now[1])
        lines.append(words("Deal {number} is over: tricks {tricks}; points of the deal {points}; score {score} "
                           "(game is {game}).", number=last.number,
                           tricks=self.pairs(result.tricks), points=self.pairs(result.points),
                           score=self.pairs(score), game=view.rules.game_points))
        return lines

    def pairs(self, values: Sequence[int]) -> str:
        return ", ".join(f"{self.obj(seat)} {values[seat]}" for seat in (0, 1))

    def game_result(self, last: LastDeal) -> str:
        view, words = self.view, self.words
        game = last.game
        assert game is not None
        number = len(view.game_results)  # the deal that ended last ended the last game
        won, lost = game.score[game.winner], game.score[1 - game.winner]
        value = {2: words("a double game (the loser had 1 or 2 points)"),
                 3: words("a treble game (the loser had no point)")}.get(game.value, words("a single game"))
        if game.winner == self.me:
            return words("You win game {number}, {won} to {lost}: {value} (E-§6.2).", number=number, won=won,
                         lost=lost, value=value)
        return words("{seat} wins game {number}, {won} to {lost}: {value} (E-§6.2).", seat=self.name(game.winner),
                     number=number, won=won, lost=lost, value=value)

    def partie_result(self) -> str:
        view, words = self.view, self.words
        games = view.games
        winner = 0 if games[0] > games[1] else 1
        if view.rules.partie_liee:
            values = [sum(g.value for g in view.game_results if g.winner == seat) for seat in (0, 1)]
            if winner == self.me:
                return words("The partie is over: you win it, {won} games to {lost}, worth {value} (E-§6.2).",
                             won=games[winner], lost=games[1 - winner], value=values[winner] - values[1 - winner])
            return words("The partie is over: {seat} wins it, {won} games to {lost}, worth {value} (E-§6.2).",
                         seat=self.obj(winner), won=games[winner], lost=games[1 - winner],
                         value=values[winner] - values[1 - winner])
        if winner == self.me:
            return words("The game is over: you win it, {won} to {lost} (E-§6.2).", won=view.score[winner],
                         lost=view.score[1 - winner])
        return words("The game is over: {seat} wins it, {won} to {lost} (E-§6.2).", seat=self.obj(winner),
                     won=view.score[winner], lost=view.score[1 - winner])


_MORE_LAWS: Final = {"misdeal": {"E-D4"}, "wrong-count": {"E-D4"}, "dealer-exposes": {"E-D8"},
                     "over-serve": {"E-X8"}, "misnamed": {"ECARTE-V.2"}}
"""The laws an act may be ruled under besides the one :data:`academie.games.ecarte.table.ACTS` names."""


def _laws_of(kind: str) -> set[str]:
    act = ACTS.get(kind)
    return ({act.law} if act is not None else set()) | _MORE_LAWS.get(kind, set())


_BECAUSE: Final = frozenset({"ECARTE-VI.8", "ECARTE-VI.7", "E-P4", "E-K2", "E-D10"})
"""The laws that mark points for what the other player did."""
_REMEDY_LAWS: Final[dict[tuple[str, str], frozenset[str]]] = {
    ("E-P3", "reduce-score"): TRICK_LAWS | {"E-P3"},
    ("E-P4", "score-abandon"): frozenset({"E-P4"}),
    ("E-K2", "mark-one"): frozenset({"E-K2"}),
    ("E-D10", "penalty"): frozenset({"E-D10"}),
}
"""The points a remedy may mark (besides the tricks' points of a card it lets stand as the fifth trick's)."""


def _parse(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except ValueError:
        return None


def _covered_card(remedy: Remedy, act: Irregular | None) -> Card | None:
    """The card a remedy lets stand in the trick: a card out of turn or misnamed, covered (E-P1, E-P2)."""
    if act is None or remedy.name not in ("cover", "card-stands"):
        return None
    if remedy.law == "E-P1" and act.kind == "out-of-turn" and act.args:
        return _parse(act.args[0])
    if remedy.law == "E-P2" and act.kind == "misnamed" and len(act.args) > 1:
        return _parse(act.args[1])
    return None


# ------------------------------------------------------------------------------------------------ rulings
def remedy_text(remedy: Remedy, words: Words) -> str:
    """What a remedy does, in words (the laws of the rule file's §7)."""
    texts = {
        ("E-D1", "cut-again"): words("cut again for deal"),
        ("E-D2", "fresh-cut"): words("a fresh cut"),
        ("E-D9", "new-deal"): words("the deal is stopped and the right dealer deals"),
        ("E-D9", "stand"): words("the deal stands"),
        ("E-D3", "rectify"): words("the deal is put right, the trump unchanged"),
        ("E-D4", "rectify"): words("the deal is put right, the trump unchanged"),
        ("E-D3", "new-deal"): words("a fresh deal by the same dealer"),
        ("E-D4", "new-deal"): words("a fresh deal by the same dealer"),
        ("E-D5", "new-deal"): words("a fresh deal by the same dealer"),
        ("E-D6", "new-deal"): words("a fresh deal by the same dealer"),
        ("E-D8", "new-deal"): words("a fresh deal by the same dealer"),
        ("E-D10", "penalty"): words("the opponent marks 2 and the offender loses the right to mark the king"),
        ("E-D5", "first-trump"): words("the first card turned up is trumps"),
        ("E-D5", "second-trump"): words("the second card turned up is trumps"),
        ("E-D7", "stand"): words("the deal stands"),
        ("E-D8", "stand"): words("the deal stands"),
        ("E-D11", "void-deal"): words("this deal is void, the earlier ones stand"),
        ("E-K1", "refused"): words("too late: the point of the king is lost"),
        ("E-K2", "mark-one"): words("the opponent marks 1 point"),
        ("E-K2", "waive"): words("the opponent waives the point"),
        ("E-X1", "stands"): words("it cannot be withdrawn: it stands (ECARTE-VI.2)"),
        ("E-X2", "refused"): words("the number asked and the discard stay as they are (ECARTE-VI.4)"),
        ("E-X4", "play-exposed"): words("the hand is played face up (ECARTE-VI.6)"),
        ("E-X8", "return-extras"): words("the extra cards go back on the talon"),
        ("E-X8", "extras-seen"): words("the extra cards were seen: out of play, and the dealer may not refuse the "
                                       "next proposal"),
        ("E-X8", "complete"): words("the short service is completed from the talon"),
        ("E-P1", "take-back"): words("the card is taken back and stays face up; no penalty"),
        ("E-P1", "cover"): words("the card is covered and the play stands; no penalty"),
        ("E-P2", "require-named-suit"): words("the leader takes his card back and leads the suit he named "
                                              "(ECARTE-V.2)"),
        ("E-P2", "cover"): words("the card is covered and stands as led (ECARTE-V.3)"),
        ("E-P2", "card-stands"): words("the card led stands: the leader has none of the suit he named"),
        ("E-P3", "replay"): words("the hand is played again from the start"),
        ("E-P3", "reduce-score"): words("the tricks stand and the revoker's score for the deal is reduced by one"),
        ("E-P4", "score-abandon"): words("the opponent marks the vole if the offender took no trick, else the "
                                         "point"),
        ("E-P5", "show-tricks"): words("the offender shows his own tricks"),
        ("E-P5", "waive"): words("the offender's tricks are not asked for"),
        ("E-P6", "game-abandoned"): words("the game is lost by the player who left"),
        ("E-S2", "new-packs"): words("two new packs at the caller's expense; the dealer chooses"),
    }
    return texts.get((remedy.law, remedy.name), remedy.name)


def act_label(view: EcarteView, act: str, /, *, words: Words, names: Sequence[str] = ()) -> str:
    """An irregular act (``! revoke 0 KH``) in one line of words, with its law's ID (table mode)."""
    parts = act.split()
    if len(parts) < 3 or parts[0] != "!" or not parts[2].isdigit():
        return act
    teller = _Teller(view, words, names or default_names(view, words=words))
    kind, seat, args = parts[1], int(parts[2]), parts[3:]
    who = teller.obj(seat) if seat in (0, 1) else parts[2]
    card = teller.arg_card(args[-1]) if args else words("a card")
    amount = 0
    if args:
        try:
            amount = int(args[0])
        except ValueError:
            amount = 0
    if kind == "misdeal":
        if "hidden" in args:
            return words("a misdeal, {count} cards for {seat}, unnoticed: playing with them costs 2 points "
                         "(E-D10)", seat=who, count=HAND_SIZE + amount)
        return words("a misdeal, {count} cards instead of five for {seat} (E-D3 before the turn-up, E-D4 after)",
                     seat=who, count=HAND_SIZE + amount)
    if kind == "over-serve":
        if amount < 0:
            return words("a wrong service by {seat}, the dealer: {cards} too few (E-X8, reconstructed)", seat=who,
                         cards=words.count_cards(-amount))
        return words("a wrong service by {seat}, the dealer: {cards} too many (E-X8, reconstructed)", seat=who,
                     cards=words.count_cards(amount))
    if kind == "misscore":
        if amount < 0:
            return words("a wrong score by {seat}, {points} taken off; it may be put right before the next deal "
                         "(E-S1)", points=_points(words, amount), seat=who)
        return words("a wrong score by {seat}, {points} too many; it may be put right before the next deal (E-S1)",
                     points=_points(words, amount), seat=who)
    if kind == "turned-two" and "looked" in args:
        return words("two cards turned up by {seat}, the dealer, after the non-dealer looked at his hand: a fresh "
                     "deal (E-D5)", seat=who)
    if kind == "misnamed":
        try:
            suit = Suit.parse(args[0]).symbol if args else "?"
        except ValueError:
            suit = args[0]
        return words("{suit} named by {seat} and {card} played: the opponent may require {suit} or cover the card "
                     "(E-P2)", suit=suit, seat=who, card=card)
    labels = {
        "cut-exposed": words("more than one card exposed by {seat} cutting for deal: cut again (E-D1)", seat=who),
        "exposed-in-cut": words("a card exposed by {seat} cutting to the dealer: a fresh cut (E-D2)", seat=who),
        "deal-out-of-turn": words("a deal out of turn by {seat}: stopped before the turn-up, else it stands (E-D9, "
                                  "reconstructed)", seat=who),
        "wrong-count": words("a wrong number of cards found in the hand of {seat} (E-D4; E-D10 if he discarded or "
                             "played with it)", seat=who),
        "turned-two": words("two cards turned up by {seat}, the dealer: the non-dealer chooses the trump or a fresh "
                            "deal (E-D5)", seat=who),
        "faced-card": words("a card found face up in the pack by {seat}: a fresh deal (E-D6)", seat=who),
        "dealer-exposes": words("{card} exposed by {seat}, the dealer, in dealing (E-D7: his own card, the deal "
                                "stands; E-D8: the non-dealer's, who chooses)", card=card, seat=who),
        "imperfect-pack": words("the pack found imperfect by {seat}: this deal is void (E-D11)", seat=who),
        "false-king": words("the king announced by {seat} without holding it: the opponent may mark 1 (E-K2)",
                            seat=who),
        "late-king": words("the king announced by {seat} out of turn: it scores if still in time, else it is lost "
                           "(E-K1)", seat=who),
        "retract": words("a proposal, acceptance or request withdrawn by {seat}: it stands (E-X1)", seat=who),
        "change-count": words("the number asked changed or the discard touched by {seat}: not allowed (E-X2)",
                              seat=who),
        "look-discard": words("the discard looked at by {seat}: the hand is played face up (E-X4)", seat=who),
        "turn-up-serving": words("a card turned up by {seat}, the dealer, while serving: out of play, and the next "
                                 "proposal may not be refused (E-X7)", seat=who),
        "out-of-turn": words("{card} played out of turn by {seat}: taken back unless covered, no penalty (E-P1)",
                             card=card, seat=who),
        "revoke": words("a revoke by {seat} with {card}, not following, overtaking or trumping when able: it may be "
                        "corrected before the next lead (E-P3)", seat=who, card=card),
        "correct-revoke": words("the revoke of {seat} corrected before the next lead: no penalty (E-P3)", seat=who),
        "abandon": words("the hand abandoned by {seat}: the opponent marks the point, or the vole if no trick was "
                         "taken (E-P4)", seat=who),
        "look-tricks": words("the opponent's tricks looked at by {seat}: he may ask to see the offender's (E-P5)",
                             seat=who),
        "leave": words("the table left by {seat} without consent: the game is lost (E-P6)", seat=who),
        "correct-score": words("a wrong score put right for {seat}, without penalty (E-S1)", seat=who),
        "new-cards": words("new cards called for by {seat}: two new packs at his expense, the dealer chooses (E-S2)",
                           seat=who),
    }
    return labels.get(kind, act)


# ------------------------------------------------------------------------------------------------ the painter
def default_names(view: EcarteView, /, *, words: Words) -> tuple[str, ...]:
    """"You" and "The bot" for a seat; "Seat 0" and "Seat 1" for a spectator.

    >>> from academie.games.ecarte.state import EcarteState
    >>> default_names(EcarteState.new(seed=1, first_dealer=0).view(1), words=Words("fr"))
    ('Le robot', 'Vous')
    """
    return _default_names(view.viewer, words)


@functools.lru_cache(maxsize=64)
def _default_names(viewer: int, words: Words) -> tuple[str, ...]:
    """:func:`default_names`, made once per viewer, table size and language (the card room asks after every
    action)."""
    if viewer in (0, 1):
        return tuple(words("You") if seat == viewer else words("The bot") for seat in (0, 1))
    return tuple(words("Seat {number}", number=seat) for seat in (0, 1))


def paint(view: EcarteView, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
    """The picture of ``view`` in ``words``' language, the seats called ``names``.

    What reads no viewer's own cards nor sentences (the seats' lines, the tallies, the tricks, the turn-up, the
    talon, the status, a card's move) is made once for every viewer, table and action that shows the same, in
    bounded caches keyed by exactly what it is made from: the view's public fields, the names and the language."""
    teller = _Teller(view, words, names)
    me, trump = teller.me, teller.trump
    phase = view.phase
    dealt = view.trump_card is not None and (phase in _EXCHANGE or phase is Phase.PLAY)
    tricks = view.tricks
    current = tricks[-1] if tricks and tricks[-1].winner is None else None
    done = len(tricks) - (current is not None)
    suit = -1 if trump is None else int(trump)
    last_trick = None
    if done:
        last = tricks[done - 1]
        last_trick = _trick_picture(words, done, last.leader, last.cards[0].index, last.cards[1].index,
                                    last.winner, suit)
    elif view.previous_tricks and view.previous_tricks[-1].winner is not None:
        last = view.previous_tricks[-1]
        before = view.last_deal.trump if view.last_deal is not None else None
        last_trick = _trick_picture(words, len(view.previous_tricks), last.leader, last.cards[0].index,
                                    last.cards[1].index, last.winner, -1 if before is None else int(before))
    rules = view.rules
    tallies = _tallies(words, teller.names, rules.game_points, rules.partie_liee, view.score, view.games,
                       view.tricks_won if phase is Phase.PLAY else None)
    over = phase is Phase.OVER
    kept = memo.kept if memo is not None and isinstance(memo.kept, _Kept) else _Kept()
    log = _before_the_deal(teller, kept) + _the_deal(teller, kept)
    if memo is not None:
        memo.kept = kept
    result = ""
    if over:
        result = teller.partie_result()
    elif view.last_deal is not None and not view.history and view.last_deal.result is not None:
        result = " ".join(teller.ending)  # until the next deal's first word
    if over and not log:
        log = (result,)
    actor = view.actor if isinstance(view.actor, int) and view.actor >= 0 else None
    roles = view.dealer is not None and phase is not Phase.CUT and not over
    dealer = view.dealer if roles else None
    seats = (_seat_line(teller, 0, dealer, dealt), _seat_line(teller, 1, dealer, dealt))
    turn_up = _turn_up(words, view.trump_card.index, view.talon_size) if dealt and view.trump_card else None
    return Picture(
        game="ecarte", title=_title(words), lang=words.lang, viewer=me,
        status=_status(words, phase, view.deal_number, None if view.dealer is None else teller.obj(view.dealer),
                       view.trump_card is None, min(done + 1, TRICKS)),
        seats=seats,
        hand=part(memo, "hand", (view.hand, trump), lambda: tuple(_TEXT[card.index] for card in
                                                                   sort_hand(view.hand, trump)))
        if me is not None and dealt else (),
        trump=turn_up[0] if turn_up is not None and trump is not None else None,
        table=turn_up[1] if turn_up is not None else (),
        trick=_led(len(tricks), current.leader, current.cards[0].index) if current is not None else None,
        last_trick=last_trick, tallies=tallies, to_act=actor, waiting_for=_waiting(teller),
        moves=_moves(teller) if me is not None and view.actor == me else (),
        log=log, pending=_pending(teller), result=result, extra=turn_up[2] if turn_up is not None else (),
    )


@functools.lru_cache(maxsize=16)
def _title(words: Words) -> str:
    return words("Écarté")


@functools.lru_cache(maxsize=1024)
def _turn_up(words: Words, card: int, talon: int) -> tuple[str, tuple[tuple[str, tuple[str, ...]], ...],
                                                            tuple[tuple[str, str], ...]]:
    """The trumps in words, the turn-up on the table (E-§3) and the talon left (ECARTE-VI.4): the picture's trump,
    table and extra."""
    return (words.suit(CARDS[card].suit), ((words("Turn-up (la retourne)"), (_TEXT[card],)),),
            ((words("Talon"), words.count_cards(talon)),))


@functools.lru_cache(maxsize=256)
def _led(number: int, leader: int, card: int) -> TrickPicture:
    """The trick on the table, its card led."""
    return TrickPicture(number, ((leader, _TEXT[card]),))


@functools.lru_cache(maxsize=4096)
def _trick_picture(words: Words, number: int, leader: int, led: int, second: int, winner: int | None,
                   trump: int) -> TrickPicture:
    """The last trick won, with who won it and why (E-§5)."""
    plays = ((leader, CARDS[led]), (1 - leader, CARDS[second]))
    why = ""
    if winner is not None:
        card = plays[0][1] if winner == leader else plays[1][1]
        why = (words("highest trump") if card.suit == trump else words("highest {suit}", suit=card.suit.symbol))
    return TrickPicture(number, ((leader, _TEXT[led]), (1 - leader, _TEXT[second])), winner, why)


class _Kept:
    """What a :class:`~academie.picture.Memo` keeps of a viewer's last picture of Écarté: the first lines of the
    deal's log (how the deal before ended, the deal and its turn-up) with what they were told from, and the walk
    through the deal's actions (:class:`_Walk`)."""

    __slots__ = ("before", "before_key", "walk")

    def __init__(self) -> None:
        self.before: tuple[str, ...] = ()
        self.before_key: tuple[object, ...] | None = None
        self.walk: _Walk | None = None


def _before_the_deal(teller: _Teller, kept: _Kept) -> tuple[str, ...]:
    """How the deal before ended and this one was dealt, told again when anything they are told from differs."""
    view = teller.view
    score = view.score
    if view.payments:  # the score the deal before left (what its result says), the same all through this deal
        score = (score[0] - sum(p.points for p in view.payments if p.seat == 0),
                 score[1] - sum(p.points for p in view.payments if p.seat == 1))
    key = (teller.names, teller.me, teller.words.lang, view.rules, view.last_deal, view.previous_tricks, score,
           len(view.game_results), view.trump_card, view.dealer, view.deal_number)
    if kept.before_key != key:
        kept.before, kept.before_key = (*teller.closing(), *teller.opening()), key
    return kept.before


def _the_deal(teller: _Teller, kept: _Kept) -> tuple[str, ...]:
    """The deal's actions told (:meth:`_Teller.tell`), from the kept walk while it is still true of the view: the
    same deal, names, language, rules and discards, the actions it told still the view's first, and none of them
    an irregular act (whose words read the whole view)."""
    view = teller.view
    key = (teller.names, teller.me, teller.words.lang, view.rules, view.dealer, view.deal_number, view.trump_card,
           view.last_deal, view.stood, view.refused, view.draw_counts, view.drawn)
    walk = kept.walk
    history = view.history
    if walk is None or walk.key != key or len(history) < walk.count or (
            walk.count and history[walk.count - 1] != walk.last):
        walk = None
    lines, walk = teller.tell(walk)
    walk.key = key
    kept.walk = None if walk.irregular else walk
    return lines


@functools.lru_cache(maxsize=1024)
def _status(words: Words, phase: Phase, number: int, dealer: str | None, undealt: bool, trick: int) -> str:
    """The status line: the deal, who deals (``dealer``, as a sentence names him), the exchange or the trick."""
    if phase is Phase.OVER:
        return words("The game is over")
    if phase is Phase.CUT or dealer is None:
        return words("Cutting for the first deal (E-§2.3)")
    if phase is Phase.SHUFFLE or undealt:
        return words("Deal {number}, to be dealt by {dealer}", number=number, dealer=dealer)
    if phase is Phase.PLAY:
        return words("Deal {number}, dealt by {dealer}: trick {trick} of 5", number=number, dealer=dealer,
                     trick=trick)
    return words("Deal {number}, dealt by {dealer}: the exchange (l'écart)", number=number, dealer=dealer)


def _seat_line(teller: _Teller, seat: int, dealer: int | None, dealt: bool) -> SeatPicture:
    """A seat's line (:func:`_seat`), from the view's public fields alone."""
    view = teller.view
    exposed = view.exposed[seat] if dealt else ()
    return _seat(teller.words, seat, teller.names[seat], None if dealer is None else seat == dealer,
                 dealt and seat == view.stood, dealt and seat == view.refused, dealt and seat == view.king_marked_by,
                 tuple(_TEXT[card.index] for card in exposed) if exposed else (),
                 dealt and bool(exposed) and len(exposed) == view.hand_sizes[seat],
                 view.hand_sizes[seat] if dealt else 0)


@functools.lru_cache(maxsize=4096)
def _seat(words: Words, seat: int, name: str, dealer: bool | None, stood: bool, refused: bool, king: bool,
          shown: tuple[str, ...], face_up: bool, cards: int) -> SeatPicture:
    """A seat's line: its name, its role (``dealer``: whether it deals, None before the first deal and after the
    game), its cards, the cards it shows and its notes (ECARTE-VI.6, VI.7, VI.8, E-§4.4)."""
    roles = () if dealer is None else (words("dealer") if dealer else words("eldest hand"),)
    notes = []
    if stood:
        notes.append(words("plays without proposing (ECARTE-VI.8)"))
    if refused:
        notes.append(words("refused the first proposal (ECARTE-VI.7)"))
    if king:
        notes.append(words("marked the king (E-§4.4)"))
    if face_up:
        notes.append(words("plays face up (ECARTE-VI.6)"))
    return SeatPicture(seat, name, roles, cards, shown, tuple(notes))


@functools.lru_cache(maxsize=4096)
def _tallies(words: Words, names: tuple[str, ...], game: int, partie_liee: bool, score: tuple[int, int],
             games: tuple[int, int], tricks: tuple[int, int] | None) -> tuple[Tally, ...]:
    """The score to ``game`` points (E-§6.1), the games of a partie liée (E-§6.2), the tricks of the deal while it
    is played (``tricks``, None out of the play)."""
    tallies = [Tally(words("Score (game is {points})", points=game),
                     tuple((names[seat], str(score[seat])) for seat in (0, 1)))]
    if partie_liee:
        tallies.append(Tally(words("Games won (partie liée, best of three)"),
                             tuple((names[seat], str(games[seat])) for seat in (0, 1))))
    if tricks is not None:
        tallies.append(Tally(words("Tricks this deal"), tuple((names[seat], str(tricks[seat])) for seat in (0, 1))))
    return tuple(tallies)


def _waiting(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    actor = view.actor
    if view.pending is None and isinstance(actor, int) and actor >= 0 and view.phase is not Phase.OVER:
        return _turn(words, view.phase, None if actor == teller.me else teller.names[actor])
    if view.phase is Phase.OVER:
        return words("The game is over")
    if view.pending is not None:
        chooser = view.pending.chooser
        if chooser is None:
            return words("The table rules under {law}", law=view.pending.law)
        if chooser == teller.me:
            return words("Your move")
        return words("{seat} chooses the remedy under {law}", seat=teller.name(chooser), law=view.pending.law)
    if actor is None or actor == TABLE:
        return words("The table rules")
    return words("Waiting for the deal")


@functools.lru_cache(maxsize=1024)
def _turn(words: Words, phase: Phase, name: str | None) -> str:
    """Whose turn it is: the viewer's (``name`` None) or the seat called ``name``, to do what the phase asks."""
    if name is None:
        return words("Your move")
    if phase is Phase.ELDER_DECIDES:
        return words("{seat} is to propose or play", seat=name)
    if phase is Phase.DEALER_DECIDES:
        return words("{seat} is to accept or refuse", seat=name)
    if phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD, Phase.ELDER_TAKE_BACK):
        return words("{seat} is to discard", seat=name)
    return words("{seat} is to play", seat=name)


def _moves(teller: _Teller) -> tuple[MovePicture, ...]:
    view, words = teller.view, teller.words
    moves = []
    penalised = view.first_decision or not view.rules.penalty_first_decision_only
    turned_king = view.trump_card is not None and view.trump_card.rank is Rank.KING
    trump = -1 if teller.trump is None else int(teller.trump)
    ordered: dict[int, int] | None = None
    shown: list[str] = []
    template = ""
    for action in view.legal_actions:
        if isinstance(action, Play):
            moves.append(_play_move(words, action.card.index, trump))
            continue
        if isinstance(action, Discard) and action.cards:
            if ordered is None:  # worked out once for all the discards of the hand (up to 31)
                hand = sort_hand(view.hand, teller.trump)
                ordered = {card.index: place for place, card in enumerate(hand)}
                shown = [words.card(card) for card in hand]
                template = words("discard {cards}, draw {count}")  # (its blanks filled below, as words() would)
            places = sorted([ordered[card.index] for card in action.cards])
            moves.append(MovePicture("discard " + " ".join([_TEXT[card.index] for card in action.cards]),
                                     template.format(cards=" ".join([shown[place] for place in places]),
                                                     count=min(len(action.cards), view.talon_size))))
            continue
        text = str(action)
        if isinstance(action, Propose):
            label = words("« je propose »: propose an exchange of cards (ECARTE-VI.1)")
        elif isinstance(action, Stand):
            label = (words("« je joue »: play without proposing; fewer than three tricks cost 2 points "
                           "(ECARTE-VI.8)") if penalised else
                     words("« je joue »: play now, without another exchange"))
        elif isinstance(action, Accept):
            label = words("« combien ? »: accept the exchange (ECARTE-VI.1)")
        elif isinstance(action, Refuse):
            label = (words("« je joue »: refuse; fewer than three tricks cost 2 points (ECARTE-VI.7)") if penalised
                     else words("« je joue »: refuse this exchange, without penalty (ECARTE-VI.3)"))
        elif isinstance(action, Discard):
            label = words("keep all your cards")
        elif isinstance(action, TakeBack):
            label = words("take back {cards} from your discard (ECARTE-VI.5)", cards=words.cards(action.cards))
        elif isinstance(action, MarkKing):
            label = (words("« je marque le roi »: mark the turned-up king, 1 point (E-§3.4)") if turned_king else
                     words("« je marque le roi »: mark the king of trumps, 1 point (E-§4.4)"))
        elif isinstance(action, Remedy):
            label = words("{ruling} ({law})", ruling=remedy_text(action, words), law=action.law)
        else:
            label = text
        moves.append(MovePicture(text, label))
    return tuple(moves)


@functools.lru_cache(maxsize=512)
def _play_move(words: Words, card: int, trump: int) -> MovePicture:
    """The move that plays a card (by index) with ``trump`` (a suit's number, -1 for none), once per language, card
    and trumps: the seat to play is painted after every card."""
    text = _TEXT[card]
    shown = words.card(CARDS[card])
    label = words("play {card}, a trump", card=shown) if CARDS[card].suit == trump else words("play {card}",
                                                                                               card=shown)
    return MovePicture(f"play {text}", label, text)


def _pending(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    pending = view.pending
    if pending is None:
        return ""
    act = next((action for _, action in reversed(view.history) if isinstance(action, Irregular)
                and pending.law in _laws_of(action.kind)), None)
    what = (act_label(view, str(act), words=words, names=teller.names) if act is not None
            else words("an irregularity"))
    remedies = " / ".join(remedy_text(Remedy(name, pending.law), words) for name in pending.remedies)
    if pending.chooser is None:
        return words("{law}: {act}. The table rules: {remedies}.", law=pending.law, act=what, remedies=remedies)
    if pending.chooser == teller.me:
        return words("{law}: {act}. You choose: {remedies}.", law=pending.law, act=what, remedies=remedies)
    return words("{law}: {act}. {seat} chooses: {remedies}.", law=pending.law, act=what,
                 seat=teller.name(pending.chooser), remedies=remedies)


# ------------------------------------------------------------------------------------------------ refusals
def why_not(view: EcarteView, action_text: str, reason: str, /, *, words: Words) -> str:
    """Why the viewer may not take ``action_text`` now, citing the rule (the engine's ``reason`` otherwise)."""
    teller = _Teller(view, words, default_names(view, words=words))
    me = teller.me
    text = action_text.strip()
    parts = text.split()
    verb = parts[0].lower() if parts else ""
    if view.phase is Phase.OVER:
        return words("The game is over: no move is possible.")
    if verb == "!":
        if view.rules.mode is not Mode.TABLE:
            return words("Irregular acts happen only in table mode (rules option mode=table).")
        return words("That irregular act is not possible now: {reason}.", reason=reason)
    if view.pending is not None and verb != "remedy":
        chooser = view.pending.chooser
        if chooser == me:
            return words("A ruling under {law} is pending: choose its remedy first.", law=view.pending.law)
        return words("A ruling under {law} is pending: it must be given first.", law=view.pending.law)
    if me is None or view.actor != me:
        return _not_your_turn(teller)
    if verb == "remedy":
        return words("No such remedy is offered now ({reason}).", reason=reason)
    phase = view.phase
    if verb == "play":
        return _card_refused(teller, parts[1] if len(parts) > 1 else "")
    if verb in ("propose", "stand"):
        if phase is Phase.DEALER_DECIDES:
            return words("A proposal is made: accept it, « combien ? », or refuse it, « je joue » (ECARTE-VI.1).")
        return words("Only the elder hand proposes or plays on, and only before the play (ECARTE-VI.1).")
    if verb in ("accept", "refuse"):
        if phase is Phase.DEALER_DECIDES and verb == "refuse":
            return words("You may not refuse this proposal: you turned up a card while serving (ECARTE-VI.9, "
                         "E-X7).")
        return words("Only the dealer answers a proposal, once it is made (ECARTE-VI.1).")
    if verb == "discard":
        return _discard_refused(teller, parts[1:])
    if verb == "take-back":
        excess = [a for a in view.legal_actions if isinstance(a, TakeBack)]
        if excess:
            return words("Take back exactly {count} of the cards you last discarded (ECARTE-VI.5).",
                         count=len(excess[0].cards))
        return words("Nothing is to be taken back: the talon was not too short (ECARTE-VI.5).")
    if verb == "mark-king":
        return _king_refused(teller)
    return words("Not allowed now: {reason}.", reason=reason)


def _not_your_turn(teller: _Teller) -> str:
    view, words, actor = teller.view, teller.words, teller.view.actor
    if not isinstance(actor, int) or actor < 0:
        return words("It is not your turn: the cards are being dealt.")
    seat = teller.obj(actor)
    if view.phase is Phase.ELDER_DECIDES:
        return words("It is not your turn: {seat} is to propose or play (ECARTE-VI.1).", seat=seat)
    if view.phase is Phase.DEALER_DECIDES:
        return words("It is not your turn: {seat} is to accept or refuse (ECARTE-VI.1).", seat=seat)
    if view.phase is Phase.PLAY:
        return words("It is not your turn: {seat} is to play (a card played out of turn is taken back, E-P1).",
                     seat=seat)
    return words("It is not your turn: {seat} is to discard (ECARTE-VI.4).", seat=seat)


def _allowed_plays(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    plays = sort_hand([a.card for a in view.legal_actions if isinstance(a, Play)], teller.trump)
    return " " + words("You may play: {cards}.", cards=words.cards(plays)) if plays else ""


def _card_refused(teller: _Teller, text: str) -> str:
    """Why a card may not be played: the rule of E-§5 that forbids it."""
    view, words = teller.view, teller.words
    card = _parse(text)
    if card is None:
        return words("Cannot read a card from “{text}”.", text=text)
    shown = teller.card(card)
    if view.phase is Phase.ELDER_DECIDES:
        return words("Not yet: first propose, « je propose », or play, « je joue » (ECARTE-VI.1).")
    if view.phase is Phase.DEALER_DECIDES:
        return words("Not yet: first accept the proposal, « combien ? », or refuse it, « je joue » (ECARTE-VI.1).")
    if view.phase is not Phase.PLAY:
        return words("Not yet: first finish the exchange (ECARTE-VI.4).")
    if card not in view.hand:
        return words("You do not hold {card}.", card=shown) + _allowed_plays(teller)
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    allowed = _allowed_plays(teller)
    if current is None:
        plays = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if plays and all(c.suit == plays[0].suit for c in plays):
            return words("You must lead {suit}, the suit you named (E-P2, ECARTE-V.2).",
                         suit=plays[0].suit.symbol) + allowed
        return words("{card} cannot be led now.", card=shown) + allowed
    led = current.cards[0]
    same = [c for c in view.hand if c.suit == led.suit]
    if same and card.suit != led.suit:
        return words("You must follow suit: {suit} was led (E-§5).", suit=led.suit.symbol) + allowed
    if same:
        return words("You must overtake {card} when you can: you hold a higher {suit} (E-§5).",
                     card=teller.card(led), suit=led.suit.symbol) + allowed
    if teller.trump is not None and any(c.suit == teller.trump for c in view.hand):
        return words("You have no {suit}: you must trump (E-§5).", suit=led.suit.symbol) + allowed
    return words("{card} cannot be played now (E-§5).", card=shown) + allowed


def _discard_refused(teller: _Teller, texts: Sequence[str]) -> str:
    view, words = teller.view, teller.words
    discards = [a for a in view.legal_actions if isinstance(a, Discard)]
    if not discards:
        if view.phase is Phase.ELDER_DECIDES:
            return words("No exchange yet: propose first, « je propose » (ECARTE-VI.1).")
        if view.phase is Phase.DEALER_DECIDES:
            return words("Answer the proposal first: « combien ? » or « je joue » (ECARTE-VI.1).")
        return words("The exchange is over: no more discards (ECARTE-VI.3).")
    cards = [_parse(text) for text in texts]
    for text, card in zip(texts, cards, strict=True):
        if card is None:
            return words("Cannot read a card from “{text}”.", text=text)
        if card not in view.hand:
            return words("You do not hold {card}.", card=teller.card(card))
    low, high = min(len(a.cards) for a in discards), max(len(a.cards) for a in discards)
    if len(cards) > high and high < HAND_SIZE:
        return words("The talon holds only {count}: you may discard at most {count} (ECARTE-VI.5).",
                     count=words.count_cards(high))
    return words("Discard from {low} to {high} cards (ECARTE-VI.1).", low=low, high=high)


def _king_refused(teller: _Teller) -> str:
    view, words = teller.view, teller.words
    trump = view.trump_card
    if trump is not None and trump.rank is Rank.KING:
        if view.rules.mode is Mode.ENFORCED:
            return words("The turned-up king was marked for the dealer when it was turned (E-§3.4).")
        return words("Only the dealer marks the turned-up king (E-§3.4, E-K3).")
    if view.king_marked_by is not None:
        return words("The king of trumps is already marked this deal (E-§4.4).")
    king = Card(Rank.KING, trump.suit) if trump is not None else None
    if king is None or king not in view.hand:
        return words("Only the holder of the king of trumps may mark it (E-§4.4).")
    return words("Too late: the king is marked before your first card (E-§4.4, E-K1).")


# ------------------------------------------------------------------------------------------------ shorthand
_SAYINGS: Final = {
    "je propose": "propose", "propose": "propose", "cartes": "propose", "j'écarte": "propose",
    "combien": "accept", "combien ?": "accept", "je marque le roi": "mark-king", "le roi": "mark-king",
    "j'ai le roi": "mark-king", "roi": "mark-king",
}
_DISCARD_VERBS: Final = ("discard", "écarter", "ecarter", "écarte", "ecarte")


def shorthand(view: EcarteView, text: str, /) -> str:
    """The books' sayings (« je propose », « combien ? », « je joue », « je marque le roi »), a card alone (``KH``,
    ``10h``, ``kh``, ``R♥``) for playing it (before the play too, so that the refusal says what comes first), and a
    discard by the positions of the cards in the hand as shown (``discard 1 4``); other text is left as it is.

    >>> from academie.games.ecarte.state import EcarteState
    >>> view = EcarteState.new(seed=1, first_dealer=0).view(1)
    >>> shorthand(view, "je joue"), shorthand(view, "Je propose"), shorthand(view, "help")
    ('stand', 'propose', 'help')
    """
    stripped = text.strip()
    lowered = " ".join(stripped.lower().split())
    if lowered == "je joue":
        return "refuse" if view.phase is Phase.DEALER_DECIDES else "stand"
    if lowered in _SAYINGS:
        return _SAYINGS[lowered]
    parts = stripped.split()
    if not parts:
        return text
    if parts[0].lower() in _DISCARD_VERBS and len(parts) > 1:
        if all(part.isdigit() for part in parts[1:]):
            hand = sort_hand(view.hand, view.trump_card.suit if view.trump_card is not None else None)
            positions = [int(part) for part in parts[1:]]
            if all(1 <= position <= len(hand) for position in positions):
                return " ".join(["discard", *(str(hand[position - 1]) for position in positions)])
        return " ".join(["discard", *parts[1:]])
    if len(parts) == 2 and parts[0].lower() in ("play", "jouer", "joue", "je"):
        candidate = parts[1]
    elif len(parts) == 1:
        candidate = parts[0]
    else:
        return text
    card = _parse(candidate)
    return f"play {card}" if card is not None else text  # out of the play, the refusal says what to do first


__all__ = ["act_label", "default_names", "paint", "remedy_text", "shorthand", "sort_hand", "why_not"]
