"""The terminal game of Whist: you (seat 0, South of the table in spirit) and a bot partner (seat 2) against two
bots (seats 1 and 3), or any seats (``human``).

The hand is shown sorted by suit, trumps first; the trump card (while it lies on the table, WHIST-24), the trump
suit, the score of the game, the games of the rubber and the tricks of each side are always shown; the legal
moves are a numbered menu; a card may also be typed (``KH``, ``10d``). Every bot action is narrated with the bot's
explanation. ``describe`` turns a record line into words for ``academie replay``.

>>> describe("2 play KH")
'seat 2 plays K♥'
>>> describe("1 call")
'seat 1 calls at eight (« appeler »)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from academie.bots import Bot
from academie.cards import Card, Suit
from academie.engine import Action, ActionParseError, IllegalActionError
from academie.games.whist.state import Play, WhistState, WhistView
from academie.terminal import counters_closing, print_described_replay

if TYPE_CHECKING:
    from academie.record import Record

SAYINGS = {
    "call": "calls at eight (« appeler »)",
    "answer": "answers: he holds an honour",
    "deny": "has no honour",
    "show-honours": "shows three honours and claims the game",
}
NAMES = ("you", "left (seat 1)", "partner (seat 2)", "right (seat 3)")


def describe(line: str) -> str:
    """A record line (``<actor> <action>``) in words."""
    actor, _, text = line.partition(" ")
    who = {"C": "chance", "T": "the table"}.get(actor, f"seat {actor}")
    verb, _, rest = text.partition(" ")
    if verb == "play":
        return f"{who} plays {Card.parse(rest).pretty()}"
    if verb in SAYINGS:
        return f"{who} {SAYINGS[verb]}"
    if verb == "deck":
        return f"{who} shuffles and cuts; the cards are dealt one at a time and the last is turned up"
    if verb == "draw":
        return f"{who}: the players draw {rest} (the lowest deals, ace low)"
    return f"{who}: {text}"


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Trumps first, then the other suits alternating colours; high to low within a suit.

    >>> [str(c) for c in sort_hand([Card.parse(t) for t in ("2C", "AH", "KS", "3H")], Suit.HEARTS)]
    ['AH', '3H', 'KS', '2C']
    """
    order = [s for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS) if s != trump]
    if trump is not None:
        order.insert(0, trump)
    return sorted(cards, key=lambda c: (order.index(c.suit), -c.rank))


def _status(view: WhistView) -> str:
    us, them = view.score[0], view.score[1]
    trump = f"{view.trump.symbol} {view.trump.name.lower()}" if view.trump is not None else "?"
    table = f" · turned up {view.turn_up.pretty()}" if view.turn_up is not None else ""
    return (f"[bold]Trumps {trump}[/bold]{table} · score us {us} – them {them} · games {view.games[0]}–"
            f"{view.games[1]} · tricks us {view.tricks_won[0]} – them {view.tricks_won[1]}")


def run_terminal_game(state: WhistState, *, bots: Mapping[int, Bot], console: Console,
                      read_line: Callable[[], str | None], human: int = 0) -> bool:
    """Play until the rubber ends (True) or the player quits (False)."""
    shown = 0
    while not state.is_terminal:
        actor = state.actor
        if actor is None or actor < 0:
            return False  # chance is automated; table rulings need a referee this terminal game does not offer
        if actor != human:
            action = bots[actor].choose(state.view(actor))
            state.apply(action)
            why = bots[actor].explain()
            console.print(f"  {escape(describe(f'{actor} {action}'))}" + (f"  [dim]({escape(why)})[/dim]" if why
                                                                           else ""))
        else:
            view = state.view(human)
            console.print("\n" + _status(view))
            current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
            if current:
                console.print("On the table: " + ", ".join(f"{NAMES[(current.leader + i) % 4]} {c.pretty()}"
                                                           for i, c in enumerate(current.cards)))
            console.print("Your hand: " + " ".join(c.pretty() for c in sort_hand(view.hand, view.trump)))
            legal = _menu(view)
            for number, action in enumerate(legal, start=1):
                console.print(f"  [bold]{number}[/bold] {escape(_label(action))}")
            chosen = _ask(console, read_line, legal)
            if chosen is None:
                return False
            state.apply(chosen)
        while shown < len(state.deal_results):
            deal = state.deal_results[shown]
            console.print(f"[bold]Deal over[/bold]: tricks us {deal.tricks[0]} – them {deal.tricks[1]}; points us "
                          f"{deal.points[0]} – them {deal.points[1]} (honours {deal.honours[0]}–{deal.honours[1]})")
            shown += 1
    return True


def _menu(view: WhistView) -> list[Action]:
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    others = [a for a in view.legal_actions if not isinstance(a, Play)]
    order = sort_hand([p.card for p in plays], view.trump)
    return others + [next(p for p in plays if p.card == card) for card in order]


def _label(action: Action) -> str:
    if isinstance(action, Play):
        return f"play {action.card.pretty()}"
    return f"{action} — {SAYINGS.get(str(action), '')}"


def _ask(console: Console, read_line: Callable[[], str | None], legal: list[Action]) -> Action | None:
    while True:
        console.print("Your choice (number, card like KH, or quit): ", end="")
        line = read_line()
        if line is None or line.strip().lower() in ("quit", "q"):
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            from academie.games.whist.state import parse_action

            action = parse_action(text if " " in text or text in SAYINGS else f"play {text}")
        except (ActionParseError, ValueError) as error:
            console.print(f"[red]{escape(str(error))}[/red]")
            continue
        if action in legal:
            return action
        console.print(f"[red]{escape(str(IllegalActionError(action, 0, legal, 'not a legal move now')))}[/red]")


def closing_words(state: Any, *, human: int, finished: bool) -> str:
    """The last line of a game played in the terminal: the counters won or lost."""
    return counters_closing(state, human=human, finished=finished)


def print_replay(console: Console, partie: Record, state: Any) -> None:
    """``academie replay``: the record told action by action, then the counters."""
    print_described_replay(console, state, describe)
