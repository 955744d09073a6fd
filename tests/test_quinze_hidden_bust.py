"""Le Quinze, Form B: the elder keeps his bust to himself (Q-§5.8, Q16, option ``elder_bust="hidden"``).

A busted elder's turn does not end by itself: his only move is to say that he stands (« je m'y tiens »), so every
turn of his ends with a ``stand`` and nothing the dealer (or the public) sees tells a bust from a stand: not
``busted``, not ``stood``, not the history, not whose turn it is. Checked on twin deals that differ only in the
elder's cards, on random parties (with the worlds ``sample`` rebuilds from the dealer's view), on the rule file's
Example 6, and by OpenSpiel's best response against our exact policy on a six-card pack, where the views used to
be worth 1/60 of a stake to the dealer.
"""

from __future__ import annotations

import dataclasses
import random
import warnings

import pytest
from quinze_support import act, standard_deck, texts

from academie.cards import PACK_52, Card
from academie.engine import PUBLIC, Action, IllegalActionError
from academie.games.quinze import QuinzeRules, QuinzeState
from academie.games.quinze import picture as painter
from academie.games.quinze.state import CARD, STAND, TARGET, Phase, hand_total
from academie.words import Words

EN = Words("en")
RULES = QuinzeRules(form="B")
DEALER, ELDER = 0, 1
TAIL = 40
"""Twin deals swap the elder's cards with cards from this position on, which no coup of these tests reaches."""


def _value(card: Card) -> int:
    return hand_total((card,), RULES)


def twin_decks(seed: int) -> tuple[tuple[Card, ...], tuple[Card, ...], int] | None:
    """A random pack order in which the elder, drawing on, busts on his ``k``-th card, and its twin in which his
    hidden card and his ``k`` cards are low ones from the tail (fifteen or less), every other card in place; None
    when the tail holds no such cards."""
    deck = random.Random(seed).sample(PACK_52, len(PACK_52))
    positions = [0]  # Q-§5.8: elder's hidden card, dealer's hidden card, then the elder's draws, from the top
    while hand_total([deck[p] for p in positions], RULES) <= TARGET:
        positions.append(len(positions) + 1)
    low = sorted(range(TAIL, len(deck)), key=lambda p: _value(deck[p]))[:len(positions)]
    if sum(_value(deck[p]) for p in low) > TARGET:
        return None
    twin = list(deck)
    for elder, tail in zip(positions, low, strict=True):
        twin[elder], twin[tail] = twin[tail], twin[elder]
    return tuple(deck), tuple(twin), len(positions) - 1


def dealt(deck: tuple[Card, ...]) -> QuinzeState:
    return QuinzeState.new(RULES, decks=[deck], first_dealer=DEALER)


def elder_actions(history: tuple[tuple[int, Action], ...], elder: int) -> list[Action]:
    return [action for seat, action in history if seat == elder]


def assert_same_for_the_dealer(busted: QuinzeState, stood: QuinzeState) -> None:
    for viewer in (DEALER, PUBLIC):
        one, other = busted.view(viewer), stood.view(viewer)
        assert one == other, [f.name for f in dataclasses.fields(one) if getattr(one, f.name) != getattr(other, f.name)]


def test_Q16_the_dealer_sees_the_same_whether_the_elder_busted_or_stood() -> None:
    """Q-§5.8, Q16: in twin deals where the elder busts on his k-th card, or stands on fifteen or less after the same
    k cards, the dealer's and the public's views are equal, field by field, after every action of the coup until
    it is settled; only the elder's own view shows his bust, and then his one move is ``stand``."""
    rng = random.Random(7)
    twins = 0
    for seed in range(300):
        decks = twin_decks(seed)
        if decks is None:
            continue
        twins += 1
        busted, stood = dealt(decks[0]), dealt(decks[1])
        k = decks[2]
        assert_same_for_the_dealer(busted, stood)
        for _ in range(k):
            act(busted, "1: card")
            act(stood, "1: card")
            assert_same_for_the_dealer(busted, stood)
        assert busted.view(ELDER).busted[ELDER] and texts(busted) == ["stand"]
        assert not stood.view(ELDER).busted[ELDER] and texts(stood) == ["card", "stand"]
        while not busted.deal_results:
            assert not stood.deal_results
            action = CARD if CARD in busted.legal_actions() and rng.random() < 0.6 else STAND
            busted.apply(action)
            stood.apply(action)
            if not busted.deal_results:
                assert_same_for_the_dealer(busted, stood)
        assert busted.pack_left > len(PACK_52) - TAIL  # the dealer never reached the swapped cards
        last = busted.view(DEALER).last_deal
        assert last is not None and elder_actions(last.history, ELDER) == [CARD] * k + [STAND]
    assert twins >= 100


def assert_the_dealer_knows_no_bust(state: QuinzeState) -> None:
    """Neither the dealer nor the public sees the elder's bust; when the dealer draws, the elder has stood and his
    words are as many ``card`` as the cards he drew, then ``stand``."""
    dealer = state.coup.dealer
    elder = 1 - dealer
    for viewer in (dealer, PUBLIC):
        view = state.view(viewer)
        assert not view.busted[elder]
        if state.actor == dealer:
            assert view.stood[elder]
            assert elder_actions(view.history, elder) == [CARD] * view.drawn[elder] + [STAND]


def sampled_elder_busts(state: QuinzeState, rng: random.Random) -> bool:
    """A world ``sample`` rebuilds from the dealer's view: it agrees with the view (apart from the log, which
    ``sample`` does not rebuild); whether its elder busted."""
    dealer = state.coup.dealer
    view = state.view(dealer)
    world = QuinzeState.sample(view, rng)
    seen = world.view(dealer)
    assert all(getattr(seen, f.name) == getattr(view, f.name) for f in dataclasses.fields(view)
               if f.name not in ("history", "coup", "last_deal"))
    return world.coup.busted[1 - dealer]


def test_Q16_random_parties_never_tell_the_dealer_of_a_bust_and_samples_agree() -> None:
    """Q-§5.8, Q16: over random parties of several games, neither the dealer's view nor the public's ever shows the
    elder's bust; when the dealer draws, the elder has stood and his last word in the history is ``stand``, after
    as many ``card`` as he drew; the worlds ``sample`` rebuilds from the dealer's view agree with it and hold busted
    elders as well as standing ones."""
    rng = random.Random(5)
    sampled = {True: 0, False: 0}
    for seed in range(60):
        state = QuinzeState.new(QuinzeRules(form="B", rounds=3), seed=seed)
        while not state.is_terminal:
            if state.phase is Phase.DRAW:
                assert_the_dealer_knows_no_bust(state)
                if state.actor == state.coup.dealer and rng.random() < 0.5:
                    sampled[sampled_elder_busts(state, rng)] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert sampled[True] >= 20 and sampled[False] >= 20


def test_Q16_example_6_the_busted_elder_says_he_stands() -> None:
    """Q-§5.8, Q16 (Example 6): the elder's 6 + 4 + 9 = 19 is over fifteen; he may not ask for another card (the
    refusal names Q16 and changes nothing), says « je m'y tiens », and the dealer sees just what he would see had
    the elder stood on 6 + 4 + 5 = 15; the painter tells the elder why, and tells the dealer only that he stood."""
    busted = dealt(standard_deck(["6S", "KH", "4S", "9S", "3H", "4H"]))
    stood = dealt(standard_deck(["6S", "KH", "4S", "5S", "3H", "4H"]))
    act(busted, "1: card", "1: card")
    act(stood, "1: card", "1: card")
    operations = list(busted.operations)
    with pytest.raises(IllegalActionError, match=r"keeps his bust to himself and says he stands \(Q-§5.8, Q16\)"):
        busted.apply(CARD)
    assert busted.operations == operations and texts(busted) == ["stand"]
    elder = busted.view(ELDER)
    assert [move.label for move in painter.paint(elder, words=EN, names=("Dealer", "You")).moves] == [
        "« je m’y tiens »: say you stand on 19, keeping your bust to yourself (Q-§5.8)"]
    assert painter.why_not(elder, "card", "", words=EN).startswith(
        "You are over fifteen: keep your bust to yourself and say « je m’y tiens »")
    act(busted, "1: stand")
    act(stood, "1: stand")
    assert_same_for_the_dealer(busted, stood)
    assert busted.view(ELDER).busted[ELDER] and busted.actor == stood.actor == DEALER
    own = painter.paint(busted.view(ELDER), words=EN, names=("The dealer", "You")).log
    assert "You say « je m’y tiens » on 19, keeping your bust to yourself: the dealer draws without knowing it " \
           "(Q-§5.8)." in own
    told = painter.paint(busted.view(DEALER), words=EN, names=("You", "The elder")).log
    assert "The elder stands: « je m’y tiens » (Q-R14)." in told and not any("bust" in line for line in told)
    act(busted, "0: card", "0: card")  # K + 3 + 4 = 17: both bust, a drawn game (Q-H1)
    act(stood, "0: card", "0: card")
    assert busted.deal_results[-1].points == (0, 0) and busted.multiplier == 2
    assert stood.deal_results[-1].points == (-1, 1)


def test_Q16_openspiel_best_response_gains_nothing_through_our_views_on_six_cards() -> None:
    """Q-§5.8, Q16: on the six-card pack of ``python -m academie.games.quinze.formb``, OpenSpiel's best response against
    our exact policy, with the information of our views, gains nothing (it gained 1/60 of a stake when the dealer's
    view told a bust from a stand); the policy's value to the elder stays 2/15."""
    from open_spiel.python.algorithms import exploitability  # type: ignore[import-untyped]

    from academie.games.quinze.formb import TOP, DynamicProgrammingPolicy, formb_game, solution_for

    warnings.filterwarnings("ignore", message="invalid value encountered in divide", category=RuntimeWarning)
    game = formb_game(TOP)
    solution = solution_for(game, TOP)
    assert solution.value == pytest.approx(2 / 15, abs=1e-9)
    assert abs(exploitability.exploitability(game, DynamicProgrammingPolicy(game, solution))) < 1e-9


def test_Q16_analyse_counts_no_decision_in_a_busted_elders_stand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Q-§5.8, Q16: ``academie analyse quinze RECORD`` judges every draw and stand of the record against the optimal
    policy, but the busted elder's ``stand`` was no choice of his and is not judged (the solver on a 13-card pack
    here, for speed)."""
    import academie.games.quinze.analysis as analysis
    from academie.games.quinze.bots.solver import solve

    small = solve(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), copies=1)
    monkeypatch.setattr(analysis, "solution_for", lambda rules, **_: small)
    state = QuinzeState.new(RULES)
    act(state, "cut 2S 9H", "deck " + " ".join(str(c) for c in standard_deck(["6S", "KH", "4S", "9S", "3H", "TH"])))
    act(state, "1: card", "1: card", "1: stand", "0: card", "0: stand")
    judged = analysis.analyse_lines(state)
    start = next(i for i, line in enumerate(judged) if line.startswith("Decisions of the record"))
    assert [line.split(":")[0].strip() for line in judged[start + 1:]] == [
        "seat 1 elder, total 6", "seat 1 elder, total 10", "seat 0 dealer (elder holds 3), total 10",
        "seat 0 dealer (elder holds 3), total 13"]


def test_Q16_the_play_out_policy_says_stand_for_a_busted_elder() -> None:
    """Q-§5.8, Q16: the search bots' play-out policy, run through random Form B parties, only ever chooses a legal
    action, the busted elder's ``stand`` among them."""
    from academie.games.quinze.bots.search import rollout_action

    forced = 0
    for seed in range(40):
        state = QuinzeState.new(QuinzeRules(form="B", rounds=2), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            forced += legal == (STAND,)
            state.apply(rollout_action(state, rng))
    assert forced >= 10
