"""Double-dummy analysis of played Whist deals (``academie analyse whist RECORD``).

For every card played, with all four hands known, DDS (through endplay) gives the tricks the player's side can
still take with each legal card; the card played is compared with the best: a card below the best "costs" the
difference. The running double-dummy count is given for side 0 (seats 0 and 2): tricks already won plus the
tricks still to come with best play from here.

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=2, first_dealer=3)
>>> for _ in range(4):
...     _ = state.apply(state.legal_actions()[0])
>>> rows = analyse(state)
>>> len(rows), rows[0].trick, 0 <= rows[0].side0_count <= 13
(4, 1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from academie.cards import CARDS
from academie.games.whist.bots.dds import solve
from academie.games.whist.state import DrawForDeal, Play, Shuffle, WhistState


@dataclass(frozen=True, slots=True)
class AnalysedCard:
    """One card of a played deal, judged double-dummy."""

    deal: int
    trick: int
    seat: int
    card: str
    side0_count: int
    """Tricks side 0 takes in the deal with best play by all from before this card (won so far + to come)."""
    made: int
    """Tricks the player's side takes from here after the card played (the current trick included)."""
    best: int
    best_cards: tuple[str, ...]

    @property
    def cost(self) -> int:
        return self.best - self.made

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "trick": self.trick, "seat": self.seat, "card": self.card,
                "side0_count": self.side0_count, "made": self.made, "best": self.best,
                "best_cards": list(self.best_cards), "cost": self.cost}

    def __str__(self) -> str:
        verdict = f"costs {self.cost} trick{'s' if self.cost > 1 else ''} (best {' '.join(self.best_cards)})" \
            if self.cost else "best"
        return (f"deal {self.deal} trick {self.trick:2d} seat {self.seat} {self.card}  DD count side 0: "
                f"{self.side0_count:2d}  {verdict}")


def analyse(state: WhistState) -> list[AnalysedCard]:
    """Every card played in the rubber of ``state`` (replayed from its log), judged double-dummy."""
    operations = state.operations
    drew = bool(operations) and isinstance(operations[0].action, DrawForDeal)
    first = None if drew else (state.deal_results[0].dealer if state.deal_results else state.dealer)
    replay = WhistState(state.rules, first_dealer=first)
    rows: list[AnalysedCard] = []
    deal_number = 0
    for operation in operations:
        action = operation.action
        if isinstance(action, Shuffle):
            deal_number += 1
        if isinstance(action, Play) and replay.actor == operation.actor:
            rows.append(_judge(replay, deal_number, operation.actor, action.card.index))
        replay.apply(action)
    return rows


def _judge(state: WhistState, deal: int, seat: int, card: int) -> AnalysedCard:
    trick = [c.index for c in state.current_trick()]
    leader = (seat - len(trick)) % 4
    hands = [state.hand_mask(s) for s in range(4)]
    scores = solve(hands, leader=leader, trump=int(state.trump or 0), trick=trick)
    best = max(scores.values())
    won = state.tricks_won
    side = seat & 1
    count0 = won[0] + (best if side == 0 else 13 - won[0] - won[1] - best)
    return AnalysedCard(deal=deal, trick=sum(won) + 1, seat=seat, card=str(CARDS[card]), side0_count=count0,
                        made=scores.get(card, best), best=best,
                        best_cards=tuple(str(CARDS[c]) for c in sorted(scores) if scores[c] == best))


def analyse_lines(state: Any) -> list[str]:
    """The analysis as text lines, then a summary of the tricks lost by each seat."""
    rows = analyse(state)
    lines = [str(row) for row in rows]
    lost = [sum(r.cost for r in rows if r.seat == seat) for seat in range(4)]
    lines.append("tricks thrown away by seat: " + ", ".join(f"seat {s} {lost[s]}" for s in range(4)))
    return lines
