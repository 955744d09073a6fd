"""The terminal game of every game: one person against bots, drawn from the table picture of the person's view.

One prompt and one set of commands for all five games: the numbered menu of legal moves (shown again after an
error), an action's text or a game's shorthand (``KH`` for ``play KH``), ``help``, ``last``, ``score``, ``hint``
(what the strongest bot would play, and why), ``undo`` (back to your previous decision), ``rules`` (how to play,
paged), ``irregular`` (table mode: the acts you could commit) and ``quit``; the French words work too. At the end
of the game, ``review`` shows the review of the player's own decisions (:mod:`academie.review`), paged like the rest.

The session writes the record after every action (through ``save``), so that a quit, Ctrl-C, a crash or a closed
terminal leaves a record that ``academie play --resume`` continues.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Final

from rich.console import Console
from rich.markup import escape

from academie import record as records
from academie import review as reviews
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
    Mode,
    Operation,
    Rules,
    View,
)
from academie.games import load
from academie.hint import Hint
from academie.picture import WIDTH, MovePicture, Painter, Picture, draw_tally, draw_text, draw_trick, menu
from academie.registry import GameType
from academie.words import Words

COMMANDS: dict[str, str] = {
    "help": "help", "aide": "help", "?": "help",
    "last": "last", "dernier": "last", "dernière": "last",
    "score": "score", "marque": "score",
    "hint": "hint", "conseil": "hint",
    "undo": "undo", "annuler": "undo",
    "rules": "rules", "règles": "rules", "regles": "rules",
    "why": "why", "pourquoi": "why",
    "irregular": "irregular", "irrégularité": "irregular", "irregularite": "irregular",
    "quit": "quit", "quitter": "quit", "exit": "quit",
}
"""What a player may type besides a move, in English and in French, and the command each word means."""

SWITCHES: Final = {"on": True, "oui": True, "off": False, "non": False}
"""What ``why`` takes: on or off (oui, non)."""
REVIEW_WORDS: Final = frozenset({"review", "revue"})
"""What the player types at the end of the game for the review of his decisions (English, French)."""
SHOWN_CHOICES: Final = 3
"""The best choices whose values the review in the terminal shows beside the one played (Écarté's discard has 31)."""
PROMPT: Final = "> "
"""Where the player types."""
PAGE: Final = 20
"""Lines of the rules shown at a time through a pipe (on a terminal: its height, less the prompt's lines)."""


@dataclass
class Screen:
    """Where a session writes. Every line is wrapped at ``width`` on word boundaries (a continued line is indented
    under its first). On a terminal whose ``height`` is known, what is written between two answers of the player is
    counted, and before a line or a block that would push what he has not read off the top, the screen waits for
    Enter under a ``--More--`` line, as NetHack and the bsdgames do; through a pipe (``height`` None) it never waits.
    """

    console: Console
    width: int = WIDTH
    height: int | None = None
    wait: Callable[[str], object] = lambda prompt: None
    """Shows the pause's prompt (``more``) and waits for Enter."""
    more: str = "--More--"
    used: int = 0
    """Lines on the screen since the player's last answer (his answer's line included)."""

    def wrap(self, text: str, indent: str = "", hang: str = "  ") -> list[str]:
        """``text`` cut into lines of at most ``width`` columns, between words (a law's ID, a path are never cut)."""
        return textwrap.wrap(text, self.width, initial_indent=indent, subsequent_indent=indent + hang,
                             break_on_hyphens=False, break_long_words=False) or [""]

    def say(self, text: str, *, indent: str = "", hang: str = "  ", style: str = "") -> None:
        for line in self.wrap(text, indent, hang):
            self._line(line, style)

    def block(self, lines: Sequence[str]) -> None:
        """Lines that belong together (the table and its menu, with the prompt under them): begun on a new screen
        when they would not fit under what is there."""
        drawn = [part for line in lines for part in (self.wrap(line, "", "  ") if len(line) > self.width
                                                      else [line])]
        if self.height is not None and self.used > 1 and self.used + len(drawn) + 1 > self.height:
            self.pause()
        for line in drawn:
            self._line(line, "")

    def blank(self) -> None:
        if self.used > 1 or self.height is None:
            self._line("", "")

    def _line(self, line: str, style: str) -> None:
        if self.height is not None and self.used >= self.height - 1:
            self.pause()
        self.console.print(f"[{style}]{escape(line)}[/{style}]" if style else escape(line))
        self.used += 1

    def pause(self) -> None:
        self.wait(self.more)
        self.used = 1

    def answered(self) -> None:
        """The player typed a line: a new screen begins under it."""
        self.used = 1


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
    screen: Screen | None = None
    """Where to write (default: the console, 80 columns, never waiting)."""
    why: bool = True
    """Whether the bots' reasons are told (the part the player may read: see :func:`academie.bots.reason_seen`)."""
    remember_why: Callable[[bool], None] = lambda on: None
    """Keeps the player's choice of ``why on|off`` for the next games."""
    thinking: Callable[[str], AbstractContextManager[object]] = lambda text: nullcontext()
    """Shows ``text`` ("West is thinking…") while a bot decides, when it takes long (the terminal's business)."""
    progress: Callable[[str], None] = lambda text: None
    """Shows ``text`` on a line rewritten in place while the review works ("" rubs it out; the terminal's
    business: nothing through a pipe)."""
    _told: tuple[str, ...] = ()
    _numbered: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.screen is None:
            self.screen = Screen(self.console)

    @property
    def out(self) -> Screen:
        assert self.screen is not None
        return self.screen

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

    @property
    def told(self) -> tuple[str, ...]:
        """The sentences of the deal told so far (the last deal's, at the end)."""
        return self._told

    def _picture(self) -> Picture:
        return self.painter.paint(self.state.view(self.human), words=self.words, names=self.names)

    def _bot_moves(self, seat: int) -> None:
        bot = self.bots[seat]
        with self.thinking(self.words("{seat} is thinking…", seat=self.names[seat])):
            action = bot.choose(self.state.view(seat))
        self.state.apply(action)
        reason = bot.explain()
        if reason:
            self.comments[len(self.state.operations) - 1] = reason
        self.save(self.state, self.comments)
        # the person reads what his seat may know: the reason's public part while the game goes on (the whole of
        # it names the bot's hand), and none for an act he did not see as it was
        seen = reason_seen(reason, actor=seat, viewer=self.human, over=self.state.is_terminal)
        why = ""
        if self.why and seen and self.hide(seat, action, self.human) == action:
            why = self.words("why ({seat}): {reason}", seat=self.names[seat], reason=say_reason(seen, self.words))
        self._tell(self._picture(), why=why)

    def _tell(self, picture: Picture, *, why: str = "") -> None:
        """Say what happened since the last time: the new sentences of the deal's log, and ``why`` the last act was
        chosen, right under the sentence that tells it (above them all when the act ended a deal, whose log begins
        with how the deal ended)."""
        new, continued = news(self._told, picture.log)
        if why and not (continued and new):
            self.out.say(why, indent="      ", style="dim")
        for index, line in enumerate(new):
            self.out.say(line)
            if why and continued and index == 0:
                self.out.say(why, indent="      ", style="dim")
        self._told = picture.log

    def _show(self, picture: Picture) -> None:
        shown = self._menu(picture)
        lines = draw_text(picture, self.words, menu=False, width=self.out.width)
        if _table_mode(self.state.view(self.human)):
            lines.insert(1, "   " + self.words("Table mode: irregular acts are possible (type irregular)"))
        self.out.blank()
        self.out.block([*lines, *shown])

    def _menu(self, picture: Picture) -> list[str]:
        drawn = menu(picture, self.words, width=self.out.width)
        self._numbered = drawn.numbered
        return list(drawn.lines)

    # ------------------------------------------------------------------ after the game
    def after_game(self) -> None:
        """The end of the game's prompt: ``review`` shows the review of the person's decisions; Enter, any other
        answer or the end of input leaves."""
        self.out.say(self.words("Type review for the review of your decisions, or press Enter to leave."))
        line = self._read()
        if line is not None and line.strip().lower() in REVIEW_WORDS:
            self._review()

    def _review(self) -> None:
        """The review of the person's own decisions, as ``academie review --seat`` computes it, valued from his
        views alone and without the exact answers that read the others' cards."""
        words = self.words
        self.out.say(words("Reviewing your decisions: each choice is valued over {samples} deals of the cards you "
                           "could not see…", samples=reviews.DEFAULT_SAMPLES))

        def advance(done: int, total: int) -> None:
            self.progress(words("{done} of {total} decisions reviewed", done=done, total=total))

        try:
            result = reviews.review(records.from_state(self.state), seat=self.human, exact=False, progress=advance)
        finally:
            self.progress("")
        marked = {decision.step for decision in result.decisions if decision.mark is not None}
        moves = move_words(load(result.game), self.state, marked, painter=self.painter, words=words,
                           names=self.names)
        for line in review_lines(result, self.human, words, moves=moves):
            self.out.say(line)

    # ------------------------------------------------------------------ the person's turn
    def _ask(self) -> bool:
        """One answer of the person; False when they stop."""
        picture = self._picture()
        self._tell(picture)
        self._show(picture)
        while True:
            line = self._read()
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

    def _read(self) -> str | None:
        self.console.print(PROMPT, end="")
        line = self.read_line()
        self.out.answered()
        return line

    def _move(self, text: str, picture: Picture) -> bool:
        if text.isascii() and text.isdigit():
            number = int(text) if len(text) < 7 else 0
            if not 1 <= number <= len(self._numbered):
                self._say(self.words("There is no move {number}: type one number from 1 to {last}, or a command "
                                     "(help).", number=number, last=len(self._numbered)))
                self._again(picture)
                return False
            action_text = self._numbered[number - 1]
        else:
            action_text = matched(self.painter.shorthand(self.state.view(self.human), text), picture.moves)
        try:
            action = self.state.parse_action(action_text)
            if isinstance(action, Irregular) and action.seat != self.human:
                self._say(self.words("You can commit irregular acts only as yourself (seat {seat}, written {written} "
                                     "in an act's text).", seat=self.human + 1, written=self.human))
                return False
            self.state.apply(action)
        except ActionParseError as error:  # the engine's message is English: other languages say what to type
            english = self.words.lang == "en"
            self._say(self.words("Cannot read “{text}”: {error}", text=text, error=str(error)) if english
                      else self.words("Cannot read “{text}”: type a number of the menu, a move as the menu writes it, "
                                      "or a command (help).", text=text))
            self._again(picture)
            return False
        except IllegalActionError as error:
            self._say(self.painter.why_not(self.state.view(self.human), action_text, error.reason, words=self.words))
            self._again(picture)
            return False
        if isinstance(action, Irregular):  # said at once, when the log does not: the laws may rule it only later
            label = self.painter.act_label(self.state.view(self.human), str(action), words=self.words)
            if not any(label.rstrip(".") in line for line in news(self._told, self._picture().log)[0]):
                self._say(self.words("Irregular act committed: {act}", act=label))
        self.save(self.state, self.comments)
        return True

    def _say(self, text: str) -> None:
        self.out.say(text)

    def _again(self, picture: Picture) -> None:
        """The menu again, after an answer that was not a move."""
        self.out.block(self._menu(picture))

    # ------------------------------------------------------------------ commands
    def _command(self, command: str, argument: str, picture: Picture) -> bool:
        """Carry out a command; True when it changed whose turn it is (undo, an irregular act)."""
        words = self.words
        if command == "help":
            self._say(words(
                "Commands: a number from the menu, or a move as text (e.g. play KH); last (the last trick); score; "
                "hint (what the strongest bot would play, and why); undo (back to your previous decision); rules "
                "(how to play); why on|off (the bots' reasons); irregular (table mode: the irregular acts you "
                "could commit); quit."))
        elif command == "last":
            trick = picture.last_trick
            self._say(draw_trick(trick, picture, words) if trick else words("No trick has been played yet."))
        elif command == "score":
            for tally in picture.tallies:
                self._say(draw_tally(tally, self.words))
        elif command == "hint":
            self._hint(picture)
        elif command == "undo":
            return self._undo()
        elif command == "rules":
            self._rules(argument)
        elif command == "why":
            self._why(argument)
        elif command == "irregular":
            return self._irregular(argument, picture)
        return False

    def _why(self, argument: str) -> None:
        choice = SWITCHES.get(argument.lower())
        if choice is None:
            self._say(self.words("The bots' reasons are {state}: type why on or why off.",
                                 state=self.words("on") if self.why else self.words("off")))
            return
        self.why = choice
        self.remember_why(choice)
        self._say(self.words("The bots' reasons will be told (the part you may know during the game).") if choice
                  else self.words("The bots' reasons will not be told."))

    def _hint(self, picture: Picture) -> None:
        if self.adviser is None:
            self._say(self.words("No hint in this game."))
            return
        advice = self.adviser(self.state.view(self.human))
        text = str(advice.action)
        label = next((move.label for move in picture.moves if move.action == text), text)
        number = self._numbered.index(text) + 1 if text in self._numbered else None
        self._say(self.words("Hint: {number}, {label}", number=number, label=label) if number
                  else self.words("Hint: {label}", label=label))
        reason = say_reason(advice.reason, self.words)
        if reason:
            self.out.say(self.words("The {level} bot in your seat would reason: {reason}", level=advice.level,
                                    reason=reason), indent="      ", style="dim")

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
        lines = [part for line in self.rules_text.splitlines() for part in self.out.wrap(line, "", "")]
        size = max(5, self.out.height - 3) if self.out.height else PAGE
        pages = max(1, -(-len(lines) // size))
        asked = int(argument) if argument.isascii() and argument.isdigit() and len(argument) < 7 else 1
        page = asked if 1 <= asked <= pages else 1
        for line in lines[(page - 1) * size:page * size]:
            self._say(line)
        if page < pages:
            self._say(self.words("(page {page} of {pages}: type rules {next} for the next)", page=page, pages=pages,
                                 next=page + 1))

    def _irregular(self, argument: str, picture: Picture) -> bool:
        """``irregular``: the kinds of irregular act the player could commit, numbered, with how many; ``irregular
        K``: the acts of kind K, numbered; ``irregular K N``: commit act N of kind K. True when an act was
        committed."""
        acts = self.state.irregular_actions(self.human)
        if not acts:
            self._say(self.words("No irregular act is possible now (table mode only: --rules-option mode=table)."))
            return False
        view = self.state.view(self.human)
        kinds: dict[str, list[str]] = {}
        for act in acts:
            kinds.setdefault(act.kind, []).append(str(act))
        groups = list(kinds.values())
        numbers = argument.split()
        if not numbers:
            self._say(self.words("Irregular acts you could commit (type irregular K to see those of kind K):"))
            for number, group in enumerate(groups, start=1):
                example = self.painter.act_label(view, group[0], words=self.words)
                self.out.say(self.words("{number}  {example} ({count} in all)", number=number, example=example,
                                        count=len(group)) if len(group) > 1 else f"{number}  {example}",
                             indent="   ", hang="     ")
            return False
        if not all(part.isascii() and part.isdigit() and len(part) < 7 for part in numbers) or len(numbers) > 2 \
                or not 1 <= int(numbers[0]) <= len(groups):
            self._say(self.words("Type irregular, irregular K (K from 1 to {kinds}) or irregular K N.",
                                 kinds=len(groups)))
            return False
        group = groups[int(numbers[0]) - 1]
        if len(numbers) == 1:
            room = max(3, (self.out.height or len(group) + 3) - 3)
            self._say(self.words("Type irregular {kind} N to commit act N:", kind=numbers[0]))
            for number, written in enumerate(group[:room], start=1):
                self.out.say(f"{number}  {self.painter.act_label(view, written, words=self.words)}", indent="   ",
                             hang="     ")
            if len(group) > room:
                self._say(self.words("… and {more} more, typed as they are written: {example}",
                                     more=len(group) - room, example=group[room]))
            return False
        if not 1 <= int(numbers[1]) <= len(group):
            self._say(self.words("Type irregular {kind} N, N from 1 to {last}.", kind=numbers[0], last=len(group)))
            return False
        return self._move(group[int(numbers[1]) - 1], picture)


def move_words(game: GameType, final: Game, steps: Collection[int], *, painter: Painter, words: Words,
               names: Sequence[str]) -> dict[int, dict[str, str]]:
    """The words of the menu for each choice at the decisions ``steps`` of the game ``final`` replays (``play KH``
    is "play K♥", "jouer R♥"): each decision's moves as the picture of the deciding seat's view then labels them,
    by the action's text."""
    labels: dict[int, dict[str, str]] = {}
    for step, state, who, _action in reviews.decisions_of(game, final):
        if step in steps:
            picture = painter.paint(state.view(who), words=words, names=names)
            labels[step] = {move.action: move.label for move in picture.moves}
    return labels


def marked_move_words(result: reviews.Review, final: Game, *, words: Words) -> dict[int, dict[str, str]]:
    """:func:`move_words` for every marked decision of ``result``, the review of the game ``final`` replays (for
    ``academie review``, which speaks of every seat: the seats named as the public names them)."""
    game = load(result.game)
    painter = _painter(game)
    marked = {decision.step for decision in result.decisions if decision.mark is not None}
    if not marked:
        return {}
    return move_words(game, final, marked, painter=painter, words=words,
                      names=painter.default_names(final.view(PUBLIC), words=words))


def review_lines(result: reviews.Review, seat: int, words: Words, *,
                 moves: Mapping[int, Mapping[str, str]] | None = None) -> list[str]:
    """What the terminal says of ``seat``'s review: its totals, each deal's luck and cost, then each marked decision
    with the better choice and the values of the best choices and of the one played, each choice in the menu's
    words where ``moves`` has them (:func:`move_words`; else as the record writes it). Nothing in it reads another
    seat's hidden cards."""
    unit = reviews.term(result.unit, words)
    labels = moves or {}

    def number(value: float) -> str:
        return words.number(f"{value:.2f}")

    def said(decision: reviews.Decision, action: str) -> str:
        return labels.get(decision.step, {}).get(action, action)

    mine = next(line for line in result.seats if line.seat == seat)
    if not mine.decisions:
        return [words("You had no decision to make: every move of yours was forced.")]
    accuracy = words.number(f"{mine.accuracy or 0.0:.0f}")
    lines = [words("Your {decisions} decisions: accuracy {accuracy}% (the share left unmarked); slips: {slips}, "
                   "mistakes: {mistakes}, blunders: {blunders}; your play cost {cost} {unit} in all.",
                   decisions=mine.decisions, accuracy=accuracy, slips=mine.marks["slip"],
                   mistakes=mine.marks["mistake"], blunders=mine.marks["blunder"], cost=number(mine.cost), unit=unit)]
    for deal in result.deals:
        if deal.seat == seat and deal.luck is not None:
            lines.append(words("Deal {deal}: your cards were worth {luck} {unit} with good play; your play cost "
                               "{cost}; you made {result}.", deal=deal.deal + 1, luck=number(deal.luck), unit=unit,
                               cost=number(deal.cost), result=words.number(f"{deal.result:g}")))
    marked = [decision for decision in result.decisions if decision.seat == seat and decision.mark is not None]
    if not marked:
        lines.append(words("None of your decisions was marked."))
    for decision in marked:
        lines.append(words("Deal {deal}, {mark}: you played {played}; {best} was better by {cost} {unit} (± {error})."
                           , deal=decision.deal + 1, mark=reviews.term(decision.mark or "", words),
                           played=said(decision, decision.played), best=said(decision, decision.best),
                           cost=number(decision.cost), unit=unit, error=number(decision.cost_error)))
        ranked = sorted(decision.choices, key=lambda choice: -choice.value)
        shown = [choice for choice in ranked[:SHOWN_CHOICES] if choice.action != decision.played]
        shown.append(decision.value_of(decision.played))
        values = "; ".join(f"{said(decision, choice.action)} {number(choice.value)}" for choice in shown)
        lines.append("  " + words("The best choices' values and yours: {values}", values=values))
    return lines


def news(told: Sequence[str], log: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """The sentences of ``log`` not yet told, and whether ``log`` goes on from ``told`` (False: a new deal's log,
    whose first sentences that repeat the last ones told are left out)."""
    if tuple(log[:len(told)]) == tuple(told):
        return tuple(log[len(told):]), True
    for size in range(min(len(told), len(log)), 0, -1):
        if tuple(told[-size:]) == tuple(log[:size]):
            return tuple(log[size:]), False
    return tuple(log), False


def matched(text: str, moves: Sequence[MovePicture]) -> str:
    """The legal move ``text`` names when it names its cards in another order or case (``discard 9s kh`` for
    ``discard KH 9S``); ``text`` itself otherwise."""
    verb, _, rest = text.strip().partition(" ")
    try:
        cards = sorted(str(Card.parse(part)) for part in rest.split())
    except ValueError:
        return text
    if not cards:
        return text
    for move in moves:
        move_verb, _, move_rest = move.action.partition(" ")
        if move_verb == verb.lower() and sorted(move_rest.split()) == cards:
            return move.action
    return text


def _table_mode(view: View) -> bool:
    return getattr(getattr(view, "rules", None), "mode", None) is Mode.TABLE


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
                 seat: int | None = None, names: Sequence[str] | None = None, why: bool = True,
                 width: int = WIDTH, viewer: int | None = None) -> None:
    """A played game told again from its log, as it was played: every deal with the hands (each seat's, or only
    ``seat``'s), each action in words with the bots' reasons kept in the record (with ``why``), each trick with
    its winner, each deal's result, and after it the score (or the boxes, caves, baskets) as it then stood.

    ``final`` is the replayed state; the game is played again from a fresh state, action by action, and told
    from the pictures of ``viewer``'s view (default: ``seat``'s, else the public's; a player's own game is told
    as he saw it, in his words) and of every seat's (or ``seat``'s) for the hands, at each step.
    """
    painter = _painter(game)
    out = Screen(console, width=width)
    state = game.new(final.rules, first_dealer=game.record.first_dealer(final))
    seats = range(len(final.returns()))
    viewer = viewer if viewer is not None else PUBLIC if seat is None else seat
    told: tuple[str, ...] = ()
    hands_told = False
    for index, operation in enumerate(final.operations):
        state.apply(operation.action)
        view = state.view(viewer)
        call = names if names is not None else painter.default_names(view, words=words)
        picture = painter.paint(view, words=words, names=call)
        new, continued = news(told, picture.log)
        shown = seat is None or game.record.hide(operation.actor, operation.action, seat) == operation.action
        reason = ""
        if why and index in comments and shown:  # no reason of a hidden act
            said = say_reason(comments[index], words)
            reason = (words("why ({seat}): {reason}", seat=call[operation.actor], reason=said)
                      if 0 <= operation.actor < len(call) else words("why: {reason}", reason=said))
        if not told and picture.log:  # the first deal: its heading first
            _heading(out, picture, words)
        if reason and not (continued and new):
            out.say(reason, indent="      ", style="dim")
        for number, line in enumerate(new):
            out.say(line)
            if reason and continued and number == 0:
                out.say(reason, indent="      ", style="dim")
        if told and not continued and picture.log:  # a new deal, once the last one's end is told
            _heading(out, picture, words)
            hands_told = False
        if not hands_told and picture.log:
            hands_told = _print_hands(out, state, painter, words, call, seats if seat is None else (seat,))
        told = picture.log
    end = painter.paint(state.view(viewer), words=words, names=names or painter.default_names(
        state.view(viewer), words=words))
    out.blank()
    out.say(end.result or words("The record stops before the end of the game."))
    for tally in end.tallies:
        out.say(draw_tally(tally, words), indent="   ")


def _heading(out: Screen, picture: Picture, words: Words) -> None:
    """A deal's heading, with the score (the boxes, caves, baskets) as the deals before it left it."""
    out.blank()
    out.say(f"{picture.title} · {picture.status}", style="bold")
    for tally in picture.tallies:
        out.say(draw_tally(tally, words), indent="   ")


def _print_hands(out: Screen, state: Game, painter: Painter, words: Words, names: Sequence[str],
                 seats: Sequence[int] | range) -> bool:
    """The hands of ``seats`` as each sees its own; False while nobody holds a card yet."""
    hands = [(seat, painter.paint(state.view(seat), words=words, names=names).hand) for seat in seats]
    if not any(hand for _, hand in hands):
        return False
    for seat, hand in hands:
        cards = " ".join(words.card(Card.parse(card)) for card in hand)
        out.say(words("{name}: {cards}", name=names[seat], cards=cards), indent="   ", hang="    ")
    return True


def _painter(game: GameType) -> Painter:
    if game.painter is None:
        raise AcademieError(f"{game.name} has no table picture")
    return game.painter()
