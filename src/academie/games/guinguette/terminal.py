"""The terminal game of La Guinguette: you in seat 0 against bots in the other seats, and the replay narration.

The game is a **reconstruction**: ``help`` lists every rule with its label, *historical* (the seed, ADP, Littré)
or *RECONSTRUCTED* (the rule file's R1, its choices and analogies), from the laws table itself.

>>> describe("2 stir KC")
'seat 2: « je remue le cotillon » (stirs: discards KC, pays 2, draws the top card)'
>>> "RECONSTRUCTED" in rules_help() and "historical" in rules_help()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from academie.bots import Bot
from academie.cards import Card, Suit
from academie.engine import Action, ActionParseError, IllegalActionError
from academie.games.guinguette.laws import CATALOGUE, source_label
from academie.games.guinguette.state import (
    LEVEL,
    MEASURE_NAMES,
    AllIn,
    Bet,
    DealResult,
    Fold,
    GuinguetteState,
    GuinguetteView,
    Hold,
    Keep,
    Pass,
    PlayCard,
    Raise,
    Restir,
    Stir,
    parse_action,
    redact,
    tierce_name,
)
from academie.terminal import counters_closing, print_described_replay

if TYPE_CHECKING:
    from academie.record import Record

HUMAN = 0
COMMANDS = """Commands: a number from the menu, or the action typed (keep, stir 7S, restir 7S, pass, bet 2, hold,
raise 4, fold, all-in, play 7S) · rules: the rules, each marked historical or RECONSTRUCTED · help · quit"""


def rules_help() -> str:
    """Every rule of the game with its label: historical (with its source) or RECONSTRUCTED (ours)."""
    lines = ["La Guinguette is a RECONSTRUCTION: the 19th-century rules survive only in part.",
             "Historical rules come from the seed, ADP and Littré; RECONSTRUCTED ones are the rule file's R1."]
    lines += [f"  {entry.id:<14} [{source_label(entry)}] {entry.title}" for entry in CATALOGUE]
    return "\n".join(lines)


def show_card(card: Card) -> str:
    colour = "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "bold"
    return f"[{colour}]{card.pretty()}[/{colour}]"


def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """By rank, K high down to the ace (GU-§2.2), so runs for a tierce stand together."""
    return tuple(sorted(cards, key=lambda c: (-LEVEL[c.index], c.suit)))


def _saying(action: Action) -> str:
    if isinstance(action, Keep):
        return "« je m'y tiens » (keeps his hand)"
    if isinstance(action, Stir):
        return f"« je remue le cotillon » (stirs: discards {action.card}, pays 2, draws the top card)"
    if isinstance(action, Restir):
        return f"« je renvie le cotillon » (stirs again: discards {action.card}, draws the top card)"
    if isinstance(action, Pass):
        return "« passe » (checks)"
    if isinstance(action, Bet):
        return f"bets a {MEASURE_NAMES[action.amount]} ({action.amount}) into the cabaret"
    if isinstance(action, Raise):
        return f"« renvi »: holds and raises a {MEASURE_NAMES[action.amount]} ({action.amount})"
    if isinstance(action, Hold):
        return "« tiens » (holds)"
    if isinstance(action, Fold):
        return "« quitte » (folds)"
    if isinstance(action, AllIn):
        return "goes all in"
    if isinstance(action, PlayCard):
        return f"plays {action.card}"
    text = str(action)
    if text.startswith(("stir ??", "restir ??")):
        return f"« je {'renvie' if text.startswith('re') else 'remue'} le cotillon » (discards face down, draws)"
    return text


def describe(operation: str) -> str:
    """One line of the log in words (for ``academie replay``): ``"<actor> <action>"``."""
    actor, _, text = operation.partition(" ")
    if actor == "C":
        verb = text.split()[0] if text else ""
        return {"deck": "the dealer shuffles, the player on his left cuts, four cards each by twos",
                "cotillon": "the cotillon is shuffled and cut", "draw": f"cards drawn for the deal: {text[5:]}"
                }.get(verb, text)
    if actor == "T" or text.startswith("!"):
        return f"table: {text}" if actor == "T" else text
    return f"seat {actor}: {_saying(parse_action(text))}"


def _deal_summary(result: DealResult, state: GuinguetteState) -> list[str]:
    names = ["you" if s == HUMAN else f"seat {s}" for s in range(state.players)]
    lines = [f"[bold]Deal {result.deal + 1} over[/bold]"]
    for seat, cards in enumerate(result.shown):
        if cards:
            hand = " ".join(show_card(c) for c in sort_hand(cards))
            lines.append(f"   {names[seat]} shows {hand}")
    for label, taker in (("guinguette (♦Q)", result.guinguette), ("cabaret", result.cabaret),
                         ("cotillon", result.cotillon)):
        lines.append(f"   {label}: " + (names[taker] if taker is not None else "carries over"))
    if result.tierce:
        lines.append(f"   the cabaret is won with a {tierce_name(result.tierce, state.rules)}")
    lines.append("   counters: " + ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(result.points)))
    return lines


class GuinguetteTerminal:
    """A partie between a person (seat 0) and bots in every other seat."""

    def __init__(self, state: GuinguetteState, *, bots: Mapping[int, Bot], console: Console,
                 read_line: Callable[[], str | None]) -> None:
        self.state = state
        self.bots = bots
        self.console = console
        self.read_line = read_line
        self.told = 0
        self.deals_told = 0

    def run(self) -> bool:
        self.console.print("[dim]La Guinguette is a reconstruction: type rules to see which rules are historical "
                           "and which are ours.[/dim]")
        self.tell()
        while not self.state.is_terminal:
            seat = self.state.actor
            assert isinstance(seat, int) and seat >= 0
            if seat == HUMAN:
                choice = self.ask()
                if choice is None:
                    return False
                self.state.apply(choice)
                self.tell()
            else:
                bot = self.bots[seat]
                action = bot.choose(self.state.view(seat))
                self.state.apply(action)
                hidden = redact(seat, action, HUMAN) != action
                self.tell(explanation="" if hidden else bot.explain())
        return True

    def tell(self, *, explanation: str = "") -> None:
        for index, operation in enumerate(self.state.operations[self.told:]):
            shown = redact(operation.actor, operation.action, HUMAN)
            if shown is not None and operation.actor >= 0:
                who = "You" if operation.actor == HUMAN else f"Seat {operation.actor}"
                self.console.print(f"{who}: {escape(_saying(shown))}")
                if index == 0 and explanation:
                    self.console.print(f"   [dim italic]why: {escape(explanation)}[/dim italic]")
        self.told = len(self.state.operations)
        for result in self.state.deal_results[self.deals_told:]:
            for line in _deal_summary(result, self.state):
                self.console.print(line)
        self.deals_told = len(self.state.deal_results)

    def status(self, view: GuinguetteView) -> None:
        g, c, k = view.baskets
        self.console.print(f"\n[bold]Baskets[/bold] guinguette {g} · cabaret {c} · cotillon {k}   "
                           f"[bold]deal[/bold] {view.deal + 1}/{view.rules.deals}   dealer: seat {view.dealer}")
        row = []
        for seat, stock in enumerate(view.stocks):
            name = "you" if seat == HUMAN else f"seat {seat}"
            extra = f" stirred {view.stirs[seat]}" if view.stirs[seat] else ""
            extra += f" bet {view.contributions[seat]}" if view.contributions[seat] else ""
            extra += " folded" if view.folded[seat] else ""
            row.append(f"{name} {stock}{extra}")
        self.console.print("[bold]Stocks[/bold] " + " · ".join(row))
        hand = " ".join(show_card(c) for c in sort_hand(view.hand))
        self.console.print(f"[bold]Your hand[/bold] {hand}")

    def ask(self) -> Action | None:
        view = self.state.view(HUMAN)
        self.status(view)
        legal = view.legal_actions
        for number, action in enumerate(legal, start=1):
            self.console.print(f"  {number}. {escape(str(action))}  [dim]{escape(_saying(action))}[/dim]")
        while True:
            line = self.read_line()
            if line is None:
                return None
            text = line.strip()
            if text in ("quit", "q"):
                return None
            if text == "help":
                self.console.print(COMMANDS)
                continue
            if text == "rules":
                self.console.print(escape(rules_help()))
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            try:
                action = parse_action(text)
            except ActionParseError as error:
                self.console.print(f"[red]{escape(str(error))}[/red]")
                continue
            if action in legal:
                return action
            self.console.print(f"[red]{escape(str(IllegalActionError(action, HUMAN, legal)))}[/red]")


def run_terminal_game(state: GuinguetteState, *, bots: Mapping[int, Bot], console: Console,
                      read_line: Callable[[], str | None]) -> bool:
    """Play in the terminal, bots in seats 1 to n-1; True when the partie was played to its end."""
    return GuinguetteTerminal(state, bots=bots, console=console, read_line=read_line).run()


def closing_words(state: Any, *, human: int, finished: bool) -> str:
    """The last line of a game played in the terminal: the counters won or lost."""
    return counters_closing(state, human=human, finished=finished)


def print_replay(console: Console, partie: Record, state: Any) -> None:
    """``academie replay``: the record told action by action, then the counters."""
    print_described_replay(console, state, describe)
