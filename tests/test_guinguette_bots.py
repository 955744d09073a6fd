"""La Guinguette bots: the search bot's model of the classical bot, its reading of the others' hands from their stirs
and bets, its worlds, and decisions it must take against classical opponents."""

from __future__ import annotations

import random

import pytest
from guinguette_support import new_deal

from academie.cards import mask_of
from academie.games import make_bot
from academie.games.guinguette import (
    BETS,
    FOLD,
    PASS,
    GuinguetteRules,
    GuinguetteState,
    GuinguetteView,
    Phase,
    point_of,
    tierce_of,
)
from academie.games.guinguette.bots.classical import HIGH_POINT, ClassicalBot
from academie.games.guinguette.bots.search import (
    ModelBot,
    SearchBot,
    completers,
    model_action,
    opponent_decisions,
    sample_world,
)


def _actor(state: GuinguetteState) -> int:
    seat = state.actor
    assert isinstance(seat, int) and seat >= 0
    return seat


def _play_classical_until(state: GuinguetteState, seat: int, phase: Phase) -> GuinguetteView:
    bot = ClassicalBot()
    while not (state.actor == seat and state.phase is phase):
        state.apply(bot.choose(state.view(_actor(state))))
    return state.view(seat)


@pytest.mark.parametrize("options", [
    {},
    {"players": 6, "betting": "ladder", "max_raises": 2},
    {"players": 3, "discard_mixed": False, "restir_cost": 2, "max_stirs": 3, "trick_phase": True},
    {"tierce_same_suit": True, "guinguette_wild": True, "guinguette_claim_at_deal": True, "stock": 30},
])
def test_GU_8_model_bot_decides_as_the_classical_bot(options: dict[str, object]) -> None:
    """GU-§8, GU-§5.3a, GU-§5.3b: the search bot's fast model of the others takes the classical bot's decision at
    every point of whole parties (stirs, bets, tricks), under several rule options."""
    rules = GuinguetteRules(**options)  # type: ignore[arg-type]
    classical, model = ClassicalBot(), ModelBot()
    decisions = 0
    for seed in range(12):
        state = GuinguetteState.new(rules, seed=seed)
        while not state.is_terminal:
            view = state.view(_actor(state))
            action = classical.choose(view)
            assert model.choose(view) == action, (seed, view.phase, view.hand, action)
            state.apply(action)
            decisions += 1
    assert decisions > 200


@pytest.mark.parametrize("options", [
    {"players": 8},
    {"players": 5, "discard_mixed": False, "restir_cost": 2, "trick_phase": True},
    {"players": 3, "tierce_same_suit": True, "guinguette_wild": True, "betting": "ladder", "max_raises": 2},
])
def test_GU_8_the_play_outs_model_reads_the_state_as_the_model_bot_reads_the_view(options: dict[str, object]) -> None:
    """GU-§8: the play-outs ask the model's choice of the state itself (no view built at every step), and it is the
    choice the model bot takes from the seat's view, at every point of whole parties (stirs, bets, tricks) and in
    the states a search builds from a sampled world."""
    rules = GuinguetteRules(**options)  # type: ignore[arg-type]
    model, rng = ModelBot(), random.Random(3)
    decisions = 0
    for seed in range(6):
        state = GuinguetteState.new(rules, seed=seed)
        while not state.is_terminal:
            view = state.view(_actor(state))
            assert model_action(state) == model.choose(view), (seed, view.phase, view.hand)
            if view.phase is not Phase.TRICKS and rng.random() < 0.2:
                hands, cotillon, aside = sample_world(view, rng, opponent_decisions(view), tries=4)
                world = GuinguetteState.from_view(view, hands=hands, cotillon=cotillon, aside=aside, seed=seed)
                while not world.deal_results:
                    expected = model.choose(world.view(_actor(world)))
                    assert model_action(world) == expected
                    world.apply(expected)
            state.apply(rng.choice(state.legal_actions()) if rng.random() < 0.3 else model.choose(view))
            decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("options", [{}, {"players": 6}, {"ace_next_to_six": True}, {"tierce_same_suit": True},
                                     {"players": 5, "guinguette_wild": True}])
def test_GU_5_1c_the_cards_that_complete_a_tierce_are_those_tierce_of_finds(options: dict[str, object]) -> None:
    """GU-§5.1c, GU-§5.1f, GU-§5.4a: the outs the bots count (worked out from the places in the run that three cards
    fill) are exactly the cards that give them a tierce by :func:`tierce_of`, three cards forming one already
    included."""
    rules = GuinguetteRules(**options)  # type: ignore[arg-type]
    rng = random.Random(11)
    pack = [card.index for card in rules.pack]
    for _ in range(400):
        rest = sum(1 << card for card in rng.sample(pack, 3))
        expected = sum(1 << card for card in pack if not rest >> card & 1 and tierce_of(rest | 1 << card, rules))
        assert completers(rest, rules) == expected


def test_GU_5_3b_a_bettor_is_read_as_holding_what_the_classical_bot_bets_on() -> None:
    """GU-§5.3b, GU-§8 "information": after a seat opened the cabaret, every sampled world gives it a tierce or a
    point of 35 (what the classical bot bets on), and the seats that passed before it or quit after it no tierce."""
    state = new_deal(["9S 6H KC AD", "9C 8D 7C AH", "QC JC 6S AS", "KD QS 7D 6C"])
    view = _play_classical_until(state, 3, Phase.BET)
    assert [str(a) for _, a in view.history[-3:]] == ["pass", "bet 2", "fold"]
    decisions = opponent_decisions(view)
    assert decisions is not None and [str(a) for _, a in decisions[1]] == ["keep", "bet 2"]
    rng = random.Random(5)
    for _ in range(40):
        hands, _, _ = sample_world(view, rng, decisions)
        assert tierce_of(hands[1], view.rules) or point_of(hands[1]) >= HIGH_POINT
        assert not tierce_of(hands[0], view.rules) and not tierce_of(hands[2], view.rules)


def test_GU_5_2_sampled_worlds_agree_with_the_view_and_replay_the_same_state() -> None:
    """GU-§5.2, GU-§5.1e: a world keeps the viewer's hand, gives each seat its number of cards, places every card
    once (hands, cotillon, cards set aside), and the state built from it offers the same legal actions."""
    rng = random.Random(7)
    for seed in range(16):
        rules = GuinguetteRules(discard_mixed=seed % 2 == 0)
        state = GuinguetteState.new(rules, seed=seed, first_dealer=seed % 4)
        bot = ClassicalBot()
        for _ in range(rng.randrange(10)):
            state.apply(bot.choose(state.view(_actor(state))))
        view = state.view(_actor(state))
        hands, cotillon, aside = sample_world(view, rng, opponent_decisions(view))
        assert hands[view.viewer] == mask_of(view.hand)
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        assert len(cotillon) == view.cotillon_size and aside.bit_count() == len(state.set_aside())
        every = sum(hands) + sum(1 << c for c in cotillon) + aside
        assert every == mask_of(rules.pack) and sum(h.bit_count() for h in hands) + len(cotillon) + \
            aside.bit_count() == rules.pack_size
        world = GuinguetteState.from_view(view, hands=hands, cotillon=cotillon, aside=aside, seed=seed)
        assert world.legal_actions() == state.legal_actions()


def test_GU_5_3b_last_to_speak_opens_when_all_passed_and_a_pinte_shuts_out_a_point() -> None:
    """GU-§5.3b, GU-§5.4b: everyone before the dealer passed, so none holds a tierce; the search bot opens without
    one (the classical bot would pass), and with a pinte, the measure that a point of 35 does not hold against."""
    state = new_deal(["9S 7H KC AD", "QC JC 6H AH", "TS 8D KH AS", "KD QS 7D 6C"])
    view = _play_classical_until(state, 3, Phase.BET)
    assert ClassicalBot().choose(view) == PASS
    bot = SearchBot(seed=1, playouts=160)
    assert bot.choose(view) == BETS[4]
    assert "beats the classical pass" in bot.explain()


def test_GU_5_3b_search_quits_without_a_tierce_against_a_pinte() -> None:
    """GU-§5.3b, GU-§8 "betting": a seat that kept and opened with a pinte holds a high tierce under the classical
    model; without a tierce and on a low point the search bot quits (quitte) rather than paying to see it."""
    state = new_deal(["TC 9D 8H KH", "9S 7H 6C AD", "QC JC 6H AH", "KD QS 7D 6D"])
    view = _play_classical_until(state, 1, Phase.BET)
    assert [str(a) for _, a in view.history[-1:]] == ["bet 4"]
    assert SearchBot(seed=2, playouts=120).choose(view) == FOLD


def test_search_bot_is_legal_reproducible_and_explains() -> None:
    """GU-§5.2: the registered search bot returns a legal action, the same for the same seed, and says why."""
    state = GuinguetteState.new(seed=4, first_dealer=0)
    bots = [make_bot("guinguette", "search", seed=seat, playouts=40) for seat in range(4)]
    twins = [make_bot("guinguette", "search", seed=seat, playouts=40) for seat in range(4)]
    while not state.deal_results:
        view = state.view(_actor(state))
        action = bots[_actor(state)].choose(view)
        assert action in state.legal_actions() and twins[_actor(state)].choose(view) == action
        assert bots[_actor(state)].explain()
        state.apply(action)
