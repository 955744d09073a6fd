"""Le Quinze's expert bot: legal and reproducible choices from views only, worlds weighted by the opponents'
decisions (Q-§8 "Information"), known decisions of the rule file's Example 1 (§6) and strategy notes (§8), Form B's
exact policy (Q-§5.8), and table mode (QUINZE-19…40)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from quinze_support import act, form_a

from academie.bots import Reason
from academie.games import make_bot
from academie.games.quinze import CARD, HOLD, PASS, Open, QuinzeRules, QuinzeState, Raise
from academie.games.quinze.bots import vying, vying_table
from academie.games.quinze.bots.classical import ClassicalBot
from academie.games.quinze.bots.expert import ODD, ExpertBot, decision_weight, loose_action, weighted_gain
from academie.games.quinze.bots.oracle import OracleBot
from academie.games.quinze.bots.search import rollout_action
from academie.games.quinze.positions import deck
from academie.words import Words


def said_in_french(reason: str) -> bool:
    """A bot's reason is a :class:`~academie.bots.Reason` whose message the French catalogue translates."""
    return isinstance(reason, Reason) and bool(reason) and Words("fr")(reason.message) != reason.message

def example_1(*texts: str) -> QuinzeState:
    """The rule file's Example 1 (§6): A (seat 0) speaks first, C (seat 2) deals; hidden cards A 7, B K, C 4; A
    draws a 5 and B a 3; then ``texts`` are played."""
    rules = QuinzeRules(players=3)
    state = QuinzeState.new(rules, decks=[deck(hands={0: "7S", 1: "KC", 2: "4S"}, dealer=2, rules=rules,
                                               stock="5C 3S")], first_dealer=2)
    for text in texts:
        state.apply_text(text)
    return state


A_STANDS = ("open 3", "hold", "pass", "card", "want-cards", "raise 4", "hold", "stand")
"""Example 1 up to B's draw: A opened, drew a 5, raised 4 and stood; B held."""


@pytest.mark.parametrize(("form", "players"), [("A", 2), ("A", 4), ("B", 2)])
def test_expert_chooses_legal_actions_reproducibly(form: str, players: int) -> None:
    """Q-§5.6: every choice of the registered expert is legal and explained, and the same seed on the same view
    gives the same action."""
    for seed in range(3):
        state = QuinzeState.new(QuinzeRules(form=form, players=players), seed=seed)  # type: ignore[arg-type]
        bots = [make_bot("quinze", "expert", seed=s, samples=6) for s in range(players)]
        twins = [make_bot("quinze", "expert", seed=s, samples=6) for s in range(players)]
        for _ in range(40):
            if state.is_terminal:
                break
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in state.legal_actions() and twins[seat].choose(view) == action
            assert said_in_french(bots[seat].explain())
            state.apply(action)


def test_expert_decides_from_the_view_alone() -> None:
    """Hidden information: Example 1 and the same coup with A's hidden 7 replaced by another 7 and C's 4 by a 9
    give B the same view (C passed, A's card is hidden), and the expert (same seed) the same action and reason."""
    rules = QuinzeRules(players=3)
    other = QuinzeState.new(rules, decks=[deck(hands={0: "7C", 1: "KC", 2: "9S"}, dealer=2, rules=rules,
                                               stock="5C 3S")], first_dealer=2)
    for text in A_STANDS:
        other.apply_text(text)
    real = example_1(*A_STANDS)
    assert real.view(1) == other.view(1) and real.view(0) != other.view(0)
    first, second = ExpertBot(seed=2, samples=12), ExpertBot(seed=2, samples=12)
    assert first.choose(real.view(1)) == second.choose(other.view(1))
    assert first.explain() == second.explain()


def test_Q_8_information_a_hidden_card_is_read_from_the_open_the_draw_the_raise_and_the_stand() -> None:
    """Q-§8 "Information" (Example 1): A opened, asked for a card that showed a 5, raised and stood. A hidden ten
    (15) explains the draw, the raise on a strong total and the stand, all but the opening (the books open on the
    cards that reach 12 to 15 most often, 2 to 5); a 7 (12) or an ace (6) leave the raise unexplained too, and the
    ace the stand where no card could bust him."""
    view = example_1(*A_STANDS).view(1)
    ten, seven, ace = (decision_weight(view, 0, value) for value in (10, 7, 1))
    assert ten == ODD and seven == ODD * ODD and ace == ODD * ODD
    assert decision_weight(example_1("open 3").view(1), 0, 4) == 1.0  # an opening on a 4 fits


def test_Q_8_standing_thresholds_b_draws_on_ten_against_a_player_who_stood() -> None:
    """Q-§8 "Standing thresholds" (Example 1): B holds a king (10) and A stood showing a 5 after raising; standing
    on 10 loses to nearly every total A can hold, so the expert asks for a card, as B does in the example."""
    view = example_1(*A_STANDS).view(1)
    assert ExpertBot(seed=1, samples=48).choose(view) == CARD


def test_weighted_gain_is_the_plain_paired_mean_with_equal_weights() -> None:
    """The weighted paired gain reduces to the paired mean and its standard error when every world weighs the
    same, and a world of zero weight changes nothing."""
    mean, error = weighted_gain([3.0, 1.0, 2.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0])
    assert mean == pytest.approx(4 / 3) and error == pytest.approx((8 / 9 / 3 * 3 / 2) ** 0.5)
    assert weighted_gain([3.0, 1.0, 2.0, 99.0], [1.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0])[0] == pytest.approx(4 / 3)


def test_Q_5_8_form_b_plays_the_exact_policy() -> None:
    """Q-§5.8: in Form B, solved exactly, the expert plays the classical bot's optimal policy, draw for draw."""
    for seed in range(6):
        state = QuinzeState.new(QuinzeRules(form="B"), seed=seed)
        expert, classical = ExpertBot(seed=seed, samples=4), ClassicalBot(seed=seed)
        while not state.is_terminal:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            action = expert.choose(view)
            if len(view.legal_actions) > 1:
                assert classical.choose(view) == action
            state.apply(action)


def test_perfect_information_player_knows_the_next_card() -> None:
    """The bound of knowing every card (the ladder's perfect-information player), Example 1: B on 10 against A who
    stood; the next card is a 3 (B ends on 13 and wins), so B never stands on 10: it raises its whole cave first,
    sure to win. Its every choice is legal."""
    state = example_1(*A_STANDS)
    oracle = OracleBot(seed=1)
    oracle.see(state)
    choice = oracle.choose(state.view(1))
    assert isinstance(choice, Raise) and choice == state.view(1).legal_actions[-1]
    game = QuinzeState.new(QuinzeRules(players=3), seed=4)
    deals = len(game.deal_results)
    while len(game.deal_results) == deals:
        seat = game.actor
        assert isinstance(seat, int)
        oracle.see(game)
        action = oracle.choose(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)


def test_Q_R9_a_loose_opponent_holds_the_bets_the_books_would_fold() -> None:
    """Q-R9, Q-§8 Betting (Example 1 with a bigger opening): B, holding a king, faces A's opening of 30; the quick
    policy of the books passes (a king reaches 12 to 15 too seldom for the price), but a loose opponent of A holds.
    Where no bet is faced (A to draw) the loose opponent plays the quick policy."""
    state = example_1("open 30")
    assert state.actor == 1
    assert rollout_action(state.clone(), random.Random(0)) == PASS
    assert loose_action(state.clone(), 0) == HOLD
    drawing = example_1("open 3", "hold", "pass")
    assert drawing.actor == 0 and HOLD not in drawing.legal_actions()
    assert loose_action(drawing.clone(), 1) == rollout_action(drawing.clone(), random.Random(1)) == CARD


# ------------------------------------------------------------------------------------- the two-seat vying solved
def two_seat(*texts: str, hidden: tuple[str, str] = ("5C", "KC"), drawn: str = "9S 4S 6S") -> QuinzeState:
    """A two-seat coup dealt by seat 0: the elder (seat 1, first to speak, Q-R7) holds ``hidden[0]``, the dealer
    ``hidden[1]``; the cards asked for come in the order of ``drawn``; then ``texts`` are played."""
    state = form_a(2, 0, [*hidden, *drawn.split()])
    act(state, *texts)
    return state


def test_Q_5_2_QUINZE_39_public_states_of_the_two_seat_vying() -> None:
    """Q-§5.2, QUINZE-35, Q-R9, Q-§5.3, QUINZE-39: each decision of a two-seat coup stands in its public state of
    the abstraction: the elder's opening, the dealer facing it (nothing put in against the least opening, level 1),
    the elder facing a raise to 11 (level 3), his draw once he holds, the dealer's word after his 9, and the
    dealer's draw against the elder's 9 standing, then the elder's word after the dealer's 4."""
    assert vying.public_key(two_seat().view(1)) == ("open",)
    assert vying.public_key(two_seat("open 2").view(0)) == ("F", ("o",), 0, 1, vying.DEALER)
    assert vying.public_key(two_seat("open 2", "raise 9").view(1)) == ("F", ("o",), 1, 3, vying.ELDER)
    assert vying.public_key(two_seat("open 2", "raise 9", "hold").view(1)) == ("DE", 0, 3)
    assert vying.public_key(two_seat("open 2", "raise 9", "hold", "card").view(0)) == ("WD", 9, 3)
    standing = two_seat("open 2", "raise 9", "hold", "card", "want-cards", "stand")
    assert vying.public_key(standing.view(0)) == ("DD", 9, 0, 3)
    act(standing, "0: card")
    assert vying.public_key(standing.view(1)) == ("WE", 9, 4, 3)


def test_Q_R9_abstract_bets_become_legal_raises_and_a_small_raise_is_held() -> None:
    """Q-R9, QUINZE-35: a raise of the abstraction reaches its level's contribution (to 11 over an opening of 2:
    raise 9; the whole cave: raise 37), an opening opens for its level, a fold passes and a call holds; a raise of
    one token over the opening (3 against 2, the same level) is held, whatever the hidden card."""
    view = two_seat("open 2").view(0)
    assert vying.real_action(view, ("raise", 3)) == Raise(9)
    assert vying.real_action(view, ("raise", vying.TOP)) == Raise(37)
    assert vying.real_action(view, vying.FOLD) == PASS and vying.real_action(view, vying.CALL) == HOLD
    assert vying.real_action(two_seat().view(1), ("open", 2)) == Open(5)
    small = two_seat("open 2", "raise 1").view(1)
    assert vying.public_key(small) is None
    choice = vying.choose(small, random.Random(0))
    assert choice is not None and choice[0] == HOLD and said_in_french(choice[1])


def test_Q_5_2_the_abstraction_applies_to_two_seats_of_the_default_rules_only() -> None:
    """Q-§2.1, Q-§5.8, Q-R15 (Q9), Q-R10: the table was solved for two seats of Form A under the default rules,
    with the passe of two antes: not for three seats, Form B, split ties, or a coup after a general pass (the
    passe carried over)."""
    assert vying.applies(two_seat().view(1))
    assert not vying.applies(QuinzeState.new(QuinzeRules(players=3), seed=1).view(1))
    form_b = QuinzeState.new(QuinzeRules(form="B"), seed=1)
    assert not vying.applies(form_b.view(form_b.actor))  # type: ignore[arg-type]
    split = form_a(2, 0, ["5C", "KC"], ties="split")
    assert not vying.applies(split.view(1))
    carried = form_a(2, 0, ["5C", "KC", "9S", "4S"])
    act(carried, "pass", "pass")
    assert carried.view(carried.actor).pot == 4 and not vying.applies(carried.view(carried.actor))  # type: ignore[arg-type]


def test_Q_5_3_expert_plays_the_solved_vying_in_two_seat_coups() -> None:
    """Q-§5.2, Q-§5.3: in random two-seat coups every decision of the expert comes from the table (or holds a
    small raise), legal and said in French; with ``vying=False`` it searches as before (its reason is another), and
    so does the perfect-information player, which plays the one true world."""
    table_reason = "the two-seat vying solved by regret minimisation on an abstraction plays this {percent}% of the " \
        "time here"
    for seed in range(8):
        state = QuinzeState.new(QuinzeRules(players=2), seed=seed, first_dealer=seed % 2)
        expert, opponent = ExpertBot(seed=seed, samples=4), make_bot("quinze", "random", seed=seed)
        while not state.deal_results:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            if seat == 1:
                action = expert.choose(view)
                assert action in view.legal_actions and said_in_french(expert.explain())
                if len(view.legal_actions) > 1 and vying.applies(view):
                    reason = expert.explain()
                    assert isinstance(reason, Reason) and reason.message in (
                        table_reason, "holds a raise too small to change the odds of the coup")
            else:
                action = opponent.choose(view)
            state.apply(action)
    searching = ExpertBot(seed=1, samples=4, vying=False)
    searching.choose(two_seat().view(1))
    assert isinstance(searching.explain(), Reason) and searching.explain().message != table_reason
    oracle, seen = OracleBot(seed=1), two_seat()  # the perfect-information player plays the true world
    oracle.see(seen)
    assert oracle.choose(seen.view(1)) in seen.legal_actions()
    assert isinstance(oracle.explain(), Reason) and oracle.explain().message != table_reason


def test_Q_5_2_shipped_vying_table_is_near_an_equilibrium_of_the_abstraction() -> None:
    """Q-§5.2, Q-§5.3, QUINZE-39, Q-R13, Q-R15: the shipped table holds, for every information set of the
    abstraction, probabilities that sum to one; rendering it again gives the shipped module exactly (its measured
    exploitability included): a best response gains under a quarter of a token a coup against it, and the dealer's
    more than five against an elder who chooses uniformly at random."""
    table = vying.shipped()
    for node, strategy in zip(table.game.nodes, table.strategies, strict=True):
        if node.player >= 0:
            assert strategy.shape == (10, len(node.actions)) and (strategy >= 0).all()
            assert abs(strategy.sum(axis=1) - 1).max() < 1e-9
    source = Path(vying_table.__file__).read_text(encoding="utf-8")
    assert vying.render_table(table.game, table.strategies, iterations=vying_table.ITERATIONS) == source
    assert vying_table.EXPLOITABILITY < 0.25
    uniform = [np.full_like(strategy, 1.0 / max(1, strategy.shape[1])) for strategy in table.strategies]
    assert vying.best_response_gain(table.game, uniform, vying.DEALER) > 5
