"""The Écarté bots: legal and reproducible in every phase, the books' decisions (E-§8), sound worlds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from academie.cards import PACK_32, SUIT_MASKS, Card, mask_of, parse_cards
from academie.games import make_bot
from academie.games.ecarte import (
    ACCEPT,
    HIGHER_IN_SUIT,
    MARK_KING,
    PROPOSE,
    REFUSE,
    STAND,
    STRENGTH,
    Discard,
    EcarteState,
    EcarteView,
    Phase,
    Play,
)
from academie.games.ecarte.bots.classical import ClassicalBot
from academie.games.ecarte.bots.search import SearchBot, knowledge_of, sample_world

FAST_SEARCH = {"samples": 4, "exchange_samples": 8}


def _deck(elder: str, dealer: str, trump: str, talon: str = "") -> list[Card]:
    """A deck order that deals ``elder`` and ``dealer`` (3 then 2, E-§3) and turns up ``trump``."""
    e, d = parse_cards(elder), parse_cards(dealer)
    head = [*e[:3], *d[:3], *e[3:], *d[3:], Card.parse(trump), *parse_cards(talon)]
    return head + [c for c in PACK_32 if c not in head]


def _state(elder: str, dealer: str, trump: str, talon: str = "") -> EcarteState:
    """Seat 0 deals, seat 1 is the elder."""
    return EcarteState.new(decks=[_deck(elder, dealer, trump, talon)], first_dealer=0)


def _play_game(bots: list[object], seed: int, deals: int | None = None) -> list[str]:
    """Play a partie (or its first ``deals`` deals) with every action checked by ``apply``."""
    state = EcarteState.new(seed=seed, first_dealer=seed % 2)
    actions = []
    while not state.is_terminal and (deals is None or len(state.deal_results) < deals):
        seat = state.actor
        assert isinstance(seat, int)
        action = bots[seat].choose(state.view(seat))  # type: ignore[attr-defined]
        state.apply(action)
        actions.append(str(action))
        assert bots[seat].explain()  # type: ignore[attr-defined]
    return actions


@pytest.mark.parametrize("name", ["random", "classical"])
def test_E_5_ECARTE_VI_bots_choose_only_legal_actions_in_every_phase(name: str) -> None:
    """E-§5, ECARTE-VI.1–VI.5: over many seeded parties, every choice is accepted by the checked ``apply``."""
    phases: set[str] = set()
    for seed in range(30):
        bots = [make_bot("ecarte", name, seed=seed), make_bot("ecarte", "random", seed=seed + 1)]
        actions = _play_game(bots, seed)
        phases |= {a.split()[0] for a in actions}
    assert {"propose", "stand", "accept", "refuse", "discard", "play", "mark-king"} <= phases


def test_E_5_ECARTE_VI_search_bot_chooses_only_legal_actions() -> None:
    """E-§5, ECARTE-VI.1–VI.5: the search bot against the classical and random bots, every phase."""
    phases: set[str] = set()
    for seed in range(6):
        other = "classical" if seed % 2 else "random"
        bots = [SearchBot(seed=seed, **FAST_SEARCH), make_bot("ecarte", other, seed=seed)]
        phases |= {a.split()[0] for a in _play_game(bots, seed, deals=4)}
    assert {"propose", "stand", "discard", "play"} <= phases


@pytest.mark.parametrize("name", ["random", "classical", "search"])
def test_bots_are_reproducible_from_their_seed(name: str) -> None:
    """Same seed, same choices (bots draw only from their own seeded generator)."""
    options = FAST_SEARCH if name == "search" else {}

    def run() -> list[str]:
        bots = [make_bot("ecarte", name, seed=7, **options), make_bot("ecarte", name, seed=8, **options)]
        return _play_game(bots, seed=3, deals=3)

    assert run() == run()


# ------------------------------------------------------------------------------------------ classical §8
def _decide(state: EcarteState, view: EcarteView | None = None) -> tuple[object, str]:
    bot = ClassicalBot(seed=0)
    seat = state.actor
    assert isinstance(seat, int)
    action = bot.choose(view or state.view(seat))
    return action, bot.explain()


def test_E_8_2_elder_stands_with_three_trumps() -> None:
    """E-§8.2 item 1: three trumps are a jeu de règle: the elder plays without proposing."""
    action, why = _decide(_state("QS AS 7S 8H 9D", "KH QH JH TH 9H", "TS"))
    assert action == STAND and "§8.2" in why


def test_E_8_2_elder_proposes_on_a_weak_hand() -> None:
    """E-§8.2: no trump and small cards are no jeu de règle: propose."""
    action, _ = _decide(_state("7H 8H 9D TC 8C", "KH QH JH TH 9H", "TS"))
    assert action == PROPOSE


def test_E_8_1_E_8_2_elder_proposes_holding_the_king_of_trumps() -> None:
    """E-§8.1/§8.2: a jeu de règle with the king of trumps proposes (a refusal would cost the dealer two)."""
    action, why = _decide(_state("KS AS 7S 8H 9D", "KH QH JH TH 9H", "TS"))
    assert action == PROPOSE and "king" in why


def test_E_8_4_elder_stands_on_one_trump_when_the_dealer_is_at_four() -> None:
    """E-§8.4: the dealer one point from game and the king out of sight: stand on any one-trump hand whose
    plain cards are not all small and scattered."""
    state = _state("7S AH 8H QD 9C", "KH QH JH TH 9H", "TS")
    view = state.view(1)
    assert _decide(state, view)[0] == PROPOSE
    action, why = _decide(state, dataclasses.replace(view, score=(4, 0)))
    assert action == STAND and "§8.4" in why


def _dealer_view(dealer: str, trump: str = "TS") -> EcarteState:
    state = _state("JD TD 9C 8C TH", dealer, trump)
    state.apply_text("propose")
    return state


def test_E_8_3_dealer_refuses_when_guarded_in_three_suits() -> None:
    """E-§8.3: guarded in three suits (a queen counts as a guard): refuse."""
    action, why = _decide(_dealer_view("KH QD QC 7H 8D"))
    assert action == REFUSE and "three suits" in why


def test_E_8_3_dealer_refuses_guarded_in_two_suits_with_a_trump() -> None:
    """E-§8.3: guarded in two suits with a trump: refuse."""
    assert _decide(_dealer_view("KH QD 7S 7H 8D"))[0] == REFUSE


def test_E_8_3_dealer_accepts_one_trump_and_four_of_a_suit() -> None:
    """E-§8.3: one trump and four of a plain suit is a jeu de règle too weak to refuse with."""
    action, why = _decide(_dealer_view("AH 9H 8H 7H 9S"))
    assert action == ACCEPT and "too weak" in why


def test_E_8_3_dealer_accepts_a_poor_hand() -> None:
    """E-§8.3: no guard and no jeu de règle: accept."""
    assert _decide(_dealer_view("7H 9D 8D AC 7S"))[0] == ACCEPT


def test_E_8_4_discards_everything_but_trumps_and_kings() -> None:
    """E-§8.4: the elder throws all but trumps and kings; the dealer, accepting, does likewise."""
    state = _state("KH QH 9S 8D 7C", "AD 9D 8S 7H 7D", "TS")
    state.apply_text("propose")
    state.apply_text("accept")
    action, why = _decide(state)
    assert action == Discard(tuple(sorted(parse_cards("QH 8D 7C"), key=lambda c: c.index))) and "§8.4" in why
    state.apply(action)
    action, _ = _decide(state)
    assert isinstance(action, Discard) and {str(c) for c in action.cards} == {"AD", "9D", "7H", "7D"}


def test_E_8_4_marks_the_king_before_the_first_card_but_not_at_four_three_against_a_stander() -> None:
    """E-§4.4, E-§8.4: mark the king of trumps before playing, except at 4–3 when the opponent stood."""
    state = _state("QS AS 7S KH KD", "KS JS 9S 8S 7C", "TS")
    state.apply_text("stand")
    state.apply_text("play QS")
    view = state.view(0)
    assert MARK_KING in view.legal_actions
    assert _decide(state, view)[0] == MARK_KING
    action, _ = _decide(state, dataclasses.replace(view, score=(3, 4)))
    assert isinstance(action, Play)


def test_E_8_4_leads_a_trump_first_with_the_king() -> None:
    """E-§8.4: holding the king of trumps, open with a trump."""
    state = _state("KS 8S QH JH 7D", "AH 9D 8D 7S 7C", "TS")
    state.apply_text("stand")
    state.apply_text("mark-king")
    action, why = _decide(state)
    assert action == Play(Card.parse("KS")) and "trump" in why


def test_E_8_4_leads_the_strongest_suit_highest_first() -> None:
    """E-§8.4: with no reason to lead trumps, lead the strongest guarded suit, highest card first."""
    state = _state("QH JH 9H 7S 8D", "AH 9D 8C KC 7C", "TS")
    state.apply_text("stand")
    assert _decide(state)[0] == Play(Card.parse("QH"))


def test_E_5_E_8_5_second_hand_takes_with_the_cheapest_winner() -> None:
    """E-§5/§8.5: the second player overtakes with his cheapest winning card, else plays his lowest."""
    state = _state("9H 8D 7D 7S 8C", "KH JH 9D AD 8S", "TS")
    state.apply_text("stand")
    state.apply_text("play 9H")
    assert _decide(state)[0] == Play(Card.parse("JH"))
    state.apply_text("play JH")
    state.apply_text("play AD")
    assert _decide(state)[0] == Play(Card.parse("7D"))  # cannot overtake the ace: the lowest diamond


# ------------------------------------------------------------------------------------------ search worlds
def _random_play_views(count: int) -> list[tuple[EcarteState, int]]:
    """Positions in play from random games: the full state (to check against) and the seat to play."""
    rng = random.Random(11)
    positions = []
    seed = 0
    while len(positions) < count:
        seed += 1
        state = EcarteState.new(seed=seed, first_dealer=seed % 2)
        bots = [make_bot("ecarte", "random", seed=seed), make_bot("ecarte", "random", seed=seed + 99)]
        while not state.deal_results:
            seat = state.actor
            assert isinstance(seat, int)
            if state.phase is Phase.PLAY and rng.random() < 0.4:
                positions.append((state.clone(), seat))
            state.apply(bots[seat].choose(state.view(seat)))
    return positions[:count]


def test_E_5_E_8_5_search_worlds_respect_everything_the_seat_has_seen() -> None:
    """E-§5, E-§8.5: sampled worlds never give the opponent a card the seat has seen, always respect the
    voids and failures to overtake or to trump that his play showed, and the true hand is always possible."""
    rng = random.Random(5)
    for state, seat in _random_play_views(250):
        view = state.view(seat)
        opponent = 1 - seat
        trump = view.trump_card.suit if view.trump_card else 0
        seen = mask_of(view.hand) | mask_of(view.my_discards) | mask_of(c for t in view.tricks for c in t.cards)
        seen |= view.trump_card.bit if view.trump_card else 0
        shown = 0
        for trick in view.tricks:
            if trick.leader == seat and len(trick.cards) == 2:
                led, reply = trick.cards
                if reply.suit != led.suit:
                    shown |= SUIT_MASKS[led.suit] | (SUIT_MASKS[trump] if reply.suit != trump else 0)
                elif STRENGTH[reply.index] < STRENGTH[led.index]:
                    shown |= HIGHER_IN_SUIT[led.index]
        truth = mask_of(state.hand(opponent))
        assert not truth & knowledge_of(view, infer_king=False).forbidden
        knowledge = knowledge_of(view, infer_king=False)
        for _ in range(5):
            world = sample_world(knowledge, rng)
            assert world.opponent.bit_count() == view.hand_sizes[opponent]
            assert not world.opponent & seen
            assert not world.opponent & shown
            assert len(world.talon) == view.talon_size
            assert not mask_of(world.talon) & (seen | world.opponent)


def test_E_8_5_search_bot_explains_its_play() -> None:
    """E-§8.5: the search bot says why it chose its card."""
    state = _state("QH JH 9H 7S 8D", "AH 9D 8C KC 7C", "TS")
    state.apply_text("stand")
    bot = SearchBot(seed=1, **FAST_SEARCH)
    action = bot.choose(state.view(1))
    assert action in state.legal_actions() and "sampled" in bot.explain()


@pytest.mark.parametrize("name", ["random", "classical", "search"])
def test_E_K2_bots_choose_a_legal_remedy_when_the_law_gives_them_the_choice(name: str) -> None:
    """E-K2 in table mode: the bot holding the choice (the opponent of a false announcement) answers with one of
    the remedies offered, never an ordinary action."""
    from academie.engine import Mode
    from academie.games.ecarte import EcarteRules

    state = EcarteState.new(EcarteRules(mode=Mode.TABLE), seed=21, first_dealer=0)
    king = next(a for a in state.irregular_actions(0) if a.kind == "false-king")
    state.apply(king)
    bot = make_bot("ecarte", name, seed=3)
    choice = bot.choose(state.view(1))
    assert choice in state.legal_actions() and str(choice).startswith("remedy ")
