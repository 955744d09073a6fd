"""The terminal presentation of Écarté: hands, menus, typed commands, and the course of a game in words.

Two pieces, both clients of the engine:

- :class:`Narrator` tells what each operation of the log means, from one seat's point of view (the terminal
  game) or from above (``academie replay``). It keeps its own mirror state, applying the operations one by one
  as they come, so it can say what changed: cards drawn, a trick won, points scored (with the rule or law the
  ledger cites), a deal or a game over.
- :class:`TerminalGame` runs a partie between a person and a bot: the hand sorted by suit and strength, the
  trump card and the score always shown, the legal actions as a numbered menu, typed text forms accepted.

French terms are shown with their English meaning: « je propose » (I propose an exchange).

>>> from academie.cards import parse_cards, Suit
>>> " ".join(str(c) for c in sort_hand(parse_cards("7S AH KS 9D JH"), Suit.HEARTS))
'JH AH KS 7S 9D'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from academie.bots import Bot
from academie.cards import Card, Suit
from academie.engine import CHANCE, PUBLIC, TABLE, Action, ActionParseError, IllegalActionError, Operation
from academie.games.ecarte.records import first_dealer
from academie.games.ecarte.state import (
    STRENGTH,
    Accept,
    CutForDeal,
    Discard,
    EcarteRules,
    EcarteState,
    Irregular,
    MarkKing,
    Phase,
    Play,
    Propose,
    Refuse,
    Remedy,
    Shuffle,
    Stand,
    TakeBack,
    redact,
    trick_winner,
)
from academie.games.ecarte.table import ACTS

if TYPE_CHECKING:
    from academie.record import Record

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Display order of the suits after trumps: the colours alternate."""

SAYINGS: dict[type[Action], str] = {
    Propose: "« je propose », I propose (an exchange of cards)",
    Stand: "« je joue », I play (no exchange)",
    Accept: "« combien ? », how many? (the exchange is accepted)",
    Refuse: "« je joue », I play (the exchange is refused)",
    MarkKing: "« je marque le roi », I mark the king (of trumps)",
}
"""What a player says for each announcement, in French with its English meaning (rules §1, §4)."""

VERBS = ("propose", "stand", "accept", "refuse", "discard", "take-back", "mark-king", "play")
"""The verbs of Écarté's text forms (a single other word is read as a card to play)."""

HELP = """Commands:
  a number          take that action from the menu
  play KH           play a card (or just type the card: KH, 10D, 7s)
  propose, stand    « je propose » / « je joue » when you are the non-dealer
  accept, refuse    « combien ? » / « je joue » when you deal and your opponent proposes
  discard 7S 8H     throw those cards and draw as many (or by position in your hand: discard 1 4)
  discard           (dealer) keep all your cards
  take-back 7S      take back cards from your discard when the talon is too short
  mark-king         « je marque le roi »: score the king of trumps before your first card
  last              show the last trick
  irregular         (rules option mode=table) the irregular acts you could commit now, e.g. ! revoke 0 7S
  help              this list
  quit              stop the game (the record is still saved)
Cards: K Q J A 10 9 8 7 in every suit, high to low (the ace is between the jack and the ten).
A trick: the second player must follow suit and win if he can, else trump if he can."""


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
    """By suit (trumps first, then ♠ ♥ ♣ ♦), and by strength K Q J A 10 9 8 7 within a suit (E-§2.1)."""
    order = ((trump,) if trump is not None else ()) + tuple(s for s in SUIT_ORDER if s != trump)
    return tuple(sorted(cards, key=lambda c: (order.index(c.suit), -STRENGTH[c.index])))


def show_card(card: Card) -> str:
    """The card with its suit symbol, in red for hearts and diamonds (rich markup)."""
    colour = "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "bold"
    return f"[{colour}]{card.pretty()}[/{colour}]"


def show_cards(cards: Sequence[Card]) -> str:
    return " ".join(show_card(c) for c in cards) or "—"


def describe(action: Action) -> str:
    """An action of the menu: its text form and what it means."""
    saying = SAYINGS.get(type(action))
    if saying is not None:
        return f"{action}  {saying}"
    if isinstance(action, Play):
        return f"play {show_card(action.card)}  {action.card.french()}"
    if isinstance(action, Discard):
        if not action.cards:
            return "discard  keep all your cards"
        return f"discard {show_cards(action.cards)}  écarter: throw {len(action.cards)}, draw as many"
    if isinstance(action, TakeBack):
        return f"take-back {show_cards(action.cards)}  reprendre: the talon is short (ECARTE-VI.5)"
    return escape(str(action))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


# ------------------------------------------------------------------------------------------------ narrator
class Narrator:
    """Tells the operations of a partie one by one, as ``viewer`` saw them (``None``: everything is shown)."""

    def __init__(self, rules: EcarteRules, *, first_dealer: int | None, viewer: int | None,
                 names: tuple[str, str]) -> None:
        self.state = EcarteState(rules, first_dealer=first_dealer)
        self.viewer = viewer
        self.names = names
        self.deal_number = 0
        self.last_trick = ""

    def name(self, seat: int) -> str:
        return self.names[seat]

    def verb(self, seat: int, base: str, third: str) -> str:
        """``You play`` but ``North plays``: the viewer is addressed as "you"."""
        return f"{self.name(seat)} {base if seat == self.viewer else third}"

    def feed(self, operation: Operation) -> list[str]:
        """Apply the next operation of the log to the mirror state and say what happened (rich markup)."""
        before = self.state.clone()
        self.state.apply(operation.action)
        lines = [self._action_line(before, operation)]
        lines += self._consequences(before, operation)
        return [line for line in lines if line]

    # ------------------------------------------------------------------ the action itself
    def _action_line(self, before: EcarteState, operation: Operation) -> str:
        action, seat = operation.action, operation.actor
        if isinstance(action, CutForDeal):
            return (f"Cut for deal: {self.name(0)} {show_card(action.cards[0])}, "
                    f"{self.name(1)} {show_card(action.cards[1])}")
        if isinstance(action, Shuffle):
            return self._new_deal(action)
        if isinstance(action, Irregular):
            act = ACTS.get(action.kind)
            what = f"{act.summary} ({act.law})" if act else action.kind
            return (f"[bold]! {escape(self.name(action.seat))}: irregularity, {escape(what)}[/bold]"
                    f"  ({escape(str(action))})")
        if isinstance(action, Remedy):
            who = "The table" if seat == TABLE else self.name(seat)
            return f"{escape(who)} {'choose' if seat == self.viewer else 'chooses'} the remedy: {escape(str(action))}"
        if seat == CHANCE or seat < 0:
            return escape(str(operation))
        saying = SAYINGS.get(type(action))
        if saying is not None:
            return f"{self.name(seat)}: {saying}"
        if isinstance(action, Play):
            return f"{self.verb(seat, 'play', 'plays')} {show_card(action.card)} ({action.card.french()})"
        if isinstance(action, Discard):
            return self._discard_line(before, seat, action)
        if isinstance(action, TakeBack):
            shown = show_cards(action.cards) if self._sees(seat) else _plural(len(action.cards), "card")
            return f"{self.verb(seat, 'take', 'takes')} back {shown} from the discard (ECARTE-VI.5)"
        return f"{self.name(seat)}: {escape(str(action))}"

    def _sees(self, seat: int) -> bool:
        return self.viewer is None or self.viewer == seat

    def _discard_line(self, before: EcarteState, seat: int, action: Discard) -> str:
        count = len(action.cards)
        if not count:
            return f"{self.verb(seat, 'keep', 'keeps')} all five cards"
        drawn = tuple(c for c in self.state.hand(seat) if c not in before.hand(seat))
        if not self._sees(seat):
            return f"{self.verb(seat, 'discard', 'discards')} {_plural(count, 'card')} and draws {len(drawn)}"
        draws = "draw" if seat == self.viewer else "draws"
        return f"{self.verb(seat, 'discard', 'discards')} {show_cards(action.cards)}, {draws} {show_cards(drawn)}"

    def _new_deal(self, action: Shuffle) -> str:
        state = self.state
        self.deal_number += 1
        dealer = state.dealer
        trump = state.trump_card
        deals = "deal" if dealer == self.viewer else "deals"
        line = f"\n[bold]── Deal {self.deal_number}:[/bold] {self.name(dealer or 0)} {deals}"
        if trump is not None:
            line += f"; trumps {show_card(trump)} ({trump.french()} turned up)"
        if self.viewer is None:
            line += f"\n   deck: {' '.join(str(c) for c in action.order)}"
            for seat in (0, 1):
                line += f"\n   {self.name(seat)}: {show_cards(sort_hand(state.hand(seat), _suit(trump)))}"
        return line

    # ------------------------------------------------------------------ what followed
    def _consequences(self, before: EcarteState, operation: Operation) -> list[str]:
        state = self.state
        lines = []
        if isinstance(operation.action, Play):
            lines.append(self._trick_line(before, operation.actor, operation.action.card))
        for ruling in state.rulings[len(before.rulings):]:
            lines.append(f"   ruling: {escape(ruling)}")
        for entry in state.ledger.entries[len(before.ledger.entries):]:
            if isinstance(entry.target, int):
                lines.append(f"   {self.verb(entry.target, 'score', 'scores')} {entry.amount} ({entry.reason})")
        for result in state.deal_results[len(before.deal_results):]:
            lines.append(f"   End of the deal: {self.name(0)} {result.points[0]}, {self.name(1)} {result.points[1]} "
                         f"(tricks {result.tricks[0]}–{result.tricks[1]})")
        for game in state.game_results[len(before.game_results):]:
            lines.append(f"[bold]Game to {self.name(game.winner)}, {game.score[0]}–{game.score[1]}[/bold]")
        if state.deal_results[len(before.deal_results):] and not state.is_terminal:
            lines.append(f"   Score: {self.name(0)} {state.score[0]}, {self.name(1)} {state.score[1]}")
        return lines

    def _trick_line(self, before: EcarteState, seat: int, card: Card) -> str:
        view = before.view(PUBLIC)
        if not view.tricks or view.tricks[-1].winner is not None or view.trump_card is None:
            return ""
        trick = view.tricks[-1]
        led = trick.cards[0]
        winner = trick_winner(trick.leader, led, card, view.trump_card.suit)
        number = len(view.tricks)
        cards = {trick.leader: led, seat: card}
        self.last_trick = (f"Trick {number}: {self.name(0)} {show_card(cards[0])}, {self.name(1)} {show_card(cards[1])}"
                           f" (led by {self.name(trick.leader)}), won by {self.name(winner)}")
        won = [view.tricks_won[0], view.tricks_won[1]]
        won[winner] += 1
        return f"   {self.verb(winner, 'win', 'wins')} the trick ({self.name(0)} {won[0]}, {self.name(1)} {won[1]})"


def _suit(card: Card | None) -> Suit | None:
    return card.suit if card is not None else None


# ---------------------------------------------------------------------------------------------- the game
@dataclass(frozen=True, slots=True)
class Quit:
    """The player asked to stop."""


class TerminalGame:
    """A partie between a person (``human`` seat) and a bot, in a terminal or through a pipe."""

    def __init__(self, state: EcarteState, *, bot: Bot, console: Console, read_line: Callable[[], str | None],
                 human: int = 0, first_dealer: int | None = None) -> None:
        self.state = state
        self.bot = bot
        self.console = console
        self.read_line = read_line
        self.human = human
        self.narrator = Narrator(state.rules, first_dealer=first_dealer, viewer=human,
                                 names=("You", "The bot") if human == 0 else ("The bot", "You"))
        self.told = 0

    def run(self) -> bool:
        """Play until the partie ends (True) or the player quits (False)."""
        self.tell()
        while not self.state.is_terminal:
            if self.state.actor == self.human:
                choice = self.ask()
                if isinstance(choice, Quit):
                    return False
                self.state.apply(choice)
                self.tell()
            else:
                seat = self.state.actor
                assert isinstance(seat, int)
                action = self.bot.choose(self.state.view(seat))
                legal = self.state.legal_actions()
                explanation = self.bot.explain()
                if action not in legal:  # a bot that does not know a table-mode ruling must not end the game
                    self.console.print(f"[red]The bot chose {escape(str(action))}, which is not allowed now; "
                                       f"it is given {escape(str(legal[0]))}, the first choice allowed.[/red]")
                    action, explanation = legal[0], ""
                self.state.apply(action)
                # the bot's reasons for a discard would name cards the player may not see
                hidden = redact(seat, action, self.human) != action
                self.tell(explanation="" if hidden else explanation)
        return True

    def tell(self, *, explanation: str = "") -> None:
        """Print what happened since the last call, the bot's reason after its own action."""
        operations = self.state.operations[self.told:]
        self.told = len(self.state.operations)
        for index, operation in enumerate(operations):
            lines = self.narrator.feed(operation)
            for number, line in enumerate(lines):
                self.console.print(line)
                if index == 0 and number == 0 and explanation:
                    self.console.print(f"   [dim italic]why: {escape(explanation)}[/dim italic]")

    # ------------------------------------------------------------------ the player's turn
    def status(self) -> None:
        view = self.state.view(self.human)
        other = 1 - self.human
        trump = view.trump_card
        you, bot = self.narrator.name(self.human), self.narrator.name(other)
        dealer = you if view.dealer == self.human else bot
        self.console.print(f"\n[bold]Score[/bold] {you} {view.score[self.human]} · {bot} {view.score[other]}"
                           f"   (game {view.rules.game_points})   dealer: {dealer}   talon: {view.talon_size}")
        if trump is not None:
            self.console.print(f"[bold]Trumps[/bold] {show_card(trump)} ({trump.french()})")
        if view.phase is Phase.PLAY:
            current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
            number = len(view.tricks) if current else len(view.tricks) + 1
            led = (f"{self.narrator.name(current.leader)} led {show_card(current.cards[0])}" if current
                   else "you lead")
            self.console.print(f"[bold]Trick {number}[/bold] {led}   tricks: {you} {view.tricks_won[self.human]}"
                               f" · {bot} {view.tricks_won[other]}")
        self.console.print(f"[bold]Your hand[/bold] {show_cards(sort_hand(view.hand, _suit(trump)))}")
        if view.pending is not None:
            self.console.print(f"[bold]Ruling pending[/bold] {escape(view.pending.description)} "
                               f"({view.pending.law}): you choose the remedy")

    def menu(self) -> tuple[Action, ...]:
        """Print the numbered menu and return its actions in order.

        When the player is to discard, the choices are too many to list (31 for five cards): the numbers are
        then the positions of the cards in the hand, and the other actions (mark-king) are typed.
        """
        legal = self.state.legal_actions()
        discards = [len(a.cards) for a in legal if isinstance(a, Discard)]
        if not discards:
            listed = self._ordered(legal)
            self.console.print("Your move:")
            for number, action in enumerate(listed, start=1):
                self.console.print(f"  {number:>2}  {describe(action)}")
            return listed
        hand = self._hand()
        low, high = min(discards), max(discards)
        self.console.print(f"Your écart (discard {low} to {high} cards, then draw as many): type the positions of the "
                           f"cards to throw, e.g. [bold]1 {len(hand)}[/bold], or [bold]discard {hand[-1]}[/bold]")
        for number, card in enumerate(hand, start=1):
            self.console.print(f"  {number:>2}  {show_card(card)}  {card.french()}")
        if low == 0:
            self.console.print("   0  keep all your cards")
        for action in legal:
            if not isinstance(action, Discard):
                self.console.print(f"      {describe(action)}")
        return ()

    def _hand(self) -> tuple[Card, ...]:
        return sort_hand(self.state.hand(self.human), _suit(self.state.trump_card))

    def _ordered(self, actions: Sequence[Action]) -> tuple[Action, ...]:
        """Plays in the order of the hand as shown, other actions first."""
        hand = self._hand()
        return tuple(sorted(actions, key=lambda a: hand.index(a.card) + 1 if isinstance(a, Play) else 0))

    def ask(self) -> Action | Quit:
        self.status()
        listed = self.menu()
        while True:
            self.console.print("> ", end="")
            line = self.read_line()
            if line is None:
                self.console.print("(end of input)")
                return Quit()
            choice = self.read_choice(line.strip(), listed)
            if isinstance(choice, (Action, Quit)):
                return choice
            self.console.print(choice)

    def read_choice(self, text: str, listed: Sequence[Action]) -> Action | Quit | str:
        """The action or command ``text`` names, or a message saying why it cannot be taken."""
        words = text.split()
        if not words:
            return "Type a number from the menu, an action such as `play KH`, or `help`."
        command = words[0].lower()
        if command in ("quit", "exit", "q"):
            return Quit()
        if command in ("help", "?"):
            return escape(HELP)
        if command == "last":
            return self.narrator.last_trick or "No trick has been played yet."
        if command == "irregular":
            acts = self.state.irregular_actions(self.human)
            return escape("  ".join(str(a) for a in acts) or "None: irregular acts are possible only with "
                          "--rules-option mode=table, and not all the time.")
        if all(word.isdigit() for word in words):
            if listed:
                return self._menu_pick(words, listed)
            words = ["discard", *(word for word in words if word != "0")]  # positions of the cards to throw
        try:
            action = self._parse(words)
        except ActionParseError as error:
            return f"{escape(str(error))}. Type `help` for the commands."
        if isinstance(action, Irregular):
            return self._irregular(action)
        if action not in self.state.legal_actions():
            return f"You cannot {escape(str(action))} now: {escape(self.state.illegal_reason(action))}."
        return action

    def _irregular(self, action: Irregular) -> Action | str:
        """Table mode: an irregular act of the player's own, if it can physically happen now."""
        if action.seat != self.human:
            return f"You can commit irregularities only as yourself (seat {self.human})."
        try:
            self.state.clone().apply(action)
        except IllegalActionError as error:
            return escape(error.reason or str(error))
        return action

    def _parse(self, words: list[str]) -> Action:
        """Text forms, the French sayings, a bare card for a play, and discards by position in the hand."""
        french = {"je propose": "propose", "combien": "accept", "combien ?": "accept",
                  "je marque le roi": "mark-king", "je joue": "refuse" if self._dealer_decides() else "stand"}
        text = " ".join(words)
        verb = words[0].lower()
        if text.lower() in french:
            text = french[text.lower()]
        elif len(words) == 1 and verb not in VERBS:
            text = f"play {words[0]}"
        elif verb == "discard" and all(w.isdigit() for w in words[1:]):
            text = " ".join([verb, *self._by_position(words[1:])])
        return self.state.parse_action(text)

    @staticmethod
    def _menu_pick(words: list[str], listed: Sequence[Action]) -> Action | str:
        number = int(words[0])
        if len(words) == 1 and 1 <= number <= len(listed):
            return listed[number - 1]
        return f"Type one number from 1 to {len(listed)}, or an action such as `play KH`."

    def _dealer_decides(self) -> bool:
        return self.state.phase is Phase.DEALER_DECIDES

    def _by_position(self, positions: list[str]) -> list[str]:
        hand = self._hand()
        cards = []
        for position in positions:
            index = int(position)
            if not 1 <= index <= len(hand):
                raise ActionParseError(f"no card at position {index}; your hand has positions 1 to {len(hand)}")
            cards.append(str(hand[index - 1]))
        return cards


def run_terminal_game(state: EcarteState, *, bots: Mapping[int, Bot], console: Console,
                      read_line: Callable[[], str | None], human: int = 0) -> bool:
    """``academie play ecarte``: the person at ``human`` (seat 0 by default) against the bot in the other seat;
    True when the partie was played to its end."""
    session = TerminalGame(state, bot=bots[1 - human], console=console, read_line=read_line, human=human,
                           first_dealer=first_dealer(state))
    return session.run()


def closing_words(state: EcarteState, *, human: int, finished: bool) -> str:
    """Who won the partie (E-§6.2) and the points, the player named "you"."""
    points = state.result().points
    mine, theirs = points[human], points[1 - human]
    if not finished:
        return f"\nGame stopped. Points so far: you {mine}, the bot {theirs}."
    verdict = "You win the partie!" if state.result().winner == human else "The bot wins the partie."
    return f"\n[bold]{verdict}[/bold] Points: you {mine}, the bot {theirs}."


def print_replay(console: Console, partie: Record, state: EcarteState) -> None:
    """``academie replay``: deal by deal, the deck, trumps, both hands, every action and the points."""
    names = (partie.tag("Seat0") or "seat 0", partie.tag("Seat1") or "seat 1")
    names = (names[0] if names[0] != "?" else "seat 0", names[1] if names[1] != "?" else "seat 1")
    console.print("[bold]Écarté[/bold] · " +
                  " · ".join(f"{escape(name)} {escape(value)}" for name, value in partie.tags if name != "Game"))
    dealer = partie.tag("FirstDealer")
    narrator = Narrator(state.rules, first_dealer=None if dealer is None else int(dealer), viewer=None, names=names)
    for operation in state.operations:
        for line in narrator.feed(operation):
            console.print(line)
    result = state.result()
    if state.is_terminal:
        console.print(f"\n[bold]Result[/bold] {escape(names[0])} {result.points[0]}, {escape(names[1])} "
                      f"{result.points[1]}; the partie goes to {escape(names[result.winner or 0])}")
    else:
        console.print(f"\n[bold]Unfinished[/bold] {escape(names[0])} {result.points[0]}, {escape(names[1])} "
                      f"{result.points[1]} when the record stops")
