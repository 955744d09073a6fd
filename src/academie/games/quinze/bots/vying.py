"""Le Quinze's two-seat vying solved on an abstraction by counterfactual regret minimisation (CFR+).

The two-seat coup of Form A (Q-§5.2 to Q-§5.4) is a small poker: each player holds one hidden card, draws cards
face up in turn (the elder first, Q-R11), and the two vie between cards (QUINZE-31, QUINZE-39). Its abstraction
keeps what decides the play (Q-§8 "Information", "Betting"):

- a hidden card is its value, 1 to 10, and every card drawn comes with a full pack's odds (:data:`VALUE_ODDS`; the
  few cards already out are not counted);
- a hand drawn face up is its total (the order of its cards plays no part, Q-§2.2);
- the money is each player's contribution, one of :data:`LEVELS` (the ante apart): nothing, the least opening, and
  raises of about half the pot from there up to the whole cave. A player raises to a higher level; the other folds,
  holds or raises higher (Q-R9), so every round of betting ends.

Bets fall where the laws put them: the elder opens or passes (an elder who passes loses his ante: the dealer then
opens alone and takes the passe, Q-§5.2); each drawer may raise at his turn before he draws or stands (Q-§5.3);
after each card he draws the other has the word (QUINZE-39), and may raise; a card over fifteen loses the coup
(Q-R13); the dealer's stand ends the coup at the showdown, where the elder wins ties (Q-R15).

Play is a walk in a graph of public states (the totals drawn, the contributions, who acts), each decision an
information set of one player: the public state and his hidden card's value. The solver keeps, at every public
state, the chance of reaching it for every pair of hidden cards, and the value of the rest of the coup under the
current strategies (a 10×10 matrix each), and updates every information set's regrets in one pass per iteration
(regret matching+, the average strategy weighted by the iteration's number). The graph merges the routes that reach
the same public state (the abstraction forgets the order of past bets), as abstractions of poker do.

:func:`solve` computes the average strategy; :func:`render_table` writes it (quantised to sixteenths) as
:mod:`academie.games.quinze.bots.vying_table` (``python -m academie.games.quinze.bots.vying``);
:func:`exploitability` measures how much a best response gains against a strategy in the abstraction.

>>> game = Abstraction()
>>> len(game.nodes) > 1000, game.nodes[0].key
(True, ('open',))
"""

from __future__ import annotations

import base64
import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

import academie.games.quinze.state as quinze
from academie.bots import Reason
from academie.engine import Action, Mode
from academie.games.quinze.state import Open, Phase, QuinzeView, Raise, card_values

Matrix = npt.NDArray[np.float64]
"""A 10×10 array over the elder's hidden value (rows) and the dealer's (columns)."""

ELDER: Final = 0
"""The first to speak and to draw: the seat on the dealer's right (Q-R7)."""
DEALER: Final = 1
TARGET: Final = 15
"""Q-§1: fifteen or as near as possible without going over."""
VALUES: Final = tuple(range(1, 11))
"""Q-§2.2: ace 1, two to ten their face value, jack, queen and king 10."""
VALUE_ODDS: Final = np.array([4.0] * 9 + [16.0]) / 52.0
"""The chance of each value, 1 to 10, in a full pack (the courts count 10)."""
LEVELS: Final = (0, 2, 5, 11, 23, 39)
"""A player's contributions beyond his ante (cave 40, ante 1, the jeu 2: Q-R3, Q-R4, QUINZE-35): each raise about
half the pot or more, up to the whole cave."""
STACK: Final = LEVELS[-1]
"""The most a player can put in (his cave less his ante)."""
TOP: Final = len(LEVELS) - 1
SIXTEENTHS: Final = 16
"""The table keeps each probability in sixteenths."""

Key = tuple[object, ...]
Report = Callable[[int, list[Matrix]], None]
AbstractAction = tuple[str, int]
"""``("fold", 0)``, ``("call", 0)``, ``("card", 0)``, ``("stand", 0)``, ``("pass", 0)``, ``("open", level)``,
``("raise", level)``: ``level`` an index of :data:`LEVELS`."""

FOLD: Final = ("fold", 0)
CALL: Final = ("call", 0)
CARD: Final = ("card", 0)
STAND: Final = ("stand", 0)
PASS: Final = ("pass", 0)


@dataclass(slots=True)
class Node:
    """A public state of the abstraction: a decision of ``player``, or a card drawn (``player`` -1)."""

    key: Key
    player: int
    actions: tuple[AbstractAction, ...] = ()
    children: list[int | Matrix] = field(default_factory=list)
    """Per action: the next node's index, or the terminal payoff matrix (the elder's tokens)."""
    draws: list[tuple[Matrix, int]] = field(default_factory=list)
    """A card drawn: per value that does not bust every hand, its weight matrix (odds × not bust) and the node."""
    busts: Matrix | None = None
    """A card drawn: the payoff of the busts, weighted by their odds."""


def _full(value: float) -> Matrix:
    return np.full((10, 10), float(value))


def _showdown(elder_up: int, dealer_up: int, level: int) -> Matrix:
    """Q-R15: the best total of fifteen or less takes the pot; the elder, earlier in order, wins ties."""
    elder = np.array(VALUES)[:, None] + elder_up
    dealer = np.array(VALUES)[None, :] + dealer_up
    stake = 1 + LEVELS[level]
    return np.where(elder >= dealer, float(stake), -float(stake)).astype(np.float64)


def _continuation(context: Key, level: int) -> Key:
    """Where a round of betting closed at ``level`` leads: the elder's draw (after the opening, or during his
    draw), or the dealer's."""
    if context[0] == "o":
        return ("DE", 0, level)
    if context[0] == "e":
        return ("DE", context[1], level)
    return ("DD", context[1], context[2], level)


def _raises(level: int) -> tuple[AbstractAction, ...]:
    return tuple(("raise", higher) for higher in range(level + 1, TOP + 1))


class Abstraction:
    """The graph of public states, built once, parents before children."""

    def __init__(self) -> None:
        self.nodes: list[Node] = []
        self.index: dict[Key, int] = {}
        order: list[Key] = []
        self._visit(("open",), order, set())
        for key in reversed(order):
            self.index[key] = len(self.nodes)
            self.nodes.append(Node(key, -1))
        for node in self.nodes:
            self._expand(node)

    def _visit(self, key: Key, order: list[Key], seen: set[Key]) -> None:
        """Depth first, iteratively: ``order`` receives every key after all its successors (post-order)."""
        stack: list[tuple[Key, list[Key]]] = [(key, self._successors(key))]
        seen.add(key)
        while stack:
            current, pending = stack[-1]
            if pending:
                child = pending.pop()
                if child not in seen:
                    seen.add(child)
                    stack.append((child, self._successors(child)))
                continue
            stack.pop()
            order.append(current)

    def _successors(self, key: Key) -> list[Key]:
        return [child for _, child in self._moves(key) if isinstance(child, tuple)]

    def _moves(self, key: Key) -> list[tuple[AbstractAction, Key | Matrix]]:
        """The actions at ``key`` and what each leads to (a key, or a payoff matrix); a draw's values follow."""
        kind = key[0]
        if kind == "open":  # Q-§5.2, QUINZE-35: the elder passes (the dealer opens and takes the passe) or opens
            return [(PASS, _full(-1)), *((("open", level), ("F", ("o",), 0, level, DEALER))
                                         for level in range(1, TOP + 1))]
        if kind == "F":  # Q-R9: fold (losing what he put in), hold, or raise higher
            _, context, low, high, facer = key
            assert isinstance(context, tuple) and isinstance(low, int) and isinstance(high, int)
            lost = 1 + LEVELS[low]
            fold = _full(-lost if facer == ELDER else lost)
            other = DEALER if facer == ELDER else ELDER
            return [(FOLD, fold), (CALL, _continuation(context, high)),
                    *((action, ("F", context, high, action[1], other)) for action in _raises(high))]
        if kind == "DE":  # Q-§5.3: the elder draws, stands, or raises at his turn
            _, up, level = key
            assert isinstance(up, int) and isinstance(level, int)
            return [(CARD, ("CE", up, level)), (STAND, ("DD", up, 0, level)),
                    *((action, ("F", ("e", up), level, action[1], DEALER)) for action in _raises(level))]
        if kind == "WD":  # QUINZE-39: after the elder's card the dealer has the word
            _, up, level = key
            assert isinstance(level, int)
            return [(PASS, ("DE", up, level)),
                    *((action, ("F", ("e", up), level, action[1], ELDER)) for action in _raises(level))]
        if kind == "DD":
            _, up, dealer_up, level = key
            assert isinstance(up, int) and isinstance(dealer_up, int) and isinstance(level, int)
            return [(CARD, ("CD", up, dealer_up, level)), (STAND, _showdown(up, dealer_up, level)),
                    *((action, ("F", ("d", up, dealer_up), level, action[1], ELDER)) for action in _raises(level))]
        if kind == "WE":
            _, up, dealer_up, level = key
            assert isinstance(level, int)
            return [(PASS, ("DD", up, dealer_up, level)),
                    *((action, ("F", ("d", up, dealer_up), level, action[1], DEALER)) for action in _raises(level))]
        return [(("draw", value), child) for value, child in self._draws(key)]

    def _draws(self, key: Key) -> list[tuple[int, Key]]:
        """A card for the drawer of ``key`` (``CE`` the elder, ``CD`` the dealer): the values that leave some
        hidden card at fifteen or less, and the state each leads to (the other's word, QUINZE-39)."""
        if key[0] == "CE":
            _, up, level = key
            assert isinstance(up, int)
            return [(value, ("WD", up + value, level)) for value in VALUES if up + value + 1 <= TARGET]
        _, up, dealer_up, level = key
        assert isinstance(dealer_up, int)
        return [(value, ("WE", up, dealer_up + value, level)) for value in VALUES if dealer_up + value + 1 <= TARGET]

    def _expand(self, node: Node) -> None:
        key = node.key
        if key[0] in ("CE", "CD"):
            elder = key[0] == "CE"
            up, level = key[1] if elder else key[2], key[-1]
            assert isinstance(up, int) and isinstance(level, int)
            stake = float(1 + LEVELS[level])
            busts = np.zeros((10, 10))
            for value, odds in zip(VALUES, VALUE_ODDS, strict=True):
                keep = np.array([hidden + up + value <= TARGET for hidden in VALUES], dtype=np.float64)
                mask = keep[:, None] * np.ones((1, 10)) if elder else np.ones((10, 1)) * keep[None, :]
                busts += odds * (1 - mask) * (-stake if elder else stake)  # Q-R13: over fifteen loses the coup
                if keep.any():
                    child = ("WD", up + value, level) if elder else ("WE", key[1], up + value, level)
                    node.draws.append((odds * mask, self.index[self._skip(child)]))
            node.busts = busts
            return
        node.player = ELDER if key[0] in ("open", "DE", "WE") or (key[0] == "F" and key[4] == ELDER) else DEALER
        moves = self._moves(key)
        node.actions = tuple(action for action, _ in moves)
        node.children = [self.index[self._skip(child)] if isinstance(child, tuple) else child for _, child in moves]

    @staticmethod
    def _skip(key: Key) -> Key:
        """A word with nothing to say (both all in: no raise left) is no decision: the drawer goes on."""
        if key[0] == "WD" and key[2] == TOP:
            return ("DE", key[1], TOP)
        if key[0] == "WE" and key[3] == TOP:
            return ("DD", key[1], key[2], TOP)
        return key


def _regret_matching(regrets: Matrix) -> Matrix:
    positive = np.maximum(regrets, 0.0)
    totals = positive.sum(axis=1, keepdims=True)
    uniform = np.full_like(positive, 1.0 / positive.shape[1])
    return np.where(totals > 0, positive / np.where(totals > 0, totals, 1.0), uniform)


def _chance_value(node: Node, values: Sequence[Matrix]) -> Matrix:
    """The value of a card drawn at chance node ``node``: its busts, and each value drawn weighed by its odds."""
    assert node.busts is not None
    total = node.busts.copy()
    for weight, child in node.draws:
        total += weight * values[child]
    return total


def _values(game: Abstraction, strategies: Sequence[Matrix]) -> list[Matrix]:
    """The elder's expected tokens at every node for every pair of hidden values, under ``strategies``."""
    values: list[Matrix] = [np.zeros((10, 10))] * len(game.nodes)
    for index in range(len(game.nodes) - 1, -1, -1):
        node = game.nodes[index]
        if node.player < 0:
            values[index] = _chance_value(node, values)
            continue
        strategy = strategies[index]
        total = np.zeros((10, 10))
        for column, target in enumerate(node.children):
            child_value = values[target] if isinstance(target, int) else target
            share = strategy[:, column][:, None] if node.player == ELDER else strategy[:, column][None, :]
            total += share * child_value
        values[index] = total
    return values


def _child_values(node: Node, values: Sequence[Matrix]) -> list[Matrix]:
    return [values[child] if isinstance(child, int) else child for child in node.children]


def solve(iterations: int, game: Abstraction | None = None, *, report: Report | None = None,
          every: int = 100) -> tuple[Abstraction, list[Matrix]]:
    """CFR+ for ``iterations``: the average strategy of every decision node (per hidden value, per action);
    ``report`` is called with the iteration and the average strategy every ``every`` iterations."""
    game = game or Abstraction()
    count = len(game.nodes)
    regrets = [np.zeros((10, len(node.actions))) for node in game.nodes]
    averages = [np.zeros((10, len(node.actions))) for node in game.nodes]
    start = np.outer(VALUE_ODDS, VALUE_ODDS)
    for iteration in range(1, iterations + 1):
        strategies = [_regret_matching(r) if node.player >= 0 else r for r, node in zip(regrets, game.nodes,
                                                                                       strict=True)]
        # reach: for the elder's regrets (chance and the dealer), the dealer's (chance and the elder), and both
        reach = [[np.zeros((10, 10)) for _ in range(count)] for _ in range(3)]
        for matrix in reach:
            matrix[0] += start
        for index, node in enumerate(game.nodes):
            for_elder, for_dealer, joint = (reach[0][index], reach[1][index], reach[2][index])
            if node.player < 0:
                for weight, child in node.draws:
                    reach[0][child] += weight * for_elder
                    reach[1][child] += weight * for_dealer
                    reach[2][child] += weight * joint
                continue
            strategy = strategies[index]
            for column, target in enumerate(node.children):
                if not isinstance(target, int):
                    continue
                if node.player == ELDER:
                    share = strategy[:, column][:, None]
                    reach[0][target] += for_elder
                    reach[1][target] += share * for_dealer
                else:
                    share = strategy[:, column][None, :]
                    reach[0][target] += share * for_elder
                    reach[1][target] += for_dealer
                reach[2][target] += share * joint
        values = _values(game, strategies)
        for index, node in enumerate(game.nodes):
            if node.player < 0:
                continue
            children = _child_values(node, values)
            here = values[index]
            if node.player == ELDER:
                gains = np.stack([(reach[0][index] * (child - here)).sum(axis=1) for child in children], axis=1)
                weight = reach[2][index].sum(axis=1)
            else:
                gains = np.stack([-(reach[1][index] * (child - here)).sum(axis=0) for child in children], axis=1)
                weight = reach[2][index].sum(axis=0)
            regrets[index] = np.maximum(regrets[index] + gains, 0.0)
            averages[index] += iteration * weight[:, None] * strategies[index]
        if report is not None and iteration % every == 0:
            report(iteration, [_normalised(average) for average in averages])
    final = [_normalised(average) for average in averages]
    return game, final


def _normalised(average: Matrix) -> Matrix:
    if average.shape[1] == 0:
        return average
    totals = average.sum(axis=1, keepdims=True)
    return np.where(totals > 0, average / np.where(totals > 0, totals, 1.0), 1.0 / average.shape[1])


def best_response_gain(game: Abstraction, strategies: Sequence[Matrix], responder: int) -> float:
    """What ``responder`` gains per coup against ``strategies`` by his best response in the abstraction, over what
    those strategies give him against themselves (each route counted as its own information set would be: the
    responder knows the public state and his hidden value)."""
    start = np.outer(VALUE_ODDS, VALUE_ODDS)
    sign = 1.0 if responder == ELDER else -1.0
    # reach of the fixed player's strategy and chance, summed over routes, then best values backwards
    reach = [np.zeros((10, 10)) for _ in game.nodes]
    reach[0] += start
    for index, node in enumerate(game.nodes):
        if node.player < 0:
            for weight, child in node.draws:
                reach[child] += weight * reach[index]
            continue
        for column, target in enumerate(node.children):
            if not isinstance(target, int):
                continue
            if node.player == responder:
                reach[target] += reach[index]
            elif node.player == ELDER:
                reach[target] += strategies[index][:, column][:, None] * reach[index]
            else:
                reach[target] += strategies[index][:, column][None, :] * reach[index]
    best: list[Matrix] = [np.zeros((10, 10))] * len(game.nodes)
    for index in range(len(game.nodes) - 1, -1, -1):
        node = game.nodes[index]
        if node.player < 0:
            best[index] = _chance_value(node, best)
            continue
        children = _child_values(node, best)
        if node.player == responder:
            axis = 1 if responder == ELDER else 0
            scores = np.stack([sign * (reach[index] * child).sum(axis=axis) for child in children])
            picked = np.zeros((10, 10))
            for hidden, choice in enumerate(scores.argmax(axis=0)):
                if responder == ELDER:
                    picked[hidden, :] = children[choice][hidden, :]
                else:
                    picked[:, hidden] = children[choice][:, hidden]
            best[index] = picked
        else:
            strategy = strategies[index]
            total = np.zeros((10, 10))
            for column, child_value in enumerate(children):
                share = strategy[:, column][:, None] if node.player == ELDER else strategy[:, column][None, :]
                total += share * child_value
            best[index] = total
    played = _values(game, strategies)[0]
    return float(sign * ((best[0] - played) * start).sum())


def exploitability(game: Abstraction, strategies: Sequence[Matrix]) -> float:
    """The mean of the two best responses' gains per coup: zero at an equilibrium of the abstraction."""
    return (best_response_gain(game, strategies, ELDER) + best_response_gain(game, strategies, DEALER)) / 2


def elder_value(game: Abstraction, strategies: Sequence[Matrix]) -> float:
    """The elder's expected tokens per coup when both play ``strategies`` (the dealer's are the opposite)."""
    return float((_values(game, strategies)[0] * np.outer(VALUE_ODDS, VALUE_ODDS)).sum())


def quantise(strategy: Matrix) -> list[int]:
    """One information set's probabilities (one row) in sixteenths that sum to sixteen (largest remainders)."""
    scaled = strategy * SIXTEENTHS
    whole = [math.floor(x) for x in scaled]
    order = sorted(range(len(whole)), key=lambda i: (whole[i] - scaled[i], i))
    for i in order[:SIXTEENTHS - sum(whole)]:
        whole[i] += 1
    return whole


def encode(game: Abstraction, strategies: Sequence[Matrix]) -> str:
    """Every decision node's strategy, node by node in the graph's order, hidden value 1 to 10, each action's
    sixteenths as one hexadecimal digit (16 as ``g``), compressed (zlib) and written in base 64."""
    digits = "0123456789abcdefg"
    parts: list[str] = []
    for node, strategy in zip(game.nodes, strategies, strict=True):
        if node.player < 0:
            continue
        parts.append("".join(digits[x] for row in strategy for x in quantise(row)))
    return base64.b64encode(zlib.compress("".join(parts).encode("ascii"), 9)).decode("ascii")


def decode(game: Abstraction, text: str) -> list[Matrix]:
    """The strategies of :func:`encode`'s text for ``game`` (each row in sixteenths)."""
    raw = zlib.decompress(base64.b64decode(text)).decode("ascii")
    position = 0
    result: list[Matrix] = []
    for node in game.nodes:
        width = len(node.actions)
        size = 10 * width
        if node.player < 0:
            result.append(np.zeros((10, 0)))
            continue
        chunk = raw[position:position + size]
        position += size
        result.append(np.array([int(x, 17) for x in chunk], dtype=np.float64).reshape(10, width) / SIXTEENTHS)
    if position != len(raw):
        raise ValueError(f"the table holds {len(raw)} digits; the abstraction reads {position}")
    return result


# --------------------------------------------------------------------------------------------------- play
def level_of(tokens: int) -> int:
    """The level of :data:`LEVELS` nearest ``tokens`` put in (by ratio: 3 is nearer 2 than 5, 17 nearer 23 than
    11), nothing being level 0.

    >>> [level_of(x) for x in (0, 1, 2, 3, 4, 8, 17, 30, 39)]
    [0, 1, 1, 1, 2, 3, 4, 5, 5]
    """
    if tokens <= 0:
        return 0
    return min(range(1, TOP + 1), key=lambda level: (abs(math.log(tokens / LEVELS[level])), level))


@dataclass(frozen=True, slots=True)
class Table:
    """The shipped strategy: the abstraction's graph and each decision node's probabilities per hidden value."""

    game: Abstraction
    strategies: list[Matrix]

    def strategy(self, key: Key, hidden_value: int) -> tuple[tuple[AbstractAction, ...], tuple[float, ...]] | None:
        """The actions at public state ``key`` and their probabilities with a hidden card of ``hidden_value``
        (None when the abstraction has no such state)."""
        index = self.game.index.get(key)
        if index is None or self.game.nodes[index].player < 0:
            return None
        row = self.strategies[index][hidden_value - 1]
        return self.game.nodes[index].actions, tuple(float(x) for x in row)


def render_table(game: Abstraction, strategies: Sequence[Matrix], *, iterations: int) -> str:
    """The source of :mod:`academie.games.quinze.bots.vying_table` for ``strategies`` solved in ``iterations``."""
    blob = encode(game, strategies)
    lines = [blob[i:i + 100] for i in range(0, len(blob), 100)]
    body = "\n".join(f"    {line!r}" for line in lines)
    gain = exploitability(game, decode(game, blob))
    return (f'"""Le Quinze\'s two-seat vying, solved on the abstraction of :mod:`academie.games.quinze.bots.vying` by '
            f'{iterations} iterations of\nCFR+ and written by :func:`academie.games.quinze.bots.vying.render_table` '
            f'(generated data: do not edit by hand)."""\n\n'
            f"from typing import Final\n\nITERATIONS: Final = {iterations}\nLEVELS: Final = {LEVELS!r}\n"
            f"EXPLOITABILITY: Final = {gain:.4f}\n"
            f'"""What a best response gains against the table, in tokens a coup of the abstraction."""\n'
            f"TABLE: Final = (\n{body}\n)\n")


def applies(view: QuinzeView) -> bool:
    """Whether the abstraction describes ``view``'s coup: two seats of Form A under the rules it was solved for
    (ante 1, the jeu the pot, raises from one token, ties to the elder, courts 10, an ace 1, busts declared: Q-§2.2,
    QUINZE-35, Q-§3, Q-R15, Q-R13), both players in with :data:`STACK` tokens to vie and a passe of two antes, in
    the opening or the draw with no ruling pending."""
    rules = view.rules
    if (rules.form != "A" or len(view.caves) != 2 or rules.ante != 1 or rules.fixed_jeu or rules.min_raise != "one"
            or rules.ties != "elder" or rules.courts_value != 10 or rules.ace_one_or_eleven or rules.silent_bust
            or rules.weak_double or rules.half_jeu or rules.mode is not Mode.ENFORCED):
        return False
    if view.pending is not None or view.phase not in (Phase.OPENING, Phase.DRAW) or view.dealer is None:
        return False
    money = [cave + put for cave, put in zip(view.caves, view.contributions, strict=True)]
    return (all(view.in_coup) and money == [STACK, STACK] and view.pot - sum(view.contributions) == 2
            and not any(view.folded) and not any(view.busted))


def public_key(view: QuinzeView) -> Key | None:
    """The public state of the abstraction that ``view``'s decision stands in (None for the dealer's opening after
    the elder passed, which the abstraction settles at once, and for a bet it cannot tell from a hold)."""
    dealer = view.dealer
    assert dealer is not None
    elder = 1 - dealer
    values = card_values(10)
    ups = [sum(values[card.index] for card in view.up[seat]) for seat in (elder, dealer)]
    legal = view.legal_actions
    mine = view.contributions[view.viewer]
    if any(isinstance(action, Open) for action in legal):
        return ("open",) if view.viewer == elder else None
    if quinze.HOLD in legal:
        low, high = level_of(mine), level_of(view.highest)
        if high <= low:
            return None
        context: Key = ("o",) if view.phase is Phase.OPENING else ("e", ups[0]) if not view.stood[elder] else \
            ("d", ups[0], ups[1])
        return ("F", context, low, high, ELDER if view.viewer == elder else DEALER)
    level = level_of(view.highest)
    if quinze.WANT_CARDS in legal:
        return ("WD", ups[0], level) if view.viewer == dealer else ("WE", ups[0], ups[1], level)
    if quinze.STAND in legal:
        return ("DE", ups[0], level) if view.viewer == elder else ("DD", ups[0], ups[1], level)
    return None


def real_action(view: QuinzeView, action: AbstractAction) -> Action:
    """The legal action of ``view`` that plays the abstract ``action``: a raise or an opening to the level's
    contribution (the nearest the laws allow), a fold as a pass, a call as a hold, a pass of the word as
    « voulez-vous cartes ? » (QUINZE-31)."""
    legal = view.legal_actions
    verb, level = action
    if verb in ("open", "raise"):
        sized = [a for a in legal if isinstance(a, (Open, Raise))]
        target = LEVELS[level] - (view.highest if verb == "raise" else 0)
        if sized:
            return min(sized, key=lambda a: (abs(a.amount - target), a.amount))
        verb = "call"
    plain = {"fold": quinze.PASS, "call": quinze.HOLD, "card": quinze.CARD, "stand": quinze.STAND,
             "pass": quinze.WANT_CARDS if quinze.WANT_CARDS in legal else quinze.PASS}
    chosen = plain[verb]
    if chosen not in legal:
        return quinze.HOLD if quinze.HOLD in legal else legal[0]
    return chosen


@lru_cache(maxsize=1)
def shipped() -> Table:
    """The table shipped in :mod:`academie.games.quinze.bots.vying_table`, read once."""
    from academie.games.quinze.bots.vying_table import TABLE

    game = Abstraction()
    return Table(game, decode(game, "".join(TABLE)))


def _nearby(key: Key) -> list[Key]:
    """``key``, then for a bet faced the same bet faced from the other levels below it, nearest first (a raise of
    one's own to a level the abstraction gives only the other player, e.g. the dealer's raise to the least
    opening)."""
    if key[0] != "F":
        return [key]
    _, context, low, high, facer = key
    assert isinstance(low, int) and isinstance(high, int)
    others = sorted((level for level in range(high) if level != low), key=lambda level: (abs(level - low), level))
    return [key, *(("F", context, level, high, facer) for level in others)]


def choose(view: QuinzeView, rng: random.Random, table: Table | None = None) -> tuple[Action, Reason] | None:
    """The table's choice for ``view`` (drawn with ``rng`` from the strategy of its public state and hidden value)
    and why, or None where the abstraction does not apply (:func:`applies`, :func:`public_key`). A raise too small
    to reach another level is held (Q-R9): the pot then pays for calling with nearly any hand."""
    if not applies(view):
        return None
    key = public_key(view)
    hole = view.hole[view.viewer]
    if hole is None:
        return None
    if key is None:
        if quinze.HOLD in view.legal_actions:
            return quinze.HOLD, Reason("holds a raise too small to change the odds of the coup")
        return None
    for candidate in _nearby(key):
        found = (table or shipped()).strategy(candidate, card_values(10)[hole.index])
        if found is not None:
            break
    else:
        return None
    actions, shares = found
    pick = rng.random()
    index = len(actions) - 1
    for position, share in enumerate(shares):
        pick -= share
        if pick < 0:
            index = position
            break
    chosen = real_action(view, actions[index])
    percent = round(100 * shares[index])
    return chosen, Reason("the two-seat vying solved by regret minimisation on an abstraction plays this {percent}% "
                          "of the time here", percent=percent)


DEFAULT_ITERATIONS: Final = 300
"""The iterations the shipped table is solved with."""


def main(arguments: Sequence[str]) -> None:
    """``python -m academie.games.quinze.bots.vying [ITERATIONS [PATH]]``: solve and write the table module
    (by default :data:`DEFAULT_ITERATIONS`, next to this module)."""
    from pathlib import Path

    iterations = int(arguments[0]) if arguments else DEFAULT_ITERATIONS
    path = Path(arguments[1]) if len(arguments) > 1 else Path(__file__).with_name("vying_table.py")
    game, strategies = solve(iterations)
    path.write_text(render_table(game, strategies, iterations=iterations), encoding="utf-8")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
