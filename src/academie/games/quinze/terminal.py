"""The terminal game of Le Quinze: you in seat 0 against bots, the pot, the caves and every card on the table always
shown, the legal actions as a numbered menu (raises and openings grouped), each bot's action explained.

French terms are shown with their English meaning: « je tiens » (I hold), « je renvie » (I raise), « carte »,
« je m'y tiens » (I stand), « voulez-vous cartes ? » (do you want cards?, passing the word, QUINZE-31).

>>> describe("0 raise 4")
'seat 0: raise 4 — « je renvie de 4 », I raise by 4'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from academie.bots import Bot
from academie.cards import Card, Suit
from academie.engine import CHANCE, Action, ActionParseError, IllegalActionError
from academie.games.quinze.state import Open, QuinzeState, QuinzeView, Raise, parse_action
from academie.terminal import counters_closing, print_described_replay

if TYPE_CHECKING:
    from academie.record import Record

SAYINGS = {
    "pass": "« je passe », I pass (out of the coup)",
    "hold": "« je tiens », I hold (match the highest stake)",
    "all-in": "« je fais mon argent », all I have (QUINZE-37)",
    "announce": "« j'ai tant », I state what I have (QUINZE-36)",
    "card": "« carte », a card (face up, from the bottom)",
    "stand": "« je m'y tiens », I stand",
    "want-cards": "« voulez-vous cartes ? », passing the word (QUINZE-31)",
    "with-that": "« avec ça ? », passing the word (QUINZE-31)",
}

HELP = """Type a number from the menu, or an action: pass, open 3, hold, raise 2, all-in, announce, card, stand,
want-cards, with-that (French words work too: passe, tiens, renvie 2, va-tout, carte). 'help' for this, 'quit' to stop.
Aim: fifteen, or nearest below; over fifteen you bust (« je crève »). Ace 1, courts 10. Ties go to the elder."""


def show(card: Card | None) -> str:
    if card is None:
        return "[dim]▒▒[/dim]"
    colour = "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "bold"
    return f"[{colour}]{card.pretty()}[/{colour}]"


def describe(operation_text: str) -> str:
    """One line of the log in words (for ``academie replay``)."""
    actor, _, text = operation_text.partition(" ")
    who = "chance" if actor == "C" else "the table" if actor == "T" else f"seat {actor}"
    verb = text.split(" ", 1)[0]
    if verb == "deck":
        return f"{who}: the pack is shuffled and cut ({len(text.split()) - 1} cards)"
    if verb == "regather":
        return f"{who}: the dead cards are gathered and cut; the first is shown and burnt (QUINZE-25)"
    if verb == "raise":
        amount = text.split()[1]
        return f"{who}: {text} — « je renvie de {amount} », I raise by {amount}"
    if verb == "open":
        return f"{who}: {text} — « j'ouvre », I open for {text.split()[1]}"
    saying = SAYINGS.get(text)
    return f"{who}: {text}" + (f" — {saying}" if saying else "")


class QuinzeTerminalGame:
    """A partie between a person (one seat) and bots (the others)."""

    def __init__(self, state: QuinzeState, *, bots: Mapping[int, Bot], console: Console,
                 read_line: Callable[[], str | None], human: int = 0) -> None:
        self.state, self.bots, self.console, self.read_line, self.human = state, bots, console, read_line, human

    def name(self, seat: int) -> str:
        return "you" if seat == self.human else f"seat {seat}"

    def run(self) -> bool:
        state = self.state
        coups = len(state.deal_results)
        while not state.is_terminal:
            if len(state.deal_results) > coups:
                self.tell_coup_end()
                coups = len(state.deal_results)
            seat = state.actor
            if seat == CHANCE:
                return False  # no chance source: nothing more can happen
            assert isinstance(seat, int)
            if seat == self.human:
                self.status(state.view(seat))
                action = self.ask(state.view(seat))
                if action is None:
                    return False
                state.apply(action)
            else:
                bot = self.bots[seat]
                action = bot.choose(state.view(seat))
                state.apply(action)
                self.console.print(f"  {escape(describe(f'{seat} {action}'))}"
                                   + (f"  [dim]({escape(bot.explain())})[/dim]" if bot.explain() else ""))
        self.tell_coup_end()
        return True

    def tell_coup_end(self) -> None:
        state = self.state
        if not state.deal_results:
            return
        result = state.deal_results[-1]
        for line in state.last_coup:
            self.console.print(f"  [bold]{escape(line)}[/bold]")
        mine = result.points[self.human]
        self.console.print(f"  Coup over: you {mine:+d}; caves " +
                           ", ".join(f"{self.name(s)} {c}" for s, c in enumerate(state.caves)) + "\n")

    def status(self, view: QuinzeView) -> None:
        """The table: pot, jeu, each seat's cave, stake and cards; then your total."""
        self.console.print(f"[bold]Pot {view.pot}[/bold] · jeu {view.jeu} · highest stake {view.highest} · "
                           f"{view.pack_colour} pack, {view.pack_left} cards left"
                           + (f" · stake ×{view.multiplier}" if view.rules.form == "B" else ""))
        for seat in range(len(view.caves)):
            if not view.in_coup[seat]:
                continue
            cards = " ".join(show(c) for c in (view.hole[seat], *view.up[seat]))
            if view.rules.form == "B" and seat != view.viewer and view.hole[seat] is None:
                cards = " ".join("[dim]▒▒[/dim]" for _ in range(1 + view.drawn[seat]))
            marks = [m for m, on in (("dealer", seat == view.dealer), ("passed", view.folded[seat]),
                                     ("bust", view.busted[seat]), ("stood", view.stood[seat])) if on]
            self.console.print(f"  {self.name(seat):>7}: cave {view.caves[seat]:>4}  staked "
                               f"{view.contributions[seat]:>3}  {cards}  {' '.join(marks)}")
        total = view.total(view.viewer)
        if total is not None:
            self.console.print(f"  Your total: [bold]{total}[/bold]")

    def menu(self, view: QuinzeView) -> list[tuple[str, list[str]]]:
        """The menu: each entry a label and the action texts it stands for (raises and openings as ranges)."""
        entries: list[tuple[str, list[str]]] = []
        raises = [a for a in view.legal_actions if isinstance(a, Raise)]
        opens = [a for a in view.legal_actions if isinstance(a, Open)]
        for action in view.legal_actions:
            if not isinstance(action, (Raise, Open)):
                entries.append((f"{action}  {SAYINGS.get(str(action), '')}", [str(action)]))
        for group, word in ((opens, "open"), (raises, "raise")):
            if group:
                low, high = group[0].amount, group[-1].amount
                entries.append((f"{word} N  with N from {low} to {high} (type e.g. '{word} {low}')",
                                [str(a) for a in group]))
        return entries

    def ask(self, view: QuinzeView) -> Action | None:
        entries = self.menu(view)
        for number, (label, _) in enumerate(entries, start=1):
            self.console.print(f"  {number}. {escape(label)}")
        while True:
            line = self.read_line()
            if line is None:
                return None
            text = line.strip()
            if text in ("quit", "q"):
                return None
            if text in ("help", "?", ""):
                self.console.print(escape(HELP))
                continue
            if text.isdigit() and 1 <= int(text) <= len(entries):
                choices = entries[int(text) - 1][1]
                if len(choices) == 1:
                    return parse_action(choices[0])
                self.console.print(f"  which amount? {choices[0]} … {choices[-1]}")
                continue
            try:
                action = parse_action(text)
            except ActionParseError as error:
                self.console.print(f"  [red]{escape(str(error))}[/red]")
                continue
            if action not in view.legal_actions:
                allowed = ", ".join(label for label, _ in entries)
                self.console.print(f"  [red]{escape(str(IllegalActionError(action, view.viewer, [], 'not now')))}"
                                   f"[/red] — allowed: {escape(allowed)}")
                continue
            return action


def run_terminal_game(state: QuinzeState, *, bots: Mapping[int, Bot], console: Console,
                      read_line: Callable[[], str | None]) -> bool:
    """``academie play quinze [--players N] [--form A|B]``: the person in seat 0, a bot elsewhere."""
    form = "Form B, the two-hand game" if state.rules.form == "B" else f"Form A, {state.n} players"
    console.print(f"Le Quinze, {form}; caves of {state.rules.cave}; you are seat 0.")
    console.print(escape(HELP))
    return QuinzeTerminalGame(state, bots=bots, console=console, read_line=read_line).run()


def closing_words(state: Any, *, human: int, finished: bool) -> str:
    """The last line of a game played in the terminal: the counters won or lost."""
    return counters_closing(state, human=human, finished=finished)


def print_replay(console: Console, partie: Record, state: Any) -> None:
    """``academie replay``: the record told action by action, then the counters."""
    print_described_replay(console, state, describe)
