"""The terminal game of La Guimbarde: one person against bots at a table of 3 to 8.

Always shown: the trump turn-up, the five boxes, everybody's counters, the cards shown at the declarations, the
trick on the table and the hand sorted (trumps first, ♥Q ♥K ♦J at their head). The legal cards are a numbered
menu; a card may also be typed (``QH``, ``play 10S``). Each bot's card is told with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from academie.bots import Bot
from academie.cards import Card
from academie.engine import Action, ActionParseError, IllegalActionError
from academie.games.guimbarde.state import BANK, EFFECTIVE_SUIT, POWER, GuimbardeState, GuimbardeView, Play
from academie.terminal import counters_closing, print_described_replay

if TYPE_CHECKING:
    from academie.record import Record

HELP = """Commands: a number (the card in the menu), a card (QH, 10S) or `play QH`, `help`, `quit`.
Trumps: ♥Q (la guimbarde) > ♥K (le roi) > ♦J (le fou) > the turned suit; K Q J A 10 9 8 7 in every suit."""


def sort_hand(cards: Sequence[Card], trump: int) -> tuple[Card, ...]:
    """Trumps first, then the other suits, each strongest first.

    >>> from academie.cards import parse_cards
    >>> " ".join(str(c) for c in sort_hand(parse_cards("7S JD AC QH KC"), 0))
    'QH JD KC AC 7S'
    """
    return tuple(sorted(cards, key=lambda c: (EFFECTIVE_SUIT[trump][c.index] != trump,
                                              EFFECTIVE_SUIT[trump][c.index], -POWER[trump][c.index])))


class GuimbardeTerminalGame:
    """Seat ``human`` is the person; every other seat is played by its bot."""

    def __init__(self, state: GuimbardeState, *, bots: Mapping[int, Bot], console: Console,
                 read_line: Callable[[], str | None], human: int = 0) -> None:
        self.state = state
        self.bots = bots
        self.console = console
        self.read_line = read_line
        self.human = human

    def name(self, seat: int) -> str:
        return "you" if seat == self.human else f"seat {seat}"

    def run(self) -> bool:
        """Play until the game ends (True) or the person quits or input ends (False)."""
        state, shown_deal = self.state, -1
        while not state.is_terminal:
            seat = state.actor
            assert isinstance(seat, int) and seat >= 0
            view = state.view(self.human)
            if view.deal_number != shown_deal:
                shown_deal = view.deal_number
                self.tell_deal(view)
            action: Action | None
            if seat == self.human:
                action = self.ask(view)
                if action is None:
                    return False
            else:
                action = self.bots[seat].choose(state.view(seat))
                self.console.print(f"  {self.name(seat)}: {action} [dim]({escape(self.bots[seat].explain())})[/dim]")
            before = len(state.ledger.entries)
            tricks, rulings = len(state.deal_results), len(state.rulings)
            state.apply(action)
            self.tell_payments(before, tricks)
            for ruling in state.rulings[rulings:]:
                self.console.print(f"  [bold yellow]{escape(ruling)}[/bold yellow]")
        counters = state.result().points
        self.console.print("[bold]Game over.[/bold] " + ", ".join(
            f"{self.name(s)} {p:+d}" for s, p in enumerate(counters)))
        return True

    def tell_deal(self, view: GuimbardeView) -> None:
        trump = view.trump_card.pretty() if view.trump_card else "?"
        self.console.print(f"\n[bold]Deal {view.deal_number}/{view.deals}[/bold] · dealer {self.name(view.dealer or 0)}"
                           f" · turn-up {trump}")
        for claim in view.claims:
            cards = " ".join(c.pretty() for c in claim.cards)
            self.console.print(f"  {self.name(claim.seat)} shows {cards} and draws the {claim.box} box "
                               f"({claim.amount})")

    def tell_payments(self, before: int, deals: int) -> None:
        for entry in self.state.ledger.entries[before:]:
            if entry.reason in ("GUIMBARDE-§1", "GUIMBARDE-§7") and isinstance(entry.target, str):
                continue
            source, target = self.account(entry.source), self.account(entry.target)
            self.console.print(f"  [yellow]{source} → {target}: {entry.amount} ({entry.reason})[/yellow]")
        if len(self.state.deal_results) > deals:
            points = self.state.deal_results[-1].points
            self.console.print("  deal over: " + ", ".join(f"{self.name(s)} {p:+d}" for s, p in enumerate(points)))

    def account(self, account: int | str) -> str:
        if isinstance(account, int):
            return self.name(account)
        return "the bank (G18: a new stock)" if account == BANK else f"the {account} box"

    def seat_status(self, view: GuimbardeView, seat: int) -> str:
        """A seat's counters won or lost, its stock, the new stocks it bought and whether it retired (G18)."""
        text = f"{self.name(seat)} {view.counters[seat]:+d}"
        if view.stocks:
            text += f" (stock {view.stocks[seat]}"
            if view.stocks_bought and view.stocks_bought[seat]:
                text += f", {view.stocks_bought[seat]} bought"
            text += ")"
        if view.retired and view.retired[seat]:
            text += " retired"
        return text

    def status(self, view: GuimbardeView) -> None:
        assert view.trump is not None
        boxes = " · ".join(f"{box} {amount}" for box, amount in view.boxes)
        counters = ", ".join(self.seat_status(view, s) for s in range(view.players))
        self.console.print(f"[dim]boxes: {boxes} | counters: {counters} | tricks: {list(view.tricks_won)}[/dim]")
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        if current is not None:
            self.console.print("  on the table: " + ", ".join(f"{self.name(s)} {c.pretty()}" for s, c in current.plays))
        hand = sort_hand(view.hand, view.trump)
        self.console.print(f"  your hand (trumps {view.trump.symbol}): " + " ".join(c.pretty() for c in hand))

    def ask(self, view: GuimbardeView) -> Play | None:
        assert view.trump is not None
        plays = sort_hand([a.card for a in view.legal_actions if isinstance(a, Play)], view.trump)
        self.status(view)
        while True:
            menu = "  ".join(f"{i}) {c.pretty()}" for i, c in enumerate(plays, start=1))
            self.console.print(f"  your card: {menu}")
            line = self.read_line()
            if line is None or line.strip().lower() in ("quit", "q"):
                return None
            text = line.strip()
            if text.lower() == "help":
                self.console.print(HELP)
                continue
            if text.isdigit() and 1 <= int(text) <= len(plays):
                return Play(plays[int(text) - 1])
            try:
                action = self.state.parse_action(text if text.lower().startswith("play") else f"play {text}")
                if action not in view.legal_actions:
                    raise IllegalActionError(action, self.human, view.legal_actions,
                                             self.state.illegal_reason(action))
            except (ActionParseError, IllegalActionError) as error:
                self.console.print(f"  [red]{escape(str(error))}[/red]")
                continue
            assert isinstance(action, Play)
            return action


def run_terminal_game(state: GuimbardeState, *, bots: Mapping[int, Bot], console: Console,
                      read_line: Callable[[], str | None]) -> bool:
    """``academie play guimbarde``: the person in seat 0, a bot in every other seat."""
    console.print(f"{state.players} players ({state.rules.pack_size} cards), {state.rules.deals} deals; "
                  "you are seat 0. " + HELP.splitlines()[0])
    return GuimbardeTerminalGame(state, bots=bots, console=console, read_line=read_line, human=0).run()


def describe(operation_text: str) -> str:
    """A line of ``academie replay``: the operation as recorded (the deck order shortened)."""
    return operation_text if not operation_text.startswith("C deck") else "C deals a new deal"


def closing_words(state: Any, *, human: int, finished: bool) -> str:
    """The last line of a game played in the terminal: the counters won or lost."""
    return counters_closing(state, human=human, finished=finished)


def print_replay(console: Console, partie: Record, state: Any) -> None:
    """``academie replay``: the record told action by action, then the counters."""
    print_described_replay(console, state, describe)
