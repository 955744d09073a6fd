"""The table picture of Le Quinze, painted from a view only (:class:`academie.picture.Painter`).

What a seat sees: each player's cave, stake and cards (the hidden card face down, the cards drawn face up in
Form A, hidden in Form B), the pot, the *jeu* (the least opening, QUINZE-35) and the stake to hold, whose word it
is, the legal moves in the books' words (« je passe », « je tiens », « je renvie », « carte », « je m'y tiens »,
« voulez-vous cartes ? »), and the coup as sentences: antes, bets, cards drawn, busts, rulings, and how the last
coup ended, which pot paid whom and under which rule. Le Quinze has no tricks and no trumps: the hand is shown in
the order the cards came, the hidden card first.

>>> from academie.games.quinze.positions import deck
>>> from academie.games.quinze.state import QuinzeRules, QuinzeState
>>> rules = QuinzeRules(players=3)
>>> state = QuinzeState.new(rules, decks=[deck(hands={0: "7C", 1: "KS", 2: "4C"}, dealer=2, rules=rules)],
...                         first_dealer=2)
>>> picture = paint(state.view(0), words=Words("en"), names=("You", "Seat 1", "Seat 2"))
>>> picture.hand, picture.waiting_for, [move.label for move in picture.moves][:2]
(('7C',), 'Your move', ['« je passe »: pass (your ante stays in the pot)', '« j’ouvre de 3 »: open for 3'])
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from academie.cards import Card, CardParseError
from academie.engine import CHANCE, TABLE, Action, ActionParseError, written_maker
from academie.games.quinze.state import (
    ALL_IN,
    ANNOUNCE,
    CARD,
    HOLD,
    PASS,
    POT,
    STAND,
    TARGET,
    WANT_CARDS,
    WITH_THAT,
    CoupEnd,
    Open,
    Phase,
    QuinzeRules,
    QuinzeView,
    Raise,
    Simple,
    hand_total,
    parse_action,
)
from academie.laws import Irregular, Remedy, parse_table_action
from academie.ledger import Transfer
from academie.picture import (
    Memo,
    MovePicture,
    Picture,
    SeatPicture,
    Tally,
    cards_in,
    part,
    same_for_all,
    signed,
    write_picture,
)
from academie.words import Words

TAKES = re.compile(r"^QUINZE-3[23]: seat (\d+) takes (.+)$")
"""The engine's ruling on the cards a seat keeps when the dealer gave too many or unasked (QUINZE-32, QUINZE-33)."""


# ------------------------------------------------------------------------------------------------ the scene
_Tongue = tuple[str, str | None]
"""A language and a game's words (:class:`academie.words.Words`' ``lang`` and ``game``: words of the same are
equal), as the painter's shared caches are keyed: a tuple of strings hashes in C, where hashing words calls
Python."""

_WORDS: Final[dict[_Tongue, Words]] = {}
"""The words of each tongue the painter was given (one per language and game)."""


def _tongue(w: Words) -> _Tongue:
    """The tongue of ``w``, whose words :data:`_WORDS` then gives back."""
    tongue = (w.lang, w.game)
    if tongue not in _WORDS:
        _WORDS[tongue] = w
    return tongue


class _Scene:
    """The view, the words and the names, with the small phrases every sentence needs (read many times in every
    picture: the table's size, its form and the viewer are found once)."""

    __slots__ = ("form_b", "n", "names", "tongue", "view", "viewer", "w")

    def __init__(self, view: QuinzeView, w: Words, names: Sequence[str]) -> None:
        self.view, self.w, self.names, self.tongue = view, w, names, _tongue(w)
        self.n, self.form_b, self.viewer = len(view.caves), view.rules.form == "B", view.viewer

    def me(self, seat: int) -> bool:
        return seat == self.viewer

    def named(self) -> Sequence[str]:
        """How the viewer calls every seat, in order (:meth:`name`)."""
        names = self.names
        return names if len(names) >= self.n else tuple(self.name(seat) for seat in range(self.n))

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.w("Seat {number}", number=seat)

    def obj(self, seat: int) -> str:
        """The seat inside a sentence: "you" for the viewer, "the bot" for the default name of the other seat."""
        if self.me(seat):
            return self.w("you")
        name = self.name(seat)
        return self.w("the bot") if name == self.w("The bot") else name

    def act(self, seat: int, you: str, they: str, /, **arguments: object) -> str:
        """One of two translated sentences, the viewer's ("You hold") or another seat's ("{who} holds")."""
        return you.format(**arguments) if self.me(seat) else they.format(who=self.name(seat), **arguments)

    def card(self, card: Card) -> str:
        return self.w.card(card)

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.w.card(card) for card in cards)

    def seats(self, seats: Sequence[int]) -> str:
        return ", ".join(self.obj(seat) for seat in seats)

    def total(self, cards: Sequence[Card]) -> int:
        return hand_total(cards, self.view.rules)

    def staked(self, seat: int) -> int:
        """What the seat has put in this coup, its ante included."""
        view = self.view
        ante = view.rules.ante if view.in_coup[seat] and not self.form_b else 0
        return ante + view.contributions[seat]

    def known(self, text: str) -> Card | None:
        """The card a card text of the engine names, when the view holds it (else it is not said)."""
        try:
            card = Card.parse(text)
        except CardParseError:
            return None
        return card if card in cards_in(self.view) else None


def _seat_total(view: QuinzeView, seat: int) -> int | None:
    """:meth:`QuinzeView.total`: the total of ``seat``'s cards if the viewer knows them all."""
    hole = view.hole[seat]
    return None if hole is None else hand_total((hole, *view.up[seat]), view.rules)


def _scene(view: QuinzeView, words: Words, names: Sequence[str]) -> _Scene:
    return _Scene(view, words, names if type(names) is tuple else tuple(names))


# ------------------------------------------------------------------------------------------------ names
def default_names(view: QuinzeView, /, *, words: Words) -> tuple[str, ...]:
    """"You" and "The bot" at two, "You" and "Seat N" at more; "Seat N" for everyone for a spectator."""
    return _default_names(view.viewer, len(view.caves), _tongue(words))


@functools.lru_cache(maxsize=256)
def _default_names(viewer: int, count: int, tongue: _Tongue) -> tuple[str, ...]:
    """:func:`default_names`, made once per viewer, table size and language (the card room asks after every
    action)."""
    words = _WORDS[tongue]
    names = []
    for seat in range(count):
        if seat == viewer:
            names.append(words("You"))
        elif count == 2 and 0 <= viewer < count:
            names.append(words("The bot"))
        else:
            names.append(words("Seat {number}", number=seat))
    return tuple(names)


# ------------------------------------------------------------------------------------------------ the picture
def paint(view: QuinzeView, /, *, words: Words, names: Sequence[str], memo: Memo | None = None) -> Picture:
    """The picture of ``view`` in ``words``' language."""
    scene = _scene(view, words, names)
    w = words
    over = view.phase is Phase.OVER
    hand: tuple[str, ...] = ()
    if 0 <= view.viewer < scene.n:
        hole, up = view.hole[view.viewer], view.up[view.viewer]
        if hole is not None:
            hand = part(memo, "hand", (hole, up), lambda: tuple(str(card) for card in (hole, *up)))
    table: list[tuple[str, tuple[str, ...]]] = []
    if view.shown_burnt:
        table.append((w("Shown and burnt (QUINZE-25)"), tuple(str(c) for c in view.shown_burnt)))
    if view.shown_next is not None:
        table.append((w("Next card, shown by the dealer (QUINZE-33)"), (str(view.shown_next),)))
    if view.pending_cards:
        table.append((w("Cards the dealer gave ({law})", law=view.pending.law if view.pending else "QUINZE-32"),
                      tuple(str(c) for c in view.pending_cards)))
    end, short = _coup_end_kept(scene, memo)
    walk = _coup_log(scene, memo)
    log = (*end, *walk) if walk else end
    position = _position(view.rules, view.phase, view.dealer, view.drawer, view.caves, view.contributions,
                         view.in_coup, view.folded, view.stood, view.announced, view.drawn, view.multiplier, view.pot,
                         view.highest, view.jeu, view.history)
    result = ""
    if over:
        result = _final(scene)  # the last coup's end is the last thing the log tells
    elif view.last_deal is not None and not position.spoken:
        result = " ".join(short)
    status = part(memo, "status", (scene.names, w, view.phase, view.dealer, view.rules, view.coup, view.multiplier,
                                   view.pack_colour, view.pack_left), lambda: _status(scene))
    waiting_for = part(memo, "waiting for", (scene.names, w, view.viewer, view.phase, view.actor, view.pending,
                                             view.drawer, view.highest, view.contributions),
                       lambda: _waiting_for(scene))
    actor = view.actor
    return _picture("quinze", _title(scene.tongue), w.lang, None if view.viewer < 0 else view.viewer, status,
                    _seats(scene, position.facts, memo), hand, None, tuple(table), None, None,
                    _tallies(scene, position.values, memo),
                    actor if actor is not None and actor >= 0 else None, waiting_for, _moves(scene), log,
                    _pending(scene), result, ())


_NEW: Final = object.__new__


_seat_picture: Final[Callable[..., SeatPicture]] = written_maker(SeatPicture)
"""``SeatPicture(seat, name, roles, cards, shown, notes)``, its fields set through their slots (issue 33: a seat's
line is made again for its viewer and for the others whenever the seat's state changes, most actions)."""

_move_picture: Final[Callable[..., MovePicture]] = written_maker(MovePicture)
"""``MovePicture(action, label, card)``, its fields set through their slots (the actor's moves are labelled at every
action)."""


_picture: Final = write_picture


@functools.lru_cache(maxsize=16)
def _title(tongue: _Tongue) -> str:
    """The game's name in the tongue's language (every picture says it)."""
    words = _WORDS[tongue]
    return words("Le Quinze")


class _Position:
    """What every viewer of a position sees alike and the painter works out of it (issue 33: found with one
    comparison of the parts the viewers' views share, not one for each of its parts)."""

    __slots__ = ("facts", "spoken", "values")

    def __init__(self, facts: _SeatFacts, values: _TallyValues, spoken: bool) -> None:
        self.facts, self.values, self.spoken = facts, values, spoken
        """The seats' facts (:func:`_seen_by_others`), the tallies' figures (:func:`_tally_values`), and whether a
        seat has acted in the coup (until then, the result of the last coup is shown)."""


@same_for_all
def _position(rules: QuinzeRules, phase: Phase, dealer: int | None, drawer: int | None, caves: tuple[int, ...],
              contributions: tuple[int, ...], in_coup: tuple[bool, ...], folded: tuple[bool, ...],
              stood: tuple[bool, ...], announced: tuple[bool, ...], drawn: tuple[int, ...], multiplier: int, pot: int,
              highest: int, jeu: int, history: tuple[tuple[int, Action], ...]) -> _Position:
    """The position's :class:`_Position`, worked out once for all its viewers (their views share these parts)."""
    return _Position(
        _seen_by_others(rules, phase, dealer, drawer, caves, contributions, in_coup, folded, stood, announced, drawn),
        _tally_values(rules, phase, multiplier, caves, pot, highest, jeu, contributions, in_coup, history),
        any(seat >= 0 for seat, _ in history))


def _status(scene: _Scene) -> str:
    view, w = scene.view, scene.w
    if view.phase is Phase.OVER:
        return w("The partie is over")
    if view.dealer is None or view.phase in (Phase.PLACES, Phase.CUT):
        return w("Drawing for places") if not scene.form_b else w("Cutting for the deal")
    dealer = scene.name(view.dealer)
    if scene.form_b:
        return w("Game {number} · dealer: {dealer} · stake {stake}", number=view.coup + 1, dealer=dealer,
                 stake=view.rules.stake * view.multiplier)
    if view.pack_colour == "red":
        return w("Coup {number} · dealer: {dealer} · red pack, {left} cards left", number=view.coup + 1,
                 dealer=dealer, left=view.pack_left)
    return w("Coup {number} · dealer: {dealer} · black pack, {left} cards left", number=view.coup + 1,
             dealer=dealer, left=view.pack_left)


def _seats(scene: _Scene, facts: _SeatFacts, memo: Memo | None) -> tuple[SeatPicture, ...]:
    """Every seat's line (:func:`_seat_line`), the whole tuple kept in ``memo`` while all the lines read is the same
    (issue 33: the seats' facts, :attr:`_SeatFacts.same`, are the same object while equal, and most actions are
    bets, which change no line); else the viewer's own kept in ``memo`` until what it reads changes, the others' as
    every viewer who names the seat alike sees them, found once per position (:attr:`_SeatFacts.lines`) among the
    lines of the positions before (:data:`_OTHERS`), made again only when what they read changes."""
    view = scene.view
    if memo is None:
        return _seats_made(scene, facts, None)
    # everything a line reads: the facts (the phase and rules among them), each seat's cards and bust as the viewer
    # sees them, his substitute card, the names and the words
    key = (facts.same, view.viewer, view.hole, view.up, view.busted, view.substitute, scene.names, scene.w)
    kept = memo.parts.get("seats")
    if kept is not None and kept[0] == key:
        return kept[1]  # type: ignore[return-value]  # kept below for this name
    seats = _seats_made(scene, facts, memo)
    memo.parts["seats"] = (key, seats)
    return seats


def _seats_made(scene: _Scene, facts: _SeatFacts, memo: Memo | None) -> tuple[SeatPicture, ...]:
    view, w, names = scene.view, scene.w, scene.named()
    viewer, tongue, lines, seats = view.viewer, scene.tongue, facts.lines, []
    holes, ups, busts = view.hole, view.up, view.busted
    for seat in range(facts.n):
        name = names[seat]
        hole, up, busted = holes[seat], ups[seat], busts[seat]
        if seat == viewer:
            # the viewer's own line kept in the memo while all it reads is equal (issue 33: found without a partial
            # function made for every viewer at every action)
            mine = (w, name, _seat_reads(view, facts, seat), view.substitute)
            own = memo.parts.get("own seat") if memo is not None else None
            line = own[1] if own is not None and own[0] == mine else None
            if not isinstance(line, SeatPicture):
                line = _seat_made(w, view, facts, seat, name, me=True)
                if memo is not None:
                    memo.parts["own seat"] = (mine, line)
            seats.append(line)
            continue
        # Q-R12: another seat's hidden card is in no viewer's view but its owner's (or shown, in every view alike):
        # a line made from a view that held it is given only to viewers whose view holds the same cards
        key = (seat, name, tongue)
        found = lines.get(key)
        if found is None or found[0] is not hole or found[1] is not up or found[2] is not busted:
            reads = _seat_reads(view, facts, seat)
            kept = _OTHERS.get(key)
            if kept is None or kept[0] != reads:
                if len(_OTHERS) >= 4096:
                    _OTHERS.clear()
                kept = _OTHERS[key] = (reads, _seat_made(w, view, facts, seat, name, me=False))
            found = lines[key] = (hole, up, busted, kept[1])
        seats.append(found[3])
    return tuple(seats)


def _seat_reads(view: QuinzeView, facts: _SeatFacts, seat: int) -> tuple[object, ...]:
    """Everything the line of ``seat`` reads (:func:`_seat_made`) beside its seat, its name and the words."""
    return (view.hole[seat], view.up[seat], view.busted[seat], facts.states[seat], facts.roles[seat],
            facts.drawn[seat], view.phase, view.rules)


_OTHERS: Final[dict[tuple[int, str, _Tongue], tuple[tuple[object, ...], SeatPicture]]] = {}
"""The line of each seat as the viewers who are not that seat see it, by seat, the name they call it and their
language, with everything it read beside them (its cards, its bust, its facts, the phase, the rules): the same for
every viewer of a position who names the seat alike, and after every action that leaves the seat as it was (most
actions change one or two seats), so it is made once for them all (shared by every table; emptied when it holds
4,096). What it read is compared, not hashed: cards, enums and rules hash through Python calls."""


@dataclass(frozen=True, slots=True, eq=False)
class _SeatFacts:
    """What the seats' lines read of a position that every viewer sees alike, and the lines of the seats as the
    viewers who are not they see them (found as they are first asked for, by seat, name and language, each with
    the cards and bust it was made from)."""

    n: int
    form_b: bool
    secret: bool
    roles: tuple[tuple[bool, bool], ...]
    states: tuple[tuple[bool, bool, bool, bool, bool, bool], ...]
    """Per seat: in the coup, passed, stood, announced, drawing, all in."""
    drawn: tuple[int, ...]
    same: tuple[object, ...]
    """All the above and the phase and rules, the same object as the last position's while equal (the viewers'
    memos then compare it by identity, :func:`_seats`)."""
    lines: dict[tuple[int, str, _Tongue], tuple[Card | None, tuple[Card, ...], bool, SeatPicture]]


def _seen_by_others(rules: QuinzeRules, phase: Phase, dealer: int | None, drawer: int | None, caves: tuple[int, ...],
                    contributions: tuple[int, ...], in_coup: tuple[bool, ...], folded: tuple[bool, ...],
                    stood: tuple[bool, ...], announced: tuple[bool, ...], drawn: tuple[int, ...]) -> _SeatFacts:
    n = len(caves)
    dealing = dealer is not None and phase not in (Phase.PLACES, Phase.CUT, Phase.OVER)
    dealt_by = dealer if dealing and dealer is not None else -1
    eldest = (dealt_by + 1) % n if dealt_by >= 0 else -1
    form_b = rules.form == "B"
    ante = rules.ante if not form_b else 0
    secret = rules.silent_bust if not form_b else rules.elder_bust == "hidden"
    roles = tuple((seat == dealt_by, seat == eldest) for seat in range(n))
    states = tuple((in_coup[seat], folded[seat], stood[seat], announced[seat], drawer == seat,
                    caves[seat] == 0 and (ante if in_coup[seat] else 0) + contributions[seat] > 0) for seat in range(n))
    same: tuple[object, ...] = (rules, phase, n, form_b, secret, roles, states, drawn)
    if _LAST_SAME and _LAST_SAME[0] == same:
        same = _LAST_SAME[0]
    else:
        _LAST_SAME[:] = [same]
    return _SeatFacts(n=n, form_b=form_b, secret=secret, roles=roles, states=states, drawn=drawn, same=same, lines={})


_LAST_SAME: Final[list[tuple[object, ...]]] = []
"""The seats' facts last worked out (:attr:`_SeatFacts.same`)."""


def _seat_made(w: Words, view: QuinzeView, facts: _SeatFacts, seat: int, name: str, *, me: bool) -> SeatPicture:
    """:func:`_seat_line` of ``seat`` in ``view``, with the seat's total, added up only when the line is made."""
    in_coup, folded, stood, announced, drawing, all_in = facts.states[seat]
    return _seat_line(w, name, seat, me=me, form_b=facts.form_b, secret=facts.secret, phase=view.phase,
                      role=facts.roles[seat],
                      state=(in_coup, folded, view.busted[seat], stood, announced, drawing, all_in),
                      cards=(view.hole[seat], view.up[seat], facts.drawn[seat]), total=_seat_total(view, seat),
                      substitute=view.substitute if me else None)


def _seat_line(w: Words, name: str, seat: int, *, me: bool, form_b: bool, secret: bool, phase: Phase,
               role: tuple[bool, bool], state: tuple[bool, bool, bool, bool, bool, bool, bool],
               cards: tuple[Card | None, tuple[Card, ...], int], total: int | None,
               substitute: Card | None) -> SeatPicture:
    """A seat's line from everything it reads (its arguments)."""
    in_coup, folded, busted, stood, announced, drawing, all_in = state
    hole, up, drawn = cards
    roles: list[str] = []
    if role[0]:
        roles.append(w("dealer"))
    if role[1]:
        roles.append(w("eldest hand"))
    playing = in_coup and not folded
    count = 1 + drawn if playing else 0
    shown: tuple[Card, ...] = ()
    if not me and playing:
        shown = ((hole,) if hole is not None else ()) + up
    notes: list[str] = []
    if phase is Phase.OVER:
        return _seat_picture(seat, name, tuple(roles), 0, (), ())
    if not in_coup and phase in (Phase.OPENING, Phase.DRAW, Phase.REGATHER):
        notes.append(w("not in this coup"))
    elif folded:
        notes.append(w("passed"))
    elif busted:
        notes.append(w("bust, known only to you") if me and secret else w("bust (« je crève »)"))
    elif stood:
        notes.append(w("stands (« je m'y tiens »)"))
    if playing and all_in and not form_b:
        notes.append(w("all in"))
    if announced:
        notes.append(w("holding announced, « j’ai … » (QUINZE-36)"))
    if playing and drawing:
        notes.append(w("drawing"))
    if playing and total is not None:
        notes.append(w("total {total}", total=total))
    if substitute is not None:
        notes.append(w("substitute hidden card {card}, valid only against the offender (QUINZE-22)",
                       card=w.card(substitute)))
    return _seat_picture(seat, name, tuple(roles), count, tuple(str(c) for c in shown), tuple(notes))


def _tallies(scene: _Scene, values: _TallyValues, memo: Memo | None) -> tuple[Tally, ...]:
    """The caves, the pot or the stake, and the bets, named as the viewer names the seats: their figures worked out
    once per position for every viewer (:func:`_tally_values`), the tallies kept in ``memo`` while they and the
    names are the same. When the figures change (at every bet), only the tallies they change are made again (issue
    33): the pot's, which names no seat, once for every viewer of a tongue (:func:`_pot_tally`), the caves kept in
    ``memo`` while they and the names are the same (a bet changes the bettor's bet and the pot)."""
    if memo is None:
        return _tallies_made(values, scene.named(), scene.tongue, None)
    return part(memo, "tallies", (scene.names, scene.w, values),
                lambda: _tallies_made(values, scene.named(), scene.tongue, memo))


def _tallies_made(values: _TallyValues, names: Sequence[str], tongue: _Tongue, memo: Memo | None) -> tuple[Tally, ...]:
    labels = _tally_labels(tongue)
    caves = part(memo, "tally of the caves", (names, tongue, values.caves),
                 lambda: _tally(labels.caves, tuple(zip(names[:len(values.caves)], values.caves, strict=True))))
    if values.form_b:
        stake = _tally(labels.stake, ((labels.this_game, values.stake),))
        return (caves,) if values.over else (stake, caves)
    if values.over:
        return (caves,)
    pot = _pot_tally(tongue, values.pot, values.opened, values.height)
    staked = tuple((names[seat], bet) for seat, bet in values.bets)
    if not staked:
        return pot, caves
    return pot, caves, _tally(labels.bets, staked)


@functools.lru_cache(maxsize=256)
def _pot_tally(tongue: _Tongue, pot: str, opened: bool, height: str) -> Tally:
    """The pot's tally (Q-R4: the pot, and the highest stake once the betting is opened, else the jeu), which names
    no seat: made once for every viewer of the tongue (issue 33: it changes at every bet)."""
    labels = _tally_labels(tongue)
    return _tally(labels.pot, ((labels.on_the_table, pot),
                               (labels.highest, height) if opened else (labels.jeu, height)))


_SET_LABEL: Final = Tally.__dict__["label"].__set__
_SET_ENTRIES: Final = Tally.__dict__["entries"].__set__


def _tally(label: str, entries: tuple[tuple[str, str], ...]) -> Tally:
    """``Tally(label, entries)``, its two fields set through their slots (issue 33: the frozen class's ``__init__``
    sets them through ``object.__setattr__``; a viewer's tallies are made again at every bet). A test compares the
    tallies with those ``__init__`` makes."""
    tally: Tally = _NEW(Tally)
    _SET_LABEL(tally, label)
    _SET_ENTRIES(tally, entries)
    return tally


@dataclass(frozen=True, slots=True)
class _TallyValues:
    """The figures of a position's tallies, as text."""

    form_b: bool
    over: bool
    caves: tuple[str, ...]
    stake: str
    """Form B: this game's stake."""
    pot: str
    opened: bool
    height: str
    """The highest stake once the betting is opened, the jeu before (QUINZE-35)."""
    bets: tuple[tuple[int, str], ...]
    """The seats in the coup and what each has bet beyond his ante."""


def _tally_values(rules: QuinzeRules, phase: Phase, multiplier: int, caves: tuple[int, ...], pot: int, highest: int,
                  jeu: int, contributions: tuple[int, ...], in_coup: tuple[bool, ...],
                  history: tuple[tuple[int, Action], ...]) -> _TallyValues:
    """The tallies' figures of a position, worked out once for every viewer (:func:`_position`): the figures of the
    position before when they are equal (the viewers' memos then compare them by identity, once)."""
    form_b = rules.form == "B"
    opened = _opened_by(phase, history)
    values = _TallyValues(
        form_b=form_b, over=phase is Phase.OVER, caves=tuple(map(str, caves)),
        stake=str(rules.stake * multiplier) if form_b else "", pot=str(pot), opened=opened,
        height=str(highest) if opened else str(jeu),
        bets=tuple((seat, str(contributions[seat])) for seat in range(len(caves)) if in_coup[seat]))
    if _LAST_VALUES and _LAST_VALUES[0] == values:
        return _LAST_VALUES[0]
    _LAST_VALUES[:] = [values]
    return values


_LAST_VALUES: Final[list[_TallyValues]] = []
"""The tallies' figures last worked out (:func:`_tally_values`)."""


@dataclass(frozen=True, slots=True)
class _TallyLabels:
    caves: str
    stake: str
    this_game: str
    pot: str
    on_the_table: str
    highest: str
    jeu: str
    bets: str


@functools.lru_cache(maxsize=16)
def _tally_labels(tongue: _Tongue) -> _TallyLabels:
    """The words of the tallies in the tongue's language, found once (the tallies change at every bet)."""
    w = _WORDS[tongue]
    return _TallyLabels(w("Caves"), w("Stake"), w("this game"), w("Pot"), w("on the table"), w("highest stake"),
                        w("the jeu (least opening)"), w("Bets this coup, the antes apart"))


def _opened_by(phase: Phase, history: tuple[tuple[int, Action], ...]) -> bool:
    """Whether the betting of the coup was opened (the pot then shows the highest stake, not the jeu)."""
    return phase is not Phase.OPENING or any(isinstance(action, Open) or _verb(action) == ALL_IN.verb
                                             for _, action in history)


def _waiting_for(scene: _Scene) -> str:
    view, w = scene.view, scene.w
    actor = view.actor
    if view.phase is Phase.OVER or actor is None:
        return w("The game is over")
    if actor == TABLE:
        return w("The table rules ({law})", law=view.pending.law if view.pending else "")
    if actor == CHANCE:
        if view.phase is Phase.REGATHER:
            return w("The dead cards are gathered and cut (QUINZE-25)")
        return w("The cards are shuffled and dealt")
    if view.pending is not None:
        return scene.act(actor, w("Your ruling to choose ({law})"), w("{who} chooses the ruling ({law})"),
                         law=view.pending.law)
    if scene.me(actor):
        return w("Your move")
    if view.phase is Phase.DRAW and view.drawer == actor and view.contributions[actor] >= view.highest:
        return w("{who} to draw or stand", who=scene.name(actor))
    return w("{who} to speak", who=scene.name(actor))


# ------------------------------------------------------------------------------------------------ moves
def _verb(action: Action) -> str:
    """The verb of an action without argument (« je passe », ``pass``), "" for any other: the painter compares
    actions by their verbs, plain strings (the equality of actions is a call of Python, and the log and the moves
    compare every action told with several)."""
    return action.verb if type(action) is Simple else ""


def _verbs(actions: Sequence[Action]) -> frozenset[str]:
    """The verbs of ``actions`` (:func:`_verb`)."""
    return frozenset(action.verb for action in actions if type(action) is Simple)


def _facing(view: QuinzeView) -> bool:
    """The viewer answers a bet now (« voulez-vous cartes ? » is then « je tiens », QUINZE-31)."""
    verbs = _verbs(view.legal_actions)
    return HOLD.verb in verbs or (PASS.verb in verbs and view.phase is Phase.DRAW)


def _moves(scene: _Scene) -> tuple[MovePicture, ...]:
    """The viewer's moves; the many amounts of an opening or a raise each labelled once per language."""
    view, w = scene.view, scene.tongue
    if not view.legal_actions:
        return ()
    seat = view.viewer
    needed = max(view.highest - view.contributions[seat], 0) if 0 <= seat < scene.n else 0
    moves: list[MovePicture] = []
    amounts: list[int] = []
    opening = False
    for action in view.legal_actions:
        if type(action) is Raise or type(action) is Open:
            if (type(action) is Open) is not opening and amounts:
                moves += _amount_moves(w, opening, tuple(amounts), needed)
                amounts.clear()
            opening = type(action) is Open
            amounts.append(action.amount)
            continue
        if amounts:  # the openings or raises allowed come together: labelled as one run, once per language and stake
            moves += _amount_moves(w, opening, tuple(amounts), needed)
            amounts.clear()
        moves.append(_move_picture(str(action), _label(scene, action), None))
    if amounts:
        moves += _amount_moves(w, opening, tuple(amounts), needed)
    return tuple(moves)


@functools.lru_cache(maxsize=1024)
def _amount_moves(tongue: _Tongue, opening: bool, amounts: tuple[int, ...], needed: int) -> tuple[MovePicture, ...]:
    """The moves of a run of openings (``opening``) or raises of these amounts."""
    if opening:
        return tuple(_open_move(tongue, amount) for amount in amounts)
    return tuple(_raise_move(tongue, amount, needed) for amount in amounts)


@functools.lru_cache(maxsize=1024)
def _open_move(tongue: _Tongue, amount: int) -> MovePicture:
    words = _WORDS[tongue]  # named so, the message is found by the catalogue's extraction (tests/test_words.py)
    return MovePicture(str(Open(amount)), words("« j’ouvre de {amount} »: open for {amount}", amount=amount))


@functools.lru_cache(maxsize=4096)
def _raise_move(tongue: _Tongue, amount: int, needed: int) -> MovePicture:
    words = _WORDS[tongue]
    said = words("« je renvie de {amount} »: raise by {amount} (you put in {paid})", amount=amount,
                 paid=needed + amount)
    return MovePicture(str(Raise(amount)), said)


def _label(scene: _Scene, action: Action) -> str:
    view, w = scene.view, scene.w
    verb = _verb(action)
    seat = view.viewer
    needed = max(view.highest - view.contributions[seat], 0) if 0 <= seat < scene.n else 0
    if isinstance(action, Open):
        return _open_move(scene.tongue, action.amount).label
    if isinstance(action, Raise):
        return _raise_move(scene.tongue, action.amount, needed).label
    if isinstance(action, Remedy):
        return _remedy_label(scene, action)
    if verb == PASS.verb:
        if view.phase is Phase.OPENING and not any(view.contributions) and HOLD.verb not in _verbs(view.legal_actions):
            return w("« je passe »: pass (your ante stays in the pot)")
        return w("« je passe »: drop out; your bets, {bets}, and your ante stay in the pot",
                 bets=view.contributions[seat])
    if verb == HOLD.verb:
        return w("« je tiens »: hold, {amount} more to match {highest}", amount=needed, highest=view.highest)
    if verb == ALL_IN.verb:
        return w("« je fais mon argent »: all in for your {amount} (QUINZE-37)", amount=view.caves[seat])
    if verb == ANNOUNCE.verb:
        return w("« j’ai {amount} »: say what you have, less than the stake (QUINZE-36)", amount=view.caves[seat])
    if verb == CARD.verb:
        if scene.form_b:
            return w("« carte »: ask for a card, dealt face down")
        return w("« carte »: ask for a card, dealt face up")
    if verb == STAND.verb:
        total = _seat_total(view, seat) if 0 <= seat < scene.n else None
        if scene.form_b and total is not None and total > TARGET:
            return w("« je m’y tiens »: say you stand on {total}, keeping your bust to yourself (Q-§5.8)",
                     total=total)
        return w("« je m’y tiens »: stand on {total}", total=total if total is not None else "?")
    if verb in (WANT_CARDS.verb, WITH_THAT.verb):
        if _facing(view):
            if verb == WANT_CARDS.verb:
                return w("« voulez-vous cartes ? »: the same as « je tiens » here, {amount} more (QUINZE-31)",
                         amount=needed)
            return w("« avec ça ? »: the same as « je tiens » here, {amount} more (QUINZE-31)", amount=needed)
        if verb == WANT_CARDS.verb:
            return w("« voulez-vous cartes ? »: pass the word without raising (QUINZE-31)")
        return w("« avec ça ? »: pass the word without raising (QUINZE-31)")
    return str(action)


def _remedy_label(scene: _Scene, remedy: Remedy) -> str:
    w = scene.w
    key = (remedy.law, remedy.name)
    cards = scene.view.pending_cards
    if key == ("QUINZE-32", "take-first") and cards:
        return w("take the first card, {card} (QUINZE-32)", card=scene.card(cards[0]))
    if key == ("QUINZE-32", "take-second") and len(cards) > 1:
        return w("take the second card, {card} (QUINZE-32)", card=scene.card(cards[1]))
    if key == ("QUINZE-32", "take-both") and cards:
        return w("take both cards, {cards} (QUINZE-32)", cards=scene.cards(cards))
    if key == ("QUINZE-33", "penalty") and cards:
        return w("keep the card {card}: the dealer owes the penalty of law 32 (QUINZE-33)", card=scene.card(cards[0]))
    return remedy_words(remedy, w)


def remedy_words(remedy: Remedy, w: Words) -> str:
    """What a remedy does, in words, when no card needs naming: the table picture's words and the referee's
    (:mod:`academie.games.quinze.referee`)."""
    key = (remedy.law, remedy.name)
    if key in (("QUINZE-23", "burn-rounds"), ("QUINZE-24", "burn-rounds")):
        return w("burn one or two complete rounds and deal again ({law})", law=remedy.law)
    labels: dict[tuple[str, str], Callable[[], str]] = {
        ("QUINZE-19", "refuse"): lambda: w("refuse: standing is final (QUINZE-19)"),
        ("QUINZE-19", "consent"): lambda: w("consent: the player may draw again (QUINZE-19)"),
        ("QUINZE-20", "keep"): lambda: w("keep the seen card (QUINZE-20)"),
        ("QUINZE-20", "burn-coup"): lambda: w("have the coup burnt and dealt again (QUINZE-20)"),
        ("QUINZE-21", "keep"): lambda: w("the owner keeps the card: it was his own fault (QUINZE-21)"),
        ("QUINZE-22", "keep"): lambda: w("keep the exposed card (QUINZE-22)"),
        ("QUINZE-22", "substitute"): lambda: w(
            "take the next card face down, valid only against the offender (QUINZE-22)"),
        ("QUINZE-32", "take-first"): lambda: w("take the first card (QUINZE-32)"),
        ("QUINZE-32", "take-second"): lambda: w("take the second card (QUINZE-32)"),
        ("QUINZE-32", "take-both"): lambda: w("take both cards (QUINZE-32)"),
        ("QUINZE-28", "burn-card"): lambda: w("burn the card of the player who leaves (QUINZE-28)"),
        ("QUINZE-28", "burn-pack"): lambda: w("have the pack burnt (QUINZE-28)"),
        ("QUINZE-28", "finish-pack"): lambda: w("finish the pack, the dealer’s own card burnt (QUINZE-28)"),
        ("QUINZE-29", "no-card"): lambda: w("no card: a gesture is not a request (QUINZE-29)"),
        ("QUINZE-29", "taken"): lambda: w("the detached card counts as taken (QUINZE-29)"),
        ("QUINZE-30", "forfeit"): lambda: w("the player who looked loses what he staked (QUINZE-30)"),
        ("QUINZE-30", "allow"): lambda: w("allow the look: no penalty (QUINZE-30)"),
        ("QUINZE-32", "changed"): lambda: w("the cards plainly changed the coup: the dealer pays (QUINZE-32)"),
        ("QUINZE-32", "unchanged"): lambda: w("the cards did not change the coup: no penalty (QUINZE-32)"),
        ("QUINZE-33", "penalty"): lambda: w("the dealer owes the penalty of law 32 (QUINZE-33)"),
        ("QUINZE-33", "refuse"): lambda: w("refuse the card: it goes back under the pack (QUINZE-33)"),
        ("QUINZE-33", "soften"): lambda: w("soften the penalty, with the consent of those concerned (QUINZE-33)"),
        ("QUINZE-34", "veto"): lambda: w("veto the composition: the coup is played out (QUINZE-34)"),
        ("QUINZE-34", "agree"): lambda: w("agree: the pot is shared among the players in the coup (QUINZE-34)"),
    }
    label = labels.get(key)
    return label() if label is not None else w("{remedy} ({law})", remedy=remedy.name, law=remedy.law)


# ------------------------------------------------------------------------------------------------ the log
Told = Callable[[_Scene], str]
"""A sentence of the coup's log as a viewer is told it (it may read what changes later: told again then)."""

Reads = Callable[[_Scene], object]
"""What a sentence of the coup's log reads of a viewer's scene that may change later in the coup."""


class _Course:
    """The coup in progress as every viewer sees it, as far as the last position walked (issue 33: walked once per
    position for all the viewers, each of whom only tells the sentences, :class:`_Telling`): the actions, payments and
    rulings matched in order, and the sentences to tell, each a function of the viewer's scene. Every spoken action,
    bet and ruling is public (Q-R12): nothing here reads a viewer's own cards.

    A sentence may read what comes later (the cards a seat was given, its total, the cards a ruling names): such a
    sentence is kept with what it reads, and each viewer tells it again when that differs. The walk matches each
    action with the bets it paid and the rulings it made, in order: where it found none yet, it keeps the place it
    looked at, and the coup is walked again from its first action when what came there since would have matched (a
    fresh walk would have read it). So the sentences are always those of the coup walked from its first action."""

    __slots__ = ("bets", "drawn", "drawn_facts", "key", "last_act", "opened", "opening", "paid_out", "queue",
                 "ruled", "ruling_facts", "rulings", "scanned", "seen", "steps", "sums", "told", "unpaid_facts")

    def __init__(self, view: QuinzeView) -> None:
        self.key = _course_key(view)
        self.steps: list[tuple[Told, Reads | None]] = []
        """The sentences to tell, each with what it reads that may change (None: nothing that changes)."""
        self.told: tuple[tuple[int, Action], ...] = ()
        """The actions of the view's history walked."""
        self.seen: tuple[object, ...] = ()
        """The parts of the last view found still walked (:meth:`still_true`): the next viewer of its position is
        found so by identity."""
        self.scanned: tuple[Transfer, ...] = ()
        """The payments of the coup sorted into :attr:`bets` and :attr:`paid_out`."""
        self.bets: list[Transfer] = []
        self.paid_out: list[Transfer] = []
        self.sums = [0, 0, 0]
        """The antes, the bets, and what the pot paid out."""
        self.queue = 0
        """The bets matched with the actions walked."""
        self.ruled = 0
        """The rulings of the coup walked."""
        self.rulings: tuple[str, ...] = ()
        """Their texts, which the sentences told of them keep (an announce's amount, a card shown and burnt)."""
        self.ruling_facts: list[tuple[int, tuple[str, ...]]] = []
        """Where the walk found no ruling yet for an action of these laws (none must come there since)."""
        self.unpaid_facts: list[tuple[int, int]] = []
        """Where the walk found no bet yet for an action of this seat (no bet of the seat must come there since)."""
        self.drawn_facts: list[tuple[int, int, bool]] = []
        """Whether a card asked for by a seat was one of the cards the view says it drew, as the walk found it."""
        self.drawn = [0] * len(view.caves)
        """How many of each seat's cards after the first the log has said."""
        self.opened = False
        self.last_act: Irregular | None = None
        self.scan(view)
        self.rule(view, "Q-R5")
        self.keep_rulings(view)
        self.say(_deal_line)
        if view.rules.form != "B":
            self.say(self.antes_line, reads=self.antes_key)
        self.opening = len(self.steps)
        """The sentences before the viewer's own hidden card is told (:class:`_Telling`)."""

    def antes_key(self, scene: _Scene) -> tuple[int, int]:
        return _antes_key(scene.view, self)

    def antes_line(self, scene: _Scene) -> str:
        return _antes_line(scene, self)

    # -------------------------------------------------------------- still true
    def still_true(self, view: QuinzeView) -> bool:
        seen = self.seen
        if (seen and seen[0] is view.history and seen[1] is view.payments and seen[2] is view.coup_rulings
                and seen[3] is view.drawn and seen[4] is view.rules and seen[5] is view.last_deal
                and seen[6] == view.coup and seen[7] == view.dealer):
            return True  # another viewer of the same position found it so
        if not self.checked(view):
            return False
        self.seen = (view.history, view.payments, view.coup_rulings, view.drawn, view.rules, view.last_deal,
                     view.coup, view.dealer)
        return True

    def checked(self, view: QuinzeView) -> bool:
        history, told = view.history, self.told
        count = len(told)
        if len(history) < count or (history[:count] if len(history) > count else history) != told:
            return False
        if self.key != _course_key(view):
            return False
        payments, scanned = view.payments, self.scanned
        count = len(scanned)
        if len(payments) < count or (payments[:count] if len(payments) > count else payments) != scanned:
            return False
        rulings, walked = view.coup_rulings, self.rulings
        count = len(walked)
        if len(rulings) < count or (rulings[:count] if len(rulings) > count else rulings) != walked:
            return False
        for place, laws in self.ruling_facts:
            if place < len(rulings) and _law_of(rulings[place]) in laws:
                return False
        drawn = view.drawn
        for seat, known, given in self.drawn_facts:
            if (known < drawn[seat]) is not given:
                return False
        self.scan(view)
        bets = self.bets
        return not any([place < len(bets) and bets[place].source == seat for place, seat in self.unpaid_facts])

    def scan(self, view: QuinzeView) -> None:
        """Sort the payments made since the last position walked (they only grow within a coup)."""
        for transfer in view.payments[len(self.scanned):]:
            if transfer.target == POT:
                if transfer.reason == "Q-R4":
                    self.sums[0] += transfer.amount
                else:
                    self.bets.append(transfer)
                    self.sums[1] += transfer.amount
            else:
                self.paid_out.append(transfer)
                if transfer.source == POT:
                    self.sums[2] += transfer.amount
        self.scanned = view.payments

    # -------------------------------------------------------------- walking
    def say(self, tell: Told, *, reads: Reads | None = None) -> None:
        """A sentence to tell; with ``reads``, told again whenever what it reads differs."""
        self.steps.append((tell, reads))

    def rule(self, view: QuinzeView, *laws: str) -> list[str]:
        """Say the rulings the last event made (the next ones, of its laws); returns their texts."""
        rulings = view.coup_rulings
        said = []
        while self.ruled < len(rulings) and _law_of(rulings[self.ruled]) in laws:
            said.append(rulings[self.ruled])
            self.ruled += 1
            self.say_ruling(said[-1])
        if self.ruled == len(rulings):
            self.ruling_facts.append((self.ruled, laws))
        return said

    def say_ruling(self, text: str) -> None:
        """Tell a ruling; one that names cards told again whenever which of them the view holds differs (one that
        names none reads nothing that changes: each coup's cut, Q-R5, is told to every viewer)."""
        def ruled(again: _Scene) -> str:
            return _ruling(again, text)

        if not _cards_named(text):
            self.say(ruled)
            return

        def reads(again: _Scene) -> tuple[bool, ...]:
            return _ruling_reads(again, text)

        self.say(ruled, reads=reads)

    def pay(self, seat: int) -> int | None:
        """The next bet, when ``seat`` made it."""
        if self.queue < len(self.bets):
            if self.bets[self.queue].source == seat:
                self.queue += 1
                return self.bets[self.queue - 1].amount
            return None
        self.unpaid_facts.append((self.queue, seat))
        return None

    def on(self, view: QuinzeView) -> None:
        """Walk the actions of ``view`` since the last position walked (:meth:`still_true`)."""
        history = view.history
        if len(history) > len(self.told):
            for seat, action in history[len(self.told):]:
                self.event(view, seat, action)
            self.keep_rulings(view)
        self.told = history

    def keep_rulings(self, view: QuinzeView) -> None:
        """Keep the texts of the rulings walked: a view whose rulings differ there (another table's or line's, the
        same in number) is told them anew (:meth:`checked`)."""
        rulings = view.coup_rulings
        self.rulings = rulings if len(rulings) == self.ruled else rulings[:self.ruled]

    def event(self, view: QuinzeView, seat: int, action: Action) -> None:
        verb = _verb(action)
        if isinstance(action, Irregular):
            self.last_act = action

            def irregular(again: _Scene) -> str:
                return act_label(again.view, str(action), words=again.w) + ". " + again.w("A ruling is due.")

            self.say(irregular)
            return
        if isinstance(action, Remedy):
            self.remedy(view, seat, action)
            return
        if seat < 0:
            return
        if isinstance(action, Open):
            self.opened = True
            self.pay(seat)
            self.spoken(seat, "open", action.amount)
        elif isinstance(action, Raise):
            amount = self.pay(seat)
            self.spoken(seat, "raise", action.amount, amount if amount is not None else action.amount)
        elif verb == PASS.verb:
            self.spoken(seat, "fold" if self.opened else "pass")
        elif verb == HOLD.verb:
            self.spoken(seat, HOLD.verb, self.pay(seat))
            self.rule(view, "QUINZE-38")
        elif verb == ALL_IN.verb:
            amount = self.pay(seat)
            self.opened = True
            self.spoken(seat, ALL_IN.verb, amount or 0)
            self.rule(view, "QUINZE-35")
        elif verb == ANNOUNCE.verb:
            self.announce(view, seat)
        elif verb in (WANT_CARDS.verb, WITH_THAT.verb):
            self.spoken(seat, verb, self.pay(seat))
            self.rule(view, "QUINZE-38")
        elif verb == CARD.verb:
            self.opened = True
            self.spoken(seat, CARD.verb)
            self.rule(view, "QUINZE-27")
            given = self.drawn[seat] < view.drawn[seat]
            self.drawn_facts.append((seat, self.drawn[seat], given))
            if given:
                self.say_drawn(seat)
        elif verb == STAND.verb:
            self.opened = True

            def stands(again: _Scene) -> str:
                return _stands(again, seat)

            def cards(again: _Scene) -> object:
                return again.view.hole[seat], again.view.up[seat]

            self.say(stands, reads=cards)
        else:
            def other(again: _Scene) -> str:
                return again.act(seat, again.w("You: {action}."), again.w("{who}: {action}."), action=str(action))

            self.say(other)

    def spoken(self, seat: int, kind: str, amount: int | None = None, paid: int | None = None) -> None:
        """A spoken action (:func:`_said`)."""
        def said(again: _Scene) -> str:
            return _said(again, seat, kind, amount, paid)

        self.say(said)

    def remedy(self, view: QuinzeView, seat: int, action: Remedy) -> None:
        if seat == TABLE or seat < 0:
            def told(again: _Scene) -> str:
                return again.w("The table rules: {remedy}.", remedy=_remedy_label(again, action))
        else:
            def told(again: _Scene) -> str:
                return again.act(seat, again.w("You choose: {remedy}."), again.w("{who} chooses: {remedy}."),
                                 remedy=_remedy_label(again, action))
        self.say(told, reads=_pending_cards)
        for said in self.rule(view, action.law):
            taken = TAKES.match(said)
            if taken is not None:  # QUINZE-32/33: the cards kept lie face up with the seat's cards
                self.drawn[int(taken[1])] += len(taken[2].split())
        last_act = self.last_act
        if action.law == "QUINZE-29" and action.name == "taken" and last_act is not None:
            self.say_drawn(last_act.seat)

    def announce(self, view: QuinzeView, seat: int) -> None:
        rulings = view.coup_rulings
        said = ""
        if self.ruled < len(rulings) and _law_of(rulings[self.ruled]) == "QUINZE-36":
            said = rulings[self.ruled]
            self.ruled += 1
        elif self.ruled == len(rulings):
            self.ruling_facts.append((self.ruled, ("QUINZE-36",)))
        tokens = said.rsplit(" ", 1)[-1] if said else "?"

        def announced(again: _Scene) -> str:
            w = again.w
            return again.act(seat, w("You have less than the stake and say so: « j’ai {amount} » (QUINZE-36)."),
                             w("{who} has less than the stake and says so: « j’ai {amount} » (QUINZE-36)."),
                             amount=tokens)

        self.say(announced)

    def say_drawn(self, seat: int) -> None:
        """The card ``seat`` was given as its next card after the first (:func:`_drawn_card`)."""
        index = self.drawn[seat]
        self.drawn[seat] += 1

        def drawn(again: _Scene) -> str:
            return _drawn_card(again, seat, index)

        def cards(again: _Scene) -> object:
            return again.view.hole[seat], again.view.up[seat], again.view.busted[seat]

        self.say(drawn, reads=cards)


def _pending_cards(scene: _Scene) -> object:
    return scene.view.pending_cards


def _course_key(view: QuinzeView) -> tuple[object, ...]:
    """What the walk of a coup reads beside the actions, payments and rulings it walks (the same for every
    viewer)."""
    return view.rules, view.coup, view.dealer, view.last_deal


_COURSE: Final[list[_Course]] = []
"""The course last walked from a coup's first action (:func:`_coup_log`): the other viewers of its position find it
here (their own courses, if any, no longer true)."""


class _Telling:
    """The coup in progress told to one viewer, one sentence per step of its :class:`_Course`, as far as his last
    picture (what a :class:`~academie.picture.Memo` keeps): told on from there, the steps since then only, and the
    sentences that read what changed told again."""

    __slots__ = ("course", "done", "key", "lines", "live", "out", "said")

    def __init__(self, scene: _Scene, course: _Course) -> None:
        self.course, self.key = course, _walk_key(scene)
        self.lines: list[str] = []
        self.live: list[tuple[int, Reads, object, Told]] = []
        """Sentences that read what may change: (place in :attr:`lines`, what it reads, what it read, tell)."""
        self.out: list[str] = []
        """The sentences of the course's payments out of the pot."""
        self.said: tuple[str, ...] | None = None
        """The log last told, while nothing changed since."""
        self.done = 0
        self.tell(scene, course.steps[:course.opening])
        view = scene.view
        hole = view.hole[view.viewer] if 0 <= view.viewer < scene.n else None
        if hole is not None:
            self.lines.append(scene.w("Your hidden card: {card}; nobody else sees it before the end of the coup "
                                      "(Q-R12).", card=scene.card(hole)))
        self.done = course.opening

    def tell(self, scene: _Scene, steps: Sequence[tuple[Told, Reads | None]]) -> None:
        lines, live = self.lines, self.live
        for tell, reads in steps:
            if reads is not None:
                live.append((len(lines), reads, reads(scene), tell))
            lines.append(tell(scene))

    def on(self, scene: _Scene) -> tuple[str, ...]:
        """The log of the coup in the view of ``scene``, told on from the last picture."""
        course = self.course
        steps = course.steps
        if self.done < len(steps):
            self.tell(scene, steps[self.done:])
            self.done = len(steps)
            self.said = None
        for index, (place, reads, read, tell) in enumerate(self.live):
            now = reads(scene)
            if now != read:
                self.lines[place] = tell(scene)
                self.live[index] = (place, reads, now, tell)
                self.said = None
        paid_out = course.paid_out
        if len(self.out) < len(paid_out):
            for transfer in paid_out[len(self.out):]:
                self.out.append(_payout(scene, transfer))
            self.said = None
        rulings = scene.view.coup_rulings
        if course.ruled < len(rulings):
            return (*self.lines, *(_ruling(scene, text) for text in rulings[course.ruled:]), *self.out)
        said = self.said
        if said is None:
            said = self.said = (*self.lines, *self.out)
        return said


class _Voice:
    """What a sentence of :func:`_said_by` reads of a scene: the words, and whether the seat it tells of is the
    viewer ("You") or how the viewer names it (nothing hidden, nothing of the viewer's but that)."""

    __slots__ = ("me_", "w", "who")

    def __init__(self, w: Words, me: bool, who: str) -> None:
        self.w, self.me_, self.who = w, me, who

    def act(self, seat: int, you: str, they: str, /, **arguments: object) -> str:
        return you.format(**arguments) if self.me_ else they.format(who=self.who, **arguments)


def _said(scene: _Scene, seat: int, kind: str, amount: int | None = None, paid: int | None = None) -> str:
    """A spoken action of the coup's log (:func:`_said_by`), as ``scene``'s viewer is told it."""
    return _said_by(scene.tongue, seat == scene.viewer, scene.name(seat), kind, amount, paid)


@functools.lru_cache(maxsize=4096)
def _said_by(tongue: _Tongue, me: bool, who: str, kind: str, amount: int | None, paid: int | None) -> str:
    """A spoken action (Q-R9, Q-§5.2, QUINZE-31, QUINZE-35, QUINZE-37; « carte ») from all that it reads: the
    language, whether the seat is the viewer, how the viewer names it, the verb and the public amounts (every
    spoken action is public, Q-R12). The same for every viewer who names the seat alike, so it is told once for them
    all (a bounded cache shared by every table; its arguments are all it reads)."""
    w = _WORDS[tongue]
    voice = _Voice(w, me, who)
    if kind == "open":
        return voice.act(-1, w("You open for {amount}: « j’ouvre » (QUINZE-35)."),
                         w("{who} opens for {amount}: « j’ouvre » (QUINZE-35)."), amount=amount)
    if kind == "raise":
        return voice.act(-1, w("You raise by {amount}: « je renvie », putting in {paid} (Q-R9)."),
                         w("{who} raises by {amount}: « je renvie », putting in {paid} (Q-R9)."),
                         amount=amount, paid=paid)
    if kind == "pass":
        return voice.act(-1, w("You pass: « je passe »; your ante stays in the pot (Q-§5.2)."),
                         w("{who} passes: « je passe »; the ante stays in the pot (Q-§5.2)."))
    if kind == "fold":
        return voice.act(-1, w("You pass and leave the coup: what you staked stays in the pot (Q-§5.2)."),
                         w("{who} passes and leaves the coup: what was staked stays in the pot (Q-§5.2)."))
    if kind == HOLD.verb:
        return _hold(voice, -1, amount)
    if kind == ALL_IN.verb:
        return voice.act(-1, w("You put in all you have, {amount}: « je fais mon argent »; the others hold only to "
                               "that height (QUINZE-37)."),
                         w("{who} puts in all that is left, {amount}: « je fais mon argent »; the others hold only "
                           "to that height (QUINZE-37)."), amount=amount)
    if kind in (WANT_CARDS.verb, WITH_THAT.verb):
        return _word(voice, -1, kind, amount)
    return voice.act(-1, w("You ask for a card: « carte »."), w("{who} asks for a card: « carte »."))


def _walk_key(scene: _Scene) -> tuple[object, ...]:
    """What every sentence of a :class:`_Telling` reads beside the steps of its course (:class:`_Course`)."""
    view = scene.view
    viewer = view.viewer
    return (viewer, tuple(scene.names), scene.w, view.rules, view.coup, view.dealer, view.last_deal,
            view.hole[viewer] if 0 <= viewer < scene.n else None)


def _deal_line(scene: _Scene) -> str:
    dealer = scene.view.dealer
    assert dealer is not None
    return _deal_said(scene.tongue, scene.form_b, scene.view.coup + 1, dealer == scene.viewer, scene.name(dealer))


@functools.lru_cache(maxsize=1024)
def _deal_said(tongue: _Tongue, form_b: bool, number: int, me: bool, who: str) -> str:
    """The deal of a coup (Q-R6) or a game (Q-§5.8) from all that it reads (the same for every viewer who names the
    dealer alike: told once for them all)."""
    w = _WORDS[tongue]
    voice = _Voice(w, me, who)
    if form_b:
        return voice.act(-1, w("Game {number}: you deal one card face down to each (Q-§5.8)."),
                         w("Game {number}: {who} deals one card face down to each (Q-§5.8)."), number=number)
    return voice.act(-1, w("Coup {number}: you deal one card face down to each player, from the bottom of the "
                           "pack (Q-R6)."),
                     w("Coup {number}: {who} deals one card face down to each player, from the bottom of the pack "
                       "(Q-R6)."), number=number)


def _antes_key(view: QuinzeView, walk: _Course) -> tuple[int, int]:
    """What the pot held before this coup, and with its antes (what :func:`_antes_line` says)."""
    antes, bets, out = walk.sums
    carried = view.pot - (antes + bets - out)
    return carried, carried + antes


def _antes_line(scene: _Scene, walk: _Course) -> str:
    carried, pot = _antes_key(scene.view, walk)
    return _antes_said(scene.tongue, scene.view.rules.ante, carried, pot)


@functools.lru_cache(maxsize=1024)
def _antes_said(tongue: _Tongue, ante: int, carried: int, pot: int) -> str:
    """Q-R4: the antes and the pot, public figures (told once for every viewer)."""
    w = _WORDS[tongue]
    if carried > 0:
        return w("Each player puts {ante} into the passe (Q-R4); with {carried} carried over, the pot holds {pot}.",
                 ante=ante, carried=carried, pot=pot)
    return w("Each player puts {ante} into the passe (Q-R4): the pot holds {pot}.", ante=ante, pot=pot)


def _stands(scene: _Scene, seat: int) -> str:
    view, w = scene.view, scene.w
    total = _seat_total(view, seat)
    if scene.form_b and scene.me(seat) and total is not None and total > TARGET:
        return w("You say « je m’y tiens » on {total}, keeping your bust to yourself: the dealer draws without "
                 "knowing it (Q-§5.8).", total=total)
    if total is not None:
        return scene.act(seat, w("You stand on {total}: « je m’y tiens » (Q-R14)."),
                         w("{who} stands on {total}: « je m’y tiens » (Q-R14)."), total=total)
    return scene.act(seat, w("You stand: « je m’y tiens » (Q-R14)."), w("{who} stands: « je m’y tiens » (Q-R14)."))


def _coup_log(scene: _Scene, memo: Memo | None = None) -> tuple[str, ...]:
    """The coup in progress, one sentence per event: told on from ``memo``'s telling while its course is still true
    and it was told to the same viewer with the same names and words; the course walked once per position for every
    viewer (issue 33: each viewer walked the coup alone), found in the last viewer's (:data:`_COURSE`) when the
    memo's is no longer true. Without a memo, the coup is walked and told afresh."""
    view = scene.view
    if view.phase in (Phase.OVER, Phase.PLACES, Phase.CUT) or view.dealer is None or not any(view.in_coup):
        return ()
    if memo is None:
        course = _Course(view)
        course.on(view)
        return _Telling(scene, course).on(scene)
    # what a memo keeps of the log is the coup in progress as the viewer's last picture told it
    telling = memo.kept if isinstance(memo.kept, _Telling) else None
    course = _course(view, telling.course if telling is not None else None)
    course.on(view)
    if telling is None or telling.course is not course or telling.key != _walk_key(scene):
        telling = memo.kept = _Telling(scene, course)
    return telling.on(scene)


def _course(view: QuinzeView, kept: _Course | None) -> _Course:
    """``kept`` while still true, else the course another viewer last found or walked anew (:data:`_COURSE`), else
    a course walked anew from the coup's first action."""
    if kept is not None and kept.still_true(view):
        return kept
    last = _COURSE[0] if _COURSE else None
    if last is not None and last is not kept and last.still_true(view):
        return last
    course = _Course(view)
    course.still_true(view)
    _COURSE[:] = [course]
    return course


def _hold(scene: _Scene | _Voice, seat: int, amount: int | None) -> str:
    w = scene.w
    if amount is None:
        return scene.act(seat, w("You hold: « je tiens » (Q-R9)."), w("{who} holds: « je tiens » (Q-R9)."))
    return scene.act(seat, w("You hold: « je tiens », putting in {amount} (Q-R9)."),
                     w("{who} holds: « je tiens », putting in {amount} (Q-R9)."), amount=amount)


def _word(scene: _Scene | _Voice, seat: int, verb: str, amount: int | None) -> str:
    w = scene.w
    if amount is not None:
        if verb == WANT_CARDS.verb:
            return scene.act(seat, w("You say « voulez-vous cartes ? » to the raiser: that is « je tiens », putting "
                                     "in {amount} (QUINZE-31)."),
                             w("{who} says « voulez-vous cartes ? » to the raiser: that is « je tiens », putting in "
                               "{amount} (QUINZE-31)."), amount=amount)
        return scene.act(seat, w("You say « avec ça ? » to the raiser: that is « je tiens », putting in {amount} "
                                 "(QUINZE-31)."),
                         w("{who} says « avec ça ? » to the raiser: that is « je tiens », putting in {amount} "
                           "(QUINZE-31)."), amount=amount)
    if verb == WANT_CARDS.verb:
        return scene.act(seat, w("You say « voulez-vous cartes ? »: you pass the word without raising (QUINZE-31)."),
                         w("{who} says « voulez-vous cartes ? »: the word passes without a raise (QUINZE-31)."))
    return scene.act(seat, w("You say « avec ça ? »: you pass the word without raising (QUINZE-31)."),
                     w("{who} says « avec ça ? »: the word passes without a raise (QUINZE-31)."))


def _drawn_card(scene: _Scene, seat: int, index: int) -> str:
    """The card ``seat`` was given as its ``index``-th card after the first, and a bust it made."""
    view, w = scene.view, scene.w
    up = view.up[seat]
    if index >= len(up):
        if scene.form_b:
            return scene.act(seat, w("You get a card face down (Q-§5.8)."),
                             w("{who} gets a card face down (Q-§5.8)."))
        return scene.act(seat, w("You get a card face up (Q-R11)."), w("{who} gets a card face up (Q-R11)."))
    card = up[index]
    hole = view.hole[seat]
    last = index == len(up) - 1
    if hole is None:
        return w("{who} gets {card} face up (Q-R11).", who=scene.name(seat), card=scene.card(card))
    total = scene.total((hole, *up[:index + 1]))
    if last and total > TARGET and view.busted[seat]:
        if scene.me(seat) and (scene.form_b or view.rules.silent_bust):
            return w("You get {card}: {total}, over fifteen; you are bust, but the others do not know it yet "
                     "({law}).", card=scene.card(card), total=total, law="Q-§5.8" if scene.form_b else "Q-§5.3")
        return scene.act(seat, w("You get {card}: {total}, over fifteen: « je crève »; you show your hidden card and "
                                 "lose what you staked (Q-R13)."),
                         w("{who} gets {card} and shows the hidden card {hole}: {total}, over fifteen, « je crève »; "
                           "out of the coup, the stake lost (Q-R13)."),
                         card=scene.card(card), total=total, hole=scene.card(hole))
    if scene.me(seat):
        return w("You get {card}: your total is {total}.", card=scene.card(card), total=total)
    return w("{who} gets {card} face up (Q-R11).", who=scene.name(seat), card=scene.card(card))


# ------------------------------------------------------------------------------------------------ rulings
def _law_of(ruling: str) -> str:
    return ruling.split(":", 1)[0]


_RULINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), key) for pattern, key in (
    (r"^Q-R5: seat (\d+) cuts the (black|red) pack$", "cut"),
    (r"^QUINZE-38: seat (\d+) holds a half-jeu opening .*the jeu \((\d+)\) is engaged$", "half-jeu"),
    (r"^QUINZE-35: seat (\d+), the weak player, obliges the strong to hold to (\d+)$", "weak"),
    (r"^QUINZE-36: seat (\d+) announces (\d+)$", "announce"),
    (r"^QUINZE-27: seat (\d+) cut the gathered pack; QUINZE-25: (\S+) shown and burnt$", "regather"),
    (r"^QUINZE-19: the adversaries consent; seat (\d+) may draw again$", "consent"),
    (r"^QUINZE-20: the coup is burnt at the request of seat (\d+)", "burn-coup"),
    (r"^QUINZE-22: seat (\d+) takes the next card face down, valid only against seat (\d+)$", "substitute"),
    (r"^(QUINZE-2[34]): (\d) complete round\(s\) burnt \((\d+) cards, those dealt( and the card seen)? included",
     "rounds"),
    (r"^QUINZE-28: seat (\d+)'s card is burnt", "leaver"),
    (r"^QUINZE-28: seat (\d+), the dealer, leaves; .* his pack is burnt (after this coup|now)", "dealer-burns"),
    (r"^QUINZE-28: seat (\d+), the dealer, leaves and finishes his pack", "dealer-finishes"),
    (r"^QUINZE-30: seat (\d+) looked at the burnt cards .*\((\d+)\)$", "forfeit"),
    (r"^(QUINZE-3[23]): seat (\d+) takes (.+)$", "takes"),  # as TAKES, with the law
    (r"^QUINZE-33: seat (\d+) refuses the card", "refuses"),
    (r"^QUINZE-33: the dealer showed the next card, (\S+), while", "showed"),
    (r"^QUINZE-33: the dealer burnt a card", "burnt"),
    (r"^QUINZE-32: the dealer pays seat (\d+) the (\d+) he could have won$", "dealer-pays"),
    (r"^QUINZE-34: the composition stands; the pot of (\d+) is shared by seats (.+)$", "composition"),
))


_FIXED_RULINGS: Final[dict[str, Callable[[Words], str]]] = {
    "QUINZE-19: the adversaries refuse; standing is final":
        lambda w: w("The adversaries refuse: standing is final (QUINZE-19)."),
    "QUINZE-20: the owner keeps his seen card": lambda w: w("The owner keeps the seen card (QUINZE-20)."),
    "QUINZE-20: the pack is too short to burn the coup; the card is kept":
        lambda w: w("The pack is too short to burn the coup: the seen card is kept (QUINZE-20)."),
    "QUINZE-21: the card was seen by its owner's fault; he keeps it":
        lambda w: w("The card was seen through its owner’s fault: he keeps it (QUINZE-21)."),
    "QUINZE-22: the owner keeps his exposed card": lambda w: w("The owner keeps the exposed card (QUINZE-22)."),
    "QUINZE-22: the pack is spent; the exposed card is kept":
        lambda w: w("The pack is spent: the exposed card is kept (QUINZE-22)."),
    "QUINZE-29: a gesture is not a request; no card is given":
        lambda w: w("A gesture is not a request: no card is given (QUINZE-29)."),
    "QUINZE-29: a card detached by the dealer for himself is a card taken":
        lambda w: w("A card the dealer detached for himself counts as taken (QUINZE-29)."),
    "QUINZE-30: the adversary allows the look; no penalty":
        lambda w: w("The adversary allows the look: no penalty (QUINZE-30)."),
    "QUINZE-32: the players not concerned judge that the cards plainly changed the coup":
        lambda w: w("The players not concerned judge that the cards plainly changed the coup (QUINZE-32)."),
    "QUINZE-32: the players not concerned judge that the cards did not change the coup; no penalty":
        lambda w: w("The players not concerned judge that the cards did not change the coup: no penalty "
                    "(QUINZE-32)."),
    "QUINZE-33: those concerned consent to soften the penalty of the burnt card":
        lambda w: w("Those concerned consent to soften the penalty for the burnt card (QUINZE-33)."),
    "QUINZE-34: the composition is vetoed; the coup is played out":
        lambda w: w("The composition is vetoed: the coup is played out (QUINZE-34)."),
}
"""The rulings said in fixed words, by the engine's text (made once: a new coup's log tells its rulings to every
viewer)."""


_RULINGS_SAID: Final[dict[tuple[_Tongue, str, int, tuple[str, ...]], str]] = {}
"""The rulings that name no card as each viewer was told them, by language, text, viewer and names (all they read:
each coup's cut, Q-R5, is told again to every viewer at each new coup); emptied when it holds 4,096."""


def _ruling(scene: _Scene, text: str) -> str:
    """A ruling of the engine (its text starts with the law's ID) as a sentence in words; one that names no card
    reads nothing of the view (:data:`_RULINGS_SAID`)."""
    if _cards_named(text):
        return _ruling_made(scene, text)
    key = (scene.tongue, text, scene.viewer, tuple(scene.names))
    said = _RULINGS_SAID.get(key)
    if said is None:
        if len(_RULINGS_SAID) >= 4096:
            _RULINGS_SAID.clear()
        said = _RULINGS_SAID[key] = _ruling_made(scene, text)
    return said


def _ruling_made(scene: _Scene, text: str) -> str:
    w = scene.w
    fixed = _FIXED_RULINGS.get(text)
    if fixed is not None:
        return fixed(w)
    for pattern, key in _RULINGS:
        match = pattern.match(text)
        if match is not None:
            said = _ruling_words(scene, key, match.groups())
            if said:
                return said
    return w("A ruling under {law}.", law=_law_of(text))


def _ruling_reads(scene: _Scene, text: str) -> tuple[bool, ...]:
    """Which of the cards a ruling names the view holds (its sentence names those alone, :meth:`_Scene.known`)."""
    held = cards_in(scene.view)
    return tuple(card in held for card in _cards_named(text))


@functools.lru_cache(maxsize=1024)
def _cards_named(text: str) -> tuple[Card, ...]:
    """The cards a ruling's text names where :func:`_ruling_words` may say them."""
    for pattern, key in _RULINGS:
        match = pattern.match(text)
        if match is not None:
            groups = match.groups()
            texts = (groups[1:2] if key == "regather" else groups[:1] if key == "showed"
                     else tuple((groups[2] or "").split()) if key == "takes" else ())
            cards = []
            for card in texts:
                try:
                    cards.append(Card.parse(card or ""))
                except CardParseError:
                    continue
            return tuple(cards)
    return ()


def _ruling_words(scene: _Scene, key: str, groups: Sequence[str | None]) -> str:
    w = scene.w
    first = (groups[0] if groups else None) or ""

    def seat(text: str | None) -> str:
        return scene.obj(int(text)) if text is not None and text.isdigit() else "?"

    if key == "cut":
        if groups[1] == "red":
            return w("The red pack is cut by {who} (Q-R5).", who=seat(first))
        return w("The black pack is cut by {who} (Q-R5).", who=seat(first))
    if key == "half-jeu":
        return w("A half-jeu opening is held by {who} with only the jeu or a little more: the whole jeu, {jeu}, is "
                 "engaged (QUINZE-38).", who=seat(first), jeu=groups[1])
    if key == "weak":
        return w("The weak player, {who}, obliges the strong to hold to {height} (QUINZE-35).", who=seat(first),
                 height=groups[1])
    if key == "announce":
        return w("{tokens} announced by {who}, less than the stake (QUINZE-36).", who=seat(first), tokens=groups[1])
    if key == "regather":
        card = scene.known(groups[1] or "")
        if card is not None:
            return w("The pack is spent: the dead cards are gathered and cut by {who} (QUINZE-27); the first card, "
                     "{card}, is shown and burnt (QUINZE-25).", who=seat(first), card=scene.card(card))
        return w("The pack is spent: the dead cards are gathered and cut by {who} (QUINZE-27); the first card is "
                 "shown and burnt (QUINZE-25).", who=seat(first))
    if key == "consent":
        return w("The adversaries consent: {who} may draw again (QUINZE-19).", who=seat(first))
    if key == "burn-coup":
        return w("At the request of {who}, the coup is burnt and dealt again from the pack (QUINZE-20).",
                 who=seat(first))
    if key == "substitute":
        return w("The next card goes face down to {who}, valid only against {offender} (QUINZE-22).",
                 who=seat(first), offender=seat(groups[1]))
    if key == "rounds":
        law, rounds, count, seen = first, groups[1], groups[2], groups[3]
        if rounds == "1":
            return w("One complete round is burnt ({count} cards, those dealt included) and the cards are dealt "
                     "again ({law}).", count=count, law=law)
        if seen:
            return w("Two complete rounds are burnt ({count} cards, those dealt and the card seen included) and "
                     "the cards are dealt again ({law}).", count=count, law=law)
        return w("Two complete rounds are burnt ({count} cards, those dealt included) and the cards are dealt "
                 "again ({law}).", count=count, law=law)
    if key == "leaver":
        return w("The card of {who} is burnt: out of the coup, the stake lost, no more cards dealt (QUINZE-28).",
                 who=seat(first))
    if key == "dealer-burns":
        if groups[1] == "now":
            return w("The dealer, {who}, leaves: the card is burnt, the stake lost, and the pack is burnt now; the "
                     "next player deals the other pack (QUINZE-28).", who=seat(first))
        return w("The dealer, {who}, leaves: the card is burnt, the stake lost, and the pack is burnt after this "
                 "coup; the next player deals the other pack (QUINZE-28).", who=seat(first))
    if key == "dealer-finishes":
        return w("The dealer, {who}, leaves but finishes the pack: the card is burnt, the stake lost, and the deal "
                 "goes on without playing until the pack is done (QUINZE-28).", who=seat(first))
    if key == "forfeit":
        return w("The burnt cards were looked at by {who} against the adversary’s will: the {amount} staked are "
                 "lost (QUINZE-30).", who=seat(first), amount=groups[1])
    if key == "takes":
        law, who, texts = first, groups[1], (groups[2] or "").split()
        cards = [scene.known(text) for text in texts]
        if all(card is not None for card in cards):
            return w("Kept by {who}: {cards} ({law}).", who=seat(who), law=law,
                     cards=scene.cards([card for card in cards if card is not None]))
        return w("The cards given are kept by {who} ({law}).", who=seat(who), law=law)
    if key == "refuses":
        return w("The card is refused by {who} and goes back under the pack (QUINZE-33).", who=seat(first))
    if key == "showed":
        card = scene.known(first)
        if card is not None:
            return w("The dealer showed the next card, {card}: the dealer owes the penalty of law 32 (QUINZE-33).",
                     card=scene.card(card))
        return w("The dealer showed the next card: the dealer owes the penalty of law 32 (QUINZE-33).")
    if key == "burnt":
        return w("The dealer burnt a card: the dealer owes the penalty of law 32 (QUINZE-33).")
    if key == "dealer-pays":
        return w("The dealer pays {amount} to {who}, what could have been won (QUINZE-32).", who=seat(first),
                 amount=groups[1])
    if key == "composition":
        seats = [int(text) for text in re.findall(r"\d+", groups[1] or "")]
        return w("The composition stands: the pot of {pot} is shared by {seats} (QUINZE-34).", pot=first,
                 seats=scene.seats(seats))
    return ""


# ------------------------------------------------------------------------------------------------ the end of a coup
def _payout(scene: _Scene, transfer: Transfer, last: CoupEnd | None = None, *, side: bool = False) -> str:
    """A transfer out of the pot (or between seats) at the settlement, with its rule and why."""
    w = scene.w
    amount = transfer.amount
    target, source = transfer.target, transfer.source
    if not isinstance(target, int):
        return w("{amount} goes to {account} ({law}).", amount=amount, account=str(target), law=transfer.reason)
    who = scene.obj(target)
    law = transfer.reason
    if law == "Q-R15":
        return _pot_won(scene, target, amount, last, side=side)
    if law == "QUINZE-37":
        return w("{amount} goes back to {who}: nobody held that much (QUINZE-37).", amount=amount, who=who)
    if law == "Q-R16":
        return w("{amount} goes back to {who}: nobody won that pot (Q-R16).", amount=amount, who=who)
    if law == "Q-§5.7":
        return w("{amount} goes to {who}: what is left in the pot at the end of the partie is shared equally "
                 "(Q-§5.7).", amount=amount, who=who)
    if law == "QUINZE-34":
        return w("{amount} goes to {who} by the composition (QUINZE-34).", amount=amount, who=who)
    if law == "QUINZE-32" and isinstance(source, int):
        return w("The dealer ({payer}) pays {amount} to {who}: what could have been won (QUINZE-32).",
                 payer=scene.obj(source), amount=amount, who=who)
    if law == "Q-§5.8" and isinstance(source, int):
        return w("The stake, {amount}, goes from {payer} to {who} (Q-§5.8).", payer=scene.obj(source),
                 amount=amount, who=who)
    return w("{amount} goes to {who} ({law}).", amount=amount, who=who, law=law)


def _pot_won(scene: _Scene, seat: int, amount: int, last: CoupEnd | None, *, side: bool = False) -> str:
    """Q-R15: why a seat won (a share of) a pot: its total against the others shown, or nobody left against it."""
    w = scene.w
    shown = dict(last.shown) if last is not None else {}
    if seat not in shown:
        if side:
            return scene.act(seat, w("You take the side pot of {amount} without showing: nobody else in it is left "
                                     "(Q-§3)."),
                             w("{who} takes the side pot of {amount} without showing: nobody else in it is left "
                               "(Q-§3)."), amount=amount)
        return scene.act(seat, w("You take the pot of {amount} without showing: nobody else is left in it "
                                 "(Q-§5.2)."),
                         w("{who} takes the pot of {amount} without showing: nobody else is left in it (Q-§5.2)."),
                         amount=amount)
    total = scene.total(shown[seat])
    if side:
        return scene.act(seat, w("You win the side pot of {amount} with {total}, the best total among its players "
                                 "(Q-§3, Q-R15)."),
                         w("{who} wins the side pot of {amount} with {total}, the best total among its players "
                           "(Q-§3, Q-R15)."), amount=amount, total=total)
    rivals = [scene.total(cards) for other, cards in shown.items() if other != seat]
    if total in rivals:
        if scene.view.rules.ties == "split":
            return scene.act(seat, w("You win {amount} with {total}, tied for the best total: a tie shares the pot "
                                     "(Q-R15)."),
                             w("{who} wins {amount} with {total}, tied for the best total: a tie shares the pot "
                               "(Q-R15)."), amount=amount, total=total)
        return scene.act(seat, w("You win {amount} with {total}, tied for the best total; a tie goes to the player "
                                 "earlier in the order of play (Q-R15)."),
                         w("{who} wins {amount} with {total}, tied for the best total; a tie goes to the player "
                           "earlier in the order of play (Q-R15)."), amount=amount, total=total)
    return scene.act(seat, w("You win {amount} with {total}, the best total of fifteen or less (Q-R15)."),
                     w("{who} wins {amount} with {total}, the best total of fifteen or less (Q-R15)."),
                     amount=amount, total=total)


def _coup_end(scene: _Scene) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """How the last coup ended: the hands shown, what the pot paid whom and why, the tokens won or lost; whole,
    and short (without the move that ended it and the hands shown), told in one go. Each sentence that names seats
    is told once for every viewer who names them alike (:func:`_end_said`, issue 33): the end of a coup is public
    (Q-R15: the hands shown), and only the move that ended it by a ruling, whose remedy may name the cards the view
    holds, and the tokens, which name every seat, are told to each viewer apart."""
    view, w = scene.view, scene.w
    last = view.last_deal
    if last is None:
        return (), ()
    number = view.coup
    said = _end_said(scene, last)
    lines, tongue, viewer = said.lines, scene.tongue, scene.viewer
    if not last.played:
        line = lines.get((tongue, "given up"))
        if line is None:
            if any(_law_of(text) == "QUINZE-28" for text in last.rulings):
                line = w("Coup {number} is given up: the dealer left and the pack is burnt; the passe stays on "
                         "the table (QUINZE-28).", number=number)
            else:
                line = w("Coup {number}: everybody passed; the passe stays on the table, everyone antes again "
                         "and the cards are dealt again (Q-R10).", number=number)
            lines[(tongue, "given up")] = line
        return (line,), (line,)
    head = lines.get((tongue, "head"))
    if head is None:
        head = lines[(tongue, "head")] = (w("End of coup {number}:", number=number) if not scene.form_b
                                          else w("End of game {number}:", number=number))
    ender, remedy = said.ender
    final = None if remedy else (tongue, ender == viewer, scene.name(ender) if ender >= 0 else "")
    event = said.events.get(final) if final is not None else None
    if event is None:  # (a remedy may name the cards the view holds: told to each viewer apart)
        event = tuple(_final_event(scene, last))
        if final is not None:
            said.events[final] = event
    told: list[str] = []
    rules = view.rules
    for seat, cards in last.shown:
        told.append(_shown_said(tongue, seat == viewer, scene.name(seat), cards, hand_total(cards, rules)))
    if scene.form_b:
        named = scene.named()
        named_as = (tongue, "why", viewer == 0, named[0], viewer == 1, named[1])
        why = lines.get(named_as)
        if why is None:
            why = lines[named_as] = _form_b_why(scene, last)
        told.append(why)
    winners: set[int] = set()
    for index, transfer in enumerate(last.payments):
        target, source = transfer.target, transfer.source
        if target == POT:
            continue
        side = transfer.reason == "Q-R15" and bool(winners) and rules.ties != "split"
        paying = (tongue, index, side, target == viewer, scene.name(target) if isinstance(target, int) else "",
                  source == viewer, scene.name(source) if isinstance(source, int) else "")
        paid = lines.get(paying)
        if paid is None:
            paid = lines[paying] = _payout(scene, transfer, last, side=side)
        told.append(paid)
        if transfer.reason == "Q-R15" and isinstance(target, int):
            winners.add(target)
    if not last.winners and not scene.form_b:
        if rules.all_bust == "return":
            told.append(w("Nobody is left at fifteen or under: the bets go back, the passe stays (Q-R16)."))
        else:
            told.append(w("Nobody is left at fifteen or under: the pot stays on the table for the next coup "
                          "(Q-R16)."))
    points = ", ".join(f"{scene.name(seat)} {signed(value)}" for seat, value in enumerate(last.points))
    told.append(w("Tokens won or lost: {points}.", points=points))
    return (*event, head, *told), (head, *told[len(last.shown):])


class _EndSaid:
    """The sentences of a coup's end told so far, with what they were told from beside their keys."""

    __slots__ = ("coup", "ender", "events", "last", "lines", "multiplier", "rules")

    def __init__(self, last: CoupEnd, rules: QuinzeRules, coup: int, multiplier: int) -> None:
        self.last, self.rules, self.coup, self.multiplier = last, rules, coup, multiplier
        events = [(seat, action) for seat, action in last.history if not isinstance(action, Irregular)
                  and (seat >= 0 or isinstance(action, Remedy))]
        self.ender = (events[-1][0], isinstance(events[-1][1], Remedy)) if events else (-1, False)
        """The seat whose move ended the coup (:func:`_final_event`) and whether it chose a remedy."""
        self.lines: dict[tuple[object, ...], str] = {}
        self.events: dict[tuple[object, ...], tuple[str, ...]] = {}


_END_SAID: Final[list[_EndSaid]] = []
"""The last coup's end told (:func:`_end_said`)."""


def _end_said(scene: _Scene, last: CoupEnd) -> _EndSaid:
    """The sentences of ``last`` told so far (issue 33: the first position of a coup told the last coup's end to
    each viewer apart, a third of its cost), each by its tongue and what else it reads: whether each seat it names is
    the viewer, and how the viewer names it. Kept for the last end told, with the same rules, number and multiplier;
    made anew when another comes."""
    view = scene.view
    if _END_SAID:
        said = _END_SAID[0]
        if (said.last is last and said.rules is view.rules and said.coup == view.coup
                and said.multiplier == view.multiplier):
            return said
    said = _EndSaid(last, view.rules, view.coup, view.multiplier)
    _END_SAID[:] = [said]
    return said


@functools.lru_cache(maxsize=4096)
def _shown_said(tongue: _Tongue, me: bool, who: str, cards: tuple[Card, ...], total: int) -> str:
    """Q-R15: a hand shown at the end of a coup (public then) and its total, from all that it reads (the same for
    every viewer who names the seat alike: told once for them all)."""
    w = _WORDS[tongue]
    voice = _Voice(w, me, who)
    if total > TARGET:
        return voice.act(-1, w("You had {cards}: {total}, bust."), w("{who} had {cards}: {total}, bust."),
                         cards=w.cards(cards), total=total)
    return voice.act(-1, w("You show {cards}: {total}."), w("{who} shows {cards}: {total}."), cards=w.cards(cards),
                     total=total)


def _coup_end_kept(scene: _Scene, memo: Memo | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`_coup_end`, from ``memo`` when it told the same last coup to the same viewer (told again only when
    what its sentences read differs: the last coup, its number, the stake's multiplier, the cards a ruling names,
    the names, the language, the viewer; the same after every action of the next coup)."""
    view = scene.view
    last = view.last_deal
    if last is None:
        return (), ()
    return part(memo, "coup end", (last, view.viewer, view.coup, view.multiplier, view.pending_cards, view.rules,
                                   scene.names, scene.w), lambda: _coup_end(scene))


def _final_event(scene: _Scene, last: CoupEnd) -> list[str]:
    """The move that ended the last coup (the coup's log is gone with it): who did what, without the cards, which
    the hands shown then tell."""
    w = scene.w
    events = [(seat, action) for seat, action in last.history if not isinstance(action, Irregular)
              and (seat >= 0 or isinstance(action, Remedy))]
    if not events:
        return []
    seat, action = events[-1]
    verb = _verb(action)
    opened = any(isinstance(a, Open) or _verb(a) == ALL_IN.verb for _, a in last.history)
    bets = [t for t in last.payments if t.target == POT and t.reason != "Q-R4"]
    amount = bets[-1].amount if bets and bets[-1].source == seat else None
    if isinstance(action, Remedy):
        label = _remedy_label(scene, action)
        if seat < 0:
            return [w("The table rules: {remedy}.", remedy=label)]
        return [scene.act(seat, w("You choose: {remedy}."), w("{who} chooses: {remedy}."), remedy=label)]
    if isinstance(action, Open):
        return [scene.act(seat, w("You open for {amount}: « j’ouvre » (QUINZE-35)."),
                          w("{who} opens for {amount}: « j’ouvre » (QUINZE-35)."), amount=action.amount)]
    if isinstance(action, Raise):
        return [scene.act(seat, w("You raise by {amount}: « je renvie », putting in {paid} (Q-R9)."),
                          w("{who} raises by {amount}: « je renvie », putting in {paid} (Q-R9)."),
                          amount=action.amount, paid=amount if amount is not None else action.amount)]
    if verb == CARD.verb:
        return [scene.act(seat, w("You ask for a card: « carte »."), w("{who} asks for a card: « carte »."))]
    if verb == STAND.verb:
        return [scene.act(seat, w("You stand: « je m’y tiens » (Q-R14)."),
                          w("{who} stands: « je m’y tiens » (Q-R14)."))]
    if verb == PASS.verb and opened:
        return [scene.act(seat, w("You pass and leave the coup: what you staked stays in the pot (Q-§5.2)."),
                          w("{who} passes and leaves the coup: what was staked stays in the pot (Q-§5.2)."))]
    if verb == HOLD.verb:
        return [_hold(scene, seat, amount)]
    if verb in (WANT_CARDS.verb, WITH_THAT.verb):
        return [scene.act(seat, w("You say « voulez-vous cartes ? » (QUINZE-31)."),
                          w("{who} says « voulez-vous cartes ? » (QUINZE-31)."))]
    if verb == ALL_IN.verb and amount is not None:
        return [scene.act(seat, w("You put in all you have, {amount}: « je fais mon argent »; the others hold only "
                                  "to that height (QUINZE-37)."),
                          w("{who} puts in all that is left, {amount}: « je fais mon argent »; the others hold only "
                            "to that height (QUINZE-37)."), amount=amount)]
    return []


def _form_b_why(scene: _Scene, last: CoupEnd) -> str:
    """Q-§5.8: nearer fifteen wins, the elder wins ties, a bust loses; both bust, a drawn game (Q-H1)."""
    w = scene.w
    shown = dict(last.shown)
    elder, dealer = 1 - last.dealer, last.dealer
    if elder not in shown or dealer not in shown:
        return w("The game is settled (Q-§5.8).")
    totals = {seat: scene.total(cards) for seat, cards in shown.items()}
    if not last.winners:
        return w("Both are bust: a drawn game, and the next game is for {stake} (Q-H1).",
                 stake=scene.view.rules.stake * scene.view.multiplier)
    winner = last.winners[0]
    loser = 1 - winner
    if totals[loser] > TARGET:
        if scene.me(loser):
            return w("{who} wins: you are bust (Q-§5.8).", who=scene.name(winner))
        return scene.act(winner, w("You win: {loser} is bust (Q-§5.8)."), w("{who} wins: {loser} is bust (Q-§5.8)."),
                         loser=scene.obj(loser))
    if totals[winner] == totals[loser]:
        return scene.act(winner, w("You win the tie at {total}: ties go to the elder hand (Q-§5.8)."),
                         w("{who} wins the tie at {total}: ties go to the elder hand (Q-§5.8)."),
                         total=totals[winner])
    return scene.act(winner, w("You win with {total}, nearer fifteen than {other} (Q-§5.8)."),
                     w("{who} wins with {total}, nearer fifteen than {other} (Q-§5.8)."),
                     total=totals[winner], other=totals[loser])


def _final(scene: _Scene) -> str:
    view, w = scene.view, scene.w
    buy_in = view.rules.cave
    gains = [cave - buy_in for cave in view.caves]
    caves = ", ".join(f"{scene.name(seat)} {cave}" for seat, cave in enumerate(view.caves))
    best = max(gains)
    top = [seat for seat, gain in enumerate(gains) if gain == best]
    if len(top) != 1:
        return w("The partie is over (Q-R18). Final caves: {caves}; nobody finishes alone at the top.", caves=caves)
    return scene.act(top[0], w("The partie is over (Q-R18). Final caves: {caves}; you finish best, {gain:+d}."),
                     w("The partie is over (Q-R18). Final caves: {caves}; {who} finishes best, {gain:+d}."),
                     caves=caves, gain=best)


# ------------------------------------------------------------------------------------------------ pending
def _pending(scene: _Scene) -> str:
    view, w = scene.view, scene.w
    pending = view.pending
    if pending is None:
        return ""
    remedies = " / ".join(_remedy_label(scene, Remedy(name, pending.law)) for name in pending.remedies)
    act = next((action for _, action in reversed(view.history) if isinstance(action, Irregular)), None)
    if pending.law == "QUINZE-32" and set(pending.remedies) == {"changed", "unchanged"}:
        what = w("Did the cards the dealer gave, showed or burnt plainly change the coup? The players not concerned "
                 "judge (QUINZE-32).")
    elif act is not None:
        what = act_label(view, str(act), words=w) + "."
    else:
        what = w("An irregularity under {law}.", law=pending.law)
    chooser = pending.chooser
    if chooser is None:
        choice = w("The table rules: {remedies}.", remedies=remedies)
    else:
        choice = scene.act(chooser, w("You choose: {remedies}."), w("{who} chooses: {remedies}."), remedies=remedies)
    return f"{what} {choice}"


# ------------------------------------------------------------------------------------------------ why not
def _impossible(w: Words, reason: str) -> str:
    """The engine's reason an irregular act cannot happen now (:func:`academie.games.quinze.table.why_impossible`),
    in words; the engine's own text when it is not one of these."""
    reasons: tuple[tuple[str, Callable[[], str]], ...] = (
        ("only when the cards have just been dealt", lambda: w("only when the cards have just been dealt, before "
                                                               "anyone speaks")),
        ("only a player who has stood", lambda: w("only a player who has stood, while the others draw")),
        ("only the hidden card of a player in the coup", lambda: w("only the hidden card of a player in the coup")),
        ("is already known", lambda: w("that card is already known")),
        ("the pack is too short", lambda: w("the pack is too short to burn and deal again")),
        ("only a player with a card in the coup", lambda: w("only a player with a card in the coup")),
        ("leaving would end the contest", lambda: w("leaving would end the contest; throw the cards in (pass) "
                                                    "instead")),
        ("only the player whose turn it is to draw", lambda: w("only the player whose turn it is to draw")),
        ("only the dealer, drawing for himself", lambda: w("only the dealer, drawing for himself")),
        ("only a player engaged in a coup", lambda: w("only a player engaged in the coup")),
        ("no burnt or dead cards", lambda: w("there are no burnt or dead cards to look at")),
        ("only the dealer, while a player is drawing", lambda: w("only the dealer, while a player is drawing")),
        ("fewer than two cards", lambda: w("the pack holds fewer than two cards")),
        ("already shown", lambda: w("the next card is already shown")),
        ("only a player engaged in an opened coup", lambda: w("only a player engaged in an opened coup")),
        ("only before a card is taken", lambda: w("a composition can be objected to only before a card is taken")),
        ("only in table mode", lambda: w("irregular acts are accepted only in table mode (rules option "
                                         "mode=table)")),
        ("those of Form A", lambda: w("the laws of irregularities are those of Form A")),
        ("a ruling is pending", lambda: w("a ruling is pending: give its remedy first")),
    )
    for needle, said in reasons:
        if needle in reason:
            return said()
    return reason


def why_not(view: QuinzeView, action: str, reason: str, /, *, words: Words) -> str:
    """Why ``action`` is not allowed now, by the rule that forbids it (with its ID), and what is allowed."""
    scene = _scene(view, words, default_names(view, words=words))
    why = _why(scene, action, reason)
    allowed = _allowed(view)
    if allowed and view.actor == view.viewer:
        return words("{why} You may: {moves}.", why=why, moves=allowed)
    return why


def _allowed(view: QuinzeView) -> str:
    """The viewer's legal moves as the texts to type, ranges grouped ("pass, hold, raise 1 to 36")."""
    parts: list[str] = []
    amounts: dict[str, list[int]] = {}
    for action in view.legal_actions:
        if isinstance(action, Open | Raise):
            verb = "open" if isinstance(action, Open) else "raise"
            if verb not in amounts:
                amounts[verb] = []
                parts.append(verb)
            amounts[verb].append(action.amount)
        else:
            parts.append(str(action))
    texts = []
    for piece in parts:
        if piece in amounts:
            low, high = min(amounts[piece]), max(amounts[piece])
            texts.append(f"{piece} {low}" if low == high else f"{piece} {low}–{high}")
        else:
            texts.append(piece)
    return ", ".join(texts)


def _why(scene: _Scene, text: str, reason: str) -> str:
    view, w = scene.view, scene.w
    legal = view.legal_actions
    actor = view.actor
    if view.phase is Phase.OVER or actor is None:
        return w("The partie is over: there are no more moves (Q-R18).")
    try:
        action = parse_action(text)
    except ActionParseError:
        return w("Not a move of Le Quinze: {reason}", reason=reason)
    if isinstance(action, Irregular):
        return w("That irregular act is not possible now: {reason}.", reason=_impossible(w, reason))
    if actor == TABLE:
        return w("A ruling is pending ({law}): the table rules first.", law=view.pending.law if view.pending else "")
    if actor == CHANCE:
        return w("Wait: the cards are being shuffled or gathered.")
    if not scene.me(actor):
        if view.pending is not None:
            return w("It is not your turn: {who} chooses the ruling ({law}).", who=scene.name(actor),
                     law=view.pending.law)
        if view.phase is Phase.DRAW and view.drawer == actor:
            return w("It is not your turn: {who} is drawing (Q-§5.3).", who=scene.name(actor))
        return w("It is not your turn: {who} is to speak (Q-R7).", who=scene.name(actor))
    if view.pending is not None:
        remedies = ", ".join(view.pending.remedies)
        if isinstance(action, Remedy):
            return w("That remedy is not offered under {law}: choose among {remedies}.", law=view.pending.law,
                     remedies=remedies)
        return w("A ruling is pending ({law}): choose its remedy first, among {remedies}.", law=view.pending.law,
                 remedies=remedies)
    if isinstance(action, Remedy):
        return w("No ruling is pending: there is no remedy to choose.")
    seat = view.viewer
    cave = view.caves[seat]
    needed = max(view.highest - view.contributions[seat], 0)
    opens = [a.amount for a in legal if isinstance(a, Open)]
    raises = [a.amount for a in legal if isinstance(a, Raise)]
    opening = view.phase is Phase.OPENING and HOLD not in legal and not any(
        isinstance(a, Open) for _, a in view.history)
    if scene.form_b and (isinstance(action, Open | Raise) or action in (PASS, HOLD, ALL_IN, ANNOUNCE)):
        return w("The two-hand game has no betting: ask for a card (« carte ») or stand (« je m’y tiens ») "
                 "(Q-§5.8).")
    if isinstance(action, Open):
        if opens and action.amount < min(opens):
            return w("An opening is at least the jeu, {jeu} (QUINZE-35).", jeu=min(opens))
        if opens and action.amount > max(opens):
            return w("You cannot open for more than your cave, {cave} (Q-§3).", cave=cave)
        if ANNOUNCE in legal:
            return w("You have less than the jeu ({jeu}): first say what you have, « j’ai {cave} » (QUINZE-36).",
                     jeu=view.jeu, cave=cave)
        if ALL_IN in legal and opening:
            return w("You have less than the jeu ({jeu}): you may open only for all you have, « je fais mon "
                     "argent » (QUINZE-37).", jeu=view.jeu)
        return w("The betting is already open: hold, raise or pass (Q-R9).")
    if isinstance(action, Raise):
        if raises and action.amount > max(raises):
            if needed:
                return w("The most you may raise is {most}: your cave of {cave} must first cover the {needed} to "
                         "hold (Q-§3).", most=max(raises), cave=cave, needed=needed)
            return w("The most you may raise is {most}, all your cave (Q-§3).", most=max(raises))
        if raises and action.amount < min(raises):
            return w("The least raise is {least} (Q-§3).", least=min(raises))
        if opens or opening:
            return w("Nobody has opened yet: open for at least the jeu, {jeu}, or pass (QUINZE-35).", jeu=view.jeu)
        if view.busted[seat]:
            return w("You are bust: you take no more part in the betting (Q-R13).")
        if cave == 0:
            return w("You have put in all your cave: you take no more part in the betting (QUINZE-37).")
        if cave <= needed:
            return w("Your cave, {cave}, covers no more than holding, {needed} (Q-§3).", cave=cave, needed=needed)
        return w("Nobody is left to answer a raise: the others are all in, bust or out (Q-§5.3).")
    if action in (CARD, STAND):
        if view.phase is Phase.OPENING:
            return w("Cards are asked for only after the opening round, on your turn to draw (Q-§5.3).")
        if view.stood[seat]:
            return w("You stood: standing is final without your adversaries’ consent (Q-R14, QUINZE-19).")
        if HOLD in legal or PASS in legal:
            return w("Answer the bet first: hold, raise or pass (Q-§5.3).")
        if WANT_CARDS in legal:
            return w("It is not your turn to draw: pass the word with « voulez-vous cartes ? » or raise "
                     "(QUINZE-31).")
        if action == CARD and scene.form_b and view.busted[seat]:
            return w("You are over fifteen: keep your bust to yourself and say « je m’y tiens », so that the dealer "
                     "draws without knowing it (Q-§5.8).")
        if action == CARD and STAND in legal:
            return w("The pack and the dead cards are spent: no card can be given (QUINZE-25).")
        return w("You have no draw turn now (Q-§5.3).")
    if action == PASS:
        if CARD in legal or STAND in legal:
            return w("There is no passing on your draw turn: ask for a card or stand (Q-§5.3).")
        if WANT_CARDS in legal:
            return w("Nobody has raised: pass the word with « voulez-vous cartes ? » or raise (QUINZE-31).")
    if action == HOLD:
        if opens or opening:
            return w("Nobody has opened yet: there is nothing to hold; open or pass (Q-R7).")
        if ANNOUNCE in legal or ALL_IN in legal:
            return w("You have less than the {needed} needed to hold: say what you have, then go all in "
                     "(QUINZE-36, QUINZE-37).", needed=needed)
        if CARD in legal or STAND in legal or WANT_CARDS in legal:
            return w("Nobody has raised: there is nothing to hold (Q-§5.3).")
    if action == ALL_IN:
        if ANNOUNCE in legal:
            return w("First say what you have, « j’ai {cave} » (QUINZE-36).", cave=cave)
        return w("Only a player short of the stake goes all in; you can cover it (QUINZE-37).")
    if action == ANNOUNCE:
        return w("Only a player with less than the stake says what he has (QUINZE-36).")
    if action in (WANT_CARDS, WITH_THAT):
        return w("« Voulez-vous cartes ? » is said to the player drawing, once he has taken a card (QUINZE-31).")
    return w("Not allowed now: {reason}.", reason=reason)


# ------------------------------------------------------------------------------------------------ shorthand
_PHRASES: dict[str, str] = {
    "je passe": "pass", "passe": "pass", "fold": "pass",
    "je tiens": "hold", "tiens": "hold", "call": "hold",
    "carte": "card", "une carte": "card", "hit": "card",
    "je m'y tiens": "stand", "m'y tiens": "stand", "je m y tiens": "stand",
    "je fais mon argent": "all-in", "va-tout": "all-in", "va tout": "all-in", "all in": "all-in", "tapis": "all-in",
    "voulez-vous cartes": "want-cards", "voulez vous cartes": "want-cards", "voulez-vous des cartes": "want-cards",
    "voulez-vous plus de cartes": "want-cards", "en voulez-vous encore": "want-cards",
    "avec ça": "with-that", "avec ca": "with-that",
}
_AMOUNT = re.compile(r"^(?:je\s+renvie|renvie|renvi|raise|\+)\s*(?:de\s+)?(\d+)$|^(?:j'ouvre|ouvre|open)\s*(?:de\s+)?"
                     r"(\d+)$|^(?:j'ai)\s*(\d+)$")


def shorthand(view: QuinzeView, text: str, /) -> str:
    """The books' words for an action (« je tiens » → ``hold``, « je renvie de 3 » → ``raise 3``, « carte » →
    ``card``); the text itself otherwise.

    >>> from academie.games.quinze.state import QuinzeState
    >>> view = QuinzeState.new(seed=1, first_dealer=1).view(0)
    >>> shorthand(view, "je renvie de 3"), shorthand(view, "« je m’y tiens »"), shorthand(view, "open 3")
    ('raise 3', 'stand', 'open 3')
    """
    del view
    key = text.strip().lower().replace("’", "'").strip("«» ?!.").strip()
    key = re.sub(r"\s+", " ", key)
    if key in _PHRASES:
        return _PHRASES[key]
    match = _AMOUNT.match(key)
    if match is not None:
        raised, opened, said = match.groups()
        if raised:
            return f"raise {raised}"
        if opened:
            return f"open {opened}"
        if said:
            return "announce"
    return text


# ------------------------------------------------------------------------------------------------ table mode
def act_label(view: QuinzeView, act: str, /, *, words: Words) -> str:
    """An irregular act's text (``! leave 2``) as one line of words, with its law's ID."""
    scene = _scene(view, words, default_names(view, words=words))
    w = words
    parsed = parse_table_action(act.split())
    if not isinstance(parsed, Irregular):
        return w("Not an irregular act: {act}", act=act)
    seat = parsed.seat
    if not 0 <= seat < scene.n:
        return w("An irregular act by a seat not at the table: {act}", act=act)
    kind = parsed.kind
    other = int(parsed.args[0]) if parsed.args and parsed.args[0].lstrip("-").isdigit() else None
    if kind == "change-position":
        return scene.act(seat, w("You stood and ask to draw again (QUINZE-19)"),
                         w("{who} stood and asks to draw again (QUINZE-19)"))
    if kind == "expose-deal":
        return scene.act(seat, w("Your card is seen in the deal, through the dealer’s fault (QUINZE-20)"),
                         w("The card of {who} is seen in the deal, through the dealer’s fault (QUINZE-20)"))
    if kind == "expose-own":
        return scene.act(seat, w("You let your own card be seen (QUINZE-21)"),
                         w("{who} lets his own card be seen (QUINZE-21)"))
    if kind == "expose-other" and other is not None and 0 <= other < scene.n:
        return scene.act(seat, w("Your hidden card is exposed by {offender} (QUINZE-22)"),
                         w("The hidden card of {who} is exposed by {offender} (QUINZE-22)"),
                         offender=scene.obj(other))
    if kind == "misdeal":
        if parsed.args == ("1",):
            return scene.act(seat, w("You are dealt a card too many (QUINZE-23)"),
                             w("{who} is dealt a card too many (QUINZE-23)"))
        return scene.act(seat, w("You are dealt no card: a card too few (QUINZE-23)"),
                         w("{who} is dealt no card: a card too few (QUINZE-23)"))
    if kind == "seen-in-deal":
        return scene.act(seat, w("You see the next card to be dealt (QUINZE-24)"),
                         w("{who} sees the next card to be dealt (QUINZE-24)"))
    if kind == "deal-order":
        return scene.act(seat, w("The order of dealing is disturbed: you are served out of turn (QUINZE-24)"),
                         w("The order of dealing is disturbed: {who} is served out of turn (QUINZE-24)"))
    if kind == "leave":
        return scene.act(seat, w("You leave the table without a replacement (QUINZE-28)"),
                         w("{who} leaves the table without a replacement (QUINZE-28)"))
    if kind == "gesture":
        return scene.act(seat, w("You ask for a card by a gesture, not aloud (QUINZE-29)"),
                         w("{who} asks for a card by a gesture, not aloud (QUINZE-29)"))
    if kind == "detach":
        return scene.act(seat, w("You, the dealer, detach a card for yourself (QUINZE-29)"),
                         w("{who}, the dealer, detaches a card for himself (QUINZE-29)"))
    if kind == "look-burnt":
        return scene.act(seat, w("You look at the burnt cards (QUINZE-30)"),
                         w("{who} looks at the burnt cards (QUINZE-30)"))
    if kind == "two-cards":
        return scene.act(seat, w("You, the dealer, give two cards at once (QUINZE-32)"),
                         w("{who}, the dealer, gives two cards at once (QUINZE-32)"))
    if kind == "unasked-card":
        return scene.act(seat, w("You, the dealer, give a card nobody asked for (QUINZE-33)"),
                         w("{who}, the dealer, gives a card nobody asked for (QUINZE-33)"))
    if kind == "show-card":
        return scene.act(seat, w("You, the dealer, show the next card (QUINZE-33)"),
                         w("{who}, the dealer, shows the next card (QUINZE-33)"))
    if kind == "burn-card":
        return scene.act(seat, w("You, the dealer, burn a card (QUINZE-33)"),
                         w("{who}, the dealer, burns a card (QUINZE-33)"))
    if kind == "compose":
        return scene.act(seat, w("You propose to share the pot before a card is taken, a composition (QUINZE-34)"),
                         w("{who} proposes to share the pot before a card is taken, a composition (QUINZE-34)"))
    return w("An irregular act the laws do not name: {act}", act=act)
