"""Table mode of La Guinguette: one scenario per law of the rule file's §7 (GU1–GU8; GU9 is in the rules tests).

Only GU1's prohibition is historical (ADP); the penalties and GU2–GU8 are the rule file's proposals by analogy.
"""

from __future__ import annotations

import pytest
from guinguette_support import act, deal_order, new_deal, set_stock, stacked, stir

from academie import record
from academie.engine import CHANCE, PUBLIC, TABLE, IllegalActionError, Mode
from academie.games import load
from academie.games.guinguette import GuinguetteRules, GuinguetteState, Irregular, Phase, Shuffle

HANDS = ["9S 8H KC 6D", "QD JC TH 7S", "TS 9D 8C AH", "KH QS 7D 6C"]
TABLE_RULES = GuinguetteRules(mode=Mode.TABLE)


def _table() -> GuinguetteState:
    return new_deal(HANDS, TABLE_RULES)


def _fines(state: GuinguetteState, law: str) -> list[tuple[object, object, int]]:
    return [(e.source, e.target, e.amount) for e in state.ledger.entries if e.reason == law]


def test_GU1_showing_the_card_drawn_costs_one_to_each() -> None:
    """GU1: the card drawn from the cotillon is shown: 1 to each player, the card is kept and seen by all."""
    state = _table()
    stir(state, "stir KC", "7C")
    act(state, "! show-draw 0 7C")  # the table rules at once (automated: nobody chooses under GU1)
    assert state.rulings[-1].startswith("GU1:")
    assert _fines(state, "GU1") == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]
    assert "7C" in [str(c) for c in state.view(2).shown[0]] and state.actor == 1


def test_GU4_manual_table_waits_for_the_ruling() -> None:
    """GU4: without automation the table is the actor and gives the one ruling the law allows."""
    state = GuinguetteState(TABLE_RULES, first_dealer=3, automate_table=False)
    state.apply(Shuffle(deal_order(HANDS)))
    state.apply(Irregular("out-of-turn", 2, ("pass",)))
    assert state.actor == TABLE and [str(a) for a in state.legal_actions()] == ["remedy void law=GU4"]
    act(state, "remedy void law=GU4")
    assert state.actor == 0


def test_GU2_misdeal_dealer_pays_and_deals_again_antes_stay() -> None:
    """GU2: the dealer misdeals: he pays 1 to each and deals again; the antes stay in the baskets."""
    state = _table()
    act(state, "! misdeal 3")
    assert _fines(state, "GU2") == [(3, 0, 1), (3, 1, 1), (3, 2, 1)]
    assert state.actor == CHANCE and state.phase is Phase.SHUFFLE and state.baskets() == (4, 4, 0)
    with pytest.raises(IllegalActionError):
        _table().apply_text("! misdeal 1")  # only the dealer misdeals


def test_GU3_exposed_card_redeal_penalises_only_a_player_not_the_dealer() -> None:
    """GU3: the others choose: a redeal (the dealer causing it pays nothing, another player pays 1 to each) or
    play on with the card seen."""
    by_dealer = _table()
    act(by_dealer, "! exposed 3 QD")
    assert by_dealer.actor == 0
    act(by_dealer, "remedy redeal law=GU3")
    assert _fines(by_dealer, "GU3") == [] and by_dealer.phase is Phase.SHUFFLE
    by_player = _table()
    act(by_player, "! exposed 2 QD", "remedy redeal law=GU3")
    assert _fines(by_player, "GU3") == [(2, 0, 1), (2, 1, 1), (2, 3, 1)]
    play_on = _table()
    act(play_on, "! exposed 3 QD", "remedy play-on law=GU3")
    assert "QD" in [str(c) for c in play_on.view(0).shown[1]] and play_on.actor == 0


def test_GU4_out_of_turn_is_void_and_fined() -> None:
    """GU4: a bet out of turn is void and its author pays 1 to each; the turn does not change."""
    state = _table()
    act(state, "! out-of-turn 2 bet 4")
    assert _fines(state, "GU4") == [(2, 0, 1), (2, 1, 1), (2, 3, 1)]
    assert state.actor == 0 and state.baskets() == (4, 4, 0)


def test_GU5_unpaid_stir_is_paid_at_once_or_cancelled() -> None:
    """GU5: the stirrer pays at once when he can (the stir goes on); when he cannot, the stir is cancelled."""
    state = _table()
    act(state, "! unpaid-stir 0 KC")
    assert state.actor == CHANCE and state.baskets()[2] == 2
    poor = _table()
    set_stock(poor, 0, 1)
    act(poor, "! unpaid-stir 0 KC")
    assert "cancelled" in poor.rulings[-1]
    assert poor.actor == 0 and "KC" in [str(c) for c in poor.hand(0)]


def test_GU6_wrong_number_of_cards_wins_no_basket() -> None:
    """GU6: the ♦Q holder with a wrong number of cards takes neither the guinguette nor the cabaret."""
    state = _table()
    act(state, "! wrong-count 1")
    act(state, "keep", "keep", "keep", "keep", "bet 1", "hold", "fold", "fold")
    result = state.deal_results[0]
    assert result.guinguette is None and result.cabaret == 0


def test_GU7_false_claim_is_void_and_fined() -> None:
    """GU7: claiming the ♦Q without holding it: void, 1 to each; a true claim is no irregularity."""
    state = _table()
    act(state, "! false-claim 0 queen")
    assert _fines(state, "GU7") == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]
    with pytest.raises(IllegalActionError, match="does hold the ♦Q"):
        state.apply_text("! false-claim 1 queen")


def test_GU8_looking_at_the_cotillon_forfeits_the_cabaret_stake() -> None:
    """GU8: the opponents may have the offender lose what he put into the cabaret (and his right to it)."""
    state = _table()
    act(state, "keep", "keep", "keep", "keep", "bet 2", "hold")
    act(state, "! look 1")
    assert state.actor == 0  # eldest of the others chooses
    act(state, "remedy forfeit law=GU8", "fold", "fold")
    assert state.deal_results[0].cabaret is None or state.deal_results[0].cabaret != 1
    assert state.deal_results[0].points[1] < 0


def _told(state: GuinguetteState, viewer: int) -> str:
    """Everything a view says in words: its history, the pending ruling and the rulings."""
    view = state.view(viewer)
    pending = view.pending.description if view.pending is not None else ""
    return " | ".join([*(str(action) for _, action in view.history), pending, *view.rulings])


def _redacted_text(state: GuinguetteState, seat: int) -> str:
    redacted = record.redact(record.from_state(state), seat)
    text = record.write_text(redacted)
    assert record.read_text(text) == redacted  # the ?? of an irregular act reads back
    return text


@pytest.mark.parametrize("stirred", ["unpaid-stir 0 KC", "out-of-turn 0 stir KC", "out-of-turn 0 restir KC"])
def test_GU5_GU4_a_stir_out_of_rule_shows_its_card_to_its_player_only(stirred: str) -> None:
    """GU5, GU4, GU-§5.1a: the card of a stir made without paying, or out of turn, goes face down like any stir's:
    the other seats and the public read ``??`` in the history, the pending ruling, the rulings and the redacted
    record, and their bots still choose; its player reads the card."""
    state = _table()
    unpaid = stirred.startswith("unpaid")
    if not unpaid:
        act(state, "keep")  # seat 1 is to speak when seat 0 stirs again, out of turn
    act(state, f"! {stirred}")
    assert state.rulings[-1].startswith("GU5:" if unpaid else "GU4:")
    if unpaid:  # GU5: paid at once, the stir goes on: the cotillon is shuffled and seat 0 draws
        assert state.actor == CHANCE and "KC" not in [str(c) for c in state.hand(0)]
        state.apply(stacked(state, "AS"))
    else:  # GU4: void, the card stays in his hand
        assert "KC" in [str(c) for c in state.hand(0)] and "(stir ??)" in state.rulings[-1].replace("restir", "stir")
    assert f"! {stirred}" in _told(state, 0)
    assert f"! {stirred.replace('KC', '??')}" in _told(state, 1)
    for viewer in (1, 2, 3, PUBLIC):
        assert "KC" not in _told(state, viewer), f"viewer {viewer} reads the card stirred"
    assert f"! {stirred}" in _redacted_text(state, 0)
    for seat in (1, 2, 3):
        assert "KC" not in _redacted_text(state, seat)
    game, seat = load("guinguette"), state.actor
    assert seat == 1
    view = state.view(seat)
    for name in game.bot_names():
        assert game.make_bot(name, seed=1).choose(view) in view.legal_actions
