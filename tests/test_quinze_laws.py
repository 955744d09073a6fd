"""Le Quinze in table mode: one scenario per law of irregularities (QUINZE-19 … QUINZE-34) and the rule file's
Example 5 (law 22's substitute card) exactly."""

from __future__ import annotations

import random

import pytest
from quinze_support import act, form_a, texts
from test_quinze_invariants import check_cards

from academie.engine import PUBLIC, IllegalActionError, Mode
from academie.games.quinze import Irregular, Phase, QuinzeRules, QuinzeState

TABLE = Mode.TABLE


def table(players: int, dealer: int, *decks: list[str], **options: object) -> QuinzeState:
    return form_a(players, dealer, *decks, mode=TABLE, **options)


def test_QUINZE_22_example_5_substitute_counts_only_against_the_offender() -> None:
    """QUINZE-22 (Example 5): C exposes B's hidden 9; B takes the next card face down, a 6, valid only against C.
    B draws 5: 14 against A, 11 against C. A has 12, C 13: W1 = B, W2 = C, no innocent player is either, so
    C wins the pot."""
    state = table(3, 2, ["TS", "9S", "9C", "6S", "2S", "5S", "4S"])
    act(state, "0: open 3", "1: hold", "2: hold")
    act(state, "! expose-other 1 2")
    assert state.actor == 1 and texts(state) == ["remedy keep law=QUINZE-22", "remedy substitute law=QUINZE-22"]
    assert str(state.view(0).hole[1]) == "9S"
    act(state, "1: remedy substitute law=QUINZE-22")
    assert str(state.view(1).substitute) == "6S" and state.view(0).substitute is None
    act(state, "0: card", "1: want-cards", "2: want-cards", "0: stand", "1: card", "0: want-cards", "2: want-cards",
        "1: stand", "2: card", "0: want-cards", "1: want-cards", "2: stand")
    assert state.deal_results[-1].points == (-4, -4, 8)


def test_QUINZE_22_innocent_winner_keeps_the_original() -> None:
    """QUINZE-22: when an innocent player is W1 or W2, W1 (with the exposed card) governs."""
    state = table(3, 2, ["TS", "9S", "9C", "2S", "4S", "5S", "3S"])
    act(state, "0: open 3", "1: hold", "2: hold", "! expose-other 1 2", "1: remedy substitute law=QUINZE-22")
    act(state, "0: card", "1: want-cards", "2: want-cards", "0: stand", "1: card", "0: want-cards", "2: want-cards",
        "1: stand", "2: card", "0: want-cards", "1: want-cards", "2: stand")
    # A 14, B 9+5 = 14 (W1: A, the elder) ; with the substitute B has 2+5 = 7, C 12: W2 = A as well
    assert state.deal_results[-1].winners == (0,)


@pytest.mark.parametrize(("option", "winners"), [("offender", (0,)), ("coup", (1,))])
def test_QUINZE_22_substitute_card_options(option: str, winners: tuple[int, ...]) -> None:
    """QUINZE-22 (Q7, option substitute_card): B's 9 is exposed by C; B takes a K as substitute and draws 4: 13
    with his card (A, the elder, also has 13 and wins W1), 14 with the substitute (W2 = B). By default an innocent
    W1 governs (A wins); with "coup" the substitute counts for the whole coup (B wins)."""
    state = table(3, 2, ["TS", "9S", "9C", "KS", "3S", "4S"], substitute_card=option)
    act(state, "0: open 3", "1: hold", "2: hold", "! expose-other 1 2", "1: remedy substitute law=QUINZE-22")
    act(state, "0: card", "1: want-cards", "2: want-cards", "0: stand", "1: card", "0: want-cards", "2: want-cards",
        "1: stand", "2: stand")
    assert state.deal_results[-1].winners == winners


def test_QUINZE_22_no_substitute_option_victim_keeps_his_card() -> None:
    """QUINZE-22 (Q7, option substitute_card="none"): the victim of the exposure may only keep his card."""
    state = table(3, 2, ["TS", "9S", "9C", "KS"], substitute_card="none")
    act(state, "0: open 3", "1: hold", "2: hold", "! expose-other 1 2")
    assert state.actor == 1 and texts(state) == ["remedy keep law=QUINZE-22"]


def test_QUINZE_20_dealer_fault_owner_may_burn_the_coup() -> None:
    """QUINZE-20: a card seen through the dealer's fault: its owner keeps it or has the coup burnt and redealt."""
    state = table(3, 2, ["7S", "KC", "4S", "2S", "3S", "5S"])
    act(state, "! expose-deal 1")
    assert str(state.view(0).hole[1]) == "KC"
    act(state, "1: remedy burn-coup law=QUINZE-20")
    assert [str(state.hole_card(s)) for s in range(3)] == ["2S", "3S", "5S"]
    assert state.view(0).hole[1] is None and len(state.dead_cards()) == 3 and state.actor == 0


def test_QUINZE_21_own_fault_no_burning() -> None:
    """QUINZE-21: a card seen through its owner's fault cannot have the coup burnt: the table rules "keep"."""
    state = table(3, 2, ["7S", "KC", "4S"])
    state.automate_table = False
    act(state, "! expose-own 0")
    assert texts(state) == ["remedy keep law=QUINZE-21"]
    act(state, "remedy keep law=QUINZE-21")
    assert str(state.view(1).hole[0]) == "7S" and str(state.hole_card(0)) == "7S"


def test_QUINZE_23_wrong_number_dealt_burns_rounds() -> None:
    """QUINZE-23: one card too many (4 dealt to 3): two complete rounds (6 cards, those dealt included) are burnt;
    one too few: one round; then the cards are dealt again."""
    state = table(3, 2, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"])
    act(state, "! misdeal 0 1")  # the table rules at once: the law leaves no choice
    assert len(state.dead_cards()) == 6 and [str(state.hole_card(s)) for s in range(3)] == ["8S", "9S", "TS"]
    state = table(3, 2, ["2S", "3S", "4S", "5S", "6S", "7S", "8S"])
    act(state, "! misdeal 1 -1")
    assert sorted(map(str, state.dead_cards())) == ["2S", "3S", "4S"]
    assert [str(state.hole_card(s)) for s in range(3)] == ["5S", "6S", "7S"]


def test_QUINZE_24_card_seen_before_dealing_as_law_23() -> None:
    """QUINZE-24: a card about to be dealt seen (5S, the next): it is burnt with the round dealt, so two complete
    rounds go (law 23: more than N cards), then the cards are dealt again. (Issue 14: one round was burnt and the
    seen 5S went face down to seat 0.)"""
    state = table(3, 2, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"])
    act(state, "! seen-in-deal 1")
    assert [str(state.hole_card(s)) for s in range(3)] == ["8S", "9S", "TS"]
    assert state.rulings[-1].startswith("QUINZE-24: 2 complete round(s) burnt")


def test_QUINZE_24_order_disturbed_burns_one_round() -> None:
    """QUINZE-24: the order of dealing disturbed, no card known but those dealt: one complete round, then redealt."""
    state = table(3, 2, ["2S", "3S", "4S", "5S", "6S", "7S"])
    act(state, "! deal-order 1")
    assert [str(state.hole_card(s)) for s in range(3)] == ["5S", "6S", "7S"]
    assert state.rulings[-1].startswith("QUINZE-24: 1 complete round(s) burnt")


def test_QUINZE_28_leaver_card_burnt_and_dealt_no_more() -> None:
    """QUINZE-28: a player who leaves has his card burnt, loses his stake and is dealt no more cards (here the
    dealer, who chooses to finish his pack)."""
    state = table(3, 2, ["7S", "KC", "4S"], ["2D", "3D"])
    act(state, "0: open 3", "! leave 2", "2: remedy finish-pack law=QUINZE-28")
    assert state.left[2] and state.view(PUBLIC).folded[2]
    act(state, "1: pass")
    assert state.dealer == 0 and state.phase is Phase.OPENING
    assert state.coup.in_coup == [True, True, False]


def test_QUINZE_29_gesture_is_no_request_detached_card_is_taken() -> None:
    """QUINZE-29: the dealer obeys the spoken word, not a gesture; for himself, a card detached is a card taken."""
    state = table(2, 1, ["7S", "KC", "2S"])
    act(state, "0: open 2", "1: hold", "! gesture 0")
    assert state.up_cards(0) == () and state.actor == 0
    assert state.rulings[-1] == "QUINZE-29: a gesture is not a request; no card is given"
    act(state, "0: stand", "! detach 1")
    assert [str(c) for c in state.up_cards(1)] == ["2S"] and state.actor == 0


def test_QUINZE_30_looking_at_burnt_cards_forfeits() -> None:
    """QUINZE-30: a player who looks at the burnt cards against his adversary's will loses what is at stake."""
    state = table(2, 1, ["7S", "KC", "2S", "3S"])
    act(state, "0: pass", "1: pass")  # a general pass: two dead cards
    act(state, "0: open 4", "1: hold", "! look-burnt 0")
    assert state.actor == 1
    act(state, "1: remedy forfeit law=QUINZE-30")
    assert state.deal_results[-1].points == (-5, 7)  # seat 1 also takes the passe of the general pass


def test_QUINZE_32_two_cards_receiver_chooses_dealer_pays() -> None:
    """QUINZE-32: the dealer gives two cards: the receiver takes one or both; the other goes back under the pack;
    with several engaged, the dealer pays each other player of the pot the receiver wins what he could have won."""
    state = table(3, 2, ["9S", "KC", "TC", "6S", "5S"], cave=20)
    act(state, "0: open 3", "1: hold", "2: hold", "! two-cards 2")
    assert state.actor == 0 and "remedy take-both law=QUINZE-32" in texts(state)
    act(state, "0: remedy take-first law=QUINZE-32")
    assert [str(c) for c in state.up_cards(0)] == ["6S"] and str(state.pack()[-1]) == "5S"
    act(state, "1: want-cards", "2: want-cards", "0: stand", "1: stand", "2: stand")
    assert state.deal_results[-1].points == (8, -4 + 4, -4 - 4)
    assert any(e.reason == "QUINZE-32" for e in state.ledger.entries)


def test_QUINZE_33_unasked_card_refused_goes_back() -> None:
    """QUINZE-33 (and QUINZE-28: no card may be burnt): an unasked card refused goes back under the pack."""
    state = table(2, 1, ["7S", "KC", "2S"])
    act(state, "0: open 2", "1: hold", "! unasked-card 1", "0: remedy refuse law=QUINZE-33")
    assert state.up_cards(0) == () and str(state.pack()[-1]) == "2S"
    act(state, "0: card")
    assert [str(c) for c in state.up_cards(0)] == ["2S"]


def test_QUINZE_33_dealer_shows_the_next_card_penalty_of_law_32() -> None:
    """QUINZE-33 (and QUINZE-28): the dealer shows the next card while bets are engaged: it stays the next card,
    known to every viewer until dealt; its taker wins, so the dealer pays the other engaged player (law 32)."""
    state = table(3, 2, ["9S", "KC", "TC", "6S", "5S"], cave=20)
    act(state, "0: open 3", "1: hold", "2: hold", "! show-card 2")
    assert state.pending is None and state.rulings[-1].startswith("QUINZE-33: the dealer showed the next card, 6S")
    assert all(str(state.view(v).shown_next) == "6S" for v in (0, 1, 2, PUBLIC))
    act(state, "0: card")
    assert [str(c) for c in state.up_cards(0)] == ["6S"] and state.view(PUBLIC).shown_next is None
    act(state, "1: want-cards", "2: want-cards", "0: stand", "1: stand", "2: stand")
    assert state.deal_results[-1].points == (8, -4 + 4, -4 - 4)


@pytest.mark.parametrize(("remedy", "points"), [("soften", (8, -4, -4)), ("penalty", (8, 0, -8))])
def test_QUINZE_33_dealer_burns_a_card_softened_only_by_consent(remedy: str, points: tuple[int, ...]) -> None:
    """QUINZE-33: the dealer burns a card while bets are engaged: it is out of play and in no view; the penalty of
    law 32 stands unless those concerned consent to soften it (their first player answers for them)."""
    state = table(3, 2, ["9S", "KC", "TC", "6S", "5S"], cave=20)
    act(state, "0: open 3", "1: hold", "2: hold", "! burn-card 2")
    assert state.actor == 0 and texts(state) == ["remedy penalty law=QUINZE-33", "remedy soften law=QUINZE-33"]
    act(state, f"0: remedy {remedy} law=QUINZE-33", "0: card")
    assert [str(c) for c in state.up_cards(0)] == ["5S"]
    assert all("6S" not in str(state.view(v)) for v in (1, 2, PUBLIC))
    act(state, "1: want-cards", "2: want-cards", "0: stand", "1: stand", "2: stand")
    assert state.deal_results[-1].points == points


@pytest.mark.parametrize(("judgment", "points"), [("changed", (11, 0, -1, -10)), ("unchanged", (11, -5, -1, -5))])
def test_QUINZE_32_players_not_concerned_judge_the_change(judgment: str, points: tuple[int, ...]) -> None:
    """QUINZE-32 (option fault_judgment="neutral"): at the settlement the player not concerned (seat 2, who passed)
    judges whether the two cards plainly changed the coup; "changed": the dealer pays the other engaged player what
    he staked. By default (the rule file's approximation) the receiver's win decides, with no ruling."""
    deck = ["9S", "KC", "2C", "TC", "6S", "5S"]
    moves = ("0: open 4", "1: hold", "2: pass", "3: hold", "! two-cards 3", "0: remedy take-first law=QUINZE-32",
             "1: want-cards", "3: want-cards", "0: stand", "1: stand", "3: stand")
    state = table(4, 3, deck, cave=20, fault_judgment="neutral")
    act(state, *moves)
    assert state.actor == 2 and texts(state) == ["remedy changed law=QUINZE-32", "remedy unchanged law=QUINZE-32"]
    act(state, f"2: remedy {judgment} law=QUINZE-32")
    assert state.deal_results[-1].points == points and state.ledger.total() == 0
    default = table(4, 3, deck, cave=20)
    act(default, *moves)
    assert default.deal_results[-1].points == (11, 0, -1, -10)


def test_QUINZE_34_composition_veto_or_agree() -> None:
    """QUINZE-34: a composition before any card is taken: any player may veto it; agreed, the pot is shared."""
    state = table(3, 2, ["7S", "KC", "4S"])
    act(state, "0: open 3", "1: hold", "2: pass", "! compose 0")
    act(state, "remedy veto law=QUINZE-34")
    assert state.phase is Phase.DRAW and state.rulings[-1].startswith("QUINZE-34: the composition is vetoed")
    act(state, "! compose 0", "remedy agree law=QUINZE-34")
    assert state.deal_results[-1].points == (1, 0, -1) and state.pot() == 0


def test_QUINZE_19_stood_player_draws_again_only_by_consent() -> None:
    """QUINZE-19, Q-R14: a player who stood may change his position only with his adversaries' consent."""
    state = table(2, 1, ["7S", "KC", "2S"])
    act(state, "0: open 2", "1: hold", "0: stand", "! change-position 0")
    assert state.actor == 1
    act(state, "1: remedy refuse law=QUINZE-19")
    assert state.actor == 1 and "card" in texts(state)
    act(state, "! change-position 0", "1: remedy consent law=QUINZE-19")
    assert state.actor == 0 and "card" in texts(state)


def test_irregular_acts_refused_in_enforced_mode_and_when_impossible() -> None:
    """Table acts only in table mode, and only when physically possible; the state is unchanged."""
    state = form_a(3, 2, ["7S", "KC", "4S"])
    with pytest.raises(IllegalActionError, match="table mode"):
        state.apply(Irregular("leave", 0))
    state = table(3, 2, ["7S", "KC", "4S"])
    with pytest.raises(IllegalActionError, match="only the dealer"):
        state.apply_text("! two-cards 0")
    assert len(state.operations) == 1


def test_table_mode_random_irregularities_keep_the_books() -> None:
    """QUINZE-20 … QUINZE-34 under random irregular acts and remedies: the ledger balances, caves never go below
    zero, the cards of the pack are conserved whenever no ruling is pending, every partie ends."""
    for seed in range(40):
        judgment = "neutral" if seed % 2 else "winner"
        state = QuinzeState.new(QuinzeRules(players=3 + seed % 3, mode=TABLE, cave=20, fault_judgment=judgment),
                                seed=seed)
        state.automate_table = False
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 3000:
            seat = state.actor
            acts = state.irregular_actions(rng.randrange(state.n)) if isinstance(seat, int) and seat >= 0 else ()
            if acts and rng.random() < 0.1:
                state.apply(rng.choice(acts))
            else:
                state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert state.ledger.total() == 0 and min(state.caves) >= 0
            if state.pending is None:
                check_cards(state)
        assert state.is_terminal
