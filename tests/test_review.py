"""The review of a played game (:mod:`academie.review`): every decision of every game valued from the deciding
seat's view alone, with standard errors, costs, marks, accuracy and luck; exact answers labelled beside; a seat's
review blind to the others' hidden cards; positions where one choice is known to lose marked, the best named."""

from __future__ import annotations

import math
import random

import pytest

from academie import record
from academie.cards import Card
from academie.engine import Game, Irregular, Mode, Remedy, Rules, Shuffle
from academie.games import GameType, load
from academie.games.ecarte import EcarteRules, EcarteState
from academie.games.ecarte.positions import deck as ecarte_deck
from academie.games.quinze import QuinzeRules, QuinzeState, QuinzeView
from academie.games.whist import WhistState
from academie.games.whist.positions import deck as whist_deck
from academie.review import (
    MARKS,
    NOISE,
    Review,
    ReviewError,
    chart_svg,
    decisions_of,
    markdown,
    review,
    to_json,
    value_choices,
)
from academie.words import Words

TABLES: dict[str, tuple[str, dict[str, int], Rules | None]] = {
    "ecarte": ("ecarte", {}, None),
    "whist": ("whist", {}, None),
    "guimbarde-3": ("guimbarde", {"players": 3}, None),
    "guinguette-3": ("guinguette", {"players": 3}, None),
    "quinze-A-3": ("quinze", {}, QuinzeRules(players=3)),
    "quinze-B": ("quinze", {}, QuinzeRules(form="B")),
    "triomphe": ("triomphe", {}, None),
}
"""Every game, both forms of Le Quinze, and the example game, which declares no review hooks."""


def played(table: str, *, level: str = "classical", seed: int = 11, deals: int = 1) -> Game:
    """A game of ``table`` played by the bots of ``level`` for ``deals`` deals (or to its end)."""
    name, options, rules = TABLES[table]
    game = load(name)
    state = game.new(rules, seed=seed, first_dealer=0, **options)
    bots = [game.make_bot(level, seed=seat) for seat in range(len(state.returns()))]
    while not state.is_terminal and len(state.deal_results) < deals:
        actor = state.actor
        assert actor is not None and actor >= 0
        state.apply(bots[actor].choose(state.view(actor)))
    return state


@pytest.mark.parametrize("table", list(TABLES))
def test_every_decision_of_every_game_values_each_choice_with_its_standard_error(table: str) -> None:
    state = played(table)
    result = review(record.from_state(state), samples=4)
    assert result.decisions, table
    for decision in result.decisions:
        values = {choice.action: choice.value for choice in decision.choices}
        assert decision.played in values and decision.best in values
        assert values[decision.best] == max(values.values())
        difference = values[decision.best] - values[decision.played]
        noise = difference <= NOISE * decision.cost_error
        assert decision.cost == pytest.approx(0.0 if noise else difference, abs=1e-9)
        assert decision.cost >= 0 and decision.mark in (None, *MARKS)
        assert all(math.isfinite(choice.error) and choice.error >= 0 for choice in decision.choices)
        assert decision.reason
    for line in result.seats:
        assert line.accuracy is None or 0 <= line.accuracy <= 100
        assert line.cost == pytest.approx(sum(d.cost for d in result.decisions if d.seat == line.seat))


def varied(game: GameType, final: Game, step: int, seat: int) -> Game | None:
    """The state just before ``step`` of a deal dealt like ``final``'s but for two cards that ``seat`` had not seen
    by then (the record's hook says what it saw), swapped in the deck order; the same actions replayed. None when
    no such swap keeps every action legal and the seat's view the same."""
    operations = final.operations[:step]
    deal = max(index for index, operation in enumerate(operations) if isinstance(operation.action, Shuffle))
    state = game.new(final.rules, first_dealer=game.record.first_dealer(final))
    seen: set[Card] = set()
    for index, operation in enumerate(operations):
        before = state.clone()
        state.apply(operation.action)
        if index >= deal:
            seen |= set(game.record.seen(before, state, operation, seat))
    shuffle = operations[deal].action
    assert isinstance(shuffle, Shuffle)
    hidden = [index for index, card in enumerate(shuffle.order) if card not in seen]
    rng = random.Random(step)
    for _ in range(60):
        first, second = rng.sample(hidden, 2)
        if shuffle.order[first] == shuffle.order[second]:
            continue
        order = list(shuffle.order)
        order[first], order[second] = order[second], order[first]
        other = game.new(final.rules, first_dealer=game.record.first_dealer(final))
        try:
            for index, operation in enumerate(operations):
                other.apply(Shuffle(tuple(order)) if index == deal else operation.action)
        except ValueError:
            continue
        if other.view(seat) == state.view(seat) and other.actor == seat:
            return other
    return None


@pytest.mark.parametrize("table", list(TABLES))
def test_a_seats_values_never_change_when_the_others_hidden_cards_change(table: str) -> None:
    """Like the views' tests: at each decision, the same deal with two cards the seat had not seen swapped (in
    the others' hands or the pack, every action replayed) gives every choice exactly the same values."""
    state = played(table)
    game = load(TABLES[table][0])
    compared = 0
    for step, before, seat, _action in list(decisions_of(game, state))[:8]:
        other = varied(game, state, step, seat)
        if other is None:
            continue
        assert any(other.view(s) != before.view(s) for s in range(len(before.returns())) if s != seat) or \
            other.operations != before.operations
        assert value_choices(game, before, seat, samples=3, step=step) == \
            value_choices(game, other, seat, samples=3, step=step)
        compared += 1
    assert compared, "no decision was tried with the others' cards changed"


def test_a_seats_whole_review_is_the_same_whoever_holds_the_cards_it_never_saw() -> None:
    """Two Whist deals that differ only in how seats 1 and 3 split the cards seat 0 never saw before its first
    card: seat 0's review of that card is the same, the exact answer aside (it reads every hand)."""
    hands = {0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"}
    first = whist_deck(hands={**hands, 1: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                              3: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer=3, turn_up="2C")
    second = whist_deck(hands={**hands, 1: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2D",
                               3: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2C"}, dealer=3, turn_up="2C")
    reviews = []
    for order in (first, second):
        state = WhistState.new(decks=[order], first_dealer=3)
        state.apply_text("play 2S")
        reviews.append(review(record.from_state(state), seat=0, samples=4))
    assert [(d.played, d.best, d.cost, d.choices) for d in reviews[0].decisions] == \
        [(d.played, d.best, d.cost, d.choices) for d in reviews[1].decisions]
    assert reviews[0].decisions


def test_W_5_fourth_hand_who_ducks_the_king_under_his_ace_is_marked_and_the_ace_named() -> None:
    """W-§5 (the highest card of the suit led wins the trick): seat 0 leads the king of hearts, the third hand
    follows low; the fourth hand (seat 3) holds the ace: ducking with a small heart gives up a trick in every deal
    the seat can imagine; the ace is the better choice (the books' advice, fourth hand wins, is the bots' W-§8.1,
    which is advice, not a rule of the catalogue)."""
    order = whist_deck(hands={0: "KH QH JH 2C 3C 4C 5C 6C 7C 8C 9C TC JC", 1: "2H 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
                              2: "3H 5H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", 3: "AH 4H 6H 7H 8H 9H TH KD AD QC KC AC 2S"},
                       dealer=3)
    state = WhistState.new(decks=[order], first_dealer=3)
    for text in ("play KH", "play 2H", "play 3H", "play 4H"):
        state.apply_text(text)
    result = review(record.from_state(state), seat=3, samples=16)
    duck = result.decisions[-1]
    assert (duck.played, duck.best) == ("play 4H", "play AH")
    assert duck.mark in ("mistake", "blunder"), duck
    assert duck.exact is not None and duck.exact.label == "with every card seen"
    assert duck.exact.before is not None and duck.exact.after is not None and duck.exact.before > duck.exact.after


def test_W_4_2_a_call_at_eight_that_wins_the_game_is_valued_as_the_game_not_as_no_tricks() -> None:
    """W-§4.2, W-§6.1, W-§6.2: a real rubber (the classical bots, seed 31) where seat 2's side is at eight and
    seat 2, holding two honours, may call before his first card; his partner holds an honour. The call, answered,
    wins the game without a trick played: it is not marked and costs nothing, valued in every world at least as
    high as the card (eight tricks, those that would win the game by play, where the partner answers; the best
    card's tricks where he would deny). Playing the card instead is valued below calling, the call named best."""
    game = load("whist")
    state = game.new(seed=31, first_dealer=0)
    bots = [game.make_bot("classical", seed=seat) for seat in range(4)]
    while "call" not in {str(action) for action in state.legal_actions()}:
        actor = state.actor
        assert actor is not None and actor >= 0 and len(state.deal_results) < 3
        state.apply(bots[actor].choose(state.view(actor)))
    seat = state.actor
    assert seat == 2 and state.view(seat).score == (8, 1)
    values = value_choices(game, state, seat, samples=8, step=len(state.operations))
    calls = values.pop(state.parse_action("call"))
    assert all(call >= card for other in values.values() for call, card in zip(calls, other, strict=True))
    called = state.clone()
    called.apply_text("call")
    called.apply_text("answer")
    assert called.deal_results[-1].completed is False and called.game_results[-1].winner == 0
    decision = review(record.from_state(called), seat=seat, samples=8).decisions[-1]
    assert (decision.played, decision.best, decision.cost, decision.mark) == ("call", "call", 0.0, None)
    assert decision.value_of("call").value > max(c.value for c in decision.choices if c.action != "call")
    played = state.clone()
    played.apply(next(action for action in played.legal_actions() if str(action) != "call"))
    decision = review(record.from_state(played), seat=seat, samples=8).decisions[-1]
    assert decision.best == "call" and decision.played != "call"
    assert decision.value_of("call").value > decision.value_of(decision.played).value


def test_E_5_the_last_two_tricks_solved_exactly_mark_the_king_played_too_soon() -> None:
    """Écarté, trick 4: the elder (who stood) leads 7♥ and the dealer holds K♥ 8♥, both of which overtake. With
    K♥ kept, the last trick is his unless the elder trumps; with 8♥ kept, any heart from the 9 up takes it too.
    The review marks K♥ and names 8♥; solved with every card seen (the elder keeps Q♥), the point is won with 8♥
    and lost with K♥."""
    order = ecarte_deck(hands={1: "8D KC QC 7H QH", 0: "9D 7C 8C KH 8H"}, dealer=0, turn_up="7S")
    state = EcarteState.new(decks=[order], first_dealer=0)
    for text in ("stand", "play 8D", "play 9D", "play 7C", "play KC", "play QC", "play 8C", "play 7H", "play KH"):
        state.apply_text(text)
    decision = review(record.from_state(state), seat=0, samples=64).decisions[-1]
    assert (decision.played, decision.best) == ("play KH", "play 8H")
    assert decision.mark is not None
    assert decision.exact is not None and decision.exact.label == "with every card seen"
    assert (decision.exact.best, decision.exact.before, decision.exact.after) == ("play 8H", 2, -1)


def test_Q_5_8_form_b_elder_who_stands_on_a_low_total_is_marked_against_the_exact_policy() -> None:
    """Form B: the elder stands where the exact optimal policy always draws; the sampled values mark it and the
    exact policy is given beside, labelled."""
    game = load("quinze")
    for seed in range(40):
        state = QuinzeState.new(QuinzeRules(form="B"), seed=seed, first_dealer=0)
        if str(state.actor) != "1" or "stand" not in {str(a) for a in state.legal_actions()}:
            continue
        answer = game.review().exact(state, 1) if game.review is not None else None
        if answer is None or answer.best != "card" or dict(answer.values)["card"] < 1:
            continue
        state.apply_text("stand")
        decision = review(record.from_state(state), seat=1, samples=200).decisions[0]
        assert (decision.played, decision.best) == ("stand", "card")
        assert decision.mark is not None
        assert decision.exact is not None and decision.exact.best == "card" and decision.exact.after == 0
        assert "Form B" in decision.exact.label
        return
    pytest.fail("no deal where the elder's exact policy always draws")


def test_Q_5_3_Q_R9_a_raise_of_the_pot_on_poor_cards_is_not_valued_above_drawing_or_the_least_raise() -> None:
    """Q-§5.3, Q-R9, Form A at four (the classical bots, seed 4): seat 1, the elder, holds 7 (a hidden 3 under the
    4 it drew), the pot is 16 and two opponents are in. In the review's play-outs an opponent decides by his cards,
    not by the size of the bet, so a raise of the whole pot wins no more folds than one of half the pot: it is
    valued below drawing a card and below the least raise, where the classical bots, folding to its size, valued it
    above both (8.19 tokens against 5.03 for a card). Raising it is marked over 128 worlds (its cost is within the
noise of 32), the card named better."""
    game = load("quinze")
    state = game.new(QuinzeRules(players=4), seed=4, first_dealer=0)
    bots = [game.make_bot("classical", seed=seat) for seat in range(4)]
    while len(state.operations) < 8:
        actor = state.actor
        assert actor is not None and actor >= 0
        state.apply(bots[actor].choose(state.view(actor)))
    view = state.view(1)
    assert isinstance(view, QuinzeView)
    assert (state.actor, view.total(1), view.pot) == (1, 7, 16)
    values = {str(action): sum(worlds) / len(worlds)
              for action, worlds in value_choices(game, state, 1, samples=32, step=len(state.operations)).items()}
    assert values["raise 16"] < min(values["card"], values["raise 1"]), values
    state.apply_text("raise 16")
    decision = review(record.from_state(state), seat=1, samples=128).decisions[-1]
    assert (decision.played, decision.best) == ("raise 16", "card") and decision.mark is not None, decision


def test_Q_5_2_form_a_strongest_level_playing_itself_costs_a_fraction_of_the_random_bots_cost() -> None:
    """Q-§5.2, Q-§5.3: Form A at four, one coup from each of three seeds (the bench's figures): the expert
    playing itself costs under a quarter of what the random bot playing itself costs, per decision, with the
    opponents of the play-outs no longer folding to the size of a raise."""
    game = load("quinze")
    costs = {}
    for level in ("random", game.strongest()):
        decisions = []
        for seed in range(3):
            state = game.new(QuinzeRules(players=4), seed=seed, first_dealer=0)
            bots = [game.make_bot(level, seed=seat) for seat in range(4)]
            while not state.deal_results:
                actor = state.actor
                assert actor is not None and actor >= 0
                state.apply(bots[actor].choose(state.view(actor)))
            decisions += review(record.from_state(state), samples=16).decisions
        costs[level] = sum(d.cost for d in decisions) / len(decisions)
    assert costs[game.strongest()] < costs["random"] / 4, costs


def test_rulings_remedies_and_irregular_acts_of_table_mode_are_not_decisions() -> None:
    game = load("ecarte")
    state = game.new(EcarteRules(mode=Mode.TABLE), seed=3, first_dealer=0)
    rng = random.Random(0)
    irregular = 0
    while not state.deal_results:
        actor = state.actor
        acts = state.irregular_actions(actor) if actor is not None and actor >= 0 and not irregular else ()
        if acts:
            state.apply(acts[0])
            irregular += 1
            continue
        state.apply(rng.choice(state.legal_actions()))
    assert irregular
    kinds = {type(action) for _step, _state, _seat, action in decisions_of(game, state)}
    assert not kinds & {Irregular, Remedy}
    review(record.from_state(state), samples=3)


def test_the_strongest_level_playing_itself_costs_little_and_the_random_bot_much() -> None:
    """Écarté, a few deals of each: the figures of docs/review.md come from the bench at full size."""
    costs = {}
    for level in ("random", load("ecarte").strongest()):
        state = played("ecarte", level=level, deals=3, seed=5)
        result = review(record.from_state(state), samples=16)
        costs[level] = sum(d.cost for d in result.decisions) / len(result.decisions)
    assert costs["random"] > 0.05 > costs[load("ecarte").strongest()], costs


def test_la_guimbarde_random_bot_costs_clearly_more_than_the_strongest_level() -> None:
    """La Guimbarde's play-outs are noisy and about half its decisions change nothing: counted as costs, the noise
    of choosing the best of near-equal choices hid the random bot's rare costly cards (0.151 against the expert's
    0.149 per decision). A choice as good as the best within the precision now costs nothing, and over three
    seeded parties of two deals at four players the random bot's mean cost is several times the expert's."""
    game = load("guimbarde")
    costs = {}
    for level in ("random", game.strongest()):
        decisions = []
        for seed in range(3):
            state = game.new(seed=seed, first_dealer=0, players=4)
            bots = [game.make_bot(level, seed=seat) for seat in range(4)]
            while len(state.deal_results) < 2:
                actor = state.actor
                assert actor is not None and actor >= 0
                state.apply(bots[actor].choose(state.view(actor)))
            decisions += review(record.from_state(state), samples=16).decisions
        costs[level] = sum(d.cost for d in decisions) / len(decisions)
    assert costs["random"] > 0.1 and costs["random"] > 4 * costs[game.strongest()], costs


def test_the_luck_of_each_deal_carries_its_standard_error_which_falls_as_the_worlds_grow() -> None:
    """Écarté, three deals of the classical bots: each deal's luck is the best choice's value at the seat's first
    decision, given with that value's standard error; a seat's is the deals' in quadrature; with eight times the
    worlds the error of every seat's luck is smaller (by about the square root of eight)."""
    partie = record.from_state(played("ecarte", deals=3, seed=5))
    errors = {}
    for samples in (8, 64):
        result = review(partie, samples=samples)
        for line in result.deals:
            if line.luck is None:
                assert line.luck_error is None
                continue
            first = next(d for d in result.decisions if d.seat == line.seat and d.deal == line.deal)
            best = max(first.choices, key=lambda choice: choice.value)
            assert (line.luck, line.luck_error) == (best.value, best.error)
        for seat in result.seats:
            deals = [line.luck_error or 0.0 for line in result.deals if line.seat == seat.seat]
            assert seat.luck_error == pytest.approx(math.sqrt(sum(error ** 2 for error in deals)))
        errors[samples] = [seat.luck_error for seat in result.seats]
        assert {"luck", "luck_error"} <= set(to_json(result)["deals"][0])  # type: ignore[index]
    assert all(0 < more < fewer for fewer, more in zip(errors[8], errors[64], strict=True)), errors


def test_the_review_is_deterministic_and_speaks_french() -> None:
    partie = record.from_state(played("ecarte"))
    first, second = review(partie, samples=4), review(partie, samples=4)
    assert first == second
    english, french = to_json(first), to_json(first, Words("fr", game="ecarte"))
    assert set(english) >= {"game", "seats", "decisions"}
    decision = english["decisions"][0]  # type: ignore[index]
    assert set(decision) >= {"seat", "step", "played", "best", "cost", "cost_error", "mark", "choices"}
    assert english["decisions"] != french["decisions"]
    assert "Revue" in markdown(first, Words("fr", game="ecarte"))


def test_the_chart_is_an_svg_of_one_line_per_seat() -> None:
    result: Review = review(record.from_state(played("guimbarde-3")), samples=3)
    svg = chart_svg(result)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<polyline") == len(result.seats)


def test_a_level_or_a_seat_or_a_precision_that_does_not_exist_is_refused() -> None:
    partie = record.from_state(played("ecarte"))
    with pytest.raises(ReviewError, match="allowed"):
        review(partie, level="grandmaster")
    with pytest.raises(ReviewError, match="allowed: 0 to 1"):
        review(partie, seat=2)
    with pytest.raises(ReviewError, match="2 or more"):
        review(partie, samples=1)
