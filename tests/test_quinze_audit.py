"""Le Quinze, issue 14 (the close audit): law 32's "several engaged", law 28's choice of the dealer who leaves, and
law 24's known card, each with the neighbouring cases."""

from __future__ import annotations

import pytest
from quinze_support import act, cards, form_a, texts
from test_quinze_invariants import check_cards

from academie.cards import Card
from academie.engine import Mode
from academie.games.quinze import Phase, QuinzeState

TAKE_FIRST = "0: remedy take-first law=QUINZE-32"
DECK_3 = ["9S", "KC", "TC", "6S", "5S"]
"""Three players: hidden 9, 10, 10; the dealer then gives seat 0 the 6 (fifteen) and the 5 together."""
DECK_4 = ["9S", "KC", "TC", "2C", "6S", "5S"]


def table(players: int, dealer: int, *decks: list[str], **options: object) -> QuinzeState:
    return form_a(players, dealer, *decks, mode=Mode.TABLE, **options)


def law_32_payments(state: QuinzeState) -> list[tuple[object, object, int]]:
    return [(e.source, e.target, e.amount) for e in state.ledger.entries if e.reason == "QUINZE-32"]


# ------------------------------------------------------------------------------------------------ QUINZE-32
@pytest.mark.parametrize(("players", "deck", "moves", "points", "payments"), [
    pytest.param(2, ["9S", "KC", "6S", "5S"],
                 ("0: open 2", "1: hold", "! two-cards 1", TAKE_FIRST, "1: want-cards", "0: stand", "1: stand"),
                 (3, -3), [], id="dealer-in-alone-against-the-receiver"),
    pytest.param(3, DECK_3,
                 ("0: open 3", "1: pass", "2: hold", "! two-cards 2", TAKE_FIRST, "2: want-cards", "0: stand",
                  "2: stand"),
                 (5, -1, -4), [], id="dealer-in-one-other-passed"),
    pytest.param(3, DECK_3,
                 ("0: open 3", "1: hold", "2: pass", "! two-cards 2", TAKE_FIRST, "1: want-cards", "0: stand",
                  "1: stand"),
                 (5, 0, -5), [(2, 1, 4)], id="dealer-out-two-engaged"),
    pytest.param(3, DECK_3,
                 ("0: open 3", "1: hold", "2: hold", "! two-cards 2", TAKE_FIRST, "1: want-cards", "2: want-cards",
                  "0: stand", "1: stand", "2: stand"),
                 (8, 0, -8), [(2, 1, 4)], id="dealer-in-two-others"),
    pytest.param(4, DECK_4,
                 ("0: open 4", "1: hold", "2: pass", "3: pass", "! two-cards 3", TAKE_FIRST, "1: want-cards",
                  "0: stand", "1: stand"),
                 (7, 0, -1, -6), [(3, 1, 5)], id="dealer-out-two-engaged-one-passed"),
    pytest.param(4, DECK_4,
                 ("0: open 4", "1: hold", "2: hold", "3: pass", "! two-cards 3", TAKE_FIRST, "1: want-cards",
                  "2: want-cards", "0: stand", "1: stand", "2: stand"),
                 (11, 0, 0, -11), [(3, 1, 5), (3, 2, 5)], id="dealer-out-three-engaged"),
])
def test_QUINZE_32_several_engaged_means_two_or_more_besides_the_dealer(
        players: int, deck: list[str], moves: tuple[str, ...], points: tuple[int, ...],
        payments: list[tuple[int, int, int]]) -> None:
    """QUINZE-32: "c'est l'unique punition si le donneur est seul engagé ; mais qu'il soit du coup, ou non, s'il y a
    plusieurs engagés, il paie à tous": with the dealer alone against the receiver (in the coup, nobody else
    engaged) choosing the cards is the only penalty; with two or more engaged besides the dealer, whether he is in
    the coup or not, he pays each other engaged player of the pot the receiver won what he could have won (his
    stake and his ante). Issue 14: with the dealer out and two others engaged the engine charged nothing."""
    state = table(players, players - 1, deck, cave=20)
    act(state, *moves)
    assert "QUINZE-32: seat 0 takes 6S" in state.rulings and state.deal_results[-1].winners == (0,)
    assert state.deal_results[-1].points == points
    assert law_32_payments(state) == payments
    assert state.ledger.total() == 0


def test_QUINZE_32_dealer_out_two_engaged_the_player_not_concerned_judges() -> None:
    """QUINZE-32 (option fault_judgment="neutral"): the dealer out of the coup and two players engaged is "several
    engaged": the player not concerned (seat 2, who passed) is asked whether the cards changed the coup, and
    "changed" makes the dealer pay seat 1 his stake and ante."""
    state = table(4, 3, DECK_4, cave=20, fault_judgment="neutral")
    act(state, "0: open 4", "1: hold", "2: pass", "3: pass", "! two-cards 3", TAKE_FIRST, "1: want-cards",
        "0: stand", "1: stand")
    assert state.actor == 2 and texts(state) == ["remedy changed law=QUINZE-32", "remedy unchanged law=QUINZE-32"]
    act(state, "2: remedy changed law=QUINZE-32")
    assert law_32_payments(state) == [(3, 1, 5)] and state.deal_results[-1].points == (7, 0, -1, -6)


# ------------------------------------------------------------------------------------------------ QUINZE-28
def test_QUINZE_28_the_dealer_who_leaves_chooses_the_remedy() -> None:
    """QUINZE-28: "il faut brûler le jeu si c'est à lui à donner, à moins qu'il ne veuille achever le jeu en brûlant
    sa carte": the choice is the dealer's (he is the one to act), between the two remedies; another player who
    leaves has no choice, the table burns his card at once."""
    state = table(3, 2, ["7S", "KC", "4S"])
    act(state, "! leave 2")
    assert state.pending is not None and state.pending.chooser == 2 and state.actor == 2
    assert texts(state) == ["remedy burn-pack law=QUINZE-28", "remedy finish-pack law=QUINZE-28"]
    other = table(3, 2, ["7S", "KC", "4S"])
    act(other, "0: open 3", "! leave 1")
    assert other.pending is None and other.left == (False, True, False) and other.actor == 2
    assert other.rulings[-1].startswith("QUINZE-28: seat 1's card is burnt")


def test_QUINZE_28_dealer_burns_his_pack_before_any_bet() -> None:
    """QUINZE-28, remedy burn-pack before anyone has bet: the coup is given up at once with the pack (the antes stay
    in the passe, as after a general pass, Q-R10), and the next player deals the other pack, without the leaver."""
    state = table(3, 2, ["7S", "KC", "4S", "2S", "3S", "5S"], ["2D", "3D"])
    act(state, "! leave 2", "2: remedy burn-pack law=QUINZE-28")
    result = state.deal_results[-1]
    assert (result.dealer, result.completed, result.points) == (2, False, (-1, -1, -1))
    assert state.left == (False, False, True) and state.caves == (38, 38, 39)
    assert state.dealer == 0 and state.colour == 1 and state.phase is Phase.OPENING
    assert state.coup.in_coup == [True, True, False] and state.pot() == 5
    assert [str(state.hole_card(s)) for s in (1, 0)] == ["2D", "3D"]  # the red pack, from seat 0's right
    check_cards(state)


def test_QUINZE_28_dealer_finishes_his_pack_burning_his_card() -> None:
    """QUINZE-28, remedy finish-pack: the coup goes on without him; after the general pass he deals again from the
    same pack (Q-R10) and the card that would be his (dealt last) is burnt, so seats 0 and 1 get 2S and 3S and 5S
    goes to the burnt cards, never to a hand."""
    state = table(3, 2, ["7S", "KC", "4S", "2S", "3S", "5S", "6S"], ["2D", "3D"])
    act(state, "! leave 2", "2: remedy finish-pack law=QUINZE-28")
    assert state.phase is Phase.OPENING and state.coup.folded == [False, False, True] and state.actor == 0
    act(state, "0: pass", "1: pass")
    assert state.dealer == 2 and state.colour == 0 and state.coup.in_coup == [True, True, False]
    assert [str(state.hole_card(s)) for s in (0, 1)] == ["2S", "3S"] and str(state.pack()[-1]) == "6S"
    assert sorted(map(str, state.dead_cards())) == ["4S", "5S", "7S", "KC"]
    check_cards(state)


@pytest.mark.parametrize(("remedy", "dealer", "colour", "holes"), [
    ("burn-pack", 0, 1, {1: "2D", 0: "3D"}),
    ("finish-pack", 2, 0, {0: "2S", 1: "3S"}),
])
def test_QUINZE_28_dealer_leaves_an_engaged_coup_the_pack_after_it(remedy: str, dealer: int, colour: int,
                                                                   holes: dict[int, str]) -> None:
    """QUINZE-28 once bets are engaged (deal_passes="pack", one pack per dealer): the coup is played out either way
    (the law voids no bet); then burn-pack throws the pack in and the next player deals the other one, while
    finish-pack has the leaver deal the next coup from his pack, his own card (5S) burnt."""
    state = table(3, 2, ["7S", "KC", "4S", "2S", "3S", "5S"], ["2D", "3D"], deal_passes="pack")
    act(state, "0: open 3", "! leave 2", f"2: remedy {remedy} law=QUINZE-28", "1: hold", "0: stand", "1: stand")
    assert state.deal_results[-1].points == (-4, 5, -1) and state.left == (False, False, True)
    assert state.dealer == dealer and state.colour == colour and state.coup.in_coup == [True, True, False]
    assert {s: str(state.hole_card(s)) for s in holes} == holes
    assert ("5S" in map(str, state.dead_cards())) == (remedy == "finish-pack")
    check_cards(state)


def test_QUINZE_28_finished_pack_passes_the_deal_for_good() -> None:
    """QUINZE-28: a dealer who finishes his pack deals only what is left of it: once it is too short for another
    deal (Q-R10: the players, his burnt card and two more) the deal passes to the next player and never comes back
    to him."""
    state = table(3, 2, ["7S", "KC", "4S"], ["2D", "3D"])
    act(state, "! leave 2", "2: remedy finish-pack law=QUINZE-28")
    for _ in range(100):  # general passes use up his pack, one deal (3 cards) at a time
        if state.dealer != 2:
            break
        assert state.colour == 0 and state.phase is Phase.OPENING  # only his own (black) pack
        act(state, f"{state.actor}: pass")
    assert state.dealer == 0 and state.colour == 1 and state.left == (False, False, True)
    assert state.coup.in_coup == [True, True, False]


# ------------------------------------------------------------------------------------------------ QUINZE-24
@pytest.mark.parametrize("players", range(2, 7))
def test_QUINZE_24_the_card_seen_is_burnt_never_dealt(players: int) -> None:
    """QUINZE-24 ("une carte à donner est connue ... il en est de même", law 23): for every table size and every
    seat that saw it, the next card is burnt with the round dealt (N + 1 cards must go, so two complete rounds,
    2N, are burnt, those dealt and the card seen included) and the hidden cards are dealt again from beyond them:
    the card seen never reaches a hand. Issue 14: one round was burnt and the card seen went face down to the
    first player."""
    names = [str(c) for c in sorted({c for c in QuinzeState.new(seed=0).full_pack()}, key=lambda c: c.index)]
    dealt = names[:3 * players]  # distinct cards: a card's place in a hand is its own
    for seer in range(players):
        state = table(players, players - 1, dealt)
        seen = state.pack()[-1]
        assert seen == Card.parse(dealt[players])
        act(state, f"! seen-in-deal {seer}")
        holes = [state.hole_card(s) for s in range(players)]
        assert seen not in holes and seen in state.dead_cards()
        assert len(state.dead_cards()) == 2 * players
        assert sorted(map(str, holes)) == sorted(dealt[2 * players:])
        assert state.rulings[-1].startswith(f"QUINZE-24: 2 complete round(s) burnt ({2 * players} cards")
        assert state.pending is None and state.phase is Phase.OPENING
        check_cards(state)


FORFEIT_DECKS = ("AC 9C JC KC JS KS 7C 7C 3C 5C 8C 6C 3S 7S 6S 4C 2S 9C TC TC 8S AS 5C AC QS 9S 5S 2C 5S JS 8C KS "
                 "KC 6S 7S AS JC TS 4S 3S 3C 4S 8S 9S QS 2S 2C 4C TS QC QC 6C",
                 "6D 8D KD 5H 5H QD 8H AH 9H JH KH 7H 3D 4D 6H 2H JD 4H AD 5D 2D TD 2H 7D 8D JD TH 3D AD 8H QH 6H "
                 "TD QD KH 2D 7H 5D QH KD 6D 4H 9D 9H 7D 9D AH JH 3H 3H 4D TH")
"""The black and red pack orders of the QUINZE-30 case (four players, seat 2 deals first)."""


def test_QUINZE_30_the_drawer_forfeits_and_the_coup_goes_on_to_the_showdown() -> None:
    """QUINZE-30: the player to draw looks at the burnt cards and forfeits while the others hold the word; once
    the word has gone round nobody is left to draw and the coup is settled (it used to stop with no actor). The
    deal is given by its pack orders (:data:`FORFEIT_DECKS`, seat 2 deals first)."""
    from academie.engine import Mode
    from academie.games import load

    game = load("quinze")
    state = game.new(game.rules(mode=Mode.TABLE, players=4), decks=[cards(deck) for deck in FORFEIT_DECKS],
                     first_dealer=2)
    for text in ['pass', 'pass', 'pass', 'pass', 'open 8', 'hold', 'hold', 'pass', 'card', 'want-cards', 'want-cards',
                 'stand', 'card', 'want-cards', 'want-cards', 'card', 'want-cards', 'want-cards', 'raise 1', 'hold',
                 'hold', 'stand', 'card', 'want-cards', 'raise 1', 'hold', 'hold', 'card', 'want-cards', 'want-cards',
                 'card', '! expose-other 1 0', 'remedy keep law=QUINZE-22', '! look-burnt 1',
                 'remedy forfeit law=QUINZE-30', 'want-cards']:
        state.apply_text(text)
    coups = len(state.deal_results)
    state.apply_text("want-cards")
    assert len(state.deal_results) == coups + 1 and state.actor is not None
    assert any(ruling.startswith("QUINZE-30: seat 1") for ruling in state.rulings)
