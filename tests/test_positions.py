"""Setting up a position in every game: ``academie.games.<game>.positions.deck`` gives the pack order that, dealt by
the engine from the dealer asked, gives exactly the hands named, and the turn-up, talon, cotillon or stock order as
the game has them (E-§3, W-§3, WHIST-24, GUIMBARDE-§2, GUIMBARDE-§3, GU-§4.3, GU-§4.4, Q-R2, Q-R6, Q-R17,
Q-§5.8, QUINZE-29); the cards not named fill the other places in pack order; a card named twice, a hand too big, a
card not in the pack, a seat or dealer not at the table are refused with a typed error saying what is allowed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from academie.cards import PACK_32, PACK_52, Card
from academie.engine import RulesError
from academie.games.ecarte import EcarteRules, EcarteState
from academie.games.ecarte import positions as ecarte_positions
from academie.games.guimbarde import GuimbardeRules, GuimbardeState
from academie.games.guimbarde import positions as guimbarde_positions
from academie.games.guimbarde.state import pack_for
from academie.games.guinguette import GuinguetteRules, GuinguetteState
from academie.games.guinguette import positions as guinguette_positions
from academie.games.quinze import QuinzeRules, QuinzeState
from academie.games.quinze import positions as quinze_positions
from academie.games.quinze.state import BLACK_PACK, RED_PACK
from academie.games.whist import WhistState
from academie.games.whist import positions as whist_positions


def _split(rng: random.Random, pack: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    """A random deal of ``pack``: groups of the sizes asked, then the rest."""
    cards = list(pack)
    rng.shuffle(cards)
    groups, at = [], 0
    for size in sizes:
        groups.append(tuple(cards[at:at + size]))
        at += size
    groups.append(tuple(cards[at:]))
    return groups


def _as_spec(rng: random.Random, cards: tuple[Card, ...]) -> str | tuple[Card, ...]:
    """Cards named as text or as Card values, at random (both are accepted)."""
    return " ".join(str(card) for card in cards) if rng.random() < 0.5 else cards


def _filled_in_pack_order(order: Sequence[Card], pack: Sequence[Card], named: Sequence[Card]) -> bool:
    """Whether ``order`` is an order of ``pack`` whose cards not named come in pack order."""
    rest = list(pack)
    for card in named:
        rest.remove(card)
    unnamed = list(order)
    for card in named:
        unnamed.remove(card)
    return sorted(order, key=lambda c: c.index) == sorted(pack, key=lambda c: c.index) and unnamed == rest


def _same(cards: Sequence[Card]) -> list[int]:
    return sorted(card.index for card in cards)


# ------------------------------------------------------------------------------------------------------- Écarté
@pytest.mark.parametrize("pattern", [(3, 2), (2, 3)])
def test_E_3_ecarte_deck_deals_the_hands_turn_up_and_talon_asked(pattern: tuple[int, int]) -> None:
    """E-§3: for either deal pattern and dealer, the order given deals exactly the hands named, turns up the card
    named and leaves the talon named in its order, whatever the deal."""
    rng = random.Random(f"ecarte {pattern}")
    rules = EcarteRules(deal_pattern=pattern)
    for trial in range(40):
        dealer = trial % 2
        dealer_hand, elder_hand, turn_up, talon = _split(rng, PACK_32, (5, 5, 1))
        order = ecarte_positions.deck(hands={dealer: _as_spec(rng, dealer_hand), 1 - dealer: elder_hand},
                                      dealer=dealer, rules=rules, turn_up=turn_up[0], talon=_as_spec(rng, talon))
        state = EcarteState.new(rules, decks=[order], first_dealer=dealer)
        assert _same(state.view(dealer).hand) == _same(dealer_hand)
        assert _same(state.view(1 - dealer).hand) == _same(elder_hand)
        assert state.view(1 - dealer).trump_card == turn_up[0] and state.talon() == talon


def test_E_3_ecarte_cards_not_named_fill_the_pack_in_order() -> None:
    """E-§3: hands named in part get the cards named first, in the order dealt; every other place takes the cards
    not named in pack order, and the talon named is drawn first."""
    order = ecarte_positions.deck(hands={1: "KS QH"}, dealer=0, talon="KH 7D")
    state = EcarteState.new(decks=[order], first_dealer=0)
    assert order[:2] == (Card.parse("KS"), Card.parse("QH")) and state.talon()[:2] == (Card.parse("KH"),
                                                                                       Card.parse("7D"))
    assert {Card.parse("KS"), Card.parse("QH")} <= set(state.view(1).hand)
    assert _filled_in_pack_order(order, PACK_32, [Card.parse(c) for c in ("KS", "QH", "KH", "7D")])


# ------------------------------------------------------------------------------------------------------- Whist
def test_W_3_WHIST_24_whist_deck_deals_the_hands_and_turn_up_asked() -> None:
    """W-§3, WHIST-24: for every dealer, the order given deals exactly the four hands named, and the turn-up named
    is the dealer's last card, whether his hand names it or not."""
    rng = random.Random("whist")
    for trial in range(40):
        dealer = trial % 4
        hands = _split(rng, PACK_52, (13, 13, 13, 13))[:4]
        turn_up = rng.choice(hands[dealer])
        named: dict[int, Any] = {seat: _as_spec(rng, hands[seat]) for seat in range(4)}
        if trial % 3 == 0:  # the dealer's hand without its turn-up: it is named apart
            named[dealer] = tuple(card for card in hands[dealer] if card != turn_up)
        order = whist_positions.deck(hands=named, dealer=dealer, turn_up=turn_up)
        state = WhistState.new(decks=[order], first_dealer=dealer)
        assert all(_same(state.view(seat).hand) == _same(hands[seat]) for seat in range(4))
        assert state.trump_card == turn_up and order[51] == turn_up


def test_W_3_whist_cards_not_named_fill_the_pack_in_order() -> None:
    """W-§3: a seat named in part gets those cards first; the places left take the cards not named in pack order;
    without a turn-up, the dealer's thirteenth card is turned."""
    order = whist_positions.deck(hands={1: "AS KS", 3: "2H"}, dealer=2)
    state = WhistState.new(decks=[order], first_dealer=2)
    assert {Card.parse("AS"), Card.parse("KS")} <= set(state.view(1).hand) and Card.parse("2H") in state.view(3).hand
    assert _filled_in_pack_order(order, PACK_52, [Card.parse(c) for c in ("AS", "KS", "2H")])
    assert state.trump_card == order[51]


# ------------------------------------------------------------------------------------------------------- Guimbarde
@pytest.mark.parametrize("players", range(3, 9))
def test_GUIMBARDE_2_3_guimbarde_deck_deals_the_hands_and_turn_up_asked(players: int) -> None:
    """GUIMBARDE-§2, GUIMBARDE-§3, G-§2.1: at every table (32 or 52 cards, either direction), the order given deals
    exactly the hands named and turns up the card named."""
    rng = random.Random(f"guimbarde {players}")
    for trial, direction in enumerate(("counter-clockwise", "clockwise") * 4):
        rules = GuimbardeRules(players=players, direction=direction)
        dealer = trial % players
        *hands, turn_up, _ = _split(rng, pack_for(players), (5,) * players + (1,))
        order = guimbarde_positions.deck(hands={seat: _as_spec(rng, hand) for seat, hand in enumerate(hands)},
                                         dealer=dealer, rules=rules, turn_up=turn_up[0])
        state = GuimbardeState.new(rules, decks=[order], first_dealer=dealer)
        assert all(_same(state.view(seat).hand) == _same(hands[seat]) for seat in range(players))
        assert state.view(dealer).trump_card == turn_up[0]


def test_GUIMBARDE_2_guimbarde_players_shorthand_and_filling() -> None:
    """GUIMBARDE-§2: ``players`` replaces the rules' table, as in ``GuimbardeState.new``; the places left take the
    cards not named in pack order."""
    order = guimbarde_positions.deck(hands={2: "KH"}, dealer=0, players=6, turn_up="2S")
    state = GuimbardeState.new(decks=[order], first_dealer=0, players=6)
    assert Card.parse("KH") in state.view(2).hand and state.view(0).trump_card == Card.parse("2S")
    assert _filled_in_pack_order(order, PACK_52, [Card.parse("KH"), Card.parse("2S")])


# ------------------------------------------------------------------------------------------------------- Guinguette
@pytest.mark.parametrize("players", range(3, 9))
def test_GU_4_3_GU_4_4_guinguette_deck_deals_the_hands_and_cotillon_asked(players: int) -> None:
    """GU-§4.3, GU-§4.4, GU-§2.1: at every table (36 or 52 cards, either direction), the order given deals exactly
    the hands named, two cards at a time from the eldest, and leaves the cotillon named on top, in its order."""
    rng = random.Random(f"guinguette {players}")
    for trial, direction in enumerate(("counterclockwise", "clockwise") * 4):
        rules = GuinguetteRules(players=players, direction=direction)
        dealer = trial % players
        *hands, cotillon, _ = _split(rng, rules.pack, (4,) * players + (3,))
        order = guinguette_positions.deck(hands={seat: _as_spec(rng, hand) for seat, hand in enumerate(hands)},
                                          dealer=dealer, rules=rules, cotillon=_as_spec(rng, cotillon))
        state = GuinguetteState.new(rules, decks=[order], first_dealer=dealer)
        assert all(_same(state.view(seat).hand) == _same(hands[seat]) for seat in range(players))
        assert state.cotillon()[:3] == cotillon


def test_GU_4_3_guinguette_players_shorthand_and_filling() -> None:
    """GU-§4.3: ``players`` replaces the rules' table, as in ``GuinguetteState.new``; the places left take the
    cards not named in pack order."""
    order = guinguette_positions.deck(hands={0: "QD 2C"}, dealer=4, players=5, cotillon="AS")
    state = GuinguetteState.new(decks=[order], first_dealer=4, players=5)
    assert {Card.parse("QD"), Card.parse("2C")} <= set(state.view(0).hand) and state.cotillon()[0] == Card.parse("AS")
    assert _filled_in_pack_order(order, PACK_52, [Card.parse(c) for c in ("QD", "2C", "AS")])


# ------------------------------------------------------------------------------------------------------- Le Quinze
def _open_and_hold(state: QuinzeState) -> int:
    """The first to speak opens for the least, every other holds; returns the first drawer."""
    first = state.actor
    assert isinstance(first, int)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("open")))
    while state.actor != first:
        state.apply_text("hold")
    return first


@pytest.mark.parametrize("players", range(2, 7))
def test_Q_R6_QUINZE_29_quinze_form_a_deck_deals_the_hidden_cards_and_serves_the_stock(players: int) -> None:
    """Q-R6, Q-R2, QUINZE-29: from the black pack, dealt from the bottom, every seat gets the hidden card named,
    and the first card asked for is the stock's first (an ace, so that the drawer cannot bust and end the coup)."""
    rng = random.Random(f"quinze {players}")
    rules = QuinzeRules(players=players)
    for dealer in range(players):
        cards = list(BLACK_PACK)
        cards.remove(Card.parse("AC"))
        rng.shuffle(cards)
        holes, stock = cards[:players], (Card.parse("AC"), *cards[players:players + 3])
        order = quinze_positions.deck(hands={seat: (card,) for seat, card in enumerate(holes)}, dealer=dealer,
                                      rules=rules, stock=_as_spec(rng, stock))
        state = QuinzeState.new(rules, decks=[order], first_dealer=dealer)
        assert [state.view(seat).hole[seat] for seat in range(players)] == holes
        drawer = _open_and_hold(state)
        state.apply_text("card")
        assert state.view(drawer).up[drawer] == stock[:1]


def test_Q_R6_quinze_form_a_stock_in_the_order_served() -> None:
    """Q-R6, QUINZE-29: the cards asked for come in the stock's order (a card of a colour pack may be named twice,
    as the pack holds it twice)."""
    rules = QuinzeRules(players=3)
    order = quinze_positions.deck(hands={0: "AC", 1: "AS", 2: "AC"}, dealer=2, rules=rules, stock="2S AS 3C")
    state = QuinzeState.new(rules, decks=[order], first_dealer=2)
    drawer = _open_and_hold(state)
    while len(state.view(drawer).up[drawer]) < 3:
        if state.actor == drawer:
            state.apply_text("card")
        else:
            state.apply_text("with-that")
    assert [str(card) for card in state.view(drawer).up[drawer]] == ["2S", "AS", "3C"]
    rest = list(BLACK_PACK)
    for card in ("AC", "AS", "AC", "2S", "AS", "3C"):
        rest.remove(Card.parse(card))
    assert list(order[:-6]) == rest  # the bottom six are named: the three hidden cards, then the stock


def test_Q_R17_quinze_red_pack_for_the_next_dealer() -> None:
    """Q-R17, Q-R2: when the deal passes, the next dealer shuffles the red pack: the order given for it deals the
    hidden cards named in the second coup."""
    rules = QuinzeRules(players=3)
    black = quinze_positions.deck(hands={}, dealer=0, rules=rules)
    red = quinze_positions.deck(hands={2: "KH", 0: "2D", 1: "7H"}, dealer=1, rules=rules, colour="red")
    assert sorted(c.index for c in red) == sorted(c.index for c in RED_PACK)
    state = QuinzeState.new(rules, decks=[black, red], first_dealer=0)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("open")))
    while state.dealer == 0:
        state.apply_text("pass")
    assert state.dealer == 1
    assert [str(state.view(seat).hole[seat]) for seat in range(3)] == ["2D", "7H", "KH"]


def test_Q_5_8_quinze_form_b_deck_from_the_top() -> None:
    """Q-§5.8: Form B deals one ordinary pack from the top, elder first; the elder's cards asked for follow."""
    rules = QuinzeRules(form="B")
    for dealer in (0, 1):
        order = quinze_positions.deck(hands={dealer: "KS", 1 - dealer: "2H"}, dealer=dealer, rules=rules,
                                      stock="AD 3C")
        state = QuinzeState.new(rules, decks=[order], first_dealer=dealer)
        assert state.view(dealer).hole[dealer] == Card.parse("KS")
        assert state.view(1 - dealer).hole[1 - dealer] == Card.parse("2H")
        state.apply_text("card")
        state.apply_text("card")
        assert [str(card) for card in state.view(1 - dealer).up[1 - dealer]] == ["AD", "3C"]
    with pytest.raises(RulesError, match="not allowed in Form B, which plays with one ordinary pack"):
        quinze_positions.deck(hands={}, dealer=0, rules=rules, colour="red")


# ------------------------------------------------------------------------------------------------------- refusals
DeckCall = Callable[..., tuple[Card, ...]]
_GAMES: dict[str, tuple[DeckCall, dict[str, Any], int, str]] = {
    # game: (deck, options, hand size, a card not in the pack)
    "ecarte": (ecarte_positions.deck, {}, 5, "6S"),
    "whist": (whist_positions.deck, {}, 13, ""),
    "guimbarde": (guimbarde_positions.deck, {"players": 4}, 5, "2C"),
    "guinguette": (guinguette_positions.deck, {"players": 4}, 4, "5H"),
    "quinze": (quinze_positions.deck, {"players": 3}, 1, "QH"),
}


@pytest.mark.parametrize("game", sorted(_GAMES))
def test_E_3_W_3_GUIMBARDE_2_GU_4_3_Q_R6_positions_refused_with_what_is_allowed(game: str) -> None:
    """E-§3, W-§3, GUIMBARDE-§2, GU-§4.3, Q-R6, Q-R2: in every game a card named twice, a hand given more cards
    than it holds, a card not in the pack, unreadable text, a seat or a dealer not at the table are refused with a
    RulesError that says what was wrong and what is allowed."""
    deck, options, size, foreign = _GAMES[game]
    if game == "quinze":  # each card of a colour pack is there twice
        with pytest.raises(RulesError, match=r"KS is named three times \(seat 0 and seat 2\); the black pack .* "
                           "holds it twice"):
            deck(hands={0: "KS", 1: "KS", 2: "KS"}, dealer=0, **options)
    else:
        with pytest.raises(RulesError, match=r"KS is named twice \(seat 0 and seat 1\); the .* holds it once"):
            deck(hands={0: "KS", 1: "KS"}, dealer=0, **options)
    big = [card for card in (BLACK_PACK if game == "quinze" else PACK_32)][:size + 1]
    with pytest.raises(RulesError, match=f"seat 1 is given {size + 1} cards; a hand holds {size}"):
        deck(hands={1: big}, dealer=0, **options)
    if foreign:
        with pytest.raises(RulesError, match=f"{foreign} \\(seat 0\\) is not in the .*pack"):
            deck(hands={0: foreign}, dealer=0, **options)
    with pytest.raises(RulesError, match="the hand of seat 0: cannot read a card from 'XY'"):
        deck(hands={0: "XY"}, dealer=0, **options)
    with pytest.raises(RulesError, match=r"seat 9 is not at the table; allowed: 0"):
        deck(hands={9: "KS"}, dealer=0, **options)
    with pytest.raises(RulesError, match=r"dealer=9 is not allowed; allowed: 0"):
        deck(hands={}, dealer=9, **options)


def test_E_3_W_3_GU_4_4_Q_R6_talon_cotillon_stock_and_turn_up_refused_when_too_long() -> None:
    """E-§3, GU-§4.4, Q-R6, W-§3, WHIST-24: a talon, cotillon or stock longer than what the pack leaves after the
    deal, or a dealer's hand of thirteen besides the turn-up, is refused, saying how many it holds."""
    with pytest.raises(RulesError, match="the talon is given 22 cards; it holds 21"):
        ecarte_positions.deck(hands={}, dealer=0, talon=PACK_32[:22])
    with pytest.raises(RulesError, match="the turn-up is given 2 cards"):
        ecarte_positions.deck(hands={}, dealer=0, turn_up="KS QS")
    with pytest.raises(RulesError, match="the cotillon is given 21 cards; it holds 20"):
        guinguette_positions.deck(hands={}, dealer=0, players=4, cotillon=PACK_32[:21])
    with pytest.raises(RulesError, match="the stock is given 51 cards; it holds 50"):
        quinze_positions.deck(hands={}, dealer=0, stock=BLACK_PACK[:51])
    with pytest.raises(RulesError, match="seat 0 is given 13 cards besides the turn-up AH; a hand holds 13"):
        whist_positions.deck(hands={0: PACK_52[:13]}, dealer=0, turn_up="AH")
    with pytest.raises(RulesError, match="the turn-up is given 2 cards; it is one card"):
        whist_positions.deck(hands={}, dealer=0, turn_up="AH KH")
