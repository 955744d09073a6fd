"""La Guimbarde's expert bot: legal and reproducible choices from views only, worlds that agree with every card the
others played (G-§5.3: GUIMBARDE-R7, R8, R9), the exact solver on the rule file's Example 1 (§6), known decisions
of the strategy notes (§8), and table mode (G-§7)."""

from __future__ import annotations

import random

from academie.bots import Reason
from academie.cards import Card, mask_of
from academie.games import make_bot
from academie.games.guimbarde import GuimbardeRules, GuimbardeState, Play
from academie.games.guimbarde.bots.expert import ExpertBot, broken_readings, consistent_world, playout_card, solve
from academie.games.guimbarde.bots.oracle import OracleBot
from academie.games.guimbarde.bots.search import _greedy
from academie.games.guimbarde.positions import deck
from academie.words import Words

EXAMPLE_1 = {0: "QH KH 9H 7S AC", 1: "JD KS QD 8D TD", 2: "QS TS 8S JC 9D", 3: "KC QC 7C AS 7H"}
"""The rule file's Example 1 (§6): A (seat 0) eldest, D (seat 3) deals, the ♣10 turned: clubs are trumps."""
EXAMPLE_1_PLAY = ("7S", "KS", "QS", "AS", "TD", "9D", "7C", "AC", "KH", "JD", "JC", "QC", "QH", "8D", "8S", "KC",
                  "9H", "QD", "TS", "7H")



def said_in_french(reason: str) -> bool:
    """A bot's reason is a :class:`~academie.bots.Reason` whose message the French catalogue translates."""
    return isinstance(reason, Reason) and bool(reason) and Words("fr")(reason.message) != reason.message

def example_1(cards: int) -> GuimbardeState:
    """Example 1 after its first ``cards`` cards."""
    rules = GuimbardeRules(players=4)
    order = deck(hands=EXAMPLE_1, dealer=3, rules=rules, turn_up="TC")
    state = GuimbardeState.new(rules, decks=[order, deck(hands={}, dealer=0, rules=rules, turn_up="8H")],
                               first_dealer=3)
    for card in EXAMPLE_1_PLAY[:cards]:
        state.apply_text(f"play {card}")
    return state


def small(seed: int) -> ExpertBot:
    return ExpertBot(seed=seed, worlds=4, tries=8)


def test_expert_plays_legal_cards_and_is_reproducible_by_seed() -> None:
    """G-§5.3: at three and five players, every choice of the registered expert is legal, comes with a reason, and
    the same seed on the same view gives the same card."""
    for players in (3, 5):
        state = GuimbardeState.new(GuimbardeRules(players=players, rounds=1), seed=players)
        bots = [make_bot("guimbarde", "expert", seed=seat, worlds=4) for seat in range(players)]
        twins = [make_bot("guimbarde", "expert", seed=seat, worlds=4) for seat in range(players)]
        for _ in range(2 * 5 * players):
            if state.is_terminal:
                break
            view = state.view(state.actor)
            action = bots[state.actor].choose(view)
            assert action in state.legal_actions() and twins[state.actor].choose(view) == action
            assert said_in_french(bots[state.actor].explain())
            state.apply(action)


def test_expert_decides_from_the_view_alone() -> None:
    """Hidden information: Example 1 and the same deal with C's ♦9 and D's ♥7 swapped (the same points announced,
    the same cards shown) give A the same view, and the expert (same seed) the same card and reason in both."""
    rules = GuimbardeRules(players=4)
    swapped = {**EXAMPLE_1, 2: "QS TS 8S JC 7H", 3: "KC QC 7C AS 9D"}
    other = GuimbardeState.new(rules, decks=[deck(hands=swapped, dealer=3, rules=rules, turn_up="TC")],
                               first_dealer=3)
    real = example_1(0)
    assert real.hand(2) != other.hand(2) and real.view(0) == other.view(0)
    first, second = ExpertBot(seed=4, worlds=6), ExpertBot(seed=4, worlds=6)
    assert first.choose(real.view(0)) == second.choose(other.view(0))
    assert first.explain() == second.explain()


def test_GUIMBARDE_R9_worlds_read_a_follower_who_did_not_beat() -> None:
    """GUIMBARDE-R9 ("forcer"), Example 1 trick 2: B leads ♦10 and C follows with ♦9. C had to beat if he could, so
    he holds none of ♦K, ♦Q, ♦A: the expert's worlds never give him one, where the plain sampler (voids and points
    only) often does. The real deal breaks no reading."""
    state = example_1(8)  # A to lead trick 3
    view = state.view(0)
    assert broken_readings(state, view) == 0
    higher = mask_of(Card.parse(text) for text in ("KD", "QD", "AD"))
    plain = [GuimbardeState.sample(view, random.Random(seed)) for seed in range(60)]
    read = [consistent_world(view, random.Random(seed), tries=30) for seed in range(60)]
    assert any(mask_of(world.hand(2)) & higher for world in plain)
    assert not any(mask_of(world.hand(2)) & higher for world in read)
    assert all(broken_readings(world, view) == 0 for world in read)


def test_exact_solver_gives_the_net_of_example_1() -> None:
    """GUIMBARDE-§7, R5, G-§5.5: from trick 4 of Example 1 with every hand in view, the solver's counters for the
    deal are the rule file's net table: A +15, B 0, C −9, D −6."""
    assert solve(example_1(12).clone(), 0) == (15, 0, -9, -6)


def test_fou_strategy_leads_a_top_trump_not_the_nine_of_hearts() -> None:
    """§8 "The fou" (Example 1, trick 3): A holds ♥Q ♥K ♥9 with clubs trumps and B is known to hold the ♦J (shown
    at the declarations). Leading ♥9 (a plain heart) lets B, void in hearts, trump with the fou and win; the
    expert leads ♥K or ♥Q, forcing the fou out under them."""
    view = example_1(8).view(0)
    choice = ExpertBot(seed=3, worlds=16).choose(view)
    assert isinstance(choice, Play) and str(choice.card) in ("KH", "QH")


def test_perfect_information_player_sees_the_state_and_plays_legal_cards() -> None:
    """The bound of knowing every card (the ladder's perfect-information player): shown the state before each
    decision, it plays legal cards at four players, and from Example 1's third trick, A to lead with every hand in
    view, it leads a top trump (§8 "The fou") and the deal ends as the rule file's net table says."""
    state = GuimbardeState.new(GuimbardeRules(players=4, rounds=1), seed=8)
    oracle = OracleBot(seed=1)
    deals = len(state.deal_results)
    while len(state.deal_results) == deals:
        oracle.see(state)
        action = oracle.choose(state.view(state.actor))
        assert action in state.legal_actions()
        state.apply(action)
    example = example_1(8)
    oracle.see(example)
    assert str(oracle.choose(example.view(0))) in ("play KH", "play QH")


def test_fou_strategy_the_play_out_does_not_lead_the_fou_under_the_captors() -> None:
    """§8 "The fou", GUIMBARDE-R5 (Example 1, trick 2): B won trick 1 and leads holding ♦J ♦Q ♦8 ♦10, with ♥Q and ♥K
    in A's hand, still to play. The search bot's greedy play-out leads its strongest card, the fou, which A would
    capture; the expert's play-out leads ♦Q and keeps the fou."""
    state = example_1(4)
    assert state.deal.to_play == 1
    assert _greedy(state) == Card.parse("JD").index
    assert playout_card(state) == Card.parse("QD").index
