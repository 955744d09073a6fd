"""La Triomphe's table picture (:class:`academie.picture.Painter`), painted from a view alone: every screen (the
terminal, replays, the card room) draws it."""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import Card
from academie.engine import Irregular, Remedy
from academie.picture import Memo, MovePicture, Picture, SeatPicture, Tally, TrickPicture
from academie.words import Words
from triomphe.state import STRENGTH, Phase, Play, TriompheView, beats


def default_names(view: TriompheView, /, *, words: Words) -> tuple[str, ...]:
    """"You" and "The bot" for a seat; "Seat 0" and "Seat 1" for a spectator."""
    if view.viewer in (0, 1):
        return tuple(words("You") if seat == view.viewer else words("The bot") for seat in (0, 1))
    return tuple(words("Seat {number}", number=seat) for seat in (0, 1))


def _trick(number: int, plays: tuple[tuple[int, Card], ...], trump: Card | None, words: Words) -> TrickPicture:
    winner, why = None, ""
    if len(plays) == 2:
        (leader, led), (follower, card) = plays
        if beats(card, led, trump):
            winner = follower
            why = words("trumps") if card.suit != led.suit else words("the higher card of the suit led")
        else:
            winner, why = leader, words("the card led holds")
    return TrickPicture(number, tuple((seat, str(card)) for seat, card in plays), winner, why)


def act_label(view: TriompheView, act: str, /, *, words: Words, names: Sequence[str] = ()) -> str:
    """An irregular act (``! out-of-turn 1 KH``) in one line of words, with its law's ID (table mode)."""
    parts = act.split()
    if len(parts) != 4 or parts[:2] != ["!", "out-of-turn"] or parts[2] not in ("0", "1"):
        return act
    seat = int(parts[2])
    try:
        card = words.card(Card.parse(parts[3]))
    except ValueError:
        return act
    if seat == view.viewer:
        return words("You play {card} out of turn (T-L1)", card=card)
    return words("{name} plays {card} out of turn (T-L1)", name=(names or default_names(view, words=words))[seat],
                 card=card)


def _line(view: TriompheView, seat: int, action: object, names: Sequence[str], words: Words) -> str:
    if isinstance(action, Play):
        if seat == view.viewer:
            return words("You play {card}", card=words.card(action.card))
        return words("{name} plays {card}", name=names[seat], card=words.card(action.card))
    if isinstance(action, Irregular):
        return act_label(view, str(action), words=words, names=names)
    if isinstance(action, Remedy):
        return words("The table rules under {law}: a point to the other player", law=action.law)
    return str(action)


def paint(view: TriompheView, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
    """The picture of ``view`` in ``words``' language, the seats called ``names`` (a picture this small is
    painted whole each time: ``memo`` is not needed)."""
    trump = view.trump_card
    seats = tuple(SeatPicture(seat, names[seat], (words("dealer"),) if seat == view.dealer else (),
                              view.hand_sizes[seat], tuple(str(card) for card in view.shown[seat]))
                  for seat in (0, 1))
    over = view.phase is Phase.OVER
    if over:
        status, waiting = words("The game is over"), words("The game is over")
    else:
        dealer = view.dealer or 0
        status = (words("Deal {number}: you deal", number=view.deal_number) if dealer == view.viewer else
                  words("Deal {number}: {name} deals", number=view.deal_number, name=names[dealer]))
        actor = view.actor
        waiting = (words("Your move") if actor == view.viewer else
                   words("{name} to play", name=names[actor]) if actor is not None and actor >= 0 else "")
    moves = tuple(MovePicture(str(action), words("play {card}", card=words.card(action.card)), str(action.card))
                  if isinstance(action, Play) else MovePicture(str(action), str(action))
                  for action in sorted(view.legal_actions, key=_order))
    played = sum(view.tricks_won)
    result = ""
    if over:
        winner = 0 if view.score[0] > view.score[1] else 1
        result = words("{name} wins the game, {points} points to {other} (T-5)", name=names[winner],
                       points=view.score[winner], other=view.score[1 - winner])
    return Picture(
        game="triomphe", title="La Triomphe", lang=words.lang, viewer=view.viewer if view.viewer >= 0 else None,
        status=status, seats=seats, hand=tuple(str(card) for card in sorted(view.hand, key=_hand_order)),
        trump=None if trump is None else words("{suit}, the turn-up {card}", suit=words.suit(trump.suit),
                                               card=words.card(trump)),
        trick=_trick(played + 1, view.trick, trump, words) if view.trick else None,
        last_trick=_trick(played, view.last_trick, trump, words) if view.last_trick else None,
        tallies=(Tally(words("Points"), tuple((names[seat], str(view.score[seat])) for seat in (0, 1))),
                 Tally(words("Tricks"), tuple((names[seat], str(view.tricks_won[seat])) for seat in (0, 1)))),
        to_act=view.actor if view.actor is not None and view.actor >= 0 else None, waiting_for=waiting,
        moves=moves, log=tuple(_line(view, seat, action, names, words) for seat, action in view.history),
        pending="" if view.pending is None else words("{law}: a point to the other player", law=view.pending.law),
        result=result)


def _hand_order(card: Card) -> tuple[int, int]:
    return int(card.suit), -STRENGTH[card.rank]


def _order(action: object) -> tuple[int, int]:
    return _hand_order(action.card) if isinstance(action, Play) else (9, 0)


def why_not(view: TriompheView, action: str, reason: str, /, *, words: Words) -> str:
    """Why the viewer may not take ``action`` now, citing the rule."""
    if view.phase is Phase.OVER:
        return words("The game is over: no move is possible.")
    if view.actor != view.viewer:
        return words("It is not your turn.")
    if view.trick and action.strip().lower().startswith("play"):
        return words("You must follow suit and head the trick if you can, else trump if you can (T-3).")
    return words("That is not a move now: play one of your cards.")


def shorthand(view: TriompheView, text: str, /) -> str:
    """A card alone (``KH``, ``10h``) plays it; other text is left as it is."""
    stripped = text.strip()
    try:
        card = Card.parse(stripped)
    except ValueError:
        return stripped
    return f"play {card}"
