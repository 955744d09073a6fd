"""La Guimbarde's expert bot: legal and reproducible choices from views only, worlds that agree with every card the
others played (G-§5.3: GUIMBARDE-R7, R8, R9), the exact solver on the rule file's Example 1 (§6), known decisions
of the strategy notes (§8), and table mode (G-§7)."""

from __future__ import annotations

import random

import pytest

from academie.bots import Reason, Work
from academie.cards import Card, cards_of, indices_of, mask_of
from academie.engine import Mode, RulesError
from academie.games import make_bot
from academie.games.guimbarde import GuimbardeRules, GuimbardeState, Phase, Play
from academie.games.guimbarde.bots.expert import (
    MIN_WORLDS,
    PLAYOUT_BUDGET,
    SOLVE_BUDGET,
    ExpertBot,
    broken_readings,
    consistent_world,
    finish,
    playout_card,
    solve,
)
from academie.games.guimbarde.bots.oracle import OracleBot
from academie.games.guimbarde.bots.search import _greedy
from academie.games.guimbarde.bots.solver import card_values, exact_values, playout_totals, supports
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
        bots = [make_bot("guimbarde", "expert", seed=seat, worlds=4, exact_worlds=4) for seat in range(players)]
        twins = [make_bot("guimbarde", "expert", seed=seat, worlds=4, exact_worlds=4) for seat in range(players)]
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


def _position(rules: GuimbardeRules, seed: int, cards: int) -> GuimbardeState:
    """A world of a random deal (random legal cards) with ``cards`` cards left in the hands, counted from there."""
    rng = random.Random(seed)
    state = GuimbardeState.new(rules, seed=seed, first_dealer=seed % rules.players)
    while sum(len(state.hand(seat)) for seat in range(rules.players)) > cards:
        state.apply(rng.choice(state.legal_actions()))
    return GuimbardeState.from_view(state.view(state.deal.to_play), hands=state.deal.hands)


VARIANTS = (GuimbardeRules(players=3), GuimbardeRules(players=4), GuimbardeRules(players=5),
            GuimbardeRules(players=4, marriage_either_order=True, grand_marriage_table_from_each=False,
                           fou_box_on_survival=True, direction="clockwise"),
            GuimbardeRules(players=4, rule3_literal_king_of_diamonds=True, rule3_protects_trump_marriages=False,
                           marriage_obligation_only_in_suit=True, pay_hand_marriage_at_start=True))
"""The rules options that change what the play pays (G-Q3 to G-Q9, G-Q14), and three table sizes."""


def test_GUIMBARDE_7_fast_solver_agrees_with_the_engine() -> None:
    """GUIMBARDE-§7, R1, R2, R4, R5 (G-Q3 to G-Q9, G-Q14): from random positions of the last tricks, at three to
    five players and under the rules options that change the payments, the solver on card masks gives every seat
    the counters of the engine's own max-n solve (which plays every card through the state), and the card values
    of the seat to play have that value as their best."""
    checked = 0
    for rules in VARIANTS:
        for seed in range(8):
            world = _position(rules, seed, cards=rules.players * (1 + seed % 3) + seed % rules.players)
            if world.phase is not Phase.PLAY:
                continue
            assert supports(world)
            value = exact_values(world)
            assert value == solve(world.clone(), 0)
            seat = world.deal.to_play
            values = card_values(world)
            assert set(values) == {card.index for card in cards_of(world.playable(seat))}
            assert max(v[seat] for v in values.values()) == value[seat]
            checked += 1
    assert checked >= 30


def test_GUIMBARDE_7_fast_solver_gives_the_net_of_example_1() -> None:
    """GUIMBARDE-§7, R5, G-§5.5: the rule file's Example 1 from trick 4, every hand in view: what the counters won
    so far and the rest of the deal bring each seat is the net table, A +15, B 0, C −9, D −6."""
    state = example_1(12)
    so_far = [end - start for end, start in zip(state.ledger.seat_balances(), state.deal.start_balances, strict=True)]
    assert tuple(a + b for a, b in zip(so_far, exact_values(state), strict=True)) == (15, 0, -9, -6)


def test_G7_fast_solver_leaves_table_mode_to_the_engine() -> None:
    """G-§7: in table mode a card may be played against the rules, so the solver on card masks (enforced play
    only) declines, and the expert still decides, from the engine's solve."""
    rules = GuimbardeRules(players=4, mode=Mode.TABLE)
    state = GuimbardeState.new(rules, seed=5, first_dealer=0)
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    assert not supports(state)
    bot = ExpertBot(seed=1, worlds=3, exact_worlds=3)
    assert bot.choose(state.view(state.actor)) in state.legal_actions()


def test_expert_refuses_options_out_of_range() -> None:
    """Bad options: a typed error naming the option and what is allowed."""
    for option, bad, allowed in (("worlds", 0, "1 or more"), ("exact_worlds", 0, "1 or more"),
                                 ("tries", 0, "1 or more"), ("playouts", 0, "1 or more"),
                                 ("playout_worlds", -1, "0 or more")):  # 0 play-out worlds: the open solve alone
        try:
            ExpertBot(**{option: bad})
        except RulesError as error:
            assert option in str(error) and allowed in str(error)
        else:
            raise AssertionError(f"{option}={bad} was accepted")


def test_GUIMBARDE_7_play_out_then_solve_counts_the_whole_rest_of_the_deal() -> None:
    """GUIMBARDE-§7, R1, R5: a world played out by the policy for a trick or two and then solved on card masks is
    worth what the engine's solve gives after the same play-out, the counters paid during the play-out (marriages,
    the fou) included."""
    checked = 0
    for rules in VARIANTS[:3]:
        for seed in range(6):
            world = _position(rules, 100 + seed, cards=rules.players * 4)
            if world.phase is not Phase.PLAY:
                continue
            seat = world.deal.to_play
            played_out = world.clone()
            while sum(hand.bit_count() for hand in played_out.deal.hands) > 2 * rules.players:
                played_out.play_card(played_out.deal.to_play, playout_card(played_out))
            assert finish(world.clone(), seat, exact_cards=2 * rules.players) == solve(played_out, 0)[seat]
            checked += 1
    assert checked >= 12


def test_GUIMBARDE_7_perfect_information_player_solves_the_deal_from_its_first_card() -> None:
    """GUIMBARDE-§7, G-§5.5: at four players the perfect-information player solves the true deal exactly from the
    first lead: its card is the one whose exact value (every hand in view) is best for it, ties to the lowest."""
    for seed in range(3):
        state = GuimbardeState.new(GuimbardeRules(players=4, rounds=1), seed=20 + seed, first_dealer=0)
        seat = state.deal.to_play
        values = card_values(state)
        best = max(values, key=lambda card: (values[card][seat], -card))
        oracle = OracleBot(seed=seed)
        oracle.see(state)
        choice = oracle.choose(state.view(seat))
        assert isinstance(choice, Play) and choice.card.index == best


def _engine_playout(world: GuimbardeState, card: int, seed: int) -> tuple[int, ...]:
    """One play-out through the engine: ``card``, then each seat a legal card drawn by ``random.Random(seed)``
    among its legal cards (lowest first), as the solver draws them."""
    rng = random.Random(seed)
    state = world.clone()
    state.play_card(state.deal.to_play, card)
    while not state.deal_results:
        legal = list(indices_of(state.playable(state.deal.to_play)))
        state.play_card(state.deal.to_play, legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
    return state.deal_results[-1].points


def test_GUIMBARDE_7_playouts_on_card_masks_pay_what_the_engine_pays() -> None:
    """GUIMBARDE-§7, R1, R2, R4, R5, G-§5.3 (G-Q3 to G-Q9, G-Q14): from random positions, the first card included,
    at three to five players and under the rules options that change the payments, a play-out of each legal card
    on card masks brings every seat the counters that the same cards played through the engine bring (the Point
    box, the marriages, the fou), and the sum over several play-outs is their total."""
    checked = 0
    for rules in VARIANTS:
        for seed in range(6):
            world = _position(rules, 200 + seed, cards=(5 - seed % 5) * rules.players)
            if world.phase is not Phase.PLAY:
                continue
            seeds = [seed, 1000 + seed, 2000 + seed]
            totals = playout_totals(world, seeds)
            assert set(totals) == set(indices_of(world.playable(world.deal.to_play)))
            for card, total in totals.items():
                alone = [_engine_playout(world, card, one) for one in seeds]
                assert playout_totals(world, seeds[:1])[card] == alone[0]
                assert total == tuple(map(sum, zip(*alone, strict=True)))
            checked += 1
    assert checked >= 24


def test_expert_adds_the_playouts_mean_to_the_solved_worlds_mean() -> None:
    """Steps 3 and 4 of the expert, at a first trick where the solved worlds, the play-outs and their sum each
    prefer a different card: the bot plays the card with the best sum of its mean over the solved worlds and its
    mean over the play-outs (each drawn as the bot draws them), and with no play-out worlds the solved worlds'
    best card."""
    state = GuimbardeState.new(GuimbardeRules(players=4, rounds=1), seed=21, first_dealer=0)
    state.apply(random.Random(21).choice(state.legal_actions()))
    seat, view = state.actor, state.view(state.actor)
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    rng = random.Random(9)
    solver = ExpertBot(seed=9, worlds=5, exact_worlds=5, playout_worlds=0)
    solved: dict[int, int] = {}
    for _ in range(5):
        world = consistent_world(view, rng, tries=30)
        exact = sum(view.hand_sizes) <= 16
        for action, counters in solver._counters(world, seat, plays, exact=exact, work=Work()).items():
            solved[action.card.index] = solved.get(action.card.index, 0) + counters
    played: dict[int, int] = {}
    for _ in range(4):
        world = consistent_world(view, rng, tries=30)
        seeds = [rng.getrandbits(32) for _ in range(6)]
        for card, values in playout_totals(world, seeds).items():
            played[card] = played.get(card, 0) + values[seat]
    score = {card: solved[card] / 5 + played[card] / 24 for card in solved}
    best = {name: max(d, key=lambda card: (d[card], -card)) for name, d in
            (("solved", solved), ("played", played), ("score", score))}
    assert len(set(best.values())) == 3  # the position tells the three apart
    bot = ExpertBot(seed=9, worlds=5, exact_worlds=5, playout_worlds=4, playouts=6)
    choice = bot.choose(view)
    assert isinstance(choice, Play) and choice.card.index == best["score"]
    assert said_in_french(bot.explain()) and "played out 6 times at random in 4 more" in str(bot.explain())
    alone = solver.choose(view)
    assert isinstance(alone, Play) and alone.card.index == best["solved"]


@pytest.mark.parametrize(("players", "cards", "binds"), [(8, 40, True), (8, 16, False), (3, 15, True)])
def test_issue_29_a_decision_spends_at_most_its_budget_at_the_largest_and_smallest_tables(players: int, cards: int,
                                                                                          binds: bool) -> None:
    """Issue 29: at eight seats (40 cards in the hands, a play-out is longest and a world costliest to draw; 16, the
    exact solve from the third trick) and at three (15 cards: solved exactly from the first card), the expert's
    work on a decision (a count of units, never a clock) stays within its two budgets and a world more (a world
    is a few hundredths of the budget), it still solves eight worlds, and it would work more without the budgets
    where they bind (not at eight seats from the third trick, where its counts of worlds stop it first); the same
    seed on the same view gives the same card, reason and work."""
    state = _position(GuimbardeRules(players=players, rounds=1), 29, cards=cards)
    view = state.view(state.actor)
    assert len(view.legal_actions) > 1
    bot, twin = ExpertBot(seed=3), ExpertBot(seed=3)
    action = bot.choose(view)
    assert action in view.legal_actions
    assert (twin.choose(view), twin.explain(), twin.spent) == (action, bot.explain(), bot.spent)
    assert 0 < bot.spent <= 1.25 * (SOLVE_BUDGET + PLAYOUT_BUDGET)
    assert "8 deals" in bot.explain() or int(bot.explain().split(" deals")[0].rsplit(" ", 1)[-1]) >= MIN_WORLDS
    unbounded = ExpertBot(seed=3, budget=10**9, playout_budget=10**9)
    unbounded.choose(view)
    assert unbounded.spent > bot.spent if binds else unbounded.spent == bot.spent
