"""After the game: a review of every decision, each valued from the deciding seat's view alone.

:func:`review` walks a played record. At each **decision** of a seat (an action it chose among two or more legal
ones; a ruling, a remedy, an irregular act or a forced move is not a decision) it values every legal choice from
the seat's view at that moment, never from the state: ``samples`` *worlds* are dealt from the view
(``state.sample(view, rng)``: the unseen cards dealt at random, consistently with everything the seat has seen),
each choice is applied in every world (the same worlds for every choice: common random numbers) and the world is
valued either exactly, where the game has a solver for a fully known deal (Whist's card play double dummy, Écarté's
tricks), or by playing the deal out with the bots of ``level`` in every seat. A choice's value is the mean over
the worlds of what the seat makes of the rest of the deal (the game's :class:`~academie.registry.Reviewer` says
what in which unit), with its standard error.

The **cost** of the choice made is the best value minus its value (its standard error is that of the paired
differences, world by world); a difference within two standard errors of zero is noise, and the choice made is as
good as the best within the precision: its cost is 0 (the best of several noisy means is biased upwards, and that
bias would otherwise give every decision among near-equal choices a cost, as large as the play-outs are noisy). The
**mark** compares the cost with the game's thresholds (a slip, a mistake, a blunder). A seat's **accuracy** is the share
of its decisions left unmarked, in percent. The **luck** of a deal for a seat is the value of its best choice at
its first decision of the deal: what its cards were worth with good play from there, before its play could
change anything; the deal's result minus the luck is what the play (its own and the others') and the fall of
the unseen cards made of them. It is given with its standard error (that of the best choice's mean; a seat's, the
deals' added in quadrature): no solver values a whole deal from its first decision, so the luck is as precise as
the worlds are many.

Where an exact answer exists it is given beside, labelled as what it is: with every card seen (the true deal
solved exactly: Whist's double-dummy tricks before and after the card, Écarté's tricks), or an optimal policy
(Form B). Such a figure reads the others' hidden cards: it is never the value of an imperfect-information choice,
and the sampled values, costs and marks never depend on it.

Deterministic: each decision's worlds and play-outs come from a generator seeded by the game, the seat, the step,
the seat's view, the level and the number of samples, so a seat's review does not change when the others' hidden
cards do; there is no global generator and no clock.

>>> from academie import record
>>> from academie.games import load
>>> game = load("ecarte")
>>> state = game.new(seed=5, first_dealer=0)
>>> while not state.deal_results:
...     _ = state.apply(state.legal_actions()[0])
>>> result = review(record.from_state(state), samples=4)
>>> result.game, result.unit, all(d.cost >= 0 for d in result.decisions)
('ecarte', 'points', True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from academie import record as records
from academie.bots import Bot, Reason
from academie.engine import CHANCE, AcademieError, Action, DealResult, Game, Irregular, Remedy, Rules, View
from academie.games import GameType, load
from academie.registry import (
    ExactAnswer,
    Reviewer,
    every_choice,
    fixed_thresholds,
    no_exact_answer,
    no_play_model,
    no_world_values,
    seat_points,
)
from academie.words import Words

DEFAULT_SAMPLES: Final = 32
"""Worlds per decision at the default precision."""
DEFAULT_LEVEL: Final = "classical"
"""The bots that play the deals out: fast, and each plays every seat of its world by the books."""
DEFAULT_UNIT: Final = "points"
DEFAULT_THRESHOLDS: Final = (0.1, 0.3, 0.6)
"""A game without review hooks: a slip, a mistake, a blunder from these costs in its returns."""
MARKS: Final = ("slip", "mistake", "blunder")
SAMPLE_TRIES: Final = 3
"""How many draws of a world a sample may take before the review gives up on it (a view no deal fits)."""
NOISE: Final = 2.0
"""A cost within this many standard errors of zero is noise: it counts as 0 and is not marked."""
MAX_PLAYOUT: Final = 5000
"""The most actions a play-out follows before it is given up (a deal of any game is far shorter)."""


class ReviewError(AcademieError, ValueError):
    """A review that cannot be made: an unknown level, a seat that is not at the table, too few samples."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal choice with its mean value over the worlds and the standard error of that mean."""

    action: str
    value: float
    error: float


@dataclass(frozen=True, slots=True)
class Exact:
    """An exact answer beside the sampled values: ``label`` says what it is (with every card seen, an optimal
    policy); ``before`` is its value of the best choice, ``after`` its value of the choice made (None when it gives
    no values)."""

    label: str
    best: str
    before: float | None = None
    after: float | None = None
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat, reviewed."""

    seat: int
    step: int
    """The index of the decision in the record's operations."""
    deal: int
    """The deal it belongs to, counted from 0."""
    played: str
    best: str
    cost: float
    cost_error: float
    mark: str | None
    """``slip``, ``mistake``, ``blunder``, or None."""
    choices: tuple[Choice, ...]
    standing: float
    """What the seat had made of the partie so far, in its returns, when it decided."""
    reason: Reason
    exact: Exact | None = None

    def value_of(self, action: str) -> Choice:
        return next(choice for choice in self.choices if choice.action == action)


@dataclass(frozen=True, slots=True)
class DealLine:
    """A seat's deal: what its play cost, its luck (None when it made no decision) with its standard error, and the
    deal's outcome."""

    seat: int
    deal: int
    cost: float
    luck: float | None
    result: float
    luck_error: float | None = None
    """The standard error of ``luck``: that of the best choice's mean at the deal's first decision."""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A seat over the whole record: its decisions, total and mean cost, accuracy (percent of decisions left
    unmarked; None without decisions), marks by kind and total luck."""

    seat: int
    decisions: int
    cost: float
    mean_cost: float
    accuracy: float | None
    marks: Mapping[str, int]
    luck: float
    result: float
    luck_error: float = 0.0
    """The standard error of ``luck``: the deals' errors added in quadrature (each deal's worlds are its own)."""


@dataclass(frozen=True, slots=True)
class Review:
    game: str
    unit: str
    thresholds: tuple[float, float, float]
    level: str
    samples: int
    seats: tuple[SeatLine, ...]
    deals: tuple[DealLine, ...]
    decisions: tuple[Decision, ...]
    results: tuple[int, ...] = field(default=())
    """Each seat's returns at the end of the record."""


@dataclass(frozen=True, slots=True)
class _Hooks:
    """A game's review hooks, or the defaults of a game that declares none."""

    unit: str
    thresholds: Callable[[Rules], tuple[float, float, float]]
    outcome: Callable[[DealResult, int], float]
    choices: Callable[[View], Sequence[Action]]
    world_values: Callable[[Game, int], dict[Action, float] | None]
    exact: Callable[[Game, int], ExactAnswer | None]
    play_model: Callable[[Game, int], Action | None]


def _hooks(game: GameType) -> _Hooks:
    if game.review is None:
        return _Hooks(DEFAULT_UNIT, fixed_thresholds(*DEFAULT_THRESHOLDS), seat_points, every_choice, no_world_values,
                      no_exact_answer, no_play_model)
    hooks: Reviewer = game.review()
    return _Hooks(hooks.UNIT, hooks.thresholds, hooks.outcome, hooks.choices, hooks.world_values, hooks.exact,
                  hooks.play_model)


def decisions_of(game: GameType, final: Game) -> Iterator[tuple[int, Game, int, Action]]:
    """Every decision of the partie ``final`` replays: its step, the state just before it, the seat and the action.

    A decision is an action a seat chose among two or more legal actions while no ruling was pending: rulings,
    remedies, irregular acts and forced moves are not decisions."""
    state = game.new(final.rules, first_dealer=game.record.first_dealer(final))
    for step, operation in enumerate(final.operations):
        action = operation.action
        actor = operation.actor
        if (actor >= 0 and not isinstance(action, (Irregular, Remedy)) and state.pending is None
                and state.actor == actor):
            legal = state.legal_actions()
            if len(legal) > 1 and action in legal:
                yield step, state.clone(), actor, action
        state.apply(action)


def _seed(game: str, seat: int, step: int, view: View, level: str, samples: int) -> int:
    """The decision's generator seed: from what the seat knows (its view's fields that make two views equal),
    never from the others' hidden cards."""
    known = [getattr(view, f.name) for f in dataclasses.fields(view) if f.compare] if dataclasses.is_dataclass(
        view) else view
    text = f"{game}|{seat}|{step}|{level}|{samples}|{known!r}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _play_out(world: Game, seat: int, bots: Sequence[Bot], hooks: _Hooks) -> float:
    """Play ``world`` to the end of its deal with ``bots`` (where the game's model of a player has no move of its
    own); what ``seat`` made of the deal (0 if it never ends)."""
    deals = len(world.deal_results)
    for _ in range(MAX_PLAYOUT):
        if len(world.deal_results) > deals:
            break
        actor = world.actor
        if actor is None:
            break
        if actor == CHANCE:
            if world.chance is None:
                break
            world.resolve_chance()
            continue
        if actor < 0:  # the table rules with nobody's choice
            world.apply_unchecked(world.legal_actions()[0])
            continue
        modelled = hooks.play_model(world, seat)
        world.apply_unchecked(bots[actor].choose(world.view(actor)) if modelled is None else modelled)
    if len(world.deal_results) <= deals:
        return 0.0
    return hooks.outcome(world.deal_results[deals], seat)


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def value_choices(game: GameType, state: Game, seat: int, *, samples: int = DEFAULT_SAMPLES,
                  level: str = DEFAULT_LEVEL, step: int = 0, played: Action | None = None,
                  hooks: _Hooks | None = None) -> dict[Action, list[float]]:
    """The value of each legal action of ``seat`` (to act in ``state``) in each of ``samples`` worlds dealt from its
    view alone: exact where the game solves a fully known deal, else a play-out by the bots of ``level``."""
    hooks = hooks or _hooks(game)
    view = state.view(seat)
    legal = tuple(hooks.choices(view))
    if played is not None and played not in legal:
        legal = (*legal, played)
    rng = random.Random(_seed(game.name, seat, step, view, level, samples))
    values: dict[Action, list[float]] = {action: [] for action in legal}
    sampler = type(state)
    for _ in range(samples * SAMPLE_TRIES):
        if len(values[legal[0]]) == samples:
            break
        try:
            world = sampler.sample(view, rng)
            valued = _world_values(game, hooks, world, seat, legal, level=level, chance=rng.getrandbits(32))
        except AcademieError:
            continue  # no deal fits the view (a ruling's aftermath, table mode), or a bot cannot play it out
        for action in legal:
            values[action].append(valued[action])
    if len(values[legal[0]]) < 2:
        raise ReviewError(f"no deals of the unseen cards fit the view of seat {seat} at step {step}")
    return values


def _world_values(game: GameType, hooks: _Hooks, world: Game, seat: int, legal: Sequence[Action], *, level: str,
                  chance: int) -> dict[Action, float]:
    """Each choice's value in one world: exact where the game solves a fully known deal, else played out by bots
    seeded alike for every choice (common random numbers)."""
    exact = hooks.world_values(world, seat)
    if exact is not None and all(action in exact for action in legal):
        return {action: exact[action] for action in legal}
    valued = {}
    for action in legal:
        twin = world.clone()
        twin.apply(action)
        bots = [game.make_bot(level, seed=chance + index) for index in range(len(world.returns()))]
        valued[action] = _play_out(twin, seat, bots, hooks)
    return valued


def _mark(cost: float, error: float, thresholds: tuple[float, float, float]) -> str | None:
    if cost <= NOISE * error:
        return None
    mark = None
    for name, least in zip(MARKS, thresholds, strict=True):
        if cost >= least - 1e-9:
            mark = name
    return mark


def _reason(*, played: str, best: str, cost: float, mark: str | None, unit: str, samples: int,
            exact_worlds: bool) -> Reason:
    """Why the choice is marked or not, in words: how it compares with the best, over how many worlds, valued how."""
    if played == best and exact_worlds:
        return Reason("{played} was the best choice, over {samples} deals of the unseen cards consistent with what "
                      "the seat had seen, each solved with every card in view", played=played, samples=samples)
    if played == best:
        return Reason("{played} was the best choice, over {samples} deals of the unseen cards consistent with what "
                      "the seat had seen, each played out by the bots", played=played, samples=samples)
    if mark is None and exact_worlds:
        return Reason("{played} was as good as {best} within the precision, over {samples} deals of the unseen cards "
                      "consistent with what the seat had seen, each solved with every card in view", played=played,
                      best=best, samples=samples)
    if mark is None:
        return Reason("{played} was as good as {best} within the precision, over {samples} deals of the unseen cards "
                      "consistent with what the seat had seen, each played out by the bots", played=played,
                      best=best, samples=samples)
    if exact_worlds:
        return Reason("{best} was better than {played} by {cost} {unit} on average, over {samples} deals of the "
                      "unseen cards consistent with what the seat had seen, each solved with every card in view",
                      played=played, best=best, cost=f"{cost:.2f}", unit=unit, samples=samples)
    return Reason("{best} was better than {played} by {cost} {unit} on average, over {samples} deals of the unseen "
                  "cards consistent with what the seat had seen, each played out by the bots", played=played,
                  best=best, cost=f"{cost:.2f}", unit=unit, samples=samples)


def review(partie: records.Record, *, seat: int | None = None, samples: int = DEFAULT_SAMPLES,
           level: str = DEFAULT_LEVEL, exact: bool = True,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review every decision of ``partie`` (of ``seat`` alone when given); see the module's documentation.

    ``exact`` False leaves out the exact answers that read the others' hidden cards (for a game not yet over);
    ``progress(done, total)`` is called as the decisions are reviewed."""
    if samples < 2:
        raise ReviewError(f"{samples} samples cannot give a standard error; allowed: 2 or more")
    game = load(partie.game)
    if level not in game.bot_names():
        raise ReviewError(f"no level {level!r} in {game.name}; allowed: {', '.join(game.bot_names())}")
    final = records.replay(partie)
    seats = len(final.returns())
    if seat is not None and not 0 <= seat < seats:
        raise ReviewError(f"seat {seat} is not at this table; allowed: 0 to {seats - 1}")
    hooks = _hooks(game)
    limits = hooks.thresholds(final.rules)
    todo = [(step, state, who, action) for step, state, who, action in decisions_of(game, final)
            if seat is None or who == seat]
    decisions: list[Decision] = []
    for done, (step, state, who, action) in enumerate(todo):
        with contextlib.suppress(ReviewError):  # no deal of the unseen cards fits the view: it cannot be valued
            decisions.append(_review_one(game, hooks, state, who, action, step=step, samples=samples, level=level,
                                         exact=exact))
        if progress is not None:
            progress(done + 1, len(todo))
    reviewed = range(seats) if seat is None else (seat,)
    deal_lines = _deal_lines(final, decisions, hooks, reviewed)
    seat_lines = tuple(_seat_line(who, decisions, deal_lines) for who in reviewed)
    return Review(game=game.name, unit=hooks.unit, thresholds=limits, level=level, samples=samples,
                  seats=seat_lines, deals=deal_lines, decisions=tuple(decisions), results=tuple(final.returns()))


def _review_one(game: GameType, hooks: _Hooks, state: Game, seat: int, action: Action, *, step: int, samples: int,
                level: str, exact: bool) -> Decision:
    values = value_choices(game, state, seat, samples=samples, level=level, step=step, played=action, hooks=hooks)
    legal = list(values)
    means = {a: _mean_error(values[a]) for a in legal}
    top = max(means[a][0] for a in legal)
    best = action if means[action][0] >= top - 1e-9 else next(a for a in legal if means[a][0] >= top - 1e-9)
    differences = [b - p for b, p in zip(values[best], values[action], strict=True)]
    cost, cost_error = _mean_error(differences)
    if best == action:
        cost, cost_error = 0.0, 0.0
    elif cost <= NOISE * cost_error:
        # as good as the best within the precision: the best of several noisy means is biased upwards (the choice
        # that drew the luckiest worlds comes first), and counting that bias would give every decision a cost
        cost = 0.0
    mark = _mark(cost, cost_error, hooks.thresholds(state.rules))
    exact_worlds = hooks.world_values(state, seat) is not None
    reason = _reason(played=str(action), best=str(best), cost=cost, mark=mark, unit=hooks.unit, samples=samples,
                     exact_worlds=exact_worlds)
    return Decision(seat=seat, step=step, deal=len(state.deal_results), played=str(action), best=str(best),
                    cost=cost, cost_error=cost_error, mark=mark,
                    choices=tuple(Choice(str(a), means[a][0], means[a][1]) for a in legal),
                    standing=sum(hooks.outcome(deal, seat) for deal in state.deal_results), reason=reason,
                    exact=_exact(hooks, state, seat, action) if exact else None)


def _exact(hooks: _Hooks, state: Game, seat: int, action: Action) -> Exact | None:
    """The exact answer beside the sampled values: the true deal solved with every card seen, or the game's own."""
    seen = hooks.world_values(state, seat)
    if seen is not None and action in seen:
        top = max(seen.values())
        best = next(a for a in seen if seen[a] == top)
        return Exact("with every card seen", str(action if seen[action] == top else best), top, seen[action],
                     hooks.unit)
    answer = hooks.exact(state, seat)
    if answer is None:
        return None
    by_action = dict(answer.values)
    return Exact(answer.label, answer.best, by_action.get(answer.best), by_action.get(str(action)), answer.unit)


def _deal_lines(final: Game, decisions: Sequence[Decision], hooks: _Hooks,
                seats: Sequence[int]) -> tuple[DealLine, ...]:
    results = final.deal_results
    lines = []
    for deal in range(len(results) + (0 if final.is_terminal else 1)):
        if deal == len(results) and not any(d.deal == deal for d in decisions):
            break  # the deal in progress when the record stops, with no decision yet
        for seat in seats:
            mine = [d for d in decisions if d.seat == seat and d.deal == deal]
            best = max(mine[0].choices, key=lambda choice: choice.value) if mine else None
            result = hooks.outcome(results[deal], seat) if deal < len(results) else 0.0
            lines.append(DealLine(seat=seat, deal=deal, cost=sum(d.cost for d in mine),
                                  luck=None if best is None else best.value, result=result,
                                  luck_error=None if best is None else best.error))
    return tuple(lines)


def _seat_line(seat: int, decisions: Sequence[Decision], deals: Sequence[DealLine]) -> SeatLine:
    mine = [d for d in decisions if d.seat == seat]
    cost = sum(d.cost for d in mine)
    marks = {name: sum(1 for d in mine if d.mark == name) for name in MARKS}
    unmarked = sum(1 for d in mine if d.mark is None)
    return SeatLine(seat=seat, decisions=len(mine), cost=cost, mean_cost=cost / len(mine) if mine else 0.0,
                    accuracy=100.0 * unmarked / len(mine) if mine else None, marks=marks,
                    luck=sum(line.luck or 0.0 for line in deals if line.seat == seat),
                    result=sum(line.result for line in deals if line.seat == seat),
                    luck_error=math.sqrt(sum((line.luck_error or 0.0) ** 2 for line in deals if line.seat == seat)))


# ------------------------------------------------------------------------------------------------ output
def term(name: str, words: Words) -> str:
    """A unit, a mark or a label of the review in the reader's language (each one message of the catalogues)."""
    terms = {
        "points": words("points"), "tricks": words("tricks"), "counters": words("counters"), "tokens": words("tokens"),
        "share": words("share of the time"), "slip": words("slip"), "mistake": words("mistake"),
        "blunder": words("blunder"), "with every card seen": words("with every card seen"),
        "the exact optimal policy of Form B (Q-§5.8): how often it takes each choice":
            words("the exact optimal policy of Form B (Q-§5.8): how often it takes each choice"),
    }
    return terms.get(name, name)


def say_reason_text(reason: Reason, words: Words, *, moves: Mapping[str, str] | None = None) -> str:
    """A decision's reason in the reader's language (its unit too), the choices it names in ``moves``' words
    (an action's text to its label, as the menu says it) where ``moves`` has them, else as the record writes them."""
    said = moves or {}
    arguments = {name: term(value, words) if name == "unit" and isinstance(value, str)
                 else said.get(value, value) if name in ("played", "best") and isinstance(value, str)
                 else words.number(value) if name == "cost" and isinstance(value, str) else value
                 for name, value in reason.arguments.items()}
    return words(reason.message, **arguments)


def to_json(result: Review, words: Words | None = None) -> dict[str, object]:
    """The review as plain data: ``game``, ``seats``, ``deals`` and ``decisions`` (each with ``seat``, ``step``,
    ``played``, ``best``, ``cost`` and its ``cost_error``, ``mark``, ``choices: [{action, value, error}]``, the reason
    in words and the exact answer when there is one, labelled)."""
    say = words or Words("en", game=result.game)
    return {
        "game": result.game, "unit": result.unit, "thresholds": list(result.thresholds), "level": result.level,
        "samples": result.samples, "results": list(result.results),
        "seats": [{"seat": s.seat, "decisions": s.decisions, "cost": _round(s.cost), "mean_cost": _round(s.mean_cost),
                   "accuracy": None if s.accuracy is None else round(s.accuracy, 1), "marks": dict(s.marks),
                   "luck": _round(s.luck), "luck_error": _round(s.luck_error), "result": _round(s.result)}
                  for s in result.seats],
        "deals": [{"seat": d.seat, "deal": d.deal, "cost": _round(d.cost),
                   "luck": None if d.luck is None else _round(d.luck), "luck_error": _maybe(d.luck_error),
                   "result": _round(d.result)}
                  for d in result.deals],
        "decisions": [{
            "seat": d.seat, "step": d.step, "deal": d.deal, "played": d.played, "best": d.best,
            "cost": _round(d.cost), "cost_error": _round(d.cost_error), "mark": d.mark,
            "choices": [{"action": c.action, "value": _round(c.value), "error": _round(c.error)} for c in d.choices],
            "standing": d.standing, "reason": say_reason_text(d.reason, say),
            "exact": None if d.exact is None else {
                "label": term(d.exact.label, say), "best": d.exact.best, "before": _maybe(d.exact.before),
                "after": _maybe(d.exact.after), "unit": d.exact.unit}}
            for d in result.decisions],
    }


def markdown(result: Review, words: Words | None = None) -> str:
    """The review for reading: each seat's totals, each deal's cost and luck, then every decision marked or not."""
    w = words or Words("en", game=result.game)
    unit = term(result.unit, w)
    lines = [w("# Review of a game of {game}", game=load(result.game).title), "",
             w("Each value is the mean over {samples} deals of the unseen cards consistent with what the seat had "
               "seen, in {unit}, ± its standard error; the rest of each deal played by the bots of level {level}.",
               samples=result.samples, unit=unit, level=result.level), "",
             w("| Seat | Decisions | Total cost | Mean cost | Accuracy | Slips | Mistakes | Blunders | Luck | Result |"
               ),
             "|---|---|---|---|---|---|---|---|---|---|"]
    for seat in result.seats:
        accuracy = "—" if seat.accuracy is None else f"{seat.accuracy:.0f}%"
        lines.append(f"| {seat.seat} | {seat.decisions} | {figure(w, seat.cost, '.2f')} | "
                     f"{figure(w, seat.mean_cost, '.3f')} | {accuracy} | {seat.marks['slip']} | "
                     f"{seat.marks['mistake']} | {seat.marks['blunder']} | {figure(w, seat.luck, '.2f')} ± "
                     f"{figure(w, seat.luck_error, '.2f')} | {figure(w, seat.result, 'g')} |")
    lines += ["", w("| Deal | Seat | Cost of the play | Luck (value of the cards dealt) | Result |"),
              "|---|---|---|---|---|"]
    for deal in result.deals:
        luck = ("—" if deal.luck is None
                else f"{figure(w, deal.luck, '.2f')} ± {figure(w, deal.luck_error or 0.0, '.2f')}")
        lines.append(f"| {deal.deal + 1} | {deal.seat} | {figure(w, deal.cost, '.2f')} | {luck} | "
                     f"{figure(w, deal.result, 'g')} |")
    lines += ["", w("| Step | Seat | Played | Best | Cost | Mark | Exact | Why |"), "|---|---|---|---|---|---|---|---|"]
    for d in result.decisions:
        mark = term(d.mark, w) if d.mark else ""
        exact = ""
        if d.exact is not None:
            after = "" if d.exact.after is None else f" {figure(w, d.exact.after, 'g')}"
            before = "" if d.exact.before is None else f"{figure(w, d.exact.before, 'g')} →"
            exact = f"{term(d.exact.label, w)}: {d.exact.best} ({before}{after} {term(d.exact.unit, w)})"
        lines.append(f"| {d.step} | {d.seat} | {d.played} | {d.best} | {figure(w, d.cost, '.2f')} ± "
                     f"{figure(w, d.cost_error, '.2f')} | {mark} | {exact} | {say_reason_text(d.reason, w)} |")
    return "\n".join(lines) + "\n"


def figure(words: Words, value: float, spec: str) -> str:
    """A figure of the review as ``words``' language writes it (``0,62`` in French), formatted by ``spec``."""
    return words.number(format(value, spec))


SEAT_COLOURS: Final = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f")


def expected_results(result: Review) -> dict[int, list[tuple[int, float]]]:
    """Each seat's expected result over the game, point by point: at each of its decisions, what it had made so far
    plus the value of the choice it made; at the end, what it made."""
    series: dict[int, list[tuple[int, float]]] = {seat.seat: [] for seat in result.seats}
    for d in result.decisions:
        series[d.seat].append((d.step, d.standing + d.value_of(d.played).value))
    last = max((d.step for d in result.decisions), default=0) + 1
    for seat in result.seats:
        series[seat.seat].append((last, seat.result))
    return series


def chart_svg(result: Review, words: Words | None = None, *, width: int = 720, height: int = 320,
              labels: Mapping[int, str] | None = None) -> str:
    """An SVG line chart of each seat's expected result over the game (:func:`expected_results`), drawn by hand: no
    plotting library for a few polylines, axes and a legend. ``labels`` names the seats in the legend (by default
    "seat N", counted as the command line's ``--seat`` counts them)."""
    w = words or Words("en", game=result.game)
    series = expected_results(result)
    points = [point for line in series.values() for point in line]
    left, right, top, bottom = 56, 16, 28, 36
    xs = [x for x, _ in points] or [0]
    ys = [y for _, y in points] or [0.0]
    x0, x1 = 0, max(max(xs), 1)
    y0, y1 = min(min(ys), 0.0), max(max(ys), 0.0)
    if y1 - y0 < 1e-9:
        y0, y1 = y0 - 1, y1 + 1

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * (width - left - right)

    def py(y: float) -> float:
        return top + (y1 - y) / (y1 - y0) * (height - top - bottom)

    title = w("Expected result of each seat over the game, in {unit}", unit=term(result.unit, w))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{left}" y="18">{_xml(title)}</text>',
             f'<line x1="{left}" y1="{py(0):.1f}" x2="{width - right}" y2="{py(0):.1f}" stroke="#999" '
             'stroke-dasharray="4 3"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#333"/>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="#333"/>']
    for value in (y0, (y0 + y1) / 2, y1):
        parts.append(f'<text x="{left - 6}" y="{py(value) + 4:.1f}" text-anchor="end">{value:.1f}</text>')
    axis = w("step of the game")
    parts.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 8}" text-anchor="middle">'
                 f'{_xml(axis)}</text>')
    for index, (seat, line) in enumerate(sorted(series.items())):
        colour = SEAT_COLOURS[index % len(SEAT_COLOURS)]
        coordinates = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in line)
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{coordinates}"/>')
        for d in result.decisions:
            if d.seat == seat and d.mark is not None:
                y = d.standing + d.value_of(d.played).value
                parts.append(f'<circle cx="{px(d.step):.1f}" cy="{py(y):.1f}" r="4" fill="{colour}">'
                             f'<title>{_xml(term(d.mark, w))}: {_xml(d.played)}</title></circle>')
        label = labels[seat] if labels is not None and seat in labels else w("seat {seat}", seat=seat)
        parts.append(f'<text x="{width - right - 70}" y="{top + 14 * (index + 1)}" fill="{colour}">'
                     f'{_xml(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _round(value: float) -> float:
    return round(value, 4) if math.isfinite(value) else value


def _maybe(value: float | None) -> float | None:
    return None if value is None else _round(value)
