"""Le Quinze's Form B checked by OpenSpiel: its CFR solves the registered game, and OpenSpiel's own best response
measures the exploitability of our exact dynamic-programming policy (:mod:`academie.games.quinze.bots.solver`,
Q-§5.8), which must be zero within rounding.

``python -m academie.games.quinze.formb [--iterations N] [--every K] [--plot FILE]``

OpenSpiel's best response walks the whole game tree, and Form B dealt from the full 52-card pack has far too many
histories for that (every order of the cards each player may draw). The check is therefore made on the same game
dealt from a small pack (:data:`TOP`: the ace, 7, 8, 9, 10 and jack of clubs, counting 1, 7, 8, 9, 10, 10):
OpenSpiel's game ``academie_quinze(rules=form:B, top=AC/7C/8C/9C/TC/JC)`` shuffles those cards on top of the
pack, and :func:`check_top` walks every history to make sure that no coup reaches below them. Our solver solves
the same small game (``solve(values=..., copies=1)``): the same rules, the same pack, the elder's bust hidden
(Q16), a drawn game worth nothing (Q-H1).

Two measures of our policy are given. Through the registered game, whose information states are our views; and
through the same game with each player's information limited to what Q-§5.8 and Q16 grant him (his own cards,
how many cards each player holds, whose turn it is: :class:`Q16Game`), the information our solver assumes. Where
the two differ, the views tell a player more than the rules let him know.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pyspiel  # type: ignore[import-not-found]
from open_spiel.python import policy as os_policy  # type: ignore[import-untyped]
from open_spiel.python.algorithms import cfr, exploitability  # type: ignore[import-untyped]

from academie.cards import Card, Rank
from academie.games.quinze.bots.solver import Solution, hand_of, solve
from academie.games.quinze.state import CARD, STAND, QuinzeRules, QuinzeState, card_values
from academie.interop.encoding import InteropError
from academie.interop.openspiel import AcademieGame, AcademieState, GameParams, ViewObserver
from academie.registry import own_state

TOP: Final = ("AC", "7C", "8C", "9C", "TC", "JC")
"""The six cards the check is dealt from."""


def _params(top: Sequence[str]) -> GameParams:
    return {"rules": "form:B", "first_dealer": 0, "top": "/".join(top)}


def formb_game(top: Sequence[str] = TOP) -> AcademieGame:
    """OpenSpiel's Form B game dealt from ``top`` (seat 0 deals; seat 1 is the elder)."""
    loaded: AcademieGame = pyspiel.load_game("academie_quinze", _params(top))
    return loaded


class Q16Observer(ViewObserver):
    """What Q-§5.8 and Q16 let a player know: his own cards, how many cards each player holds, whose turn it is
    (the elder's bust is his secret)."""

    def string_from(self, state: AcademieState, player: int) -> str:
        view = _engine(state).view(player)
        own = " ".join(str(card) for card in (view.hole[player], *view.up[player]) if card is not None)
        return f"seat {player}: cards {own}; drawn {view.drawn}; to act {view.actor}"


class Q16Game(AcademieGame):
    """The registered Form B game with the information of :class:`Q16Observer`."""

    def __init__(self, top: Sequence[str] = TOP) -> None:
        super().__init__(_params(top), game="quinze")

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: Mapping[str, object] | None = None) -> ViewObserver:
        return Q16Observer(self.encoding, perfect_recall=True)


def check_top(game: AcademieGame) -> int:
    """Walk every history of ``game`` and make sure every card dealt is one of its ``top`` cards (so that the game
    is Form B played with that pack); returns the number of decisions. Raises :class:`InteropError` otherwise."""
    decisions = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_chance_node():
            stack.extend(state.child(action) for action, _ in state.chance_outcomes())
            continue
        engine = _engine(state)
        dealt = [c for seat in (0, 1) for c in (engine.hole_card(seat), *engine.up_cards(seat)) if c is not None]
        if any(card.index not in game.top for card in dealt):
            shown = " ".join(str(card) for card in dealt)
            raise InteropError(f"a coup reaches below the top cards ({shown} dealt): choose a pack that no coup "
                               "can exhaust")
        if not state.is_terminal():
            decisions += 1
            stack.extend(state.child(action) for action in state.legal_actions())
    return decisions


def _engine(state: AcademieState) -> QuinzeState:
    """Our state of an OpenSpiel state of Le Quinze."""
    return own_state(state.engine, QuinzeState)


def _rules(game: AcademieGame) -> QuinzeRules:
    rules = game.encoding.rules
    assert isinstance(rules, QuinzeRules), "an OpenSpiel game of Le Quinze"
    return rules


def solution_for(game: AcademieGame, top: Sequence[str] = TOP) -> Solution:
    """Our exact solution of the same game (Q-§5.8): the cards' values, ace first as the solver wants them."""
    values = card_values(_rules(game).courts_value)
    cards = sorted((Card.parse(text) for text in top), key=lambda card: card.rank != Rank.ACE)
    if not cards or cards[0].rank != Rank.ACE:
        raise ValueError("the solver's pack needs its ace first: include an ace among the top cards")
    return solve(values=[values[card.index] for card in cards], copies=1)


class DynamicProgrammingPolicy(os_policy.Policy):  # type: ignore[misc]
    """Our solver's optimal behaviour (how often each seat draws with each hand) as an OpenSpiel policy."""

    def __init__(self, game: AcademieGame, solution: Solution) -> None:
        super().__init__(game, [0, 1])
        self.solution = solution
        self.values = card_values(_rules(game).courts_value)
        space = game.encoding.actions
        self.card, self.stand = space.index(None, CARD), space.index(None, STAND)

    def action_probabilities(self, state: AcademieState, player_id: int | None = None) -> dict[int, float]:
        seat = state.current_player() if player_id is None else player_id
        view = _engine(state).view(seat)
        cards = [c for c in (view.hole[seat], *view.up[seat]) if c is not None]
        hand = hand_of(self.solution.kinds, [self.values[c.index] for c in cards], [c.rank == Rank.ACE for c in cards])
        if seat == view.dealer:
            draws = self.solution.dealer_draw_probability(1 + view.drawn[1 - seat], hand)
        else:
            draws = self.solution.elder_draw_probability(hand)
        legal = state.legal_actions()
        if draws is None:  # a hand our policy never holds: any play (it is never reached)
            return {action: 1.0 / len(legal) for action in legal}
        if self.card not in legal:
            return {self.stand: 1.0}
        return {self.card: draws, self.stand: 1.0 - draws}


@dataclass(frozen=True, slots=True)
class Check:
    """The figures of the check."""

    top: tuple[str, ...]
    decisions: int
    """Decision nodes of the game tree."""
    cfr_curve: tuple[tuple[int, float], ...]
    """(iterations, exploitability of CFR+'s average policy on the registered game), in stakes per game."""
    dp_exploitability: float
    """Our exact policy's exploitability in the registered game (information: our views)."""
    dp_exploitability_q16: float
    """The same with the information Q-§5.8 and Q16 grant (:class:`Q16Game`)."""
    dp_value: float
    """Our solver's value of the game for the elder."""
    dp_value_played: float
    """The elder's expectation when both seats play our policy in OpenSpiel's game (equal to ``dp_value``)."""
    seconds: float


def run(*, iterations: int = 100, every: int = 10, top: Sequence[str] = TOP) -> Check:
    """OpenSpiel's CFR+ for ``iterations`` (its exploitability measured every ``every``), then our policy's
    exploitability and value."""
    from open_spiel.python.algorithms import expected_game_score

    started = time.perf_counter()
    game = formb_game(top)
    decisions = check_top(game)
    solver = cfr.CFRPlusSolver(game)
    curve = []
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration % every == 0 or iteration == iterations:
            curve.append((iteration, float(exploitability.exploitability(game, solver.average_policy()))))
    solution = solution_for(game, top)
    ours = DynamicProgrammingPolicy(game, solution)
    q16 = Q16Game(top)
    played = expected_game_score.policy_value(game.new_initial_state(), [ours, ours])
    return Check(tuple(top), decisions, tuple(curve), float(exploitability.exploitability(game, ours)),
                 float(exploitability.exploitability(q16, DynamicProgrammingPolicy(q16, solution))),
                 solution.value, float(played[1]), time.perf_counter() - started)


def plot(check: Check, path: Path) -> None:
    """CFR's exploitability against its iterations, with our policy's as a line."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4))
    axes = figure.subplots()
    xs, ys = zip(*check.cfr_curve, strict=True)
    axes.plot(xs, ys, marker="o", label="OpenSpiel CFR+, average policy")
    axes.axhline(max(check.dp_exploitability, 1e-12), color="black", linestyle="--",
                 label="our exact DP policy (our views)")
    axes.axhline(max(check.dp_exploitability_q16, 1e-12), color="grey", linestyle=":",
                 label="our exact DP policy (Q16's information; drawn at 1e-12 when below)")
    axes.set_yscale("log")
    axes.set_xlabel("CFR+ iterations")
    axes.set_ylabel("exploitability (stakes per game)")
    axes.set_title(f"Le Quinze, Form B ({len(check.top)}-card pack): OpenSpiel's best response")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m academie.games.quinze.formb", description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--top", default="/".join(TOP), help="the pack, cards joined by / (an ace among them)")
    parser.add_argument("--plot", type=Path, default=None)
    options = parser.parse_args(argv)
    check = run(iterations=options.iterations, every=options.every, top=options.top.split("/"))
    print(f"Form B dealt from {' '.join(check.top)}: {check.decisions} decisions in the game tree")
    for iteration, value in check.cfr_curve:
        print(f"OpenSpiel CFR+ {iteration:5d} iterations: exploitability {value:.6f}")
    print(f"our DP policy: value to the elder {check.dp_value:+.6f} (played in OpenSpiel: "
          f"{check.dp_value_played:+.6f})")
    print(f"  exploitability through our views:        {check.dp_exploitability:.3e}")
    print(f"  exploitability with Q16's information:   {check.dp_exploitability_q16:.3e}")
    print(f"({check.seconds:.1f} s)")
    if options.plot is not None:
        plot(check, options.plot)
        print(f"plot: {options.plot}")
    return 0 if abs(check.dp_exploitability_q16) < 1e-9 else 1


if __name__ == "__main__":
    raise SystemExit(main())
