"""La Guinguette's expert bot: legal and reproducible choices from views only, the stirs worth weighing (GU-§5.1c
outs), known decisions of the rule file's Example 1 (§6) and strategy notes (§8), and table mode (GU1–GU9)."""

from __future__ import annotations

import random

import pytest
from guinguette_support import new_deal

from academie.bots import Reason
from academie.cards import Card, mask_of, parse_cards
from academie.games import load, make_bot
from academie.games.guinguette import (
    FOLD,
    KEEP,
    GuinguetteRules,
    GuinguetteState,
    GuinguetteView,
    Phase,
    Reshuffle,
    Stir,
    point_of,
    tierce_of,
)
from academie.games.guinguette.bots.classical import HIGH_POINT, ClassicalBot
from academie.games.guinguette.bots.expert import (
    ExpertBot,
    bluff_reading,
    candidates,
    classical_could,
    loose_seats,
    showdown_share,
)
from academie.games.guinguette.bots.oracle import OracleBot
from academie.games.guinguette.bots.search import (
    MIN_WORLDS,
    PLAY_OUT_UNITS,
    STEP_UNITS,
    SearchBot,
    opponent_decisions,
    sample_world,
)
from academie.games.guinguette.positions import deck
from academie.words import Words

EXAMPLE_1 = {0: "9S 8H KC 6D", 1: "QD JC TH 7S", 2: "TS 9D 8C AH", 3: "KH QS 7D 6C"}
"""The rule file's Example 1 (§6): A (seat 0) eldest, D (seat 3) deals, 36 cards."""
EXAMPLE_1_PLAY = ("stir KC", "7C", "stir 7S", "AC", "keep", "stir KH", "8D",
                  "keep", "restir AC", "9H", "keep", "bet 2")
"""Example 1's stirs, renvi and A's opening bet; a card alone is the cotillon shuffled so that the stirrer draws
it (GU-§5.1a)."""



def said_in_french(reason: str) -> bool:
    """A bot's reason is a :class:`~academie.bots.Reason` whose message the French catalogue translates."""
    return isinstance(reason, Reason) and bool(reason) and Words("fr")(reason.message) != reason.message

def example_1(steps: int, hands: dict[int, str] | None = None) -> GuinguetteState:
    """Example 1 after its first ``steps`` steps (``hands``: other hands, the same play)."""
    rules = GuinguetteRules(players=4)
    state = GuinguetteState.new(rules, decks=[deck(hands=hands or EXAMPLE_1, dealer=3, rules=rules)],
                                first_dealer=3)
    for step in EXAMPLE_1_PLAY[:steps]:
        if len(step) == 2:
            card = Card.parse(step)
            state.apply(Reshuffle((card, *(other for other in state.cotillon() if other != card))))
        else:
            state.apply_text(step)
    return state


@pytest.mark.parametrize("players", [3, 5])
def test_expert_chooses_legal_actions_reproducibly(players: int) -> None:
    """GU-§5.3: every choice of the registered expert is legal and explained, and the same seed on the same view
    gives the same action."""
    state = GuinguetteState.new(GuinguetteRules(players=players), seed=players)
    bots = [make_bot("guinguette", "expert", seed=s, playouts=16, tries=10) for s in range(players)]
    twins = [make_bot("guinguette", "expert", seed=s, playouts=16, tries=10) for s in range(players)]
    deals = len(state.deal_results)
    while len(state.deal_results) < deals + 2:
        seat = state.actor
        assert isinstance(seat, int)
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in state.legal_actions() and twins[seat].choose(view) == action
        assert said_in_french(bots[seat].explain())
        state.apply(action)


def test_expert_decides_from_the_view_alone() -> None:
    """Hidden information: Example 1 and the same deal with B's and D's hands exchanged give A the same view, and
    the expert (same seed) the same action and reason in both."""
    real, swapped = example_1(0), example_1(0, {**EXAMPLE_1, 1: "KH QS 7D 6C", 3: "QD JC TH 7S"})
    assert real.view(0) == swapped.view(0) and real.view(1) != swapped.view(1)
    first, second = ExpertBot(seed=3, playouts=24, tries=10), ExpertBot(seed=3, playouts=24, tries=10)
    assert first.choose(real.view(0)) == second.choose(swapped.view(0))
    assert first.explain() == second.explain()


def test_GU_5_1c_candidates_are_keeping_and_the_stirs_that_leave_the_most_outs() -> None:
    """GU-§5.1c, §8 "Improving with one stir": with 9♠ 8♥ K♣ 6♦ (the 36-card pack), throwing K♣ or 6♦ leaves an
    open pair (9-8 with 10 or 7 to come, or 9-8-6 with a 7); throwing the 9 or the 8 leaves fewer outs. The
    expert weighs keeping and the two best stirs only, and in the betting every legal action."""
    view = example_1(0).view(0)
    options = candidates(view, KEEP, discards=2)
    assert KEEP in options
    assert {str(a) for a in options if isinstance(a, Stir)} == {"stir KC", "stir 6D"}
    bet = example_1(12).view(1)
    assert candidates(bet, FOLD, discards=2) == bet.legal_actions


def test_GU_8_keeps_a_tierce_au_dix() -> None:
    """GU-§8, Example 1: C holds 10-9-8 (a tierce au dix) and keeps his hand rather than pay to stir."""
    view = example_1(4).view(2)
    assert ExpertBot(seed=1, playouts=48, tries=20).choose(view) == KEEP


def test_GU_8_does_not_fold_a_tierce_au_valet_and_the_guinguette() -> None:
    """GU-§8 "Betting", Example 1: B holds ♦Q and J-10-9, the best tierce, when A bets a chopine: he stays in (the
    example raises a pinte)."""
    view = example_1(12).view(1)
    assert ExpertBot(seed=2, playouts=48, tries=20).choose(view) != FOLD


def test_perfect_information_player_plays_legally_and_keeps_a_tierce() -> None:
    """The bound of knowing every card (the ladder's perfect-information player): shown the state, it chooses legal
    actions through a deal at three seats, and in Example 1 C keeps his tierce au dix (GU-§8)."""
    state = GuinguetteState.new(GuinguetteRules(players=3), seed=6)
    oracle = OracleBot(seed=1)
    deals = len(state.deal_results)
    while len(state.deal_results) == deals:
        seat = state.actor
        assert isinstance(seat, int)
        oracle.see(state)
        action = oracle.choose(state.view(seat))
        assert action in state.legal_actions()
        state.apply(action)
    example = example_1(4)
    oracle.see(example)
    assert oracle.choose(example.view(2)) == KEEP


def test_GU_5_3b_a_bet_read_as_a_bluff_explains_nothing() -> None:
    """GU-§5.3b, GU-§8 "information": after seat 1 kept and opened with a chopine, a world that reads its bets gives
    it a tierce or a point of 35 (what the classical bot bets on); with ``bluffs`` at 1 only its keep is read, and
    some worlds give it neither, as a bluffer may hold."""
    state = new_deal(["9S 6H KC AD", "9C 8D 7C AH", "QC JC 6S AS", "KD QS 7D 6C"])
    classical = ClassicalBot()
    while not (state.actor == 3 and state.phase is Phase.BET):
        seat = state.actor
        assert isinstance(seat, int)
        state.apply(classical.choose(state.view(seat)))
    view = state.view(3)
    decisions = opponent_decisions(view)
    assert decisions is not None and [str(a) for _, a in decisions[1]] == ["keep", "bet 2"]
    rng = random.Random(3)
    assert bluff_reading(decisions, bluffs=0.0, rng=rng) == decisions
    stirs_only = bluff_reading(decisions, bluffs=1.0, rng=rng)
    assert [str(a) for _, a in stirs_only[1]] == ["keep"]

    def backed(hand: int) -> bool:
        return bool(tierce_of(hand, view.rules)) or point_of(hand) >= HIGH_POINT

    assert all(backed(sample_world(view, rng, decisions)[0][1]) for _ in range(30))
    assert not all(backed(sample_world(view, rng, stirs_only)[0][1]) for _ in range(30))


LOOSE_BETTING = ("keep", "keep", "keep", "bet 4", "raise 1", "hold", "raise 4", "raise 2")
"""Three seats keep their cards (GU-§5.3a); eldest (seat 0) opens with a pinte, seat 1 raises by a demi-septier,
seat 2 holds, seat 0 raises by a pinte and seat 1 by a chopine: seat 1 twice did what the classical bot never does
with any hand (it raises by a pinte only, GU-§5.3b, §8)."""


def loose_raise(hand: str, steps: int = len(LOOSE_BETTING)) -> GuinguetteState:
    """:data:`LOOSE_BETTING`'s first ``steps`` steps with ``hand`` for seat 2, the dealer."""
    state = new_deal(["QC JS 7D 6C", "KH 9D 8C AH", hand])
    for text in LOOSE_BETTING[:steps]:
        state.apply_text(text)
    return state


def test_GU_5_3b_a_raise_the_classical_bot_never_makes_marks_a_loose_bettor() -> None:
    """GU-§5.3b, §8 "betting": the classical bot opens with any measure (a tierce, a point) and raises by a pinte
    while fewer than three raises stand; a raise by a demi-septier or a chopine it never makes, so the seat that
    made one is a loose bettor, and the opener is not. An opening it never makes (a demi-septier while two others
    kept their cards) is no sign of a loose bettor."""
    state = loose_raise("6S 7H KS AD")
    decisions = opponent_decisions(state.view(2))
    assert decisions is not None
    assert [str(a) for _, a in decisions[1]] == ["keep", "raise 1", "raise 2"]
    assert loose_seats(decisions) == frozenset({1})
    opener, raised = decisions[0][2], decisions[1][1]
    assert classical_could(*opener) and not classical_could(*raised)
    once = opponent_decisions(loose_raise("6S 7H KS AD", steps=5).view(2))
    assert once is not None and loose_seats(once) == frozenset({1})
    opening = loose_raise("6S 7H KS AD", steps=3)
    opening.apply_text("bet 1")
    opened = opponent_decisions(opening.view(1))
    assert opened is not None and not classical_could(*opened[0][-1]) and loose_seats(opened) == frozenset()
    classical_raise = new_deal(["QC JS 7D 6C", "KH 9D 8C AH", "6S 7H KS AD"])
    for text in ("keep", "keep", "keep", "bet 4", "raise 4"):
        classical_raise.apply_text(text)
    classical_decisions = opponent_decisions(classical_raise.view(2))
    assert classical_decisions is not None and loose_seats(classical_decisions) == frozenset()


def test_GU_5_4b_the_showdown_share_counts_the_best_tierce_then_the_point_then_the_order() -> None:
    """GU-§5.4b: the best tierce wins, else the highest point; equal hands go to the earlier in order (seat 0 is
    eldest here, seat 2 deals)."""
    view = loose_raise("JC TH 9S AD").view(2)

    def world(one: str, two: str, mine: str) -> tuple[list[int], list[int], int]:
        return [mask_of(parse_cards(hand)) for hand in (one, two, mine)], [], 0

    no_tierces = world("QC JS 7D 6C", "KH 9D 8C AH", "JC TH 9S AD")
    an_equal_tierce = world("QC JS 7D 6C", "JH TD 9C AH", "JC TH 9S AD")  # au valet too: seat 1 speaks first
    assert showdown_share(view, [no_tierces]) == 1.0
    assert showdown_share(view, [an_equal_tierce]) == 0.0
    assert showdown_share(view, [no_tierces, an_equal_tierce]) == 0.5
    points = loose_raise("KS QS 6S AD").view(2)  # no tierce, a point of 27
    assert showdown_share(points, [world("QC JS 7D 6C", "KH 9D 8C AH", "KS QS 6S AD")]) == 0.0  # 33 beats 27
    assert showdown_share(points, [world("AC 6D 8H QS", "AH 7D TD 6H", "KS QS 6S AD")]) == 1.0  # 25, 24
    assert showdown_share(points, [world("8H 7H 6D AS", "KH 9D AC AH", "KS QS 6S AD")]) == 0.0  # 8-7-6


@pytest.mark.parametrize(("hand", "folds"), [("6S 7H KS AD", True), ("JC TH 9S AD", False)])
def test_GU_8_against_a_loose_bettor_the_expert_plays_the_showdown_odds(hand: str, folds: bool) -> None:
    """§8 "betting", pot odds: facing a loose bettor's second raise, the expert folds a hand with no tierce and a
    point of 24 (it would win almost no showdown: it is not worth the price) and keeps a tierce au valet in the
    contest, however the raiser may have bet."""
    state = loose_raise(hand)
    bot = ExpertBot(seed=4, playouts=96, tries=20)
    action = bot.choose(state.view(2))
    assert action in state.legal_actions()
    assert (action == FOLD) is folds
    assert said_in_french(bot.explain()) and "odds" in bot.explain()


def test_GU_8_the_expert_does_not_raise_back_with_nothing_a_seat_that_raised_as_the_classical_bot_never_would() -> None:
    """§8 "betting": seat 0 opened with a pinte on no tierce and a point of 24, seat 1 raised by a demi-septier
    (which the classical bot never does, GU-§5.3b), seat 2 held. The odds (a showdown won almost never) decide:
    seat 0 folds."""
    state = new_deal(["6S 7H KS AD", "KH 9D 8C AH", "JC TH 9S 6D"])
    for text in ("keep", "keep", "keep", "bet 4", "raise 1", "hold"):
        state.apply_text(text)
    bot = ExpertBot(seed=4, playouts=256, tries=40)
    assert bot.choose(state.view(0)) == FOLD
    assert said_in_french(bot.explain()) and "odds" in bot.explain()


def _world_bound(view: GuinguetteView, options: int, tries: int) -> int:
    """The most work one world can take at ``view`` (issue 29): every hand tried for every other seat, each of its
    decisions replayed, and every option played out to the longest deal."""
    decisions = opponent_decisions(view) or {}
    reading = sum(tries * (1 + len(seen)) for seen in decisions.values())
    game = load("guinguette")
    return reading + options * (PLAY_OUT_UNITS + STEP_UNITS * game.max_actions_per_deal)


def test_issue_29_a_decision_spends_at_most_its_budget_and_one_world_at_the_largest_table() -> None:
    """Issue 29: at eight seats, where a play-out is longest and there are seven hands to read, the search and
    expert bots spend on each decision at most their budget of work (a count of units, never a clock) and one
    world more, play out at least eight worlds, and would spend more without the budget; the same seed on the
    same view gives the same action, reason and work."""
    state = GuinguetteState.new(GuinguetteRules(players=8), seed=29, first_dealer=0)
    classical = ClassicalBot()
    bound_by_budget = 0
    checked = 0
    while state.phase in (Phase.STIR, Phase.BET):
        seat = state.actor
        assert isinstance(seat, int)
        view = state.view(seat)
        if len(view.legal_actions) > 1 and checked < 6:
            for kind in (SearchBot, ExpertBot):
                bot, twin, unbounded = kind(seed=seat), kind(seed=seat), kind(seed=seat, budget=10**9)
                action = bot.choose(view)
                assert action in view.legal_actions
                assert (twin.choose(view), twin.explain(), twin.spent) == (action, bot.explain(), bot.spent)
                world = _world_bound(view, len(view.legal_actions), bot.tries)
                assert 0 < bot.spent <= max(bot.budget, MIN_WORLDS * world) + world
                unbounded.choose(view)
                bound_by_budget += unbounded.spent > bot.spent
            checked += 1
        state.apply(classical.choose(view))
    assert checked >= 4 and bound_by_budget >= 2
