"""The terminal game of every game: one person against bots, drawn from the table picture of the person's view.

One prompt and one set of commands for all five games: the numbered menu of legal moves (shown again after an
error), an action's text or a game's shorthand (``KH`` for ``play KH``), ``help``, ``last``, ``score``, ``hint``
(what the strongest bot would play, and why), ``undo`` (back to your previous decision), ``rules`` (how to play,
paged), ``irregular`` (table mode: the acts you could commit) and ``quit``; the French words work too.

The session writes the record after every action (through ``save``), so that a quit, Ctrl-C, a crash or a closed
terminal leaves a record that ``academie play --resume`` continues.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape

from academie.bots import Bot, reason_seen, say_reason
from academie.cards import Card
from academie.engine import (
    PUBLIC,
    AcademieError,
    Action,
    ActionParseError,
    Game,
    IllegalActionError,
    Irregular,
    Operation,
    Rules,
    View,
)
from academie.hint import Hint
from academie.picture import Painter, Picture, draw_menu, draw_tally, draw_text, draw_trick
from academie.registry import GameType
from academie.words import Words

COMMANDS: dict[str, str] = {
    "help": "help", "aide": "help", "?": "help",
    "last": "last", "dernier": "last", "dernière": "last",
    "score": "score", "marque": "score",
    "hint": "hint", "conseil": "hint",
    "undo": "undo", "annuler": "undo",
    "rules": "rules", "règles": "rules", "regles": "rules",
    "irregular": "irregular", "irrégularité": "irregular", "irregularite": "irregular",
    "quit": "quit", "quitter": "quit", "exit": "quit",
}
"""What a player may type besides a move, in English and in French, and the command each word means."""

PAGE = 20
"""Lines of the rules shown at a time."""


@dataclass
class Session:
    """A game between a person (seat ``human``) and bots (every other seat), in a terminal or through a pipe."""

    state: Game
    painter: Painter
    human: int
    bots: Mapping[int, Bot]
    console: Console
    read_line: Callable[[], str | None]
    words: Words
    names: Sequence[str]
    save: Callable[[Game, Mapping[int, str]], None] = lambda state, comments: None
    """Called after every action with the state and the bots' reasons by operation index (the record)."""
    restart: Callable[[Sequence[Operation]], Game] | None = None
    """Rebuilds a state from a list of operations (for ``undo``); None: no undo."""
    adviser: Callable[[View], Hint] | None = None
    """The hint for a view (:func:`academie.hint.hint` with the strongest bot); None: no hint."""
    rules_text: str = ""
    hide: Callable[[int, Action, int], Action | None] = lambda actor, action, viewer: action
    """The game's redaction (``redact(actor, action, viewer)``): a bot's reason is told only for an act the person
    saw as it was (the reason for a discard face down would name the cards)."""
    comments: dict[int, str] = field(default_factory=dict)
    _told: tuple[str, ...] = ()

    # ------------------------------------------------------------------ the game
    def run(self) -> bool:
        """Play until the game ends (True) or the player stops (False)."""
        while not self.state.is_terminal:
            actor = self.state.actor
            if actor is None or actor < 0:
                return False  # chance and the table act by themselves; waiting here would wait forever
            if actor != self.human:
                self._bot_moves(actor)
                continue
            if not self._ask():
                return False
        self._tell(self._picture())
        return True

    def _picture(self) -> Picture:
        return self.painter.paint(self.state.view(self.human), words=self.words, names=self.names)

    def _bot_moves(self, seat: int) -> None:
        bot = self.bots[seat]
        action = bot.choose(self.state.view(seat))
        self.state.apply(action)
        reason = bot.explain()
        if reason:
            self.comments[len(self.state.operations) - 1] = reason
        self.save(self.state, self.comments)
        self._tell(self._picture())
        # the person reads what his seat may know: the reason's public part while the game goes on (the whole of
        # it names the bot's hand), and none for an act he did not see as it was
        seen = reason_seen(reason, actor=seat, viewer=self.human, over=self.state.is_terminal)
        if seen and self.hide(seat, action, self.human) == action:
            why = self.words("why: {reason}", reason=say_reason(seen, self.words))
            self.console.print(f"      [dim]{escape(why)}[/dim]")

    def _tell(self, picture: Picture) -> None:
        """Say what happened since the last time: the new sentences of the deal's log."""
        log = picture.log
        told = self._told
        new = log[len(told):] if log[:len(told)] == told else log
        for line in new:
            self.console.print(escape(line))
        self._told = log

    def _show(self, picture: Picture) -> None:
        self.console.print()
        for line in draw_text(picture, self.words):
            self.console.print(escape(line))

    # ------------------------------------------------------------------ the person's turn
    def _ask(self) -> bool:
        """One answer of the person; False when they stop."""
        picture = self._picture()
        self._tell(picture)
        self._show(picture)
        while True:
            line = self.read_line()
            if line is None:
                return False
            text = line.strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = COMMANDS.get(word.lower())
            if command == "quit":
                return False
            if command is not None:
                if self._command(command, rest.strip(), picture):
                    return True
                continue
            if self._move(text, picture):
                return True

    def _move(self, text: str, picture: Picture) -> bool:
        moves = picture.moves
        if text.isascii() and text.isdigit():
            number = int(text) if len(text) < 7 else 0
            if not 1 <= number <= len(moves):
                self._say(self.words("There is no move {number}: type one number from 1 to {last}, or a command "
                                     "(help).", number=number, last=len(moves)))
                self._menu(picture)
                return False
            action_text = moves[number - 1].action
        else:
            action_text = self.painter.shorthand(self.state.view(self.human), text)
        try:
            action = self.state.parse_action(action_text)
            if isinstance(action, Irregular) and action.seat != self.human:
                self._say(self.words("You can commit irregular acts only as yourself (seat {seat}).", seat=self.human))
                return False
            self.state.apply(action)
        except ActionParseError as error:
            self._say(self.words("Cannot read “{text}”: {error}", text=text, error=str(error)))
            self._menu(picture)
            return False
        except IllegalActionError as error:
            self._say(self.painter.why_not(self.state.view(self.human), action_text, error.reason, words=self.words))
            self._menu(picture)
            return False
        self.save(self.state, self.comments)
        return True

    def _say(self, text: str) -> None:
        self.console.print(escape(text))

    def _menu(self, picture: Picture) -> None:
        for line in draw_menu(picture, self.words):
            self.console.print(escape(line))

    # ------------------------------------------------------------------ commands
    def _command(self, command: str, argument: str, picture: Picture) -> bool:
        """Carry out a command; True when it changed whose turn it is (undo)."""
        words = self.words
        if command == "help":
            self._say(words(
                "Commands: a number from the menu, or a move as text (e.g. play KH); last (the last trick); score; "
                "hint (what the strongest bot would play, and why); undo (back to your previous decision); rules "
                "(how to play); irregular (table mode: the irregular acts you could commit); quit."))
        elif command == "last":
            trick = picture.last_trick
            self._say(draw_trick(trick, picture, words) if trick else words("No trick has been played yet."))
        elif command == "score":
            for tally in picture.tallies:
                self._say(draw_tally(tally, self.words))
        elif command == "hint":
            self._hint()
        elif command == "undo":
            return self._undo()
        elif command == "rules":
            self._rules(argument)
        elif command == "irregular":
            self._irregular()
        return False

    def _hint(self) -> None:
        if self.adviser is None:
            self._say(self.words("No hint in this game."))
            return
        advice = self.adviser(self.state.view(self.human))
        self._say(self.words("Hint: {action}. {reason}", action=str(advice.action),
                             reason=say_reason(advice.reason, self.words)))

    def _undo(self) -> bool:
        operations = self.state.operations
        mine = [index for index, operation in enumerate(operations) if operation.actor == self.human]
        if self.restart is None or not mine:
            self._say(self.words("There is nothing of yours to undo."))
            return False
        keep = operations[:mine[-1]]
        self.state = self.restart(keep)
        self.comments = {index: text for index, text in self.comments.items() if index < len(keep)}
        self._told = ()
        self.save(self.state, self.comments)
        self._say(self.words("Back to your previous decision."))
        return True

    def _rules(self, argument: str) -> None:
        lines = self.rules_text.splitlines()
        pages = max(1, -(-len(lines) // PAGE))
        asked = int(argument) if argument.isascii() and argument.isdigit() and len(argument) < 7 else 1
        page = asked if 1 <= asked <= pages else 1
        for line in lines[(page - 1) * PAGE:page * PAGE]:
            self._say(line)
        if page < pages:
            self._say(self.words("(page {page} of {pages}: type rules {next} for the next)", page=page, pages=pages,
                                 next=page + 1))

    def _irregular(self) -> None:
        acts = self.state.irregular_actions(self.human)
        if not acts:
            self._say(self.words("No irregular act is possible now (table mode only: --rules-option mode=table)."))
            return
        view = self.state.view(self.human)
        for act in acts:
            self._say(f"  {act}  {self.painter.act_label(view, str(act), words=self.words)}")


# ------------------------------------------------------------------------------------------------ resuming
def rebuild(game: GameType, *, rules: Rules | None, first_dealer: int | None, seed: int,
            operations: Sequence[Operation], bots: Mapping[int, Bot] | None = None) -> Game:
    """The game dealt from ``seed`` with ``operations`` applied again (for ``undo``, and to resume a game from its
    record): chance and the table act by themselves as in the first run, so the deals still to come are the
    ones the seed gives. With ``bots`` (new bots made as in the first run), each is asked again at each of its
    decisions, so that it draws from its generator as it did and the game goes on as it would have.
    Raises :class:`AcademieError` when the operations do not follow from that seed."""
    state = game.new(rules, seed=seed, first_dealer=first_dealer)
    for index, operation in enumerate(operations):
        if index < len(state.operations):
            if state.operations[index] != operation:
                raise AcademieError(f"operation {index + 1} ({operation}) is not what seed {seed} deals; "
                                    "the record cannot be continued from its seed")
            continue
        if bots is not None and operation.actor in bots and operation.actor == state.actor:
            bots[operation.actor].choose(state.view(operation.actor))
        state.apply(operation.action)
    if list(state.operations[:len(operations)]) != list(operations):
        raise AcademieError(f"the record does not follow from seed {seed}")
    return state


# ------------------------------------------------------------------------------------------------ replay
def print_replay(console: Console, *, game: GameType, final: Game, comments: Mapping[int, str], words: Words,
                 seat: int | None = None, names: Sequence[str] | None = None) -> None:
    """A played game told again from its log: every deal with the hands (each seat's, or only ``seat``'s), each
    action in words with the bots' reasons kept in the record, each trick with its winner, each deal's result.

    ``final`` is the replayed state; the game is played again from a fresh state, action by action, and told
    from the pictures of ``seat``'s view (or of every seat's, for the hands, and the public's) at each step.
    """
    painter = _painter(game)
    state = game.new(final.rules, first_dealer=game.record.first_dealer(final))
    seats = range(len(final.returns()))
    viewer = PUBLIC if seat is None else seat
    told: tuple[str, ...] = ()
    hands_told = False
    for index, operation in enumerate(final.operations):
        state.apply(operation.action)
        view = state.view(viewer)
        call = names if names is not None else painter.default_names(view, words=words)
        picture = painter.paint(view, words=words, names=call)
        continues = bool(told) and picture.log[:len(told)] == told
        if not continues and picture.log:  # a new deal: its heading, then its hands once they are dealt
            console.print()
            console.print(f"[bold]{escape(picture.title)} · {escape(picture.status)}[/bold]")
            hands_told = False
        if not hands_told:
            hands_told = _print_hands(console, state, painter, words, call, seats if seat is None else (seat,))
        for line in picture.log[len(told):] if continues else picture.log:
            console.print(escape(line))
        told = picture.log
        shown = seat is None or game.record.hide(operation.actor, operation.action, seat) == operation.action
        if index in comments and shown:  # what a seat saw: no reason of a bot's hidden act
            console.print(f"      [dim]{escape(words('why: {reason}', reason=comments[index]))}[/dim]")
    end = painter.paint(state.view(viewer), words=words, names=names or painter.default_names(
        state.view(viewer), words=words))
    console.print()
    console.print(escape(end.result or words("The record stops before the end of the game.")))


def _print_hands(console: Console, state: Game, painter: Painter, words: Words, names: Sequence[str],
                 seats: Sequence[int] | range) -> bool:
    """The hands of ``seats`` as each sees its own; False while nobody holds a card yet."""
    hands = [(seat, painter.paint(state.view(seat), words=words, names=names).hand) for seat in seats]
    if not any(hand for _, hand in hands):
        return False
    for seat, hand in hands:
        cards = " ".join(words.card(Card.parse(card)) for card in hand)
        console.print("   " + escape(words("{name}: {cards}", name=names[seat], cards=cards)))
    return True


def _painter(game: GameType) -> Painter:
    if game.painter is None:
        raise AcademieError(f"{game.name} has no table picture")
    return game.painter()
